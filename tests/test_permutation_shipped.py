"""The descriptions that ship besides the cubes (the Pyraminx, the Skewb,
TopSpin, pancakes, the Rotation Game) against their published figures and
against idastar's own pancake and Rotation Game solvers; descriptions
made with ``permutation.define``."""

from __future__ import annotations

import itertools
import math
import pickle
import random
import runpy
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar import InvalidPuzzle, pancake, permutation, rotation
from idastar.reference.engines import bfs_layers
from idastar.reference.puzzles import permutation as reference

GENERATOR = Path(__file__).resolve().parent.parent / "tools" / "puzzle_descriptions.py"

#: Each shipped description's generator function and its arguments.
WRITTEN = {
    "pyraminx": ("pyraminx", ()),
    "skewb": ("skewb", ()),
    "topspin-12-4": ("topspin", (12, 4)),
    "pancakes-10": ("pancakes", (10,)),
    "rotation": ("rotation", ()),
}
#: The order of every move of each: a third of a turn, a reversal, a
#: rotation of a line of seven squares.
ORDERS = {"pyraminx": 3, "skewb": 3, "topspin-12-4": 2, "pancakes-10": 2, "rotation": 7}

#: Published distance distributions in the half-turn metric (Jaap's
#: puzzle pages): the tipless Pyraminx and the fixed-corner Skewb.
PYRAMINX_LAYERS = [1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32]
SKEWB_LAYERS = [1, 8, 48, 288, 1728, 10248, 59304, 315198, 1225483, 1455856, 81028, 90]
#: A position of each at God's number, 11 moves from solved.
FARTHEST = {"pyraminx": "U L' U L' R U' B L' U' B R", "skewb": "R U R B U R B' R L' R' U'"}


def shipped_text(name: str) -> str:
    """A shipped description's text, read without compiling it."""
    return (resources.files("idastar") / "data" / "puzzles" / f"{name}.tws").read_text(
        encoding="utf-8"
    )


#: How the tests load each shipped puzzle, so that each is compiled once:
#: the Rotation Game in the metric it is written for, TopSpin without the
#: pattern databases no test here searches with.
LOADED: dict[str, dict[str, Any]] = {
    "rotation": {"metric": "qtm"},
    "topspin-12-4": {"table_entries": 1},
}


def shipped(name: str) -> permutation.PermutationPuzzle:
    """A shipped puzzle, loaded as :data:`LOADED` says."""
    return permutation.load(name, **LOADED.get(name, {}))


def base_moves(text: str) -> list[str]:
    """The moves a description names, before their powers."""
    return [line.split()[1] for line in text.splitlines() if line.startswith("Move ")]


def labelled(described: reference.Described) -> tuple[int, ...]:
    """A position whose every piece differs from the others, all unturned."""
    position: list[int] = []
    for _, places, _ in described.sets:
        position += [*range(1, places + 1), *[0] * places]
    return tuple(position)


def order(described: reference.Described, move: str) -> int:
    """How many times ``move`` repeats before every piece is back."""
    start = labelled(described)
    position, times = described.apply(start, move), 1
    while position != start:
        position, times = described.apply(position, move), times + 1
    return times


def topspin(tokens: int, turnstile: int = 4) -> permutation.PermutationPuzzle:
    """(tokens, turnstile)-TopSpin: move Ri reverses the tokens of places
    i to i + turnstile - 1, round the circle."""
    moves = {}
    for start in range(tokens):
        span = [(start + k) % tokens for k in range(turnstile)]
        source = list(range(1, tokens + 1))
        for place, taken in zip(span, reversed(span), strict=True):
            source[place] = taken + 1
        moves[f"R{start + 1}"] = {"TOKEN": source}
    return permutation.define(
        f"topspin-{tokens}-{turnstile}",
        sets={"TOKEN": (tokens, 1)},
        moves=moves,
    )


def pancakes(count: int) -> permutation.PermutationPuzzle:
    """Pancake sorting: move Fk flips the top k pancakes."""
    moves = {
        f"F{k}": {"STACK": [*range(k, 0, -1), *range(k + 1, count + 1)]}
        for k in range(2, count + 1)
    }
    return permutation.define(f"pancakes-{count}", sets={"STACK": (count, 1)}, moves=moves)


# ---------------------------------------------------------------------------
# What ships, and how it was written


