"""Sliding-tile puzzles: the 8-, 15- and 24-puzzle and every board from 2 x 2 to 5 x 5.

A board of ``width x height`` cells holds the tiles ``1 .. n-1`` and the blank
``0``, given row by row. A move slides a tile next to the blank into it. Moves
are written with the letter of the way the **blank** goes:

====== ======================================================
``U``  the blank moves up: the tile above it slides down
``D``  the blank moves down: the tile below it slides up
``L``  the blank moves left: the tile left of it slides right
``R``  the blank moves right: the tile right of it slides left
====== ======================================================

>>> from idastar import sliding
>>> board = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]
>>> result = sliding.solve(board, heuristic="linear-conflict")
>>> result.cost, "".join(result.path)
(8, 'LLLDDRRR')
>>> sliding.replay(board, result.path)
(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0)

A board is its tiles; their number says the board when it is square (9
tiles: 3 x 3, 16: 4 x 4, 25: 5 x 5), and ``width`` and ``height`` say it
otherwise. What :func:`random` returns, every function takes.

The goal is a parameter: ``"blank-last"`` (``1 2 ... 15 0``, the judge's and
the default), ``"blank-first"`` (``0 1 ... 15``, Korf's instances) or any
arrangement of the tiles. Half of all boards cannot reach a given goal; that
is decided at once from the permutation's parity and the blank's place, and
raises :class:`~idastar.Unsolvable` (never a search that runs forever) in
every function that takes a board (:func:`is_solvable` asks).

Engines: ``"ida-tiles"`` (the default: IDA* specialised to sliding tiles,
the same search as the generic one with the board and heuristic updated in
place), ``"ida"`` (the generic IDA*), ``"astar"``, ``"iddfs"``, ``"bfs"``
and ``"bidirectional"``. The options besides those every puzzle takes are
in :class:`Options`.

Heuristics: ``"pdb"`` (additive disjoint pattern databases with the reflected
lookup, the default), ``"linear-conflict"`` (Manhattan distance plus linear
conflicts) and ``"manhattan"``. Pattern databases are built by breadth-first
search on first use and cached on disk (see :func:`cache_dir`): 6-6-3 on the
4 x 4 board takes a few seconds once, then milliseconds to load. A database
has one byte per placement of its pattern's tiles, at most
:data:`MAX_PATTERN_ENTRIES` (2**30): patterns of at most 8 tiles on 4 x 4
(7-8's larger half has 518,918,400 entries; the pattern-database
table of docs/puzzles/fifteen.md gives the build's time and memory), 6 on 5 x 5; a larger pattern raises ``ValueError`` before anything
is allocated. ``patterns`` takes a partition's name (``"7-8"``), the tiles of
each pattern as lists or as text (``"1,2,3/4,5,6"``), or several partitions
joined by ``+`` (``"7-8+6-6-3"``), whose largest bound is taken.

``pack`` writes boards (of ``width x height``, default 4 x 4, each able to
reach the blank-last goal's half) as the core's tile codes: the tile on cell
``i`` in bits ``4i .. 4i + 3`` of a ``uint64`` up to 16 cells, so one code a
board; beyond, ``5i .. 5i + 4`` of a 128-bit code given as two columns, low
word first. A board that cannot reach the goal raises
:class:`~idastar.Unsolvable`. ``unpack`` turns tile codes back to boards of
``width x height``, one a row.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from . import _core, _draw
from ._checks import DEFAULT_STATE_LIMIT, exact_int, items_of
from ._core import CacheWarning, InvalidPuzzle
from ._puzzle import Puzzle, Size, integers, rng
from ._results import Solution

if TYPE_CHECKING:
    import numpy

__all__ = [
    "DEFAULT_STATE_LIMIT",
    "ENGINES",
    "HARD_CASE",
    "HEURISTICS",
    "MAX_DISTRIBUTION_CELLS",
    "MAX_PATTERN_ENTRIES",
    "MAX_SIDE",
    "MIN_SIDE",
    "MOVES",
    "NAME",
    "PUZZLE",
    "BoardOptions",
    "CacheWarning",
    "Case",
    "Engine",
    "GoalSpec",
    "Heuristic",
    "Options",
    "Patterns",
    "Progress",
    "apply",
    "cache_dir",
    "distance",
    "distance_distribution",
    "draw",
    "goal_tiles",
    "is_solvable",
    "is_solved",
    "lower_bound",
    "pack",
    "partition",
    "pattern_database",
    "random",
    "rank",
    "replay",
    "solve",
    "solve_many",
    "unpack",
]

NAME = "sliding"
#: The move letters: the way the blank moves (the tile moves the other way).
#: In ``BatchResult.paths`` a move is its index here (0 is up).
MOVES = "ULRD"
#: The largest board (in cells) :func:`distance_distribution` takes.
MAX_DISTRIBUTION_CELLS: int = _core.SLIDING_MAX_DISTRIBUTION_CELLS
#: The most entries (bytes) a pattern database may have: 2**30. Larger
#: patterns are refused with ``ValueError`` before anything is allocated.
MAX_PATTERN_ENTRIES: int = _core.SLIDING_MAX_PATTERN_ENTRIES
#: The sides a board may have.
MIN_SIDE: int = _core.SLIDING_MIN_SIDE
MAX_SIDE: int = _core.SLIDING_MAX_SIDE

GoalSpec = Literal["blank-last", "blank-first"] | Sequence[int]
#: A partition by name (``"6-6-3"``, ``"7-8"``, ...) or the tiles of each pattern.
Patterns = str | Sequence[Sequence[int]] | None
#: ``progress(pattern, patterns, layer, reached, total)``, called after each
#: breadth-first layer while a pattern database is built.
Progress = Callable[[int, int, int, int, int], object]
#: A board: its tiles row by row, ``0`` the blank.
Case = Sequence[int]


#: Set while a caller (the command line) tells of databases it could not
#: keep in its own words: the calls within leave the telling to it.
_TELLER: ContextVar[Callable[[str], object] | None] = ContextVar("sliding_teller", default=None)


@contextlib.contextmanager
def _kept(cache_dir: object, tell: Callable[[str], object] | None = None) -> Iterator[None]:
    """Tells, once, of pattern databases built within the block that could
    not be stored in the cache directory (``cache_dir``, else the
    environment's; see :func:`cache_dir`), saying where and why: a
    :class:`~idastar.CacheWarning` when the block ends normally, or
    ``tell(message)`` however it ends. Within a block given ``tell``, the
    blocks inside tell nothing: it tells for them."""
    if _TELLER.get() is not None:
        yield
        return
    mark = _core.sliding_unkept_count()
    token = None if tell is None else _TELLER.set(tell)
    ended = False
    try:
        yield
        ended = True
    finally:
        if token is not None:
            _TELLER.reset(token)
        if tell is not None or ended:
            _tell_unkept(mark, cache_dir, tell)


def _tell_unkept(mark: int, cache_dir: object, tell: Callable[[str], object] | None) -> None:
    explicit = os.fspath(cache_dir) if isinstance(cache_dir, (str, os.PathLike)) else None
    unkept = _core.sliding_unkept_since(mark, explicit if isinstance(explicit, str) else None)
    if unkept is None:
        return
    directory, reason = unkept
    message = (
        f"the pattern databases could not be kept in {directory}: {reason}; "
        "later runs will build them again"
    )
    if tell is None:
        warnings.warn(CacheWarning(message), stacklevel=_callers_level())
    else:
        tell(message)


def _callers_level() -> int:
    """The ``stacklevel`` of the first frame outside idastar (and contextlib)
    for a warning issued by this function's caller: what the user called."""
    import sys

    inside = (os.path.dirname(__file__) + os.sep, contextlib.__file__)
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(inside):
        frame, level = frame.f_back, level + 1
    return level


def _tiles(tiles: Case) -> list[int]:
    return integers(tiles, "tile")


def _letter(code: int) -> str:
    return MOVES[code]


class _Board(Size):
    """``width`` and ``height`` (4 x 4 unless given), which the core takes as options."""

    keywords: ClassVar[dict[str, object]] = {"width": 4, "height": 4}

    def options(self, given: dict[str, Any]) -> dict[str, Any]:
        return given


def _keeping(options: dict[str, Any]) -> contextlib.AbstractContextManager[None]:
    return _kept(options.get("cache_dir"))


#: The puzzle: its :class:`~idastar.Puzzle` methods are this module's
#: ``solve``, ``solve_many``, ``distance``, ``lower_bound``, ``pack`` and
#: ``unpack``. The pattern databases are loaded or built once, before any
#: search, and count against ``time_limit``; ``distance`` raises
#: ``MemoryError`` when the machine cannot give their build its memory.
PUZZLE: Puzzle[Case, str, Solution[str]] = Puzzle(
    NAME,
    values=_tiles,
    move=_letter,
    batch_rows="flat",
    size=_Board(),
    keeping=_keeping,
    out_of_memory=True,
)
if TYPE_CHECKING:
    from . import _verbs

    BoardOptions = _verbs.FifteenOptions
    Engine = _verbs.SlidingEngine
    Heuristic = _verbs.SlidingHeuristic
    Options = _verbs.SlidingOptions
else:
    Engine, Heuristic, Options = PUZZLE.types()
    BoardOptions = Options  # of a board of known shape: all but width and height
#: The engines, the default (fastest) first.
ENGINES: tuple[str, ...] = PUZZLE.engines
#: The heuristics, the default first.
HEURISTICS: tuple[str, ...] = PUZZLE.heuristics
#: A 15-puzzle board 62 moves from the blank-last goal (Korf's instance 82
#: turned half round, tile ``t`` renumbered ``16 - t``), on which the
#: generic IDA* with the default databases runs about ten seconds.
HARD_CASE: tuple[int, ...] = (0, 12, 11, 1, 4, 10, 13, 9, 5, 8, 7, 3, 15, 14, 6, 2)

_DELTAS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def _size(width: int, height: int) -> tuple[int, int]:
    for name, side in (("width", width), ("height", height)):
        if isinstance(side, bool) or not isinstance(side, int):
            raise InvalidPuzzle(f"board {name} must be an integer, got {side!r}")
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise InvalidPuzzle(f"board {name} must be from {MIN_SIDE} to {MAX_SIDE}, got {side}")
    return width, height


def _ints(values: object, what: str) -> list[int]:
    out = []
    for cell, value in enumerate(items_of(values, what)):
        try:
            number = exact_int(value)
        except TypeError:
            raise InvalidPuzzle(f"{what}: cell {cell} must be an integer, got {value!r}") from None
        if not 0 <= number < 2**32:
            raise InvalidPuzzle(f"{what}: tile {number} at cell {cell} is out of range")
        out.append(number)
    return out


def goal_tiles(
    goal: GoalSpec = "blank-last", *, width: int = 4, height: int = 4
) -> tuple[int, ...]:
    """The goal board: ``"blank-last"``, ``"blank-first"`` or an explicit arrangement."""
    width, height = _size(width, height)
    n = width * height
    if goal == "blank-last":
        return (*range(1, n), 0)
    if goal == "blank-first":
        return tuple(range(n))
    if isinstance(goal, str):
        raise ValueError(f"goal must be 'blank-last', 'blank-first' or the tiles, got {goal!r}")
    return tuple(_ints(goal, "goal"))


#: The verbs, typed by the registry's stub (``_verbs.pyi``).
_VERBS: _verbs.SlidingVerbs = PUZZLE.verbs()
solve, solve_many, distance = _VERBS.solve, _VERBS.solve_many, _VERBS.distance
lower_bound, pack, unpack = _VERBS.lower_bound, _VERBS.pack, _VERBS.unpack


def is_solvable(
    tiles: Case, *, width: int = 4, height: int = 4, goal: GoalSpec = "blank-last"
) -> bool:
    """Whether ``tiles`` can reach ``goal``: the permutation's parity (blank
    included) must equal the parity of the blank's distance to its goal cell."""
    width, height = _size(width, height)
    return _core.sliding_is_solvable(
        _ints(tiles, "tiles"),
        width=width,
        height=height,
        goal=list(goal_tiles(goal, width=width, height=height)),
    )


def _shape(n: int, width: int | None, height: int | None) -> tuple[int, int]:
    if width is None and height is None:
        side = round(n**0.5)
        if side * side != n or not MIN_SIDE <= side <= MAX_SIDE:
            raise InvalidPuzzle(f"{n} tiles are not a square board; give width and height")
        return side, side
    if width is None or height is None:
        raise InvalidPuzzle("give both width and height, or neither for a square board")
    width, height = _size(width, height)
    if width * height != n:
        raise InvalidPuzzle(f"a {width}x{height} board has {width * height} cells, got {n} tiles")
    return width, height


def _board(tiles: Case, width: int | None, height: int | None) -> tuple[list[int], int, int]:
    """The tiles checked to be a board, and its shape."""
    board = _ints(tiles, "tiles")
    width, height = _shape(len(board), width, height)
    if sorted(board) != list(range(width * height)):
        raise InvalidPuzzle(f"tiles must be 0..{width * height - 1} once each")
    return board, width, height


def _slid(board: list[int], width: int, height: int, move: str, step: int = 0) -> None:
    """Moves the blank of ``board`` (in place) the way of the letter ``move``."""
    delta = _DELTAS.get(move.upper()) if isinstance(move, str) and len(move) == 1 else None
    if delta is None:
        raise InvalidPuzzle(f"move {step}: {move!r} is not one of U, D, L, R")
    at = board.index(0)
    row, col = divmod(at, width)
    row, col = row + delta[0], col + delta[1]
    if not (0 <= row < height and 0 <= col < width):
        raise InvalidPuzzle(f"move {step}: {move} takes the blank off the board")
    target = row * width + col
    board[at], board[target] = board[target], 0


def apply(
    tiles: Case, move: str, *, width: int | None = None, height: int | None = None
) -> tuple[int, ...]:
    """The board after one move (a letter ``U``, ``D``, ``L`` or ``R``: the way the blank goes).

    ``width`` and ``height`` default to a square board. Raises
    :class:`~idastar.InvalidPuzzle` for a move off the board or a bad letter.
    """
    board, width, height = _board(tiles, width, height)
    _slid(board, width, height, move)
    return tuple(board)


def replay(
    tiles: Case,
    path: Iterable[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> tuple[int, ...]:
    """The board after every move of ``path`` in turn (a string of letters,
    or a sequence of them such as ``Solution.path``)."""
    board, width, height = _board(tiles, width, height)
    for step, move in enumerate(path):
        _slid(board, width, height, move, step)
    return tuple(board)


def is_solved(
    tiles: Case,
    *,
    width: int | None = None,
    height: int | None = None,
    goal: GoalSpec = "blank-last",
) -> bool:
    """True when the board is the goal."""
    board, width, height = _board(tiles, width, height)
    return tuple(board) == goal_tiles(goal, width=width, height=height)


def random(
    width: int = 4, height: int = 4, *, goal: GoalSpec = "blank-last", seed: int | None = None
) -> tuple[int, ...]:
    """A uniformly random board that can reach ``goal`` (deterministic for a ``seed``).

    A shuffle that cannot reach the goal is made one that can by swapping
    its first two tiles (not the blank): a one-to-one map between the two
    halves, so every reachable board is as likely.
    """
    width, height = _size(width, height)
    target = list(goal_tiles(goal, width=width, height=height))
    board = list(range(width * height))
    rng(seed).shuffle(board)
    if not is_solvable(board, width=width, height=height, goal=target):
        first, second = [cell for cell, tile in enumerate(board) if tile != 0][:2]
        board[first], board[second] = board[second], board[first]
    return tuple(board)


def distance_distribution(
    width: int = 3, height: int = 3, goal: GoalSpec = "blank-last"
) -> list[int]:
    """How many boards lie at each distance 0, 1, 2, ... from ``goal``.

    A breadth-first search over every board that reaches the goal, for
    boards of at most :data:`MAX_DISTRIBUTION_CELLS` cells. The 8-puzzle
    has 181,440 such boards, the farthest 31 moves away (2 of them).
    """
    width, height = _size(width, height)
    return list(
        _core.sliding_distance_distribution(
            width=width, height=height, goal=list(goal_tiles(goal, width=width, height=height))
        )
    )


def partition(
    name: str | None = None, *, width: int = 4, height: int = 4, goal: GoalSpec = "blank-last"
) -> list[tuple[int, ...]]:
    """The tiles of each pattern of a named partition (default: the board's default)."""
    width, height = _size(width, height)
    return [
        tuple(p)
        for p in _core.sliding_partition(
            width=width,
            height=height,
            goal=list(goal_tiles(goal, width=width, height=height)),
            partition=name,
        )
    ]


def rank(cells: Sequence[int], n: int) -> int:
    """The index in a pattern database of the placement putting pattern tile ``i`` on ``cells[i]``.

    A mixed-radix number: digit ``i`` counts the cells below ``cells[i]`` not
    taken by the tiles before it, in base ``n - i``.
    """
    cells = [exact_int(cell) for cell in cells]
    n = exact_int(n)
    used: set[int] = set()
    index = 0
    for i, cell in enumerate(cells):
        index = index * (n - i) + cell - sum(1 for u in used if u < cell)
        used.add(cell)
    return index


def pattern_database(
    tiles: Sequence[int],
    *,
    width: int = 4,
    height: int = 4,
    goal: GoalSpec = "blank-last",
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> numpy.ndarray:
    """The database of one pattern (its tiles in this order) as a numpy ``uint8`` array.

    Entry :func:`rank` ``(cells, width * height)`` is the fewest moves of the
    pattern's tiles that bring them home from the cells ``cells``, the blank
    ending on its goal cell (the other tiles' moves are free; the least over
    where the blank is). Loaded from the cache, or built and stored.
    Needs numpy.

    A pattern of more than :data:`MAX_PATTERN_ENTRIES` placements raises
    ``ValueError`` (before anything is allocated); one the machine cannot
    hold, ``MemoryError``; Ctrl-C, ``KeyboardInterrupt`` within a fraction of
    a second.
    """
    import numpy

    width, height = _size(width, height)
    with _kept(cache_dir):
        data, _cells = _core.sliding_pattern_database(
            _ints(tiles, "pattern"),
            width=width,
            height=height,
            goal=list(goal_tiles(goal, width=width, height=height)),
            cache_dir=None if cache_dir is None else str(cache_dir),
            progress=progress,
        )
    return numpy.frombuffer(data, dtype=numpy.uint8)


def cache_dir(explicit: str | Path | None = None) -> Path | None:
    """Where pattern databases are cached.

    ``explicit`` if given, else ``$IDASTAR_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/idastar``, else ``~/.cache/idastar``. An empty
    environment variable counts as unset; an empty ``explicit`` raises
    ``ValueError`` (``cache_dir must name a directory, got ''``), as the
    ``cache_dir`` option does, rather than naming the current directory.
    Files carry a versioned header and a checksum; a stale or damaged one
    is rebuilt. A database that cannot be stored (a read-only or full
    directory) is told of once per call with a
    :class:`~idastar.CacheWarning` naming the directory and why; the call
    still answers, and later runs build it again.
    """
    found = _core.sliding_cache_dir(None if explicit is None else str(explicit))
    return None if found is None else Path(found)


_CELL = 56


def _picture(tiles: Sequence[int], move: str | None, options: dict[str, Any]) -> _draw.Picture:
    """The board, each tile coloured by its goal row and labelled with its
    number; the tile about to slide (``move``) outlined with an arrow."""
    board, width, height = _board(tiles, options.get("width"), options.get("height"))
    goal = goal_tiles(options.get("goal", "blank-last"), width=width, height=height)
    if sorted(goal) != sorted(board):
        raise InvalidPuzzle(f"goal must hold the tiles 0..{width * height - 1} once each")
    goal_row = {tile: cell // width for cell, tile in enumerate(goal)}
    blank = board.index(0)
    sliding_cell = None
    if move is not None:
        d_row, d_col = _DELTAS[move.upper()]
        sliding_cell = blank + d_row * width + d_col
    parts = [_draw.rect(0, 0, width * _CELL, height * _CELL, fill=_draw.FAINT, rx=6)]
    for cell, tile in enumerate(board):
        row, col = divmod(cell, width)
        x, y = col * _CELL, row * _CELL
        if tile == 0:
            parts.append(_draw.rect(x + 3, y + 3, _CELL - 6, _CELL - 6, fill=_draw.PAPER, rx=5))
            continue
        fill = _draw.FILLS[goal_row[tile] % len(_draw.FILLS)]
        parts.append(_draw.tile(x, y, _CELL, tile, fill, marked=cell == sliding_cell))
    if sliding_cell is not None:
        # The tile slides into the blank: the arrow, drawn on the blank,
        # points the way it goes.
        (row, col), (to_row, to_col) = divmod(sliding_cell, width), divmod(blank, width)
        middle_x, middle_y = to_col * _CELL + _CELL / 2, to_row * _CELL + _CELL / 2
        dx, dy = (to_col - col) * _CELL * 0.3, (to_row - row) * _CELL * 0.3
        parts.append(_draw.arrow(middle_x - dx, middle_y - dy, middle_x + dx, middle_y + dy))
    return _draw.Picture(width * _CELL, height * _CELL, "".join(parts))


def draw(
    tiles: Case,
    *,
    width: int | None = None,
    height: int | None = None,
    goal: GoalSpec = "blank-last",
) -> str:
    """The board as SVG text: each tile a square labelled with its number and
    coloured by the row it belongs to in ``goal``, the blank white.

    ``width`` and ``height`` default to a square board, as in :func:`apply`.
    """
    options = {"width": width, "height": height, "goal": goal}
    board = tuple(_board(tiles, width, height)[0])
    return _picture(board, None, options).svg(title=f"sliding tiles {' '.join(map(str, board))}")


def _apply(tiles: Sequence[int], move: str, options: dict[str, Any]) -> tuple[int, ...]:
    return apply(tiles, move, width=options.get("width"), height=options.get("height"))


_DRAWING = _draw.Drawing(apply=_apply, picture=_picture, name="Sliding tiles")
