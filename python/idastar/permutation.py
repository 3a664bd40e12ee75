"""Permutation puzzles from a description: pieces that move among places
and may turn in place (Rubik's cubes, the Pyraminx, TopSpin, pancakes).

A description is text in the ksolve format that twsearch reads (``Name``,
``Set NAME places orientations``, a ``Solved`` state, ``Move NAME``
blocks; docs/puzzles/describe.md). :func:`load` compiles one in the Rust core
into a :class:`PermutationPuzzle`, a :class:`~idastar.Puzzle` with every
shared verb: every power of each move (``U``, ``U2``, ``U'``), canonical
move sequences, and pattern databases of its projections as the lower bound.

>>> from idastar import permutation
>>> cube = permutation.load("2x2x2")
>>> cube.moves[:3]
('U', 'U2', "U'")
>>> result = cube.solve("R U R' U'")
>>> result.cost, result.path
(4, ('U', 'R', "U'", "R'"))
>>> cube.is_solved(cube.replay("R U R' U'", result.path))
True

A case is a scramble (move names, as a string or a sequence) or a position:
each set's pieces (numbered from 1 as the ``Solved`` state numbers them),
then their orientations, set after set. A scramble always reaches the goal
back; a position read as numbers is refused when a pattern database shows
it cannot, and otherwise searched as given.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

from . import _core, _draw
from ._checks import exact_int, int_or_none
from ._core import InvalidPuzzle
from ._puzzle import Progress, Puzzle, integers, rng
from ._results import Solution

__all__ = ["DESCRIPTIONS", "Case", "PermutationPuzzle", "define", "load"]

#: A scramble (move names) or a position (each set's pieces, then their orientations).
Case = str | Sequence[str] | Sequence[int]

#: The descriptions that ship with idastar, by the name :func:`load` takes.
DESCRIPTIONS: tuple[str, ...] = tuple(
    sorted(
        f.name[:-4]
        for f in (resources.files("idastar") / "data" / "puzzles").iterdir()
        if f.name.endswith(".tws")
    )
)


class PermutationPuzzle(Puzzle[Case, str, Solution[str]]):
    """A permutation puzzle compiled from its description: the shared
    verbs of every puzzle, and what a description gives besides."""

    def __init__(
        self, text: str, table_entries: int | None = None, metric: str | None = None
    ) -> None:
        # Only the options given are passed on, so the core's defaults and
        # its checks (naming the option) are the only ones.
        build = {
            name: value
            for name, value in (("table_entries", table_entries), ("metric", metric))
            if value is not None
        }
        name, sets, solved, turns, tables = _core.permutation_describe(text, **build)
        self.text = text
        #: Its sets as ``(name, places, orientations)``.
        self.sets: tuple[tuple[str, int, int], ...] = tuple(sets)
        #: The solved position, as positions are written.
        self.solved: tuple[int, ...] = tuple(solved)
        #: Every move, its powers beside it (``U``, ``U2``, ``U'``), in the core's order.
        self.moves: tuple[str, ...] = tuple(turn[0] for turn in turns)
        #: The pattern databases built, as ``(what each projects, entries)``.
        self.tables: tuple[tuple[str, int], ...] = tuple(tables)
        self._turns = {turn[0]: (turn[1], turn[2]) for turn in turns}
        self._modulus = [orientations for _, places, orientations in sets for _ in range(places)]
        # Where each of the core's places writes its piece and its
        # orientation in a position.
        pieces_at: list[int] = []
        twists_at: list[int] = []
        for _, places, _ in sets:
            at = 2 * len(pieces_at)
            pieces_at += range(at, at + places)
            twists_at += range(at + places, at + 2 * places)
        self._layout = (pieces_at, twists_at)
        fixed: dict[str, Any] = {"description": text, **build}
        super().__init__(
            name, core="permutation", values=self._values, move=self.moves.__getitem__, fixed=fixed
        )

    def __repr__(self) -> str:
        return f"<permutation puzzle {self.name!r}: {len(self.moves)} moves>"

    def __reduce__(self) -> Any:
        return PermutationPuzzle, (
            self.text,
            self.fixed.get("table_entries"),
            self.fixed.get("metric"),
        )

    def _values(self, case: Case) -> list[int]:
        if isinstance(case, str) or (
            isinstance(case, Sequence) and len(case) > 0 and all(isinstance(m, str) for m in case)
        ):
            return list(self.scramble(case))  # type: ignore[arg-type]
        return integers(case, "value")

    def _position(self, values: Sequence[int]) -> tuple[list[int], list[int]]:
        n = len(self._modulus)
        return list(values[:n]), list(values[n:])

    def apply(self, case: Case, move: str) -> tuple[int, ...]:
        """The position after ``move`` (a name of :attr:`moves`)."""
        if not isinstance(move, str) or move not in self._turns:
            raise InvalidPuzzle(
                f"unknown move {move!r} of {self.name}; the moves are {' '.join(self.moves)}"
            )
        return self._turned(self.checked(case), move)

    def _turned(self, values: Sequence[int], move: str) -> tuple[int, ...]:
        source, twist = self._turns[move]
        # Positions are written set by set, pieces then orientations; the
        # core's places run over all sets, which `_layout` translates.
        pieces_at, twists_at = self._layout
        pieces = [values[i] for i in pieces_at]
        twists = [values[i] for i in twists_at]
        written = [0] * len(values)
        for place, (s, t, m) in enumerate(zip(source, twist, self._modulus, strict=True)):
            written[pieces_at[place]] = pieces[s]
            written[twists_at[place]] = (twists[s] + t) % m
        return tuple(written)

    def scramble(self, moves: str | Iterable[str]) -> tuple[int, ...]:
        """The position a scramble (move names, a string or a sequence) reaches."""
        names = moves.split() if isinstance(moves, str) else list(moves)
        position = self.solved
        for name in names:
            if name not in self._turns:
                raise InvalidPuzzle(
                    f"unknown move {name!r} of {self.name}; the moves are {' '.join(self.moves)}"
                )
            position = self._turned(position, name)
        return position

    def is_solved(self, case: Case) -> bool:
        """True for the solved position."""
        return self.checked(case) == self.solved

    def random(self, moves: int = 50, *, seed: int | None = None) -> tuple[int, ...]:
        """The position of a random scramble of ``moves`` moves (deterministic for a ``seed``)."""
        generator = rng(seed)
        return self.scramble(generator.choice(self.moves) for _ in range(moves))

    def replay(self, case: Case, path: Iterable[str]) -> tuple[int, ...]:
        """The position after every move of ``path`` in turn."""
        return self._replay(case, path)

    def draw(self, case: Case) -> str:
        """The position as SVG text: each set a row of places, each with its
        piece's number and orientation, blue where the solved state has it;
        the shipped 3x3x3 as the net of :func:`idastar.cube.draw`."""
        values = self.checked(case)
        return _picture(values, None, self.fixed).svg(title=f"{self.name} position")

    def distance_distribution(self) -> list[int]:
        """How many positions lie at each distance from the solved one, for a
        puzzle whose positions (every set's arrangements and orientations
        together) number at most 2**28; a ``ValueError`` above that."""
        return list(_core.distance_distribution(self.core, None, self.fixed))


@functools.cache
def _shipped(name: str) -> str:
    """The text of a description that ships with idastar."""
    return (resources.files("idastar") / "data" / "puzzles" / f"{name}.tws").read_text(
        encoding="utf-8"
    )


@functools.cache
def _loaded(text: str, table_entries: int | None, metric: str | None) -> PermutationPuzzle:
    return PermutationPuzzle(text, table_entries, metric)


def load(
    source: str | os.PathLike[str],
    *,
    table_entries: int | None = None,
    metric: str | None = None,
    progress: Progress | None = None,
    time_limit: float | None = None,
) -> PermutationPuzzle:
    """The puzzle a description gives: the name of one that ships with
    idastar (:data:`DESCRIPTIONS`), a path to a file, or the text itself.

    ``table_entries`` caps each pattern database (``2**27`` unless given);
    ``metric`` is ``"htm"`` (every power of a move is one move, the default)
    or ``"qtm"`` (only a move and its inverse are; ``U2`` costs two).

    The pattern databases are built at the first load of a description in
    a process (read from the cache directory when a sound copy is there):
    ``progress(task, tasks, layer, reached, total)`` is told of each layer
    of each table, as the puzzles' ``progress`` option is, and
    ``time_limit`` bounds the build in seconds. Ctrl-C stops it.

    Raises:
        InvalidPuzzle: the description is not one, naming the line; a
            feature of the format not supported is refused by name.
        TimeoutError: the tables' build took more than ``time_limit``.
    """
    text = os.fspath(source)
    if text in DESCRIPTIONS:
        text = _shipped(text)
    elif "\n" not in text:
        try:
            with open(text, encoding="utf-8") as file:
                text = file.read()
        except OSError as error:
            raise InvalidPuzzle(
                f"no description {text!r}: {error.strerror}; shipped: {', '.join(DESCRIPTIONS)}"
            ) from None
    if progress is not None or time_limit is not None:
        # The core keeps what it builds for the process: the load below
        # finds the tables built. (It takes None for an option not given.)
        _core.permutation_describe(
            text,
            table_entries=table_entries,
            metric=metric,
            progress=progress,
            time_limit=time_limit,
        )
    return _loaded(text, table_entries, metric)


def _described(options: dict[str, Any]) -> PermutationPuzzle:
    """The puzzle a call's options (a puzzle's ``fixed``) describe."""
    return load(
        options["description"],
        table_entries=options.get("table_entries"),
        metric=options.get("metric"),
    )


#: Shipped descriptions that a module of their own draws (its ``_picture``):
#: the 3x3x3 as the net of a Rubik's Cube.
_DRAWN_BY = {"3x3x3": "cube"}


def _picture(values: Sequence[int], move: str | None, options: dict[str, Any]) -> _draw.Picture:
    """Each set a row of places, each with its piece's number and, where
    pieces turn, their orientation; the places the next move changes marked.
    A shipped description of :data:`_DRAWN_BY` as its own module draws it."""
    puzzle = _described(options)
    drawn_by = _DRAWN_BY.get(puzzle.name)
    if drawn_by is not None and puzzle.text == _shipped(puzzle.name):
        import importlib

        own: _draw.Picture = importlib.import_module(f".{drawn_by}", __package__)._picture(
            values, move, options
        )
        return own
    changed = set() if move is None else {i for i, s in enumerate(puzzle._turns[move][0]) if s != i}
    cell, parts, at, place, y = 34, [], 0, 0, 10
    width = max(places for _, places, _ in puzzle.sets) * cell + 90
    for name, places, orientations in puzzle.sets:
        parts.append(_draw.text(40, y + cell / 2, name, size=11, weight="bold"))
        for i in range(places):
            marked = place + i in changed
            stroke = {
                "stroke": _draw.MARK if marked else _draw.INK,
                "stroke_width": 3 if marked else 1,
            }
            solved = values[at + i] == puzzle.solved[at + i]
            fill = _draw.SKY_BLUE if solved else _draw.ORANGE
            parts.append(_draw.rect(80 + i * cell, y, cell - 4, cell - 4, fill=fill, **stroke))
            label = str(values[at + i]) + (
                f"·{values[at + places + i]}" if orientations > 1 else ""
            )
            parts.append(
                _draw.text(80 + i * cell + (cell - 4) / 2, y + (cell - 4) / 2, label, size=10)
            )
        at, place, y = at + 2 * places, place + places, y + cell + 6
    return _draw.Picture(width, y + 4, "".join(parts))


_DRAWING = _draw.Drawing(
    apply=lambda values, move, options: _described(options)._turned(values, move),
    picture=_picture,
    name="Permutation puzzle",
    called="position",
)


#: The format's keywords, which no set or move may be called: a line of
#: a block that holds one would be read as the keyword.
_KEYWORDS = frozenset(
    {"Name", "Set", "Solved", "Move", "End", "Illegal", "MoveAlias", "MoveSequence"}
    | {"StartState", "MoveTransformation", "Ignore", "Blocks"}
)


def define(
    name: str,
    *,
    sets: Mapping[str, tuple[int, int]],
    moves: Mapping[str, Mapping[str, Sequence[int] | tuple[Sequence[int], Sequence[int]]]],
    solved: Mapping[str, Sequence[int] | tuple[Sequence[int], Sequence[int]]] | None = None,
    table_entries: int | None = None,
    metric: str | None = None,
) -> PermutationPuzzle:
    """The puzzle of a description given as Python values: :func:`load`
    of the ksolve text they spell, which the puzzle keeps as ``text``.

    ``sets`` maps each set's name to ``(places, orientations)``.
    ``solved`` maps a set's name to the piece at each place (numbered from
    1; equal pieces repeat a number), or to ``(pieces, orientations)``; a
    set left out holds pieces 1, 2, ... unturned. ``moves`` maps each
    move's name to what it does to the sets it moves: for each, the place
    each place takes its piece from (from 1), or ``(places, twists)``
    where ``twists[j]`` turns the piece that leaves place ``j``. The name
    is one word; the names of sets and moves are words of letters, digits
    and ``_``, a letter first.
    ``table_entries`` and ``metric`` are :func:`load`'s.

    >>> from idastar import permutation
    >>> stack = permutation.define(
    ...     "pancakes-3",
    ...     sets={"STACK": (3, 1)},
    ...     moves={"F2": {"STACK": [2, 1, 3]}, "F3": {"STACK": [3, 2, 1]}},
    ... )
    >>> stack.moves, stack.distance_distribution()
    (('F2', 'F3'), [1, 2, 2, 1])
    >>> stack.solve([3, 1, 2, 0, 0, 0]).path
    ('F3', 'F2')

    Raises:
        TypeError: a value is not of the type it must be.
        InvalidPuzzle: the values describe no puzzle, naming the set or
            move at fault.
    """
    if not isinstance(name, str):
        raise TypeError(f"the name must be a string, got {name!r}")
    if not re.fullmatch(r"[^\s#]+", name):
        raise InvalidPuzzle(f"the name {name!r} is not one word (no spaces, no #)")
    lines = [f"Name {name}", ""]
    shapes = _shapes(sets)
    lines += [f"Set {set_name} {places} {turns}" for set_name, (places, turns) in shapes.items()]
    lines += ["", "Solved"]
    if solved is not None and not isinstance(solved, Mapping):
        raise TypeError(f"solved must map set names to pieces, got {type(solved).__name__}")
    for set_name, value in (solved or {}).items():
        places, turns = _shape_of(shapes, set_name, "solved")
        where = f"solved: set {set_name}"
        pieces, orientations = _numbers_and_turns(value, where)
        _check_length(pieces, places, where, "pieces")
        if not all(1 <= piece <= places for piece in pieces):
            raise InvalidPuzzle(f"{where}: pieces are numbered from 1 to {places}, got {pieces}")
        _check_twists(orientations, places, turns, where, "orientations")
        lines += _block(set_name, pieces, orientations, turns)
    lines.append("End")
    if not isinstance(moves, Mapping):
        raise TypeError(f"moves must map move names to moves, got {type(moves).__name__}")
    if not moves:
        raise InvalidPuzzle("a puzzle needs at least one move")
    for move, parts in moves.items():
        lines += ["", f"Move {_word(move, 'a move name')}"]
        if not isinstance(parts, Mapping):
            raise TypeError(f"move {move} must map set names to places, got {type(parts).__name__}")
        for set_name, value in parts.items():
            places, turns = _shape_of(shapes, set_name, f"move {move}")
            where = f"move {move}: set {set_name}"
            source, twists = _numbers_and_turns(value, where)
            _check_length(source, places, where, "places")
            if sorted(source) != list(range(1, places + 1)):
                raise InvalidPuzzle(
                    f"{where}: the places taken from must be 1 to {places}, each once, got {source}"
                )
            _check_twists(twists, places, turns, where, "twists")
            lines += _block(set_name, source, twists, turns)
        lines.append("End")
    return load("\n".join(lines) + "\n", table_entries=table_entries, metric=metric)


def _word(name: object, what: str) -> str:
    """``name`` if it is a word a description may use as a name."""
    if not isinstance(name, str):
        raise TypeError(f"{what} must be a string, got {name!r}")
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name) or name in _KEYWORDS:
        raise InvalidPuzzle(
            f"{what} {name!r} is not a name: a word of letters, digits and _, "
            "a letter first, and none of the format's keywords"
        )
    return name


def _shapes(sets: object) -> dict[str, tuple[int, int]]:
    """Each set's ``(places, orientations)``, checked."""
    if not isinstance(sets, Mapping):
        raise TypeError(
            f"sets must map set names to (places, orientations), got {type(sets).__name__}"
        )
    if not sets:
        raise InvalidPuzzle("a puzzle needs at least one set")
    shapes = {}
    for set_name, shape in sets.items():
        _word(set_name, "a set name")
        if not (isinstance(shape, (tuple, list)) and len(shape) == 2):
            raise TypeError(f"set {set_name} must be (places, orientations), got {shape!r}")
        places, turns = (
            _integer(value, f"set {set_name}'s {what}")
            for value, what in zip(shape, ("places", "orientations"), strict=True)
        )
        if places < 1 or turns < 1:
            raise InvalidPuzzle(
                f"set {set_name} needs at least one place and one orientation, got {shape}"
            )
        shapes[set_name] = (places, turns)
    return shapes


