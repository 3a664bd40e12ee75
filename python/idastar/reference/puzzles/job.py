"""What every puzzle's ``solve``, ``distance`` and ``lower_bound`` share.

A puzzle says what one case is as a search space (:class:`Space`): where
the search starts, the moves out of a state, the goal, a lower bound. The
verbs are written here once, over any space, as the Rust core's generic job
runs every puzzle of its registry through one ``Puzzle`` contract:

* :func:`solve`: IDA* with the space's bound, the path as the moves taken;
* :func:`distance`: breadth-first search, which involves no bound at all,
  the oracle for the bounds and for IDA*;
* :func:`lower_bound`: the bound at the start.

:func:`verbs` makes a puzzle module's functions of those names from the
function that turns its cases into spaces.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from ..._results import Solution
from ..engines import bfs, ida_star

S = TypeVar("S")
M = TypeVar("M")


def _no_bound(state: object) -> int:
    return 0


@dataclass(frozen=True)
class Space(Generic[S, M]):
    """One case of a puzzle as the engines search it.

    ``moves(state)`` yields ``(move, state it leads to)`` in the order the
    core tries them, so that both find the same path among equals; every
    move costs 1. ``bound`` is an admissible lower bound on the moves left.
    ``written`` turns the moves taken into the path the puzzle's
    ``solve`` gives (Square Destroyer's sticks, in increasing order);
    ``solution`` is its result type, whose fields beyond the shared ones
    ``extra`` finds in the goal state reached (the Rotation Game's centre).
    """

    start: S
    moves: Callable[[S], Iterable[tuple[M, S]]]
    is_goal: Callable[[S], bool]
    bound: Callable[[S], int] = _no_bound
    written: Callable[[list[M]], Sequence[M]] = list
    solution: type[Solution[Any]] = Solution
    extra: Callable[[S], dict[str, Any]] = field(default=lambda goal: {})

    def successors(self, state: S) -> Iterator[tuple[S, int]]:
        """The states one move away, each at cost 1, as the engines take them."""
        for _, after in self.moves(state):
            yield after, 1

    def moves_along(self, states: Sequence[S]) -> list[M]:
        """The move between each two states of a path: the first that leads
        there, the one the search took."""
        return [
            next(move for move, reached in self.moves(before) if reached == after)
            for before, after in itertools.pairwise(states)
        ]


def solve(space: Space[S, M], *, max_moves: int | None = None) -> Solution[M]:
    """The fewest moves from the start to a goal, by IDA* with the space's
    bound: a :class:`idastar.Solution` whose path is the moves, as the
    puzzle's module gives it (``no_solution`` beyond ``max_moves``)."""
    result = ida_star(space.start, space.successors, space.bound, space.is_goal, max_cost=max_moves)
    path: Sequence[M] = ()
    extra: dict[str, Any] = {}
    if result.solved:
        path = space.written(space.moves_along(result.path))
        extra = space.extra(result.path[-1])
    return space.solution(
        result.outcome, result.cost, path, result.lower_bound, result.stats, **extra
    )


def distance(space: Space[S, M]) -> int:
    """The fewest moves from the start to a goal, by breadth-first search;
    ValueError when no goal can be reached."""
    result = bfs(space.start, space.successors, space.is_goal)
    if result.cost is None:
        raise ValueError("the case cannot reach the goal")
    return result.cost


def lower_bound(space: Space[S, M]) -> int:
    """The space's bound at its start."""
    return space.bound(space.start)


class Verbs(NamedTuple):
    """A puzzle module's ``solve``, ``distance`` and ``lower_bound``
    (not generic in its moves: Python 3.10's NamedTuple cannot be)."""

    solve: Callable[..., Solution[Any]]
    distance: Callable[..., int]
    lower_bound: Callable[..., int]


def verbs(space_of: Callable[..., Space[Any, M]]) -> Verbs:
    """The verbs of the puzzle whose cases ``space_of(case, ...)`` turns
    into spaces: each takes what ``space_of`` takes (``solve`` also
    ``max_moves``), and is documented by its docstring."""
    puzzle = space_of.__module__.rsplit(".", 1)[-1]
    about = f"\n\nThe case and its options are those of ``{space_of.__name__}``: {space_of.__doc__}"

    @functools.wraps(space_of)
    def solve_case(*case: Any, max_moves: int | None = None, **options: Any) -> Solution[M]:
        return solve(space_of(*case, **options), max_moves=max_moves)

    @functools.wraps(space_of)
    def distance_of(*case: Any, **options: Any) -> int:
        return distance(space_of(*case, **options))

    @functools.wraps(space_of)
    def bound_of(*case: Any, **options: Any) -> int:
        return lower_bound(space_of(*case, **options))

    for function, verb, general in (
        (solve_case, "solve", solve),
        (distance_of, "distance", distance),
        (bound_of, "lower_bound", lower_bound),
    ):
        function.__name__ = function.__qualname__ = verb
        function.__doc__ = f"{puzzle}: {general.__doc__}{about}"
        del function.__wrapped__  # its signature is not space_of's
    return Verbs(solve_case, distance_of, bound_of)
