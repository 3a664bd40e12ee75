"""The 15-puzzle: :mod:`.sliding` on the 4 x 4 board, as :mod:`idastar.fifteen` is."""

from __future__ import annotations

from collections.abc import Sequence

from ..._results import Solution
from . import sliding


def solve(
    tiles: Sequence[int], goal: Sequence[int] | None = None, *, max_moves: int | None = None
) -> Solution[str]:
    """:func:`.sliding.solve` on the 4 x 4 board."""
    return sliding.solve(tiles, 4, 4, goal, max_moves=max_moves)
