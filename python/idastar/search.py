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

States may be any hashable values (tuples, strings, frozensets, ...). Every
function returns an :class:`idastar.Solution`, as the puzzles do, whose
``path`` is the states from the start to the goal; the limits are named as
the puzzles' (``max_cost``, since costs need not count moves, ``node_limit``,
``time_limit``, ``state_limit``). The reference engines in
:mod:`idastar.reference` take the same arguments and return the same type,
so either can stand in for the other.

>>> from idastar import search
>>> def moves(n):  # from n, add 1 or double, each for 1
...     yield n + 1, 1
...     yield 2 * n, 1
>>> result = search.bfs(1, moves, lambda n: n == 10)
>>> result.cost, result.path
(4, (1, 2, 4, 5, 10))

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
* :class:`RecursionError` when searches nested in one another's callbacks
  have all but used up the thread's stack (a few thousand deep on a main
  thread), as Python raises it for deep recursion;
* whatever a callback raises, unchanged.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from . import _core
from ._results import Solution

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "ENGINES",
    "Limits",
    "SearchResult",
    "StoringLimits",
    "TracedLimits",
    "TracedStoringLimits",
    "Tracing",
    "astar",
    "bfs",
    "bidirectional_bfs",
    "ida_star",
    "iddfs",
    "solve",
]

State = TypeVar("State", bound=Hashable)
Successors = Callable[[Any], Iterable[tuple[Any, int]]]


#: What every search returns: the package's one result type, its path the
#: states from the start to the goal, both included, when solved.
SearchResult = Solution


class Limits(TypedDict, total=False):
    """The limits every engine takes, named as the puzzles' and checked by
    the core as theirs are (None, the default, for no limit)."""

    #: Look for paths of at most this cost; beyond it the outcome is
    #: ``no_solution`` with ``lower_bound`` above it.
    max_cost: int | None
    #: Stop after expanding this many states (outcome ``node_limit``).
    node_limit: int | None
    #: Stop after this many seconds (outcome ``time_limit``).
    time_limit: float | None


class StoringLimits(Limits, total=False):
    """The limits of the engines that store the states they reach."""

    #: Stop before storing more states (outcome ``memory_limit``); 20
    #: million unless given.
    state_limit: int | None


class Tracing(TypedDict, total=False):
    """The options of the engines that can trace a search (IDA*, IDDFS, A*)."""

    #: Record every node visited: the result's ``trace``.
    trace: bool
    #: The most nodes a trace records (100,000 unless given); past them
    #: the call raises ValueError.
    trace_limit: int | None


class TracedLimits(Limits, Tracing, total=False):
    """The limits and trace options of IDA* and IDDFS."""


class TracedStoringLimits(StoringLimits, Tracing, total=False):
    """The limits and trace options of A*."""


#: The engines :func:`solve` takes, by the names every puzzle's ``engine=``
#: takes, the default first.
ENGINES: tuple[str, ...] = ("ida", "astar", "iddfs", "bfs", "bidirectional")


def solve(
    start: Any,
    successors: Successors,
    is_goal: Callable[[Any], bool] | None = None,
    *,
    engine: str = "ida",
    heuristic: Callable[[Any], int] | None = None,
    goal: Any = None,
    predecessors: Successors | None = None,
    max_cost: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    state_limit: int | None = None,
    trace: bool = False,
    trace_limit: int | None = None,
    client: Any = None,
    checkpoint: str | os.PathLike[str] | None = None,
) -> Solution[Any]:
    """The cheapest path from ``start`` to a goal, by any engine under the
    name the puzzles give it (:data:`ENGINES`): the one entry point with
    the puzzles' vocabulary, where the functions below are one engine each.

    ``"ida"`` (the default) and ``"astar"`` are guided by ``heuristic``
    (without one, ``"ida"`` is ``"iddfs"``, and ``"astar"`` is Dijkstra's
    search with a bound of 0); ``"iddfs"`` and ``"bfs"`` take none.
    ``"bidirectional"`` searches from ``start`` and from the state ``goal``
    at once (``predecessors`` as :func:`bidirectional_bfs` takes it) and
    takes ``goal`` instead of ``is_goal``; the others take ``is_goal``.
    ``state_limit`` caps the engines that store states (``"astar"``,
    ``"bfs"``, ``"bidirectional"``). ``trace=True`` records every node
    visited in the result's ``trace`` (``"ida"``, ``"iddfs"`` and
    ``"astar"``; at most ``trace_limit`` nodes, 100,000 unless given).
    ``client`` and ``checkpoint`` spread ``"ida"`` and ``"iddfs"`` over a
    Dask cluster as :func:`ida_star` does; the other engines search here.

    >>> solve(1, lambda n: [(n + 1, 1), (2 * n, 1)], lambda n: n == 10, engine="bfs").cost
    4
    """
    limits: dict[str, Any] = {
        "max_cost": max_cost,
        "node_limit": node_limit,
        "time_limit": time_limit,
    }
    if engine not in ENGINES:
        close = difflib.get_close_matches(str(engine), ENGINES, n=1)
        meant = f' (did you mean "{close[0]}"?)' if close else ""
        raise ValueError(
            f'engine: unknown engine "{engine}"{meant}; expected one of '
            + ", ".join(f'"{name}"' for name in ENGINES)
        )
    if engine == "bidirectional":
        if is_goal is not None or heuristic is not None:
            raise TypeError(
                'engine "bidirectional" takes goal (a state), not is_goal or a heuristic'
            )
        return bidirectional_bfs(
            start, goal, successors, predecessors, **limits, state_limit=state_limit
        )
    if is_goal is None:
        raise TypeError(f"engine {engine!r} needs is_goal (bidirectional takes goal instead)")
    if goal is not None or predecessors is not None:
        raise TypeError('goal and predecessors go with engine "bidirectional" only')
    if state_limit is not None and engine not in ("astar", "bfs"):
        raise ValueError(f"state_limit: engine {engine!r} stores no states")
    if engine in ("iddfs", "bfs") and heuristic is not None:
        raise TypeError(f"engine {engine!r} takes no heuristic")
    if trace or trace_limit is not None:
        if engine == "bfs":
            raise ValueError('trace: engine "bfs" records no trace; "ida", "iddfs" and "astar" do')
        limits.update(trace=trace, trace_limit=trace_limit)
    cluster = {"client": client, "checkpoint": checkpoint}
    if engine == "ida":
        if heuristic is None:
            return iddfs(start, successors, is_goal, **cluster, **limits)
        return ida_star(start, successors, heuristic, is_goal, **cluster, **limits)
    if engine == "astar":
        bound = heuristic if heuristic is not None else _no_bound
        return astar(start, successors, bound, is_goal, **limits, state_limit=state_limit)
    if engine == "iddfs":
        return iddfs(start, successors, is_goal, **cluster, **limits)
    return bfs(start, successors, is_goal, **limits, state_limit=state_limit)


