"""A pure-Python reference implementation of idastar's engines and puzzles.

It is an independent second opinion on the Rust core: the same engines and
puzzles, written again with the standard library only and chosen for being
easy to read and check by eye rather than fast. The test-suite runs the same
instances through both and compares the answers, so a bug would have to be
made twice, in two languages and two styles, to go unnoticed.

The layout mirrors the Rust core: one module per engine in
:mod:`idastar.reference.engines` and one per puzzle in
:mod:`idastar.reference.puzzles`, each saying what a case is as a search
space; their ``solve``, ``distance`` and ``lower_bound`` are written once,
in :mod:`idastar.reference.puzzles.job`, as the core's generic job runs
every puzzle of its registry. It is slow on purpose; keep instances small.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .engines import Iteration, Outcome, SearchResult, astar, bfs, bfs_layers, ida_star, iddfs
from .puzzles import booksort, rotation, sliding, squares


def __getattr__(name: str) -> ModuleType:
    """Any other puzzle of :mod:`idastar.reference.puzzles` by its name, so
    that ``reference.<puzzle>`` names every puzzle without a list to edit."""
    try:
        return importlib.import_module(f".puzzles.{name}", __name__)
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.puzzles.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


__all__ = [
    "Iteration",
    "Outcome",
    "SearchResult",
    "astar",
    "bfs",
    "bfs_layers",
    "booksort",
    "ida_star",
    "iddfs",
    "rotation",
    "sliding",
    "squares",
]
