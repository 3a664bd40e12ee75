"""Booksort: sort a shelf of books with block moves.

A *block move* takes a contiguous run of books and puts it back somewhere
else on the shelf; equivalently it swaps two adjacent blocks. Genome
rearrangement calls it a *transposition*. A move is written
``BlockMove(start, split, end)``, 0-based with ``start < split < end <= n``:
it swaps ``books[start:split]`` and ``books[split:end]``. Each distinct move
has exactly one such name, so ``n`` books have ``C(n + 1, 3)`` moves.

>>> from idastar import booksort
>>> result = booksort.solve([1, 3, 4, 6, 2, 5])
>>> result.cost
2
>>> booksort.replay([1, 3, 4, 6, 2, 5], result.path)
(1, 2, 3, 4, 5, 6)

Up to :data:`MAX_BOOKS` = 16 books (4 bits per book in a 64-bit state). The
judge stops at 15 and answers ``5 or more`` from 5 moves on (:func:`judge`);
:func:`solve` and :func:`distance` give the exact, uncapped answer.

Booksort's own options, besides those every puzzle takes (docs/vocabulary.md,
"One vocabulary"): ``goal_ball``, the radius of the ball of shelves around the
sorted one whose exact distances are stored (0 to :data:`MAX_GOAL_BALL`; by
default 3 up to 12 books and 2 above; built once per process), and
``table_entries``, the learned bounds IDA* keeps (65,536 unless
``max_moves`` is given, then none; 0 for none). With ``threads`` above 1,
``engine="ida"`` splits its larger iterations over them: the answer is the
one a thread gives, and each thread learns into its own copy of the table
(its memory once more a thread), so the node counts differ a little.

A move is a :class:`BlockMove` ``(start, split, end)``; with
``arrays=True`` a batch's ``paths`` have shape ``(cases, longest, 3)``.

``pack`` writes shelves as the core's ``uint64`` codes: book ``b`` at
position ``i`` (0-based) is ``b - 1`` in bits ``4i .. 4i + 3``; the sorted
shelf of ``n`` books is ``sum(i << 4 * i)``. ``n=`` checks every shelf has
``n`` books. ``unpack`` turns codes back to shelves of ``n`` books
(``unpack(codes, n=...)``), one a row.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from . import _checks, _core, _draw
from ._checks import exact_int, int_from, is_array
from ._core import InvalidPuzzle
from ._puzzle import Length, Puzzle, exports, integers, permutation
from ._results import Solution

_IMPORTED = set(globals())

NAME = "booksort"
#: The states the engines that store them keep at most unless ``state_limit`` says.
DEFAULT_STATE_LIMIT = _checks.DEFAULT_STATE_LIMIT
#: The most books a position may hold.
MAX_BOOKS: int = _core.MAX_BOOKS
#: The most books :func:`distance_distribution` takes (12! bytes of distances).
MAX_DISTRIBUTION_BOOKS = 12
#: The largest goal ball (radius 3 holds 12.6 million shelves at 15 books).
MAX_GOAL_BALL = 3
#: The judge answers ``5 or more`` from this many moves on.
JUDGE_CAP = 5

#: A shelf: a permutation of ``1..n``, ``1 <= n <= 16``.
Case = Sequence[int]


class BlockMove(NamedTuple):
    """Swap the adjacent blocks ``books[start:split]`` and ``books[split:end]``."""

    start: int
    split: int
    end: int

    def inverse(self) -> BlockMove:
        """The move that undoes this one."""
        return BlockMove(self.start, self.start + self.end - self.split, self.end)


def _shelf(books: Case) -> list[int]:
    return integers(books, "book")


#: The puzzle: its :class:`~idastar.Puzzle` methods are this module's
#: ``solve``, ``solve_many``, ``distance``, ``lower_bound``, ``pack`` and ``unpack``.
PUZZLE: Puzzle[Case, tuple[int, int, int], Solution[BlockMove]] = Puzzle(
    NAME, values=_shelf, move=BlockMove._make, batch_rows="flat", size=Length(MAX_BOOKS)
)
if TYPE_CHECKING:
    from . import _verbs

    Engine = _verbs.BooksortEngine
    Heuristic = _verbs.BooksortHeuristic
    Options = _verbs.BooksortOptions
else:
    Engine, Heuristic, Options = PUZZLE.types()
#: The engines, the default (fastest) first.
ENGINES: tuple[str, ...] = PUZZLE.engines
#: The heuristics, the default first.
HEURISTICS: tuple[str, ...] = PUZZLE.heuristics
#: A shelf that takes IDA* seconds (about ten here): 16 books, 9 moves from sorted.
HARD_CASE: tuple[int, ...] = (3, 8, 13, 9, 2, 6, 12, 7, 14, 5, 4, 11, 15, 1, 16, 10)


def moves(n: int) -> list[BlockMove]:
    """Every block move on ``n`` books (``0 <= n <= MAX_BOOKS``), each once,
    in lexicographic order."""
    n = int_from("n", n, 0, MAX_BOOKS)
    return [
        BlockMove(i, j, k) for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n + 1)
    ]


def _block_move(move: object, n: int) -> tuple[int, int, int]:
    """``move`` as ``(start, split, end)``, checked to fit ``n`` books:
    InvalidPuzzle naming the move for anything else, as the other puzzles
    name a move that is no move."""
    values: list[object] = []
    if is_array(move) or (
        isinstance(move, Sequence) and not isinstance(move, (str, bytes, bytearray))
    ):
        with contextlib.suppress(TypeError):  # a 0-d array
            values = list(cast("Iterable[object]", move))
    try:
        # No integer (a bool neither), or not three values.
        start, split, end = (exact_int(value) for value in values)
    except (TypeError, ValueError):
        raise InvalidPuzzle(
            f"a block move is three integers (start, split, end), got {move!r}"
        ) from None
    if not 0 <= start < split < end <= n:
        raise InvalidPuzzle(
            f"block move {(start, split, end)} needs 0 <= start < split < end <= {n}"
        )
    return start, split, end


def apply(books: Case, move: tuple[int, int, int]) -> tuple[int, ...]:
    """The shelf after ``move``, three integers ``(start, split, end)`` (a
    :class:`BlockMove`, a tuple, a list, a numpy row); raises InvalidPuzzle
    naming the move if it is not one or does not fit."""
    shelf = PUZZLE.checked(books)
    start, split, end = _block_move(move, len(shelf))
    return shelf[:start] + shelf[split:end] + shelf[start:split] + shelf[end:]


def is_solved(books: Case) -> bool:
    """True when the shelf is sorted."""
    shelf = PUZZLE.checked(books)
    return list(shelf) == sorted(shelf)


def random(n: int = 10, *, seed: int | None = None) -> tuple[int, ...]:
    """A uniformly random shelf of ``n`` books (deterministic for a ``seed``)."""
    n = int_from("n", n, 1, MAX_BOOKS)
    return permutation(n, seed)


#: The verbs, typed by the registry's stub (``_verbs.pyi``).
_VERBS: _verbs.BooksortVerbs = PUZZLE.verbs()
solve, solve_many, distance = _VERBS.solve, _VERBS.solve_many, _VERBS.distance
lower_bound, pack, unpack = _VERBS.lower_bound, _VERBS.pack, _VERBS.unpack
replay, draw = _VERBS.replay, _VERBS.draw


_JUDGE_SEARCH: Options = {"max_moves": JUDGE_CAP - 1, "goal_ball": 1}


def judge(books: Case) -> int | None:
    """The judge's answer: the distance if below :data:`JUDGE_CAP`, else None ("5 or more")."""
    return judge_solution(books).cost


