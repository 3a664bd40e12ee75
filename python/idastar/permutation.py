"""Permutation puzzles from a description: pieces that move among places
and may turn in place (Rubik's cubes, the Pyraminx, TopSpin, pancakes).

A description is text in the ksolve format that twsearch reads (``Name``,
``Set NAME places orientations``, a ``Solved`` state, ``Move NAME``
blocks; docs/permutation.md). :func:`load` compiles one in the Rust core
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
from ._puzzle import Puzzle, integers, rng
from ._results import Solution

__all__ = ["DESCRIPTIONS", "Case", "PermutationPuzzle", "load"]

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
        piece's number and orientation, blue where the solved state has it."""
        values = self.checked(case)
        return _picture(values, None, self.fixed).svg(title=f"{self.name} position")

    def distance_distribution(self) -> list[int]:
        """How many positions lie at each distance from the solved one, for a
        puzzle of one set whose positions number at most 2**28."""
        return list(_core.distance_distribution(self.core, None, self.fixed))


@functools.cache
def _loaded(text: str, table_entries: int | None, metric: str | None) -> PermutationPuzzle:
    return PermutationPuzzle(text, table_entries, metric)


def load(
    source: str | os.PathLike[str],
    *,
    table_entries: int | None = None,
    metric: str | None = None,
) -> PermutationPuzzle:
    """The puzzle a description gives: the name of one that ships with
    idastar (:data:`DESCRIPTIONS`), a path to a file, or the text itself.

    ``table_entries`` caps each pattern database (``2**24`` unless given);
    ``metric`` is ``"htm"`` (every power of a move is one move, the default)
    or ``"qtm"`` (only a move and its inverse are; ``U2`` costs two).

    Raises:
        InvalidPuzzle: the description is not one, naming the line; a
            feature of the format not supported is refused by name.
    """
    text = os.fspath(source)
    if text in DESCRIPTIONS:
        text = (resources.files("idastar") / "data" / "puzzles" / f"{text}.tws").read_text(
            encoding="utf-8"
        )
    elif "\n" not in text:
        try:
            with open(text, encoding="utf-8") as file:
                text = file.read()
        except OSError as error:
            raise InvalidPuzzle(
                f"no description {text!r}: {error.strerror}; shipped: {', '.join(DESCRIPTIONS)}"
            ) from None
    return _loaded(text, table_entries, metric)


def _described(options: dict[str, Any]) -> PermutationPuzzle:
    """The puzzle a call's options (a puzzle's ``fixed``) describe."""
    return load(
        options["description"],
        table_entries=options.get("table_entries"),
        metric=options.get("metric"),
    )


def _picture(values: Sequence[int], move: str | None, options: dict[str, Any]) -> _draw.Picture:
    """Each set a row of places, each with its piece's number and, where
    pieces turn, their orientation; the places the next move changes marked."""
    puzzle = _described(options)
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
