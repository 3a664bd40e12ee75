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

from ..._results import Iteration, Outcome, Solution, Stats

#: The type every reference engine returns.
SearchResult = Solution


def finished(
    outcome: Outcome,
    cost: int | None,
    path: Sequence[Any],
    iterations: Sequence[Iteration],
    lower_bound: int | None,
    elapsed: float,
) -> Solution[Any]:
    """A search's result; the totals are the sums over its ``iterations``."""
    expanded = sum(it.expanded for it in iterations)
    generated = sum(it.generated for it in iterations)
    return Solution(
        outcome, cost, path, lower_bound, Stats(tuple(iterations), expanded, generated, elapsed)
    )


__all__ = ["Iteration", "Outcome", "SearchResult", "finished"]