def _no_bound(state: Any) -> int:
    return 0


def _run(
    engine: str,
    start: Any,
    successors: Successors,
    limits: Any,
    client: Any = None,
    checkpoint: str | os.PathLike[str] | None = None,
    **callbacks: Any,
) -> Solution[Any]:
    # The limits go to the core as the puzzles' options do, which checks
    # each (and suggests the name meant for a misspelt one).
    if "state_limit" in limits and engine in ("ida_star", "iddfs"):
        raise TypeError(f"{engine}() got an unexpected keyword argument 'state_limit'")
    if client is None:
        if checkpoint is not None:
            raise ValueError("checkpoint is taken with client: it keeps what a cluster searched")
        raw = _core.search_python(engine, start, successors, **callbacks, options=dict(limits))
    else:
        from . import _distributed

        callbacks = {"successors": successors, **callbacks}
        raw = _distributed.search(engine, start, callbacks, dict(limits), client, checkpoint)
    return Solution._from_raw(raw)


def ida_star(
    start: Any,
    successors: Successors,
    heuristic: Callable[[Any], int],
    is_goal: Callable[[Any], bool],
    *,
    client: Any = None,
    checkpoint: str | os.PathLike[str] | None = None,
    **limits: Unpack[TracedLimits],
) -> Solution[Any]:
    """IDA*: memory for the current path only; optimal with an admissible heuristic.

    States already on the current path are skipped, so a finite space
    without a goal ends with ``no_solution`` instead of deepening forever.
    With ``trace=True`` the result's ``trace`` lists every node visited,
    iteration by iteration (a node's move is the state it leads to).

    ``client``, a ``dask.distributed.Client``, spreads each large
    iteration over its cluster, as a puzzle's ``solve`` does: the
    callables go to the workers pickled (functions of the ``__main__``
    script, and lambdas, by value), every worker cuts the iteration's
    frontier as this one does (the callables must give the same
    successors in the same order everywhere), and the answer and node
    counts are those of the search here. ``checkpoint``, a file, keeps
    what the cluster finished, for the same call to resume from.
    """
    return _run(
        "ida_star",
        start,
        successors,
        limits,
        client,
        checkpoint,
        heuristic=heuristic,
        is_goal=is_goal,
    )


def astar(
    start: Any,
    successors: Successors,
    heuristic: Callable[[Any], int],
    is_goal: Callable[[Any], bool],
    **limits: Unpack[TracedStoringLimits],
) -> Solution[Any]:
    """A*: keeps every state it reaches (cap it with ``state_limit``); with
    ``trace=True``, the result's ``trace`` lists every node generated."""
    return _run("astar", start, successors, limits, heuristic=heuristic, is_goal=is_goal)


def iddfs(
    start: Any,
    successors: Successors,
    is_goal: Callable[[Any], bool],
    *,
    client: Any = None,
    checkpoint: str | os.PathLike[str] | None = None,
    **limits: Unpack[TracedLimits],
) -> Solution[Any]:
    """Iterative-deepening depth-first search: IDA* without a heuristic
    (``trace=True``, ``client`` and ``checkpoint`` as for :func:`ida_star`)."""
    return _run("iddfs", start, successors, limits, client, checkpoint, is_goal=is_goal)


def bfs(
    start: Any,
    successors: Successors,
    is_goal: Callable[[Any], bool],
    **limits: Unpack[StoringLimits],
) -> Solution[Any]:
    """Breadth-first search: the fewest moves (costs are ignored; cost = moves)."""
    return _run("bfs", start, successors, limits, is_goal=is_goal)


def bidirectional_bfs(
    start: Any,
    goal: Any,
    successors: Successors,
    predecessors: Successors | None = None,
    **limits: Unpack[StoringLimits],
) -> Solution[Any]:
    """Breadth-first from ``start`` and from ``goal`` at once; the fewest moves.

    ``predecessors(state)`` yields the states with a move into ``state``;
    when omitted, moves are taken to be reversible and ``successors`` serves.
    """
    return _run(
        "bidirectional_bfs", start, successors, limits, goal=goal, predecessors=predecessors
    )