def test_the_shipped_descriptions_are_listed_and_build_small_tables() -> None:
    assert set(WRITTEN) <= set(permutation.DESCRIPTIONS)
    for name in ("pyraminx", "skewb", "pancakes-10", "rotation"):
        tables = shipped(name).tables
        assert tables and all(entries <= 2**24 for _, entries in tables), (name, tables)


def test_the_shipped_descriptions_are_what_their_generator_writes() -> None:
    if not GENERATOR.exists():
        pytest.skip("the repository's tools are not here (an installed package)")
    model = runpy.run_path(str(GENERATOR))
    for name, (function, arguments) in WRITTEN.items():
        text = model[function](*arguments)
        assert text.startswith(f"# {name}: written by tools/puzzle_descriptions.py\n")
        assert shipped_text(name) == text, name


@pytest.mark.parametrize("name", sorted(ORDERS))
def test_every_move_has_the_order_of_its_turn(name: str) -> None:
    text = shipped_text(name)
    described = reference.read(text)
    moves = base_moves(text)
    assert [order(described, move) for move in moves] == [ORDERS[name]] * len(moves)
    if ORDERS[name] == 3:
        core = shipped(name)
        assert core.moves == tuple(m for move in moves for m in (move, f"{move}'"))


@pytest.mark.parametrize("name", ["pyraminx", "skewb"])
def test_a_move_and_its_inverse_cancel(name: str) -> None:
    puzzle = shipped(name)
    for move in base_moves(puzzle.text):
        assert puzzle.is_solved(f"{move} {move}'")
        assert puzzle.is_solved(f"{move}' {move}")
        assert puzzle.is_solved(f"{move} {move} {move}")
        assert not puzzle.is_solved(f"{move} {move}")


def parity(permutation_: list[int]) -> int:
    """0 for an even permutation (of any numbers), 1 for an odd one."""
    return sum(a > b for a, b in itertools.combinations(permutation_, 2)) % 2


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_the_pyraminx_and_the_skewb_keep_their_invariants(seed: int) -> None:
    # The Pyraminx's axial pieces only turn in place; its edges are in an
    # even permutation with an even number flipped. The Skewb's centres
    # are in an even permutation.
    pyraminx = permutation.load("pyraminx").random(moves=30, seed=seed)
    assert pyraminx[:4] == (1, 2, 3, 4)
    edges, flips = list(pyraminx[8:14]), pyraminx[14:20]
    assert parity(edges) == 0 and sum(flips) % 2 == 0
    skewb = permutation.load("skewb").random(moves=30, seed=seed)
    assert parity(list(skewb[14:20])) == 0


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(WRITTEN)), st.integers(0, 2**32))
def test_the_reference_and_the_core_apply_scrambles_alike(name: str, seed: int) -> None:
    puzzle = shipped(name)
    described = reference.read(puzzle.text, metric=puzzle.fixed.get("metric", "htm"))
    assert puzzle.sets == tuple(described.sets) and set(puzzle.moves) == set(described.moves)
    choose = random.Random(seed).choice
    scramble = [choose(puzzle.moves) for _ in range(20)]
    position = described.solved
    for move in scramble:
        position = described.apply(position, move)
    assert puzzle.scramble(scramble) == position


# ---------------------------------------------------------------------------
# Published figures


@pytest.mark.parametrize(
    ("name", "layers"), [("pyraminx", PYRAMINX_LAYERS), ("skewb", SKEWB_LAYERS)]
)
def test_the_first_layers_are_the_published_ones(name: str, layers: list[int]) -> None:
    described = reference.read(shipped_text(name))
    assert bfs_layers(described.solved, described.neighbours, max_depth=6) == layers[:7]


@pytest.mark.parametrize("name", ["pyraminx", "skewb"])
def test_a_position_at_god_s_number_takes_eleven_moves(name: str) -> None:
    puzzle = shipped(name)
    solution = puzzle.solve(FARTHEST[name])
    assert solution.cost == 11
    assert puzzle.is_solved(puzzle.replay(FARTHEST[name], solution.path))


@pytest.mark.parametrize(
    ("name", "layers", "positions"),
    [("pyraminx", PYRAMINX_LAYERS, 933_120), ("skewb", SKEWB_LAYERS, 3_149_280)],
)
def test_the_whole_distance_distribution_is_the_published_one(
    name: str, layers: list[int], positions: int
) -> None:
    assert sum(layers) == positions
    try:
        counted = shipped(name).distance_distribution()
    except ValueError as error:
        if "one set" not in str(error):
            raise
        pytest.skip("needs the core's distance_distribution of several sets")
    assert counted == layers


