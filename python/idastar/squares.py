"""Square Destroyer: remove the fewest matchsticks so that no square is left.

An ``n x n`` grid of unit squares is drawn with ``2n(n+1)`` matchsticks,
numbered from 1: the ``n`` horizontal sticks of the top line left to right,
then the ``n + 1`` vertical sticks below them, then the next horizontal line,
and so on. Some sticks may already be removed. The answer is the fewest
further sticks whose removal leaves no square of any size intact, and one
such set of sticks.

>>> from idastar import squares
>>> result = squares.solve(3, removed=[12, 17, 23])
>>> result.cost
3
>>> squares.destroys(3, [12, 17, 23, *result.path])
True
>>> squares.minimum(8)          # the full 8 x 8 grid
33

It is a minimum hitting-set problem: each intact square needs one of its
sticks removed. The default solver is an exact branch and bound built for
it; ``solver="seed"`` runs the judge solution's IDA* instead (exponentially
slower beyond n = 6, kept for comparison). Grids up to :data:`MAX_N` = 16.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, overload

from . import _core
from ._checks import (
    MOST_COST,
    case_array,
    exact_int,
    int_from,
    is_array,
    items_of,
    non_negative,
    positive,
    seconds,
)
from ._core import InvalidPuzzle
from ._results import BatchResult, Solution, batch_output

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = [
    "JUDGE_MAX_N",
    "MAX_N",
    "BoundName",
    "BranchingName",
    "SolverName",
    "destroys",
    "intact",
    "lower_bounds",
    "minimum",
    "pack",
    "solve",
    "solve_many",
    "square_sticks",
    "stick_count",
    "unpack",
]

#: The largest grid side supported (544 sticks, 1496 squares).
MAX_N: int = _core.SQUARES_MAX_N
#: The judge's largest grid side.
JUDGE_MAX_N = 5

SolverName = Literal["exact", "seed"]
BoundName = Literal["packing", "disjoint"]
BranchingName = Literal["fewest", "first"]


def _side(n: int) -> int:
    return int_from("the grid side n", n, 1, MAX_N, InvalidPuzzle)


def _sticks(n: int, sticks: Iterable[int], what: str = "removed") -> list[int]:
    """The sticks as ints, checked: in range for the grid, none twice."""
    items = items_of(sticks, what)
    result = []
    count = stick_count(n)
    seen: set[int] = set()
    for item in items:
        try:
            stick = exact_int(item)
        except TypeError:
            raise InvalidPuzzle(f"stick numbers must be integers, got {item!r}") from None
        if not 1 <= stick <= count:
            raise InvalidPuzzle(f"stick {stick} is out of range 1..={count} for a {n} x {n} grid")
        if stick in seen:
            raise InvalidPuzzle(f"stick {stick} is {what} twice")
        seen.add(stick)
        result.append(stick)
    return result


def stick_count(n: int) -> int:
    """The sticks of a full ``n x n`` grid, ``2n(n+1)``."""
    side = _side(n)
    return 2 * side * (side + 1)


def square_sticks(n: int, side: int, row: int, column: int) -> tuple[int, ...]:
    """The sticks of the square of ``side`` whose top-left corner is at ``(row, column)``.

    In the judge's order: for each ``i``, the ``i``-th top, bottom, left and
    right stick. Rows and columns are 0-based.
    """
    n = _side(n)
    if not (1 <= side <= n and 0 <= row <= n - side and 0 <= column <= n - side):
        raise InvalidPuzzle(f"no square of side {side} at ({row}, {column}) in a {n} x {n} grid")
    d = 2 * n + 1
    sticks = []
    for i in range(side):
        sticks += [
            1 + row * d + column + i,
            1 + (row + side) * d + column + i,
            1 + n + row * d + column + i * d,
            1 + n + row * d + column + i * d + side,
        ]
    return tuple(sticks)


def intact(n: int, removed: Iterable[int] = ()) -> list[tuple[int, int, int]]:
    """The squares left intact, as ``(side, row, column)``, in the judge's order."""
    side = _side(n)
    return list(_core.squares_intact(side, _sticks(side, removed)))


def destroys(n: int, removed: Iterable[int]) -> bool:
    """True when removing the sticks ``removed`` leaves no square intact."""
    return not intact(n, removed)


