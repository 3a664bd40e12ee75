# The typed verbs of every puzzle, one Protocol a puzzle, and the options
# they take, one TypedDict a puzzle: written by `python -m idastar._stubgen`
# from the registry; edit that, not this.
import os
from collections.abc import Iterable, Sequence
from typing import Any, Literal, Protocol, TypedDict, overload

import numpy
from numpy.typing import NDArray
from typing_extensions import Unpack

from . import booksort, fifteen, pancake, rotation, sliding, squares
from ._puzzle import Progress
from ._results import BatchResult, Solution

BooksortEngine = Literal["ida", "astar", "iddfs", "bfs", "bidirectional"]
BooksortHeuristic = Literal["cycles", "breakpoints"]

class BooksortOptions(TypedDict, total=False):
    """The options of :mod:`idastar.booksort`'s calls, as the registry describes them."""

    #: The search engine (default: the first engine).
    engine: BooksortEngine | None
    #: The lower bound that guides the informed engines (default: the first heuristic).
    heuristic: BooksortHeuristic | None
    #: Look for solutions of at most this many moves; beyond them, no_solution (default: no limit).
    max_moves: int | None
    #: Stop after this many expansions (default: no limit).
    node_limit: int | None
    #: Stop after this many seconds, table builds included (default: no limit).
    time_limit: float | None
    #: Stop before storing more states: memory_limit (default: 20 million for the engines that store states).
    state_limit: int | None
    #: Record every node visited in the result's trace (engines ida, the default then, iddfs and astar) (default: False).
    trace: bool | None
    #: The most nodes a trace records; past them the call raises ValueError (default: 100,000 nodes).
    trace_limit: int | None
    #: The radius of the stored ball of exact distances around the sorted shelf (default: a radius by the shelf's length).
    goal_ball: int | None
    #: Engine "ida" only: the learned bounds kept (a power of two; 0 for none) (default: 65,536 for a search without max_moves, else none).
    table_entries: int | None
    #: Told of long preparations: ``progress(task, tasks, layer, reached, total)``.
    progress: Progress | None

class BooksortVerbs(Protocol):
    """The verbs of :mod:`idastar.booksort`."""

    def solve(
        self,
        case: booksort.Case,
        /,
        *,
        threads: int | None = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[BooksortOptions],
    ) -> Solution[booksort.BlockMove]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[booksort.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[BooksortOptions],
    ) -> list[Solution[booksort.BlockMove]]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[booksort.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[BooksortOptions],
    ) -> BatchResult: ...
    def distance(
        self,
        case: booksort.Case,
        /,
        **options: Unpack[BooksortOptions],
    ) -> int: ...
    def lower_bound(
        self,
        case: booksort.Case,
        /,
        heuristic: BooksortHeuristic | None = ...,
        **options: Any,
    ) -> int: ...
    def pack(
        self,
        cases: Iterable[booksort.Case] | Any,
        /,
        *,
        n: int | None = ...,
    ) -> NDArray[numpy.uint64]: ...
    def unpack(
        self,
        codes: Any,
        /,
        *,
        n: int,
    ) -> NDArray[numpy.int64]: ...
    def replay(
        self,
        case: booksort.Case,
        path: Iterable[tuple[int, int, int]],
        /,
    ) -> tuple[int, ...]: ...
    def draw(
        self,
        case: booksort.Case,
        /,
    ) -> str: ...

FifteenEngine = Literal["ida-tiles", "ida", "astar", "iddfs", "bfs", "bidirectional"]
FifteenHeuristic = Literal["pdb", "linear-conflict", "manhattan"]

