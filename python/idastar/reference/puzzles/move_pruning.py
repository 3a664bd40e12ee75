"""Pruning duplicate move sequences of the sliding tiles, from the definition.

Mirrors ``rust/core/src/puzzles/sliding/cycles.rs`` (Taylor and Korf 1993),
without its automaton. Two sequences of blank moves that start on one cell,
end on one cell and leave every tile where the other leaves it lead from
any board to the same board. Sequences are ordered by length, then move by
move in the order the core tries moves (``U L R D``); a sequence is
*forbidden* when an earlier one has its effect and visits no cell it does
not. A search may skip every move that completes a forbidden sequence and
stays optimal.

* :func:`forbidden_sequences`: the forbidden sequences up to a length, found
  by tracing every sequence on an unbounded grid;
* :func:`board_of`: a board as a search space whose moves skip them, so
  that the generic reference IDA* counts what the tiles' own IDA* of the
  core counts with ``move_pruning``;
* :func:`solve`: IDA* on that space.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from . import sliding
from .job import Space, verbs

#: The moves in the order the core's tiles search tries them (``Dir::ALL``):
#: the letter of the way the blank goes, and its step in rows and columns.
MOVES = (("U", (-1, 0)), ("L", (0, -1)), ("R", (0, 1)), ("D", (1, 0)))

Cell = tuple[int, int]
#: Where the blank ends, and each visited cell whose content came from
#: another cell, with that cell, in order.
Effect = tuple[Cell, tuple[tuple[Cell, Cell], ...]]


def trace(sequence: str) -> tuple[Effect, frozenset[Cell]]:
    """The effect of the moves ``sequence`` from the cell ``(0, 0)`` of an
    unbounded grid, and the cells they visit."""
    step = dict(MOVES)
    blank: Cell = (0, 0)
    came_from: dict[Cell, Cell] = {}
    visited = {blank}
    for letter in sequence:
        row, column = step[letter]
        target = (blank[0] + row, blank[1] + column)
        came_from[blank], came_from[target] = (
            came_from.get(target, target),
            came_from.get(blank, blank),
        )
        blank = target
        visited.add(target)
    moved = tuple(sorted((cell, origin) for cell, origin in came_from.items() if cell != origin))
    return (blank, moved), frozenset(visited)


def fits(cells: frozenset[Cell], width: int, height: int) -> bool:
    """Whether ``cells`` fit within ``width`` columns and ``height`` rows."""
    rows = [row for row, _ in cells]
    columns = [column for _, column in cells]
    return max(rows) - min(rows) < height and max(columns) - min(columns) < width


def completes_one(sequence: str, forbidden: set[str]) -> bool:
    """Whether ``sequence`` ends with a forbidden sequence."""
    return any(sequence[-length:] in forbidden for length in range(1, len(sequence) + 1))


@functools.cache
def forbidden_sequences(length: int, width: int, height: int) -> tuple[str, ...]:
    """The forbidden sequences of at most ``length`` moves whose cells fit
    ``width`` columns and ``height`` rows, in the order found: by length,
    then move by move; none holds a shorter one (found once a process)."""
    forbidden: set[str] = set()
    in_order: list[str] = []
    empty, start = trace("")
    first: dict[Effect, frozenset[Cell]] = {empty: start}
    for depth in range(1, length + 1):
        found = []
        for sequence in _sequences(depth, width, height, forbidden):
            effect, visited = trace(sequence)
            if effect not in first:
                first[effect] = visited
            elif first[effect] <= visited:
                found.append(sequence)
        forbidden.update(found)
        in_order.extend(found)
    return tuple(in_order)


def _sequences(depth: int, width: int, height: int, forbidden: set[str]) -> Iterator[str]:
    """The sequences of ``depth`` moves, in order, that fit the board and
    hold no forbidden sequence."""

    def extend(sequence: str) -> Iterator[str]:
        if len(sequence) == depth:
            yield sequence
            return
        for letter, _ in MOVES:
            longer = sequence + letter
            if completes_one(longer, forbidden) or not fits(trace(longer)[1], width, height):
                continue
            yield from extend(longer)

    return extend("")


#: A search state: the board, the last moves made (as many as can complete
#: a forbidden sequence), and the moves made so far, which keeps every
#: state of a path apart, so that the engine's path check skips nothing the
#: core's search does not.
State = tuple[sliding.Board, str, int]


def board_of(
    tiles: Sequence[int],
    move_pruning: int,
    width: int | None = None,
    height: int | None = None,
    goal: Sequence[int] | None = None,
) -> Space[State, str]:
    """The board ``tiles`` as :func:`idastar.reference.sliding.board_of`
    makes it, its moves tried in the core's order, skipping every move that
    completes a forbidden sequence of at most ``move_pruning`` moves (2
    skips the move that undoes the last)."""
    plain = sliding.board_of(tiles, width, height, goal)
    width, height = sliding._shape(tiles, width, height)
    forbidden = set(forbidden_sequences(move_pruning, width, height))

    def moves(state: State) -> Iterator[tuple[str, State]]:
        board, recent, depth = state
        after = dict(sliding.moves_from(board, width, height))
        for letter, _ in MOVES:
            if letter not in after or completes_one(recent + letter, forbidden):
                continue
            yield letter, (after[letter], (recent + letter)[1 - move_pruning :], depth + 1)

    return Space(
        (plain.start, "", 0),
        moves,
        lambda state: plain.is_goal(state[0]),
        lambda state: plain.bound(state[0]),
    )


solve, distance, lower_bound = verbs(board_of)
