"""The result types every solve returns."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

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

    @property
    def code(self) -> int:
        """The number that stands for this outcome in :attr:`BatchResult.outcomes`."""
        return _OUTCOME_ORDER.index(self)

    @classmethod
    def from_code(cls, code: int) -> Outcome:
        """The outcome a :attr:`BatchResult.outcomes` entry stands for."""
        return _OUTCOME_ORDER[int(code)]


#: Outcomes in the order of their codes (the core's order: solved is 0).
_OUTCOME_ORDER: tuple[Outcome, ...] = tuple(Outcome)


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
    def _from_raw(
        cls: type[S], raw: RawResult[Any], move: Callable[..., Any] | None = None, **extra: Any
    ) -> S:
        """From the core's tuple; ``extra`` fills the fields a subclass adds."""
        outcome, cost, path, lower_bound, iterations, expanded, generated, elapsed = raw
        moves = tuple(move(*m) for m in path) if move is not None else tuple(path)
        stats = Stats(tuple(Iteration(*it) for it in iterations), expanded, generated, elapsed)
        return cls(Outcome(outcome), cost, moves, lower_bound, stats, **extra)


@dataclass(frozen=True, eq=False)
class BatchResult:
    """What ``solve_many(..., arrays=True)`` returns: numpy arrays with one
    entry per case, in input order.

    Made for large batches (heuristic studies, data sets): no Python object
    per case. ``result.lengths[result.solved]`` are the optima found;
    :meth:`solution` gives one case as a :class:`Solution` when needed.
    """

    #: ``uint8`` outcome codes: ``Outcome.from_code(code)``; 0 is solved.
    outcomes: NDArray[numpy.uint8]
    #: ``int32`` optimal lengths (the cost: every move costs 1); -1 when not solved.
    lengths: NDArray[numpy.int32]
    #: ``int32`` proven lower bounds (the optimum itself when solved); -1
    #: when there is none (no solution at all).
    lower_bounds: NDArray[numpy.int32]
    #: ``uint64`` nodes expanded by each search.
    expanded: NDArray[numpy.uint64]
    #: ``uint64`` nodes generated by each search.
    generated: NDArray[numpy.uint64]
    #: ``float64`` wall time of each search in seconds.
    seconds: NDArray[numpy.float64]
    #: ``int32`` moves, one row per case, padded with -1 to the longest:
    #: shape ``(cases, longest)``, or ``(cases, longest, 3)`` for Booksort's
    #: ``(start, split, end)``; each puzzle module says how its moves are
    #: numbered. ``None`` when asked for ``paths=False``.
    paths: NDArray[numpy.int32] | None = None
    #: The Rotation Game only: ``uint8`` number left in the centre (0 when
    #: not solved).
    centres: NDArray[numpy.uint8] | None = None

    def __len__(self) -> int:
        return len(self.outcomes)

    @property
    def solved(self) -> NDArray[numpy.bool_]:
        """A mask of the cases solved."""
        return self.outcomes == Outcome.SOLVED.code  # type: ignore[no-any-return]

    def outcome(self, index: int) -> Outcome:
        """The outcome of case ``index``."""
        return Outcome.from_code(self.outcomes[index])

    def path(self, index: int) -> list[Any]:
        """The moves of case ``index`` as numbers (padding dropped)."""
        if self.paths is None:
            raise ValueError("this batch was solved with paths=False")
        length = int(self.lengths[index])
        return [] if length < 0 else self.paths[index][:length].tolist()

    @classmethod
    def _from_arrays(cls, arrays: dict[str, Any]) -> BatchResult:
        return cls(**arrays)


def batch_output(
    raws: Any, arrays: bool, move: Callable[..., Any] | None = None
) -> list[Solution[Any]] | BatchResult:
    """What a core batch function returned, as ``solve_many`` hands it on:
    a :class:`BatchResult` for ``arrays``, else one :class:`Solution` per case."""
    if arrays:
        return BatchResult._from_arrays(raws)
    return [Solution._from_raw(raw, move) for raw in raws]