class FifteenOptions(TypedDict, total=False):
    """The options of :mod:`idastar.fifteen`'s calls, as the registry describes them."""

    #: The search engine (default: the first engine).
    engine: FifteenEngine | None
    #: The lower bound that guides the informed engines (default: the first heuristic).
    heuristic: FifteenHeuristic | None
    #: Look for solutions of at most this many moves; beyond them, no_solution (default: no limit).
    max_moves: int | None
    #: Stop after this many expansions (default: no limit).
    node_limit: int | None
    #: Stop after this many seconds, table builds included (default: no limit).
    time_limit: float | None
    #: Stop before storing more states: memory_limit (default: 20 million for the engines that store states).
    state_limit: int | None
    #: Record every node visited in the result's trace (engines ida, the default then, iddfs and astar) (default: False).
    trace: bool | None
    #: The most nodes a trace records; past them the call raises ValueError (default: 100,000 nodes).
    trace_limit: int | None
    #: The goal: a name, or its tiles row by row (default: "blank-last").
    goal: Literal["blank-last", "blank-first"] | Sequence[int] | None
    #: With heuristic "pdb": a partition by name ("7-8") or the tiles of each pattern; several partitions joined by "+" ("7-8+1,2,3/4,5,6") take the largest of their bounds (default: the board's default partition (6-6-3 on 4 x 4)).
    patterns: str | Sequence[Sequence[int]] | None
    #: Also look the databases up on the board mirrored about its diagonal (default: True).
    reflect: bool | None
    #: Also bound the dual board (default: False).
    dual: bool | None
    #: Read each pattern's database for the region of empty cells the blank is in, rather than the least over the regions: a stronger bound, from databases that keep each region's exact distance in a bit (for 6-6-6-6, 0.61 GB against 0.73 GB plain); the faster on 7-8, not on smaller patterns (default: True with engine "ida-tiles" on a partition with a pattern of 7 tiles or more (7-8) where it fits memory_gb, else False).
    zero_aware: bool | None
    #: The most memory the pattern databases may take, in gigabytes (10^9 bytes), counting a build's peak; patterns that do not fit are refused before any build (default: 8).
    memory_gb: float | None
    #: Skip every move that completes a duplicate sequence of at most this many moves (Taylor and Korf), 2 to 14, beyond 2 with engine "ida-tiles" alone; 2 skips the move that undoes the last, as Korf's searches do; 14 skips the detours round blocks of cells too: about 45% of the 24-puzzle's nodes and 43% of the 15-puzzle's, the same path found, from an automaton built once and kept beside the databases (1.2 s on 5 x 5) (default: 14 with engine "ida-tiles", else 2).
    move_pruning: int | None
    #: Where pattern databases are kept (default: $IDASTAR_CACHE_DIR, else the user's cache directory).
    cache_dir: str | os.PathLike[str] | None
    #: Told of long preparations: ``progress(task, tasks, layer, reached, total)``.
    progress: Progress | None

class FifteenVerbs(Protocol):
    """The verbs of :mod:`idastar.fifteen`."""

    def solve(
        self,
        case: fifteen.Case,
        /,
        *,
        threads: int | None = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[FifteenOptions],
    ) -> Solution[str]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[fifteen.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[FifteenOptions],
    ) -> list[Solution[str]]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[fifteen.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[FifteenOptions],
    ) -> BatchResult: ...
    def distance(
        self,
        case: fifteen.Case,
        /,
        **options: Unpack[FifteenOptions],
    ) -> int: ...
    def lower_bound(
        self,
        case: fifteen.Case,
        /,
        heuristic: FifteenHeuristic | None = ...,
        **options: Any,
    ) -> int: ...
    def pack(
        self,
        cases: Iterable[fifteen.Case] | Any,
        /,
    ) -> NDArray[numpy.uint64]: ...
    def unpack(
        self,
        codes: Any,
        /,
    ) -> NDArray[numpy.int64]: ...

PancakeEngine = Literal["ida", "astar", "iddfs", "bfs", "bidirectional"]
PancakeHeuristic = Literal["gap", "gap-lookahead"]

class PancakeOptions(TypedDict, total=False):
    """The options of :mod:`idastar.pancake`'s calls, as the registry describes them."""

    #: The search engine (default: the first engine).
    engine: PancakeEngine | None
    #: The lower bound that guides the informed engines (default: the first heuristic).
    heuristic: PancakeHeuristic | None
    #: Look for solutions of at most this many moves; beyond them, no_solution (default: no limit).
    max_moves: int | None
    #: Stop after this many expansions (default: no limit).
    node_limit: int | None
    #: Stop after this many seconds, table builds included (default: no limit).
    time_limit: float | None
    #: Stop before storing more states: memory_limit (default: 20 million for the engines that store states).
    state_limit: int | None
    #: Record every node visited in the result's trace (engines ida, the default then, iddfs and astar) (default: False).
    trace: bool | None
    #: The most nodes a trace records; past them the call raises ValueError (default: 100,000 nodes).
    trace_limit: int | None
    #: Told of long preparations: ``progress(task, tasks, layer, reached, total)``.
    progress: Progress | None