def test_topspin_8_4_reaches_the_even_orders() -> None:
    puzzle = topspin(8)
    layers = puzzle.distance_distribution()
    assert layers == reference.read(puzzle.text).distance_distribution()
    # Every move is two swaps: half of the 8! orders.
    assert sum(layers) == math.factorial(8) // 2 == 20_160


def test_topspin_12_4_is_twelve_reversals_of_four() -> None:
    topspin_12 = shipped("topspin-12-4")
    assert topspin_12.moves == tuple(f"R{i}" for i in range(1, 13))
    for i in range(12):
        span = [(i + k) % 12 for k in range(4)]
        reversed_ = dict(zip(span, reversed(span), strict=True))
        tokens = tuple(reversed_.get(place, place) + 1 for place in range(12))
        assert topspin_12.scramble(f"R{i + 1}") == (*tokens, *[0] * 12)
    # R12 wraps round: it reverses places 12, 1, 2 and 3.
    assert topspin_12.scramble("R12")[:12] == (2, 1, 12, 4, *range(5, 12), 3)
    assert topspin_12.is_solved("R5 R5") and topspin_12.solve("R3 R7 R11").cost == 3


@pytest.mark.parametrize("count", range(2, 8))
def test_pancakes_count_the_pancake_numbers(count: int) -> None:
    puzzle = pancakes(count)
    assert puzzle.distance_distribution() == pancake.distance_distribution(count)


def test_pancakes_10_flips_the_top_of_the_stack() -> None:
    pancakes_10 = shipped("pancakes-10")
    assert pancakes_10.moves == tuple(f"F{k}" for k in range(2, 11))
    stack = pancake.random(10, seed=3)
    for k in range(2, 11):
        flipped = pancakes_10.apply([*stack, *[0] * 10], f"F{k}")
        assert flipped == (*pancake.apply(stack, k), *[0] * 10)


@pytest.mark.slow
def test_pancakes_10_counts_what_idastar_pancake_counts() -> None:
    layers = shipped("pancakes-10").distance_distribution()
    assert layers == pancake.distance_distribution(10)
    assert len(layers) - 1 == 11  # OEIS A058986: the pancake number P(10)


@settings(max_examples=20, deadline=None)
@given(st.permutations(list(range(1, 11))))
def test_pancakes_10_cost_what_idastar_pancake_costs(stack: list[int]) -> None:
    puzzle = shipped("pancakes-10")
    solution = puzzle.solve([*stack, *[0] * 10])
    assert solution.cost == pancake.solve(stack).cost
    flips = [int(move[1:]) for move in solution.path]
    assert pancake.replay(stack, flips) == tuple(range(1, 11))


def test_the_rotation_game_counts_its_centre_table() -> None:
    layers = shipped("rotation").distance_distribution()
    assert layers == rotation.centre_table()[1]
    assert sum(layers) == math.comb(24, 8) == 735_471
    assert len(layers) - 1 == 14


def as_pieces(board: tuple[int, ...] | list[int], number: int) -> list[int]:
    """A board as a position of the description: ``number`` as piece 1,
    the others as piece 2."""
    return [1 if value == number else 2 for value in board] + [0] * 24


def test_the_rotation_game_s_moves_are_its_letters() -> None:
    puzzle = shipped("rotation")
    assert puzzle.moves == ("A", "A'", "B", "B'", "C", "C'", "D", "D'")
    named = {"A": "A", "A'": "F", "B": "B", "B'": "E", "C": "C", "C'": "H", "D": "D", "D'": "G"}
    board = rotation.random(seed=5)
    for move, letter in named.items():
        for number in (1, 2, 3):
            after = puzzle.apply(as_pieces(board, number), move)
            assert after == tuple(as_pieces(rotation.apply(board, letter), number))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_rotation_boards_cost_what_idastar_rotation_costs(seed: int) -> None:
    puzzle = shipped("rotation")
    board = rotation.random(seed=seed)
    costs = [puzzle.solve(as_pieces(board, number)).cost for number in (1, 2, 3)]
    assert min(costs) == rotation.solve(board).cost


# ---------------------------------------------------------------------------
# define


