"""Iterative-deepening depth-first search: IDA* without a heuristic.

Each iteration is a depth-first search within a cost bound, and the next
bound is the cheapest path that exceeded it: with unit costs, one move more
per iteration. It needs no estimate at all, so it is the plainest of the
depth-first engines, and the slowest.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from .ida_star import ida_star
from .result import SearchResult

State = TypeVar("State", bound=Hashable)


def _no_estimate(state: object) -> int:
    return 0


def iddfs(
    start: State,
    successors: Callable[[State], Iterable[tuple[State, int]]],
    is_goal: Callable[[State], bool],
    *,
    max_cost: int | None = None,
    node_limit: int | None = None,
    trace: bool = False,
    trace_limit: int | None = None,
) -> SearchResult[State]:
    """Find a cheapest path from ``start`` to a goal: :func:`ida_star` with
    a heuristic of 0 everywhere, and the same arguments otherwise."""
    return ida_star(
        start,
        successors,
        _no_estimate,
        is_goal,
        max_cost=max_cost,
        node_limit=node_limit,
        trace=trace,
        trace_limit=trace_limit,
    )
