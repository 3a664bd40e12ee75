"""What every puzzle module does the same way, written once.

A puzzle module describes its cases and moves with a :class:`Puzzle`, whose
methods are the shared vocabulary (``solve``, ``solve_many``, ``distance``,
``lower_bound``, ``pack``, ``unpack``) and become the module's functions of
those names; the options go to the Rust core as they are, where each is
checked and named in one place. The module keeps what is its own: how a
case is written (``apply``, ``is_solved``, ``random``) and what its moves
look like.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import types
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Literal,
    NamedTuple,
    TypedDict,
    TypeVar,
    cast,
    overload,
)

from . import _core
from ._checks import case_array, code_array, exact_int, flag, int_from, is_array, items_of
from ._core import InvalidPuzzle, Unsolvable
from ._results import BatchResult, Origin, Solution, _collector_paused

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

M = TypeVar("M")
C = TypeVar("C")
Sol = TypeVar("Sol", bound="Solution[Any]")

#: A callback told of long preparations (pattern databases, tables):
#: ``progress(task, tasks, layer, reached, total)``.
Progress = Callable[[int, int, int, int, int], object]


class OptionInfo(NamedTuple):
    """One option of a puzzle's calls, as the core's registry describes it."""

    name: str
    #: Its values as Python's types write them; ``"engine"`` and
    #: ``"heuristic"`` for the names of the puzzle's engines and heuristics.
    #: ``None`` is always taken, for the default.
    kind: str
    #: What leaving it out means.
    default: str
    #: What it does, in one line.
    doc: str


#: The most threads a batch may ask for.
MAX_THREADS: int = _core.MAX_THREADS


class Size:
    """How a puzzle's ``pack`` and ``unpack`` learn the size of its cases:
    here, not at all (every case of the puzzle has one size, or its code
    says it). The subclasses below name the keywords that say it."""

    #: The keywords ``pack`` and ``unpack`` take, with their defaults
    #: (:data:`REQUIRED` where ``unpack`` must be told).
    keywords: ClassVar[dict[str, object]] = {}
    #: Those of them ``solve_many`` takes too, to check every case.
    batch_keywords: tuple[str, ...] = ()

    def __init__(self, columns: int | None = None) -> None:
        #: The integers of one unpacked case, when every case has as many.
        self.columns = columns

    def given(
        self, size: dict[str, object], called: str, *, unpacking: bool = False
    ) -> dict[str, Any]:
        """The keywords ``called`` was given, with the defaults of the rest;
        TypeError for one it does not take, or one it needs and lacks."""
        for name in size:
            if name not in self.keywords:
                raise TypeError(f"{called} got an unexpected keyword argument {name!r}")
        missing = [k for k, v in self.keywords.items() if v is REQUIRED and k not in size]
        if unpacking and missing:
            raise TypeError(f"{called} missing required keyword argument {missing[0]!r}")
        return {
            name: size.get(name, None if default is REQUIRED else default)
            for name, default in self.keywords.items()
        }

    def rows(self, rows: Any, given: dict[str, Any]) -> Any:
        """The cases as the core reads them, checked against the size."""
        return rows

    def options(self, given: dict[str, Any]) -> dict[str, Any]:
        """What the size adds to the core's options."""
        return {}

    def of(self, given: dict[str, Any]) -> int | None:
        """The size the core's ``unpack`` needs, if a code leaves it out."""
        return None


#: A keyword ``unpack`` must be given.
REQUIRED = object()


class Length(Size):
    """Cases of any length ``n`` (a stack, a shelf), which a code leaves
    out: ``pack(n=...)`` checks every case has ``n`` values, ``unpack``
    must be told ``n``."""

    keywords: ClassVar[dict[str, object]] = {"n": REQUIRED}

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def _n(self, given: dict[str, Any]) -> int | None:
        n = given["n"]
        return None if n is None else int_from("n", n, 1, self.most)

    def rows(self, rows: Any, given: dict[str, Any]) -> Any:
        n = self._n(given)
        if n is not None and any(len(row) != n for row in rows):
            raise InvalidPuzzle(f"every case must have n = {n} values")
        return rows

    def of(self, given: dict[str, Any]) -> int | None:
        return self._n(given)


