"""The 15-puzzle: :mod:`.sliding` on the 4 x 4 board, as :mod:`idastar.fifteen` is."""

from __future__ import annotations

from collections.abc import Sequence

from . import sliding
from .job import Space, verbs


def board_of(tiles: Sequence[int], goal: Sequence[int] | None = None) -> Space[sliding.Board, str]:
    """The 4 x 4 board ``tiles`` towards ``goal``, as :func:`.sliding.board_of` has it."""
    return sliding.board_of(tiles, 4, 4, goal)


solve, distance, lower_bound = verbs(board_of)