class PancakeVerbs(Protocol):
    """The verbs of :mod:`idastar.pancake`."""

    def solve(
        self,
        case: pancake.Case,
        /,
        *,
        threads: int | None = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[PancakeOptions],
    ) -> Solution[int]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[pancake.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[PancakeOptions],
    ) -> list[Solution[int]]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[pancake.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[PancakeOptions],
    ) -> BatchResult: ...
    def distance(
        self,
        case: pancake.Case,
        /,
        **options: Unpack[PancakeOptions],
    ) -> int: ...
    def lower_bound(
        self,
        case: pancake.Case,
        /,
        heuristic: PancakeHeuristic | None = ...,
        **options: Any,
    ) -> int: ...
    def pack(
        self,
        cases: Iterable[pancake.Case] | Any,
        /,
        *,
        n: int | None = ...,
    ) -> NDArray[numpy.uint64]: ...
    def unpack(
        self,
        codes: Any,
        /,
        *,
        n: int,
    ) -> NDArray[numpy.int64]: ...
    def replay(
        self,
        case: pancake.Case,
        path: Iterable[int],
        /,
    ) -> tuple[int, ...]: ...
    def draw(
        self,
        case: pancake.Case,
        /,
    ) -> str: ...

RotationEngine = Literal["table", "ida", "astar", "iddfs", "bfs"]
RotationHeuristic = Literal["centre", "table"]

class RotationOptions(TypedDict, total=False):
    """The options of :mod:`idastar.rotation`'s calls, as the registry describes them."""

    #: The search engine (default: the first engine).
    engine: RotationEngine | None
    #: The lower bound that guides the informed engines (default: the first heuristic).
    heuristic: RotationHeuristic | None
    #: Look for solutions of at most this many moves; beyond them, no_solution (default: no limit).
    max_moves: int | None
    #: Stop after this many expansions (default: no limit).
    node_limit: int | None
    #: Stop after this many seconds, table builds included (default: no limit).
    time_limit: float | None
    #: Stop before storing more states: memory_limit (default: 20 million for the engines that store states).
    state_limit: int | None
    #: Record every node visited in the result's trace (engines ida, the default then, iddfs and astar) (default: False).
    trace: bool | None
    #: The most nodes a trace records; past them the call raises ValueError (default: 100,000 nodes).
    trace_limit: int | None
    #: Told of long preparations: ``progress(task, tasks, layer, reached, total)``.
    progress: Progress | None

class RotationVerbs(Protocol):
    """The verbs of :mod:`idastar.rotation`."""

    def solve(
        self,
        case: rotation.Case,
        /,
        *,
        threads: int | None = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[RotationOptions],
    ) -> rotation.RotationSolution: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[rotation.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[RotationOptions],
    ) -> list[rotation.RotationSolution]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[rotation.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[RotationOptions],
    ) -> BatchResult: ...
    def distance(
        self,
        case: rotation.Case,
        /,
        **options: Unpack[RotationOptions],
    ) -> int: ...
    def lower_bound(
        self,
        case: rotation.Case,
        /,
        heuristic: RotationHeuristic | None = ...,
        **options: Any,
    ) -> int: ...
    def pack(
        self,
        cases: Iterable[rotation.Case] | Any,
        /,
    ) -> NDArray[numpy.uint64]: ...
    def unpack(
        self,
        codes: Any,
        /,
    ) -> NDArray[numpy.int64]: ...
    def replay(
        self,
        case: rotation.Case,
        path: Iterable[str],
        /,
    ) -> tuple[int, ...]: ...
    def draw(
        self,
        case: rotation.Case,
        /,
    ) -> str: ...

SlidingEngine = Literal["ida-tiles", "ida", "astar", "iddfs", "bfs", "bidirectional"]
SlidingHeuristic = Literal["pdb", "linear-conflict", "manhattan"]

