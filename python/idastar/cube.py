"""The Rubik's Cube: the shipped ``3x3x3`` of :mod:`idastar.permutation` in
the cube's own words, Singmaster's moves, Kociemba's facelet strings and a
net of its faces.

>>> from idastar import cube
>>> result = cube.solve("R U R' U'")
>>> result.cost, " ".join(result.path)
(4, "U R U' R'")
>>> cube.facelets("R")
'UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB'
>>> cube.solve("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB").path
("R'",)
>>> cube.solve("U2", metric="qtm").path
('U', 'U')

A move turns one face, ``U`` (up), ``R`` (right), ``F`` (front), ``D``
(down), ``L`` (left) or ``B`` (back): alone a quarter turn clockwise as one
looks at that face, ``U2`` a half turn, ``U'`` a quarter turn
anticlockwise. In the half-turn metric (``metric="htm"``, the default)
each is one move; in the quarter-turn metric (``"qtm"``) a half turn is
two, and solutions are spelt in quarter turns.

A case is any of:

* a scramble: moves separated by spaces (``"R U R' U2"``), or a sequence
  of them (``["R", "U"]``); a typographic apostrophe or prime is read
  as ``'``, and ``U2'`` as ``U2``;
* a facelet string: one word of 54 letters, the cube as Kociemba's solvers
  and cubejs write it (:func:`facelets`);
* a position, as :mod:`idastar.permutation` writes the 3x3x3's: the corner
  at each place of :data:`CORNERS` (numbered from 1 in that order, each
  corner by its place when solved), their orientations, then the same for
  the :data:`EDGES`; 40 integers. An edge's orientation is 0 when its U or
  D sticker (for an edge of the middle layer, its F or B one) lies on its
  place's U or D face (F or B), 1 when flipped; a corner's is 0 when its U
  or D sticker lies on the U or D face, and 1 or 2 when that sticker lies a
  third of a turn anticlockwise or clockwise from there, seen from outside
  the corner.

A position that no turns reach (a twisted corner, a flipped edge, two
pieces swapped) is refused by name. Every function takes any case;
:func:`position` gives its position.

In the half-turn metric the search is the cube's own (``engine="cube"``,
the default here; :mod:`idastar.permutation`'s generic ``"ida"`` on
request): IDA* over coordinates stepped by table lookups, bounded by the
corners whole and by a table of the edges' orientations, where the edges
of a middle layer are and the corners' orientations, reduced by the
cube's symmetries and looked up along all three axes (Kociemba's choice
for his optimal solver). Its ``cube_table`` option chooses that table:

* ``"small"`` (the default): the middle layer's edges as a set; 110 MB
  with the corners', built in about ten seconds the first time, then read
  from the cache directory. Scrambles of fourteen moves solve in well
  under a second.
* ``"large"``: those edges in order; 1.7 GB, built in about two minutes
  the first time (about 2 GB of memory while it is built), read in
  seconds after. Random cubes, most of them eighteen moves from solved,
  solve in about half a minute with ``threads=2`` (the median of twelve,
  on two cores), seventeen-movers in under ten seconds.

The quarter-turn metric uses the generic IDA* with Korf's pattern
databases (:func:`load` builds them in about ten seconds the first time),
which reaches scrambles of about fourteen moves.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, overload

from . import _draw, permutation
from ._core import InvalidPuzzle
from ._puzzle import Progress, integers, rng
from ._results import Solution

if TYPE_CHECKING:
    from ._results import BatchResult
    from .permutation import PermutationPuzzle

__all__ = [
    "COLOURS",
    "CORNERS",
    "CUBE_TABLES",
    "EDGES",
    "FACES",
    "METRICS",
    "MOVES",
    "SOLVED",
    "SOLVED_FACELETS",
    "Case",
    "apply",
    "distance",
    "draw",
    "facelets",
    "from_facelets",
    "is_solved",
    "load",
    "lower_bound",
    "position",
    "random",
    "random_scramble",
    "replay",
    "scramble",
    "solve",
    "solve_many",
]

#: A scramble, a facelet string, or a position.
Case = str | Sequence[str] | Sequence[int]
#: The faces, in the order of a facelet string.
FACES = "URFDLB"
#: The metrics :func:`load` takes: every turn one move, or half turns two.
METRICS = ("htm", "qtm")
#: The sizes of the cube engine's edges' table, its ``cube_table`` option.
CUBE_TABLES = ("small", "large")
#: Every move: each face, a quarter turn clockwise, a half turn, a quarter anticlockwise.
MOVES: tuple[str, ...] = tuple(face + turn for face in FACES for turn in ("", "2", "'"))
#: The solved cube's facelet string.
SOLVED_FACELETS = "".join(face * 9 for face in FACES)

# -- The model -----------------------------------------------------------------
#
# The model tools/cube_descriptions.py wrote the description from: cubies at
# integer points (x right, y up, z front), each place's stickers listed in
# the order that gives orientations their meaning.

_Vector = tuple[int, int, int]

_NORMALS: dict[str, _Vector] = {
    "U": (0, 1, 0),
    "R": (1, 0, 0),
    "F": (0, 0, 1),
    "D": (0, -1, 0),
    "L": (-1, 0, 0),
    "B": (0, 0, -1),
}
_FACE_AT = {normal: face for face, normal in _NORMALS.items()}
#: The face at the bottom of each face as a facelet string reads it: a side
#: face is read with U at its top, U with B at its top, D with F at its top.
_DOWN = {"U": "F", "R": "D", "F": "D", "D": "B", "L": "D", "B": "D"}


def _dot(a: _Vector, b: _Vector) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: _Vector, b: _Vector) -> _Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _facelet(cubie: _Vector, face: str) -> int:
    """Where in a facelet string the sticker of ``cubie`` on ``face`` is."""
    down = _NORMALS[_DOWN[face]]
    # Read from outside the cube, a face's rows run to its normal's right of down.
    right = _cross(_NORMALS[face], down)
    return 9 * FACES.index(face) + 3 * (_dot(cubie, down) + 1) + _dot(cubie, right) + 1


def _directions(place: _Vector) -> list[_Vector]:
    """The faces of a place's stickers: the U or D one first (for an edge of
    the middle layer, the F or B one), then anticlockwise seen from outside."""
    axes = [axis for axis in (1, 2, 0) if place[axis] != 0]  # y first, then z, then x
    found: list[_Vector] = [
        (place[0] if axis == 0 else 0, place[1] if axis == 1 else 0, place[2] if axis == 2 else 0)
        for axis in axes
    ]
    if len(found) == 3 and _dot(_cross(found[0], found[1]), found[2]) < 0:
        found[1], found[2] = found[2], found[1]
    return found


class _Set(NamedTuple):
    """Corners or edges, as a facelet string shows them."""

    kind: str
    #: Each place's name, its faces read clockwise from the U or D one.
    names: tuple[str, ...]
    #: Each place's stickers in a facelet string, in the order of its directions.
    stickers: tuple[tuple[int, ...], ...]
    #: Each piece's faces in that order, as it sits in its place when solved.
    colours: tuple[str, ...]


def _set(kind: str, places: list[_Vector]) -> _Set:
    directions = [_directions(place) for place in places]
    faces = ["".join(_FACE_AT[d] for d in found) for found in directions]
    return _Set(
        kind,
        # A corner's directions turn anticlockwise: its name reads them the other way.
        tuple(f[0] + f[:0:-1] if len(f) == 3 else f for f in faces),
        tuple(
            tuple(_facelet(place, _FACE_AT[d]) for d in found)
            for place, found in zip(places, directions, strict=True)
        ),
        tuple(faces),
    )


# The places in the order of the description: sorted by x, then y, then z.
_CORNER_SET = _set("corner", [(x, y, z) for x, y, z in itertools.product((-1, 1), repeat=3)])
_EDGE_SET = _set(
    "edge",
    [
        (x, y, z)
        for x, y, z in itertools.product((-1, 0, 1), repeat=3)
        if sorted(map(abs, (x, y, z))) == [0, 1, 1]
    ],
)
_SETS = (_CORNER_SET, _EDGE_SET)

#: The corners' places, in the order a position lists them (``"URF"`` is the
#: corner of the U, R and F faces).
CORNERS: tuple[str, ...] = _CORNER_SET.names
#: The edges' places, in the order a position lists them.
EDGES: tuple[str, ...] = _EDGE_SET.names
#: The solved position.
SOLVED: tuple[int, ...] = tuple(
    value
    for cubies in _SETS
    for value in (*range(1, len(cubies.names) + 1), *[0] * len(cubies.names))
)

#: Each facelet's name (``U1`` to ``U9``, ``R1``, ...), by its index in a string.
_FACELET_NAMES = tuple(f"{face}{n}" for face in FACES for n in range(1, 10))


def _readings(cubies: _Set) -> dict[str, tuple[int, int]]:
    """What a place's stickers may read, in the order of its directions:
    the piece (from 1) and its orientation each reading means."""
    found = {}
    for piece, colours in enumerate(cubies.colours, 1):
        for twist in range(len(colours)):
            # In orientation ``twist``, its first sticker lies on direction ``twist``.
            found[colours[-twist:] + colours[:-twist] if twist else colours] = (piece, twist)
    return found


_READINGS = {cubies.kind: _readings(cubies) for cubies in _SETS}

# -- Cases -----------------------------------------------------------------------

# A move as people write it: U2' is U2, and the apostrophe and the prime
# of typeset text (pasted from a web page) are '.
_MOVE = re.compile(r"([URFDLB])(2'?|'?)")
_PRIMES = str.maketrans({"\u2019": "'", "\u2032": "'"})


def _move_name(move: object, where: str = "") -> str:
    """The name in :data:`MOVES` of a move as written; InvalidPuzzle for what is none."""
    if not isinstance(move, str):
        raise InvalidPuzzle(f"a move is a string, got {move!r}{where}")
    found = _MOVE.fullmatch(move.translate(_PRIMES))
    if found is None:
        raise InvalidPuzzle(
            f"unknown move {move!r}{where}: a move is a face (U R F D L B) alone for a "
            "quarter turn clockwise, with 2 for a half turn, or with ' for a quarter "
            "turn anticlockwise"
        )
    face, turn = found.groups()
    return face + turn[:1]


def _mover() -> PermutationPuzzle:
    """The 3x3x3 with no tables (each is capped at one entry, which none
    fits): its moves, for scrambles, with no wait for the search's tables."""
    return permutation.load("3x3x3", table_entries=1)