def _shape_of(shapes: dict[str, tuple[int, int]], set_name: object, where: str) -> tuple[int, int]:
    """The ``(places, orientations)`` of the set a solved state or a move names."""
    if not isinstance(set_name, str):
        raise TypeError(f"{where}: a set name must be a string, got {set_name!r}")
    if set_name not in shapes:
        raise InvalidPuzzle(f"{where}: no set {set_name!r}; the sets are {', '.join(shapes)}")
    return shapes[set_name]


def _integer(value: object, what: str) -> int:
    """``value`` as an int (numpy's too, not a bool); TypeError naming ``what``."""
    try:
        return exact_int(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, got {value!r}") from None


def _integers(values: object, what: str) -> list[int]:
    """A sequence of integers, each checked."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{what} must be a sequence of integers, got {values!r}")
    return [_integer(value, what) for value in values]


def _numbers_and_turns(value: object, where: str) -> tuple[list[int], list[int] | None]:
    """A set's numbers, alone or as a pair with its twists or orientations."""
    if isinstance(value, tuple) and len(value) == 2 and int_or_none(value[0]) is None:
        return _integers(value[0], where), _integers(value[1], where)
    return _integers(value, where), None


def _check_length(numbers: list[int], places: int, where: str, what: str) -> None:
    if len(numbers) != places:
        raise InvalidPuzzle(f"{where} has {places} places, got {len(numbers)} {what}")


def _check_twists(twists: list[int] | None, places: int, turns: int, where: str, what: str) -> None:
    if twists is None:
        return
    _check_length(twists, places, where, what)
    if not all(0 <= twist < turns for twist in twists):
        raise InvalidPuzzle(f"{where}: {what} are from 0 to {turns - 1}, got {twists}")


def _block(set_name: str, numbers: list[int], twists: list[int] | None, turns: int) -> list[str]:
    """A set's lines in a block: its name, its numbers, and its twists
    where its pieces turn and any is given."""
    lines = [set_name, " ".join(map(str, numbers))]
    if turns > 1 and twists is not None:
        lines.append(" ".join(map(str, twists)))
    return lines
