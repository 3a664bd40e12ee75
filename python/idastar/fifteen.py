"""The 15-puzzle: :mod:`idastar.sliding` on the 4 x 4 board.

>>> from idastar import fifteen
>>> fifteen.distance([1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15])
8

Korf's 100 instances use the blank-first goal: ``goal="blank-first"``.
Every function takes the options of its :mod:`idastar.sliding` namesake
but ``width`` and ``height`` (:class:`Options`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import sliding
from ._puzzle import Puzzle
from ._results import Solution
from .sliding import DEFAULT_STATE_LIMIT, MOVES, Engine, GoalSpec, Heuristic, Patterns, Progress

if TYPE_CHECKING:
    import numpy

    from ._verbs import FifteenOptions as Options
    from ._verbs import FifteenVerbs

__all__ = [
    "DEFAULT_STATE_LIMIT",
    "ENGINES",
    "GOAL",
    "HARD_CASE",
    "HEURISTICS",
    "KORF_GOAL",
    "MOVES",
    "NAME",
    "PUZZLE",
    "Case",
    "Engine",
    "GoalSpec",
    "Heuristic",
    "Options",
    "Patterns",
    "Progress",
    "apply",
    "distance",
    "draw",
    "is_solvable",
    "is_solved",
    "lower_bound",
    "pack",
    "partition",
    "pattern_database",
    "random",
    "replay",
    "solve",
    "solve_many",
    "unpack",
]

NAME = "fifteen"
#: The engines, the default (fastest) first: as :mod:`idastar.sliding`'s.
ENGINES: tuple[str, ...] = sliding.ENGINES
#: The heuristics, the default first.
HEURISTICS: tuple[str, ...] = sliding.HEURISTICS
#: A board that takes the generic IDA* seconds (see :data:`idastar.sliding.HARD_CASE`).
HARD_CASE: tuple[int, ...] = sliding.HARD_CASE
#: The judge's goal, ``1 2 ... 15 0``.
GOAL = sliding.goal_tiles("blank-last")
#: Korf's goal, ``0 1 ... 15``.
KORF_GOAL = sliding.goal_tiles("blank-first")
#: A board: 16 tiles row by row, ``0`` the blank.
Case = Sequence[int]


#: The puzzle: :data:`idastar.sliding.PUZZLE` on the 4 x 4 board. Its
#: :class:`~idastar.Puzzle` methods are this module's ``solve``,
#: ``solve_many``, ``distance``, ``lower_bound``, ``pack`` and ``unpack``,
#: which take the options of their :mod:`idastar.sliding` namesakes but
#: ``width`` and ``height``.
PUZZLE: Puzzle[Case, str, Solution[str]] = Puzzle(
    NAME,
    core=sliding.NAME,
    values=sliding.PUZZLE.values,
    move=sliding.PUZZLE.move,
    batch_rows="flat",
    fixed={"width": 4, "height": 4},
    keeping=sliding.PUZZLE.keeping,
    out_of_memory=True,
)
if not TYPE_CHECKING:
    Options = PUZZLE.types()[2]
#: The verbs, typed by the registry's stub (``_verbs.pyi``).
_VERBS: FifteenVerbs = PUZZLE.verbs()
solve, solve_many, distance = _VERBS.solve, _VERBS.solve_many, _VERBS.distance
lower_bound, pack, unpack = _VERBS.lower_bound, _VERBS.pack, _VERBS.unpack


def is_solvable(tiles: Case, goal: GoalSpec = "blank-last") -> bool:
    """:func:`idastar.sliding.is_solvable` on the 4 x 4 board."""
    return sliding.is_solvable(tiles, width=4, height=4, goal=goal)


def apply(tiles: Case, move: str) -> tuple[int, ...]:
    """:func:`idastar.sliding.apply` on the 4 x 4 board: one move letter."""
    return sliding.apply(tiles, move, width=4, height=4)


def replay(tiles: Case, path: Iterable[str]) -> tuple[int, ...]:
    """:func:`idastar.sliding.replay` on the 4 x 4 board."""
    return sliding.replay(tiles, path, width=4, height=4)


def is_solved(tiles: Case, goal: GoalSpec = "blank-last") -> bool:
    """:func:`idastar.sliding.is_solved` on the 4 x 4 board."""
    return sliding.is_solved(tiles, width=4, height=4, goal=goal)


def random(*, goal: GoalSpec = "blank-last", seed: int | None = None) -> tuple[int, ...]:
    """:func:`idastar.sliding.random` on the 4 x 4 board."""
    return sliding.random(4, 4, goal=goal, seed=seed)


def partition(name: str | None = None, goal: GoalSpec = "blank-last") -> list[tuple[int, ...]]:
    """:func:`idastar.sliding.partition` on the 4 x 4 board."""
    return sliding.partition(name, width=4, height=4, goal=goal)


def pattern_database(
    tiles: Sequence[int],
    *,
    goal: GoalSpec = "blank-last",
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> numpy.ndarray:
    """:func:`idastar.sliding.pattern_database` on the 4 x 4 board."""
    return sliding.pattern_database(
        tiles, width=4, height=4, goal=goal, cache_dir=cache_dir, progress=progress
    )


def draw(tiles: Case, *, goal: GoalSpec = "blank-last") -> str:
    """:func:`idastar.sliding.draw` on the 4 x 4 board: the tiles as
    numbered squares coloured by their goal row."""
    return sliding.draw(tiles, width=4, height=4, goal=goal)
