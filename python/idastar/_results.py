"""The result types every solve returns."""

from __future__ import annotations

import contextlib
import enum
import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

if TYPE_CHECKING:
    import os

    import numpy
    from matplotlib.axes import Axes
    from numpy.typing import NDArray

    from . import _core
    from ._tree import SearchTree

M = TypeVar("M")
#: Any Solution subclass, for constructors that return the class they are called on.
S = TypeVar("S", bound="Solution[Any]")


class Outcome(str, enum.Enum):
    """How a search ended."""

    #: An optimal solution was found.
    SOLVED = "solved"
    #: Proven: no solution within ``max_cost`` (or none at all when the
    #: lower bound is ``None``).
    NO_SOLUTION = "no_solution"
    #: The node limit was spent first.
    NODE_LIMIT = "node_limit"
    #: The time limit ran out first.
    TIME_LIMIT = "time_limit"
    #: Storing more states would have exceeded the state limit.
    MEMORY_LIMIT = "memory_limit"
    #: The search was interrupted.
    INTERRUPTED = "interrupted"

    def __str__(self) -> str:
        return self.value

    @property
    def is_limit(self) -> bool:
        """True when the search stopped on a limit rather than with an answer."""
        return self not in (Outcome.SOLVED, Outcome.NO_SOLUTION)

    @property
    def code(self) -> int:
        """The number that stands for this outcome in :attr:`BatchResult.outcomes`."""
        return _OUTCOME_ORDER.index(self)

    @classmethod
    def from_code(cls, code: int) -> Outcome:
        """The outcome a :attr:`BatchResult.outcomes` entry stands for."""
        return _OUTCOME_ORDER[int(code)]


#: Outcomes in the order of their codes (the core's order: solved is 0).
_OUTCOME_ORDER: tuple[Outcome, ...] = tuple(Outcome)


@dataclass(frozen=True)
class Iteration:
    """One cost bound of an iterative engine, or one layer of a breadth-first one."""

    bound: int
    expanded: int
    generated: int


@dataclass(frozen=True)
class Stats:
    """What a search did: per-iteration counts, totals and wall time."""

    iterations: tuple[Iteration, ...]
    expanded: int
    generated: int
    #: Wall time of the search in seconds (parsing and set-up excluded).
    elapsed: float

    def format(self) -> str:
        """One line per iteration, then the totals, as printed by ``--stats``."""
        lines = [
            f"bound {it.bound}: {it.expanded} expanded, {it.generated} generated"
            for it in self.iterations
        ]
        lines.append(
            f"total: {self.expanded} expanded, {self.generated} generated, "
            f"{self.elapsed * 1000:.3f} ms"
        )
        return "\n".join(lines)

    def plot(self, ax: Axes | None = None, *, label: str | None = None) -> Axes:
        """Nodes expanded and generated per iteration against its bound, on
        a log scale (matplotlib: ``pip install "idastar[plot]"``); the axes
        drawn on. See :func:`idastar.plots.plot_stats`."""
        from .plots import plot_stats

        return plot_stats(self, ax, label=label)


class TraceNode(NamedTuple):
    """One node a traced search visited (see :attr:`Solution.trace`)."""

    #: The index, among its iteration's nodes, of the node it was reached
    #: from; None for the start.
    parent: int | None
    #: The move from the parent, written as the path's moves are (for
    #: :mod:`idastar.search`, the state it leads to); None for the start.
    move: Any
    #: The cost of the path to the node.
    g: int
    #: The heuristic's value of the node.
    h: int
    #: Whether ``f = g + h`` exceeded the iteration's bound, so that the
    #: node was not expanded (for A*: whether the node was dropped, being
    #: reached no more cheaply than before or beyond ``max_cost``).
    pruned: bool

    @property
    def f(self) -> int:
        """``g + h``: what IDA* tests against its bound."""
        return self.g + self.h