def test_define_writes_the_description_load_reads() -> None:
    puzzle = permutation.define(
        "turner",
        sets={"CORNER": (2, 3), "EDGE": (3, 1)},
        solved={"CORNER": ([1, 1], [0, 0])},
        moves={"M": {"CORNER": ([2, 1], [1, 2]), "EDGE": (2, 3, 1)}, "N": {"EDGE": [2, 1, 3]}},
        metric="qtm",
    )
    assert puzzle.text == (
        "Name turner\n\nSet CORNER 2 3\nSet EDGE 3 1\n\nSolved\nCORNER\n1 1\n0 0\nEnd\n\n"
        "Move M\nCORNER\n2 1\n1 2\nEDGE\n2 3 1\nEnd\n\nMove N\nEDGE\n2 1 3\nEnd\n"
    )
    assert permutation.load(puzzle.text, metric="qtm") is puzzle
    assert puzzle.moves == ("M", "M'", "N")
    described = reference.read(puzzle.text, metric="qtm")
    assert puzzle.solved == described.solved == (1, 1, 0, 0, 1, 2, 3, 0, 0, 0)
    assert puzzle.scramble("M N M") == described.apply(
        described.apply(described.apply(described.solved, "M"), "N"), "M"
    )
    again = pickle.loads(pickle.dumps(puzzle))
    assert again.text == puzzle.text and again.fixed == puzzle.fixed
    assert puzzle.solve("M N M'").cost == 3


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"name": 3}, "the name must be a string, got 3"),
        ({"sets": [("S", (2, 1))]}, "sets must map set names to"),
        ({"sets": {"S": 2}}, r"set S must be \(places, orientations\), got 2"),
        ({"sets": {"S": (2.0, 1)}}, "set S's places must be an integer, got 2.0"),
        ({"sets": {"S": (2, True)}}, "set S's orientations must be an integer, got True"),
        ({"sets": {4: (2, 1)}}, "a set name must be a string, got 4"),
        ({"solved": [1, 2]}, "solved must map set names to pieces, got list"),
        ({"solved": {"S": "12"}}, "solved: set S must be a sequence of integers, got '12'"),
        ({"moves": [("M", {"S": [2, 1]})]}, "moves must map move names to moves"),
        ({"moves": {"M": [2, 1]}}, "move M must map set names to places, got list"),
        ({"moves": {"M": {"S": [2, None]}}}, "move M: set S must be an integer, got None"),
        ({"moves": {"M": {"S": ([2, 1], 0)}}}, "move M: set S must be a sequence of integers"),
    ],
)
def test_define_refuses_wrong_types(arguments: dict[str, object], message: str) -> None:
    given_ = {"name": "two", "sets": {"S": (2, 1)}, "moves": {"M": {"S": [2, 1]}}, **arguments}
    with pytest.raises(TypeError, match=message):
        permutation.define(**given_)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"name": "two words"}, "the name 'two words' is not one word"),
        ({"sets": {}}, "a puzzle needs at least one set"),
        ({"sets": {"S": (0, 1)}}, "set S needs at least one place and one orientation"),
        ({"sets": {"End": (2, 1)}}, "a set name 'End' is not a name"),
        ({"sets": {"2S": (2, 1)}}, "a set name '2S' is not a name"),
        ({"moves": {}}, "a puzzle needs at least one move"),
        ({"moves": {"M'": {"S": [2, 1]}}}, 'a move name "M\'" is not a name'),
        ({"moves": {"M": {"T": [2, 1]}}}, "move M: no set 'T'; the sets are S"),
        ({"moves": {"M": {"S": [2, 1, 3]}}}, "move M: set S has 2 places, got 3 places"),
        ({"moves": {"M": {"S": [1, 1]}}}, "move M: set S: the places taken from must be 1 to 2"),
        ({"moves": {"M": {"S": [0, 1]}}}, "move M: set S: the places taken from must be 1 to 2"),
        ({"moves": {"M": {"S": ([2, 1], [1, 0])}}}, "move M: set S: twists are from 0 to 0"),
        ({"moves": {"M": {"S": ([2, 1], [0])}}}, "move M: set S has 2 places, got 1 twists"),
        ({"solved": {"T": [1, 2]}}, "solved: no set 'T'"),
        ({"solved": {"S": [1, 3]}}, "solved: set S: pieces are numbered from 1 to 2"),
        ({"solved": {"S": ([1, 2], [0, 1])}}, "solved: set S: orientations are from 0 to 0"),
        ({"moves": {"M": {"S": [1, 2]}}}, "move M changes nothing"),
    ],
)
def test_define_refuses_what_describes_no_puzzle(
    arguments: dict[str, object], message: str
) -> None:
    given_ = {"name": "two", "sets": {"S": (2, 1)}, "moves": {"M": {"S": [2, 1]}}, **arguments}
    with pytest.raises(InvalidPuzzle, match=message):
        permutation.define(**given_)
