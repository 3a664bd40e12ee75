"""The Rubik's Cube, ``idastar.cube`` and ``idastar cube``: its facelet
strings against a model of the 54 stickers written here from their 3-D
coordinates, checked itself against the standard strings; its solutions
replayed, and the short ones against the reference's breadth-first search;
the command's answers, its bad lines and its help."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

import pytest
from conftest import run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar import InvalidPuzzle, _judge, cube, permutation
from idastar.commands import sample_text
from idastar.reference.puzzles import permutation as reference

# --------------------------------------------------------------------------
# A model of the stickers

Vector = tuple[int, int, int]

#: Each face: its outward normal, then the directions of its rows (to the
#: right) and of its columns (down), as a facelet string reads the face
#: from outside: U with B at its top, D with F at its top, the others with
#: U at theirs (x right, y up, z front).
FRAMES: dict[str, tuple[Vector, Vector, Vector]] = {
    "U": ((0, 1, 0), (1, 0, 0), (0, 0, 1)),
    "R": ((1, 0, 0), (0, 0, -1), (0, -1, 0)),
    "F": ((0, 0, 1), (1, 0, 0), (0, -1, 0)),
    "D": ((0, -1, 0), (1, 0, 0), (0, 0, -1)),
    "L": ((-1, 0, 0), (0, 0, 1), (0, -1, 0)),
    "B": ((0, 0, -1), (-1, 0, 0), (0, -1, 0)),
}


def scaled(vector: Vector, by: int) -> Vector:
    return (vector[0] * by, vector[1] * by, vector[2] * by)


def added(*vectors: Vector) -> Vector:
    return (sum(v[0] for v in vectors), sum(v[1] for v in vectors), sum(v[2] for v in vectors))


def dot(a: Vector, b: Vector) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


#: Each sticker as (the point of its cubie, the direction it faces), in
#: the order of a facelet string.
STICKERS: list[tuple[Vector, Vector]] = [
    (added(normal, scaled(right, column - 1), scaled(down, row - 1)), normal)
    for normal, right, down in FRAMES.values()
    for row in range(3)
    for column in range(3)
]


def quarter(face: str, vector: Vector) -> Vector:
    """``vector`` turned a quarter clockwise as one looks at ``face``: in
    the face's frame, what points right comes to point down, what points
    down comes to point left."""
    normal, right, down = FRAMES[face]
    return added(
        scaled(down, dot(vector, right)),
        scaled(right, -dot(vector, down)),
        scaled(normal, dot(vector, normal)),
    )


def turn_of(face: str) -> list[int]:
    """A quarter turn of ``face`` as where each sticker goes: every sticker
    of a cubie in the face's layer turns with it, the others stay."""
    index = {sticker: i for i, sticker in enumerate(STICKERS)}
    normal = FRAMES[face][0]
    return [
        index[(quarter(face, point), quarter(face, facing))] if dot(point, normal) > 0 else i
        for i, (point, facing) in enumerate(STICKERS)
    ]


TURNS = {face: turn_of(face) for face in FRAMES}


def model_facelets(moves: Iterable[str]) -> str:
    """The facelet string of a scramble, turned sticker by sticker."""
    letters = [face for face in FRAMES for _ in range(9)]
    for move in moves:
        quarters = {"": 1, "2": 2, "'": 3}[move[1:]]
        for _ in range(quarters):
            turned = letters[:]
            for source, target in enumerate(TURNS[move[0]]):
                turned[target] = letters[source]
            letters = turned
    return "".join(letters)


AFTER_R = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
AFTER_U = "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB"


def test_the_model_gives_the_standard_strings() -> None:
    assert model_facelets([]) == cube.SOLVED_FACELETS
    assert model_facelets(["R"]) == AFTER_R
    assert model_facelets(["U"]) == AFTER_U
    for face in FRAMES:
        assert model_facelets([face] * 4) == cube.SOLVED_FACELETS
    # R U has order 105, as every account of the cube's group says.
    assert model_facelets(["R", "U"] * 105) == cube.SOLVED_FACELETS
    assert model_facelets(["R", "U"] * 35) != cube.SOLVED_FACELETS


moves = st.lists(st.sampled_from(cube.MOVES), max_size=30)