def scramble(moves: str | Iterable[str]) -> tuple[int, ...]:
    """The position a scramble reaches from the solved cube: moves separated
    by spaces, or a sequence of them."""
    words = moves.split() if isinstance(moves, str) else list(moves)
    names = [
        _move_name(word, f" (move {number} of the scramble)")
        for number, word in enumerate(words, 1)
    ]
    return _mover().scramble(names)


def _is_facelets(word: str) -> bool:
    """Whether one word that is no move is meant as a facelet string: it
    has 54 characters, or more than a move has, all of them faces."""
    return len(word) == 54 or (len(word) > 3 and set(word) <= set(FACES))


def position(case: Case) -> tuple[int, ...]:
    """The position of any case, checked: a scramble's, a facelet string's,
    or a position itself.

    Raises:
        InvalidPuzzle: the case is none, or a position no turns reach;
            the message says what is wrong.
    """
    if isinstance(case, str):
        words = case.split()
        if len(words) == 1 and _MOVE.fullmatch(words[0].translate(_PRIMES)) is None:
            if _is_facelets(words[0]):
                return from_facelets(words[0])
        return scramble(words)
    if isinstance(case, Sequence) and all(isinstance(move, str) for move in case):
        return scramble(case)  # type: ignore[arg-type]  # every item is a string
    return _checked(integers(case, "value"))