class SlidingOptions(FifteenOptions, total=False):
    """The options of :mod:`idastar.sliding`'s calls, as the registry describes them."""

    #: The board's width, 2 to 5 (default: a square board read off the number of tiles).
    width: int | None
    #: The board's height, 2 to 5 (default: as width).
    height: int | None

class SlidingVerbs(Protocol):
    """The verbs of :mod:`idastar.sliding`."""

    def solve(
        self,
        case: sliding.Case,
        /,
        *,
        threads: int | None = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[SlidingOptions],
    ) -> Solution[str]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[sliding.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[SlidingOptions],
    ) -> list[Solution[str]]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[sliding.Case] | Any,
        /,
        *,
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[SlidingOptions],
    ) -> BatchResult: ...
    def distance(
        self,
        case: sliding.Case,
        /,
        **options: Unpack[SlidingOptions],
    ) -> int: ...
    def lower_bound(
        self,
        case: sliding.Case,
        /,
        heuristic: SlidingHeuristic | None = ...,
        **options: Any,
    ) -> int: ...
    def pack(
        self,
        cases: Iterable[sliding.Case] | Any,
        /,
        *,
        width: int | None = ...,
        height: int | None = ...,
    ) -> NDArray[numpy.uint64]: ...
    def unpack(
        self,
        codes: Any,
        /,
        *,
        width: int | None = ...,
        height: int | None = ...,
    ) -> NDArray[numpy.int64]: ...

SquaresEngine = Literal["exact", "ida"]
SquaresHeuristic = Literal["packing", "disjoint"]

class SquaresOptions(TypedDict, total=False):
    """The options of :mod:`idastar.squares`'s calls, as the registry describes them."""

    #: The search engine (default: the first engine).
    engine: SquaresEngine | None
    #: The lower bound that guides the informed engines (default: the first heuristic).
    heuristic: SquaresHeuristic | None
    #: Look for solutions of at most this many moves; beyond them, no_solution (default: no limit).
    max_moves: int | None
    #: Stop after this many expansions (default: no limit).
    node_limit: int | None
    #: Stop after this many seconds, table builds included (default: no limit).
    time_limit: float | None
    #: Stop before storing more states: memory_limit (default: 20 million for the engines that store states).
    state_limit: int | None
    #: Record every node visited in the result's trace (engines ida, the default then, iddfs and astar) (default: False).
    trace: bool | None
    #: The most nodes a trace records; past them the call raises ValueError (default: 100,000 nodes).
    trace_limit: int | None
    #: The exact engine's branching: on the square with the fewest sticks left, or the first (default: "fewest").
    branching: Literal["fewest", "first"] | None
    #: The exact engine forbids dominated sticks (default: True).
    dominance: bool | None
    #: The exact engine uses the square's symmetries (default: True).
    symmetry: bool | None
    #: The exact engine starts from a greedy solution (default: True).
    upper_bound: bool | None
    #: Told of long preparations: ``progress(task, tasks, layer, reached, total)``.
    progress: Progress | None

class SquaresVerbs(Protocol):
    """The verbs of :mod:`idastar.squares`."""

    def solve(
        self,
        case: squares.CaseLike | int,
        /,
        removed: Any = ...,
        *,
        threads: int | None = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[SquaresOptions],
    ) -> Solution[int]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[squares.CaseLike] | Any,
        /,
        *,
        n: int | None = ...,
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[SquaresOptions],
    ) -> list[Solution[int]]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[squares.CaseLike] | Any,
        /,
        *,
        n: int | None = ...,
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[SquaresOptions],
    ) -> BatchResult: ...
    def distance(
        self,
        case: squares.CaseLike,
        /,
        **options: Unpack[SquaresOptions],
    ) -> int: ...
    def lower_bound(
        self,
        case: squares.CaseLike,
        /,
        heuristic: SquaresHeuristic | None = ...,
        **options: Any,
    ) -> int: ...
    def pack(
        self,
        cases: Iterable[squares.CaseLike] | Any,
        /,
        *,
        n: int | None = ...,
    ) -> NDArray[numpy.uint64]: ...
    def unpack(
        self,
        codes: Any,
        /,
        *,
        n: int,
    ) -> NDArray[numpy.int64]: ...
