"""Type stubs of the compiled core (the binding of idastar-core)."""

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, final

import numpy
from numpy.typing import NDArray

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
#: The most threads a batch function takes.
MAX_THREADS: int
SQUARES_MAX_N: int
__version__: str
#: Outcome names in the order of their codes in batch arrays.
OUTCOMES: tuple[str, ...]

class InvalidPuzzle(ValueError):
    """The input does not describe a valid position of the puzzle."""

class Unsolvable(InvalidPuzzle):
    """The position is valid, but the goal cannot be reached from it."""

class CacheWarning(UserWarning):
    """Tables built for the cache directory (pattern databases) could not be
    kept there: this run goes on, and later runs build them again."""

class InternalError(RuntimeError):
    """A bug in idastar, not in the input: an internal check failed (a panic of
    the Rust core). Please report it with the message, which says where."""

#: What pyo3 raises for a panic; idastar turns it into InternalError.
_PanicException: type[BaseException]

def _take_panic_report() -> str | None: ...
def _thread_pools() -> tuple[int, list[int]]: ...

# The puzzle contract: every registered puzzle by name (PUZZLES), its cases
# as integers, its options as one dict. A family (FAMILIES) is an entry
# whose members are made at run time, each call naming its member by an
# option (permutation puzzles: their description).
PUZZLES: tuple[str, ...]
FAMILIES: tuple[str, ...]

def permutation_describe(
    text: str, **options: Any
) -> tuple[
    str,
    list[tuple[str, int, int]],
    list[int],
    list[tuple[str, list[int], list[int]]],
    list[tuple[str, int]],
]: ...

@final
class RawResult:
    """One search's answer as the core gives it, for ``idastar.Solution``
    to wrap: the path is a list of moves, the string of the moves' letters
    for a puzzle whose moves are letters, or the states of
    ``idastar.search``."""

    @property
    def outcome(self) -> str: ...
    @property
    def cost(self) -> int | None: ...
    @property
    def path(self) -> list[Any] | str: ...
    @property
    def lower_bound(self) -> int | None: ...
    @property
    def iterations(self) -> tuple[tuple[int, int, int], ...]: ...
    @property
    def expanded(self) -> int: ...
    @property
    def generated(self) -> int: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def extra(self) -> int | None: ...
    @property
    def trace(
        self,
    ) -> list[tuple[int, list[tuple[int | None, Any, int, int, bool]], int | None]] | None:
        """A traced search's iterations, ``(bound, nodes, goal)``, each node
        ``(parent, move, g, h, pruned)``; None when not traced."""

def puzzle_info(
    name: str,
) -> tuple[list[str], list[str], int, str | None, list[tuple[str, str, str, str]]]: ...
def solve(
    puzzle: str,
    case: Sequence[int],
    options: dict[str, Any] | None = None,
    called: str | None = None,
    spread: Any = None,
) -> RawResult: ...
def search_part(
    puzzle: str,
    case: Sequence[int],
    options: dict[str, Any] | None,
    cut: tuple[int, int, int],
    subtrees: tuple[int, int],
    stopped: Callable[[], object],
    called: str | None = None,
) -> tuple[int | None, int, int, int, bool, str | None, list[int], list[int] | None]: ...
def solve_many(
    puzzle: str,
    cases: Any,
    options: dict[str, Any] | None = None,
    arrays: bool = False,
    paths: bool = True,
    pairs: bool = False,
    answered: Callable[[list[tuple[int, RawResult]]], object] | None = None,
    called: str | None = None,
    stopped: Callable[[], object] | None = None,
) -> Any: ...
def check_options(
    puzzle: str, options: dict[str, Any] | None = None, called: str | None = None
) -> None: ...
def lower_bound(
    puzzle: str,
    case: Sequence[int],
    options: dict[str, Any] | None = None,
    called: str | None = None,
) -> int: ...
def distance_distribution(
    puzzle: str, size: int | None = None, options: dict[str, Any] | None = None
) -> list[int]: ...
def pack(
    puzzle: str, cases: Any, options: dict[str, Any] | None = None
) -> NDArray[numpy.uint64]: ...
def unpack(
    puzzle: str,
    codes: NDArray[numpy.uint64],
    size: int | None = None,
    options: dict[str, Any] | None = None,
) -> NDArray[numpy.int64]: ...
def _panic_for_tests(place: str, threads: int | None = None) -> None: ...
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
    options: dict[str, Any] | None = None,
    spread: Any = None,
    part: tuple[tuple[int, int, int], tuple[int, int]] | None = None,
    stopped: Callable[[], object] | None = None,
) -> Any: ...
def squares_intact(case: Sequence[int]) -> list[tuple[int, int, int]]: ...

_Progress = Callable[[int, int, int, int, int], object]

SLIDING_MAX_DISTRIBUTION_CELLS: int
SLIDING_MIN_SIDE: int
SLIDING_MAX_SIDE: int
SLIDING_PDB_FORMAT_VERSION: int
SLIDING_MAX_PATTERN_ENTRIES: int

def sliding_is_solvable(
    tiles: Sequence[int], *, width: int, height: int, goal: Sequence[int]
) -> bool: ...
def sliding_distance_distribution(*, width: int, height: int, goal: Sequence[int]) -> list[int]: ...
def sliding_partition(
    *, width: int, height: int, goal: Sequence[int], partition: str | None = None
) -> list[list[int]]: ...
def sliding_pattern_database(
    tiles: Sequence[int],
    *,
    width: int,
    height: int,
    goal: Sequence[int],
    cache_dir: str | None = None,
    progress: _Progress | None = None,
) -> tuple[bytes, list[int]]: ...
def sliding_cache_dir(explicit: str | None = None) -> str | None: ...
def sliding_unkept_count() -> int: ...
def sliding_unkept_since(mark: int, explicit: str | None = None) -> tuple[Path, str] | None: ...
def sliding_clear_loaded() -> None: ...