@settings(max_examples=200, deadline=None)
@given(moves)
def test_a_scramble_s_facelets_are_the_model_s(scramble: list[str]) -> None:
    text = cube.facelets(scramble)
    assert text == model_facelets(scramble)
    assert cube.facelets(" ".join(scramble)) == text
    assert cube.from_facelets(text) == cube.position(scramble) == cube.scramble(scramble)
    assert cube.position(text) == cube.position(scramble)


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, ...]:
    """Any position turns reach: pieces in permutations of one parity, the
    orientations adding up to multiples of 3 and 2."""
    corners = draw(st.permutations(range(1, 9)))
    edges = list(draw(st.permutations(range(1, 13))))
    if inversions(corners) % 2 != inversions(edges) % 2:
        edges[0], edges[1] = edges[1], edges[0]
    twists = draw(st.lists(st.integers(0, 2), min_size=7, max_size=7))
    flips = draw(st.lists(st.integers(0, 1), min_size=11, max_size=11))
    return (*corners, *twists, -sum(twists) % 3, *edges, *flips, sum(flips) % 2)


def inversions(pieces: Iterable[int]) -> int:
    values = list(pieces)
    return sum(a > b for i, a in enumerate(values) for b in values[i + 1 :])


@settings(max_examples=300, deadline=None)
@given(positions())
def test_facelets_and_from_facelets_undo_each_other(position: tuple[int, ...]) -> None:
    text = cube.facelets(position)
    assert sorted(text) == sorted(cube.SOLVED_FACELETS)
    assert cube.from_facelets(text) == position
    assert cube.facelets(cube.from_facelets(text)) == text


def test_a_random_cube_is_a_position() -> None:
    for seed in range(20):
        position = cube.random(seed=seed)
        assert cube.from_facelets(cube.facelets(position)) == position
    assert cube.random(seed=1) == cube.random(seed=1) != cube.random(seed=2)
    scramble = cube.random_scramble(12, seed=3)
    faces = [move[0] for move in scramble.split()]
    assert len(faces) == 12 and all(a != b for a, b in itertools.pairwise(faces))


# --------------------------------------------------------------------------
# Bad cubes, each named


def edited(changes: dict[str, str], text: str = cube.SOLVED_FACELETS) -> str:
    """``text`` with the facelets named (``U9``) holding other letters."""
    letters = list(text)
    for name, letter in changes.items():
        letters[9 * cube.FACES.index(name[0]) + int(name[1]) - 1] = letter
    return "".join(letters)


SOLVED = cube.SOLVED_FACELETS


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SOLVED[:-1], "a facelet string has 54 letters, nine for each face (U R F D L B), got 53"),
        (edited({"R1": "X"}), "facelet R1 (letter 10) is 'X'; the letters are the faces"),
        (edited({"F5": "U"}), "the centre F5 is U"),
        (edited({"U1": "R"}), "each letter comes 9 times, got U 8 times, R 10 times"),
        # The corner's U sticker and the edge UR's R one swapped: an R R F corner.
        (
            edited({"U9": "R", "R2": "U"}),
            "the corner at URF (facelets U9 R1 F3) is RRF: no corner of the cube has those colours",
        ),
        (
            edited({"R1": "F", "F3": "R"}),
            "the corner at URF (facelets U9 R1 F3) is UFR: the colours of the corner URF, "
            "the wrong way round",
        ),
        (edited({"U9": "F", "R1": "U", "F3": "R"}), "a twisted corner"),
        (edited({"U8": "F", "F2": "U"}), "a flipped edge"),
        (edited({"U8": "U", "F2": "R", "U6": "U", "R2": "F"}), "two pieces swapped"),
        # The corner URF at DBL too, the edges UR and DF made DB and DL to
        # keep the counts: one corner twice.
        (
            edited({"D7": "U", "L7": "F", "B9": "R", "U6": "D", "R2": "B", "F8": "L"}),
            "the corner URF comes twice, at DBL and at URF",
        ),
    ],
)
def test_a_bad_facelet_string_is_named(text: str, message: str) -> None:
    with pytest.raises(InvalidPuzzle, match=re.escape(message)):
        cube.from_facelets(text)
    with pytest.raises(InvalidPuzzle, match=re.escape(message)):
        cube.solve(text)


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("R U X", "unknown move 'X' (move 3 of the scramble): a move is a face"),
        (["R", "u"], "unknown move 'u' (move 2 of the scramble)"),
        ("RUR'", 'unknown move "RUR\'"'),
        ("UUUUUU", "a facelet string has 54 letters"),
        (list(cube.SOLVED[:39]), "a position of the cube has 40 numbers"),
        ([2, 1, *cube.SOLVED[2:]], "two pieces swapped: the corners are in an odd permutation"),
        ([*cube.SOLVED[:8], 1, *cube.SOLVED[9:]], "a twisted corner"),
        ([*cube.SOLVED[:28], 1, *cube.SOLVED[29:]], "a flipped edge"),
        ([1] * 40, "the corners must be 1 to 8, each once"),
        ([*cube.SOLVED[:8], 3, *cube.SOLVED[9:]], "the corner at DBL has orientation 3"),
    ],
)
def test_a_bad_case_is_named(case: object, message: str) -> None:
    with pytest.raises(InvalidPuzzle, match=re.escape(message)):
        cube.position(case)  # type: ignore[arg-type]


