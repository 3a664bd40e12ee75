"""Permutation puzzles from a description: the shipped cubes, pancakes as a
description against idastar.pancake, and the core against the pure-Python
reference reader."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar import InvalidPuzzle, pancake, permutation
from idastar.reference.puzzles import permutation as reference


def pancakes(n: int) -> str:
    """Pancake sorting on ``n`` pancakes as a description: flip k reverses the top k."""
    lines = [
        f"Name Pancakes{n}",
        f"Set STACK {n} 1",
        "Solved",
        "STACK",
        " ".join(map(str, range(1, n + 1))),
        "End",
    ]
    for k in range(2, n + 1):
        flipped = [k + 1 - i if i <= k else i for i in range(1, n + 1)]
        lines += [f"Move F{k}", "STACK", " ".join(map(str, flipped)), "End"]
    return "\n".join(lines) + "\n"


CUBE = permutation.load("2x2x2")


def test_the_shipped_descriptions_load() -> None:
    assert {"2x2x2", "3x3x3"} <= set(permutation.DESCRIPTIONS)
    cube = permutation.load("3x3x3")
    assert cube.moves[:3] == ("U", "U2", "U'") and len(cube.moves) == 18
    # Korf's tables: the corners whole, the edges in two groups of six
    # with their orientations; and every orientation together.
    assert cube.tables == (
        ("CORNER: pieces and orientations", 88_179_840),
        ("EDGE: pieces 1 2 3 4 5 6 with their orientations", 665_280 * 64),
        ("EDGE: pieces 7 8 9 10 11 12 with their orientations", 665_280 * 64),
        ("CORNER: orientations x EDGE: orientations", 2_187 * 2_048),
    )
    assert permutation.load("3x3x3") is cube


def test_tables_are_kept_in_the_cache_directory(pattern_cache: Path) -> None:
    permutation.load("2x2x2")
    stored = list(pattern_cache.glob("permutation-*.bin"))
    assert any(path.stat().st_size > 88_179_840 for path in stored)


def test_the_core_reads_a_description_as_the_reference_does() -> None:
    for text in (permutation.load(name).text for name in permutation.DESCRIPTIONS):
        core, described = permutation.load(text), reference.read(text)
        assert core.name == described.name
        assert core.sets == tuple(described.sets)
        assert core.solved == described.solved
        assert set(core.moves) == set(described.moves)


def test_move_sequences_are_their_moves_made_in_turn() -> None:
    """A ``MoveSequence`` (twsearch's, as its samples use it) moves every
    piece as the reference reads it, and as its moves made in turn."""
    text = permutation.load("3x3x3", table_entries=1).text + (
        "MoveSequence SEXY R U R' U'\n"
        "MoveSequence TWICE SEXY2,F\n"
        "MoveSequence LATE TWICE' B3 D2' EARLY\n"
        "MoveSequence EARLY L2\n"
    )
    # Tables of one entry: the moves are what is tested, not the bound.
    core, described = permutation.load(text, table_entries=1), reference.read(text)
    assert set(core.moves) == set(described.moves)
    for move in core.moves:
        assert core.apply(core.solved, move) == described.apply(described.solved, move), move
    assert core.replay(core.solved, ["LATE"]) == core.replay(
        core.solved, "F' U R U' R' U R U' R' B' D2 L2".split()
    )
    assert core.distance("SEXY") == 1 and core.solve("R U R' U'").cost == 1


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(CUBE.moves), max_size=4))
def test_a_2x2x2_scramble_is_solved_optimally(scramble: list[str]) -> None:
    described = reference.read(CUBE.text)
    position = described.solved
    for move in scramble:
        position = described.apply(position, move)
    assert CUBE.scramble(scramble) == position
    solution = CUBE.solve(position)
    assert solution.cost == described.distance(position, len(scramble))
    assert CUBE.is_solved(CUBE.replay(position, solution.path))
    assert CUBE.lower_bound(position) <= solution.cost


@settings(max_examples=20, deadline=None)
@given(st.permutations(list(range(1, 8))))
def test_pancakes_as_a_description_cost_what_idastar_pancake_costs(stack: list[int]) -> None:
    puzzle = permutation.load(pancakes(7))
    position = [*stack, *[0] * 7]
    solution = puzzle.solve(position)
    assert solution.cost == pancake.distance(stack)
    flips = [int(move[1:]) for move in solution.path]
    assert pancake.replay(stack, flips) == tuple(range(1, 8))


QUARTER = permutation.load("2x2x2", metric="qtm")


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(QUARTER.moves), max_size=3))
def test_the_quarter_turn_metric_counts_a_half_turn_as_two(scramble: list[str]) -> None:
    assert QUARTER.moves[:2] == ("U", "U'") and len(QUARTER.moves) == 12
    described = reference.read(QUARTER.text, metric="qtm")
    assert set(QUARTER.moves) == set(described.moves)
    position = QUARTER.scramble(scramble)
    solution = QUARTER.solve(position)
    assert solution.cost == described.distance(position, len(scramble))
    assert solution.cost >= CUBE.solve(position).cost
    assert QUARTER.is_solved(QUARTER.replay(position, solution.path))
    assert QUARTER.solve("U U").cost == 2
    assert pickle.loads(pickle.dumps(QUARTER)).fixed == QUARTER.fixed


def test_a_distance_distribution_is_the_reference_s() -> None:
    puzzle = permutation.load(pancakes(6))
    assert puzzle.distance_distribution() == reference.read(pancakes(6)).distance_distribution()
    assert puzzle.distance_distribution() == pancake.distance_distribution(6)


def test_the_shared_verbs_work_on_a_puzzle_made_at_run_time() -> None:
    cases = [CUBE.random(seed=seed) for seed in range(4)]
    one_by_one = [CUBE.solve(case).cost for case in cases]
    assert [s.cost for s in CUBE.solve_many(cases)] == one_by_one
    assert CUBE.distance("R U2 F'") == 3
    codes = CUBE.pack(cases)
    assert [tuple(row) for row in CUBE.unpack(codes)] == cases
    again = pickle.loads(pickle.dumps(CUBE))
    assert again.solve("R U").path == CUBE.solve("R U").path
    assert CUBE.draw("R U").startswith("<svg")
    assert CUBE.solve("R U").svg().startswith("<svg")


# Small tables, so that reading them more ways bounds more.
READ = {
    name: permutation.load(name, table_entries=2**10)
    for name in ("pyraminx", "skewb", "topspin-12-4")
}
PLAIN = {"dual": False, "symmetry": False}
READINGS = [
    {"dual": True, "symmetry": False},
    {"dual": False, "symmetry": True},
    {"dual": True, "symmetry": True},
]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(READ)), st.lists(st.integers(0, 2**16), max_size=4))
def test_every_reading_of_the_tables_costs_what_the_reference_finds(
    name: str, choices: list[int]
) -> None:
    puzzle = READ[name]
    described = reference.read(puzzle.text)
    scramble = [puzzle.moves[choice % len(puzzle.moves)] for choice in choices]
    position = puzzle.scramble(scramble)
    cost = described.distance(position, len(scramble))
    plain = puzzle.lower_bound(position, **PLAIN)
    assert puzzle.solve(position, **PLAIN).cost == cost
    for reading in READINGS:
        solution = puzzle.solve(position, **reading)
        assert solution.cost == cost, reading
        assert puzzle.is_solved(puzzle.replay(position, solution.path))
        assert plain <= puzzle.lower_bound(position, **reading) <= cost


def test_the_readings_see_more_than_the_tables_alone() -> None:
    # Over scrambles of TopSpin, each reading raises the bound somewhere:
    # one that read nothing new would pass the test above. Both are the
    # default where pieces differ.
    puzzle = READ["topspin-12-4"]
    cases = [puzzle.random(moves=8, seed=seed) for seed in range(40)]
    plain = [puzzle.lower_bound(case, **PLAIN) for case in cases]
    for reading in READINGS:
        bounds = [puzzle.lower_bound(case, **reading) for case in cases]
        assert sum(bounds) > sum(plain), reading
    assert [puzzle.lower_bound(case) for case in cases] == bounds


def test_a_reading_a_description_cannot_have_is_refused_by_name() -> None:
    rotation = permutation.load("rotation")
    board = rotation.random(seed=1)
    for name in ("dual", "symmetry"):
        with pytest.raises(ValueError, match=f"^{name}: rotation has pieces alike"):
            rotation.solve(board, **{name: True})
        with pytest.raises(TypeError, match=name):
            CUBE.solve("R U", **{name: "yes"})
    assert rotation.solve(board, dual=False, symmetry=False).cost == rotation.solve(board).cost


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Name X\nSet S 2 1\nSolved\nS\n1 2\nEnd\nMove A\nS\n2 1\nEnd\nMoveSequence Y A B\n",
            r'line 11: MoveSequence Y: no move "B"',
        ),
        (
            "Name X\nSet S 2 1\nSolved\nS\n1 2\nEnd\nIllegal S 1 2\n",
            r"line 7: Illegal .* is not supported",
        ),
        (
            "Name X\nSet S 2 2\nSolved\nS\n1 2\n? 0\nEnd\n",
            r'line 6: an orientation "\?" .* is not supported',
        ),
        (
            "Name X\nSet S 2 1\nSolved\nS\n1 2\nEnd\nMove M\nS\n1 1\nEnd\n",
            r"line 9: a move must permute set S's places",
        ),
        (
            "Name X\nSet S 65 1\nSolved\nEnd\nMove M\nS\n"
            + " ".join(map(str, [2, 1, *range(3, 66)]))
            + "\nEnd\n",
            r"65 places in all; a puzzle may have at most 64",
        ),
        ("no-such-file.tws", r"no description 'no-such-file.tws'"),
    ],
)
def test_what_is_not_supported_is_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(InvalidPuzzle, match=message):
        permutation.load(text)


def test_bad_positions_and_moves_are_refused() -> None:
    with pytest.raises(InvalidPuzzle, match="has 16 numbers"):
        CUBE.solve([1, 2, 3])
    with pytest.raises(InvalidPuzzle, match="unknown move 'Q'"):
        CUBE.solve("R Q")
    with pytest.raises(InvalidPuzzle, match="orientation 3 at place 1 is out of range 0 to 2"):
        CUBE.solve([*range(1, 9), 3, *[0] * 7])
    with pytest.raises(InvalidPuzzle, match="not those of the solved state"):
        CUBE.solve([1, 1, 3, 4, 5, 6, 7, 8, *[0] * 8])
    with pytest.raises(TypeError, match="unexpected option 'description'"):
        CUBE.solve("R", description="x")
    with pytest.raises(ValueError, match='metric: unknown metric "hqtm"'):
        permutation.load("2x2x2", metric="hqtm")


def test_the_shipped_cubes_are_what_the_model_writes() -> None:
    import runpy
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "tools" / "cube_descriptions.py"
    if not script.exists():
        pytest.skip("the repository's tools are not here (an installed package)")
    model = runpy.run_path(str(script))
    assert permutation.load("2x2x2").text == model["describe"](
        "2x2x2", {"CORNER": model["CORNERS"]}
    )
    assert permutation.load("3x3x3").text == model["describe"](
        "3x3x3", {"CORNER": model["CORNERS"], "EDGE": model["EDGES"]}
    )


def test_a_first_load_tells_its_progress_and_keeps_to_its_time_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build is told layer by layer, each table in turn; a load that
    builds nothing tells nothing; ``time_limit`` stops a build with a
    TimeoutError and a raising ``progress`` with its error, and neither
    leaves anything that a later load would take for built."""
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(tmp_path / "first"))
    text = pancakes(9).replace("Name Pancakes9", "Name ToldPancakes9")
    heard: list[tuple[int, ...]] = []
    puzzle = permutation.load(text, progress=lambda *told: heard.append(told))
    assert heard
    tasks = {told[1] for told in heard}
    assert tasks == {len(puzzle.tables)}
    for task in range(len(puzzle.tables)):
        layers = [told for told in heard if told[0] == task]
        assert [told[2] for told in layers] == list(range(1, len(layers) + 1))
        reached = [told[3] for told in layers]
        assert reached == sorted(reached) and reached[-1] == layers[-1][4] == puzzle.tables[task][1]
    heard.clear()
    assert permutation.load(text, progress=lambda *told: heard.append(told)) is puzzle
    assert heard == []

    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(tmp_path / "second"))
    timed = text.replace("ToldPancakes9", "TimedPancakes9")
    with pytest.raises(TimeoutError, match=r"^time_limit: "):
        permutation.load(timed, time_limit=0)

    def refuse(*told: int) -> None:
        raise RuntimeError("no more")

    with pytest.raises(RuntimeError, match="no more"):
        permutation.load(timed, progress=refuse)
    stack = [3, 1, 2, 9, 8, 7, 4, 6, 5]
    assert permutation.load(timed).distance([*stack, *[0] * 9]) == pancake.distance(stack)
