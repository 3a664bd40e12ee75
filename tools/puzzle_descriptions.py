"""Writes the descriptions of ``python/idastar/data/puzzles/`` that are not
cubes (tools/cube_descriptions.py writes those): the Pyraminx and the Skewb
from models of their solids, turns as rotations of the pieces' coordinates;
TopSpin and pancake sorting as reversals of a row; the Rotation Game from
its board.

The files are in the ksolve format that ``idastar.permutation`` reads:
place ``i`` takes the piece of place ``p[i]``, turned by the twist written
under that source place. A piece's orientation is where its first sticker
lies among its place's sticker directions, listed so that every rotation
maps one place's list onto another's as a cyclic shift: a turn then adds
the same twist to every orientation of a piece it moves.

    python tools/puzzle_descriptions.py
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from pathlib import Path

Vector = tuple[int, int, int]
#: A move of one set: the place each place takes its piece from (from 0),
#: and the twist of the piece that leaves each place.
SetMove = tuple[list[int], list[int]]


def dot(a: Vector, b: Vector) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def det(a: Vector, b: Vector, c: Vector) -> int:
    return dot(a, cross(b, c))


def third_clockwise(axis: Vector, v: Vector) -> Vector:
    """``v`` turned a third of a turn clockwise, as seen from the tip of
    ``axis`` (a vector of three ones and minus ones, a cube's diagonal)."""
    # Rodrigues' formula for -120 degrees about a = axis / sqrt(3):
    # 2 R v = (a . v) axis - v - axis x v, on integer points an even vector.
    along, across = dot(axis, v), cross(axis, v)
    doubled = tuple(along * a - x - c for a, x, c in zip(axis, v, across, strict=True))
    assert all(d % 2 == 0 for d in doubled), (axis, v)
    return (doubled[0] // 2, doubled[1] // 2, doubled[2] // 2)


def right_handed(found: list[Vector]) -> list[Vector]:
    """Three directions ordered so that they turn the right-handed way
    (two are left as they are): any rotation maps one such list onto
    another as a cyclic shift."""
    if len(found) == 3 and det(*found) < 0:
        found[1], found[2] = found[2], found[1]
    return found


def solid_moves(
    places: dict[str, list[Vector]],
    faces_at: Callable[[Vector], list[Vector]],
    axes: dict[str, Vector],
) -> dict[str, dict[str, SetMove]]:
    """Each axis's move: a third of a turn clockwise of the pieces on the
    axis's side (a positive dot product), as seen from the axis's tip.

    ``places`` lists each set's places (points of the solid), ``faces_at``
    a place's sticker directions, the reference one first.
    """
    stickers = {
        name: {point: faces_at(point) for point in points} for name, points in places.items()
    }
    moves: dict[str, dict[str, SetMove]] = {}
    for move, axis in axes.items():
        moves[move] = {}
        for set_name, points in places.items():
            index = {point: i for i, point in enumerate(points)}
            source = list(range(len(points)))
            twist = [0] * len(points)
            for j, point in enumerate(points):
                if dot(point, axis) <= 0:
                    continue
                there = third_clockwise(axis, point)
                source[index[there]] = j
                # Where the reference sticker of place j lands among the destination's.
                turned = third_clockwise(axis, stickers[set_name][point][0])
                twist[j] = stickers[set_name][there].index(turned)
            moves[move][set_name] = (source, twist)
    return moves


def describe(
    name: str,
    notes: Sequence[str],
    sets: Sequence[tuple[str, int, int]],
    solved: dict[str, list[int]],
    moves: dict[str, dict[str, SetMove]],
) -> str:
    """The ksolve text: a header, the notes as comments, the sets, the
    solved state (pieces numbered from 1) and the moves. Orientations are
    written only for sets whose pieces turn."""
    lines = [f"# {name}: written by tools/puzzle_descriptions.py"]
    lines += [f"# {note}" if note else "#" for note in notes]
    lines += [f"Name {name}", ""]
    lines += [f"Set {set_name} {places} {orientations}" for set_name, places, orientations in sets]
    turning = {set_name: orientations > 1 for set_name, _, orientations in sets}
    lines += ["", "Solved"]
    for set_name, places, _ in sets:
        lines += [set_name, " ".join(map(str, solved[set_name]))]
        if turning[set_name]:
            lines.append(" ".join("0" for _ in range(places)))
    lines.append("End")
    for move, by_set in moves.items():
        lines += ["", f"Move {move}"]
        for set_name, _, _ in sets:
            source, twist = by_set[set_name]
            lines += [set_name, " ".join(str(s + 1) for s in source)]
            if turning[set_name]:
                lines.append(" ".join(map(str, twist)))
        lines.append("End")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# The Pyraminx: a regular tetrahedron whose vertices are four corners of
# the cube [-1, 1]^3. The face opposite vertex w has outward normal -w.

#: Each vertex, by the move that turns the layer around it.
TETRAHEDRON: dict[str, Vector] = {
    "U": (1, 1, 1),
    "L": (-1, -1, 1),
    "R": (1, -1, -1),
    "B": (-1, 1, -1),
}


def pyraminx() -> str:
    vertices = list(TETRAHEDRON.values())
    # The axial pieces sit at the vertices, the edges at the midpoints of
    # two vertices (doubled, to stay integers): a layer holds its vertex's
    # axial piece and the three edges that touch the vertex.
    axials = vertices
    edges = [
        (a[0] + b[0], a[1] + b[1], a[2] + b[2]) for a, b in itertools.combinations(vertices, 2)
    ]

    def faces_at(point: Vector) -> list[Vector]:
        """The outward normals of the faces a piece shows: those of the
        faces opposite the vertices the piece is not on."""
        return right_handed(sorted((-w[0], -w[1], -w[2]) for w in vertices if dot(point, w) < 0))

    places = {"CORNER": axials, "EDGE": edges}
    return describe(
        "pyraminx",
        [
            "The Pyraminx without its tips: a tip turns alone and is solved by",
            "one move or none, so it is left out. CORNER is the four axial",
            "pieces (the three-coloured centre pieces under the tips), which",
            "only turn in place; EDGE the six edges. U L R B turn a layer (its",
            "axial piece and its three edges) a third of a turn clockwise as",
            "seen from its vertex. Positions: 933,120; God's number 11.",
        ],
        [("CORNER", 4, 3), ("EDGE", 6, 2)],
        {"CORNER": [1, 2, 3, 4], "EDGE": [1, 2, 3, 4, 5, 6]},
        solid_moves(places, faces_at, TETRAHEDRON),
    )


# ---------------------------------------------------------------------------
# The Skewb: the cube [-1, 1]^3, corners at its corners, centres at the
# middles of its faces; a move turns the half on one side of the plane
# through the centre perpendicular to a diagonal.

#: The corner the moves leave in place.
FIXED_CORNER: Vector = (1, 1, 1)  # UFR (x right, y up, z front)
#: Each move, WCA's fixed-corner notation, and the corner it turns about.
SKEWB_AXES: dict[str, Vector] = {
    "R": (1, -1, -1),  # DRB
    "U": (-1, 1, -1),  # UBL
    "L": (-1, -1, 1),  # DLF
    "B": (-1, -1, -1),  # DBL
}


def skewb() -> str:
    corners: list[Vector] = [
        (x, y, z) for x, y, z in itertools.product((-1, 1), repeat=3) if (x, y, z) != FIXED_CORNER
    ]
    centres: list[Vector] = [(0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1), (1, 0, 0), (-1, 0, 0)]
    assert all(dot(axis, FIXED_CORNER) < 0 for axis in SKEWB_AXES.values())

    def faces_at(point: Vector) -> list[Vector]:
        """The outward normals of the faces a piece shows, up or down first."""
        axes = [i for i in (1, 2, 0) if point[i] != 0]
        return right_handed(
            [(point[0] * (i == 0), point[1] * (i == 1), point[2] * (i == 2)) for i in axes]
        )

    places: dict[str, list[Vector]] = {"CORNER": corners, "CENTRE": centres}
    return describe(
        "skewb",
        [
            "The Skewb in WCA's fixed-corner notation: the corner UFR never",
            "moves and is left out. CORNER is the seven other corners, CENTRE",
            "the six face centres (U D F B R L), whose orientation cannot be",
            "seen. R U L B turn the half of the cube around corner DRB, UBL,",
            "DLF and DBL a third of a turn clockwise as seen from that corner.",
            "Positions: 3,149,280; God's number 11.",
        ],
        [("CORNER", 7, 3), ("CENTRE", 6, 1)],
        {"CORNER": list(range(1, 8)), "CENTRE": list(range(1, 7))},
        solid_moves(places, faces_at, SKEWB_AXES),
    )


# ---------------------------------------------------------------------------
# Reversals of a row: TopSpin on its circle, pancakes on their plate.


def reversal(size: int, start: int, length: int) -> list[int]:
    """The places a move reversing ``length`` places from ``start`` (round
    the end of the row, which is a circle) takes each place's token from."""
    source = list(range(size))
    span = [(start + k) % size for k in range(length)]
    for place, taken in zip(span, reversed(span), strict=True):
        source[place] = taken
    return source


def topspin(tokens: int, turnstile: int) -> str:
    name = f"topspin-{tokens}-{turnstile}"
    return describe(
        name,
        [
            f"({tokens},{turnstile})-TopSpin as heuristic search uses it: {tokens} tokens",
            f"on a circle, and move Ri reverses the {turnstile} tokens from place i on",
            "(round the circle). Every move is an even permutation, so half of",
            f"the {tokens}! orders can be reached.",
        ],
        [("TOKEN", tokens, 1)],
        {"TOKEN": list(range(1, tokens + 1))},
        {
            f"R{i + 1}": {"TOKEN": (reversal(tokens, i, turnstile), [0] * tokens)}
            for i in range(tokens)
        },
    )


def pancakes(count: int) -> str:
    name = f"pancakes-{count}"
    return describe(
        name,
        [
            f"Pancake sorting on {count} pancakes, top first: move Fk flips the top",
            "k pancakes (as idastar.pancake's flip k).",
        ],
        [("STACK", count, 1)],
        {"STACK": list(range(1, count + 1))},
        {f"F{k}": {"STACK": (reversal(count, 0, k), [0] * count)} for k in range(2, count + 1)},
    )


# ---------------------------------------------------------------------------
# The Rotation Game: the 24 squares of a # on a 7 x 7 grid, two rows and
# two columns of seven, numbered row by row as idastar.rotation numbers them.

#: The board's squares as (row, column), in idastar.rotation's order.
SQUARES: list[tuple[int, int]] = [
    (row, column) for row in range(7) for column in range(7) if row in (2, 4) or column in (2, 4)
]
#: Each move as a line and a step: every square of the line takes the
#: number of its neighbour one step back, the last the first's.
ROTATIONS: dict[str, tuple[str, int, int]] = {
    "A": ("column", 2, +1),  # the left column up: a square takes the number below it
    "B": ("column", 4, +1),  # the right column up
    "C": ("row", 2, -1),  # the upper row right: a square takes the number on its left
    "D": ("row", 4, -1),  # the lower row right
}


def rotation() -> str:
    index = {square: i for i, square in enumerate(SQUARES)}
    moves: dict[str, dict[str, SetMove]] = {}
    for move, (kind, line, step) in ROTATIONS.items():
        source = list(range(len(SQUARES)))
        for k in range(7):
            taken = (k + step) % 7
            if kind == "column":
                source[index[k, line]] = index[taken, line]
            else:
                source[index[line, k]] = index[line, taken]
        moves[move] = {"SQUARE": (source, [0] * len(SQUARES))}
    centre = {(row, column) for row in (2, 3, 4) for column in (2, 3, 4)} - {(3, 3)}
    return describe(
        "rotation",
        [
            'The Rotation Game, to load with metric="qtm": SQUARE is its 24',
            "squares in idastar.rotation's order, the eight centre squares",
            "holding piece 1 and the others piece 2. A B C D are its moves of",
            "those names; their inverses are its other four: A' is F, B' is E,",
            "C' is H, D' is G. A board takes as many moves as the least, over",
            "its three numbers, of this puzzle's distance with that number as",
            "piece 1 and the other two as piece 2.",
        ],
        [("SQUARE", len(SQUARES), 1)],
        {"SQUARE": [1 if square in centre else 2 for square in SQUARES]},
        moves,
    )


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "python" / "idastar" / "data" / "puzzles"
    for name, text in (
        ("pyraminx", pyraminx()),
        ("skewb", skewb()),
        ("topspin-12-4", topspin(12, 4)),
        ("pancakes-10", pancakes(10)),
        ("rotation", rotation()),
    ):
        (out / f"{name}.tws").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