def _checked(values: list[int]) -> tuple[int, ...]:
    """A position's numbers, if they are one that turns reach."""
    if len(values) != len(SOLVED):
        raise InvalidPuzzle(
            f"a position of the cube has {len(SOLVED)} numbers (the corners at "
            f"{' '.join(CORNERS)}, their orientations, then the edges at "
            f"{' '.join(EDGES)}, theirs), got {len(values)}"
        )
    parts: list[tuple[list[int], list[int]]] = []
    at = 0
    for cubies in _SETS:
        count, turns = len(cubies.names), len(cubies.colours[0])
        pieces, twists = values[at : at + count], values[at + count : at + 2 * count]
        if sorted(pieces) != list(range(1, count + 1)):
            raise InvalidPuzzle(
                f"the {cubies.kind}s must be 1 to {count}, each once, got {' '.join(map(str, pieces))}"
            )
        for place, twist in zip(cubies.names, twists, strict=True):
            if not 0 <= twist < turns:
                raise InvalidPuzzle(
                    f"the {cubies.kind} at {place} has orientation {twist}; "
                    f"an orientation is from 0 to {turns - 1}"
                )
        parts.append((pieces, twists))
        at += 2 * count
    _check_reachable(parts[0], parts[1])
    return tuple(values)


def _odd(pieces: Sequence[int]) -> bool:
    """Whether an arrangement of ``1..n`` is an odd permutation."""
    seen, swaps = set(), 0
    for start in range(len(pieces)):
        length = 0
        while start not in seen:
            seen.add(start)
            start, length = pieces[start] - 1, length + 1
        swaps += max(length - 1, 0)
    return swaps % 2 == 1