def judge_solution(books: Case) -> Solution[BlockMove]:
    """The whole search behind :func:`judge`: the path when the answer is below the cap."""
    return solve(books, **_JUDGE_SEARCH)


def judge_many(cases: Iterable[Case]) -> list[int | None]:
    """:func:`judge` for many shelves at once, on all cores, in input order."""
    return [r.cost for r in solve_many(cases, **_JUDGE_SEARCH)]


def distance_distribution(n: int) -> list[int]:
    """How many of the n! shelves lie at each distance 0, 1, 2, ... (OEIS A164366).

    A breadth-first search over every permutation, 1 <= n <= 12 (n = 10 takes
    a few seconds, each further book about n times longer), on all cores
    without the GIL; Ctrl-C stops it within a fraction of a second
    (``KeyboardInterrupt``).
    """
    return PUZZLE.distances_by_core(n, MAX_DISTRIBUTION_BOOKS)


_SPINE = 34
_SHELF_HEIGHT = 150


def _picture(books: Case, move: BlockMove | None, options: dict[str, Any]) -> _draw.Picture:
    """The shelf: each book a spine whose height grows with its number,
    the number written on it; the two blocks ``move`` swaps bracketed
    underneath, the first in vermillion, the second in blue, each named."""
    shelf = PUZZLE.checked(books)
    n = len(shelf)
    top = 10
    parts = []
    first = second = range(0)
    if move is not None:
        start, split, end = move
        first, second = range(start, split), range(split, end)
    for position, book in enumerate(shelf):
        height = 40 + (_SHELF_HEIGHT - 40) * book / max(n, 1)
        x = position * _SPINE
        outline = (
            _draw.MARK if position in first else _draw.BLUE if position in second else _draw.INK
        )
        parts.append(
            _draw.rect(
                x + 2,
                top + _SHELF_HEIGHT - height,
                _SPINE - 4,
                height,
                rx=3,
                fill=_draw.SKY_BLUE if book == position + 1 else _draw.YELLOW,
                stroke=outline,
                stroke_width=4 if outline != _draw.INK else 1.5,
            )
        )
        parts.append(
            _draw.text(x + _SPINE / 2, top + _SHELF_HEIGHT - 16, book, size=17, weight="bold")
        )
    parts.append(_draw.rect(0, top + _SHELF_HEIGHT, n * _SPINE, 6, fill=_draw.INK))
    for block, colour, name in ((first, _draw.MARK, "1st"), (second, _draw.BLUE, "2nd")):
        if block:
            left, right = block[0] * _SPINE + 3, (block[-1] + 1) * _SPINE - 3
            y = top + _SHELF_HEIGHT + 14
            parts.append(
                _draw.element(
                    "polyline",
                    points=f"{left},{y - 6} {left},{y} {right},{y} {right},{y - 6}",
                    fill="none",
                    stroke=colour,
                    stroke_width=3,
                )
            )
            parts.append(
                _draw.text((left + right) / 2, y + 12, name, size=14, fill=colour, weight="bold")
            )
    return _draw.Picture(max(n, 2) * _SPINE, top + _SHELF_HEIGHT + 42, "".join(parts))


def _move_text(move: BlockMove) -> str:
    return f"swap {move.start}:{move.split} and {move.split}:{move.end}"


_DRAWING = _draw.Drawing(
    apply=lambda books, move, _: apply(books, move),
    picture=_picture,
    move_text=_move_text,
    name="Booksort",
    called="booksort shelf",
)
__all__ = exports(globals(), _IMPORTED)
