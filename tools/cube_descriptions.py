"""Writes the cube descriptions in ``python/idastar/data/puzzles/`` from a
model of the cube: cubies at integer points, a face turn a quarter turn of
the cubies on that face, clockwise as one looks at the face.

A piece's orientation is where its first sticker lies among its place's
directions, listed with the up-or-down one first (for edges of the middle
layer, the front-or-back one) and the rest in the order that keeps every
list's handedness, so that a turn adds the same twist to every
orientation of a piece it moves. The files are in the ksolve format that
``idastar.permutation`` reads: place ``i`` takes the piece of place
``p[i]``, turned by the twist written under that source place.

    python tools/cube_descriptions.py
"""

from __future__ import annotations

import itertools
from pathlib import Path

Vector = tuple[int, int, int]

#: Each face: its outward normal (x right, y up, z front).
FACES: dict[str, Vector] = {
    "U": (0, 1, 0),
    "D": (0, -1, 0),
    "F": (0, 0, 1),
    "B": (0, 0, -1),
    "R": (1, 0, 0),
    "L": (-1, 0, 0),
}


def clockwise(axis: Vector, v: Vector) -> Vector:
    """``v`` turned a quarter clockwise as seen from the tip of ``axis``."""
    x, y, z = v
    ax, ay, az = axis
    # A clockwise quarter turn about a unit axis a is -90 degrees:
    # v -> (v . a) a + v x a.
    along = x * ax + y * ay + z * az
    return (
        along * ax + y * az - z * ay,
        along * ay + z * ax - x * az,
        along * az + x * ay - y * ax,
    )


def det(a: Vector, b: Vector, c: Vector) -> int:
    return (
        a[0] * (b[1] * c[2] - b[2] * c[1])
        - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0])
    )


def directions(place: Vector) -> list[Vector]:
    """The place's sticker directions, the reference one first."""
    axes = [i for i in (1, 2, 0) if place[i] != 0]  # y first, then z, then x
    found = [tuple(place[i] if j == i else 0 for j in range(3)) for i in axes]
    if len(found) == 3 and det(*found) < 0:
        found[1], found[2] = found[2], found[1]
    return found  # type: ignore[return-value]


def describe(name: str, sets: dict[str, list[Vector]]) -> str:
    lines = [f"# {name}: written by tools/cube_descriptions.py", f"Name {name}", ""]
    for set_name, places in sets.items():
        lines.append(f"Set {set_name} {len(places)} {len(directions(places[0]))}")
    lines += ["", "Solved"]
    for set_name, places in sets.items():
        lines += [set_name, " ".join(str(i + 1) for i in range(len(places)))]
        lines.append(" ".join("0" for _ in places))
    lines.append("End")
    for face, normal in FACES.items():
        lines += ["", f"Move {face}"]
        for set_name, places in sets.items():
            index = {place: i for i, place in enumerate(places)}
            source = [0] * len(places)
            twist = [0] * len(places)
            for j, place in enumerate(places):
                if sum(a * b for a, b in zip(place, normal, strict=True)) <= 0:
                    source[j] = j
                    continue
                there = clockwise(normal, place)
                d = index[there]
                source[d] = j
                # Where the reference direction of place j lands among place d's.
                twist[j] = directions(there).index(clockwise(normal, directions(place)[0]))
            lines += [set_name, " ".join(str(s + 1) for s in source), " ".join(map(str, twist))]
        lines.append("End")
    return "\n".join(lines) + "\n"


#: The corner and edge cubies' places.
CORNERS: list[Vector] = list(itertools.product((-1, 1), repeat=3))
EDGES: list[Vector] = [
    p for p in itertools.product((-1, 0, 1), repeat=3) if sorted(map(abs, p)) == [0, 1, 1]
]


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "python" / "idastar" / "data" / "puzzles"
    (out / "2x2x2.tws").write_text(describe("2x2x2", {"CORNER": CORNERS}))
    (out / "3x3x3.tws").write_text(describe("3x3x3", {"CORNER": CORNERS, "EDGE": EDGES}))


if __name__ == "__main__":
    main()
