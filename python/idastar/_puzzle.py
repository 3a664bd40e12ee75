"""What every puzzle module does the same way, written once.

A puzzle module describes its cases and moves with a :class:`Puzzle` and
hands it every call of the shared vocabulary (``solve``, ``solve_many``,
``distance``, ``lower_bound``, ``replay``, ``pack``, ``unpack``); the
options go to the Rust core as they are, where each is checked and named
in one place. The module keeps what is its own: how a case is written
(``apply``, ``is_solved``, ``random``) and what its moves look like.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, TypedDict, TypeVar

from . import _core
from ._checks import case_array, code_array, exact_int, flag, is_array, items_of
from ._core import InvalidPuzzle, Unsolvable
from ._results import BatchResult, Origin, Solution

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

M = TypeVar("M")
C = TypeVar("C")
Sol = TypeVar("Sol", bound="Solution[Any]")

#: A callback told of long preparations (pattern databases, tables):
#: ``progress(task, tasks, layer, reached, total)``.
Progress = Callable[[int, int, int, int, int], object]


class SearchOptions(TypedDict, total=False):
    """The options every puzzle's ``solve`` and ``solve_many`` take besides
    ``engine`` and ``heuristic`` (whose names each module lists in
    ``ENGINES`` and ``HEURISTICS``, the default first). See the table in
    docs/vocabulary.md."""

    #: Look for solutions of at most this many moves; beyond it the outcome
    #: is ``no_solution`` with ``lower_bound`` above it.
    max_moves: int | None
    #: Stop after expanding this many nodes (outcome ``node_limit``).
    node_limit: int | None
    #: Stop after this many seconds, preparations included (``time_limit``).
    time_limit: float | None
    #: The engines that store states stop before storing more (outcome
    #: ``memory_limit``); 20 million unless given.
    state_limit: int | None
    #: Told of long preparations: ``progress(task, tasks, layer, reached, total)``.
    progress: Progress | None


#: The most threads a batch may ask for.
MAX_THREADS: int = _core.MAX_THREADS


def checked_threads(threads: object) -> int | None:
    """The ``threads`` option: None (every core) or 1 to MAX_THREADS."""
    if threads is None:
        return None
    try:
        number = exact_int(threads)
    except TypeError:
        raise TypeError(f"threads must be an integer or None, got {threads!r}") from None
    if not 1 <= number <= MAX_THREADS:
        raise ValueError(f"threads must be from 1 to {MAX_THREADS} or None, got {number}")
    return number


class Puzzle(Generic[C, M, Sol]):
    """One puzzle module's shared calls, over the core's registry entry ``name``.

    ``values`` turns a case into the integers the core reads (raising
    InvalidPuzzle or TypeError for what is not integers at all; the core
    checks the rest and names the integer at fault); ``move`` turns the
    core's numbers for one move into the module's move (None: the core's
    form is the module's, the string of the moves' letters for a puzzle
    whose moves are letters); ``solution`` is the result class.
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
        move: Callable[[Any], M] | None = None,
        solution: type[Sol] = Solution,  # type: ignore[assignment]
        batch_rows: Literal["flat", "pairs"] | None = None,
    ) -> None:
        self.name = name
        self.batch_rows = batch_rows
        self.values = values
        self.move = move
        self.solution = solution
        engines, heuristics, self.move_width, self.extra = _core.puzzle_info(name)
        self.engines: tuple[str, ...] = tuple(engines)
        self.heuristics: tuple[str, ...] = tuple(heuristics)

    def solve(self, case: C, options: dict[str, Any], threads: object = 1) -> Sol:
        """One case; ``threads`` as :func:`checked_threads` reads it."""
        values = self.values(case)
        raw = _core.solve(self.name, values, options, checked_threads(threads))
        return self.solution._from_raw(raw, self.move, Origin(self.name, [tuple(values)], options))

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
                raise InvalidPuzzle(f"case {index}: {error}") from None
        return rows

    def solve_many(
        self,
        cases: Iterable[C] | Any,
        options: dict[str, Any],
        threads: int | None,
        arrays: bool,
        paths: bool,
    ) -> list[Sol] | BatchResult:
        threads = checked_threads(threads)
        arrays, paths = flag("arrays", arrays), flag("paths", paths)
        answers, rows, pairs = self._in_core(
            cases,
            lambda rows, pairs: _core.solve_many(
                self.name, rows, options, threads, arrays, paths, pairs
            ),
        )
        if arrays:
            return BatchResult._from_arrays(answers)
        origin = Origin(self.name, rows, options, pairs)
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
        threads = checked_threads(threads)
        handed = False

        def solve(rows: Any, pairs: bool) -> None:
            origin = Origin(self.name, rows, options, pairs)

            def answered(raws: list[tuple[int, Any]]) -> None:
                nonlocal handed
                handed = True
                indices = [index for index, _ in raws]
                solutions = self.solution._from_raws(
                    (raw for _, raw in raws), self.move, origin, indices
                )
                found(list(zip(indices, solutions, strict=True)))

            _core.solve_many(self.name, rows, options, threads, pairs=pairs, answered=answered)

        # An error after a hand-over came from ``found``, not from reading
        # the cases: the batch is never solved twice.
        self._in_core(cases, solve, may_retry=lambda: not handed)

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

    def distance(self, case: C, options: dict[str, Any]) -> int:
        solution = self.solve(case, options)
        if solution.cost is None:
            raise Unsolvable(f"no solution: the search ended with {solution.outcome}")
        return solution.cost

    def lower_bound(self, case: C, options: dict[str, Any]) -> int:
        return _core.lower_bound(self.name, self.values(case), options)

    def checked(self, case: C) -> tuple[int, ...]:
        """The case's integers as a tuple, checked by the core (which names
        what is wrong), for the module's own functions of a case."""
        values = self.values(case)
        _core.pack(self.name, [values])
        return tuple(values)

    def pack(
        self, cases: Any, options: dict[str, Any], length: int | None = None
    ) -> NDArray[numpy.uint64]:
        """The cases' codes; with ``length``, every case must have that many values."""
        rows = self.rows(cases)
        if length is not None and any(len(row) != length for row in rows):
            raise InvalidPuzzle(f"every case must have n = {length} values")
        return _core.pack(self.name, rows, options)

    def distance_distribution(self, size: object, most: int) -> list[int]:
        """The core's count of the cases of ``size`` (1 to ``most``) at each distance."""
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError(f"n must be an integer, got {size!r}")
        if not 1 <= size <= most:
            raise ValueError(f"n must be from 1 to {most}, got {size}")
        return list(_core.distance_distribution(self.name, size))

    def unpack(self, codes: Any, size: int | None, options: dict[str, Any]) -> NDArray[numpy.int64]:
        import numpy

        words = numpy.asarray(codes)
        if words.ndim == 2:  # codes of several words each
            if words.dtype.kind not in "iu" or (words.dtype.kind == "i" and (words < 0).any()):
                raise ValueError("codes must be an array of non-negative integers")
            words = numpy.ascontiguousarray(words, dtype=numpy.uint64)
        else:
            words = code_array(codes)
        return _core.unpack(self.name, words, size, options)


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
    "Progress",
    "Puzzle",
    "SearchOptions",
    "checked_threads",
    "integers",
    "permutation",
    "replay",
    "rng",
]
