"""Permutation puzzles from a description, read from their definitions.

The ksolve format: ``Name``, ``Set NAME places orientations``, a
``Solved`` block (each set's name, the piece at each place from 1, then
optionally their orientations), ``Move NAME`` blocks (each set's name,
the place each place takes its piece from, then optionally the twist of
the piece that leaves each place), ``End`` closing a block, ``#``
comments; ``MoveSequence NAME A B' C2`` a move made of others in turn
(each repeated, ``C2``, or undone, ``B'``; defined anywhere). A move's
powers are the move repeated (``U2``, and ``U'`` for the power that undoes
it, the shorter way round); the quarter-turn metric keeps only the move
and its inverse.

A position is a tuple: each set's pieces then their orientations, set
after set, as :mod:`idastar.permutation` writes them. Slow and plain: for
cross-checking the core on small puzzles.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engines import bfs, bfs_layers

Position = tuple[int, ...]


@dataclass
class Described:
    """A description read: its sets, solved position and moves."""

    name: str = "Unnamed"
    #: ``(name, places, orientations)`` of each set.
    sets: list[tuple[str, int, int]] = field(default_factory=list)
    solved: Position = ()
    #: Every move and power by name: the position it maps each position to.
    moves: dict[str, tuple[list[int], list[int]]] = field(default_factory=dict)

    def apply(self, position: Position, move: str) -> Position:
        """``position`` after ``move``: place ``i`` of a set takes the piece
        of place ``source[i]``, turned by ``twist[i]``."""
        source, twist = self.moves[move]
        result: list[int] = []
        at = 0  # where the set starts in a position
        first = 0  # where the set starts among all places
        for _, places, orientations in self.sets:
            pieces = position[at : at + places]
            twists = position[at + places : at + 2 * places]
            local = [source[first + i] - first for i in range(places)]
            result += [pieces[s] for s in local]
            result += [(twists[s] + twist[first + i]) % orientations for i, s in enumerate(local)]
            at, first = at + 2 * places, first + places
        return tuple(result)

    def neighbours(self, position: Position) -> list[tuple[Position, int]]:
        return [(self.apply(position, move), 1) for move in self.moves]

    def distance(self, position: Position, most: int) -> int | None:
        """The fewest moves to the solved position, by breadth-first search
        (None beyond ``most``)."""
        found = bfs(position, self.neighbours, lambda p: p == self.solved, max_cost=most)
        return found.cost

    def distance_distribution(self) -> list[int]:
        """How many positions lie at each distance from the solved one."""
        return bfs_layers(self.solved, self.neighbours)


def read(text: str, metric: str = "htm") -> Described:
    """The description ``text`` (what the core refuses, this does not check),
    each power a move (``"htm"``) or only each move and its inverse (``"qtm"``)."""
    described = Described()
    words = [line.split("#")[0].split() for line in text.splitlines()]
    lines = iter(w for w in words if w)
    generators: dict[str, tuple[list[int], list[int]]] = {}
    sequences: list[list[str]] = []
    for line in lines:
        if line[0] == "MoveSequence":
            sequences.append([w for word in line[1:] for w in word.split(",") if w])
        elif line[0] == "Name":
            described.name = line[1]
        elif line[0] == "Set":
            described.sets.append((line[1], int(line[2]), int(line[3])))
        elif line[0] in ("Solved", "Move"):
            blocks = _block(lines, described.sets)
            if line[0] == "Solved":
                position: list[int] = []
                for name, places, _ in described.sets:
                    pieces, twists = blocks.get(name, (list(range(1, places + 1)), [0] * places))
                    position += pieces + twists
                described.solved = tuple(position)
            else:
                source: list[int] = []
                twist: list[int] = []
                for name, places, _ in described.sets:
                    moved, turned = blocks.get(name, (list(range(1, places + 1)), [0] * places))
                    first = len(source)
                    source += [first + p - 1 for p in moved]
                    # The twist of the piece that leaves place p - 1 lands where it goes.
                    twist += [turned[p - 1] for p in moved]
                generators[line[1]] = (source, twist)
    orientations = [o for _, places, o in described.sets for _ in range(places)]
    while sequences:
        waiting = []
        for name, *moves in sequences:
            made = _made_of(moves, generators, orientations)
            if made is None:
                waiting.append([name, *moves])
            else:
                generators[name] = made
        if len(waiting) == len(sequences):
            raise ValueError(f"MoveSequence {waiting[0][0]} names a move not defined")
        sequences = waiting
    for name, generator in generators.items():
        _add_powers(described, name, generator, metric)
    return described


def _block(
    lines: object, sets: list[tuple[str, int, int]]
) -> dict[str, tuple[list[int], list[int]]]:
    """Each set's two lines of a block, up to its End."""
    blocks: dict[str, tuple[list[int], list[int]]] = {}
    current = None
    for line in lines:  # type: ignore[attr-defined]
        if line == ["End"]:
            return blocks
        if not line[0].isdigit():
            current = line[0]
            size = next(places for name, places, _ in sets if name == current)
            blocks[current] = ([], [0] * size)
        elif not blocks[current][0]:  # type: ignore[index]
            blocks[current] = ([int(w) for w in line], blocks[current][1])  # type: ignore[index]
        else:
            blocks[current] = (blocks[current][0], [int(w) for w in line])  # type: ignore[index]
    return blocks


Generator = tuple[list[int], list[int]]


def _then(first: Generator, second: Generator, orientations: list[int]) -> Generator:
    """``first``, then ``second``, as one move."""
    source, twist = first
    return (
        [source[s] for s in second[0]],
        [(twist[s] + t) % m for s, t, m in zip(second[0], second[1], orientations, strict=True)],
    )


def _made_of(
    moves: list[str], generators: dict[str, Generator], orientations: list[int]
) -> Generator | None:
    """The move ``moves`` make in turn (``U``, ``U2``, ``U'``, ``U2'``), or
    None while one of them is not defined."""
    size = len(orientations)
    identity: Generator = (list(range(size)), [0] * size)
    made = identity
    for word in moves:
        name, undone = (
            (word[:-1], True) if word.endswith("'") and word not in generators else (word, False)
        )
        count = ""
        while name not in generators and name and name[-1].isdigit():
            name, count = name[:-1], name[-1] + count
        if name not in generators:
            return None
        generator = generators[name]
        powers = [identity]  # the move made 0, 1, 2, ... times
        while len(powers) == 1 or powers[-1] != identity:
            powers.append(_then(powers[-1], generator, orientations))
        order = len(powers) - 1
        times = (int(count) if count else 1) % order
        made = _then(made, powers[(order - times) % order if undone else times], orientations)
    return made


def _add_powers(
    described: Described, name: str, generator: tuple[list[int], list[int]], metric: str
) -> None:
    """The move and its powers, named the shorter way round."""
    orientations = [o for _, places, o in described.sets for _ in range(places)]
    identity = (list(range(len(generator[0]))), [0] * len(generator[0]))
    powers = []
    power = generator
    while power != identity:
        powers.append(power)
        source, twist = power
        # power, then the generator once more
        power = (
            [source[s] for s in generator[0]],
            [
                (twist[s] + t) % m
                for s, t, m in zip(generator[0], generator[1], orientations, strict=True)
            ],
        )
    order = len(powers) + 1
    for times, power in enumerate(powers, 1):
        signed = times - order if order - times < times else times
        if metric == "qtm" and abs(signed) != 1:
            continue
        suffix = {1: "", -1: "'"}.get(signed, f"{abs(signed)}" + ("'" if signed < 0 else ""))
        described.moves[name + suffix] = power
