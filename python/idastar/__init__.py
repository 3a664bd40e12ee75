"""idastar: optimal solvers for hard combinatorial puzzles.

The search engines (IDA*, A*, iterative-deepening DFS, BFS, bidirectional
BFS) and the bit-packed puzzles live in a Rust core; this package is the
Python face of it:

* :mod:`idastar.booksort`: sort a permutation with block moves;
* :mod:`idastar.cube`: the Rubik's Cube, from scrambles or facelet
  strings (the shipped 3x3x3 of :mod:`idastar.permutation`);
* :mod:`idastar.pancake`: sort a stack with the fewest flips of its top;
* :mod:`idastar.permutation`: permutation puzzles (cubes, ...) from a
  description, and the shipped descriptions;
* :mod:`idastar.rotation`: the Rotation Game;
* :mod:`idastar.search`: the engines on problems written in Python;
* :mod:`idastar.squares`: Square Destroyer, the fewest matchsticks that
  leave no square;
* :mod:`idastar.sliding`: sliding-tile puzzles from 2 x 2 to 5 x 5, and
  :mod:`idastar.fifteen`, the 4 x 4 board;
* :mod:`idastar.reference`: an independent pure-Python implementation of the
  same engines and puzzles, for cross-checking and for reading;
* ``idastar`` on the command line: judge-format input in, judge output out
  (``idastar --help``).

Each puzzle is also a value, its module's ``PUZZLE``: a :class:`Puzzle`,
whose methods are the verbs every puzzle shares (``solve``, ``solve_many``,
``distance``, ``lower_bound``, ``pack``, ``unpack``) and its module's
functions of those names.

Every solve returns a :class:`Solution`: the outcome, the optimal cost and
the path when solved, a proven lower bound otherwise, and statistics. Every
puzzle's ``solve_many`` solves a batch on all cores, and with
``arrays=True`` returns a :class:`BatchResult` of numpy arrays instead.
Bad input raises :class:`InvalidPuzzle` (a :class:`ValueError`); a position
that cannot reach the goal raises :class:`Unsolvable`, a kind of it. A bug
of idastar itself (an internal check of the Rust core failing) raises
:class:`InternalError`, a :class:`RuntimeError`, whatever the input: please
report it. Pattern databases that could not be kept in the cache
directory (a read-only or full disk) are told of with a
:class:`CacheWarning`: the call still answers, and later runs build them
again.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _core
from ._core import CacheWarning, InternalError, InvalidPuzzle, Unsolvable, __version__
from ._panics import raise_internal_errors

raise_internal_errors(_core)

if TYPE_CHECKING:
    from . import (  # noqa: F401
        booksort,
        cube,
        fifteen,
        pancake,
        permutation,
        plots,
        reference,
        rotation,
        search,
        sliding,
        squares,
    )
    from ._puzzle import Puzzle
    from ._results import (
        BatchResult,
        Iteration,
        Outcome,
        Solution,
        Stats,
        TraceIteration,
        TraceNode,
    )
    from ._tree import SearchTree

#: Every puzzle module by name: the core's registry, with ``fifteen`` (the
#: 4 x 4 board of ``sliding``) beside ``sliding``. Each offers the same
#: vocabulary (docs/vocabulary.md).
PUZZLES: tuple[str, ...] = tuple(
    sorted({*_core.PUZZLES, *(("fifteen",) if "sliding" in _core.PUZZLES else ())})
)


def puzzle(name: str) -> Puzzle[Any, Any, Any]:
    """The puzzle called ``name`` (one of :data:`PUZZLES`) as a value: its
    module's ``PUZZLE``, whose methods are the shared verbs and whose
    attributes are the rest of its module's names (``random``, ``draw``,
    ``ENGINES``, ...)."""
    if name not in PUZZLES:
        import difflib

        close = difflib.get_close_matches(str(name), PUZZLES, n=1)
        meant = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"unknown puzzle {name!r}{meant}; the puzzles are {', '.join(PUZZLES)}")
    found: Puzzle[Any, Any, Any] = importlib.import_module(f".{name}", __name__).PUZZLE
    return found


#: Imported on first use, so that a command or a script pays only for the
#: puzzles it touches.
_SUBMODULES = frozenset(
    {
        *PUZZLES,
        "cube",
        "permutation",
        "plots",
        "reference",
        "search",
    }
)


#: The types, from the modules that define them, on first use.
_TYPES = {
    **dict.fromkeys(
        ("BatchResult", "Iteration", "Outcome", "Solution", "Stats", "TraceIteration", "TraceNode"),
        "._results",
    ),
    "Puzzle": "._puzzle",
    "SearchTree": "._tree",
}


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _TYPES:
        return getattr(importlib.import_module(_TYPES[name], __name__), name)
    raise AttributeError(f"module 'idastar' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _SUBMODULES | set(_TYPES))


__all__ = [
    "PUZZLES",
    "BatchResult",
    "CacheWarning",
    "InternalError",
    "InvalidPuzzle",
    "Iteration",
    "Outcome",
    "Puzzle",
    "SearchTree",
    "Solution",
    "Stats",
    "TraceIteration",
    "TraceNode",
    "Unsolvable",
    "__version__",
    "booksort",
    "cube",
    "fifteen",
    "pancake",
    "permutation",
    "puzzle",
    "rotation",
    "search",
    "sliding",
    "squares",
]
