"""Sliding-tile puzzles, written for reading rather than speed.

A board is a tuple of ``width * height`` tiles, row by row, ``0`` the blank.
A move slides a tile next to the blank into it, and is named by the way the
*blank* goes: ``U``, ``D``, ``L`` or ``R``. The goal is any arrangement; the
judge's is ``1 2 ... n-1 0``.

* :func:`solve`: IDA* with the Manhattan distance (the generic reference
  engine; no move pruning, the engine's path check does the rest), as an
  :class:`idastar.Solution` whose path :func:`idastar.sliding.replay` replays
  (:mod:`idastar.reference.puzzles.move_pruning` skips the duplicate move
  sequences, as the core's tiles search does);
* :func:`distance`, :func:`distance_distribution`: breadth-first search, the
  oracle that involves no heuristic at all;
* :func:`is_solvable`: the parity rule, which the tests check against
  breadth-first search on small boards;
* :func:`pattern_database`: a pattern's values by a 0-1 breadth-first search
  over (placement, blank), the oracle for the Rust databases;
* :func:`pattern_bound`: the additive bound of disjoint patterns, with the
  reflected and the dual lookups, straight from their definitions.
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Iterator, Sequence

from ..engines import bfs_layers
from .job import Space, verbs

Board = tuple[int, ...]
MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def goal_blank_last(width: int, height: int) -> Board:
    """``1 2 ... n-1 0``."""
    return (*range(1, width * height), 0)


def _validated(tiles: Sequence[int], width: int, height: int) -> Board:
    board = tuple(tiles)
    if sorted(board) != list(range(width * height)):
        raise ValueError(f"a {width}x{height} board holds 0..{width * height - 1} once each")
    return board


def moves_from(board: Board, width: int, height: int) -> Iterator[tuple[str, Board]]:
    """Every move out of ``board`` with the board it leads to."""
    blank = board.index(0)
    row, col = divmod(blank, width)
    for letter, (dr, dc) in MOVES.items():
        r, c = row + dr, col + dc
        if 0 <= r < height and 0 <= c < width:
            cell = r * width + c
            after = list(board)
            after[blank], after[cell] = after[cell], 0
            yield letter, tuple(after)


def apply(board: Sequence[int], letters: str, width: int, height: int) -> Board:
    """The board after the moves ``letters``; ``ValueError`` for a move off the board."""
    state = _validated(board, width, height)
    for letter in letters:
        for name, after in moves_from(state, width, height):
            if name == letter:
                state = after
                break
        else:
            raise ValueError(f"move {letter!r} is not possible on {state}")
    return state


def manhattan(board: Sequence[int], goal: Sequence[int], width: int) -> int:
    """Each tile's row and column distance to its goal cell, summed (the blank not counted)."""
    home = {tile: cell for cell, tile in enumerate(goal)}
    total = 0
    for cell, tile in enumerate(board):
        if tile:
            target = home[tile]
            total += abs(cell // width - target // width) + abs(cell % width - target % width)
    return total


def is_solvable(board: Sequence[int], goal: Sequence[int], width: int) -> bool:
    """Whether ``board`` can reach ``goal``.

    A move swaps the blank with a neighbour: a transposition of the cells'
    contents, which moves the blank one step. So the parity of the
    permutation from board to goal (blank included) and the parity of the
    blank's taxicab distance to its goal cell change together, and must
    agree. (That they suffice is the classic theorem; the tests check it.)
    """
    home = {tile: cell for cell, tile in enumerate(goal)}
    mapping = [home[tile] for tile in board]
    inversions = sum(
        1 for i, j in itertools.combinations(range(len(mapping)), 2) if mapping[i] > mapping[j]
    )
    blank, target = board.index(0), home[0]
    blank_steps = abs(blank // width - target // width) + abs(blank % width - target % width)
    return inversions % 2 == blank_steps % 2


def _successors(width: int, height: int):  # type: ignore[no-untyped-def]
    def successors(board: Board) -> Iterator[tuple[Board, int]]:
        for _, after in moves_from(board, width, height):
            yield after, 1

    return successors


def _shape(tiles: Sequence[int], width: int | None, height: int | None) -> tuple[int, int]:
    """The board's shape: as given, or the square of ``len(tiles)`` cells."""
    if width is not None and height is not None:
        return width, height
    side = round(len(tiles) ** 0.5)
    if side * side != len(tiles):
        raise ValueError(f"{len(tiles)} tiles are not a square board; give width and height")
    return side, side


def board_of(
    tiles: Sequence[int],
    width: int | None = None,
    height: int | None = None,
    goal: Sequence[int] | None = None,
) -> Space[Board, str]:
    """The board ``tiles`` of ``width`` x ``height`` (a square board's shape
    need not be given) towards ``goal`` (``1 2 ... 0`` by default), under
    the Manhattan distance (the generic reference engine; no move pruning,
    the engine's path check does the rest); the moves are the letters of
    the way the blank goes, as :func:`idastar.sliding.replay` replays them.
    A board that cannot reach the goal (see :func:`is_solvable`) is a
    ValueError: on one, IDA* would deepen forever."""
    width, height = _shape(tiles, width, height)
    target = tuple(goal) if goal is not None else goal_blank_last(width, height)
    start = _validated(tiles, width, height)
    if not is_solvable(start, target, width):
        raise ValueError("the board cannot reach the goal")
    return Space(
        start,
        lambda board: moves_from(board, width, height),
        lambda board: board == target,
        lambda board: manhattan(board, target, width),
    )


solve, distance, lower_bound = verbs(board_of)


def distance_distribution(width: int, height: int, goal: Sequence[int] | None = None) -> list[int]:
    """Boards by distance from the goal, over everything that reaches it."""
    target = tuple(goal) if goal is not None else goal_blank_last(width, height)
    return bfs_layers(target, _successors(width, height))


def pattern_database(
    pattern: Sequence[int], width: int, height: int, goal: Sequence[int] | None = None
) -> dict[tuple[int, ...], int]:
    """For each placement of the ``pattern`` tiles (their cells, in pattern
    order), the fewest moves of pattern tiles that bring them home.

    A 0-1 breadth-first search over (placement, blank cell) from the goal
    state, the blank on its goal cell: the blank moving onto another tile's
    cell costs nothing (that tile is not distinguished), onto a pattern
    tile's cell it costs one. Moves are reversible, so distances from the
    goal are distances to it. The value of a placement is the least over
    where the blank is.
    """
    target = tuple(goal) if goal is not None else goal_blank_last(width, height)
    values: dict[tuple[int, ...], int] = {}
    for (placement, _), cost in _distances(tuple(pattern), width, height, target).items():
        values[placement] = min(cost, values.get(placement, cost))
    return values


@functools.cache
def _distances(
    pattern: tuple[int, ...], width: int, height: int, target: Board
) -> dict[tuple[tuple[int, ...], int], int]:
    """The 0-1 search of :func:`pattern_database`: the fewest moves of
    pattern tiles from each (placement, blank cell) to the goal state."""
    home = tuple(target.index(tile) for tile in pattern)
    goal_blank = target.index(0)
    best: dict[tuple[tuple[int, ...], int], int] = {(home, goal_blank): 0}
    queue: deque[tuple[tuple[int, ...], int, int]] = deque([(home, goal_blank, 0)])
    while queue:
        placement, blank, cost = queue.popleft()
        if best[placement, blank] < cost:
            continue
        row, col = divmod(blank, width)
        for dr, dc in MOVES.values():
            r, c = row + dr, col + dc
            if not (0 <= r < height and 0 <= c < width):
                continue
            cell = r * width + c
            if cell in placement:
                moved = tuple(blank if p == cell else p for p in placement)
                step = 1
            else:
                moved, step = placement, 0
            key = (moved, cell)
            if key not in best or best[key] > cost + step:
                best[key] = cost + step
                if step:
                    queue.append((moved, cell, cost + 1))
                else:
                    queue.appendleft((moved, cell, cost))
    return best


#: The regions of empty cells whose excess a zero-aware database keeps.
KEPT_REGIONS = 4
#: The largest excess it keeps, in pairs of moves.
KEPT_EXCESS = 3


def zero_aware_database(
    pattern: Sequence[int],
    width: int,
    height: int,
    goal: Sequence[int] | None = None,
    compact: bool = False,
) -> dict[tuple[tuple[int, ...], int], int]:
    """For each placement of the ``pattern`` tiles and cell of the blank,
    the placement's value read by the blank's region of empty cells: the
    fewest moves of pattern tiles from there, as the 0-1 search of
    :func:`pattern_database` finds them, kept as the core keeps them: the
    least over the regions plus the region's excess, in pairs of moves and
    at most ``KEPT_EXCESS`` of them, for the first ``KEPT_REGIONS`` regions
    (numbered by their lowest cell); further regions read the least. A
    ``compact`` database keeps every region's distance exactly."""
    target = tuple(goal) if goal is not None else goal_blank_last(width, height)
    least = pattern_database(pattern, width, height, target)
    exact = _distances(tuple(pattern), width, height, target)
    values: dict[tuple[tuple[int, ...], int], int] = {}
    for placement, value in least.items():
        for number, region in enumerate(_regions(placement, width, height)):
            for blank in region:
                distance = exact.get((placement, blank), value)
                excess = (distance - value) // 2
                if not compact:
                    excess = min(excess, KEPT_EXCESS) if number < KEPT_REGIONS else 0
                values[placement, blank] = value + 2 * excess
    return values


def _regions(placement: Sequence[int], width: int, height: int) -> list[list[int]]:
    """The connected regions of the cells ``placement`` leaves empty, by
    their lowest cell."""
    empty = set(range(width * height)) - set(placement)
    regions = []
    while empty:
        start = min(empty)
        region, frontier = {start}, [start]
        while frontier:
            row, col = divmod(frontier.pop(), width)
            for dr, dc in MOVES.values():
                r, c = row + dr, col + dc
                cell = r * width + c
                if 0 <= r < height and 0 <= c < width and cell in empty and cell not in region:
                    region.add(cell)
                    frontier.append(cell)
        regions.append(sorted(region))
        empty -= region
    return regions


@functools.cache
def _values(
    pattern: tuple[int, ...], width: int, height: int, goal: Board
) -> dict[tuple[int, ...], int]:
    return pattern_database(pattern, width, height, goal)


@functools.cache
def _zero_aware_values(
    pattern: tuple[int, ...], width: int, height: int, goal: Board, compact: bool = False
) -> dict[tuple[tuple[int, ...], int], int]:
    return zero_aware_database(pattern, width, height, goal, compact)


def _additive(
    board: Sequence[int],
    patterns: Sequence[Sequence[int]],
    width: int,
    height: int,
    goal: Board,
    zero_aware: bool = False,
    compact: bool = False,
) -> int:
    """The patterns' values added (each read by the blank's region when
    ``zero_aware``, exactly when ``compact`` too), tiles in no pattern by
    their Manhattan distance."""
    cell_of = {tile: cell for cell, tile in enumerate(board)}
    covered = {tile for pattern in patterns for tile in pattern}
    if zero_aware:
        bound = sum(
            _zero_aware_values(tuple(p), width, height, goal, compact)[
                tuple(cell_of[t] for t in p), cell_of[0]
            ]
            for p in patterns
        )
    else:
        bound = sum(
            _values(tuple(p), width, height, goal)[tuple(cell_of[t] for t in p)] for p in patterns
        )
    for tile in range(1, width * height):
        if tile not in covered:
            home = goal.index(tile)
            bound += abs(cell_of[tile] // width - home // width) + abs(
                cell_of[tile] % width - home % width
            )
    return bound


def _mirrored(board: Sequence[int], goal: Board, width: int) -> Board:
    """The board mirrored about its main diagonal, each tile renamed after
    the tile whose goal cell its own goal cell mirrors onto."""
    mirror = [(cell % width) * width + cell // width for cell in range(len(board))]
    mirrored = [0] * len(board)
    for cell, tile in enumerate(board):
        mirrored[mirror[cell]] = goal[mirror[goal.index(tile)]]
    return tuple(mirrored)


def _dual_bound(
    board: Sequence[int], patterns: Sequence[Sequence[int]], width: int, height: int, goal: Board
) -> int:
    """The bound from the dual board. Name tiles by their goal cells: the
    dual board is the inverse permutation. With the blank on cell ``b``, the
    dual board with the names of the blank and of tile ``b`` swapped is as
    far from the goal with those two swapped as the board is from the goal."""
    dual = [0] * len(board)
    for cell, tile in enumerate(board):
        dual[goal.index(tile)] = goal[cell]
    named = goal[board.index(0)]
    swap = {0: named, named: 0}
    relabelled = tuple(swap.get(tile, tile) for tile in dual)
    target = tuple(swap.get(tile, tile) for tile in goal)
    return _additive(relabelled, patterns, width, height, target)


def pattern_bound(
    board: Sequence[int],
    patterns: Sequence[Sequence[int]],
    width: int,
    height: int,
    goal: Sequence[int] | None = None,
    reflect: bool = True,
    dual: bool = False,
    zero_aware: bool = False,
    compact: bool = False,
) -> int:
    """The largest of the additive bounds of disjoint ``patterns`` (tiles)
    on the board, on its mirror image when ``reflect`` and the goal maps onto
    itself (its blank's goal on the diagonal of a square board), and on the
    duals of both when ``dual`` (which read the least over the regions
    even when the others read the blank's, ``zero_aware``; exactly, as
    compact databases keep them, when ``compact``)."""
    target = tuple(goal) if goal is not None else goal_blank_last(width, height)
    blank = target.index(0)
    boards = [tuple(board)]
    if reflect and width == height and blank // width == blank % width:
        boards.append(_mirrored(board, target, width))
    bounds = [_additive(b, patterns, width, height, target, zero_aware, compact) for b in boards]
    if dual:
        bounds += [_dual_bound(b, patterns, width, height, target) for b in boards]
    return max(bounds)


def catalogue_bound(
    board: Sequence[int],
    partitions: Sequence[Sequence[Sequence[int]]],
    width: int,
    height: int,
    goal: Sequence[int] | None = None,
    reflect: bool = True,
    zero_aware: bool = False,
) -> int:
    """The largest of the bounds of several partitions (each as
    :func:`pattern_bound` takes its patterns), as ``patterns="A+B"`` asks."""
    return max(
        pattern_bound(board, patterns, width, height, goal, reflect, zero_aware=zero_aware)
        for patterns in partitions
    )
