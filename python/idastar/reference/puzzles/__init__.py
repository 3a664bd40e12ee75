"""Puzzles of the reference implementation, one module each."""

from __future__ import annotations

from . import booksort, rotation, squares

__all__ = ["booksort", "rotation", "squares"]
