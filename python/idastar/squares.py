"""Square Destroyer: remove the fewest matchsticks so that no square is left.

An ``n x n`` grid of unit squares is drawn with ``2n(n+1)`` matchsticks,
numbered from 1: the ``n`` horizontal sticks of the top line left to right,
then the ``n + 1`` vertical sticks below them, then the next horizontal line,
and so on. Some sticks may already be removed. The answer is the fewest
further sticks whose removal leaves no square of any size intact, and one
such set of sticks.

A case is a :class:`Case`, the pair ``(n, removed)``; a move removes one
stick (its number). A solution's path is a set of sticks, in increasing
order (any order of it works).

>>> from idastar import squares
>>> case = squares.Case(3, (12, 17, 23))
>>> result = squares.solve(case)
>>> result.cost, result.path
(3, (1, 6, 15))
>>> squares.replay(case, result.path)
Case(n=3, removed=(1, 6, 12, 15, 17, 23))
>>> squares.is_solved(_)
True
>>> squares.distance(squares.Case(8))          # the full 8 x 8 grid
33

``solve(n, removed)`` is the same as ``solve(Case(n, removed))``.

It is a minimum hitting-set problem: each intact square needs one of its
sticks removed. The default engine, ``"exact"``, is a branch and bound built
for it; ``engine="ida"`` runs the judge solution's IDA* instead (the generic
engine, exponentially slower beyond n = 6, kept for comparison). Grids up
to :data:`MAX_N` = 16.

Heuristics (the lower bound on the sticks still needed): ``"packing"`` (the
default), the larger of the judge's bound and half a greedy packing of
intact squares in which no stick lies on more than two; ``"disjoint"``, the
judge's bound, a greedy packing of intact squares that share no stick. Both
engines use the one they are given: ``engine="ida", heuristic="disjoint"``
is the judge solution's search exactly.

Square Destroyer's own options, for the exact engine only (``engine="ida"``
refuses them, with a ValueError naming the option): ``branching``
(``"fewest"``, on the intact square with the fewest sticks still allowed,
the default; ``"first"``, on the first intact square, as the judge does),
``dominance``, ``symmetry`` and ``upper_bound`` (True unless switched off,
to show what each buys). Neither engine stores states, so ``state_limit``
is taken and never reached.

``pack`` writes grids of one side as the core's codes: the bitset of the
removed sticks, bit ``i % 64`` of word ``i // 64`` set when stick ``i + 1``
is removed, ``ceil(stick_count(n) / 64)`` ``uint64`` words a grid (a 1-D
array when that is one word, up to n = 5; a row of words a grid beyond). A
code does not hold the side: grids of different sides raise InvalidPuzzle
(naming the case), and ``unpack`` needs ``n``. ``unpack`` turns codes of ``n
x n`` grids back to 0/1 stick masks (``unpack(codes, n=...)``), one grid a
row (column ``i`` for stick ``i + 1``), which ``solve_many`` and ``pack``
take back and whose rows are cases.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from . import _core, _draw
from ._checks import case_array, exact_int, int_from, is_array, items_of
from ._core import InvalidPuzzle
from ._puzzle import Length, Puzzle, exports, integers, rng
from ._puzzle import replay as _replay
from ._results import Solution

_IMPORTED = set(globals())

NAME = "squares"
#: The largest grid side supported (544 sticks, 1496 squares).
MAX_N: int = _core.SQUARES_MAX_N
#: The judge's largest grid side.
JUDGE_MAX_N = 5

Branching = Literal["fewest", "first"]


class Case(NamedTuple):
    """An ``n x n`` grid with the sticks ``removed`` (1-based) gone;
    ``Case(n)`` is the full grid."""

    n: int
    removed: tuple[int, ...] = ()

    def _repr_svg_(self) -> str:
        """The grid as a picture in a notebook: :func:`draw`."""
        return draw(self)


#: What the functions take as a case: a :class:`Case` or any pair ``(n,
#: removed)``; or a row of a 0/1 stick array (what :func:`unpack` gives):
#: ``2n(n+1)`` values, a 1 at ``i`` for stick ``i + 1`` removed.
CaseLike = Case | tuple[int, Iterable[int]] | Sequence[int]


#: The number of sticks of each grid side, for reading stick masks.
_SIDE_OF_STICKS = {2 * n * (n + 1): n for n in range(1, MAX_N + 1)}


def _side(n: object) -> int:
    return int_from("the grid side n", n, 1, MAX_N, InvalidPuzzle)


def _values(case: CaseLike) -> list[int]:
    """The case as the core reads it, ``[n, *removed]``; what the values
    may be (n in range, sticks in range and none twice), the core checks."""
    items = items_of(case, "a squares case")
    if len(items) == 2 and not _is_int(items[1]):
        n, removed = items
        return [_side(n), *integers(removed, "stick")]
    side = _SIDE_OF_STICKS.get(len(items))
    if side is None:
        raise InvalidPuzzle(
            "a squares case is a pair (n, removed sticks), or a 0/1 mask of the "
            f"2n(n+1) sticks of an n x n grid; got {len(items)} values"
        )
    sticks: list[int] = []
    for stick, value in enumerate(integers(items, "stick mask value"), 1):
        if value not in (0, 1):
            raise InvalidPuzzle(f"a stick mask holds 0 and 1, got {value} for stick {stick}")
        if value:
            sticks.append(stick)
    return [side, *sticks]


def _is_int(value: object) -> bool:
    try:
        exact_int(value)
    except TypeError:
        return False
    return True


class _Rows(list):  # type: ignore[type-arg]
    """Cases already as the core reads them, ``[n, *removed]`` each."""


class _Grids(Puzzle[CaseLike, int, Solution[int]]):
    """Batches of grids also come as 2-D 0/1 stick arrays, one grid a row."""

    def rows(self, cases: Iterable[CaseLike] | Any) -> Any:
        if isinstance(cases, _Rows):
            return cases
        if is_array(cases):
            return _mask_rows(cases)
        return super().rows(cases)


def _mask_rows(masks: Any) -> _Rows:
    """The rows of a 2-D 0/1 array (column ``i`` for stick ``i + 1``) as cases."""
    masks = case_array(masks)  # 2-D int64, or InvalidPuzzle saying why not
    side = _SIDE_OF_STICKS.get(masks.shape[1])
    if side is None:
        if not len(masks):
            return _Rows()
        raise InvalidPuzzle(
            f"a stick mask row has the 2n(n+1) sticks of an n x n grid, got {masks.shape[1]} columns"
        )
    bad = ((masks != 0) & (masks != 1)).any(axis=1).nonzero()[0]
    if len(bad):
        raise InvalidPuzzle(f"cases[{bad[0]}]: a stick mask holds only 0 and 1")
    return _Rows([side, *(row.nonzero()[0] + 1).tolist()] for row in masks)


class _Sides(Length):
    """``n``, the side every grid must have: ``unpack`` needs it (a code
    does not hold it), ``pack`` and ``solve_many`` check it."""

    batch_keywords = ("n",)

    def rows(self, rows: Any, given: dict[str, Any]) -> _Rows:
        grids = _Rows(rows)
        side = self.of(given)
        for index, row in enumerate(grids):
            if side is not None and row[0] != side:
                raise InvalidPuzzle(f"cases[{index}]: a {row[0]} x {row[0]} grid, not n = {side}")
            if row[0] != grids[0][0]:
                raise InvalidPuzzle(
                    f"cases[{index}]: a {row[0]} x {row[0]} grid after {grids[0][0]} x "
                    f"{grids[0][0]} ones; pack grids of one side together (a code does not hold n)"
                )
        return grids


def _case_of(case: CaseLike | int, removed: Iterable[int] | None = None) -> CaseLike:
    """A case given as ``solve(case)`` or ``solve(n, removed)``."""
    if _is_int(case):
        return (case, () if removed is None else removed)  # type: ignore[return-value]
    if removed is not None:
        raise TypeError("removed goes with a grid side: solve(n, removed); a case has its own")
    return case  # type: ignore[return-value]


#: The puzzle: its :class:`~idastar.Puzzle` methods are this module's
#: ``solve`` (which also takes ``solve(n, removed)``), ``solve_many``
#: (whose ``n=`` checks every grid's side), ``distance``, ``lower_bound``,
#: ``pack`` and ``unpack``.
PUZZLE: Puzzle[CaseLike, int, Solution[int]] = _Grids(
    NAME, values=_values, batch_rows="pairs", size=_Sides(MAX_N), case_of=_case_of
)
if TYPE_CHECKING:
    from . import _verbs

    Engine = _verbs.SquaresEngine
    Heuristic = _verbs.SquaresHeuristic
    Options = _verbs.SquaresOptions
else:
    Engine, Heuristic, Options = PUZZLE.types()
#: The engines, the default (fastest) first.
ENGINES: tuple[str, ...] = PUZZLE.engines
#: The heuristics, the default first.
HEURISTICS: tuple[str, ...] = PUZZLE.heuristics
#: An 8 x 8 grid with six sticks gone: 30 more to remove, which the IDA*
#: engine takes about ten seconds to find (the exact engine about one).
HARD_CASE = Case(8, (17, 39, 52, 94, 95, 114))


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
    return list(_core.squares_intact(_values((n, removed))))


def destroys(n: int, removed: Iterable[int]) -> bool:
    """True when removing the sticks ``removed`` leaves no square intact."""
    return not intact(n, removed)


def _checked(case: CaseLike) -> tuple[Case, bool]:
    """The case as a :class:`Case` (sticks in increasing order), checked by
    the core, and whether it is solved (no square intact)."""
    values = _values(case)
    solved = not _core.squares_intact(values)
    return Case(values[0], tuple(sorted(values[1:]))), solved


def is_solved(case: CaseLike) -> bool:
    """True when no square of the case is intact."""
    return _checked(case)[1]


def apply(case: CaseLike, stick: int) -> Case:
    """The case with ``stick`` removed as well; InvalidPuzzle if it is out
    of range or removed already."""
    grid, _ = _checked(case)
    try:
        number = exact_int(stick)
    except TypeError:
        raise InvalidPuzzle(f"a move is a stick number, got {stick!r}") from None
    if number in grid.removed:
        raise InvalidPuzzle(f"stick {number} is removed already")
    return _checked((grid.n, (*grid.removed, number)))[0]


def replay(case: CaseLike, path: Iterable[int]) -> Case:
    """The case after removing every stick of ``path`` in turn."""
    return _replay(apply, _checked(case)[0], path)


def random(n: int = 5, *, seed: int | None = None) -> Case:
    """A uniformly random subset of the sticks of an ``n x n`` grid removed:
    each stick on its own with probability 1/2 (deterministic for a ``seed``)."""
    n = int_from("n", n, 1, MAX_N)
    count = 2 * n * (n + 1)
    bits = rng(seed).getrandbits(count)
    return Case(n, tuple(stick + 1 for stick in range(count) if bits >> stick & 1))


#: The verbs, typed by the registry's stub (``_verbs.pyi``).
_VERBS: _verbs.SquaresVerbs = PUZZLE.verbs()
solve, solve_many, distance = _VERBS.solve, _VERBS.solve_many, _VERBS.distance
lower_bound, pack, unpack = _VERBS.lower_bound, _VERBS.pack, _VERBS.unpack


def _sticks(n: int) -> list[tuple[int, int, int, int, int]]:
    """Every stick as ``(number, x1, y1, x2, y2)`` in grid units."""
    sticks = []
    d = 2 * n + 1
    for row in range(n + 1):
        sticks += [(1 + row * d + col, col, row, col + 1, row) for col in range(n)]
        if row < n:
            sticks += [(1 + n + row * d + col, col, row, col, row + 1) for col in range(n + 1)]
    return sticks


def _picture(
    case: CaseLike, stick: int | None, options: dict[str, Any], highlight: tuple[int, ...] = ()
) -> _draw.Picture:
    """The grid: sticks in place dark, removed ones faint and dashed, the
    sticks of ``highlight`` and the next ``stick`` vermillion, dashed the
    other way and numbered; under it, how many squares are intact."""
    grid, _ = _checked(case)
    n, removed = grid.n, set(grid.removed)
    marked = set(highlight) | ({stick} if stick is not None else set())
    unit = max(24.0, min(72.0, 360 / n))
    margin = 24
    label_all = n <= 5
    parts = []
    for number, x1, y1, x2, y2 in _sticks(n):
        ends = [margin + value * unit for value in (x1, y1, x2, y2)]
        if number in marked:
            style: dict[str, object] = {
                "stroke": _draw.MARK,
                "stroke_width": 6,
                "stroke_dasharray": "10 4",
            }
        elif number in removed:
            style = {"stroke": _draw.FAINT, "stroke_width": 2, "stroke_dasharray": "3 5"}
        else:
            style = {"stroke": _draw.INK, "stroke_width": 5, "stroke_linecap": "round"}
        parts.append(_draw.line(*ends, **style))
        if label_all or number in marked:
            horizontal = y1 == y2
            x = (ends[0] + ends[2]) / 2 + (0 if horizontal else 11)
            y = (ends[1] + ends[3]) / 2 + (-11 if horizontal else 0)
            parts.append(
                _draw.text(
                    x,
                    y,
                    number,
                    size=13 if number in marked else 10,
                    weight="bold" if number in marked else None,
                    fill=_draw.MARK if number in marked else "#555555",
                )
            )
    left = len(_core.squares_intact([n, *sorted(removed)]))
    side = 2 * margin + n * unit
    legend = f"{left} square{'' if left == 1 else 's'} intact"
    if highlight:
        named = " ".join(map(str, sorted(marked))) if len(marked) <= 6 else f"{len(marked)} sticks"
        legend += f"; marked: {named}"
    parts.append(_draw.text(side / 2, side + 10, legend, size=14))
    return _draw.Picture(side, side + 22, "".join(parts))


def draw(
    case: CaseLike | int, removed: Iterable[int] | None = None, *, highlight: Iterable[int] = ()
) -> str:
    """The grid as SVG text: the sticks in place dark, those removed faint
    and dashed, the sticks of ``highlight`` (a solution's ``path``, say)
    vermillion, dashed and numbered; every stick numbered up to n = 5.

    ``case`` as :func:`solve` takes it: a :class:`Case`, or ``n`` and the
    sticks already ``removed``.
    """
    if _is_int(case):
        case = (case, () if removed is None else removed)  # type: ignore[assignment]
    elif removed is not None:
        raise TypeError("removed goes with a grid side: draw(n, removed); a case has its own")
    grid, _ = _checked(case)  # type: ignore[arg-type]
    marked = tuple(integers(highlight, "highlighted stick"))
    sticks = stick_count(grid.n)
    for stick in marked:
        if not 1 <= stick <= sticks:
            raise InvalidPuzzle(f"highlighted stick {stick} is not one of 1..{sticks}")
    title = f"square destroyer {grid.n} x {grid.n}, removed {list(grid.removed)}"
    return _picture(grid, None, {}, marked).svg(title=title)


_DRAWING = _draw.Drawing(
    case=lambda values, _: Case(values[0], tuple(sorted(values[1:]))),
    apply=lambda case, stick, _: apply(case, stick),
    picture=_picture,
    move_text=lambda stick: f"stick {stick}",
    name="Square Destroyer",
)
__all__ = exports(globals(), _IMPORTED)
