"""A* (Hart, Nilsson and Raphael 1968), written for reading rather than speed.

Best-first search on ``f = g + h``: the open node with the smallest ``f``
is expanded next (among equals the deeper one, then the one generated
first, as the Rust core breaks ties), and every state reached is
remembered with the cheapest cost found so far. A node is the state, the
node it was reached from and its cost; when a state is reached again more
cheaply, the new node supersedes the old, which is skipped when it comes
out of the queue. So an admissible heuristic gives an optimal answer even
when it is not consistent: that only costs re-expansions.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Hashable, Iterable
from typing import Any, NamedTuple, TypeVar

from .result import Iteration, Outcome, SearchResult, TraceRecorder, finished

State = TypeVar("State", bound=Hashable)


class _Node(NamedTuple):
    # Not generic in its state: Python 3.10's NamedTuple cannot be.
    state: Any
    parent: int | None
    g: int
    h: int


def astar(
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
    """Find a cheapest path from ``start`` to a goal with A*.

    The arguments are :func:`~idastar.reference.ida_star`'s. Each rise of
    the smallest ``f`` taken from the queue starts a new entry of the
    statistics' iterations. The search ends with ``SOLVED`` and the path of
    states; ``NO_SOLUTION`` when the queue runs dry (the lower bound is the
    smallest ``f`` cut by ``max_cost``, or None when nothing was cut); or
    ``NODE_LIMIT`` (the lower bound is the ``f`` being expanded).

    With ``trace=True`` the result's ``trace`` has one iteration holding
    every node generated, in order, the start first; a node is pruned when
    it was dropped: beyond ``max_cost``, or reaching a state no more cheaply
    than before.
    """
    started = time.perf_counter()
    nodes = [_Node(start, None, 0, heuristic(start))]
    cheapest = {start: 0}  # the index in nodes of each state's cheapest node
    queue = [(nodes[0].h, 0, 0)]  # (f, -g, index)
    iterations: list[Iteration] = []
    cut_f: int | None = None  # the smallest f beyond max_cost
    expanded = 0
    recorder = TraceRecorder(trace_limit) if trace else None
    in_trace: list[int] = []  # the trace's index of each node
    if recorder is not None:
        recorder.iteration(nodes[0].h)
        in_trace.append(recorder.visit(None, None, 0, nodes[0].h, pruned=False))

    def done(
        outcome: Outcome, lower_bound: int | None, index: int | None = None
    ) -> SearchResult[State]:
        path: list[State] = []
        while index is not None:
            path.append(nodes[index].state)
            index = nodes[index].parent
        cost = lower_bound if outcome is Outcome.SOLVED else None
        traced = None
        if recorder is not None:
            if iterations:
                recorder.bounds[0] = iterations[-1].bound
            traced = recorder.iterations
        elapsed = time.perf_counter() - started
        return finished(outcome, cost, path[::-1], iterations, lower_bound, elapsed, traced)

    while queue:
        f, _, index = heapq.heappop(queue)
        state, _, g, _ = nodes[index]
        if cheapest[state] != index:
            continue  # superseded by a cheaper node of the same state
        if not iterations or iterations[-1].bound < f:
            iterations.append(Iteration(f, 0, 0))
        if is_goal(state):
            if recorder is not None:
                recorder.goal = in_trace[index]
            return done(Outcome.SOLVED, g, index)
        if node_limit is not None and expanded >= node_limit:
            return done(Outcome.NODE_LIMIT, f)
        expanded += 1
        children = list(successors(state))
        current = iterations[-1]
        iterations[-1] = Iteration(
            current.bound, current.expanded + 1, current.generated + len(children)
        )
        for child, cost in children:
            if cost < 0:
                raise ValueError(
                    f"successor costs must be non-negative, got {cost} "
                    f"for the move from {state!r} to {child!r}"
                )
            child_g = g + cost
            child_h = heuristic(child)
            child_f = child_g + child_h
            within = max_cost is None or child_f <= max_cost
            if not within:
                cut_f = child_f if cut_f is None else min(cut_f, child_f)
            kept = within and (child not in cheapest or nodes[cheapest[child]].g > child_g)
            if recorder is not None:
                parent = in_trace[index]
                at = recorder.visit(parent, child, child_g, child_h, pruned=not kept)
            if not kept:
                continue
            cheapest[child] = len(nodes)
            if recorder is not None:
                in_trace.append(at)
            nodes.append(_Node(child, index, child_g, child_h))
            heapq.heappush(queue, (child_f, -child_g, len(nodes) - 1))
    return done(Outcome.NO_SOLUTION, cut_f)
