"""Iterative-deepening A* (Korf 1985), written for reading rather than speed.

The engine is generic: a problem is given by three callables, exactly like
the Rust core's engine, so both can be run on the same instance and their
costs compared.

Two details decide whether IDA* is optimal, and both are easy to get wrong:

* The goal test comes *after* the bound test. A goal reached with
  ``g + h > threshold`` has a cost above the threshold, and a cheaper goal may
  still be found under a later, smaller threshold than that cost; accepting it
  early returns a suboptimal path.
* Cycles are detected only against the states on the current path. A set of
  all states visited in the iteration would prune a state reached first by
  an expensive route and later by a cheap one, hiding the optimal path below
  it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from .result import Iteration, Outcome, SearchResult, TraceRecorder, finished

State = TypeVar("State", bound=Hashable)


class _NodeLimitReached(Exception):
    """Unwinds the depth-first search when ``node_limit`` is used up."""


def ida_star(
    start: State,
    successors: Callable[[State], Iterable[tuple[State, int]]],
    heuristic: Callable[[State], int],
    is_goal: Callable[[State], bool],
    *,
    max_cost: int | None = None,
    node_limit: int | None = None,
    trace: bool = False,
    trace_limit: int | None = None,
) -> SearchResult[State]:
    """Find a cheapest path from ``start`` to a goal with IDA*.

    ``successors(state)`` yields ``(next_state, cost)`` pairs with
    non-negative integer costs; ``heuristic(state)`` must be admissible (never
    above the true remaining cost) for the result to be optimal;
    ``is_goal(state)`` tells goals apart. States must be hashable, because the
    cycle check keeps the states of the current path in a set.

    The threshold starts at ``heuristic(start)``. Each iteration is a
    depth-first search that cuts every node whose ``f = g + h`` exceeds the
    threshold and remembers the smallest such ``f``; that value becomes the
    next threshold. Because every threshold is at most the optimal cost, the
    first goal met within a threshold is optimal.

    The search ends with:

    * ``SOLVED`` and the path of states, start and goal included;
    * ``NO_SOLUTION`` when no node was cut (the reachable space holds no goal;
      no lower bound) or the next threshold exceeds ``max_cost`` (no goal
      costs at most ``max_cost``; that threshold is the lower bound);
    * ``NODE_LIMIT`` when ``node_limit`` expansions have been done and
      another one is needed (the threshold searched is the lower bound).

    With ``trace=True`` the result's ``trace`` holds every node visited, in
    the order visited: each node's parent (its index in the iteration's
    nodes), the state it reached (its "move", as :mod:`idastar.search`
    names moves), ``g``, ``h`` and whether ``f`` exceeded the threshold.
    Past ``trace_limit`` nodes (100,000 unless given) it raises ValueError.

    The depth-first search is recursive, so a solution path can be as long
    as Python's recursion limit allows (about a thousand states), far more
    than the puzzles of this project need.

    Raises ``ValueError`` if a successor has a negative cost.
    """
    if node_limit is not None and node_limit < 0:
        raise ValueError(f"node_limit must be non-negative, got {node_limit}")

    started = time.perf_counter()
    iterations: list[Iteration] = []
    total_expanded = 0
    total_generated = 0

    path: list[State] = [start]
    on_path: set[State] = {start}

    threshold = heuristic(start)
    expanded = 0
    generated = 0
    next_threshold: float = math.inf
    goal_cost: int | None = None

    recorder = TraceRecorder(trace_limit) if trace else None

    def search(state: State, g: int, parent: int | None = None) -> bool:
        """Search below ``state`` (reached from node ``parent`` of the
        trace) under ``threshold``; True once a goal ends ``path``."""
        nonlocal expanded, generated, next_threshold, goal_cost
        h = heuristic(state)
        f = g + h
        node = None
        if recorder is not None:
            move = None if parent is None else state
            node = recorder.visit(parent, move, g, h, pruned=f > threshold)
        if f > threshold:
            next_threshold = min(next_threshold, f)
            return False
        if is_goal(state):
            goal_cost = g
            if recorder is not None:
                recorder.goal = node
            return True
        if node_limit is not None and total_expanded + expanded >= node_limit:
            raise _NodeLimitReached
        expanded += 1
        for child, cost in successors(state):
            generated += 1
            if cost < 0:
                raise ValueError(
                    f"successor costs must be non-negative, got {cost} "
                    f"for the move from {state!r} to {child!r}"
                )
            if child in on_path:
                continue
            path.append(child)
            on_path.add(child)
            if search(child, g + cost, node):
                return True
            path.pop()
            on_path.remove(child)
        return False

    def done(
        outcome: Outcome, lower_bound: int | None, found: list[State] | None = None
    ) -> SearchResult[State]:
        cost = goal_cost if found is not None else None
        elapsed = time.perf_counter() - started
        traced = None if recorder is None else recorder.iterations
        return finished(outcome, cost, found or [], iterations, lower_bound, elapsed, traced)

    while True:
        if max_cost is not None and threshold > max_cost:
            return done(Outcome.NO_SOLUTION, threshold)

        expanded = 0
        generated = 0
        next_threshold = math.inf
        if recorder is not None:
            recorder.iteration(threshold)

        try:
            found = search(start, 0)
        except _NodeLimitReached:
            iterations.append(Iteration(threshold, expanded, generated))
            return done(Outcome.NODE_LIMIT, threshold)

        iterations.append(Iteration(threshold, expanded, generated))
        total_expanded += expanded
        total_generated += generated

        if found:
            return done(Outcome.SOLVED, goal_cost, list(path))
        if next_threshold == math.inf:
            return done(Outcome.NO_SOLUTION, None)
        threshold = int(next_threshold)