def _check_reachable(
    corners: tuple[list[int], list[int]], edges: tuple[list[int], list[int]]
) -> None:
    """InvalidPuzzle for a position that no turns reach: every turn keeps
    the corners' orientations adding up to a multiple of 3, the edges' to a
    multiple of 2, and turns the corners and the edges in permutations of
    the same parity."""
    twist = sum(corners[1]) % 3
    if twist:
        raise InvalidPuzzle(
            "a twisted corner: the corners' orientations add up to "
            f"{sum(corners[1])}, {twist} more than a multiple of 3; no turns reach "
            "that from the solved cube"
        )
    if sum(edges[1]) % 2:
        raise InvalidPuzzle(
            f"a flipped edge: the edges' orientations add up to {sum(edges[1])}, an odd "
            "number; no turns reach that from the solved cube"
        )
    odd_corners, odd_edges = _odd(corners[0]), _odd(edges[0])
    if odd_corners != odd_edges:
        parity = {True: "an odd", False: "an even"}
        raise InvalidPuzzle(
            f"two pieces swapped: the corners are in {parity[odd_corners]} permutation and "
            f"the edges in {parity[odd_edges]} one; every turn changes both, so no turns "
            "reach that from the solved cube"
        )


# -- Facelets --------------------------------------------------------------------


def facelets(case: Case) -> str:
    """The cube as a facelet string: the letters of the faces U, R, F, D, L
    and B in turn, each face's nine stickers row by row as one looks at the
    face (U with B at its top, R F L and B with U at their top, D with F
    at its top), each sticker the letter of the face whose centre has its
    colour. The order of Kociemba's solvers and of cubejs.

    >>> from idastar import cube
    >>> cube.facelets("U")
    'UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB'
    """
    values = position(case)
    letters = list(SOLVED_FACELETS)  # the centres, which never move
    at = 0
    for cubies in _SETS:
        count, turns = len(cubies.names), len(cubies.colours[0])
        pieces, twists = values[at : at + count], values[at + count : at + 2 * count]
        for stickers, piece, twist in zip(cubies.stickers, pieces, twists, strict=True):
            for sticker, colour in enumerate(cubies.colours[piece - 1]):
                letters[stickers[(twist + sticker) % turns]] = colour
        at += 2 * count
    return "".join(letters)


