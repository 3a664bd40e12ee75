"""The Rotation Game: fill the centre of a ``#``-shaped board with one number.

24 cells hold 1, 2 or 3; a move rotates one line of seven cells by one
place. Cells are numbered top to bottom, left to right::

            0     1
            2     3
      4  5  6  7  8  9 10
            11    12
     13 14 15 16 17 18 19
            20    21
            22    23

======  ============================  =====================================
move    cells, in order               effect
======  ============================  =====================================
A       0 2 6 11 15 20 22             left column up
B       1 3 8 12 17 21 23             right column up
C       10 9 8 7 6 5 4                upper row right
D       19 18 17 16 15 14 13          lower row right
E       23 21 17 12 8 3 1             right column down (undoes B)
F       22 20 15 11 6 2 0             left column down (undoes A)
G       13 14 15 16 17 18 19          lower row left (undoes D)
H       4 5 6 7 8 9 10                upper row left (undoes C)
======  ============================  =====================================

The answer is the shortest move sequence that leaves the eight centre cells
(6 7 8 11 12 15 16 17) holding one number, the lexicographically smallest
among the shortest, and that number.

>>> from idastar import rotation
>>> board = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3]
>>> result = rotation.solve(board)
>>> result.path, result.centre
(('A', 'C'), 2)
>>> rotation.is_solved(rotation.replay(board, result.path))
True

The solvers give the same answer: ``engine="table"`` (the default) follows a
pattern database of the 735,471 ways eight cells can hold one number and
answers in microseconds; ``engine="ida"`` is the judge solution's IDA*
(``"astar"``, ``"iddfs"`` and ``"bfs"`` find the same number of moves, not
always the same sequence). The heuristics of ``"ida"`` and ``"astar"``:
``"centre"`` (the judge solution's ``8 -`` the count of the most frequent
number in the centre, the default) and ``"table"`` (the pattern database's
bound). The table and its cache file are built or read once per process,
before the first board that needs them. The file is kept in the cache
directory (``$IDASTAR_CACHE_DIR``, else ``$XDG_CACHE_HOME/idastar``, else
``~/.cache/idastar``); a missing, damaged or stale file, or anything but a
regular file in its place, is rebuilt, never trusted. ``engine="table"``
refuses ``node_limit`` (it expands no nodes), and ``$IDASTAR_CACHE_DIR``
naming a file is a ``ValueError`` that says where it came from.

:func:`solve` returns a :class:`RotationSolution`, whose ``centre`` is the
number left in the centre; a batch's arrays hold them in ``centres`` (-1
where not solved).

A move is its letter; a path is a tuple of letters (or any string or
sequence of letters, for :func:`replay`). With ``arrays=True`` the moves
are indices into :data:`MOVES` (0 is A).

``pack`` writes boards as the core's ``uint64`` codes: cell ``i`` holds its
number in bits ``2i .. 2i + 1``. ``unpack`` turns codes back to boards, one
a row.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import _core, _draw
from ._checks import exact_int, int_from, items_of
from ._core import InvalidPuzzle
from ._puzzle import Puzzle, Size, exports, rng
from ._results import Solution

_IMPORTED = set(globals())

NAME = "rotation"
CELLS = 24
#: The move letters, in the order of the tie-break.
MOVES = "ABCDEFGH"
#: Each move's line: each cell takes the value of the next, the first goes last.
LINES: dict[str, tuple[int, ...]] = {
    "A": (0, 2, 6, 11, 15, 20, 22),
    "B": (1, 3, 8, 12, 17, 21, 23),
    "C": (10, 9, 8, 7, 6, 5, 4),
    "D": (19, 18, 17, 16, 15, 14, 13),
    "E": (23, 21, 17, 12, 8, 3, 1),
    "F": (22, 20, 15, 11, 6, 2, 0),
    "G": (13, 14, 15, 16, 17, 18, 19),
    "H": (4, 5, 6, 7, 8, 9, 10),
}
#: The eight centre cells.
CENTRE = (6, 7, 8, 11, 12, 15, 16, 17)

#: A board: the 24 cells in the order of the picture above, each 1, 2 or 3.
Case = Sequence[int]


class RotationSolution(Solution[str]):
    """A :class:`~idastar.Solution` whose path is move letters, plus the centre number."""

    __slots__ = ("centre",)
    _FIELDS = (*Solution._FIELDS, "centre")
    _EXTRA = "centre"

    #: The number in the centre after the moves (None when not solved).
    centre: int | None


def _is_plain_board(values: object) -> bool:
    """A list of 24 ints of 1..3: a board that needs no careful reading."""
    return (
        type(values) is list
        and len(values) == CELLS
        and all(type(v) is int and 0 < v < 4 for v in values)
    )


def _board(values: Case) -> list[int]:
    """The 24 values as ints, or InvalidPuzzle naming what is wrong."""
    if _is_plain_board(values):
        return values  # type: ignore[return-value]
    items = items_of(values, "a board")
    if len(items) != CELLS:
        raise InvalidPuzzle(f"a board has {CELLS} cells, got {len(items)}")
    board = []
    for cell, value in enumerate(items):
        try:
            number = exact_int(value)
        except TypeError:
            raise InvalidPuzzle(f"cell {cell} must hold an integer, got {value!r}") from None
        if not 1 <= number <= 3:
            raise InvalidPuzzle(f"cell {cell} holds {number}; cells hold 1, 2 or 3")
        board.append(number)
    return board


# The core hands a path over as the string of its letters, which the
# solution takes as it is (a tuple of letters).
#: The puzzle: its :class:`~idastar.Puzzle` methods are this module's
#: ``solve``, ``solve_many``, ``distance``, ``lower_bound``, ``pack`` and ``unpack``.
PUZZLE: Puzzle[Case, str, RotationSolution] = Puzzle(
    NAME, values=_board, solution=RotationSolution, batch_rows="flat", size=Size(columns=CELLS)
)
if TYPE_CHECKING:
    from . import _verbs

    Engine = _verbs.RotationEngine
    Heuristic = _verbs.RotationHeuristic
    Options = _verbs.RotationOptions
else:
    Engine, Heuristic, Options = PUZZLE.types()
#: The engines, the default (fastest) first.
ENGINES: tuple[str, ...] = PUZZLE.engines
#: The heuristics, the default first.
HEURISTICS: tuple[str, ...] = PUZZLE.heuristics
#: A judge board 12 moves from a filled centre (13 is the most any needs)
#: on which the judge solution's IDA* expands 3.7 million boards, about
#: two seconds.
HARD_CASE: tuple[int, ...] = (
    *(1, 1, 3, 2, 2, 3, 1, 2, 1, 3, 1, 3),
    *(2, 2, 1, 3, 2, 1, 2, 3, 3, 3, 1, 2),
)


def apply(values: Case, move: str) -> tuple[int, ...]:
    """The board after ``move``, one letter A..H; InvalidPuzzle for anything else."""
    board = list(_board(values))
    line = LINES.get(move) if isinstance(move, str) else None
    if line is None:
        raise InvalidPuzzle(f"unknown move {move!r}; a move is one of the letters A to H")
    first = board[line[0]]
    for here, there in itertools.pairwise(line):
        board[here] = board[there]
    board[line[-1]] = first
    return tuple(board)


def is_solved(values: Case) -> bool:
    """True when the eight centre cells hold one number."""
    board = _board(values)
    return len({board[cell] for cell in CENTRE}) == 1


def random(*, seed: int | None = None) -> tuple[int, ...]:
    """A uniformly random judge board: eight each of 1, 2 and 3
    (deterministic for a ``seed``)."""
    board = [1] * 8 + [2] * 8 + [3] * 8
    rng(seed).shuffle(board)
    return tuple(board)


#: The verbs, typed by the registry's stub (``_verbs.pyi``).
_VERBS: _verbs.RotationVerbs = PUZZLE.verbs()
solve, solve_many, distance = _VERBS.solve, _VERBS.solve_many, _VERBS.distance
lower_bound, pack, unpack = _VERBS.lower_bound, _VERBS.pack, _VERBS.unpack
replay, draw = _VERBS.replay, _VERBS.draw


def centre_table(cells: int = 8) -> tuple[bytes, list[int]]:
    """The complete pattern database for one number on ``cells`` cells.

    The solver itself stores distances up to 9 and searches beyond; this
    completes the table first (once, then kept in the cache). Returns the
    distances (one byte per set of cells, in the order of the
    combinatorial number system: the i-th lowest cell c adds C(c, i + 1))
    and the number of sets at each distance. ``numpy.frombuffer`` turns the
    bytes into an array without copying.
    """
    return _core.rotation_table(int_from("cells", cells, 8, CELLS))


def census() -> list[int]:
    """How many of the 9,465,511,770 judge boards need 0, 1, 2, ... moves.

    Every board with eight of each number, solved from the table on all
    cores without the GIL (seconds to tens of seconds); Ctrl-C stops it
    within a fraction of a second (``KeyboardInterrupt``). The last index
    is the game's "God's number".

    Raises:
        ValueError: ``$IDASTAR_CACHE_DIR`` names something that cannot be a
            directory (see :func:`solve`).
    """
    return list(_core.rotation_census())


#: Each cell's (row, column) on the 7 x 7 grid the ``#`` lies on.
_PLACES: tuple[tuple[int, int], ...] = (
    *((row, column) for row in (0, 1) for column in (2, 4)),
    *((2, column) for column in range(7)),
    (3, 2),
    (3, 4),
    *((4, column) for column in range(7)),
    *((row, column) for row in (5, 6) for column in (2, 4)),
)
#: Where each move's letter stands, outside the end its line moves toward,
#: and how it is written when it is the move made: with the way it goes.
_LETTERS = {
    "A": (-1, 2, "A\u2191"),
    "B": (-1, 4, "B\u2191"),
    "C": (2, 7, "C\u2192"),
    "D": (4, 7, "D\u2192"),
    "E": (7, 4, "E\u2193"),
    "F": (7, 2, "F\u2193"),
    "G": (4, -1, "\u2190G"),
    "H": (2, -1, "\u2190H"),
}
#: Each number's fill: 1, 2 and 3 in colours any reader tells apart.
_NUMBER_FILLS = {1: _draw.ORANGE, 2: _draw.SKY_BLUE, 3: _draw.GREEN}
_CELL = 44


def _picture(board: Sequence[int], move: str | None, options: dict[str, Any]) -> _draw.Picture:
    """The ``#`` board: each cell its number on that number's colour, the
    centre's eight cells framed in black (the middle shows the number when
    they all hold one), the move letters around it, the line of ``move``
    outlined and its letter in bold with the way it goes."""
    values = _board(board)
    line = LINES[move] if move is not None else ()
    parts = []
    for cell, (row, column) in enumerate(_PLACES):
        x, y = (column + 1) * _CELL, (row + 1) * _CELL
        fill = _NUMBER_FILLS.get(values[cell], _draw.PAPER)
        parts.append(_draw.tile(x, y, _CELL, values[cell], fill, marked=cell in line))
    parts.append(
        _draw.rect(
            3 * _CELL,
            3 * _CELL,
            3 * _CELL,
            3 * _CELL,
            fill="none",
            stroke=_draw.BLACK,
            stroke_width=3,
            rx=3,
        )
    )
    centre = {values[cell] for cell in CENTRE}
    if len(centre) == 1:
        number = next(iter(centre))
        parts.append(
            _draw.element(
                "circle",
                cx=4.5 * _CELL,
                cy=4.5 * _CELL,
                r=_CELL * 0.36,
                fill=_NUMBER_FILLS.get(number, _draw.PAPER),
                stroke=_draw.BLACK,
                stroke_width=2,
            )
        )
        parts.append(_draw.text(4.5 * _CELL, 4.5 * _CELL, number, size=20, weight="bold"))
    for letter, (row, column, moving) in _LETTERS.items():
        picked = letter == move
        parts.append(
            _draw.text(
                (column + 1.5) * _CELL,
                (row + 1.5) * _CELL,
                moving if picked else letter,
                size=22 if picked else 16,
                weight="bold" if picked else None,
                fill=_draw.MARK if picked else _draw.INK,
            )
        )
    return _draw.Picture(9 * _CELL, 9 * _CELL, "".join(parts))


_DRAWING = _draw.Drawing(
    apply=lambda board, move, _: apply(board, move),
    picture=_picture,
    name="The Rotation Game",
    called="rotation board",
)
__all__ = exports(globals(), _IMPORTED)
