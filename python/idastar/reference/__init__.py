"""A pure-Python reference implementation of idastar's engines and puzzles.

It is an independent second opinion on the Rust core: the same engines and
puzzles, written again with the standard library only and chosen for being
easy to read and check by eye rather than fast. The test-suite runs the same
instances through both and compares the answers, so a bug would have to be
made twice, in two languages and two styles, to go unnoticed.

The layout mirrors the Rust core: one module per engine in
:mod:`idastar.reference.engines` and one per puzzle in
:mod:`idastar.reference.puzzles`. It is slow on purpose; keep instances
small.
"""

from __future__ import annotations

from .engines import Iteration, Outcome, SearchResult, bfs, bfs_layers, ida_star
from .puzzles import booksort, rotation, sliding, squares

__all__ = [
    "Iteration",
    "Outcome",
    "SearchResult",
    "bfs",
    "bfs_layers",
    "booksort",
    "ida_star",
    "rotation",
    "sliding",
    "squares",
]