def lower_bounds(n: int, removed: Iterable[int] = ()) -> tuple[int, int]:
    """Two lower bounds on the answer: the judge's and the double-packing bound.

    The judge's bound walks the intact squares in order and counts each one
    that shares no stick with those counted before. The double-packing bound
    counts squares so that no stick lies on more than two of them and halves
    the count (rounded up); it is also at least the judge's.
    """
    side = _side(n)
    disjoint, packing = _core.squares_lower_bounds(side, _sticks(side, removed))
    return disjoint, packing


def solve(
    n: int,
    removed: Iterable[int] = (),
    *,
    count: int | None = None,
    solver: SolverName = "exact",
    bound: BoundName = "packing",
    branching: BranchingName = "fewest",
    dominance: bool = True,
    symmetry: bool = True,
    upper_bound: bool = True,
    max_sticks: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Solution[int]:
    """The fewest further sticks to remove so that no square is left intact.

    Args:
        n: the grid side, ``1 <= n <= 16`` (the judge stops at 5).
        removed: the sticks already removed (1-based, each at most once).
        count: the judge's ``k``; when given it must equal ``len(removed)``.
        solver: ``"exact"`` (the hitting-set branch and bound, the default)
            or ``"seed"`` (the judge solution's IDA*, for comparison).
        bound, branching, dominance, symmetry, upper_bound: the techniques
            of the exact solver, all on by default; switching one off shows
            what it buys. ``bound="disjoint"`` is the judge's bound,
            ``branching="first"`` branches on the first intact square.
        max_sticks: look for answers of at most this many sticks; beyond it
            the outcome is ``no_solution`` with ``lower_bound`` above it.
        node_limit: stop after expanding this many nodes.
        time_limit: stop after this many seconds.

    Returns:
        A :class:`~idastar.Solution` whose ``cost`` is the minimum and whose
        ``path`` is one optimal set of sticks, in increasing order.

    Raises:
        InvalidPuzzle: n out of range, a stick out of range or repeated, or
            ``count`` not the number of sticks given.
        ValueError: an option is out of range.
        KeyboardInterrupt: Ctrl-C during the search.
    """
    side = _side(n)
    sticks = _sticks(side, removed)
    if count is not None and count != len(sticks):
        raise InvalidPuzzle(
            f"the count says {count} sticks are removed, but the list has {len(sticks)}"
        )
    options = _solver_options(
        solver,
        bound,
        branching,
        dominance,
        symmetry,
        upper_bound,
        max_sticks,
        node_limit,
        time_limit,
    )
    raw = _core.squares_solve(side, sticks, **options)  # type: ignore[arg-type]
    return Solution._from_raw(raw)


@overload
def solve_many(
    cases: Iterable[Any],
    *,
    n: int | None = ...,
    solver: SolverName = ...,
    bound: BoundName = ...,
    branching: BranchingName = ...,
    dominance: bool = ...,
    symmetry: bool = ...,
    upper_bound: bool = ...,
    max_sticks: int | None = ...,
    node_limit: int | None = ...,
    time_limit: float | None = ...,
    threads: int | None = ...,
    arrays: Literal[False] = ...,
    paths: bool = ...,
) -> list[Solution[int]]: ...
@overload
def solve_many(
    cases: Iterable[Any],
    *,
    n: int | None = ...,
    solver: SolverName = ...,
    bound: BoundName = ...,
    branching: BranchingName = ...,
    dominance: bool = ...,
    symmetry: bool = ...,
    upper_bound: bool = ...,
    max_sticks: int | None = ...,
    node_limit: int | None = ...,
    time_limit: float | None = ...,
    threads: int | None = ...,
    arrays: Literal[True],
    paths: bool = ...,
) -> BatchResult: ...
def solve_many(
    cases: Iterable[Any],
    *,
    n: int | None = None,
    solver: SolverName = "exact",
    bound: BoundName = "packing",
    branching: BranchingName = "fewest",
    dominance: bool = True,
    symmetry: bool = True,
    upper_bound: bool = True,
    max_sticks: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    arrays: bool = False,
    paths: bool = True,
) -> list[Solution[int]] | BatchResult:
    """:func:`solve` for many grids at once, on all cores, results in input order.

    ``cases`` is a sequence of ``(n, removed)`` pairs; or, with ``n`` given,
    a sequence of ``removed`` lists, or a numpy 0/1 array of shape
    ``(cases, stick_count(n))`` whose ones mark the removed sticks (column
    ``i`` is stick ``i + 1``). The options are those of :func:`solve`;
    ``threads`` caps the cores used (default: all).

    Returns a list of :class:`~idastar.Solution`, or with ``arrays=True`` a
    :class:`~idastar.BatchResult` whose ``paths`` (unless ``paths=False``)
    holds each optimal set of stick numbers, padded with -1.

    A bad case raises :class:`~idastar.InvalidPuzzle` naming its 0-based
    index before anything is solved.
    """
    grids: list[tuple[int, list[int]]] = []
    if n is not None:
        side = _side(n)
        if is_array(cases):
            masks = case_array(cases, stick_count(side))
            bad = ((masks != 0) & (masks != 1)).any(axis=1).nonzero()[0]
            if len(bad):
                raise InvalidPuzzle(f"case {bad[0]}: a stick mask holds only 0 and 1")
            grids = [(side, (row.nonzero()[0] + 1).tolist()) for row in masks]
        else:
            cases = [(side, removed) for removed in cases]
    if not grids:
        for index, case in enumerate(cases):
            try:
                case_n, removed = case
                case_side = _side(case_n)
                grids.append((case_side, _sticks(case_side, removed)))
            except InvalidPuzzle as error:
                raise InvalidPuzzle(f"case {index}: {error}") from None
            except (TypeError, ValueError):
                raise InvalidPuzzle(
                    f"case {index}: expected a pair (n, removed sticks), got {case!r}"
                ) from None
    options = _solver_options(
        solver,
        bound,
        branching,
        dominance,
        symmetry,
        upper_bound,
        max_sticks,
        node_limit,
        time_limit,
    )
    threads = positive("threads", threads)
    raws = _core.squares_solve_many(grids, threads=threads, arrays=arrays, paths=paths, **options)  # type: ignore[arg-type]
    return batch_output(raws, arrays)


def pack(removed: Any, n: int) -> NDArray[numpy.uint64]:
    """Removed-stick masks of ``n x n`` grids (a ``(grids, stick_count(n))``
    0/1 array, column ``i`` for stick ``i + 1``) as bitsets: bit ``i`` of
    word ``i // 64`` set when stick ``i + 1`` is removed, one row of
    ``ceil(stick_count(n) / 64)`` ``uint64`` words a grid. Vectorized."""
    import numpy

    side = _side(n)
    masks = case_array(removed, stick_count(side))
    if ((masks != 0) & (masks != 1)).any():
        raise InvalidPuzzle("a stick mask holds only 0 and 1")
    words = -(-masks.shape[1] // 64)
    packed = numpy.packbits(masks.astype(numpy.uint8), axis=1, bitorder="little")
    padded = numpy.zeros((len(masks), 8 * words), dtype=numpy.uint8)
    padded[:, : packed.shape[1]] = packed
    return padded.view("<u8").astype(numpy.uint64)


def unpack(codes: Any, n: int) -> NDArray[numpy.uint8]:
    """Bitsets (as :func:`pack` makes them) back to 0/1 stick masks."""
    import numpy

    side = _side(n)
    count = stick_count(side)
    words = numpy.asarray(codes)
    if words.ndim == 1:
        words = words[:, None]
    if words.dtype.kind not in "iu" or words.ndim != 2 or words.shape[1] != -(-count // 64):
        raise ValueError(
            f"codes for n = {side} must be an integer array of shape "
            f"(grids, {-(-count // 64)}), got {words.shape}"
        )
    little = numpy.ascontiguousarray(words, dtype="<u8").view(numpy.uint8)
    return numpy.unpackbits(little, axis=1, count=count, bitorder="little")


def _solver_options(
    solver: SolverName,
    bound: BoundName,
    branching: BranchingName,
    dominance: bool,
    symmetry: bool,
    upper_bound: bool,
    max_sticks: int | None,
    node_limit: int | None,
    time_limit: float | None,
) -> dict[str, object]:
    """The solver options of :func:`solve` as the core takes them, checked."""
    return {
        "solver": solver,
        "bound": bound,
        "branching": branching,
        "dominance": bool(dominance),
        "symmetry": bool(symmetry),
        "upper_bound": bool(upper_bound),
        "max_cost": non_negative("max_sticks", max_sticks, MOST_COST),
        "max_nodes": non_negative("node_limit", node_limit),
        "time_limit": seconds("time_limit", time_limit),
    }


def minimum(n: int, removed: Iterable[int] = ()) -> int:
    """The fewest further sticks to remove; what the judge prints."""
    result = solve(n, removed)
    assert result.cost is not None  # removing every stick always works
    return result.cost
