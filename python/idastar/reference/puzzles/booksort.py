"""Booksort: sort a permutation of ``1..n`` with the fewest block moves.

A block move takes one contiguous segment and puts it somewhere else in the
row. Moving a segment left past its neighbour block is the same move as moving
that neighbour right past it, so every block move is "swap two adjacent
blocks" and is written ``(i, j, k)`` with ``0 <= i < j < k <= n``: the blocks
``perm[i:j]`` and ``perm[j:k]`` change places. In genome rearrangement these
moves are called transpositions, and the minimum number of them is the
transposition distance.

States are tuples. The public functions check that their argument is a
permutation of ``1..n`` and raise ``ValueError`` otherwise; the private
helpers used inside the searches skip that check.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from ..engines import Outcome, bfs_layers, ida_star
from .job import Space, verbs

Perm = tuple[int, ...]
Move = tuple[int, int, int]

JUDGE_LIMIT = 4
"""The largest distance the judge prints; larger ones print ``5 or more``."""

JUDGE_TOO_MANY = "5 or more"


def _validated(perm: Sequence[int]) -> Perm:
    """Return ``perm`` as a tuple, or raise if it is not a permutation of ``1..n``."""
    state = tuple(perm)
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in state):
        raise ValueError(f"a booksort state must hold integers, got {state!r}")
    if sorted(state) != list(range(1, len(state) + 1)):
        raise ValueError(
            f"a booksort state must be a permutation of 1..{len(state)}, got {state!r}"
        )
    return state


def block_moves(n: int) -> list[Move]:
    """Every distinct block move on ``n`` items, once, in lexicographic order.

    There are ``C(n + 1, 3)`` of them: a move is a choice of three cut points
    ``i < j < k`` among the ``n + 1`` gaps ``0..n``. On a permutation, distinct
    triples give distinct results (``i`` is the first changed position,
    ``k - 1`` the last, and ``perm[j]`` lands at ``i``), so none is redundant.
    """
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    return [
        (i, j, k) for i in range(n + 1) for j in range(i + 1, n + 1) for k in range(j + 1, n + 1)
    ]


def _apply(perm: Perm, move: Move) -> Perm:
    i, j, k = move
    return perm[:i] + perm[j:k] + perm[i:j] + perm[k:]


def apply(perm: Sequence[int], move: Move) -> Perm:
    """Swap the adjacent blocks ``perm[i:j]`` and ``perm[j:k]`` of ``move = (i, j, k)``.

    Raises ``ValueError`` unless ``move`` is three integers (not bools) with
    ``0 <= i < j < k <= len(perm)``.
    """
    state = _validated(perm)
    try:
        i, j, k = move
    except (TypeError, ValueError):
        raise ValueError(f"a block move is a triple (i, j, k), got {move!r}") from None
    integers = all(isinstance(x, int) and not isinstance(x, bool) for x in (i, j, k))
    if not integers or not 0 <= i < j < k <= len(state):
        raise ValueError(
            f"invalid block move {move!r} for n={len(state)}: "
            f"need integers 0 <= i < j < k <= {len(state)}"
        )
    return _apply(state, (i, j, k))


def is_sorted(perm: Sequence[int]) -> bool:
    """Whether ``perm`` is the goal ``1, 2, ..., n``."""
    return _is_sorted(_validated(perm))


def _is_sorted(perm: Perm) -> bool:
    return all(x == p + 1 for p, x in enumerate(perm))


def breakpoints(perm: Sequence[int]) -> int:
    """The seed's breakpoint count.

    The number of positions ``p`` in ``0..n-2`` with ``perm[p+1] != perm[p] + 1``.
    The two ends are not counted (unlike the textbook count on the
    permutation extended by 0 and n+1), which is what the seed program does.
    It is 0 exactly for the sorted permutation.
    """
    return _breakpoints(_validated(perm))


def _breakpoints(perm: Perm) -> int:
    return sum(1 for a, b in itertools.pairwise(perm) if b != a + 1)


def breakpoint_bound(perm: Sequence[int]) -> int:
    """``ceil(breakpoints / 3)``, the seed's lower bound.

    A block move cuts the row in at most three places (at ``i``, ``j`` and
    ``k``) and joins it anew there, so it changes at most three adjacencies
    and removes at most three breakpoints.
    """
    return _breakpoint_bound(_validated(perm))


def _breakpoint_bound(perm: Perm) -> int:
    return (_breakpoints(perm) + 2) // 3


def cycle_bound(perm: Sequence[int]) -> int:
    """The Bafna-Pevzner lower bound from the cycle graph.

    Extend the permutation to ``pi_0 = 0, pi_1..pi_n = perm, pi_{n+1} = n+1``.
    Split each value ``v`` into a left end ``-v`` and a right end ``+v``. The
    cycle graph has, for each ``i`` in ``1..n+1``, a *black* edge from
    ``+pi_{i-1}`` to ``-pi_i`` (the adjacency between positions ``i-1`` and
    ``i``) and, for each ``v`` in ``0..n``, a *gray* edge from ``+v`` to
    ``-(v+1)`` (the adjacency wanted in the sorted row). Every vertex has one
    edge of each colour, so the graph splits uniquely into cycles that
    alternate black and gray. A cycle is *odd* when it has an odd number of
    black edges.

    Formulation used to count them: walking black edge ``i`` ends at
    ``-pi_i``; its gray edge leads to ``+(pi_i - 1)``, which starts the black
    edge after the position of ``pi_i - 1``. So the cycles are the cycles of
    the map ``i -> pos[pi_i - 1] + 1`` on ``1..n+1``, where ``pos[v]`` is the
    position of ``v`` in the extended permutation, and a cycle's length is
    its number of black edges.

    The sorted permutation has ``n + 1`` cycles, all of length 1, so all odd.
    One transposition changes the number of odd cycles by -2, 0 or +2
    (Bafna and Pevzner, "Sorting by transpositions", 1998), hence
    ``(n + 1 - odd_cycles) // 2`` moves are needed. The division is exact:
    the ``n + 1`` black edges are shared among the cycles, so the number of
    odd cycles has the parity of ``n + 1``.
    """
    return _cycle_bound(_validated(perm))


def _odd_cycles(perm: Perm) -> int:
    n = len(perm)
    extended = (0, *perm, n + 1)
    pos = [0] * (n + 2)
    for p, v in enumerate(extended):
        pos[v] = p
    successor_edge = {i: pos[extended[i] - 1] + 1 for i in range(1, n + 2)}
    seen: set[int] = set()
    odd = 0
    for first in range(1, n + 2):
        if first in seen:
            continue
        length = 0
        edge = first
        while edge not in seen:
            seen.add(edge)
            length += 1
            edge = successor_edge[edge]
        odd += length % 2
    return odd


def _cycle_bound(perm: Perm) -> int:
    return (len(perm) + 1 - _odd_cycles(perm)) // 2


def _lower_bound(perm: Perm) -> int:
    """The stronger of the breakpoint and cycle-graph bounds; admissible."""
    return max(_breakpoint_bound(perm), _cycle_bound(perm))


def _successors_over(moves: list[Move]) -> Callable[[Perm], Iterator[tuple[Perm, int]]]:
    """Successor function trying ``moves`` in order, each at unit cost."""

    def successors(perm: Perm) -> Iterator[tuple[Perm, int]]:
        for move in moves:
            yield _apply(perm, move), 1

    return successors


def shelf(perm: Sequence[int]) -> Space[Perm, Move]:
    """``perm``, a permutation of ``1..n``, sorted by block moves ``(i, j,
    k)`` tried in increasing order, under the stronger of the breakpoint and
    cycle-graph bounds. :func:`distance` visits up to ``n!`` states: keep
    ``n`` small (7 or so)."""
    start = _validated(perm)
    moves = block_moves(len(start))
    return Space(
        start, lambda books: ((m, _apply(books, m)) for m in moves), _is_sorted, _lower_bound
    )


solve, distance, lower_bound = verbs(shelf)


def judge_answer(perm: Sequence[int]) -> str:
    """What the judge prints for ``perm``: the distance if at most 4, else ``5 or more``.

    Computed as the seed program does: IDA* with the seed's breakpoint bound,
    giving up past a threshold of 4.
    """
    start = _validated(perm)
    result = ida_star(
        start,
        _successors_over(block_moves(len(start))),
        _breakpoint_bound,
        _is_sorted,
        max_cost=JUDGE_LIMIT,
    )
    if result.outcome is Outcome.SOLVED:
        return str(result.cost)
    return JUDGE_TOO_MANY


def distance_distribution(n: int) -> list[int]:
    """How many permutations of ``1..n`` lie at each block-move distance from sorted.

    Element ``d`` counts the permutations at distance exactly ``d`` (the rows
    of OEIS A164366). It is a breadth-first count from the identity: the
    distance from the identity to ``p`` equals the distance from ``p`` to the
    identity, because undoing a block move is again a block move (``(i, j, k)``
    is undone by ``(i, i + k - j, k)``). It visits all ``n!`` permutations.
    """
    if n < 0:
        raise ValueError(f"n must be non-negative, got {n}")
    identity = tuple(range(1, n + 1))
    return bfs_layers(identity, _successors_over(block_moves(n)))