def from_facelets(text: str) -> tuple[int, ...]:
    """The position of a facelet string (:func:`facelets`'s inverse).

    >>> from idastar import cube
    >>> cube.from_facelets(cube.facelets("R U")) == cube.position("R U")
    True

    Raises:
        TypeError: ``text`` is not a string.
        InvalidPuzzle: it is no cube, or one that no turns reach from the
            solved cube; the message names what is wrong: the length, a
            letter, a centre, a letter's count, a corner or an edge that
            does not exist or comes twice, a twisted corner, a flipped edge,
            two pieces swapped.
    """
    if not isinstance(text, str):
        raise TypeError(f"a facelet string must be a str, got {type(text).__name__}")
    letters = text.strip()
    if len(letters) != len(SOLVED_FACELETS):
        raise InvalidPuzzle(
            f"a facelet string has {len(SOLVED_FACELETS)} letters, nine for each face "
            f"({' '.join(FACES)}), got {len(letters)}"
        )
    for index, letter in enumerate(letters):
        if letter not in FACES:
            raise InvalidPuzzle(
                f"facelet {_FACELET_NAMES[index]} (letter {index + 1}) is {letter!r}; "
                f"the letters are the faces, {' '.join(FACES)}"
            )
    for face in FACES:
        centre = letters[9 * FACES.index(face) + 4]
        if centre != face:
            raise InvalidPuzzle(
                f"the centre {face}5 is {centre}: a letter names the face whose centre has "
                "its colour, so each centre is its own face's letter"
            )
    miscounted = [
        f"{face} {letters.count(face)} times" for face in FACES if letters.count(face) != 9
    ]
    if miscounted:
        raise InvalidPuzzle(f"each letter comes 9 times, got {', '.join(miscounted)}")
    values: list[int] = []
    for cubies in _SETS:
        readings = _READINGS[cubies.kind]
        placed: dict[int, str] = {}  # the place each piece was found at
        pieces, twists = [], []
        for name, stickers in zip(cubies.names, cubies.stickers, strict=True):
            reading = "".join(letters[sticker] for sticker in stickers)
            if reading not in readings:
                raise InvalidPuzzle(_no_such_cubie(cubies, name, stickers, reading))
            piece, twist = readings[reading]
            if piece in placed:
                raise InvalidPuzzle(
                    f"the {cubies.kind} {cubies.names[piece - 1]} comes twice, at "
                    f"{placed[piece]} and at {name}"
                )
            placed[piece] = name
            pieces.append(piece)
            twists.append(twist)
        values += pieces + twists
    return _checked(values)


def _no_such_cubie(cubies: _Set, name: str, stickers: tuple[int, ...], reading: str) -> str:
    """Why a place's stickers are no piece of the cube."""
    # The name reads a corner clockwise, its stickers anticlockwise.
    order = [0, 2, 1] if len(stickers) == 3 else [0, 1]
    shown = " ".join(_FACELET_NAMES[stickers[i]] for i in order)
    said = f"the {cubies.kind} at {name} (facelets {shown}) is {''.join(reading[i] for i in order)}"
    for piece, colours in zip(cubies.names, cubies.colours, strict=True):
        if sorted(colours) == sorted(reading):  # a corner's colours, mirrored
            return (
                f"{said}: the colours of the corner {piece}, the wrong way round "
                f"(clockwise, its colours read {piece})"
            )
    return f"{said}: no {cubies.kind} of the cube has those colours"


# -- Moves -----------------------------------------------------------------------


def apply(case: Case, move: str) -> tuple[int, ...]:
    """The position after one move (as a scramble writes it)."""
    return _mover().apply(position(case), _move_name(move))


def replay(case: Case, path: str | Iterable[str]) -> tuple[int, ...]:
    """The position after every move of ``path`` in turn (moves separated
    by spaces, or a sequence of them: a solution's path)."""
    moves = path.split() if isinstance(path, str) else path
    now = position(case)
    for number, move in enumerate(moves, 1):
        now = _mover().apply(now, _move_name(move, f" (move {number} of the path)"))
    return now


def is_solved(case: Case) -> bool:
    """True for the solved cube."""
    return position(case) == SOLVED


def random(*, seed: int | None = None) -> tuple[int, ...]:
    """A position drawn uniformly from all 43,252,003,274,489,856,000 that
    turns reach (deterministic for a ``seed``): for pictures and facelet
    strings, since most lie 18 moves from solved, beyond the search."""
    generator = rng(seed)
    corners, edges = list(range(1, 9)), list(range(1, 13))
    generator.shuffle(corners)
    generator.shuffle(edges)
    if _odd(corners) != _odd(edges):
        edges[0], edges[1] = edges[1], edges[0]
    twists = [generator.randrange(3) for _ in corners[1:]]
    flips = [generator.randrange(2) for _ in edges[1:]]
    # The last orientations are those the others leave: any others may come.
    return (*corners, *twists, -sum(twists) % 3, *edges, *flips, sum(flips) % 2)


