"""The result of the reference engines: the package's own :class:`~idastar.Solution`.

The reference engines return exactly what the Rust core's searches return
(``idastar.search`` and every puzzle module), so that one can stand in for
the other and the two can be compared field by field: the outcome, the
optimal cost, the path, the proven lower bound, and the statistics with one
record per search iteration. Here the path holds the states from the start
to the goal, both included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..._results import Iteration, Outcome, Solution, Stats, TraceIteration, TraceNode

#: The type every reference engine returns.
SearchResult = Solution


def finished(
    outcome: Outcome,
    cost: int | None,
    path: Sequence[Any],
    iterations: Sequence[Iteration],
    lower_bound: int | None,
    elapsed: float,
    trace: Sequence[TraceIteration] | None = None,
) -> Solution[Any]:
    """A search's result; the totals are the sums over its ``iterations``."""
    expanded = sum(it.expanded for it in iterations)
    generated = sum(it.generated for it in iterations)
    stats = Stats(tuple(iterations), expanded, generated, elapsed)
    return Solution(outcome, cost, path, lower_bound, stats, trace)


#: The most nodes a trace records unless told otherwise, as in the core.
DEFAULT_TRACE_LIMIT = 100_000


class TraceRecorder:
    """The nodes a traced search visits, iteration by iteration."""

    def __init__(self, limit: int | None) -> None:
        self.limit = DEFAULT_TRACE_LIMIT if limit is None else limit
        self.recorded = 0
        self.bounds: list[int] = []
        self.nodes: list[list[TraceNode]] = []
        self.goal: int | None = None

    def iteration(self, bound: int) -> None:
        """Starts an iteration within ``bound``."""
        self.bounds.append(bound)
        self.nodes.append([])

    def visit(self, parent: int | None, move: Any, g: int, h: int, *, pruned: bool) -> int:
        """Records a node of the current iteration; its index there."""
        self.recorded += 1
        if self.recorded > self.limit:
            raise ValueError(
                f"trace_limit: the trace passed {self.limit} nodes and the search was "
                "stopped; give a larger trace_limit, or trace a smaller case"
            )
        self.nodes[-1].append(TraceNode(parent, move, g, h, pruned))
        return len(self.nodes[-1]) - 1

    @property
    def iterations(self) -> list[TraceIteration]:
        """What was recorded, as :attr:`idastar.Solution.trace` holds it;
        ``goal`` is the goal's index in the last iteration, if one was found."""
        last = len(self.bounds) - 1
        return [
            TraceIteration(bound, tuple(nodes), self.goal if i == last else None)
            for i, (bound, nodes) in enumerate(zip(self.bounds, self.nodes, strict=True))
        ]


__all__ = ["Iteration", "Outcome", "SearchResult", "TraceRecorder", "finished"]
