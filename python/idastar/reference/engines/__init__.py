"""Generic search engines of the reference implementation, one per module."""

from __future__ import annotations

from .bfs import bfs, bfs_layers
from .ida_star import ida_star
from .result import Iteration, Outcome, SearchResult

__all__ = ["Iteration", "Outcome", "SearchResult", "bfs", "bfs_layers", "ida_star"]