def random_scramble(moves: int = 8, *, seed: int | None = None) -> str:
    """A random scramble of ``moves`` moves, no two of one face in a row
    (deterministic for a ``seed``)."""
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        raise ValueError(f"moves must be a whole number from 0, got {moves!r}")
    generator, faces, last = rng(seed), [], ""
    for _ in range(moves):
        last = generator.choice([face for face in FACES if face != last])
        faces.append(last + generator.choice(("", "2", "'")))
    return " ".join(faces)


# -- Solving ---------------------------------------------------------------------


def load(
    metric: str = "htm", *, progress: Progress | None = None, time_limit: float | None = None
) -> PermutationPuzzle:
    """The cube as a puzzle value: :func:`idastar.permutation.load` of the
    ``3x3x3`` in ``metric``, ``"htm"`` (the default) or ``"qtm"``, with every
    shared verb on positions and its own moves' names (in ``"qtm"`` only the
    quarter turns), once per metric and process. Its tables are built in
    about ten seconds the first time (``progress`` told of each layer,
    within ``time_limit`` seconds if given), then read from the cache
    directory.

    Raises:
        ValueError: an unknown metric.
        TimeoutError: the tables' build took more than ``time_limit``.
    """
    # The half-turn metric is the description's own: permutation.load("3x3x3")
    # and this are the one puzzle, loaded once.
    return permutation.load(
        "3x3x3",
        metric=None if metric == "htm" else metric,
        progress=progress,
        time_limit=time_limit,
    )


def _search_options(metric: str, options: dict[str, Any]) -> dict[str, Any]:
    """A search's options in ``metric``: the cube's own engine unless the
    call names one, in the half-turn metric (the only one it searches),
    for a search that records no trace (it records none)."""
    if metric == "htm" and "engine" not in options and not options.get("trace"):
        return {"engine": "cube", **options}
    return options


def _searcher(metric: str, options: dict[str, Any]) -> PermutationPuzzle:
    """The puzzle that searches with ``options`` (as :func:`_search_options`
    made them): the cube engine has tables of its own, so it needs none of
    :func:`load`'s, which are then not built."""
    own = metric == "htm" and options.get("engine") == "cube"
    return _mover() if own else load(metric)


def solve(case: Case, *, metric: str = "htm", **options: Any) -> Solution[str]:
    """Solves ``case`` optimally in ``metric``: the fewest moves that solve
    the cube, as the ``path`` of a :class:`~idastar.Solution`. The options
    are ``cube_table`` (``"small"`` or ``"large"``, see above) and those of
    every puzzle (``engine``, the limits ``max_moves``, ``node_limit``,
    ``time_limit``, ``threads``, ``progress`` for a table's first build,
    ...; docs/vocabulary.md).

    >>> solve("R U F", threads=2).path
    ("F'", "U'", "R'")

    Raises:
        InvalidPuzzle: ``case`` is no cube, or one that turns do not reach.
        ValueError: ``cube_table`` with another engine or metric.
    """
    values = position(case)  # a bad case is told before the tables are loaded
    options = _search_options(metric, options)
    return _searcher(metric, options).solve(values, **options)


@overload
def solve_many(
    cases: Iterable[Case], *, metric: str = ..., arrays: Literal[False] = ..., **options: Any
) -> list[Solution[str]]: ...
@overload
def solve_many(
    cases: Iterable[Case], *, metric: str = ..., arrays: Literal[True], **options: Any
) -> BatchResult: ...
def solve_many(
    cases: Iterable[Case], *, metric: str = "htm", arrays: bool = False, **options: Any
) -> list[Solution[str]] | BatchResult:
    """:func:`solve` for many cases at once in ``metric``, on all cores (or
    ``threads``), in input order; with ``arrays=True`` a
    :class:`~idastar.BatchResult`.

    Raises:
        InvalidPuzzle: a case is none, named as Python indexes the batch
            (``cases[0]: ...`` the first), before anything is solved.
    """
    positions = []
    for index, case in enumerate(cases):
        try:
            positions.append(position(case))
        except InvalidPuzzle as error:
            raise InvalidPuzzle(f"cases[{index}]: {error}") from None
    options = _search_options(metric, options)
    puzzle = _searcher(metric, options)
    if arrays:
        batch: BatchResult = puzzle.solve_many(positions, arrays=True, **options)
        return batch
    solutions: list[Solution[str]] = puzzle.solve_many(positions, **options)
    return solutions


