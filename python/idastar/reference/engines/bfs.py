"""Breadth-first search for unit-cost problems.

It serves as the plainest possible oracle: no heuristic is involved, so a
wrong lower bound cannot make it wrong. It also counts the states at each
distance, which reproduces published distance distributions.

Both functions count edges and ignore the cost value, which is only checked:
a successor whose cost is not 1 raises ``ValueError``, because breadth-first
order is cost order only when every move costs the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from .result import Iteration, Outcome, SearchResult, finished

State = TypeVar("State", bound=Hashable)


def _check_unit_cost(state: object, child: object, cost: int) -> None:
    """Reject a non-unit move, which breadth-first search cannot handle."""
    if cost != 1:
        raise ValueError(
            f"breadth-first search needs unit costs, got cost {cost} "
            f"for the move from {state!r} to {child!r}"
        )


def bfs(
    start: State,
    successors: Callable[[State], Iterable[tuple[State, int]]],
    is_goal: Callable[[State], bool],
    *,
    max_cost: int | None = None,
    node_limit: int | None = None,
) -> SearchResult[State]:
    """Find a shortest path from ``start`` to a goal, layer by layer.

    Layer ``d`` holds the states first reached with ``d`` moves. Each layer is
    processed in one iteration (recorded with ``bound = d``): its states are
    goal-tested in the order they were generated, and each non-goal state is
    expanded into the next layer, skipping states already seen. A dict maps
    every seen state to its parent (the start to itself), from which the path
    is rebuilt. Testing goals when a layer is processed, not when a state is
    generated, keeps the last iteration's bound equal to the cost, as in IDA*.

    The search ends with:

    * ``SOLVED`` and a shortest path of states, start and goal included;
    * ``NO_SOLUTION`` when the reachable space is exhausted (no lower bound),
      or no goal lies within ``max_cost`` moves (layers beyond it are neither
      tested nor generated; the lower bound is ``max_cost + 1``);
    * ``NODE_LIMIT`` when ``node_limit`` expansions have been done and
      another one is needed (the depth of the layer is the lower bound).

    Raises ``ValueError`` if a successor's cost is not 1.
    """
    if node_limit is not None and node_limit < 0:
        raise ValueError(f"node_limit must be non-negative, got {node_limit}")

    started = time.perf_counter()

    def done(
        outcome: Outcome, cost: int | None, path: list[State], lower_bound: int | None
    ) -> SearchResult[State]:
        elapsed = time.perf_counter() - started
        return finished(outcome, cost, path, iterations, lower_bound, elapsed)

    parents: dict[State, State] = {start: start}
    layer: list[State] = [start]
    iterations: list[Iteration] = []
    total_expanded = 0
    total_generated = 0
    depth = 0

    while layer:
        if max_cost is not None and depth > max_cost:
            break
        expanded = 0
        generated = 0
        next_layer: list[State] = []
        last_layer = max_cost is not None and depth == max_cost
        for state in layer:
            if is_goal(state):
                iterations.append(Iteration(depth, expanded, generated))
                return done(Outcome.SOLVED, depth, _rebuild_path(parents, start, state), depth)
            if last_layer:
                continue
            if node_limit is not None and total_expanded + expanded >= node_limit:
                iterations.append(Iteration(depth, expanded, generated))
                return done(Outcome.NODE_LIMIT, None, [], depth)
            expanded += 1
            for child, cost in successors(state):
                generated += 1
                _check_unit_cost(state, child, cost)
                if child not in parents:
                    parents[child] = state
                    next_layer.append(child)
        iterations.append(Iteration(depth, expanded, generated))
        total_expanded += expanded
        total_generated += generated
        layer = next_layer
        depth += 1

    exhausted = not layer
    return done(Outcome.NO_SOLUTION, None, [], None if exhausted else depth)


def _rebuild_path(parents: dict[State, State], start: State, goal: State) -> list[State]:
    """Follow parent links from ``goal`` back to ``start`` (its own parent)."""
    path = [goal]
    while path[-1] != start:
        path.append(parents[path[-1]])
    path.reverse()
    return path


def bfs_layers(
    start: State,
    successors: Callable[[State], Iterable[tuple[State, int]]],
    *,
    max_depth: int | None = None,
) -> list[int]:
    """Count the states at each distance from ``start``.

    Element ``d`` of the result is the number of states whose shortest
    distance from ``start`` is exactly ``d``; the list stops at the last
    non-empty layer, or at ``max_depth`` when given. Summed, it is the size of
    the reachable space (of the part within ``max_depth``).

    Raises ``ValueError`` if a successor's cost is not 1.
    """
    seen: set[State] = {start}
    layer: list[State] = [start]
    counts: list[int] = []
    while layer:
        counts.append(len(layer))
        if max_depth is not None and len(counts) > max_depth:
            break
        next_layer: list[State] = []
        for state in layer:
            for child, cost in successors(state):
                _check_unit_cost(state, child, cost)
                if child not in seen:
                    seen.add(child)
                    next_layer.append(child)
        layer = next_layer
    return counts
