"""Pancake sorting: sort a stack with the fewest flips of its top pancakes.

A stack of ``n`` pancakes is a permutation of ``1..n`` listed from the top;
it is sorted when ``1`` is on top and ``n`` at the bottom, on the plate. A
move flips the top ``k`` pancakes (``2 <= k <= n``) and is written as the
integer ``k``; a flip is its own inverse. The most flips a stack of ``n``
can need are the pancake numbers (OEIS A058986).

States are tuples. The public functions check that their argument is a
stack and raise ``ValueError`` otherwise, with the Rust core's messages;
the private helpers used inside the searches skip that check.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from ..engines import bfs_layers
from .job import Space, verbs

Stack = tuple[int, ...]

HEURISTICS = ("gap", "gap-lookahead")
"""The lower bounds :func:`lower_bound` and :func:`solve` take, the default first."""


def _validated(stack: Sequence[int]) -> Stack:
    """Return ``stack`` as a tuple, or raise if it is not a permutation of ``1..n``."""
    state = tuple(stack)
    if not state:
        raise ValueError("a stack needs at least 1 pancake, got 0")
    n = len(state)
    seen: set[int] = set()
    for position, size in enumerate(state, start=1):
        if not isinstance(size, int) or isinstance(size, bool):
            raise ValueError(f"pancake {size!r} at position {position} is not an integer")
        if not 1 <= size <= n:
            raise ValueError(f"pancake {size} at position {position} is out of range 1 to {n}")
        if size in seen:
            raise ValueError(f"pancake {size} appears twice; a stack is a permutation of 1..{n}")
        seen.add(size)
    return state


def flips(n: int) -> range:
    """Every flip of a stack of ``n`` pancakes, the smallest first."""
    return range(2, n + 1)


def _flip(stack: Stack, k: int) -> Stack:
    return stack[:k][::-1] + stack[k:]


def flip(stack: Sequence[int], k: int) -> Stack:
    """``stack`` with its top ``k`` pancakes flipped; ``ValueError`` unless ``2 <= k <= n``."""
    state = _validated(stack)
    n = len(state)
    if n == 1:
        raise ValueError(f"flip {k} does not fit a stack of one pancake, which has no flips")
    if isinstance(k, bool) or not isinstance(k, int) or k not in flips(n):
        raise ValueError(
            f"flip {k} does not fit a stack of {n} pancakes: a flip takes 2 to {n} of them"
        )
    return _flip(state, k)


def replay(stack: Sequence[int], path: Sequence[int]) -> Stack:
    """``stack`` after every flip of ``path``, in order."""
    state = _validated(stack)
    for k in path:
        state = flip(state, k)
    return state


def is_sorted(stack: Sequence[int]) -> bool:
    """Whether ``stack`` is the goal ``1, 2, ..., n`` from the top."""
    return _is_sorted(_validated(stack))


def _is_sorted(stack: Stack) -> bool:
    return all(size == position for position, size in enumerate(stack, start=1))


def gaps(stack: Sequence[int]) -> int:
    """The gap heuristic of Helmert (2010).

    A *gap* is a pair of neighbours whose sizes differ by more than one, the
    bottom pancake and the plate (size ``n + 1``) counting as a pair. A flip
    of ``k`` keeps every pair but the one between positions ``k`` and
    ``k + 1`` (from 1), where the old top pancake now lies on the one at
    ``k + 1``, so it removes at most one gap. The sorted stack has none, so
    at least this many flips are needed. It is 0 only for the sorted stack:
    with no gap the bottom pancake is ``n``, the one above it ``n - 1``, and
    so on up.
    """
    return _gaps(_validated(stack))


def _gaps(stack: Stack) -> int:
    with_plate = (*stack, len(stack) + 1)
    return sum(1 for above, below in itertools.pairwise(with_plate) if abs(above - below) != 1)


def gap_lookahead(stack: Sequence[int]) -> int:
    """The gap heuristic looked one flip ahead.

    For an unsorted stack, the larger of its gaps and the least, over the
    flips, of one plus the gaps after the flip: every solution starts with
    some flip and then needs at least the gaps it left. Computed here by
    flipping; the Rust core finds the same value without flipping (it is the
    gaps plus one exactly when no flip removes a gap).
    """
    return _gap_lookahead(_validated(stack))


def _gap_lookahead(stack: Stack) -> int:
    if _is_sorted(stack):
        return 0
    ahead = min(1 + _gaps(_flip(stack, k)) for k in flips(len(stack)))
    return max(_gaps(stack), ahead)


_BOUNDS: dict[str, Callable[[Stack], int]] = {"gap-lookahead": _gap_lookahead, "gap": _gaps}


def _bound(heuristic: str) -> Callable[[Stack], int]:
    try:
        return _BOUNDS[heuristic]
    except KeyError:
        raise ValueError(
            f"heuristic: unknown pancake heuristic {heuristic!r}; expected one of {HEURISTICS}"
        ) from None


def _successors(stack: Stack) -> Iterator[tuple[Stack, int]]:
    """Every flip, the smallest first, each at unit cost."""
    for k in flips(len(stack)):
        yield _flip(stack, k), 1


def stack_of(stack: Sequence[int], *, heuristic: str = HEURISTICS[0]) -> Space[Stack, int]:
    """``stack``, a permutation of ``1..n`` from the top, sorted by flips
    ``k`` (the top ``k`` pancakes turned over) tried from the smallest,
    under ``heuristic`` (one of :data:`HEURISTICS`). :func:`distance`
    visits up to ``n!`` stacks: keep ``n`` small (8 or so)."""
    bound = _bound(heuristic)
    return Space(
        _validated(stack),
        lambda pancakes: ((k, _flip(pancakes, k)) for k in flips(len(pancakes))),
        _is_sorted,
        bound,
    )


solve, distance, lower_bound = verbs(stack_of)


def distance_distribution(n: int) -> list[int]:
    """How many stacks of ``n`` pancakes lie at each number of flips from sorted.

    Element ``d`` counts the stacks needing exactly ``d`` flips (the rows of
    OEIS A092113); the last index is the pancake number of ``n``. It is a
    breadth-first count from the sorted stack: a flip is its own inverse, so
    the distance from sorted to a stack is the distance back. It visits all
    ``n!`` stacks.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    return bfs_layers(tuple(range(1, n + 1)), _successors)
