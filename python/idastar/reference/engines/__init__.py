"""Generic search engines of the reference implementation, one per module."""

from __future__ import annotations

from .astar import astar
from .bfs import bfs, bfs_layers
from .ida_star import ida_star
from .iddfs import iddfs
from .result import Iteration, Outcome, SearchResult

__all__ = [
    "Iteration",
    "Outcome",
    "SearchResult",
    "astar",
    "bfs",
    "bfs_layers",
    "ida_star",
    "iddfs",
]
