# The typed verbs of every puzzle, one Protocol a puzzle: written by
# `python -m idastar._stubgen` from the registry; edit that, not this.
from collections.abc import Iterable
from typing import Any, Literal, Protocol, overload

import numpy
from numpy.typing import NDArray
from typing_extensions import Unpack

from . import booksort, fifteen, pancake, rotation, sliding, squares
from ._results import BatchResult, Solution

class BooksortVerbs(Protocol):
    """The verbs of :mod:`idastar.booksort`."""

    def solve(
        self,
        case: booksort.Case,
        /,
        *,
        threads: int | None = ...,
        **options: Unpack[booksort.Options],
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
        **options: Unpack[booksort.Options],
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
        **options: Unpack[booksort.Options],
    ) -> BatchResult: ...
    def distance(
        self,
        case: booksort.Case,
        /,
        **options: Unpack[booksort.Options],
    ) -> int: ...
    def lower_bound(
        self,
        case: booksort.Case,
        /,
        heuristic: Literal["cycles", "breakpoints"] | None = ...,
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

class FifteenVerbs(Protocol):
    """The verbs of :mod:`idastar.fifteen`."""

    def solve(
        self,
        case: fifteen.Case,
        /,
        *,
        threads: int | None = ...,
        **options: Unpack[fifteen.Options],
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
        **options: Unpack[fifteen.Options],
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
        **options: Unpack[fifteen.Options],
    ) -> BatchResult: ...
    def distance(
        self,
        case: fifteen.Case,
        /,
        **options: Unpack[fifteen.Options],
    ) -> int: ...
    def lower_bound(
        self,
        case: fifteen.Case,
        /,
        heuristic: Literal["pdb", "linear-conflict", "manhattan"] | None = ...,
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

class PancakeVerbs(Protocol):
    """The verbs of :mod:`idastar.pancake`."""

    def solve(
        self,
        case: pancake.Case,
        /,
        *,
        threads: int | None = ...,
        **options: Unpack[pancake.Options],
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
        **options: Unpack[pancake.Options],
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
        **options: Unpack[pancake.Options],
    ) -> BatchResult: ...
    def distance(
        self,
        case: pancake.Case,
        /,
        **options: Unpack[pancake.Options],
    ) -> int: ...
    def lower_bound(
        self,
        case: pancake.Case,
        /,
        heuristic: Literal["gap", "gap-lookahead"] | None = ...,
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

class RotationVerbs(Protocol):
    """The verbs of :mod:`idastar.rotation`."""

    def solve(
        self,
        case: rotation.Case,
        /,
        *,
        threads: int | None = ...,
        **options: Unpack[rotation.Options],
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
        **options: Unpack[rotation.Options],
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
        **options: Unpack[rotation.Options],
    ) -> BatchResult: ...
    def distance(
        self,
        case: rotation.Case,
        /,
        **options: Unpack[rotation.Options],
    ) -> int: ...
    def lower_bound(
        self,
        case: rotation.Case,
        /,
        heuristic: Literal["centre", "table"] | None = ...,
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

class SlidingVerbs(Protocol):
    """The verbs of :mod:`idastar.sliding`."""

    def solve(
        self,
        case: sliding.Case,
        /,
        *,
        threads: int | None = ...,
        **options: Unpack[sliding.Options],
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
        **options: Unpack[sliding.Options],
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
        **options: Unpack[sliding.Options],
    ) -> BatchResult: ...
    def distance(
        self,
        case: sliding.Case,
        /,
        **options: Unpack[sliding.Options],
    ) -> int: ...
    def lower_bound(
        self,
        case: sliding.Case,
        /,
        heuristic: Literal["pdb", "linear-conflict", "manhattan"] | None = ...,
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

class SquaresVerbs(Protocol):
    """The verbs of :mod:`idastar.squares`."""

    def solve(
        self,
        case: squares.CaseLike | int,
        /,
        removed: Any = ...,
        *,
        threads: int | None = ...,
        **options: Unpack[squares.Options],
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
        **options: Unpack[squares.Options],
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
        **options: Unpack[squares.Options],
    ) -> BatchResult: ...
    def distance(
        self,
        case: squares.CaseLike,
        /,
        **options: Unpack[squares.Options],
    ) -> int: ...
    def lower_bound(
        self,
        case: squares.CaseLike,
        /,
        heuristic: Literal["packing", "disjoint"] | None = ...,
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
