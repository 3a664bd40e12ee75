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
>>> result = rotation.solve([1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3])
>>> result.moves, result.centre
('AC', 2)

Two solvers give the same answer: ``engine="table"`` (the default) follows a
pattern database of the 735,471 ways eight cells can hold one number and
answers in microseconds; ``engine="ida"`` is the judge solution's IDA*.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

from . import _core
from ._checks import (
    case_array,
    code_array,
    exact_int,
    int_from,
    is_array,
    items_of,
    non_negative,
    positive,
    seconds,
)
from ._core import InvalidPuzzle
from ._results import BatchResult, Solution

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = [
    "CELLS",
    "CENTRE",
    "LINES",
    "MOVES",
    "Engine",
    "RotationSolution",
    "apply",
    "census",
    "centre_table",
    "is_solved",
    "pack",
    "solve",
    "solve_many",
    "unpack",
]

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

Engine = Literal["table", "ida"]


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


def _board(values: Sequence[int]) -> list[int]:
    """The 24 values as ints, or InvalidPuzzle naming what is wrong."""
    if _is_plain_board(values):
        return list(values)  # what the careful reading below returns, a list of our own
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


def apply(values: Sequence[int], moves: str) -> tuple[int, ...]:
    """The board after the move letters ``moves``, one after the other."""
    board = _board(values)
    for letter in moves:
        if letter not in LINES:
            raise InvalidPuzzle(f"unknown move {letter!r}; moves are the letters A to H")
        line = LINES[letter]
        first = board[line[0]]
        for here, there in itertools.pairwise(line):
            board[here] = board[there]
        board[line[-1]] = first
    return tuple(board)


def is_solved(values: Sequence[int]) -> bool:
    """True when the eight centre cells hold one number."""
    board = _board(values)
    return len({board[cell] for cell in CENTRE}) == 1


def solve(
    values: Sequence[int],
    *,
    engine: Engine = "table",
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> RotationSolution:
    """The shortest, lexicographically smallest move sequence and the centre number.

    Args:
        values: the 24 cells in the order of the picture above, each 1, 2 or
            3 (the judge has eight of each; any board works, since 24 cells
            always hold some number eight times).
        engine: ``"table"`` (pattern database, microseconds) or ``"ida"``
            (the judge solution's IDA*, milliseconds to seconds).
        node_limit, time_limit: limits for ``"ida"``.

    The table is kept in the cache directory (``$IDASTAR_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/idastar``, else ``~/.cache/idastar``); a missing,
    damaged or stale file, or anything but a regular file in its place, is
    rebuilt, never trusted.

    Raises:
        InvalidPuzzle: not 24 integers of 1..3.
        ValueError: ``$IDASTAR_CACHE_DIR`` names a file, or a path through
            one (``engine="table"`` only; the message says where it came from).
    """
    raw, centre = _core.rotation_solve(
        _board(values),
        engine=engine,
        max_nodes=non_negative("node_limit", node_limit),
        time_limit=seconds("time_limit", time_limit),
    )
    return RotationSolution._from_raw(raw, centre=centre)


@overload
def solve_many(
    boards: Iterable[Sequence[int]],
    *,
    engine: Engine = ...,
    threads: int | None = ...,
    arrays: Literal[False] = ...,
    paths: bool = ...,
) -> list[tuple[str, int]]: ...
@overload
def solve_many(
    boards: Iterable[Sequence[int]],
    *,
    engine: Engine = ...,
    threads: int | None = ...,
    arrays: Literal[True],
    paths: bool = ...,
) -> BatchResult: ...
def solve_many(
    boards: Iterable[Sequence[int]],
    *,
    engine: Engine = "table",
    threads: int | None = None,
    arrays: bool = False,
    paths: bool = True,
) -> list[tuple[str, int]] | BatchResult:
    """``(moves, centre)`` for many boards at once, on all cores, in input order.

    The lean form of :func:`solve` for large batches: no statistics objects.
    ``boards`` is a sequence of boards or a numpy integer array of shape
    ``(boards, 24)``. ``threads`` caps the cores used (default: all).

    With ``arrays=True`` the result is a :class:`~idastar.BatchResult` of
    numpy arrays, the centre numbers in its ``centres`` and (unless
    ``paths=False``) the moves in ``paths`` as indices into :data:`MOVES`
    (0 is A), padded with -1.

    A bad board raises :class:`~idastar.InvalidPuzzle` naming its 0-based
    index before anything is solved.
    """
    threads = positive("threads", threads)
    cases: Any
    if is_array(boards):
        cases = case_array(boards, CELLS)
    else:
        cases = boards if isinstance(boards, list) else list(boards)
        plain = all(_is_plain_board(board) for board in cases)
        if not plain:  # tuples, arrays as rows, or something to complain about
            checked = []
            for index, values in enumerate(cases):
                try:
                    checked.append(_board(values))
                except InvalidPuzzle as error:
                    raise InvalidPuzzle(f"case {index}: {error}") from None
            cases = checked
    answers = _core.rotation_solve_many(
        cases, engine=engine, threads=threads, arrays=arrays, paths=paths
    )
    if arrays:
        return BatchResult._from_arrays(answers)
    return answers  # type: ignore[no-any-return]


def pack(boards: Any) -> NDArray[numpy.uint64]:
    """Boards (a ``(boards, 24)`` integer array, or a sequence of boards) as
    the core's ``uint64`` codes: cell ``i`` holds its number in bits
    ``2i .. 2i + 1``. Vectorized; a bad row raises
    :class:`~idastar.InvalidPuzzle` naming it."""
    return _core.rotation_pack(case_array(boards, CELLS))


def unpack(codes: Any) -> NDArray[numpy.int64]:
    """``uint64`` codes (as :func:`pack` makes them) back to boards, one a row."""
    return _core.rotation_unpack(code_array(codes))


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
