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
from typing import Literal

from . import _core
from ._checks import exact_int, items_of, non_negative
from ._core import InvalidPuzzle
from ._results import Solution

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
    "solve",
    "square_sticks",
    "stick_count",
]

#: The largest grid side supported (544 sticks, 1496 squares).
MAX_N: int = _core.SQUARES_MAX_N
#: The judge's largest grid side.
JUDGE_MAX_N = 5

SolverName = Literal["exact", "seed"]
BoundName = Literal["packing", "disjoint"]
BranchingName = Literal["fewest", "first"]


def _side(n: int) -> int:
    try:
        side = exact_int(n)
    except TypeError:
        raise InvalidPuzzle(f"the grid side n must be an integer, got {n!r}") from None
    if not 1 <= side <= MAX_N:
        raise InvalidPuzzle(f"square destroyer needs a grid side from 1 to {MAX_N}, got {side}")
    return side


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
    raw = _core.squares_solve(
        side,
        sticks,
        solver=solver,
        bound=bound,
        branching=branching,
        dominance=bool(dominance),
        symmetry=bool(symmetry),
        upper_bound=bool(upper_bound),
        max_cost=non_negative("max_sticks", max_sticks),
        max_nodes=non_negative("node_limit", node_limit),
        time_limit=time_limit,
    )
    return Solution._from_raw(raw)


def minimum(n: int, removed: Iterable[int] = ()) -> int:
    """The fewest further sticks to remove; what the judge prints."""
    result = solve(n, removed)
    assert result.cost is not None  # removing every stick always works
    return result.cost
