"""The 15-puzzle: :mod:`idastar.sliding` on the 4 x 4 board.

>>> from idastar import fifteen
>>> fifteen.distance([1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15])
8

Korf's 100 instances use the blank-first goal: ``goal="blank-first"``.
Every function takes the keyword arguments of its :mod:`idastar.sliding`
namesake except ``width`` and ``height``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, overload

from . import sliding
from ._results import BatchResult, Solution
from .sliding import MOVES, Engine, GoalSpec, Heuristic, Patterns

if TYPE_CHECKING:
    import numpy

__all__ = [
    "GOAL",
    "KORF_GOAL",
    "MOVES",
    "Engine",
    "GoalSpec",
    "Heuristic",
    "Patterns",
    "apply",
    "distance",
    "is_solvable",
    "lower_bound",
    "pack",
    "partition",
    "pattern_database",
    "solve",
    "solve_many",
    "unpack",
]

#: The judge's goal, ``1 2 ... 15 0``.
GOAL = sliding.goal_tiles("blank-last")
#: Korf's goal, ``0 1 ... 15``.
KORF_GOAL = sliding.goal_tiles("blank-first")


def solve(tiles: Sequence[int], **options: Any) -> Solution[str]:
    """:func:`idastar.sliding.solve` on the 4 x 4 board."""
    return sliding.solve(tiles, width=4, height=4, **options)


@overload
def solve_many(
    cases: Iterable[Sequence[int]], *, arrays: Literal[False] = ..., **options: Any
) -> list[Solution[str]]: ...
@overload
def solve_many(
    cases: Iterable[Sequence[int]], *, arrays: Literal[True], **options: Any
) -> BatchResult: ...
def solve_many(
    cases: Iterable[Sequence[int]], *, arrays: bool = False, **options: Any
) -> list[Solution[str]] | BatchResult:
    """:func:`idastar.sliding.solve_many` on the 4 x 4 board."""
    return sliding.solve_many(cases, width=4, height=4, arrays=arrays, **options)  # type: ignore[call-overload,no-any-return]


def distance(tiles: Sequence[int], **options: Any) -> int:
    """:func:`idastar.sliding.distance` on the 4 x 4 board."""
    return sliding.distance(tiles, width=4, height=4, **options)


def lower_bound(tiles: Sequence[int], **options: Any) -> int:
    """:func:`idastar.sliding.lower_bound` on the 4 x 4 board."""
    return sliding.lower_bound(tiles, width=4, height=4, **options)


def is_solvable(tiles: Sequence[int], goal: GoalSpec = "blank-last") -> bool:
    """:func:`idastar.sliding.is_solvable` on the 4 x 4 board."""
    return sliding.is_solvable(tiles, width=4, height=4, goal=goal)


def apply(tiles: Sequence[int], moves: str) -> tuple[int, ...]:
    """:func:`idastar.sliding.apply` on the 4 x 4 board."""
    return sliding.apply(tiles, moves, width=4, height=4)


def pack(boards: Any) -> numpy.ndarray:
    """:func:`idastar.sliding.pack` on the 4 x 4 board: one ``uint64`` a board."""
    return sliding.pack(boards, width=4, height=4)


def unpack(codes: Any) -> numpy.ndarray:
    """:func:`idastar.sliding.unpack` on the 4 x 4 board."""
    return sliding.unpack(codes, width=4, height=4)


def partition(name: str | None = None, goal: GoalSpec = "blank-last") -> list[tuple[int, ...]]:
    """:func:`idastar.sliding.partition` on the 4 x 4 board."""
    return sliding.partition(name, width=4, height=4, goal=goal)


def pattern_database(tiles: Sequence[int], **options: Any) -> numpy.ndarray:
    """:func:`idastar.sliding.pattern_database` on the 4 x 4 board."""
    return sliding.pattern_database(tiles, width=4, height=4, **options)
