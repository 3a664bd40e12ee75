"""The engines on problems you write in Python.

Give a start state and a few callables; the Rust engines do the searching
and call back into Python for each state:

* ``successors(state)`` yields ``(next_state, cost)`` pairs, costs being
  non-negative integers below ``2**32`` (the core counts in 32 bits: a path
  whose total reaches ``2**32 - 1`` is never reported as found; the search
  ends with ``no_solution`` and that as its ``lower_bound``);
* ``heuristic(state)`` returns a lower bound on the remaining cost (an
  integer; it must never overestimate, or the answer may not be optimal);
* ``is_goal(state)`` says whether ``state`` is a goal.

States may be any hashable values (tuples, strings, frozensets, ...). The
functions have the signatures and results of the pure-Python reference
engines in :mod:`idastar.reference`, so either can stand in for the other.

>>> from idastar import search
>>> def moves(n):  # from n, add 1 or double, each for 1
...     yield n + 1, 1
...     yield 2 * n, 1
>>> result = search.bfs(1, moves, lambda n: n == 10)
>>> result.cost, result.path
(4, [1, 2, 4, 5, 10])

An exception raised by a callback stops the search and propagates as is;
Ctrl-C raises :class:`KeyboardInterrupt`. The callbacks run with the GIL
held, so a search on Python callables is as fast as they are; the puzzles
of this package run entirely in Rust. A callback may itself search (or
solve a puzzle of this package). Limits are checked after every
expansion, so ``time_limit`` holds to within one expansion; a single call
of a callback that never returns (an endless generator of successors, say)
holds the search until Ctrl-C.

Every function raises:

* :class:`TypeError` when a callback is not callable or returns the wrong
  kind of value (successors that are no iterable of ``(state, cost)``
  tuples, a cost or heuristic value that is no integer), or a state is not
  hashable;
* :class:`ValueError` when a cost or a heuristic value is outside
  ``0 .. 2**32 - 1``, a limit is negative or no number, or
  :func:`bidirectional_bfs` is given None as its goal;
* whatever a callback raises, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import _core
from ._checks import MOST_COST, MOST_COUNT, non_negative, seconds
from ._results import Iteration, Outcome

__all__ = ["SearchResult", "astar", "bfs", "bidirectional_bfs", "ida_star", "iddfs"]

State = TypeVar("State", bound=Hashable)
Successors = Callable[[Any], Iterable[tuple[Any, int]]]


@dataclass(frozen=True)
class SearchResult:
    """What a search on Python callables reports.

    ``path`` holds the states from the start to the goal, both included,
    when solved, and is empty otherwise; ``cost`` is the optimal cost when
    solved. ``lower_bound`` is what the search proved otherwise (None: no
    goal is reachable at all).
    """

    outcome: Outcome
    cost: int | None
    path: list[Any] = field(default_factory=list)
    expanded: int = 0
    generated: int = 0
    iterations: list[Iteration] = field(default_factory=list)
    lower_bound: int | None = None
    #: Wall time of the search in seconds.
    elapsed: float = 0.0

    @property
    def solved(self) -> bool:
        return self.outcome is Outcome.SOLVED


def _run(engine: str, start: Any, successors: Successors, **options: Any) -> SearchResult:
    for name, most in (
        ("max_cost", MOST_COST),
        ("max_nodes", MOST_COUNT),
        ("max_states", MOST_COUNT),
    ):
        if name in options:
            options[name] = non_negative(name, options[name], most)
    options["time_limit"] = seconds("time_limit", options["time_limit"])
    outcome, cost, path, lower_bound, iterations, expanded, generated, elapsed = (
        _core.search_python(engine, start, successors, **options)
    )
    return SearchResult(
        outcome=Outcome(outcome),
        cost=cost,
        path=list(path),
        expanded=expanded,
        generated=generated,
        iterations=[Iteration(*it) for it in iterations],
        lower_bound=lower_bound,
        elapsed=elapsed,
    )


def ida_star(
    start: Any,
    successors: Successors,
    heuristic: Callable[[Any], int],
    is_goal: Callable[[Any], bool],
    *,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> SearchResult:
    """IDA*: memory for the current path only; optimal with an admissible heuristic.

    States already on the current path are skipped, so a finite space
    without a goal ends with ``no_solution`` instead of deepening forever.
    """
    return _run(
        "ida_star",
        start,
        successors,
        heuristic=heuristic,
        is_goal=is_goal,
        max_cost=max_cost,
        max_nodes=max_nodes,
        time_limit=time_limit,
    )


def astar(
    start: Any,
    successors: Successors,
    heuristic: Callable[[Any], int],
    is_goal: Callable[[Any], bool],
    *,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
) -> SearchResult:
    """A*: keeps every state it reaches (cap it with ``max_states``)."""
    return _run(
        "astar",
        start,
        successors,
        heuristic=heuristic,
        is_goal=is_goal,
        max_cost=max_cost,
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_states=max_states,
    )


def iddfs(
    start: Any,
    successors: Successors,
    is_goal: Callable[[Any], bool],
    *,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> SearchResult:
    """Iterative-deepening depth-first search: IDA* without a heuristic."""
    return _run(
        "iddfs",
        start,
        successors,
        is_goal=is_goal,
        max_cost=max_cost,
        max_nodes=max_nodes,
        time_limit=time_limit,
    )


def bfs(
    start: Any,
    successors: Successors,
    is_goal: Callable[[Any], bool],
    *,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
) -> SearchResult:
    """Breadth-first search: the fewest moves (costs are ignored; cost = moves)."""
    return _run(
        "bfs",
        start,
        successors,
        is_goal=is_goal,
        max_cost=max_cost,
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_states=max_states,
    )


def bidirectional_bfs(
    start: Any,
    goal: Any,
    successors: Successors,
    predecessors: Successors | None = None,
    *,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
) -> SearchResult:
    """Breadth-first from ``start`` and from ``goal`` at once; the fewest moves.

    ``predecessors(state)`` yields the states with a move into ``state``;
    when omitted, moves are taken to be reversible and ``successors`` serves.
    """
    return _run(
        "bidirectional_bfs",
        start,
        successors,
        goal=goal,
        predecessors=predecessors,
        max_cost=max_cost,
        max_nodes=max_nodes,
        time_limit=time_limit,
        max_states=max_states,
    )