class TraceIteration(NamedTuple):
    """One iteration of a traced search: the nodes it visited within one bound."""

    #: The iteration's bound on ``f`` (for A*, which has one iteration, the
    #: largest ``f`` it expanded).
    bound: int
    #: The nodes in the order they were visited: a node, then each of its
    #: children in the order they were tried, a pruned child in its place
    #: and a child within the bound followed by its own subtree (A*: in the
    #: order they were generated).
    nodes: tuple[TraceNode, ...]
    #: The index of the goal found in this iteration (the last node visited,
    #: for IDA* and IDDFS), or None.
    goal: int | None = None

    def path_to(self, index: int) -> list[int]:
        """The indices of the nodes from the start down to node ``index``."""
        line = []
        at: int | None = index
        while at is not None:
            line.append(at)
            at = self.nodes[at].parent
        return line[::-1]

    def children(self, index: int) -> list[int]:
        """The indices of node ``index``'s children, in the order visited."""
        return [i for i, node in enumerate(self.nodes) if node.parent == index]


_OUTCOME_BY_NAME: dict[str, Outcome] = {outcome.value: outcome for outcome in Outcome}
_set = object.__setattr__


class Solution(Generic[M]):
    """The answer of one solve, the same for every puzzle and engine.

    ``cost`` is the optimal cost (the number of moves, for the puzzles) and
    ``path`` the moves themselves, both only when ``outcome`` is
    :attr:`Outcome.SOLVED`. ``lower_bound`` is what the search proved
    otherwise: the optimum is at least this (``None``: no solution at all).
    ``stats`` says what the search did; ``expanded``, ``generated`` and
    ``elapsed`` are its totals.

    Immutable, comparable and picklable. A puzzle may add fields in a
    subclass (the Rotation Game's ``centre``).
    """

    # Slots rather than a dataclass: a batch builds one per case, and this
    # keeps that to a fraction of a microsecond; the statistics are built
    # from the core's numbers only when asked for.
    __slots__ = ("_origin", "_stats", "_trace", "cost", "lower_bound", "outcome", "path")
    #: The fields, in the order the constructor takes them.
    _FIELDS: tuple[str, ...] = ("outcome", "cost", "path", "lower_bound", "stats")
    #: The field a subclass fills from the core's extra number, if any.
    _EXTRA: str | None = None

    outcome: Outcome
    cost: int | None
    path: tuple[M, ...]
    lower_bound: int | None
    #: A :class:`Stats`, or the core's result holding its numbers until
    #: first asked for.
    _stats: Stats | _core.RawResult
    #: Where the solution came from, for its pictures: the batch's
    #: :class:`Origin` and the case's index in it (unset when unknown).
    _origin: tuple[Origin, int]
    #: A traced search's nodes: the iterations, or the core's list of them
    #: and how to write its moves until first asked for (unset: no trace).
    _trace: tuple[TraceIteration, ...] | tuple[list[Any], Callable[[Any], Any] | None]

    def __init__(
        self,
        outcome: Outcome | str,
        cost: int | None,
        path: Sequence[M],
        lower_bound: int | None,
        stats: Stats,
        trace: Sequence[TraceIteration] | None = None,
        **extra: Any,
    ) -> None:
        if trace is not None:
            _set(self, "_trace", tuple(TraceIteration(*it) for it in trace))
        _set(self, "outcome", Outcome(outcome))
        _set(self, "cost", cost)
        _set(self, "path", tuple(path))
        _set(self, "lower_bound", lower_bound)
        _set(self, "_stats", stats)
        for name in self._FIELDS[5:]:
            _set(self, name, extra.pop(name, None))
        if extra:
            raise TypeError(f"{type(self).__name__} has no field {next(iter(extra))!r}")

    @property
    def stats(self) -> Stats:
        """Per-iteration counts, totals and wall time of the search."""
        stats = self._stats
        if not isinstance(stats, Stats):  # the core's result, not yet read
            iterations = tuple(Iteration(*it) for it in stats.iterations)
            stats = Stats(iterations, stats.expanded, stats.generated, stats.elapsed)
            _set(self, "_stats", stats)
        return stats

    @property
    def trace(self) -> tuple[TraceIteration, ...] | None:
        """Every node the search visited, iteration by iteration, when it
        was solved with ``trace=True`` (None otherwise): see
        :class:`TraceIteration` and :class:`TraceNode`.

        >>> from idastar import search
        >>> steps = lambda n: [(n + 1, 1), (2 * n, 1)]
        >>> result = search.ida_star(3, steps, lambda n: 0, lambda n: n == 8, trace=True)
        >>> [(it.bound, len(it.nodes)) for it in result.trace]
        [(0, 3), (1, 7), (2, 6)]
        >>> last = result.trace[-1]
        >>> last.nodes[last.goal]
        TraceNode(parent=1, move=8, g=2, h=0, pruned=False)
        """
        trace = getattr(self, "_trace", None)
        if trace is None or not trace or isinstance(trace[0], TraceIteration):
            return trace
        raw, move = trace
        iterations = tuple(
            TraceIteration(
                bound,
                tuple(
                    TraceNode(parent, m if m is None or move is None else move(m), g, h, pruned)
                    for parent, m, g, h, pruned in nodes
                ),
                goal,
            )
            for bound, nodes, goal in raw
        )
        _set(self, "_trace", iterations)
        return iterations

    @property
    def solved(self) -> bool:
        return self.outcome is Outcome.SOLVED

    @property
    def expanded(self) -> int:
        """Nodes expanded (``stats.expanded``)."""
        return self.stats.expanded

    @property
    def generated(self) -> int:
        """Nodes generated (``stats.generated``)."""
        return self.stats.generated

    @property
    def elapsed(self) -> float:
        """Wall time of the search in seconds (``stats.elapsed``)."""
        return self.stats.elapsed

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        values = self._values()
        extra = dict(zip(self._FIELDS[5:], values[5:], strict=True))
        if self.trace is not None:
            extra["trace"] = self.trace
        return (_rebuild, (type(self), values[:5], extra))

    def svg(self, *, draw: Callable[[Any], str] | None = None) -> str:
        """The states along the path as one SVG picture, each marked with
        the move made from it (see ``idastar.<puzzle>.draw``), left to
        right in rows; a long solution's are drawn smaller, up to ten to a
        row, so that the picture stays about a screen in size.

        Drawn from the case this solution was solved from, replayed: a
        solution of a puzzle module's ``solve`` or ``solve_many``.

        ``draw(state)``, when given, draws each state instead: it returns
        SVG text, a whole ``<svg>`` with a ``width`` and ``height`` (or a
        ``viewBox``), or a fragment of SVG elements drawn in a 100 x 100
        box. It is how a solution of ``idastar.search``, whose path is its
        states, is drawn:

        >>> from idastar import search
        >>> result = search.bfs(1, lambda n: [(n + 1, 1), (2 * n, 1)], lambda n: n == 10)
        >>> strip = result.svg(draw=lambda n: f'<text x="50" y="50">{n}</text>')
        >>> strip.count("<text"), "Search: solved in 4 moves" in strip
        (10, True)

        Raises ValueError for a solution that knows no case without
        ``draw`` (one of ``idastar.search``, or rebuilt by
        ``BatchResult.solution``, unpickled, made by hand), and for a
        search that found no path (its states are its path)."""
        from ._animation import solution_svg

        return solution_svg(self, draw)

    def to_html(self, *, draw: Callable[[Any], str] | None = None) -> str:
        """A self-contained HTML page that animates the solution: play,
        pause, step, a speed from 0.25x to 8x, a move counter and the
        moves, current one highlighted; tiles and other labelled pieces
        slide between states, other pictures cross-fade (nothing moves for
        a reader who prefers reduced motion). ``draw`` draws each state,
        as for :meth:`svg`."""
        from ._animation import solution_html

        return solution_html(self, draw=draw)

    def save_animation(
        self,
        path: str | os.PathLike[str],
        *,
        fps: float = 2.0,
        draw: Callable[[Any], str] | None = None,
        format: str | None = None,
        scale: float = 1.5,
    ) -> None:
        """Writes the animation to ``path``: an animated GIF (``.gif``) or
        PNG (``.png``, ``.apng``; or as ``format`` says), one frame a
        state, each with the title and its caption, ``fps`` frames a
        second and the last a second longer, looping; ``scale`` pixels to
        each of the strip's. ``draw`` draws each state, as for :meth:`svg`.

        Needs Pillow (``pip install "idastar[anim]"``; ImportError saying
        so without it), which draws the frames itself: the SVG of the
        puzzles' pictures and the plain shapes, text and groups a ``draw``
        hook writes (what it cannot draw it leaves out, with a
        UserWarning naming it). Raises ValueError for a suffix or a
        ``format`` other than those, or a solution :meth:`svg` cannot draw."""
        from ._animation import save_animation

        save_animation(self, path, fps=fps, draw=draw, format=format, scale=scale)

    def _repr_html_(self) -> str:
        """The animation in a notebook (element ids unique to each call)."""
        from ._animation import solution_html

        return solution_html(self, page=False)

    def tree_html(self) -> str:
        """A self-contained HTML page (inline SVG, CSS and JavaScript,
        nothing fetched) that shows the search tree of a traced search,
        iteration by iteration; raises ValueError for a solution solved
        without ``trace=True``.

        How to read it: each box is a node the search visited, holding the
        move that reached it ("start" for the start) over ``g+h=f``, the
        cost so far plus the heuristic's estimate. Children stand under
        their parent in the order they were tried, left to right. A dashed
        grey box was pruned: its ``f`` is above the iteration's bound
        (written ``f > bound``), so it was not expanded; the smallest such
        ``f`` is the next iteration's bound. In the last iteration of a
        solved search the path found is drawn thick, down to the goal.

        The page opens on the last iteration; its controls (and the
        keyboard) choose an iteration and step through its nodes in the
        order the search visited them, or play them, so that the tree
        grows as the search went: the node being visited and the path to
        it are outlined in blue, and the path found appears once the goal
        is reached. The tree zooms and scrolls. Large traces are cut
        short, with a note: the page draws at most 2,000 nodes of an
        iteration and 10,000 in all (the first visited, and the path
        found). See :meth:`tree_svg` for one iteration as a picture and
        :meth:`tree` for a notebook.

        >>> from idastar import search
        >>> steps = lambda n: [(n + 1, 1), (2 * n, 1)]  # add 1 or double
        >>> result = search.ida_star(1, steps, lambda n: 0, lambda n: n == 4, trace=True)
        >>> page = result.tree_html()  # write it to a file, open that in a browser
        >>> page.startswith("<!DOCTYPE html>")
        True
        """
        from ._tree import tree_html

        return tree_html(self)

    def tree_svg(self, iteration: int = -1) -> str:
        """One iteration of a traced search's tree as an SVG picture: the
        last by default, or ``iteration`` counted from 0 (negative counts
        from the end). Drawn as in :meth:`tree_html`, all of it, with the
        bound and a legend above: the boxes are the nodes visited, a
        dashed grey one was pruned (its ``f`` is set against the bound),
        and the path found, in the last iteration of a solved search, is
        thick down to the goal.

        For small trees: raises ValueError for an iteration of more than
        1,000 nodes (use :meth:`tree_html`, which scrolls and zooms), or
        for a solution solved without ``trace=True``; IndexError for an
        iteration the trace does not have.

        >>> from idastar import search
        >>> steps = lambda n: [(n + 1, 1), (2 * n, 1)]  # add 1 or double
        >>> result = search.ida_star(1, steps, lambda n: 0, lambda n: n == 4, trace=True)
        >>> [it.bound for it in result.trace]
        [0, 1, 2]
        >>> svg = result.tree_svg()  # the last iteration, bound 2: 6 nodes, 2 pruned
        >>> svg.count('class="idastar-node'), svg.count("idastar-pruned")
        (6, 2)
        """
        from ._tree import tree_svg

        return tree_svg(self, iteration)

    def tree(self) -> SearchTree:
        """The search tree for a notebook: Jupyter shows the returned
        object as the page of :meth:`tree_html` (element ids unique to each
        display); its ``svg(iteration)`` is :meth:`tree_svg`. Raises
        ValueError for a solution solved without ``trace=True``.

        >>> from idastar import search
        >>> steps = lambda n: [(n + 1, 1), (2 * n, 1)]  # add 1 or double
        >>> search.ida_star(1, steps, lambda n: 0, lambda n: n == 4, trace=True).tree()
        <SearchTree: 3 iterations (bounds 0, 1, 2), 16 nodes visited>
        """
        from ._tree import SearchTree

        return SearchTree(self)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary (moves become lists)."""
        stats = self.stats
        return {
            "outcome": self.outcome.value,
            "cost": self.cost,
            "path": [list(m) if isinstance(m, tuple) else m for m in self.path],
            "lower_bound": self.lower_bound,
            "stats": {
                "iterations": [
                    {"bound": it.bound, "expanded": it.expanded, "generated": it.generated}
                    for it in stats.iterations
                ],
                "expanded": stats.expanded,
                "generated": stats.generated,
                "elapsed": stats.elapsed,
            },
            **{name: getattr(self, name) for name in self._FIELDS[5:]},
        }

    @classmethod
    def _from_raw(
        cls: type[S],
        raw: _core.RawResult,
        move: Callable[[Any], Any] | None = None,
        origin: Origin | None = None,
    ) -> S:
        """From the core's result (see ``_core.solve``); ``move`` turns each
        move of the path from the core's numbers into the module's form;
        ``origin`` is the case, for pictures."""
        return cls._from_raws((raw,), move, origin)[0]

    @classmethod
    def _from_raws(
        cls: type[S],
        raws: Iterable[_core.RawResult],
        move: Callable[[Any], Any] | None = None,
        origin: Origin | None = None,
        indices: Iterable[int] | None = None,
    ) -> list[S]:
        """:meth:`_from_raw` for every result of a batch, in one loop: a large
        batch spends most of its time in Python here. With ``origin``, the
        batch's cases in input order, each solution knows its case: the
        result's place in ``raws``, or its entry in ``indices`` when given."""
        new, outcomes = object.__new__, _OUTCOME_BY_NAME
        # The slots' own setters, called directly: cheaper per case than
        # object.__setattr__ by name, which pays for the case's origin.
        set_outcome, set_cost, set_path, set_bound, set_raw, set_origin, set_trace = (
            getattr(cls, name).__set__
            for name in ("outcome", "cost", "path", "lower_bound", "_stats", "_origin", "_trace")
        )
        set_extra = None if cls._EXTRA is None else getattr(cls, cls._EXTRA).__set__
        solutions: list[S] = []
        numbered = enumerate(raws) if indices is None else zip(indices, raws, strict=True)
        with _collector_paused():
            for index, raw in numbered:
                solution = new(cls)
                set_outcome(solution, outcomes[raw.outcome])
                set_cost(solution, raw.cost)
                path = raw.path
                set_path(solution, tuple(path) if move is None else tuple(map(move, path)))
                set_bound(solution, raw.lower_bound)
                set_raw(solution, raw)  # read by `stats` when asked for
                traced = raw.trace
                if traced is not None:
                    set_trace(solution, (traced, move))
                if set_extra is not None:
                    set_extra(solution, raw.extra)
                if origin is not None:
                    # The batch's cases are kept once, each solution pointing
                    # into them: a picture replays its case when asked for.
                    set_origin(solution, (origin, index))
                solutions.append(solution)
        return solutions


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a batch's solutions are made.
    Every object made there stays alive, so each collection the allocations
    would set off finds nothing, and costs the more the larger the batch
    (it took 60% of the time of 100,000 Rotation Game boards)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class Origin(NamedTuple):
    """The cases a batch solved, as the core read them, for pictures of its solutions."""

    #: The puzzle module's name (``idastar.<puzzle>``).
    puzzle: str
    #: The cases' integers: a list of integer sequences or a 2-D numpy array.
    cases: Any
    #: The options the cases were solved with (a board's size, its goal).
    options: dict[str, Any]
    #: Whether each case is a pair ``(head, sequence)`` of ``[head, *sequence]``.
    pairs: bool = False

    def values(self, index: int) -> list[int]:
        """Case ``index``'s integers."""
        case = self.cases[index]
        if self.pairs:
            head, tail = case
            return [head, *tail]
        return case.tolist() if hasattr(case, "tolist") else list(case)


