"""Puzzles of the reference implementation, one module each."""

from __future__ import annotations

from . import booksort, squares

__all__ = ["booksort", "squares"]