def distance(case: Case, *, metric: str = "htm", **options: Any) -> int:
    """The fewest moves that solve ``case`` in ``metric`` (:func:`solve`'s options).

    Raises:
        Unsolvable: a limit ended the search first.
    """
    values = position(case)
    options = _search_options(metric, options)
    return _searcher(metric, options).distance(values, **options)


def lower_bound(case: Case, *, metric: str = "htm", **options: Any) -> int:
    """The generic engine's lower bound on :func:`distance` (Korf's pattern
    databases): where its IDA* starts."""
    values = position(case)
    return load(metric).lower_bound(values, **options)


# -- Pictures --------------------------------------------------------------------

#: The colours of the faces' centres, as most cubes have them.
COLOURS: dict[str, str] = {
    "U": "#FFFFFF",
    "R": "#B71234",
    "F": "#009B48",
    "D": "#FFD500",
    "L": "#FF5800",
    "B": "#0046AD",
}
#: The faces whose stickers take white letters: black ones would not read.
_DARK = frozenset("RFB")
#: Where each face lies in the net, in faces from its top left: the cross.
_NET = {"U": (1, 0), "L": (0, 1), "F": (1, 1), "R": (2, 1), "B": (3, 1), "D": (1, 2)}
_STICKER = 22
_FACE_GAP = 5
_MARGIN = 4


def _picture(values: Sequence[int], move: str | None, options: dict[str, Any]) -> _draw.Picture:
    """The net of the cube, U above L F R B, D below, each sticker its
    colour and its face's letter; the face the next move turns outlined.
    ``idastar.permutation``'s pictures of the 3x3x3 are these."""
    letters = facelets(list(values))
    face_size = 3 * _STICKER
    step = face_size + _FACE_GAP
    turned = None if move is None else move[0]
    parts = []
    for face, (column, row) in _NET.items():
        left, top = _MARGIN + column * step, _MARGIN + row * step
        marked = face == turned
        parts.append(
            _draw.rect(
                left - 1.5,
                top - 1.5,
                face_size + 3,
                face_size + 3,
                rx=3,
                fill=_draw.INK,
                stroke=_draw.MARK if marked else _draw.INK,
                stroke_width=4 if marked else 1,
            )
        )
        for index in range(9):
            letter = letters[9 * FACES.index(face) + index]
            x, y = left + (index % 3) * _STICKER, top + (index // 3) * _STICKER
            parts.append(
                _draw.rect(x + 1.5, y + 1.5, _STICKER - 3, _STICKER - 3, rx=3, fill=COLOURS[letter])
            )
            parts.append(
                _draw.text(
                    x + _STICKER / 2,
                    y + _STICKER / 2,
                    letter,
                    size=10,
                    weight="bold" if index == 4 else None,
                    fill=_draw.PAPER if letter in _DARK else _draw.INK,
                )
            )
    return _draw.Picture(
        2 * _MARGIN + 4 * step - _FACE_GAP, 2 * _MARGIN + 3 * step - _FACE_GAP, "".join(parts)
    )


def draw(case: Case) -> str:
    """The cube as SVG text: the net of its faces (U on top; L, F, R and B
    in a row; D below), in the colours of most cubes (U white, R red, F
    green, D yellow, L orange, B blue), each sticker marked with its
    face's letter as well. A :class:`~idastar.Solution` of the cube draws
    its states so (``solution.svg()``, ``solution.to_html()``)."""
    values = position(case)
    return _picture(values, None, {}).svg(title=f"Rubik's Cube {facelets(values)}")
