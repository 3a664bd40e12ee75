"""Booksort: sort a shelf of books with block moves.

A *block move* takes a contiguous run of books and puts it back somewhere
else on the shelf; equivalently it swaps two adjacent blocks. Genome
rearrangement calls it a *transposition*. A move is written
``BlockMove(start, split, end)``, 0-based with ``start < split < end <= n``:
it swaps ``books[start:split]`` and ``books[split:end]``. Each distinct move
has exactly one such name, so ``n`` books have ``C(n + 1, 3)`` moves.

>>> from idastar import booksort
>>> result = booksort.solve([1, 3, 4, 6, 2, 5])
>>> result.cost
2
>>> shelf = (1, 3, 4, 6, 2, 5)
>>> for move in result.path:
...     shelf = booksort.apply(shelf, move)
>>> shelf
(1, 2, 3, 4, 5, 6)

Up to :data:`MAX_BOOKS` = 16 books (4 bits per book in a 64-bit state). The
judge stops at 15 and answers ``5 or more`` from 5 moves on (:func:`judge`);
:func:`solve` and :func:`distance` give the exact, uncapped answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, overload

from . import _core
from ._checks import (
    DEFAULT_STATE_LIMIT,
    MOST_COST,
    case_array,
    code_array,
    exact_int,
    int_from,
    is_array,
    items_of,
    non_negative,
    positive,
    seconds,
    state_limit_for,
)
from ._core import InvalidPuzzle
from ._results import BatchResult, Solution, batch_output

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = [
    "DEFAULT_STATE_LIMIT",
    "JUDGE_CAP",
    "MAX_BOOKS",
    "MAX_DISTRIBUTION_BOOKS",
    "MAX_GOAL_BALL",
    "BlockMove",
    "Engine",
    "Heuristic",
    "apply",
    "distance",
    "distance_distribution",
    "judge",
    "judge_many",
    "judge_solution",
    "lower_bound",
    "moves",
    "pack",
    "solve",
    "solve_many",
    "unpack",
]

#: The most books a position may hold.
MAX_BOOKS: int = _core.MAX_BOOKS
#: The most books :func:`distance_distribution` takes (12! bytes of distances).
MAX_DISTRIBUTION_BOOKS = 12
#: The largest goal ball (radius 3 holds 12.6 million shelves at 15 books).
MAX_GOAL_BALL = 3
#: The judge answers ``5 or more`` from this many moves on.
JUDGE_CAP = 5

Engine = Literal["ida", "astar", "iddfs", "bfs", "bidirectional"]
Heuristic = Literal["cycles", "breakpoints"]


class BlockMove(NamedTuple):
    """Swap the adjacent blocks ``books[start:split]`` and ``books[split:end]``."""

    start: int
    split: int
    end: int

    def inverse(self) -> BlockMove:
        """The move that undoes this one."""
        return BlockMove(self.start, self.start + self.end - self.split, self.end)


def moves(n: int) -> list[BlockMove]:
    """Every block move on ``n`` books (``0 <= n <= MAX_BOOKS``), each once,
    in lexicographic order."""
    n = int_from("n", n, 0, MAX_BOOKS)
    return [
        BlockMove(i, j, k) for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n + 1)
    ]


def _books(books: Sequence[int]) -> tuple[int, ...]:
    """The books as a tuple of ints, or InvalidPuzzle naming what is wrong."""
    result = []
    for position, book in enumerate(items_of(books, "books"), 1):
        try:
            result.append(exact_int(book))
        except TypeError:
            raise InvalidPuzzle(
                f"book at position {position} must be an integer, got {book!r}"
            ) from None
    n = len(result)
    if not 1 <= n <= MAX_BOOKS:
        raise InvalidPuzzle(f"booksort needs 1 to {MAX_BOOKS} books, got {n}")
    for position, book in enumerate(result, 1):
        if not 1 <= book <= n:
            raise InvalidPuzzle(f"book {book} at position {position} is out of range 1..{n}")
    if len(set(result)) != n:
        repeated = next(b for b in result if result.count(b) > 1)
        raise InvalidPuzzle(
            f"book {repeated} appears twice; the books must be a permutation of 1..{n}"
        )
    return tuple(result)


def apply(books: Sequence[int], move: tuple[int, int, int]) -> tuple[int, ...]:
    """The shelf after ``move``; raises InvalidPuzzle if the move does not fit."""
    shelf = _books(books)
    start, split, end = move
    if not 0 <= start < split < end <= len(shelf):
        raise InvalidPuzzle(
            f"block move {tuple(move)} needs 0 <= start < split < end <= {len(shelf)}"
        )
    return shelf[:start] + shelf[split:end] + shelf[start:split] + shelf[end:]


def solve(
    books: Sequence[int],
    *,
    max_moves: int | None = None,
    engine: Engine = "ida",
    heuristic: Heuristic = "cycles",
    goal_ball: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    state_limit: int | None = None,
    table_entries: int | None = None,
) -> Solution[BlockMove]:
    """Sort ``books`` (a permutation of 1..n) with the fewest block moves.

    Args:
        books: the shelf, a permutation of ``1..n`` with ``1 <= n <= 16``.
        max_moves: look for solutions of at most this many moves; beyond
            it the outcome is ``no_solution`` with ``lower_bound`` above it.
        engine: ``"ida"`` (IDA*, the default), ``"astar"``, ``"iddfs"``,
            ``"bfs"`` or ``"bidirectional"`` (bidirectional BFS). The last
            three need memory or time that grow fast with the distance.
        heuristic: ``"cycles"`` (the cycle-graph bound of Bafna and Pevzner
            together with breakpoints, the default) or ``"breakpoints"``
            (the judge solution's ``ceil(breakpoints / 3)``).
        goal_ball: exact distances of every shelf within this many moves of
            the sorted one are stored and make the heuristic exact there
            (0 switches it off). Built once per process; by default 3 up to
            12 books and 2 above.
        node_limit: stop after expanding this many nodes.
        time_limit: stop after this many seconds.
        state_limit: the engines that store states (``"astar"``, ``"bfs"``,
            ``"bidirectional"``) stop with ``memory_limit`` before storing
            more; :data:`DEFAULT_STATE_LIMIT` (20 million, about 1.5 GB)
            unless given, as for the sliding puzzles.
        table_entries: IDA* only: a transposition table of this many
            learned bounds (a power of two is used; 0 for none). By default
            65,536 (1 MiB) for uncapped solves, where it pays for itself on
            the hard shelves, and none under ``max_moves``.

    Returns:
        A :class:`~idastar.Solution` whose path is a tuple of
        :class:`BlockMove` that :func:`apply` replays.

    Raises:
        InvalidPuzzle: ``books`` is not a permutation of 1..n, or n is out of range.
        ValueError: an option is out of range.
        KeyboardInterrupt: Ctrl-C during the search.
    """
    shelf = _books(books)
    options = _search_options(
        engine, heuristic, goal_ball, max_moves, node_limit, time_limit, state_limit, table_entries
    )
    return Solution._from_raw(_core.booksort_solve(list(shelf), **options), BlockMove)


def _search_options(
    engine: Engine,
    heuristic: Heuristic,
    goal_ball: int | None,
    max_moves: int | None,
    node_limit: int | None,
    time_limit: float | None,
    state_limit: int | None,
    table_entries: int | None,
) -> dict[str, Any]:
    """The options of :func:`solve` checked and named as the core takes them."""
    return {
        "engine": engine,
        "heuristic": heuristic,
        "goal_ball": _goal_ball(goal_ball),
        "max_cost": non_negative("max_moves", max_moves, MOST_COST),
        "max_nodes": non_negative("node_limit", node_limit),
        "time_limit": seconds("time_limit", time_limit),
        "max_states": state_limit_for(engine, state_limit, DEFAULT_STATE_LIMIT),
        "table_entries": _table_entries(table_entries, max_moves),
    }


#: The transposition table of uncapped solves: 1 MiB, allocated per solve.
DEFAULT_TABLE_ENTRIES = 1 << 16


def _table_entries(entries: int | None, max_moves: int | None) -> int:
    if entries is None:
        return DEFAULT_TABLE_ENTRIES if max_moves is None else 0
    return non_negative("table_entries", entries) or 0


@overload
def solve_many(
    cases: Iterable[Sequence[int]],
    *,
    max_moves: int | None = ...,
    engine: Engine = ...,
    heuristic: Heuristic = ...,
    goal_ball: int | None = ...,
    node_limit: int | None = ...,
    time_limit: float | None = ...,
    state_limit: int | None = ...,
    table_entries: int | None = ...,
    threads: int | None = ...,
    arrays: Literal[False] = ...,
    paths: bool = ...,
) -> list[Solution[BlockMove]]: ...
@overload
def solve_many(
    cases: Iterable[Sequence[int]],
    *,
    max_moves: int | None = ...,
    engine: Engine = ...,
    heuristic: Heuristic = ...,
    goal_ball: int | None = ...,
    node_limit: int | None = ...,
    time_limit: float | None = ...,
    state_limit: int | None = ...,
    table_entries: int | None = ...,
    threads: int | None = ...,
    arrays: Literal[True],
    paths: bool = ...,
) -> BatchResult: ...
def solve_many(
    cases: Iterable[Sequence[int]],
    *,
    max_moves: int | None = None,
    engine: Engine = "ida",
    heuristic: Heuristic = "cycles",
    goal_ball: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    state_limit: int | None = None,
    table_entries: int | None = None,
    threads: int | None = None,
    arrays: bool = False,
    paths: bool = True,
) -> list[Solution[BlockMove]] | BatchResult:
    """:func:`solve` for many shelves at once, on all cores, results in input order.

    ``cases`` is a sequence of shelves, which may differ in length, or a
    2-D numpy integer array with one shelf per row. The options and limits
    apply to each search on its own. ``threads`` caps the cores used
    (default: all); the answers do not depend on it.

    Returns a list of :class:`~idastar.Solution`, or with ``arrays=True`` a
    :class:`~idastar.BatchResult` of numpy arrays, whose ``paths`` (unless
    ``paths=False``) has shape ``(cases, longest, 3)``: each move's
    ``(start, split, end)``, padded with -1.

    A bad shelf raises :class:`~idastar.InvalidPuzzle` naming its 0-based
    index before anything is solved.
    """
    shelves: Any
    if is_array(cases):
        shelves = case_array(cases)
    else:
        shelves = []
        for index, books in enumerate(cases):
            try:
                shelves.append(list(_books(books)))
            except InvalidPuzzle as error:
                raise InvalidPuzzle(f"case {index}: {error}") from None
    options = _search_options(
        engine, heuristic, goal_ball, max_moves, node_limit, time_limit, state_limit, table_entries
    )
    raws = _core.booksort_solve_many(
        shelves, threads=positive("threads", threads), arrays=arrays, paths=paths, **options
    )
    return batch_output(raws, arrays, BlockMove)


def pack(shelves: Any) -> NDArray[numpy.uint64]:
    """Shelves of ``n`` books (a 2-D integer array, one shelf a row, or a
    sequence of equal-length shelves) as the core's ``uint64`` codes.

    Book ``b`` at position ``i`` (0-based) is ``b - 1`` in bits
    ``4i .. 4i + 3``; the sorted shelf of ``n`` books is
    ``sum(i << 4 * i)``. Vectorized: millions of shelves a second. A row
    that is not a permutation of ``1..n`` raises
    :class:`~idastar.InvalidPuzzle` naming it.
    """
    return _core.booksort_pack(case_array(shelves))


def unpack(codes: Any, n: int) -> NDArray[numpy.int64]:
    """``uint64`` codes (as :func:`pack` makes them) back to shelves of ``n``
    books, one a row."""
    books = int_from("the number of books n", n, 1, MAX_BOOKS, InvalidPuzzle)
    return _core.booksort_unpack(code_array(codes), books)


def _goal_ball(radius: int | None) -> int | None:
    radius = non_negative("goal_ball", radius)
    if radius is not None and radius > MAX_GOAL_BALL:
        raise ValueError(f"goal_ball must be at most {MAX_GOAL_BALL}, got {radius}")
    return radius


def distance(books: Sequence[int]) -> int:
    """The exact number of block moves that sorts ``books``."""
    result = solve(books)
    assert result.cost is not None  # every shelf can be sorted
    return result.cost


#: How judge mode searches: nothing beyond the cap, and a goal ball of
#: radius 1, which costs nothing to build and is all a shallow search needs.
_JUDGE_SEARCH = {"max_moves": JUDGE_CAP - 1, "goal_ball": 1}


def judge(books: Sequence[int]) -> int | None:
    """The judge's answer: the distance if below :data:`JUDGE_CAP`, else None ("5 or more")."""
    return judge_solution(books).cost


def judge_solution(books: Sequence[int]) -> Solution[BlockMove]:
    """The whole search behind :func:`judge`: the path when the answer is below the cap."""
    return solve(books, **_JUDGE_SEARCH)  # type: ignore[arg-type]


def judge_many(cases: Iterable[Sequence[int]]) -> list[int | None]:
    """:func:`judge` for many shelves at once, on all cores, in input order."""
    return [r.cost for r in solve_many(cases, **_JUDGE_SEARCH)]  # type: ignore[call-overload]


def lower_bound(books: Sequence[int], heuristic: Heuristic = "cycles") -> int:
    """The admissible lower bound ``heuristic`` gives for ``books`` (no goal ball)."""
    return _core.booksort_lower_bound(list(_books(books)), heuristic)


def distance_distribution(n: int) -> list[int]:
    """How many of the n! shelves lie at each distance 0, 1, 2, ... (OEIS A164366).

    A breadth-first search over every permutation, 1 <= n <= 12 (n = 10 takes
    a few seconds, each further book about n times longer), on all cores
    without the GIL; Ctrl-C stops it within a fraction of a second
    (``KeyboardInterrupt``).
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidPuzzle(f"n must be an integer, got {n!r}")
    if not 1 <= n <= MAX_DISTRIBUTION_BOOKS:
        raise ValueError(f"n must be from 1 to {MAX_DISTRIBUTION_BOOKS}, got {n}")
    return list(_core.booksort_distance_distribution(n))
