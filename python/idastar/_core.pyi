"""Type stubs of the compiled core (the binding of idastar-core)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

#: (outcome, cost, path, lower_bound, iterations, expanded, generated, seconds)
_Raw = tuple[
    str,
    int | None,
    list[tuple[int, int, int]],
    int | None,
    list[tuple[int, int, int]],
    int,
    int,
    float,
]

MAX_BOOKS: int
SQUARES_MAX_N: int
__version__: str

class InvalidPuzzle(ValueError):
    """The input does not describe a valid position of the puzzle."""

class Unsolvable(InvalidPuzzle):
    """The position is valid, but the goal cannot be reached from it."""

def booksort_solve(
    books: Sequence[int],
    *,
    engine: str = "ida",
    heuristic: str = "cycles",
    goal_ball: int | None = None,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
    table_entries: int | None = None,
) -> _Raw: ...
def booksort_lower_bound(books: Sequence[int], heuristic: str = "cycles") -> int: ...
def booksort_distance_distribution(n: int) -> list[int]: ...
def booksort_solve_many(
    cases: Sequence[Sequence[int]],
    *,
    engine: str = "ida",
    heuristic: str = "cycles",
    goal_ball: int | None = None,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
    table_entries: int | None = None,
    threads: int | None = None,
) -> list[_Raw]: ...
def rotation_solve(
    values: Sequence[int],
    *,
    engine: str = "table",
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> tuple[
    tuple[str, int | None, list[str], int | None, list[tuple[int, int, int]], int, int, float],
    int | None,
]: ...
def rotation_solve_many(
    boards: Sequence[Sequence[int]], *, engine: str = "table", threads: int | None = None
) -> list[tuple[str, int]]: ...
def rotation_table(cells: int = 8) -> tuple[bytes, list[int]]: ...
def rotation_census() -> list[int]: ...
def search_python(
    engine: str,
    start: object,
    successors: Callable[[Any], Iterable[tuple[Any, int]]],
    *,
    heuristic: Callable[[Any], int] | None = None,
    is_goal: Callable[[Any], bool] | None = None,
    goal: object = None,
    predecessors: Callable[[Any], Iterable[tuple[Any, int]]] | None = None,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
) -> tuple[str, int | None, list[Any], int | None, list[tuple[int, int, int]], int, int, float]: ...
def squares_solve(
    n: int,
    removed: Sequence[int],
    *,
    solver: str = "exact",
    bound: str = "packing",
    branching: str = "fewest",
    dominance: bool = True,
    symmetry: bool = True,
    upper_bound: bool = True,
    max_cost: int | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> tuple[str, int | None, list[int], int | None, list[tuple[int, int, int]], int, int, float]: ...
def squares_lower_bounds(n: int, removed: Sequence[int]) -> tuple[int, int]: ...
def squares_intact(n: int, removed: Sequence[int]) -> list[tuple[int, int, int]]: ...