def _rebuild(cls: type[S], values: tuple[Any, ...], extra: dict[str, Any]) -> S:
    """Unpickles a :class:`Solution` (of any subclass)."""
    return cls(*values, **extra)


@dataclass(frozen=True, eq=False)
class BatchResult:
    """What ``solve_many(..., arrays=True)`` returns: numpy arrays with one
    entry per case, in input order.

    Made for large batches (heuristic studies, data sets): no Python object
    per case. ``result.costs[result.solved]`` are the optima found;
    :meth:`solution` gives one case as a :class:`Solution` when needed.
    """

    #: ``uint8`` outcome codes: ``Outcome.from_code(code)``; 0 is solved.
    outcomes: NDArray[numpy.uint8]
    #: ``int32`` optimal costs (the number of moves); -1 when not solved.
    costs: NDArray[numpy.int32]
    #: ``int32`` proven lower bounds (the optimum itself when solved); -1
    #: when there is none (no solution at all).
    lower_bounds: NDArray[numpy.int32]
    #: ``uint64`` nodes expanded by each search.
    expanded: NDArray[numpy.uint64]
    #: ``uint64`` nodes generated by each search.
    generated: NDArray[numpy.uint64]
    #: ``float64`` wall time of each search in seconds.
    elapsed: NDArray[numpy.float64]
    #: ``int32`` moves, one row per case, padded with -1 to the longest:
    #: shape ``(cases, longest)``, or ``(cases, longest, 3)`` for Booksort's
    #: ``(start, split, end)``; each puzzle module says how its moves are
    #: numbered. ``None`` when asked for ``paths=False``.
    paths: NDArray[numpy.int32] | None = None
    #: The Rotation Game only: ``int32`` number left in the centre (-1 when
    #: not solved).
    centres: NDArray[numpy.int32] | None = None

    def __len__(self) -> int:
        return len(self.outcomes)

    @property
    def solved(self) -> NDArray[numpy.bool_]:
        """A mask of the cases solved."""
        return self.outcomes == Outcome.SOLVED.code  # type: ignore[no-any-return]

    def outcome(self, index: int) -> Outcome:
        """The outcome of case ``index``."""
        return Outcome.from_code(self.outcomes[index])

    def path(self, index: int) -> list[Any]:
        """The moves of case ``index`` as numbers (padding dropped)."""
        if self.paths is None:
            raise ValueError("this batch was solved with paths=False")
        cost = int(self.costs[index])
        return [] if cost < 0 else self.paths[index][:cost].tolist()

    def solution(self, index: int) -> Solution[Any]:
        """Case ``index`` as a :class:`Solution`, its moves as numbers (a
        list per move for puzzles whose moves take several) and without
        per-iteration statistics."""
        cost = int(self.costs[index])
        bound = int(self.lower_bounds[index])
        path = self.path(index) if self.paths is not None else []
        stats = Stats(
            (), int(self.expanded[index]), int(self.generated[index]), float(self.elapsed[index])
        )
        return Solution(
            self.outcome(index),
            None if cost < 0 else cost,
            path,
            None if bound < 0 else bound,
            stats,
        )

    @classmethod
    def _from_arrays(cls, arrays: dict[str, Any]) -> BatchResult:
        return cls(**arrays)
