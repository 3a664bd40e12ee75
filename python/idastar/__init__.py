"""idastar: optimal solvers for hard combinatorial puzzles.

The search engines (IDA*, A*, iterative-deepening DFS, BFS, bidirectional
BFS) and the bit-packed puzzles live in a Rust core; this package is the
Python face of it:

* :mod:`idastar.booksort`: sort a permutation with block moves;
* :mod:`idastar.rotation`: the Rotation Game;
* :mod:`idastar.search`: the engines on problems written in Python;
* :mod:`idastar.squares`: Square Destroyer, the fewest matchsticks that
  leave no square;
* :mod:`idastar.reference`: an independent pure-Python implementation of the
  same engines and puzzles, for cross-checking and for reading;
* ``idastar`` on the command line: judge-format input in, judge output out
  (``idastar --help``).

Every solve returns a :class:`Solution`: the outcome, the optimal cost and
the path when solved, a proven lower bound otherwise, and statistics.
Bad input raises :class:`InvalidPuzzle` (a :class:`ValueError`).
"""

from __future__ import annotations

from . import booksort, rotation, search, squares
from ._core import InvalidPuzzle, Unsolvable, __version__
from ._results import Iteration, Outcome, Solution, Stats

__all__ = [
    "InvalidPuzzle",
    "Iteration",
    "Outcome",
    "Solution",
    "Stats",
    "Unsolvable",
    "__version__",
    "booksort",
    "rotation",
    "search",
    "squares",
]
