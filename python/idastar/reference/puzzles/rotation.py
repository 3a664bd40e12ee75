"""The Rotation Game: fill the centre of a ``#``-shaped board with one number.

A board is a tuple of 24 numbers (1, 2 or 3) in the judge's cell order. A
move, named by a letter A..H, rotates one line of seven cells by one place:
each cell of the line takes the value of the next cell in the line and the
first value goes to the last cell. The goal is the eight centre cells
holding one number; the answer is the shortest move sequence, the
alphabetically first among the shortest, and the number in the centre.

Two independent ways to the answer, both written for reading, not speed:

* :func:`solve`: IDA* over boards, moves tried A to H, guided by ``8 -`` the
  count of the most frequent number in the centre (one move changes at most
  one centre cell). The first goal found is the alphabetically first of the
  shortest sequences.
* :func:`centre_distances`: breadth-first search over the positions of one
  number (a set of cells, as a bit mask), the pattern database behind the fast
  solver, computed here from scratch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, cast

from .job import Space, verbs

if TYPE_CHECKING:
    from ...rotation import RotationSolution

Board = tuple[int, ...]

CELLS = 24
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
CENTRE = (6, 7, 8, 11, 12, 15, 16, 17)
INVERSE = {"A": "F", "F": "A", "B": "E", "E": "B", "C": "H", "H": "C", "D": "G", "G": "D"}


def _validated(values: Sequence[int]) -> Board:
    board = tuple(values)
    if len(board) != CELLS:
        raise ValueError(f"a board has {CELLS} cells, got {len(board)}")
    if any(isinstance(v, bool) or v not in (1, 2, 3) for v in board):
        raise ValueError(f"cells hold 1, 2 or 3, got {board!r}")
    return board


def rotate(board: Board, letter: str) -> Board:
    """The board after one move."""
    line = LINES[letter]
    cells = list(board)
    for position, cell in enumerate(line):
        cells[cell] = board[line[(position + 1) % len(line)]]
    return tuple(cells)


def apply(values: Sequence[int], moves: str) -> Board:
    """The board after the move letters, one after the other."""
    board = _validated(values)
    for letter in moves:
        board = rotate(board, letter)
    return board


def centre_bound(board: Board) -> int:
    """``8 -`` the count of the most frequent number in the centre."""
    centre = [board[cell] for cell in CENTRE]
    return 8 - max(centre.count(value) for value in (1, 2, 3))


def is_solved(board: Board) -> bool:
    return centre_bound(board) == 0


def board_of(values: Sequence[int]) -> Space[tuple[Board, str], str]:
    """The board ``values``: states are ``(board, last move)``, so that the
    move undoing the last one is skipped, as the judge solution does (a
    shortest sequence never holds a move and its undo); moves are tried
    from A to H, so the first goal IDA* finds is the alphabetically first
    of the shortest sequences, under ``8 -`` the count of the most frequent
    number in the centre. A solution's ``centre`` is the number filling it."""
    from ...rotation import RotationSolution

    def moves(state: tuple[Board, str]) -> Iterator[tuple[str, tuple[Board, str]]]:
        board, last = state
        for letter in "ABCDEFGH":
            if not (last and INVERSE[last] == letter):
                yield letter, (rotate(board, letter), letter)

    return Space(
        (_validated(values), ""),
        moves,
        lambda state: is_solved(state[0]),
        lambda state: centre_bound(state[0]),
        solution=RotationSolution,
        extra=lambda goal: {"centre": goal[0][CENTRE[0]]},
    )


#: The shortest, alphabetically first move sequence and the centre number;
#: the path is the move letters, as :func:`idastar.rotation.solve` gives it.
#: (The verbs' breadth-first ``distance`` would take long here.)
solve = cast("Callable[..., RotationSolution]", verbs(board_of).solve)


def centre_distances(cells: int = 8) -> dict[int, int]:
    """Moves needed by one number on ``cells`` cells, for every placement.

    A placement is the set of cells holding the number, written as a mask
    (bit ``c`` for cell ``c``). Breadth-first search backwards from the
    placements that cover the centre; moves are undone by other moves, so
    searching forwards with all eight gives the same distances.
    """
    import itertools

    def mask(cells: Iterable[int]) -> int:
        return sum(1 << cell for cell in cells)

    others = [cell for cell in range(CELLS) if cell not in CENTRE]
    frontier = [mask(CENTRE) | mask(extra) for extra in itertools.combinations(others, cells - 8)]
    distances = dict.fromkeys(frontier, 0)
    # A move sends the value at cell `source` to cell `moved_to[source]`. It
    # moves a mask one byte at a time: each byte's 256 values are looked up
    # in a table made once per move, instead of moving 24 bits one by one.
    byte_tables = []
    for line in LINES.values():
        moved_to = {line[(i + 1) % 7]: cell for i, cell in enumerate(line)}
        byte_tables.append(
            [
                [
                    mask(
                        moved_to.get(cell, cell)
                        for cell in range(8 * byte, 8 * byte + 8)
                        if value >> cell - 8 * byte & 1
                    )
                    for value in range(256)
                ]
                for byte in range(3)
            ]
        )
    depth = 0
    while frontier:
        depth += 1
        following = []
        for placement in frontier:
            for low, middle, high in byte_tables:
                after = (
                    low[placement & 0xFF] | middle[placement >> 8 & 0xFF] | high[placement >> 16]
                )
                if after not in distances:
                    distances[after] = depth
                    following.append(after)
        frontier = following
    return distances


def layer_sizes(distances: dict[int, int]) -> list[int]:
    """How many placements lie at each distance."""
    sizes = [0] * (max(distances.values()) + 1)
    for distance in distances.values():
        sizes[distance] += 1
    return sizes
