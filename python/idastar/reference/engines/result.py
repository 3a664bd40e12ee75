"""The result types shared by the reference engines.

They mirror the statistics object of the Rust core so that the two can be
compared field by field: the outcome, the optimal cost and path, the totals of
expanded and generated nodes, and one record per search iteration.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Outcome(enum.Enum):
    """Why a search stopped.

    The values are plain strings so that results can be compared with, and
    serialised like, the Rust core's outcomes.
    """

    SOLVED = "solved"
    """A goal was reached and the returned path is optimal."""

    NO_SOLUTION = "no_solution"
    """No goal exists within ``max_cost`` (or at all, when it was ``None``).

    This is a proof, not a give-up: the whole relevant search space was
    covered.
    """

    NODE_LIMIT = "node_limit"
    """The search stopped because ``max_nodes`` expansions were used up.

    Nothing is known about the existence or cost of a solution.
    """


@dataclass(frozen=True)
class Iteration:
    """The work done under one bound.

    For IDA* ``bound`` is the f-threshold of one depth-first pass; for
    breadth-first search it is the depth of the layer whose states were
    goal-tested and expanded. Counts are for this iteration only, so that
    the totals of a :class:`SearchResult` are the sums over its iterations.
    """

    bound: int
    expanded: int
    generated: int


@dataclass(frozen=True)
class SearchResult:
    """Everything a search reports.

    ``path`` holds the states from the start to the goal, both included, when
    the search is solved, and is empty otherwise; ``cost`` is the optimal
    cost when solved and ``None`` otherwise. ``expanded`` counts states whose
    successors were asked for; ``generated`` counts the ``(state, cost)``
    pairs those calls produced, including ones later discarded as duplicates.
    """

    outcome: Outcome
    cost: int | None
    path: list[Any] = field(default_factory=list)
    expanded: int = 0
    generated: int = 0
    iterations: list[Iteration] = field(default_factory=list)

    @property
    def solved(self) -> bool:
        """Whether a goal was reached."""
        return self.outcome is Outcome.SOLVED