def test_a_case_is_a_scramble_facelets_or_a_position() -> None:
    position = cube.position("R U2 F'")
    assert cube.position(["R", "U2", "F'"]) == cube.position("R\u2019 R2 U2 F'") == position
    assert cube.position("R U2' F'") == position  # U2' is U2
    assert cube.position(position) == cube.position(list(position)) == position
    assert cube.position("") == cube.position([]) == cube.SOLVED
    assert cube.is_solved(cube.SOLVED_FACELETS) and not cube.is_solved("R")
    assert cube.apply("R U2", "F'") == position
    assert cube.replay("F R", "R' F'") == cube.SOLVED
    assert cube.CORNERS[-1] == "URF" and cube.EDGES[-1] == "UR"


# --------------------------------------------------------------------------
# Solving


@pytest.mark.parametrize("seed", range(4))
def test_a_scramble_is_solved_in_no_more_moves_and_its_path_replays(seed: int) -> None:
    scramble = cube.random_scramble(5 + seed, seed=seed)
    solution = cube.solve(scramble)
    assert solution.cost is not None and solution.cost <= 5 + seed
    assert solution.cost == len(solution.path)
    assert cube.is_solved(cube.replay(scramble, solution.path))
    puzzle = cube.load()
    assert puzzle.is_solved(puzzle.replay(cube.position(scramble), solution.path))
    assert cube.solve(cube.facelets(scramble)).path == solution.path


@settings(max_examples=6, deadline=None)
@given(st.lists(st.sampled_from(cube.MOVES), max_size=4))
def test_a_short_scramble_costs_what_breadth_first_search_finds(scramble: list[str]) -> None:
    described = reference.read(cube.load().text)
    position = cube.position(scramble)
    assert cube.distance(scramble) == described.distance(position, len(scramble))


def test_the_quarter_turn_metric_counts_a_half_turn_as_two() -> None:
    assert cube.solve("U2", metric="qtm").cost == 2
    assert cube.solve("U2").cost == 1
    solution = cube.solve("F2 U' R", metric="qtm")
    assert solution.cost == 4 and all(move[1:] in ("", "'") for move in solution.path)
    assert cube.is_solved(cube.replay("F2 U' R", solution.path))
    with pytest.raises(ValueError, match="metric"):
        cube.load("ftm")


def test_a_batch_is_solved_in_order_and_a_bad_case_named() -> None:
    cases = ["R U", AFTER_R, cube.position("F2")]
    assert [s.cost for s in cube.solve_many(cases)] == [2, 1, 1]
    assert list(cube.solve_many(cases, arrays=True).costs) == [2, 1, 1]
    with pytest.raises(InvalidPuzzle, match=r"^cases\[1\]: unknown move 'X'"):
        cube.solve_many(["R", "X"])


# --------------------------------------------------------------------------
# The cube's own search


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(cube.MOVES), max_size=9))
def test_the_cube_engine_costs_what_the_generic_engine_finds(scramble: list[str]) -> None:
    own = cube.solve(scramble)
    assert own.cost is not None and own.cost == len(own.path) <= len(scramble)
    assert cube.is_solved(cube.replay(scramble, own.path))
    assert own.cost == cube.solve(scramble, engine="ida").cost


