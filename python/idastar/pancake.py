"""Pancake sorting: sort a stack with the fewest flips of its top.

A stack of ``n`` pancakes is a permutation of ``1..n`` listed from the top;
a move flips the top ``k`` pancakes (``2 <= k <= n``) and is written as the
integer ``k``. The goal is ``1, 2, ..., n``: the smallest on top, the
largest on the plate.

>>> from idastar import pancake
>>> result = pancake.solve([3, 1, 2])
>>> result.cost, result.path
(2, (3, 2))
>>> pancake.replay([3, 1, 2], result.path)
(1, 2, 3)
>>> [max(i for i, count in enumerate(pancake.distance_distribution(n)) if count) for n in range(1, 8)]
[0, 1, 3, 4, 5, 7, 8]

The last line is the pancake numbers (OEIS A058986), the largest number of
flips any stack of ``n`` needs, by a breadth-first search of all ``n!``
stacks. The heuristics: ``"gap"``, the gap heuristic of Helmert (2010), which
counts neighbours whose sizes differ by more than one (the bottom pancake
against the plate, ``n + 1``; a flip changes one neighbourhood, so it
removes at most one gap) and the default, and ``"gap-lookahead"``, one
more when no flip removes a gap, which expands fewer nodes but takes
longer. Up to :data:`MAX_PANCAKES` pancakes; random stacks of 40 take IDA*
milliseconds.

``pack`` writes stacks as the core's codes: pancake ``p`` at position ``i``
(from the top, 0-based) is ``p - 1`` in bits ``6i .. 6i + 5``, ten pancakes
a ``uint64`` word, a row of words a stack when it takes several; ``n=``
checks every stack has ``n`` pancakes. ``unpack`` turns codes back to stacks
of ``n`` pancakes (``unpack(codes, n=...)``), one a row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from . import _draw
from ._checks import exact_int, int_from
from ._core import InvalidPuzzle
from ._puzzle import Length, Puzzle, SearchOptions, integers, permutation
from ._puzzle import replay as _replay
from ._results import Solution

if TYPE_CHECKING:
    from ._verbs import PancakeVerbs


__all__ = [
    "ENGINES",
    "HARD_CASE",
    "HEURISTICS",
    "MAX_DISTRIBUTION_PANCAKES",
    "MAX_PANCAKES",
    "NAME",
    "PUZZLE",
    "Case",
    "Engine",
    "Heuristic",
    "Options",
    "apply",
    "distance",
    "distance_distribution",
    "draw",
    "is_solved",
    "lower_bound",
    "pack",
    "random",
    "replay",
    "solve",
    "solve_many",
    "unpack",
]

NAME = "pancake"
#: The most pancakes a stack may hold.
MAX_PANCAKES = 64
#: The most pancakes :func:`distance_distribution` takes (n! bytes of distances).
MAX_DISTRIBUTION_PANCAKES = 11

Engine = Literal["ida", "astar", "iddfs", "bfs", "bidirectional"]
Heuristic = Literal["gap", "gap-lookahead"]
#: A stack, top first: a permutation of ``1..n``.
Case = Sequence[int]


class Options(SearchOptions, total=False):
    """The options of :func:`solve` and :func:`solve_many`."""

    #: ``"ida"`` (IDA*, the default), ``"astar"``, ``"iddfs"``, ``"bfs"`` or
    #: ``"bidirectional"``.
    engine: Engine
    #: ``"gap"`` (the default) or ``"gap-lookahead"``.
    heuristic: Heuristic


def _stack(stack: Case) -> list[int]:
    return integers(stack, "pancake")


#: The puzzle: its :class:`~idastar.Puzzle` methods are this module's
#: ``solve``, ``solve_many``, ``distance``, ``lower_bound``, ``pack`` and ``unpack``.
PUZZLE: Puzzle[Case, int, Solution[int]] = Puzzle(
    NAME, values=_stack, batch_rows="flat", size=Length(MAX_PANCAKES)
)
#: The engines, the default (fastest) first.
ENGINES: tuple[str, ...] = PUZZLE.engines
#: The heuristics, the default first.
HEURISTICS: tuple[str, ...] = PUZZLE.heuristics
#: A stack that takes IDA* many seconds: pairs of pancakes in the wrong
#: order, which leaves the gap heuristic far below the distance.
HARD_CASE: tuple[int, ...] = tuple(k + (1 if k % 2 else -1) for k in range(1, 31))


def apply(stack: Case, flip: int) -> tuple[int, ...]:
    """The stack after flipping its top ``flip`` pancakes (``2 <= flip <= n``)."""
    pancakes = PUZZLE.checked(stack)
    try:
        count = exact_int(flip)  # numpy's integers too, as a path from arrays holds
    except TypeError:
        count = 0
    if not 2 <= count <= len(pancakes):
        raise InvalidPuzzle(f"a flip of {flip!r} pancakes needs 2 <= flip <= {len(pancakes)}")
    return pancakes[:count][::-1] + pancakes[count:]


def replay(stack: Case, path: Iterable[int]) -> tuple[int, ...]:
    """The stack after every flip of ``path`` in turn."""
    return _replay(apply, PUZZLE.checked(stack), path)


def is_solved(stack: Case) -> bool:
    """True when the pancakes lie in order, the smallest on top."""
    pancakes = PUZZLE.checked(stack)
    return list(pancakes) == sorted(pancakes)


def random(n: int = 10, *, seed: int | None = None) -> tuple[int, ...]:
    """A uniformly random stack of ``n`` pancakes (deterministic for a ``seed``)."""
    n = int_from("n", n, 1, MAX_PANCAKES)
    return permutation(n, seed)


#: The verbs, typed by the registry's stub (``_verbs.pyi``).
_VERBS: PancakeVerbs = PUZZLE.verbs()
solve, solve_many, distance = _VERBS.solve, _VERBS.solve_many, _VERBS.distance
lower_bound, pack, unpack = _VERBS.lower_bound, _VERBS.pack, _VERBS.unpack


def distance_distribution(n: int) -> list[int]:
    """How many of the n! stacks need 0, 1, 2, ... flips (OEIS A058986 is
    the last index), by breadth-first search over every permutation on all
    cores without the GIL, ``1 <= n <= MAX_DISTRIBUTION_PANCAKES``; Ctrl-C
    stops it within a fraction of a second (``KeyboardInterrupt``)."""
    return PUZZLE.distances_by_core(n, MAX_DISTRIBUTION_PANCAKES)


_LAYER = 26


def _picture(stack: Case, flip: int | None, options: dict[str, Any]) -> _draw.Picture:
    """The stack on its plate, top first: each pancake as wide as its
    number, the number written on it; the spatula under the top ``flip``
    pancakes, which are outlined."""
    pancakes = PUZZLE.checked(stack)
    n = len(pancakes)
    unit = max(8.0, min(24.0, 320 / max(n, 1)))
    width = unit * n + 60
    parts = []
    for place, size in enumerate(pancakes):
        across = 30 + unit * size
        marked = flip is not None and place < flip
        parts.append(
            _draw.rect(
                (width - across) / 2,
                10 + place * _LAYER,
                across,
                _LAYER - 4,
                rx=(_LAYER - 4) / 2,
                fill=_draw.SKY_BLUE if size == place + 1 else _draw.ORANGE,
                stroke=_draw.MARK if marked else _draw.INK,
                stroke_width=3.5 if marked else 1.5,
            )
        )
        parts.append(
            _draw.text(
                width / 2, 10 + place * _LAYER + (_LAYER - 4) / 2, size, size=15, weight="bold"
            )
        )
    plate = 10 + n * _LAYER
    parts.append(_draw.rect(4, plate, width - 8, 8, rx=4, fill=_draw.INK))
    if flip is not None:
        y = 10 + flip * _LAYER - 2
        parts.append(_draw.line(4, y, width - 30, y, stroke=_draw.MARK, stroke_width=4))
        parts.append(_draw.text(width - 16, y, flip, size=15, weight="bold", fill=_draw.MARK))
    return _draw.Picture(width, plate + 14, "".join(parts))


def draw(stack: Case) -> str:
    """The stack as SVG text, top first on its plate: each pancake as wide as
    its number and labelled with it, blue where it lies in its sorted
    place and orange elsewhere."""
    checked = PUZZLE.checked(stack)
    return _picture(checked, None, {}).svg(title=f"pancake stack {' '.join(map(str, checked))}")


_DRAWING = _draw.Drawing(
    case=lambda values, _: tuple(values),
    apply=lambda stack, flip, _: apply(stack, flip),
    picture=_picture,
    move_text=lambda flip: f"flip {flip}",
    name="Pancake sorting",
)
