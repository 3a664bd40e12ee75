"""Sliding tiles: :mod:`idastar.sliding` against the pure-Python reference,
breadth-first search and the judge program.

Random boards (random walks from the goal, and random 3 x 3 permutations)
go through the Rust core with every heuristic and engine and through
:mod:`idastar.reference.sliding`; the answers must agree and every path
must reach the goal when replayed, in exactly ``cost`` moves. The pattern
databases are checked entry by entry against the reference's 0-1
breadth-first search on small patterns. Only small databases are built here
(patterns of at most 4 tiles) except the 15-puzzle's default 6-6-3, built
once into the session's temporary cache for the command-line tests.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

import idastar
from idastar import InvalidPuzzle, Outcome, Unsolvable, fifteen, sliding
from idastar.cli import main
from idastar.reference import sliding as reference
from idastar.reference.puzzles import move_pruning as reference_pruning

SAMPLE = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]
#: Korf's instance 2 (55 moves, blank-first goal): Manhattan IDA* takes 15 million nodes.
KORF_2 = [13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6]
#: Small patterns: every database built from them is tiny.
SMALL = "4-4-4-3"
HEURISTICS: list[dict[str, object]] = [
    {"heuristic": "manhattan"},
    {"heuristic": "linear-conflict"},
    {"heuristic": "pdb", "patterns": SMALL},
    {"heuristic": "pdb", "patterns": SMALL, "reflect": False},
    {"heuristic": "pdb", "patterns": SMALL, "dual": True},
    {"heuristic": "pdb", "patterns": SMALL, "dual": True, "reflect": False},
    {"heuristic": "manhattan", "move_pruning": 14},
    {"heuristic": "pdb", "patterns": SMALL, "move_pruning": 10},
]
#: The installed package's samples (the source tree's in a development install).
DATA = Path(idastar.__file__).parent / "data"
SAMPLE_IN = DATA / "fifteen.in"
SAMPLE_OUT = DATA / "fifteen.out"


def walk(width: int, height: int, steps: int, rng: random.Random, goal: Sequence[int]) -> list[int]:
    board = tuple(goal)
    for _ in range(steps):
        _, board = rng.choice(list(reference.moves_from(board, width, height)))
    return list(board)


@st.composite
def walks(draw: st.DrawFn, width: int = 4, height: int = 4, max_steps: int = 30) -> list[int]:
    steps = draw(st.integers(0, max_steps))
    seed = draw(st.integers(0, 2**32))
    return walk(
        width, height, steps, random.Random(seed), sliding.goal_tiles(width=width, height=height)
    )


def assert_solves(
    tiles: Sequence[int],
    result: idastar.Solution[str],
    cost: int,
    width: int = 4,
    height: int = 4,
    goal: sliding.GoalSpec = "blank-last",
) -> None:
    assert result.outcome is Outcome.SOLVED
    assert result.cost == cost == result.lower_bound
    assert len(result.path) == cost
    assert all(move in sliding.MOVES for move in result.path)
    target = sliding.goal_tiles(goal, width=width, height=height)
    assert sliding.replay(tiles, result.path, width=width, height=height) == target
    assert reference.apply(tiles, "".join(result.path), width, height) == target


@pytest.fixture(scope="module")
def eight_distances() -> dict[tuple[int, ...], int]:
    """Every 8-puzzle board that reaches the blank-last goal, with its distance."""
    goal = reference.goal_blank_last(3, 3)
    distances = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        for _, after in reference.moves_from(board, 3, 3):
            if after not in distances:
                distances[after] = distances[board] + 1
                queue.append(after)
    return distances


# --- the sample and the reference --------------------------------------------


@pytest.mark.parametrize("options", HEURISTICS)
def test_sample(options: dict[str, object]) -> None:
    result = sliding.solve(SAMPLE, **options)  # type: ignore[arg-type]
    assert_solves(SAMPLE, result, 8)
    expected = reference.solve(SAMPLE)
    assert (expected.cost, expected.path) == (8, result.path)
    assert sliding.replay(SAMPLE, expected.path) == sliding.goal_tiles()


@settings(max_examples=40, deadline=None)
@given(walks(max_steps=30))
def test_random_walks_match_the_reference(tiles: list[int]) -> None:
    solution = reference.solve(tiles, 4, 4)
    cost = solution.cost
    assert cost is not None
    assert reference.apply(tiles, "".join(solution.path), 4, 4) == sliding.goal_tiles()
    for options in HEURISTICS:
        assert_solves(tiles, sliding.solve(tiles, **options), cost)  # type: ignore[arg-type]
    assert sliding.lower_bound(tiles, heuristic="manhattan") == reference.manhattan(
        tiles, sliding.goal_tiles(), 4
    )
    for heuristic in ("linear-conflict", "pdb"):
        bound = sliding.lower_bound(tiles, heuristic=heuristic, patterns=SMALL)  # type: ignore[arg-type]
        assert reference.manhattan(tiles, sliding.goal_tiles(), 4) <= bound <= cost


@settings(max_examples=30, deadline=None)
@given(
    shape=st.sampled_from([(3, 3), (4, 3), (3, 4), (4, 4), (2, 5)]),
    steps=st.integers(0, 40),
    seed=st.integers(0, 2**32),
    length=st.sampled_from([2, 4, 6, 8]),
)
def test_move_pruning_searches_the_reference_s_tree(
    shape: tuple[int, int], steps: int, seed: int, length: int
) -> None:
    # The tiles' own IDA* skipping the forbidden sequences of its automaton
    # expands, iteration by iteration, the nodes of the reference's IDA*
    # whose moves skip every one found from the definition, and finds the
    # same path.
    width, height = shape
    goal = sliding.goal_tiles(width=width, height=height)
    tiles = walk(width, height, steps, random.Random(seed), goal)
    ours = sliding.solve(
        tiles, width=width, height=height, heuristic="manhattan", move_pruning=length
    )
    theirs = reference_pruning.solve(tiles, length, width, height)
    assert [(it.bound, it.expanded) for it in ours.stats.iterations] == [
        (it.bound, it.expanded) for it in theirs.stats.iterations
    ]
    assert (ours.cost, ours.path) == (theirs.cost, tuple(theirs.path))
    assert_solves(tiles, ours, ours.cost or 0, width, height)


def test_the_reference_forbids_what_the_core_counts() -> None:
    # The counts the core's automata report (its test
    # the_forbidden_sequences_are_as_many_as_the_reference_finds, and
    # rust/core/examples/move_pruning.rs): 5 x 5 up to 8 moves, 3 x 3 up to 14.
    assert len(reference_pruning.forbidden_sequences(8, 5, 5)) == 34
    assert len(reference_pruning.forbidden_sequences(14, 3, 3)) == 352
    first = reference_pruning.forbidden_sequences(6, 5, 5)
    assert first == ("UD", "LR", "RL", "DU", "LURDLU", "RULDRU", "DLURDL", "DRULDR")


@settings(max_examples=60, deadline=None)
@given(tiles=st.permutations(list(range(9))))
def test_eight_puzzle_boards(tiles: list[int], eight_distances: dict[tuple[int, ...], int]) -> None:
    reachable = tuple(tiles) in eight_distances
    assert sliding.is_solvable(tiles, width=3, height=3) == reachable
    assert reference.is_solvable(tiles, sliding.goal_tiles(width=3, height=3), 3) == reachable
    if not reachable:
        with pytest.raises(Unsolvable, match="cannot reach the goal"):
            sliding.solve(tiles, width=3, height=3)
        return
    expected = eight_distances[tuple(tiles)]
    pruned = {"heuristic": "manhattan", "move_pruning": 14}
    for options in (*HEURISTICS[:2], {"patterns": "4-4"}, {"patterns": [[1, 2, 3], [8]]}, pruned):
        result = sliding.solve(tiles, width=3, height=3, **options)  # type: ignore[arg-type]
        assert_solves(tiles, result, expected, 3, 3)
    for engine in ("ida", "astar", "bidirectional"):
        result = sliding.solve(tiles, width=3, height=3, heuristic="linear-conflict", engine=engine)  # type: ignore[arg-type]
        assert_solves(tiles, result, expected, 3, 3)


@settings(max_examples=80, deadline=None)
@given(tiles=st.permutations(list(range(9))), reflect=st.booleans())
def test_several_partitions_take_the_largest_bound_and_answer_optimally(
    tiles: list[int], reflect: bool, eight_distances: dict[tuple[int, ...], int]
) -> None:
    if tuple(tiles) not in eight_distances:
        return
    rows, blocks = [[1, 2, 3], [4, 5, 6], [7, 8]], [[1, 2, 4, 5], [3, 6], [7, 8]]
    text = "+".join(
        "/".join(",".join(map(str, p)) for p in partition) for partition in (rows, blocks)
    )
    options = {"width": 3, "height": 3, "patterns": text, "reflect": reflect}
    bound = sliding.lower_bound(tiles, **options)  # type: ignore[arg-type]
    goal = reference.goal_blank_last(3, 3)
    assert bound == reference.catalogue_bound(tiles, [rows, blocks], 3, 3, goal, reflect=reflect)
    assert bound <= eight_distances[tuple(tiles)]
    result = sliding.solve(tiles, **options)  # type: ignore[arg-type]
    assert_solves(tiles, result, eight_distances[tuple(tiles)], 3, 3)
    with pytest.raises(ValueError, match=r"^dual: the dual lookups take one partition"):
        sliding.solve(tiles, dual=True, **options)  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None)
@given(tiles=st.permutations(list(range(9))), reflect=st.booleans())
def test_dual_lookups_match_the_reference_whatever_the_blank(
    tiles: list[int], reflect: bool, eight_distances: dict[tuple[int, ...], int]
) -> None:
    # The dual is looked up on every board, the blank anywhere; its bound
    # is the reference's from the definition, and never above the distance.
    if tuple(tiles) not in eight_distances:
        return
    patterns = [[1, 2, 3, 4], [5, 6, 7, 8]]
    options = {"width": 3, "height": 3, "patterns": patterns, "reflect": reflect}
    regular = sliding.lower_bound(tiles, **options)  # type: ignore[arg-type]
    dual = sliding.lower_bound(tiles, dual=True, **options)  # type: ignore[arg-type]
    goal = reference.goal_blank_last(3, 3)
    assert regular == reference.pattern_bound(tiles, patterns, 3, 3, goal, reflect=reflect)
    assert dual == reference.pattern_bound(tiles, patterns, 3, 3, goal, reflect=reflect, dual=True)
    assert regular <= dual <= eight_distances[tuple(tiles)]


@settings(max_examples=80, deadline=None)
@given(
    tiles=st.permutations(list(range(9))),
    reflect=st.booleans(),
    split=st.sampled_from([[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 4, 5, 7], [3, 6, 8]]]),
)
def test_zero_aware_lookups_match_the_reference_and_answer_optimally(
    tiles: list[int],
    reflect: bool,
    split: list[list[int]],
    eight_distances: dict[tuple[int, ...], int],
) -> None:
    # Read by the blank's region, each pattern's value is at least the least
    # over the regions, and the bound still never passes the distance.
    if tuple(tiles) not in eight_distances:
        return
    options = {"width": 3, "height": 3, "patterns": split, "reflect": reflect}
    plain = sliding.lower_bound(tiles, **options)  # type: ignore[arg-type]
    aware = sliding.lower_bound(tiles, zero_aware=True, **options)  # type: ignore[arg-type]
    goal = reference.goal_blank_last(3, 3)
    # The tiles' own IDA* reads them compact: the exact distances.
    expected = reference.pattern_bound(
        tiles, split, 3, 3, goal, reflect=reflect, zero_aware=True, compact=True
    )
    assert aware == expected
    assert plain <= aware <= eight_distances[tuple(tiles)]
    result = sliding.solve(tiles, zero_aware=True, **options)  # type: ignore[arg-type]
    assert_solves(tiles, result, eight_distances[tuple(tiles)], 3, 3)


@pytest.mark.parametrize(
    ("width", "height", "patterns", "goal"),
    [
        (4, 4, [[2, 5, 6, 7]], "blank-first"),
        (4, 4, [[8, 12, 14, 15]], "blank-last"),
        (4, 3, [[1, 2, 4, 5]], "blank-first"),
        (5, 2, [[2, 3, 7, 8]], "blank-last"),
    ],
)
def test_zero_aware_lookups_match_the_reference_on_walks(
    width: int, height: int, patterns: list[list[int]], goal: sliding.GoalSpec
) -> None:
    # Patterns that wall off corners, whose regions' excesses the databases
    # keep; boards a random walk from the goal, every region of the blank.
    rng = random.Random(width * 10 + height)
    target = sliding.goal_tiles(goal, width=width, height=height)
    options = {"width": width, "height": height, "goal": goal, "patterns": patterns}
    raised = 0
    for _ in range(150):
        steps = rng.randrange(4, 60)
        board = walk(width, height, steps, rng, target)
        aware = sliding.lower_bound(board, zero_aware=True, **options)  # type: ignore[arg-type]
        plain = sliding.lower_bound(board, **options)  # type: ignore[arg-type]
        expected = reference.pattern_bound(
            board, patterns, width, height, target, reflect=True, zero_aware=True, compact=True
        )
        assert aware == expected, board
        assert plain <= aware <= steps and aware % 2 == steps % 2
        raised += aware > plain
    assert raised > 0


@pytest.mark.parametrize(
    ("width", "height", "pattern", "goal", "memory_gb"),
    [
        # Budgets that hold the pattern's compact database (a byte a cell of
        # its table laid out by cells, and its build's peak) but not its
        # zero-aware one (two bytes a placement and two a cell).
        (5, 2, [2, 3, 7, 8], "blank-last", 2.5e-5),
        (4, 3, [1, 2, 5, 6, 9], "blank-first", 5e-4),
        (3, 3, [1, 2, 4, 5, 7], "blank-last", 1e-4),
    ],
)
def test_compact_databases_keep_the_exact_distances_and_fit_a_small_budget(
    width: int, height: int, pattern: list[int], goal: sliding.GoalSpec, memory_gb: float
) -> None:
    # The tiles' own IDA* reads zero-aware databases compact: every
    # region's exact distance, also where the zero-aware excess's cap or
    # fourth region reads less. Each board puts the pattern where the two
    # differ; its bound is walked down to the goal in the database, the
    # solve reads it move by move. The generic engines read the zero-aware
    # ones, and compact ones only where those alone fit the budget.
    target = sliding.goal_tiles(goal, width=width, height=height)
    options = {
        "width": width,
        "height": height,
        "goal": goal,
        "patterns": [pattern],
        "reflect": False,
    }
    capped = reference.zero_aware_database(pattern, width, height, target)
    exact = reference.zero_aware_database(pattern, width, height, target, compact=True)
    differ = [key for key in exact if exact[key] != capped[key]]
    assert differ
    for placement, blank in differ[:40]:
        board = [-1] * (width * height)
        for tile, cell in zip(pattern, placement, strict=True):
            board[cell] = tile
        board[blank] = 0
        others = iter(t for t in range(1, width * height) if t not in pattern)
        board = [next(others) if tile < 0 else tile for tile in board]
        if not reference.is_solvable(board, target, width):
            first, second = [c for c, t in enumerate(board) if t not in pattern and t != 0][:2]
            board[first], board[second] = board[second], board[first]
        expected = {
            compact: reference.pattern_bound(
                board, [pattern], width, height, target, False, zero_aware=True, compact=compact
            )
            for compact in (True, False)
        }
        assert expected[True] > expected[False], board
        bound = sliding.lower_bound(board, zero_aware=True, **options)  # type: ignore[arg-type]
        generic = sliding.lower_bound(board, engine="ida", zero_aware=True, **options)  # type: ignore[arg-type]
        squeezed = sliding.lower_bound(  # type: ignore[call-overload]
            board, engine="ida", zero_aware=True, memory_gb=memory_gb, **options
        )
        assert (bound, generic, squeezed) == (expected[True], expected[False], expected[True]), (
            board
        )
        optimal = sliding.solve(board, width=width, height=height, goal=goal).cost
        assert optimal is not None and bound <= optimal
        for engine in ("ida-tiles", "ida"):
            result = sliding.solve(  # type: ignore[call-overload]
                board, engine=engine, zero_aware=True, memory_gb=memory_gb, **options
            )
            assert_solves(board, result, optimal, width, height, goal)
    with pytest.raises(
        ValueError,
        match=r"^memory_gb: the pattern databases take about .* zero-aware or .* compact at their peak, "
        r"over the budget of .* kB; raise memory_gb",
    ):
        sliding.lower_bound(
            board, engine="ida", zero_aware=True, memory_gb=memory_gb / 10, **options
        )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("width", "height", "patterns", "goal"),
    [
        (4, 4, [[1, 2], [5, 6, 9]], "blank-first"),
        (4, 4, [[15, 14, 11], [12, 10, 13]], "blank-last"),
        (2, 4, [[1, 2, 3], [5, 6, 7]], "blank-first"),
        (4, 2, [[1, 2, 5, 6], [3, 4, 7]], "blank-last"),
    ],
)
def test_dual_lookups_match_the_reference_on_walks(
    width: int, height: int, patterns: list[list[int]], goal: sliding.GoalSpec
) -> None:
    rng = random.Random(width * 10 + height)
    target = sliding.goal_tiles(goal, width=width, height=height)
    options = {"width": width, "height": height, "goal": goal, "patterns": patterns, "dual": True}
    for _ in range(40):
        steps = rng.randrange(4, 40)
        tiles = walk(width, height, steps, rng, target)
        bound = sliding.lower_bound(tiles, **options)  # type: ignore[arg-type]
        assert bound == reference.pattern_bound(tiles, patterns, width, height, target, dual=True)
        # The walk is a way back to the goal, of its parity.
        assert bound <= steps and bound % 2 == steps % 2


def test_eight_puzzle_distance_distribution() -> None:
    layers = sliding.distance_distribution(3, 3)
    assert sum(layers) == 181_440
    assert len(layers) - 1 == 31 and layers[-1] == 2
    assert layers == reference.distance_distribution(3, 3)
    # The published distribution (Reinefeld 1993), blank in a corner.
    assert layers[:8] == [1, 2, 4, 8, 16, 20, 39, 62]
    assert sliding.distance_distribution(2, 3) == reference.distance_distribution(2, 3)
    with pytest.raises(ValueError, match="at most 10 cells"):
        sliding.distance_distribution(4, 4)


@pytest.mark.parametrize(
    ("width", "height"), [(2, 2), (2, 3), (3, 2), (4, 2), (2, 5), (5, 2), (3, 3)]
)
def test_small_boards_every_engine(width: int, height: int) -> None:
    rng = random.Random(width * 10 + height)
    goal = sliding.goal_tiles("blank-first", width=width, height=height)
    for steps in (0, 1, 5, 40):
        tiles = walk(width, height, steps, rng, goal)
        expected = reference.distance(tiles, width, height, goal)
        for engine in ("ida-tiles", "ida", "astar", "bfs", "bidirectional", "iddfs"):
            if engine == "iddfs" and expected > 12:
                continue
            for heuristic in ("manhattan", "linear-conflict", "pdb"):
                result = sliding.solve(
                    tiles,
                    width=width,
                    height=height,
                    goal="blank-first",
                    engine=engine,
                    heuristic=heuristic,  # type: ignore[arg-type]
                )
                assert_solves(tiles, result, expected, width, height, "blank-first")


def test_rectangles_and_explicit_goals() -> None:
    rng = random.Random(7)
    for width, height in [(5, 3), (3, 5), (4, 3), (5, 4), (5, 5)]:
        goal = list(range(width * height))
        rng.shuffle(goal)
        for steps in (3, 25):
            tiles = walk(width, height, steps, rng, goal)
            expected = reference.solve(tiles, width, height, goal).cost
            assert expected is not None
            for options in ({"heuristic": "linear-conflict"}, {"patterns": "3-3-3"}):
                result = sliding.solve(tiles, width=width, height=height, goal=goal, **options)  # type: ignore[arg-type]
                assert_solves(tiles, result, expected, width, height, goal)


# --- pattern databases -------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "pattern", "goal"),
    [
        (3, 3, (1, 2, 4), "blank-last"),
        (3, 3, (8, 5, 7, 6), "blank-first"),
        (4, 4, (1, 2), "blank-last"),
        (4, 4, (15, 11, 14), "blank-first"),
        (2, 4, (3, 1, 6), "blank-last"),
        # Patterns that hold the blank's goal neighbours, where the goal
        # state's bound beats the goal placement's.
        (3, 3, (1, 3), "blank-first"),
        (4, 4, (4, 1, 5), "blank-first"),
        (4, 4, (12, 11, 15), "blank-last"),
        (3, 3, (6, 8, 7), "blank-last"),
    ],
)
def test_pattern_database_matches_the_reference(
    width: int, height: int, pattern: tuple[int, ...], goal: sliding.GoalSpec
) -> None:
    table = sliding.pattern_database(pattern, width=width, height=height, goal=goal)
    target = sliding.goal_tiles(goal, width=width, height=height)
    expected = reference.pattern_database(pattern, width, height, target)
    n = width * height
    assert len(table) == len(expected) == len(list(itertools.permutations(range(n), len(pattern))))
    for placement, value in expected.items():
        assert table[sliding.rank(placement, n)] == value


def test_pattern_databases_are_cached_checked_and_rebuilt(tmp_path: Path) -> None:
    pattern = (1, 2, 3, 4)
    # Loaded databases are shared by the whole process, whatever directory
    # they came from: start afresh so this one is read from tmp_path.
    idastar._core.sliding_clear_loaded()
    table = fifteen.pattern_database(pattern, cache_dir=tmp_path)
    files = list(tmp_path.glob("*.pdb"))
    assert len(files) == 1 and "4x4" in files[0].name
    assert not list(tmp_path.glob("*.tmp"))
    data = bytearray(files[0].read_bytes())
    data[-1] ^= 0xFF
    files[0].write_bytes(bytes(data))
    idastar._core.sliding_clear_loaded()
    again = fifteen.pattern_database(pattern, cache_dir=tmp_path)
    assert (again == table).all()
    assert files[0].read_bytes() != bytes(data)  # the damaged file was replaced
    assert sliding.cache_dir(tmp_path) == tmp_path
    assert sliding.cache_dir() is not None


def test_build_progress_is_reported(tmp_path: Path) -> None:
    calls: list[tuple[int, int, int, int, int]] = []
    sliding.solve(
        SAMPLE,
        patterns=[[1, 2, 3], [4, 5, 6]],
        cache_dir=tmp_path,
        progress=lambda *a: calls.append(a),
    )
    patterns = {c[0] for c in calls}
    assert patterns and all(c[1] == len(calls[0:1]) or c[1] >= 2 for c in calls)
    assert calls[-1][3] <= calls[-1][4]
    assert any(c[3] == c[4] == 16 * 15 * 14 for c in calls)


def test_a_failing_progress_callback_stops_the_build(tmp_path: Path) -> None:
    def boom(*_: int) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        sliding.solve(SAMPLE, patterns=[[9, 10, 11]], cache_dir=tmp_path, progress=boom)


def test_partitions() -> None:
    assert sorted(len(p) for p in fifteen.partition()) == [3, 6, 6]
    assert [len(p) for p in fifteen.partition("7-8")] == [7, 8]
    tiles = sorted(t for p in fifteen.partition("5-5-5", goal="blank-first") for t in p)
    assert tiles == list(range(1, 16))
    with pytest.raises(ValueError, match="partition"):
        fifteen.partition("big")


# --- bad input and limits ----------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (list(range(15)), "15 tiles are not a square board"),
        ([*range(15), 15, 0], "17 tiles"),
        ([1, 1, *range(2, 16)], "tile 1 appears twice"),
        ([*range(15), 16], "out of range"),
        ([*range(15), -1], "tile -1 at cell 15 is out of range"),
        ("0123", "sequence of integers"),
        ([0.5, *range(1, 16)], "must be an integer"),
    ],
)
def test_invalid_boards(tiles: object, message: str) -> None:
    with pytest.raises(InvalidPuzzle, match=message):
        sliding.solve(tiles, heuristic="manhattan")  # type: ignore[arg-type]


def test_unsolvable_is_immediate() -> None:
    swapped = [2, 1, *range(3, 16), 0]
    assert not fifteen.is_solvable(swapped)
    assert fifteen.is_solvable(swapped, goal="blank-first") == reference.is_solvable(
        swapped, fifteen.KORF_GOAL, 4
    )
    with pytest.raises(Unsolvable) as raised:
        fifteen.solve(swapped)
    assert isinstance(raised.value, InvalidPuzzle)
    with pytest.raises(Unsolvable, match=r"cases\[1\]"):
        fifteen.solve_many([SAMPLE, swapped], heuristic="manhattan")


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="heuristic"):
        fifteen.solve(SAMPLE, heuristic="euclid")
    with pytest.raises(ValueError, match="engine"):
        fifteen.solve(SAMPLE, engine="dfs")
    with pytest.raises(ValueError, match=r"^width must be from 2 to 5"):
        sliding.solve([0, 1, 2, 3, 4, 5], width=6, height=1)
    with pytest.raises(ValueError, match=r"^height: give both width and height"):
        sliding.solve([0, 1, 2, 3, 4, 5], width=3)
    with pytest.raises(ValueError, match="two patterns"):
        fifteen.solve(SAMPLE, patterns=[[1, 2], [2, 3]])
    with pytest.raises(ValueError, match="goal"):
        fifteen.solve(SAMPLE, goal="blank-middle")  # type: ignore[arg-type]


def test_limits() -> None:
    options = {"goal": "blank-first", "heuristic": "manhattan"}
    result = fifteen.solve(KORF_2, node_limit=1000, **options)
    assert result.outcome is Outcome.NODE_LIMIT and result.path == ()
    assert result.lower_bound is not None and result.lower_bound <= 55
    assert fifteen.solve(KORF_2, time_limit=0.0, **options).outcome is Outcome.TIME_LIMIT
    result = fifteen.solve(KORF_2, max_moves=50, **options)
    assert (result.outcome, result.lower_bound) == (Outcome.NO_SOLUTION, 51)
    result = fifteen.solve(KORF_2, engine="astar", state_limit=20_000, **options)
    assert result.outcome is Outcome.MEMORY_LIMIT
    assert result.lower_bound is not None and result.lower_bound <= 55


def test_korf_instance_with_linear_conflict_and_solve_many() -> None:
    result = fifteen.solve(KORF_2, goal="blank-first", heuristic="linear-conflict")
    assert_solves(KORF_2, result, 55, goal="blank-first")
    both = fifteen.solve_many([KORF_2, KORF_2[::1]], goal="blank-first", patterns=SMALL)
    assert [r.cost for r in both] == [55, 55]


def test_move_pruning_finds_the_same_path_in_fewer_nodes() -> None:
    # Korf's instance 2 with small databases: the first optimal path in move
    # order has no duplicate stretch, so the pruned search finds it too, and
    # each longer length prunes more.
    options = {"goal": "blank-first", "patterns": SMALL}
    full = fifteen.solve(KORF_2, move_pruning=2, **options)  # type: ignore[arg-type]
    for length in (6, 10, 14):
        pruned = fifteen.solve(KORF_2, move_pruning=length, **options)  # type: ignore[arg-type]
        assert_solves(KORF_2, pruned, 55, goal="blank-first")
        assert pruned.path == full.path
        assert pruned.generated < full.generated
        full = pruned
    # The tiles' own IDA* skips the longest by default; the generic one
    # skips the move that undoes the last, as it must.
    assert fifteen.solve(KORF_2, **options).stats.iterations == full.stats.iterations  # type: ignore[arg-type]
    generic = fifteen.solve(KORF_2, engine="ida", **options)  # type: ignore[arg-type]
    korf = fifteen.solve(KORF_2, move_pruning=2, **options)  # type: ignore[arg-type]
    assert generic.expanded == korf.expanded


def test_solution_to_dict_is_json() -> None:
    record = fifteen.solve(SAMPLE, heuristic="manhattan").to_dict()
    assert json.loads(json.dumps(record))["path"] == list("LLLDDRRR")


def test_apply_rejects_moves_off_the_board() -> None:
    assert fifteen.apply(SAMPLE, "L") == sliding.apply(SAMPLE, "l")
    with pytest.raises(InvalidPuzzle, match="off the board"):
        fifteen.apply(SAMPLE, "R")
    with pytest.raises(InvalidPuzzle, match="not one of"):
        fifteen.apply(SAMPLE, "X")


# --- the command line against the judge program ------------------------------


def board_text(tiles: Sequence[int]) -> str:
    return "\n".join(" ".join(map(str, tiles[r * 4 : r * 4 + 4])) for r in range(4)) + "\n"


@pytest.fixture(scope="module")
def seed_fifteen(
    seed_program: Callable[[str, float], Callable[[str], str]],
) -> Callable[[str], str]:
    return seed_program("fifteen_ida", 60)


def test_stored_sample_output_is_the_seeds(seed_fifteen: Callable[[str], str]) -> None:
    assert seed_fifteen(SAMPLE_IN.read_text()) == SAMPLE_OUT.read_text()


def test_cli_is_byte_identical_to_the_judge(seed_fifteen: Callable[[str], str]) -> None:
    rng = random.Random(2024)
    boards = [walk(4, 4, steps, rng, fifteen.GOAL) for steps in (0, 1, 10, 20, 30, 40, 60)]
    for tiles in boards:
        text = board_text(tiles)
        expected = seed_fifteen(text)
        for options in ([], ["--heuristic", "manhattan"], ["--patterns", SMALL]):
            done = run_cli("fifteen", *options, stdin=text)
            assert (done.returncode, done.stdout) == (0, expected), (tiles, options, done.stderr)
    assert run_cli("fifteen", str(SAMPLE_IN)).stdout == SAMPLE_OUT.read_text()


def test_cli_options(tmp_path: Path) -> None:
    text = board_text(SAMPLE)
    done = run_cli("fifteen", "--path", stdin=text)
    assert done.stdout == "8\nLLLDDRRR\n"
    done = run_cli("fifteen", "--json", "--stats", "--heuristic", "linear-conflict", stdin=text)
    record = json.loads(done.stdout)
    assert record["answer"] == record["cost"] == 8 and record["tiles"] == SAMPLE
    assert "total:" in done.stderr and "bound 8" in done.stderr
    korf = " ".join(map(str, KORF_2))
    done = run_cli("fifteen", "--goal", "blank-first", "--patterns", SMALL, stdin=korf)
    assert done.stdout == "55\n"
    goal = " ".join(map(str, fifteen.KORF_GOAL))
    assert (
        run_cli("fifteen", "--goal", goal, "--heuristic", "linear-conflict", stdin=korf).stdout
        == "55\n"
    )
    batch = tmp_path / "boards.txt"
    batch.write_text(f"{korf}\n{' '.join(map(str, fifteen.KORF_GOAL))}\n")
    done = run_cli(
        "fifteen", "--goal", "blank-first", "--patterns", SMALL, "--batch", str(batch), "--path"
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "55" and lines[2:] == ["0", ""]
    assert sliding.replay(KORF_2, lines[1]) == fifteen.KORF_GOAL


def test_cli_errors_exit_2() -> None:
    done = run_cli("fifteen", stdin=board_text([2, 1, *range(3, 16), 0]))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("idastar fifteen: <stdin>: line 1: unsolvable board")
    assert done.stderr.count("\n") == 1
    done = run_cli("fifteen", stdin="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15\n")
    assert done.returncode == 2 and "tile 15 appears twice" in done.stderr
    done = run_cli("fifteen", stdin="1 2 3\n4 5 x\n")
    assert done.returncode == 2 and "line 2: expected tile 6 of 16, found 'x'" in done.stderr
    done = run_cli(
        "fifteen",
        "--batch",
        "-",
        stdin=f"{' '.join(map(str, SAMPLE))}\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n",
    )
    # The answers before an unsolvable board, then the error.
    assert done.returncode == 2 and done.stdout == "8\n"
    assert "case 2, line 2: unsolvable" in done.stderr
    done = run_cli("fifteen", "--batch", "-", stdin=f"{' '.join(map(str, fifteen.GOAL))}\n1 2 3\n")
    assert (done.returncode, done.stdout) == (2, "0\n")
    assert "case 2, line 2: expected tile 4 of 16, found end of input" in done.stderr
    assert run_cli("fifteen", "--goal", "1 2 3", stdin="").returncode == 2


def test_demo_of_every_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "booksort" in out and "fifteen" in out and "MISMATCH" not in out
    assert out.count("judge   8   (expected 8)") == 3


def test_help_shows_fifteen() -> None:
    done = run_cli("--help")
    assert (
        "printf '1 2 3 4\\n6 7 8 0\\n5 10 11 12\\n9 13 14 15\\n' | idastar fifteen" in done.stdout
    )
    sub = run_cli("fifteen", "--help")
    assert sub.returncode == 0
    assert all(option in sub.stdout for option in ("--batch", "--path", "--goal", "--heuristic"))
    assert run_cli("fifteen", stdin="1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n").stdout == "8\n"


def test_storing_engines_stop_at_the_state_limit() -> None:
    options: fifteen.Options = {"goal": "blank-first", "engine": "astar", "heuristic": "manhattan"}
    result = fifteen.solve(KORF_2, state_limit=5_000, **options)
    assert result.outcome is Outcome.MEMORY_LIMIT


def test_zero_aware_is_the_default_on_patterns_of_seven_tiles_where_they_fit() -> None:
    # On 7-8 the compact zero-aware lookups are the faster (measured in
    # docs/puzzles/fifteen.md), on smaller patterns the plain ones: the
    # default follows the largest pattern. A 7-tile pattern on 3 x 3 builds
    # in moments.
    board = walk(3, 3, 200, random.Random(0), sliding.goal_tiles(width=3, height=3))

    def generated(patterns: str, **options: Any) -> list[int]:
        result = sliding.solve(board, patterns=patterns, move_pruning=2, **options)
        assert_solves(board, result, result.cost or 0, 3, 3)
        return [it.generated for it in result.stats.iterations]

    by_default = generated("7-1")
    assert by_default == generated("7-1", zero_aware=True)
    plain = generated("7-1", zero_aware=False)
    assert sum(by_default) < sum(plain)
    assert (
        generated("4-4") == generated("4-4", zero_aware=False) != generated("4-4", zero_aware=True)
    )
    # Within a budget that holds the plain databases and not the compact
    # ones (an 8-tile pattern on 4 x 3: the compact build's peak is the
    # larger), the default reads the plain ones; asked for, the compact ones
    # are refused, before any build.
    wide = sliding.random(4, 3, seed=1)
    eight = {"width": 4, "height": 3, "patterns": "8-3", "move_pruning": 2}
    with pytest.raises(ValueError) as refused:
        sliding.solve(wide, memory_gb=1e-9, **eight)  # type: ignore[arg-type]
    sizes = re.search(r"about ([\d.]+) MB compact or ([\d.]+) MB plain", str(refused.value))
    assert sizes is not None, refused.value
    compact, plain_mb = float(sizes[1]), float(sizes[2])
    assert plain_mb < compact
    between = (plain_mb + compact) / 2 / 1e3
    with pytest.raises(ValueError, match="memory_gb"):
        sliding.solve(wide, memory_gb=between, zero_aware=True, **eight)  # type: ignore[arg-type]
    fitted = sliding.solve(wide, memory_gb=between, **eight)  # type: ignore[arg-type]
    plain_run = sliding.solve(wide, zero_aware=False, **eight)  # type: ignore[arg-type]
    assert fitted.stats.iterations == plain_run.stats.iterations
    assert_solves(wide, fitted, fitted.cost or 0, 4, 3)
