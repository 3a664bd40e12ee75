"""Puzzles of the reference implementation, one module each."""

from __future__ import annotations

from . import booksort, sliding

__all__ = ["booksort", "sliding"]
