"""Puzzles of the reference implementation, one module each."""

from __future__ import annotations

from . import booksort, rotation, sliding, squares

__all__ = ["booksort", "rotation", "sliding", "squares"]