@pytest.mark.parametrize("seed", range(3))
def test_two_threads_find_the_one_thread_answer(seed: int) -> None:
    scramble = cube.random_scramble(14, seed=seed)
    alone = cube.solve(scramble)
    assert cube.solve(scramble, threads=2).path == alone.path
    assert cube.is_solved(cube.replay(scramble, alone.path))


def test_the_cube_engine_stops_at_its_limits() -> None:
    hard = cube.random(seed=1)  # 17 moves from solved: minutes with the small table
    solution = cube.solve(hard, time_limit=0.3)
    assert solution.outcome == "time_limit" and solution.path == ()
    assert solution.stats.elapsed < 2
    assert cube.solve(hard, node_limit=1000).outcome == "node_limit"
    assert cube.solve("R U F D", max_moves=3).outcome == "no_solution"


def test_the_cube_engine_s_options_are_refused_where_they_do_not_apply() -> None:
    with pytest.raises(ValueError, match=r"^cube_table: only the cube engine"):
        cube.solve("R U", engine="ida", cube_table="large")
    with pytest.raises(ValueError, match=r"^cube_table: .*small.*large|^cube_table"):
        cube.solve("R U", cube_table="huge")
    with pytest.raises(ValueError, match=r"^metric: the cube engine searches the half-turn metric"):
        cube.solve("R U", metric="qtm", engine="cube")
    other = permutation.load("2x2x2")
    with pytest.raises(ValueError, match=r"^engine: the cube engine solves the 3x3x3 only"):
        other.solve(other.random(seed=1), engine="cube")
    # A trace asks for an engine that records one: the generic IDA*.
    assert cube.solve("R U", trace=True).trace is not None
    with pytest.raises(ValueError, match="cube"):
        cube.solve("R U", engine="cube", trace=True)


def test_a_cube_no_turns_reach_is_refused_by_the_cube_engine() -> None:
    puzzle = cube.load()
    swapped = list(cube.SOLVED)
    swapped[20], swapped[21] = swapped[21], swapped[20]  # two edges
    with pytest.raises(InvalidPuzzle, match="two pieces are swapped"):
        puzzle.solve(swapped, engine="cube")


_FIRST_BUILD = """
import sys
from idastar import cube, permutation

puzzle = permutation.load("3x3x3", table_entries=1)  # no generic tables to speak of
scramble = cube.position("R U F' D2 L")
if sys.argv[1] == "build":
    print(puzzle.solve(scramble, engine="cube", time_limit=0.2).outcome)
layers = []
solution = puzzle.solve(scramble, engine="cube", progress=lambda *told: layers.append(told))
print(solution.cost, " ".join(solution.path))
print(sorted({told[:2] for told in layers}), max((told[2] for told in layers), default=0))
"""


def test_the_tables_first_build_is_told_honours_its_time_limit_and_is_kept(
    tmp_path: Path,
) -> None:
    environment = {**os.environ, "IDASTAR_CACHE_DIR": str(tmp_path)}

    def run(phase: str) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-c", _FIRST_BUILD, phase],
            env=environment,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        return done.stdout.splitlines()

    # Stopped by the time limit, then built whole with every layer told:
    # the corners (task 0) to depth 11, the edges (task 1) to 12.
    assert run("build") == ["time_limit", "5 L' D2 F U' R'", "[(0, 2), (1, 2)] 12"]
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("cube-")) == [
        "cube-corners-v1.bin",
        "cube-edges-small-v1.bin",
    ]
    # Read from the cache directory: no build to tell of.
    assert run("read") == ["5 L' D2 F U' R'", "[] 0"]


# --------------------------------------------------------------------------
# Pictures

SVG = "{http://www.w3.org/2000/svg}"


def stickers(svg: str) -> list[tuple[str, str]]:
    """Each sticker of a net as (its fill, its letter)."""
    root = ET.fromstring(svg)
    found, fill = [], ""
    for element in root.iter():
        if element.tag == f"{SVG}rect":
            fill = element.get("fill", "")
        elif element.tag == f"{SVG}text" and element.text in cube.FACES:
            found.append((fill, element.text))
    return found


