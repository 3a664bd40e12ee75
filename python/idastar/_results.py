"""The result types every solve returns."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

M = TypeVar("M")
#: Any Solution subclass, for constructors that return the class they are called on.
S = TypeVar("S", bound="Solution[Any]")

#: What the Rust core hands back: outcome, cost, path, lower bound,
#: iterations as (bound, expanded, generated), expanded, generated, seconds.
RawResult = tuple[
    str, "int | None", Sequence[M], "int | None", Sequence[tuple[int, int, int]], int, int, float
]


class Outcome(str, enum.Enum):
    """How a search ended."""

    #: An optimal solution was found.
    SOLVED = "solved"
    #: Proven: no solution within ``max_cost`` (or none at all when the
    #: lower bound is ``None``).
    NO_SOLUTION = "no_solution"
    #: The node limit was spent first.
    NODE_LIMIT = "node_limit"
    #: The time limit ran out first.
    TIME_LIMIT = "time_limit"
    #: Storing more states would have exceeded the state limit.
    MEMORY_LIMIT = "memory_limit"
    #: The search was interrupted.
    INTERRUPTED = "interrupted"

    def __str__(self) -> str:
        return self.value

    @property
    def is_limit(self) -> bool:
        """True when the search stopped on a limit rather than with an answer."""
        return self not in (Outcome.SOLVED, Outcome.NO_SOLUTION)


@dataclass(frozen=True)
class Iteration:
    """One cost bound of an iterative engine, or one layer of a breadth-first one."""

    bound: int
    expanded: int
    generated: int


@dataclass(frozen=True)
class Stats:
    """What a search did: per-iteration counts, totals and wall time."""

    iterations: tuple[Iteration, ...]
    expanded: int
    generated: int
    #: Wall time of the search in seconds (parsing and set-up excluded).
    elapsed: float

    def format(self) -> str:
        """One line per iteration, then the totals, as printed by ``--stats``."""
        lines = [
            f"bound {it.bound}: {it.expanded} expanded, {it.generated} generated"
            for it in self.iterations
        ]
        lines.append(
            f"total: {self.expanded} expanded, {self.generated} generated, "
            f"{self.elapsed * 1000:.3f} ms"
        )
        return "\n".join(lines)


@dataclass(frozen=True)
class Solution(Generic[M]):
    """The answer of one solve.

    ``cost`` is the optimal number of moves (for unit-cost puzzles) and
    ``path`` the moves themselves, both only when ``outcome`` is
    :attr:`Outcome.SOLVED`. ``lower_bound`` is what the search proved
    otherwise: the optimum is at least this (``None``: no solution at all).
    """

    outcome: Outcome
    cost: int | None
    path: tuple[M, ...]
    lower_bound: int | None
    stats: Stats

    @property
    def solved(self) -> bool:
        return self.outcome is Outcome.SOLVED

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dictionary (moves become lists)."""
        return {
            "outcome": self.outcome.value,
            "cost": self.cost,
            "path": [list(m) if isinstance(m, tuple) else m for m in self.path],
            "lower_bound": self.lower_bound,
            "stats": {
                "iterations": [
                    {"bound": it.bound, "expanded": it.expanded, "generated": it.generated}
                    for it in self.stats.iterations
                ],
                "expanded": self.stats.expanded,
                "generated": self.stats.generated,
                "elapsed": self.stats.elapsed,
            },
        }

    @classmethod
    def _from_raw(cls: type[S], raw: RawResult[Any], move: Callable[..., Any] | None = None) -> S:
        outcome, cost, path, lower_bound, iterations, expanded, generated, elapsed = raw
        moves = tuple(move(*m) for m in path) if move is not None else tuple(path)
        stats = Stats(tuple(Iteration(*it) for it in iterations), expanded, generated, elapsed)
        return cls(Outcome(outcome), cost, moves, lower_bound, stats)