class Puzzle(Generic[C, M, Sol]):
    """A puzzle as a value: the shared verbs (:meth:`solve`,
    :meth:`solve_many`, :meth:`distance`, :meth:`lower_bound`,
    :meth:`pack`, :meth:`unpack`) over the core's registry entry ``core``
    (``name`` unless given), written once for every puzzle. Each puzzle
    module's functions of those names are its puzzle's verbs;
    :func:`idastar.puzzle` gives the puzzle of a name. ``replay(case,
    path)`` (the case after each move in turn) and ``draw(case)`` (SVG
    text) are written once too, and a module binds them unless its cases or
    pictures take more (a board's size): the value's ``replay`` and
    ``draw`` are its module's, whichever they are.

    What a puzzle says of itself: ``values`` turns a case into the integers
    the core reads (raising InvalidPuzzle or TypeError for what is not
    integers at all; the core checks the rest and names the integer at
    fault); ``move`` turns the core's numbers for one move into the
    module's move (None: the core's form is the module's, the string of the
    moves' letters for a puzzle whose moves are letters); ``solution`` is
    the result class; ``size`` how ``pack`` and ``unpack`` are told the
    size of a case; ``fixed`` options every call sends (and the caller may
    not: the 15-puzzle's board is 4 x 4); ``case_of`` joins the positional
    arguments of ``solve`` into a case, when a case may be given in parts;
    ``keeping(options)`` a context that the calls that may build tables run
    in; with ``out_of_memory``, ``distance`` raises MemoryError when memory
    ran out (a table's build) rather than Unsolvable.

    ``batch_rows`` says how the core reads a batch given as a list, with no
    reading in Python (reading each case with ``values`` would cost more
    than solving it): ``"flat"`` when a case is the flat sequence of its
    integers, ``"pairs"`` when it is a pair ``(head, sequence)``, read as
    ``[head, *sequence]``. The core checks every value; when it refuses one
    that is no integer, or a case of another shape, the batch is read with
    ``values``, which names what is wrong.
    """

    def __init__(
        self,
        name: str,
        *,
        values: Callable[[C], list[int]],
        core: str | None = None,
        move: Callable[[Any], M] | None = None,
        solution: type[Sol] = Solution,  # type: ignore[assignment]
        batch_rows: Literal["flat", "pairs"] | None = None,
        size: Size | None = None,
        fixed: dict[str, Any] | None = None,
        case_of: Callable[..., C] | None = None,
        keeping: Callable[[dict[str, Any]], AbstractContextManager[object]] | None = None,
        out_of_memory: bool = False,
    ) -> None:
        self.name = name
        self.core = core or name
        self.batch_rows = batch_rows
        self.values = values
        self.move = move
        self.solution = solution
        self.size = size or Size()
        self.fixed = fixed or {}
        self.case_of = case_of
        # The names of the parts ``solve`` takes after the case, which may
        # come as keywords too: ``solve(n, removed=...)``.
        code = case_of.__code__ if case_of is not None else None
        self.case_parts: tuple[str, ...] = code.co_varnames[1 : code.co_argcount] if code else ()
        self.keeping = keeping or (lambda options: contextlib.nullcontext())
        self.out_of_memory = out_of_memory
        engines, heuristics, self.move_width, self.extra, options = _core.puzzle_info(self.core)
        self.engines: tuple[str, ...] = tuple(engines)
        self.heuristics: tuple[str, ...] = tuple(heuristics)
        #: The options its calls take, as the registry describes them (the
        #: ones ``fixed`` sets left out).
        self.options: tuple[OptionInfo, ...] = tuple(
            OptionInfo(*option) for option in options if option[0] not in self.fixed
        )

    def __repr__(self) -> str:
        return f"idastar.{self.name}.PUZZLE"

    def __getattr__(self, name: str) -> Any:
        """What the puzzle's module offers of its own besides the verbs
        (``random``, ``apply``, ``replay``, ``is_solved``, ``draw``,
        ``ENGINES``, ``HARD_CASE``, ...: the names of its ``__all__``), so
        that the value is the whole puzzle."""
        if name.startswith("__"):  # copy, pickle and the like ask for these
            raise AttributeError(name)
        module = sys.modules.get(f"idastar.{self.name}")
        if module is not None and name in getattr(module, "__all__", ()):
            return getattr(module, name)
        raise AttributeError(f"puzzle {self.name!r} has no attribute {name!r}")

    def __dir__(self) -> list[str]:
        module = sys.modules.get(f"idastar.{self.name}")
        return sorted({*super().__dir__(), *getattr(module, "__all__", ())})

    def __reduce__(self) -> tuple[Callable[[str], Puzzle[Any, Any, Any]], tuple[str]]:
        # By name: a puzzle holds functions, and is one per process anyway.
        return _puzzle_named, (self.name,)

    def types(self) -> tuple[Any, Any, Any]:
        """The module's ``Engine`` and ``Heuristic`` (``Literal`` of the
        registry's names) and ``Options`` (a ``TypedDict`` of the options
        its calls take), as Python sees them when it runs; type checkers
        read the same types, fully written, in ``_verbs.pyi``."""
        fields = {**{option.name: Any for option in self.options}, "progress": Any}
        name = f"{self.name.capitalize()}Options"
        options = TypedDict(name, fields, total=False)  # type: ignore[misc]  # a name made here
        options.__module__ = f"idastar.{self.name}"
        return Literal[self.engines], Literal[self.heuristics], options

    def verbs(self) -> Puzzle[C, M, Sol]:
        """The verbs as functions of the puzzle's module (``solve`` is
        ``idastar.<name>.solve``), to bind there: they pickle by reference,
        as a module's functions do, so that they cross to other processes
        (Dask's workers, say)."""
        module = f"idastar.{self.name}"
        functions = types.SimpleNamespace()
        for verb in (*VERBS, *OWN_VERBS):
            # The value's own replay and draw are its module's, which may
            # be these or the module's own: only the module knows.
            function = _calling(getattr(self, verb if verb in VERBS else f"_{verb}"))
            function.__module__, function.__qualname__ = module, verb
            setattr(functions, verb, function)
        return functions  # type: ignore[return-value]  # what a caller uses of a Puzzle

    def _options(self, options: dict[str, Any], verb: str) -> dict[str, Any]:
        """The options of a call as the core takes them: the caller's, and
        the ones the puzzle fixes (which the caller may not give)."""
        for name in self.fixed:
            if name in options:
                raise TypeError(f"{self._called(verb)} got an unexpected option {name!r}")
        return {**options, **self.fixed} if self.fixed else options

    def _called(self, verb: str) -> str:
        return f"{self.name}.{verb}()"

    def solve(
        self,
        case: C | Any,
        /,
        *parts: Any,
        threads: int | None = 1,
        client: Any = None,
        checkpoint: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> Sol:
        """Solves ``case`` optimally: the fewest moves that reach the goal.

        The options are those of the puzzle's ``Options`` (``engine``,
        ``heuristic``, the limits ``max_moves``, ``node_limit``,
        ``time_limit``, ``state_limit``, ``progress``, and the puzzle's
        own). ``threads`` (default 1): how many cores the search of this
        one case may use, None for every core; the engines that split an
        iteration give the answer one thread gives.

        ``client``, a ``dask.distributed.Client``, spreads the search over
        its cluster: each large iteration of the IDA* engines is cut into
        subtrees in the order one thread searches them and handed out in
        parts, a task each; the answer and the node counts are those of
        ``threads=1``, and a part whose worker dies is run again
        elsewhere. The other engines search here. With ``checkpoint``, a
        file, each part's report is kept there as it comes in, and the same
        call after a crash or a Ctrl-C continues from it.

        Returns:
            A :class:`~idastar.Solution` whose ``path`` the module's
            ``replay`` replays.

        Raises:
            InvalidPuzzle: ``case`` is not a case of the puzzle.
            Unsolvable: the goal cannot be reached from it.
            ValueError: an option is out of range (the message names it).
            TypeError: an option of the wrong type, or an unknown one.
            KeyboardInterrupt: Ctrl-C during the search.
        """
        if self.case_of is not None:
            named = {name: options.pop(name) for name in self.case_parts if name in options}
            case = self.case_of(case, *parts, **named)
        elif parts:
            raise TypeError(f"{self._called('solve')} takes 1 positional argument")
        return self._solve(case, options, threads, "solve", client, checkpoint)

    def _solve(
        self,
        case: C,
        options: dict[str, Any],
        threads: object,
        verb: str,
        client: Any = None,
        checkpoint: str | os.PathLike[str] | None = None,
    ) -> Sol:
        options = self._options(options, verb)
        called = self._called(verb)
        if client is None and checkpoint is not None:
            raise ValueError("checkpoint is taken with client: it keeps what a cluster searched")
        with self.keeping(options):
            values = self.values(case)
            if client is None:
                raw = _core.solve(self.core, values, {**options, "threads": threads}, called=called)
            else:
                from . import _distributed

                raw = _distributed.solve(self, values, options, threads, client, checkpoint, called)
        return self.solution._from_raw(raw, self.move, Origin(self.core, [tuple(values)], options))

    def rows(self, cases: Iterable[C] | Any) -> Any:
        """The cases as the core reads a batch: a 2-D int64 array stays one,
        anything else becomes a list of integer lists, errors naming the case."""
        if is_array(cases):
            return case_array(cases)
        rows = []
        for index, case in enumerate(cases):
            try:
                rows.append(self.values(case))
            except InvalidPuzzle as error:
                raise InvalidPuzzle(f"cases[{index}]: {error}") from None
        return rows

    @overload
    def solve_many(
        self,
        cases: Iterable[C] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Any,
    ) -> list[Sol]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[C] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Any,
    ) -> BatchResult: ...
    def solve_many(
        self,
        cases: Iterable[C] | Any,
        /,
        *,
        threads: int | None = None,
        arrays: bool = False,
        paths: bool = True,
        client: Any = None,
        checkpoint: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> list[Sol] | BatchResult:
        """:meth:`solve` for many cases at once, on all cores (or
        ``threads``), results in input order.

        ``cases`` is a sequence of cases, or a 2-D numpy integer array, one
        case a row. The options and limits apply to each search on its
        own; tables are loaded or built once, before any search, and count
        against every case's ``time_limit``. The answers do not depend on
        ``threads``.

        Returns a list of :class:`~idastar.Solution`, or with
        ``arrays=True`` a :class:`~idastar.BatchResult` of numpy arrays
        whose ``paths`` (unless ``paths=False``) hold the moves as the core
        numbers them, padded with -1.

        ``client``, a ``dask.distributed.Client``, solves the batch on its
        cluster instead: in chunks, in input order, a task each, with
        ``threads`` threads a task (one unless given); the answers are the
        local call's. ``progress`` is not taken with it. With
        ``checkpoint``, a file, each chunk's results are kept there as they
        come in, and the same call after a crash or a Ctrl-C solves only
        the chunks still missing.

        A bad case raises :class:`~idastar.InvalidPuzzle` (or
        :class:`~idastar.Unsolvable`) naming it as Python indexes the batch
        (``cases[0]: ...`` the first) before
        anything is solved (on a cluster, before anything more is solved:
        the core's checks of a chunk run on its worker).
        """
        arrays, paths = flag("arrays", arrays), flag("paths", paths)
        sized = {name: options.pop(name) for name in self.size.batch_keywords if name in options}
        if sized:
            given = self.size.given(sized, self._called("solve_many"))
            cases = self.size.rows(self.rows(cases), given)
        options = self._options(options, "solve_many")
        if client is not None:
            # Imported here: it loads numpy, which a batch of lists does without.
            from . import _distributed

            solved = _distributed.solve_many(
                self, cases, options, threads, arrays, paths, client, checkpoint
            )
            return cast("list[Sol] | BatchResult", solved)
        if checkpoint is not None:
            raise ValueError("checkpoint is taken with client: it keeps what a cluster solved")
        return self._solved(cases, options, threads, arrays, paths)

    def _solved(
        self,
        cases: Any,
        options: dict[str, Any],
        threads: int | None,
        arrays: bool,
        paths: bool,
        stopped: Callable[[], object] | None = None,
    ) -> list[Sol] | BatchResult:
        """The batch ``cases`` solved here, with the core's ``options``: what
        :meth:`solve_many` returns, and what each task on a cluster does
        (which ``stopped()``, when true, stops as Ctrl-C does)."""
        called = self._called("solve_many")
        # The collector paused for the results the core makes too, as
        # _from_raws pauses it for the solutions.
        with self.keeping(options), _collector_paused():
            answers, rows, pairs = self._in_core(
                cases,
                lambda rows, pairs: _core.solve_many(
                    self.core,
                    rows,
                    {**options, "threads": threads},
                    arrays,
                    paths,
                    pairs,
                    called=called,
                    stopped=stopped,
                ),
            )
        if arrays:
            return BatchResult._from_arrays(answers)
        origin = Origin(self.core, rows, options, pairs)
        return self.solution._from_raws(answers, self.move, origin)

    def solve_found(
        self,
        cases: Sequence[C],
        options: dict[str, Any],
        threads: int | None,
        found: Callable[[list[tuple[int, Sol]]], object],
    ) -> None:
        """Solves ``cases`` as :meth:`solve_many` does, handing the solutions
        to ``found`` as they are found: ``found([(index, solution), ...])``
        on the calling thread, a few at a time, in the order the searches
        end, every case once. What was found before a Ctrl-C or an error
        (``found``'s own too) has been handed over when it is raised."""
        options = self._options(options, "solve_many")
        handed = False

        def solve_rows(rows: Any, pairs: bool) -> None:
            origin = Origin(self.core, rows, options, pairs)

            def answered(raws: list[tuple[int, Any]]) -> None:
                nonlocal handed
                handed = True
                indices = [index for index, _ in raws]
                solutions = self.solution._from_raws(
                    (raw for _, raw in raws), self.move, origin, indices
                )
                found(list(zip(indices, solutions, strict=True)))

            _core.solve_many(
                self.core, rows, {**options, "threads": threads}, pairs=pairs, answered=answered
            )

        # An error after a hand-over came from ``found``, not from reading
        # the cases: the batch is never solved twice.
        with self.keeping(options):
            self._in_core(cases, solve_rows, may_retry=lambda: not handed)

    def _in_core(
        self,
        cases: Iterable[C] | Any,
        call: Callable[[Any, bool], Any],
        *,
        may_retry: Callable[[], bool] = lambda: True,
    ) -> tuple[Any, Any, bool]:
        """``call(rows, pairs)`` on the batch as the core reads it, and
        ``(what it returned, rows, pairs)``. A list goes to the core unread
        when ``batch_rows`` says how (reading each case here would cost
        more than solving it); when the core refuses a value that is no
        integer, or a case of another shape, the batch is read with
        ``values``, which names what is wrong, and called again."""
        if self.batch_rows is not None and type(cases) is list:
            pairs = self.batch_rows == "pairs"
            try:
                return call(cases, pairs), cases, pairs
            except (TypeError, OverflowError):
                # A value that is no integer (or an option of the wrong
                # type): read below.
                if not may_retry():
                    raise
        rows = self.rows(cases)
        return call(rows, False), rows, False

    def distance(self, case: C, /, **options: Any) -> int:
        """The fewest moves from ``case`` to the goal (the options are
        :meth:`solve`'s).

        Raises:
            Unsolvable: a limit ended the search first.
            MemoryError: the machine could not give a table's build its
                memory, for the puzzles whose tables are built at first use.
        """
        solution = self._solve(case, options, 1, "distance")
        if self.out_of_memory and solution.outcome == "memory_limit":
            raise MemoryError(f"not enough memory to build the tables ({solution.outcome})")
        if solution.cost is None:
            raise Unsolvable(f"no solution: the search ended with {solution.outcome}")
        return solution.cost

    def lower_bound(self, case: C, /, heuristic: str | None = None, **options: Any) -> int:
        """The admissible lower bound ``heuristic`` (the default one unless
        given) gives for ``case``: what IDA* starts from. Builds the tables
        it needs, as :meth:`solve` does."""
        if heuristic is not None:
            options = {**options, "heuristic": heuristic}
        options = self._options(options, "lower_bound")
        with self.keeping(options):
            values = self.values(case)
            return _core.lower_bound(self.core, values, options, called=self._called("lower_bound"))

    def checked(self, case: C) -> tuple[int, ...]:
        """The case's integers as a tuple, checked by the core (which names
        what is wrong), for the module's own functions of a case."""
        values = self.values(case)
        _core.pack(self.core, [values], self.fixed)
        return tuple(values)

    def pack(self, cases: Iterable[C] | Any, /, **size: Any) -> NDArray[numpy.uint64]:
        """The cases (a sequence, or a 2-D integer array, one case a row) as
        the core's ``uint64`` codes, one a case (a row of words when a code
        takes several); vectorized. The module's docstring says how a code
        is laid out, and which keywords say the cases' size. A case that is
        not one raises :class:`~idastar.InvalidPuzzle` naming it."""
        given = self.size.given(size, self._called("pack"))
        rows = self.size.rows(self.rows(cases), given)
        return _core.pack(self.core, rows, {**self.fixed, **self.size.options(given)})

    def unpack(self, codes: Any, /, **size: Any) -> NDArray[numpy.int64]:
        """Codes (as :meth:`pack` makes them) back to cases, one a row; a
        code that is none raises :class:`~idastar.InvalidPuzzle` naming it."""
        import numpy

        given = self.size.given(size, self._called("unpack"), unpacking=True)
        words = numpy.asarray(codes)
        if words.ndim == 2:  # codes of several words each
            if words.dtype.kind not in "iu" or (words.dtype.kind == "i" and (words < 0).any()):
                raise ValueError("codes must be an array of non-negative integers")
            words = numpy.ascontiguousarray(words, dtype=numpy.uint64)
        else:
            words = code_array(codes)
        options = {**self.fixed, **self.size.options(given)}
        cases = _core.unpack(self.core, words, self.size.of(given), options)
        if cases.size == 0 and self.size.columns is not None:
            return cases.reshape(-1, self.size.columns)
        return cases

    def _replay(self, case: C, path: Iterable[M], /) -> tuple[int, ...]:
        """The case after every move of ``path`` in turn (by the module's
        ``apply``, which names the first move that is not one)."""
        state: Any = self.checked(case)
        for move in path:
            state = self.apply(state, move)
        return state  # type: ignore[no-any-return]  # what the module's apply returns

    def _draw(self, case: C, /) -> str:
        """The case as SVG text, drawn as each state of a solution's pictures
        is (:meth:`~idastar.Solution.svg`, docs/pictures.md)."""
        drawing: Any = sys.modules[f"idastar.{self.name}"]._DRAWING
        values = self.checked(case)
        title = f"{drawing.called} {' '.join(map(str, values))}"
        return drawing.picture(drawing.case(list(values), {}), None, {}).svg(title=title)  # type: ignore[no-any-return]

    def distances_by_core(self, size: object, most: int) -> list[int]:
        """The core's count of the cases of ``size`` (1 to ``most``) at each distance."""
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError(f"n must be an integer, got {size!r}")
        if not 1 <= size <= most:
            raise ValueError(f"n must be from 1 to {most}, got {size}")
        return list(_core.distance_distribution(self.core, size))


#: The verbs every puzzle shares, its methods of those names.
VERBS = ("solve", "solve_many", "distance", "lower_bound", "pack", "unpack")
#: The verbs a module takes as they are (the value's ``_replay`` and
#: ``_draw``), or writes its own of: a case given in parts, or a picture of
#: options, needs its own.
OWN_VERBS = ("replay", "draw")


def _calling(method: Callable[..., Any]) -> Callable[..., Any]:
    """A function that calls ``method``, with its name, docstring and signature."""

    @functools.wraps(method)
    def function(*args: Any, **kwargs: Any) -> Any:
        return method(*args, **kwargs)

    return function


def _puzzle_named(name: str) -> Puzzle[Any, Any, Any]:
    """The puzzle value of module ``idastar.<name>``, for unpickling."""
    import importlib

    puzzle: Puzzle[Any, Any, Any] = importlib.import_module(f"idastar.{name}").PUZZLE
    return puzzle


def exports(namespace: dict[str, Any], imported: set[str], *also: str) -> list[str]:
    """A puzzle module's ``__all__``: the public names it defined itself,
    that is every public name of ``namespace`` but those ``imported``
    (its names once its imports ran), and the imported ones it passes on
    (``also``)."""
    own = (n for n in namespace if not n.startswith("_") and n not in imported)
    return sorted({*own, *also})


def replay(apply: Callable[[C, M], C], case: C, path: Iterable[M]) -> C:
    """``case`` after every move of ``path`` in turn."""
    for move in path:
        case = apply(case, move)
    return case


def permutation(n: int, seed: int | None) -> tuple[int, ...]:
    """A uniformly random permutation of ``1..n`` (deterministic for a ``seed``)."""
    values = list(range(1, n + 1))
    rng(seed).shuffle(values)
    return tuple(values)


def integers(values: object, what: str) -> list[int]:
    """The items of a case as ints; InvalidPuzzle naming the position (from
    1) of one that is not an integer. What each value may be, the core
    checks."""
    numbers = []
    for position, value in enumerate(items_of(values, f"a {what} list"), 1):
        try:
            numbers.append(exact_int(value))
        except TypeError:
            raise InvalidPuzzle(
                f"{what} at position {position} must be an integer, got {value!r}"
            ) from None
        if not _LOWEST <= numbers[-1] <= _HIGHEST:  # beyond what the core reads
            raise InvalidPuzzle(f"{what} {numbers[-1]} at position {position} is out of range")
    return numbers


_LOWEST, _HIGHEST = -(2**63), 2**63 - 1


def rng(seed: int | None) -> Any:
    """A ``random.Random`` for ``random(seed=...)``: fresh entropy when None."""
    import random

    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an integer or None, got {seed!r}")
    return random.Random(seed)


__all__ = [
    "OWN_VERBS",
    "REQUIRED",
    "VERBS",
    "Length",
    "OptionInfo",
    "Progress",
    "Puzzle",
    "Size",
    "exports",
    "integers",
    "permutation",
    "replay",
    "rng",
]