def test_the_net_shows_every_sticker_in_its_colour() -> None:
    drawn = stickers(cube.draw(AFTER_R))
    assert len(drawn) == 54
    assert all(fill == cube.COLOURS[letter] for fill, letter in drawn)
    assert sorted(letter for _, letter in drawn) == sorted(AFTER_R)
    assert set(cube.COLOURS.values()) == {
        "#FFFFFF",  # white
        "#B71234",  # red
        "#009B48",  # green
        "#FFD500",  # yellow
        "#FF5800",  # orange
        "#0046AD",  # blue
    }


def test_a_solution_is_drawn_as_nets() -> None:
    solution = cube.solve("R U")
    strip = solution.svg()
    assert len(stickers(strip)) == 54 * 3  # the start and after each move
    assert 'data-goal="true"' in solution.to_html()


# --------------------------------------------------------------------------
# The command line

LINES = (
    "# a comment, then a blank line\n"
    "\n"
    "R U R' U'\r\n"
    f"  {AFTER_R}   # R's facelets\n"
    "U2 D'\n"
    f"{cube.SOLVED_FACELETS}\n"
)


def test_the_command_answers_each_line() -> None:
    assert run_main("cube", stdin=LINES) == (0, "U R U' R' (4)\nR' (1)\nU2 D (2)\n(0)\n", "")


def test_the_command_answers_its_sample() -> None:
    status, out, err = run_main("cube", "@cube")
    assert (status, out, err) == (0, sample_text("cube", "out"), "")


@pytest.mark.parametrize("block_size", [1, 3, 7])
def test_the_lines_are_the_same_at_any_block_size(
    block_size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_judge, "BLOCK_SIZE", block_size)
    assert run_main("cube", stdin=LINES.encode())[1] == "U R U' R' (4)\nR' (1)\nU2 D (2)\n(0)\n"


def test_a_bad_line_ends_the_run_after_the_answers_before_it() -> None:
    text = "R U\n# a comment\nF\nR X\nU\n"
    status, out, err = run_main("cube", stdin=text)
    assert (status, out) == (2, "U' R' (2)\nF' (1)\n")
    assert err == (
        "idastar cube: <stdin>: case 3, line 4: unknown move 'X' (move 2 of the scramble): "
        "a move is a face (U R F D L B) alone for a quarter turn clockwise, with 2 for a "
        "half turn, or with ' for a quarter turn anticlockwise\n"
    )
    twisted = edited({"U9": "F", "R1": "U", "F3": "R"})
    status, out, err = run_main("cube", stdin=f"R\n\n{twisted}\n")
    assert (status, out) == (2, "R' (1)\n")
    assert err.startswith("idastar cube: <stdin>: case 2, line 3: a twisted corner")
    assert err.count("\n") == 1


def test_the_quarter_turn_metric_writes_a_half_turn_and_counts_two() -> None:
    assert run_main("cube", "--metric", "qtm", stdin="U2\nF2 U2\n")[1] == "U2 (2)\nU2 F2 (4)\n"


def test_json_gives_the_case_its_facelets_and_the_solution() -> None:
    status, out, _ = run_main("cube", "--json", stdin="R U  # two\n")
    record = json.loads(out)
    assert status == 0
    assert record["case"] == 1 and record["given"] == "R U"
    assert record["facelets"] == cube.facelets("R U") and record["answer"] == "U' R' (2)"
    assert record["cost"] == 2 and record["path"] == ["U'", "R'"]


def test_the_help_teaches_the_cases() -> None:
    status, out, _ = run_main("cube", "--help")
    assert status == 0
    for words in ("Singmaster", "Kociemba", "U R F D L B", "--metric {htm,qtm}", "example:"):
        assert words in out, words
    status, out, _ = run_main("--help")
    assert status == 0 and "@cube" in out and re.search(r"^  cube ", out, re.M)


def test_the_demo_solves_the_sample() -> None:
    status, out, _ = run_main("demo", "cube")
    assert status == 0 and "MISMATCH" not in out
    assert out.count("(expected ") == len(sample_text("cube", "out").splitlines())


def test_a_scramble_reader_takes_typeset_primes() -> None:
    stream = io.BytesIO("R\u2019 U\u2032\n".encode())
    assert _judge.Tokens(stream).next_line() == "R\u2019 U\u2032".encode()
    assert run_main("cube", stdin="R\u2019 U\u2032\n".encode())[1] == "U R (2)\n"
