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

The goal is a parameter: ``"blank-last"`` (``1 2 ... 15 0``, the judge's and
the default), ``"blank-first"`` (``0 1 ... 15``, Korf's instances) or any
arrangement of the tiles. Half of all boards cannot reach a given goal; that
is decided at once from the permutation's parity and the blank's place, and
raises :class:`~idastar.Unsolvable` (never a search that runs forever).

Heuristics: ``"pdb"`` (additive disjoint pattern databases with the reflected
lookup, the default), ``"linear-conflict"`` (Manhattan distance plus linear
conflicts) and ``"manhattan"``. Pattern databases are built by breadth-first
search on first use and cached on disk (see :func:`cache_dir`): 6-6-3 on the
4 x 4 board takes a few seconds once, then milliseconds to load. A database
has one byte per placement of its pattern's tiles, at most
:data:`MAX_PATTERN_ENTRIES` (2**30): patterns of at most 8 tiles on 4 x 4
(7-8's larger half has 518,918,400 entries and its build peaks near
1.6 GB), 6 on 5 x 5; a larger pattern raises ``ValueError`` before anything
is allocated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from . import _core
from ._checks import (
    DEFAULT_STATE_LIMIT,
    MOST_COST,
    case_array,
    exact_int,
    is_array,
    items_of,
    non_negative,
    positive,
    seconds,
    state_limit_for,
)
from ._core import InvalidPuzzle
from ._results import BatchResult, Solution, batch_output

if TYPE_CHECKING:
    import numpy
    from numpy.typing import NDArray

__all__ = [
    "DEFAULT_STATE_LIMIT",
    "MAX_DISTRIBUTION_CELLS",
    "MAX_PATTERN_ENTRIES",
    "MAX_SIDE",
    "MIN_SIDE",
    "MOVES",
    "Engine",
    "GoalSpec",
    "Heuristic",
    "Patterns",
    "Progress",
    "apply",
    "cache_dir",
    "distance",
    "distance_distribution",
    "goal_tiles",
    "is_solvable",
    "lower_bound",
    "pack",
    "partition",
    "pattern_database",
    "rank",
    "replay",
    "solve",
    "solve_many",
    "unpack",
]

#: The move letters: the way the blank moves (the tile moves the other way).
MOVES = "ULRD"
#: The largest board (in cells) :func:`distance_distribution` takes.
MAX_DISTRIBUTION_CELLS: int = _core.SLIDING_MAX_DISTRIBUTION_CELLS
#: The most entries (bytes) a pattern database may have: 2**30. Larger
#: patterns are refused with ``ValueError`` before anything is allocated.
MAX_PATTERN_ENTRIES: int = _core.SLIDING_MAX_PATTERN_ENTRIES
#: The sides a board may have.
MIN_SIDE: int = _core.SLIDING_MIN_SIDE
MAX_SIDE: int = _core.SLIDING_MAX_SIDE

Engine = Literal["ida", "ida-generic", "astar", "iddfs", "bfs", "bidirectional"]
Heuristic = Literal["pdb", "linear-conflict", "manhattan"]
GoalSpec = Literal["blank-last", "blank-first"] | Sequence[int]
#: A partition by name (``"6-6-3"``, ``"7-8"``, ...) or the tiles of each pattern.
Patterns = str | Sequence[Sequence[int]] | None
#: ``progress(pattern, patterns, layer, reached, total)``, called after each
#: breadth-first layer while a pattern database is built.
Progress = Callable[[int, int, int, int, int], object]

_DELTAS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def _ints(values: object, what: str) -> list[int]:
    out = []
    for cell, value in enumerate(items_of(values, what)):
        try:
            number = exact_int(value)
        except TypeError:
            raise InvalidPuzzle(f"{what}: cell {cell} must be an integer, got {value!r}") from None
        if number < 0:
            raise InvalidPuzzle(f"{what}: tile {number} at cell {cell} is negative")
        if number > MOST_COST:  # no board has it, and the core reads u32
            raise InvalidPuzzle(f"{what}: tile {number} at cell {cell} is out of range")
        out.append(number)
    return out


def _size(width: int, height: int) -> tuple[int, int]:
    for name, side in (("width", width), ("height", height)):
        if isinstance(side, bool) or not isinstance(side, int):
            raise InvalidPuzzle(f"board {name} must be an integer, got {side!r}")
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise InvalidPuzzle(f"board {name} must be from {MIN_SIDE} to {MAX_SIDE}, got {side}")
    return width, height


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


def _pattern_args(patterns: Patterns) -> dict[str, object]:
    if patterns is None:
        return {}
    if isinstance(patterns, str):
        return {"partition": patterns}
    return {"pattern_tiles": [_ints(p, "pattern") for p in patterns]}


def _options(
    width: int,
    height: int,
    goal: GoalSpec,
    heuristic: Heuristic,
    patterns: Patterns,
    reflect: bool,
    cache_dir: str | Path | None,
    progress: Progress | None,
) -> dict[str, object]:
    width, height = _size(width, height)
    return {
        "width": width,
        "height": height,
        "goal": list(goal_tiles(goal, width=width, height=height)),
        "heuristic": heuristic,
        "reflect": reflect,
        "cache_dir": None if cache_dir is None else str(cache_dir),
        "progress": progress,
        **_pattern_args(patterns),
    }


def solve(
    tiles: Sequence[int],
    *,
    width: int = 4,
    height: int = 4,
    goal: GoalSpec = "blank-last",
    heuristic: Heuristic = "pdb",
    patterns: Patterns = None,
    reflect: bool = True,
    engine: Engine = "ida",
    max_moves: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    state_limit: int | None = None,
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> Solution[str]:
    """Bring ``tiles`` to ``goal`` with the fewest moves.

    Args:
        tiles: the board row by row, ``0`` the blank.
        width, height: the board's size, each from 2 to 5 (default 4 x 4).
        goal: ``"blank-last"`` (default), ``"blank-first"`` or the goal's tiles.
        heuristic: ``"pdb"`` (default), ``"linear-conflict"`` or ``"manhattan"``.
        patterns: with ``"pdb"``: a partition by name (``"5-5-5"``, ``"6-6-3"``
            (the 4 x 4 default) or ``"7-8"`` on 4 x 4, ``"6-6-6-6"`` on 5 x 5, any
            ``"a-b-..."`` elsewhere: that many tiles in goal order) or the
            tiles of each pattern; tiles in no pattern count by their
            Manhattan distance.
        reflect: also look the databases up on the board mirrored about
            its diagonal and take the larger bound (when the goal allows).
        engine: ``"ida"`` (IDA* specialised to sliding tiles, the default),
            ``"ida-generic"`` (the generic IDA* engine), ``"astar"``
            (stops with ``memory_limit`` at ``state_limit`` states),
            ``"iddfs"``, ``"bfs"`` or ``"bidirectional"``.
        max_moves: look no further; beyond it the outcome is ``no_solution``.
        node_limit, time_limit, state_limit: stop with that outcome. The
            engines that store states stop at :data:`DEFAULT_STATE_LIMIT`
            states unless ``state_limit`` says otherwise. ``time_limit``
            counts loading and building the pattern databases too: reached
            during a build, the outcome is ``time_limit`` with the Manhattan
            distance as the lower bound, nothing expanded, and the
            unfinished database neither used nor stored (the finished ones
            are). ``node_limit`` counts search nodes only; a build expands
            none. ``stats.elapsed`` includes the databases' time.
        cache_dir: where pattern databases are kept (default: see :func:`cache_dir`).
        progress: called while a pattern database is built, see :data:`Progress`.

    Returns:
        A :class:`~idastar.Solution` whose ``path`` is a tuple of move
        letters (see the module docstring) that :func:`replay` applies. Its
        outcome is ``memory_limit`` when the machine cannot give the memory
        a database build needs.

    Raises:
        InvalidPuzzle: not a board of ``width x height`` (wrong size, a tile
            repeated, missing or out of range).
        Unsolvable: a board from which the goal cannot be reached.
        ValueError: an option is out of range, such as a pattern whose
            database would have more than :data:`MAX_PATTERN_ENTRIES` entries.
        KeyboardInterrupt: Ctrl-C during the search or a database build.
    """
    raw = _core.sliding_solve(
        _ints(tiles, "tiles"),
        engine=engine,
        max_cost=non_negative("max_moves", max_moves, MOST_COST),
        max_nodes=non_negative("node_limit", node_limit),
        time_limit=seconds("time_limit", time_limit),
        max_states=state_limit_for(engine, state_limit, DEFAULT_STATE_LIMIT),
        **_options(width, height, goal, heuristic, patterns, reflect, cache_dir, progress),  # type: ignore[arg-type]
    )
    return Solution._from_raw(raw)


@overload
def solve_many(
    cases: Iterable[Sequence[int]],
    *,
    width: int = ...,
    height: int = ...,
    goal: GoalSpec = ...,
    heuristic: Heuristic = ...,
    patterns: Patterns = ...,
    reflect: bool = ...,
    engine: Engine = ...,
    max_moves: int | None = ...,
    node_limit: int | None = ...,
    time_limit: float | None = ...,
    state_limit: int | None = ...,
    cache_dir: str | Path | None = ...,
    progress: Progress | None = ...,
    threads: int | None = ...,
    arrays: Literal[False] = ...,
    paths: bool = ...,
) -> list[Solution[str]]: ...
@overload
def solve_many(
    cases: Iterable[Sequence[int]],
    *,
    width: int = ...,
    height: int = ...,
    goal: GoalSpec = ...,
    heuristic: Heuristic = ...,
    patterns: Patterns = ...,
    reflect: bool = ...,
    engine: Engine = ...,
    max_moves: int | None = ...,
    node_limit: int | None = ...,
    time_limit: float | None = ...,
    state_limit: int | None = ...,
    cache_dir: str | Path | None = ...,
    progress: Progress | None = ...,
    threads: int | None = ...,
    arrays: Literal[True],
    paths: bool = ...,
) -> BatchResult: ...
def solve_many(
    cases: Iterable[Sequence[int]],
    *,
    width: int = 4,
    height: int = 4,
    goal: GoalSpec = "blank-last",
    heuristic: Heuristic = "pdb",
    patterns: Patterns = None,
    reflect: bool = True,
    engine: Engine = "ida",
    max_moves: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    state_limit: int | None = None,
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
    threads: int | None = None,
    arrays: bool = False,
    paths: bool = True,
) -> list[Solution[str]] | BatchResult:
    """:func:`solve` for many boards of one size, on all cores, in input order.

    ``cases`` is a sequence of boards or a numpy integer array of shape
    ``(boards, width * height)``. ``threads`` caps the cores used (default:
    all); the limits apply to each search on its own. The databases are
    built once, before any search, and count against every case's
    ``time_limit`` as in :func:`solve`: reached during the build, every
    case's outcome is ``time_limit``.

    Returns a list of :class:`~idastar.Solution`, or with ``arrays=True`` a
    :class:`~idastar.BatchResult` whose ``paths`` (unless ``paths=False``)
    holds the moves as indices into :data:`MOVES` (``"ULRD"``: 0 is
    up), padded with -1.

    A bad board raises :class:`~idastar.InvalidPuzzle` (or
    :class:`~idastar.Unsolvable`) naming its 0-based index before anything
    is solved.
    """
    boards: Any
    if is_array(cases):
        boards = case_array(cases, exact_int(width) * exact_int(height))
    else:
        boards = []
        for index, tiles in enumerate(cases):
            try:
                boards.append(_ints(tiles, "tiles"))
            except InvalidPuzzle as error:
                raise InvalidPuzzle(f"case {index}: {error}") from None
    raws = _core.sliding_solve_many(
        boards,
        engine=engine,
        max_cost=non_negative("max_moves", max_moves, MOST_COST),
        max_nodes=non_negative("node_limit", node_limit),
        time_limit=seconds("time_limit", time_limit),
        max_states=state_limit_for(engine, state_limit, DEFAULT_STATE_LIMIT),
        threads=positive("threads", threads),
        arrays=arrays,
        paths=paths,
        **_options(width, height, goal, heuristic, patterns, reflect, cache_dir, progress),  # type: ignore[arg-type]
    )
    return batch_output(raws, arrays)


def pack(boards: Any, *, width: int = 4, height: int = 4) -> NDArray[numpy.uint64]:
    """Boards (a ``(boards, width * height)`` integer array, or a sequence of
    boards; reachable or not) as the core's tile codes: the tile on cell
    ``i`` in bits ``4i .. 4i + 3`` of a ``uint64`` up to 16 cells, so one
    code a board; beyond, ``5i .. 5i + 4`` of a 128-bit code given as two
    columns, low word first. Vectorized; a row that is not a permutation of
    ``0 .. width * height - 1`` raises :class:`~idastar.InvalidPuzzle`."""
    width, height = _size(width, height)
    codes = _core.sliding_pack(case_array(boards, width * height), width, height)
    return codes[:, 0] if codes.shape[1] == 1 else codes


def unpack(codes: Any, *, width: int = 4, height: int = 4) -> NDArray[numpy.int64]:
    """Tile codes (as :func:`pack` makes them) back to boards, one a row."""
    import numpy

    width, height = _size(width, height)
    words = numpy.asarray(codes)
    if words.ndim == 1:
        words = words[:, None]
    if words.dtype.kind not in "iu" or words.ndim != 2 or words.shape[1] > 2:
        raise ValueError(f"codes must be an integer array of one or two columns, got {words.shape}")
    return _core.sliding_unpack(numpy.ascontiguousarray(words, dtype=numpy.uint64), width, height)


def distance(
    tiles: Sequence[int],
    *,
    width: int = 4,
    height: int = 4,
    goal: GoalSpec = "blank-last",
    cache_dir: str | Path | None = None,
) -> int:
    """The fewest moves from ``tiles`` to ``goal``.

    Raises ``MemoryError`` if the machine cannot give the databases' build
    its memory (the one way a solve without limits ends unsolved).
    """
    result = solve(tiles, width=width, height=height, goal=goal, cache_dir=cache_dir)
    if result.cost is None:
        raise MemoryError(f"not enough memory to build the pattern databases ({result.outcome})")
    return result.cost


def lower_bound(
    tiles: Sequence[int],
    *,
    width: int = 4,
    height: int = 4,
    goal: GoalSpec = "blank-last",
    heuristic: Heuristic = "pdb",
    patterns: Patterns = None,
    reflect: bool = True,
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> int:
    """The admissible bound ``heuristic`` gives for ``tiles`` (any board, solvable or not).

    Builds the databases it needs, as :func:`solve` does; raises
    ``MemoryError`` if the machine cannot give a build its memory.
    """
    return _core.sliding_lower_bound(
        _ints(tiles, "tiles"),
        **_options(width, height, goal, heuristic, patterns, reflect, cache_dir, progress),  # type: ignore[arg-type]
    )


def is_solvable(
    tiles: Sequence[int], *, width: int = 4, height: int = 4, goal: GoalSpec = "blank-last"
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
        if side * side != n:
            raise InvalidPuzzle(f"{n} tiles are not a square board; give width and height")
        return side, side
    if width is None or height is None:
        raise InvalidPuzzle("give both width and height, or neither for a square board")
    width, height = _size(width, height)
    if width * height != n:
        raise InvalidPuzzle(f"a {width}x{height} board has {width * height} cells, got {n} tiles")
    return width, height


def apply(
    tiles: Sequence[int], moves: str, *, width: int | None = None, height: int | None = None
) -> tuple[int, ...]:
    """The board after ``moves`` (letters ``U``, ``D``, ``L``, ``R``: the way the blank goes).

    ``width`` and ``height`` default to a square board. Raises
    :class:`~idastar.InvalidPuzzle` for a move off the board or a bad letter.
    """
    board = _ints(tiles, "tiles")
    width, height = _shape(len(board), width, height)
    if sorted(board) != list(range(width * height)):
        raise InvalidPuzzle(f"tiles must be 0..{width * height - 1} once each")
    at = board.index(0)
    for step, letter in enumerate(moves):
        delta = _DELTAS.get(letter.upper()) if isinstance(letter, str) else None
        if delta is None:
            raise InvalidPuzzle(f"move {step}: {letter!r} is not one of U, D, L, R")
        row, col = divmod(at, width)
        row, col = row + delta[0], col + delta[1]
        if not (0 <= row < height and 0 <= col < width):
            raise InvalidPuzzle(f"move {step}: {letter} takes the blank off the board")
        target = row * width + col
        board[at], board[target] = board[target], 0
        at = target
    return tuple(board)


def replay(
    tiles: Sequence[int],
    path: Iterable[str],
    *,
    width: int | None = None,
    height: int | None = None,
) -> tuple[int, ...]:
    """:func:`apply` for a path of letters (such as ``Solution.path``)."""
    return apply(tiles, "".join(path), width=width, height=height)


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
    pattern's tiles that bring them home from the cells ``cells`` (the other
    tiles' moves are free). Loaded from the cache, or built and stored.
    Needs numpy.

    A pattern of more than :data:`MAX_PATTERN_ENTRIES` placements raises
    ``ValueError`` (before anything is allocated); one the machine cannot
    hold, ``MemoryError``; Ctrl-C, ``KeyboardInterrupt`` within a fraction of
    a second.
    """
    import numpy

    width, height = _size(width, height)
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
    ``$XDG_CACHE_HOME/idastar``, else ``~/.cache/idastar``. Files carry a
    versioned header and a checksum; a stale or damaged one is rebuilt.
    """
    found = _core.sliding_cache_dir(None if explicit is None else str(explicit))
    return None if found is None else Path(found)
