"""Pancake sorting: sort a stack with the fewest flips of its top.

A stack of ``n`` pancakes is a permutation of ``1..n`` from the top, the goal
``1, 2, ..., n``; a move flips the top ``k`` (``2 <= k <= n``), written ``k``.

>>> from idastar import pancake
>>> result = pancake.solve([3, 1, 2])
>>> result.cost, result.path, pancake.replay([3, 1, 2], result.path)
(2, (3, 2), (1, 2, 3))
>>> [len(pancake.distance_distribution(n)) - 1 for n in range(1, 8)]  # OEIS A058986
[0, 1, 3, 4, 5, 7, 8]

``"gap"`` (Helmert 2010) counts neighbours whose sizes differ by more than
one (the bottom one against the plate); ``"gap-lookahead"`` adds one when no
flip removes a gap. ``pack`` puts pancake ``p`` at place ``i`` from the top
in bits ``6i`` to ``6i + 5`` as ``p - 1``, ten a ``uint64`` word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import _draw
from ._checks import int_from, int_or_none
from ._core import InvalidPuzzle
from ._puzzle import Length, Puzzle, exports, integers, permutation
from ._results import Solution

_IMPORTED = set(globals())

NAME = "pancake"
#: The most pancakes a stack may hold.
MAX_PANCAKES = 64
#: The most pancakes :func:`distance_distribution` takes (it keeps n! bytes).
MAX_DISTRIBUTION_PANCAKES = 11
#: A stack, top first: a permutation of ``1..n``.
Case = Sequence[int]

#: The puzzle, whose methods are this module's shared verbs.
PUZZLE: Puzzle[Case, int, Solution[int]] = Puzzle(
    NAME, values=lambda s: integers(s, "pancake"), batch_rows="flat", size=Length(MAX_PANCAKES)
)
if TYPE_CHECKING:
    from . import _verbs

    Engine = _verbs.PancakeEngine
    Heuristic = _verbs.PancakeHeuristic
    Options = _verbs.PancakeOptions
else:
    Engine, Heuristic, Options = PUZZLE.types()
#: The engines and the heuristics, the default first.
ENGINES, HEURISTICS = PUZZLE.engines, PUZZLE.heuristics
#: A stack that takes IDA* seconds: the gap heuristic misses swapped pairs.
HARD_CASE: tuple[int, ...] = tuple(k + (1 if k % 2 else -1) for k in range(1, 31))

_VERBS: _verbs.PancakeVerbs = PUZZLE.verbs()
solve, solve_many, distance = _VERBS.solve, _VERBS.solve_many, _VERBS.distance
lower_bound, pack, unpack = _VERBS.lower_bound, _VERBS.pack, _VERBS.unpack
replay, draw = _VERBS.replay, _VERBS.draw


def apply(stack: Case, flip: int) -> tuple[int, ...]:
    """The stack after flipping its top ``flip`` pancakes (``2 <= flip <= n``)."""
    pancakes = PUZZLE.checked(stack)
    count = int_or_none(flip)  # numpy's integers too, as a path from arrays holds
    if count is None or not 2 <= count <= len(pancakes):
        raise InvalidPuzzle(f"a flip of {flip!r} pancakes needs 2 <= flip <= {len(pancakes)}")
    return pancakes[:count][::-1] + pancakes[count:]


def is_solved(stack: Case) -> bool:
    """True when the pancakes lie in order, the smallest on top."""
    pancakes = PUZZLE.checked(stack)
    return list(pancakes) == sorted(pancakes)


def random(n: int = 10, *, seed: int | None = None) -> tuple[int, ...]:
    """A uniformly random stack of ``n`` pancakes (deterministic for a ``seed``)."""
    return permutation(int_from("n", n, 1, MAX_PANCAKES), seed)


def distance_distribution(n: int) -> list[int]:
    """How many of the n! stacks need 0, 1, 2, ... flips (``n`` up to
    :data:`MAX_DISTRIBUTION_PANCAKES`), by breadth-first search on all cores."""
    return PUZZLE.distances_by_core(n, MAX_DISTRIBUTION_PANCAKES)


def _picture(stack: Case, flip: int | None, options: dict[str, Any]) -> _draw.Picture:
    """The stack on its plate, top first, each pancake as wide as its number,
    blue in its sorted place and orange elsewhere; the spatula under the top
    ``flip``."""
    pancakes, layer = PUZZLE.checked(stack), 26
    unit = max(8.0, min(24.0, 320 / max(len(pancakes), 1)))
    width, plate = unit * len(pancakes) + 60, 10 + len(pancakes) * layer
    parts = []
    for place, size in enumerate(pancakes):
        across, top = 30 + unit * size, 10 + place * layer
        marked = flip is not None and place < flip
        fill = _draw.SKY_BLUE if size == place + 1 else _draw.ORANGE
        stroke, thick = (_draw.MARK, 3.5) if marked else (_draw.INK, 1.5)
        rounded = {"rx": (layer - 4) / 2, "stroke": stroke, "stroke_width": thick}
        parts.append(_draw.rect((width - across) / 2, top, across, layer - 4, fill=fill, **rounded))
        parts.append(_draw.text(width / 2, top + (layer - 4) / 2, size, size=15, weight="bold"))
    parts.append(_draw.rect(4, plate, width - 8, 8, rx=4, fill=_draw.INK))
    if flip is not None:
        y = 10 + flip * layer - 2
        parts.append(_draw.line(4, y, width - 30, y, stroke=_draw.MARK, stroke_width=4))
        parts.append(_draw.text(width - 16, y, flip, size=15, weight="bold", fill=_draw.MARK))
    return _draw.Picture(width, plate + 14, "".join(parts))


_DRAWING = _draw.Drawing(
    apply=lambda stack, flip, _: apply(stack, flip),
    picture=_picture,
    move_text=lambda flip: f"flip {flip}",
    name="Pancake sorting",
    called="pancake stack",
)
__all__ = exports(globals(), _IMPORTED)
