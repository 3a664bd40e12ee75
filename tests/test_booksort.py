"""The public API of :mod:`idastar.booksort` against the pure-Python reference.

Random shelves go through the Rust core (every engine, heuristic and goal
ball) and through :mod:`idastar.reference.booksort`; the answers must agree
and every returned path must sort the shelf when replayed, in exactly
``cost`` moves. Whole-space counts are checked against OEIS A164366.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from collections.abc import Sequence

import pytest
from conftest import run_child
from hypothesis import given, settings
from hypothesis import strategies as st

import idastar
from idastar import InvalidPuzzle, Outcome, booksort
from idastar.reference import booksort as reference

ENGINES = ("ida", "astar", "iddfs", "bfs", "bidirectional")
HEURISTICS = ("cycles", "breakpoints")
GOAL_BALLS = (0, 1, 2, 3)

SAMPLES = [
    ([1, 3, 4, 6, 2, 5], 2),
    ([5, 4, 3, 2, 1], 3),
    ([6, 8, 5, 3, 4, 7, 2, 9, 1, 10], 5),
]

# OEIS A164366: permutations of n books by block-move distance, n = 1..8.
A164366 = {
    1: [1],
    2: [1, 1],
    3: [1, 4, 1],
    4: [1, 10, 12, 1],
    5: [1, 20, 68, 31],
    6: [1, 35, 259, 380, 45],
    7: [1, 56, 770, 2700, 1513],
    8: [1, 84, 1932, 13467, 22000, 2836],
}

# Reversing 15 books takes 8 moves; with the weakest bound and no goal ball
# IDA* needs millions of expansions, so any limit stops it.
HARD = list(range(15, 0, -1))
HARD_OPTIONS = {"heuristic": "breakpoints", "goal_ball": 0}


def shelves(min_n: int, max_n: int) -> st.SearchStrategy[list[int]]:
    return st.integers(min_n, max_n).flatmap(lambda n: st.permutations(list(range(1, n + 1))))


@st.composite
def scrambled(draw: st.DrawFn, min_n: int, max_n: int, max_moves: int) -> tuple[list[int], int]:
    """A shelf made by a few random block moves from the sorted one, and how many."""
    n = draw(st.integers(min_n, max_n))
    moves = booksort.moves(n)
    count = draw(st.integers(0, max_moves)) if moves else 0
    shelf = tuple(range(1, n + 1))
    for _ in range(count):
        shelf = booksort.apply(shelf, draw(st.sampled_from(moves)))
    return list(shelf), count


def replay(books: Sequence[int], path: Sequence[tuple[int, int, int]]) -> tuple[int, ...]:
    shelf = tuple(books)
    for move in path:
        shelf = booksort.apply(shelf, move)
    return shelf


def assert_sorts(
    books: Sequence[int], result: idastar.Solution[idastar.booksort.BlockMove], cost: int
) -> None:
    """Solved optimally: the path has ``cost`` moves and sorts the shelf."""
    assert result.outcome is Outcome.SOLVED
    assert result.solved
    assert result.cost == cost
    assert result.lower_bound == cost
    assert len(result.path) == cost
    assert all(isinstance(move, booksort.BlockMove) for move in result.path)
    assert replay(books, result.path) == tuple(range(1, len(books) + 1))


def extended_breakpoint_bound(books: Sequence[int]) -> int:
    """``ceil(b / 3)`` with the ends compared against virtual books 0 and n + 1.

    The reference's bounds leave the ends out (as the seed does); the Rust
    ``cycles`` heuristic counts them, so the test computes this part itself.
    """
    extended = [0, *books, len(books) + 1]
    breaks = sum(1 for a, b in itertools.pairwise(extended) if b != a + 1)
    return math.ceil(breaks / 3)


# --- distances against the reference ---------------------------------------


@settings(max_examples=80, deadline=None)
@given(shelves(1, 7))
def test_distance_matches_reference_bfs(books: list[int]) -> None:
    expected = reference.distance(books)
    assert booksort.distance(books) == expected
    assert_sorts(books, booksort.solve(books), expected)
    # Admissible: no bound exceeds the breadth-first distance.
    assert booksort.lower_bound(books, "breakpoints") <= expected
    assert booksort.lower_bound(books, "cycles") <= expected


@settings(max_examples=60, deadline=None)
@given(shelves(8, 8))
def test_distance_matches_reference_ida_on_eight_books(books: list[int]) -> None:
    # Breadth-first search over 8! shelves is too slow in pure Python; the
    # reference IDA* is not.
    solution = reference.solve(books)
    expected, moves = solution.cost, list(solution.path)
    assert expected is not None
    assert replay(books, moves) == tuple(range(1, 9))
    assert booksort.distance(books) == expected
    assert_sorts(books, booksort.solve(books), expected)


@settings(max_examples=40, deadline=None)
@given(shelves(1, 7))
def test_every_engine_heuristic_and_goal_ball_agree(books: list[int]) -> None:
    expected = reference.distance(books)
    for engine in ENGINES:
        # Blind iterative deepening costs seconds at 7 books and distance 4.
        if engine == "iddfs" and len(books) > 6:
            continue
        for heuristic in HEURISTICS:
            for goal_ball in GOAL_BALLS:
                result = booksort.solve(
                    books, engine=engine, heuristic=heuristic, goal_ball=goal_ball
                )
                assert_sorts(books, result, expected)
    for heuristic in HEURISTICS:
        result = booksort.solve(books, heuristic=heuristic, goal_ball=0, table_entries=1024)
        assert_sorts(books, result, expected)


@settings(max_examples=200, deadline=None)
@given(shelves(1, 16))
def test_lower_bounds_match_reference(books: list[int]) -> None:
    assert booksort.lower_bound(books, "breakpoints") == reference.breakpoint_bound(books)
    # Rust "cycles" = max(cycle graph, breakpoints with the ends counted);
    # the reference lower_bound is max(cycle graph, breakpoints without).
    cycles = max(reference.cycle_bound(books), extended_breakpoint_bound(books))
    assert booksort.lower_bound(books, "cycles") == cycles
    assert booksort.lower_bound(books) == cycles
    assert cycles >= reference.lower_bound(books)


# --- the judge ---------------------------------------------------------------


@pytest.mark.parametrize(("books", "distance"), SAMPLES)
def test_samples(books: list[int], distance: int) -> None:
    assert booksort.distance(books) == distance
    for engine in ("ida", "astar", "bidirectional"):
        for heuristic in HEURISTICS:
            for goal_ball in GOAL_BALLS:
                result = booksort.solve(
                    books, engine=engine, heuristic=heuristic, goal_ball=goal_ball
                )
                assert_sorts(books, result, distance)
    judged = booksort.judge(books)
    assert judged == (distance if distance < booksort.JUDGE_CAP else None)
    assert reference.judge_answer(books) == (str(judged) if judged is not None else "5 or more")


@settings(max_examples=30, deadline=None)
@given(scrambled(1, 10, 6))
def test_judge_matches_reference(case: tuple[list[int], int]) -> None:
    books, scrambled_by = case
    judged = booksort.judge(books)
    assert (
        str(judged) if judged is not None else reference.JUDGE_TOO_MANY
    ) == reference.judge_answer(books)
    if judged is not None:
        assert judged <= scrambled_by


def test_judge_matches_reference_on_deep_scrambles() -> None:
    # Hypothesis favours short scrambles; these reach past the judge's cap.
    rng = random.Random(20240601)
    answers = []
    for _ in range(16):
        n = rng.choice([9, 10])
        books: tuple[int, ...] = tuple(range(1, n + 1))
        for _ in range(6):
            books = booksort.apply(books, rng.choice(booksort.moves(n)))
        judged = booksort.judge(books)
        answers.append(judged)
        assert (
            str(judged) if judged is not None else reference.JUDGE_TOO_MANY
        ) == reference.judge_answer(books)
    assert None in answers and 4 in answers


# --- fifteen books and limits ------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(scrambled(15, 15, 9))
def test_fifteen_books_sorted_within_the_scramble(case: tuple[list[int], int]) -> None:
    books, scrambled_by = case
    # Most scrambles take under a hundred expansions; the rare one at
    # distance 8 or 9 takes seconds to minutes, so it only has to prove a
    # bound consistent with the scramble.
    result = booksort.solve(books, node_limit=5000)
    if result.outcome is Outcome.NODE_LIMIT:
        assert result.lower_bound is not None
        assert booksort.lower_bound(books) <= result.lower_bound <= scrambled_by
        return
    assert result.cost is not None
    assert result.cost <= scrambled_by
    assert_sorts(books, result, result.cost)


@pytest.mark.parametrize("max_moves", range(5))
def test_max_moves_below_the_optimum_proves_a_bound(max_moves: int) -> None:
    books, distance = SAMPLES[2]
    for engine in ("ida", "astar", "bidirectional"):
        result = booksort.solve(books, engine=engine, max_moves=max_moves)
        assert result.outcome is Outcome.NO_SOLUTION
        assert not result.solved
        assert result.cost is None
        assert result.path == ()
        assert result.lower_bound is not None
        assert max_moves < result.lower_bound <= distance
        if max_moves == distance - 1:
            assert result.lower_bound == distance
    assert booksort.solve(books, max_moves=distance).cost == distance


@settings(max_examples=40, deadline=None)
@given(shelves(2, 8))
def test_max_moves_one_short_proves_the_distance(books: list[int]) -> None:
    distance = booksort.distance(books)
    if distance == 0:
        return
    for engine in ("ida", "astar", "bfs", "bidirectional"):
        result = booksort.solve(books, engine=engine, max_moves=distance - 1)
        assert result.outcome is Outcome.NO_SOLUTION
        assert result.lower_bound == distance


def test_max_moves_on_small_shelves_with_every_engine() -> None:
    books, distance = SAMPLES[1]
    for engine in ENGINES:
        result = booksort.solve(books, engine=engine, max_moves=distance - 1)
        assert (result.outcome, result.lower_bound) == (Outcome.NO_SOLUTION, distance)
        assert_sorts(books, booksort.solve(books, engine=engine, max_moves=distance), distance)


@pytest.mark.parametrize("engine", ENGINES)
def test_node_limit(engine: str) -> None:
    result = booksort.solve(HARD, engine=engine, node_limit=1, **HARD_OPTIONS)
    assert result.outcome is Outcome.NODE_LIMIT
    assert result.outcome.is_limit
    assert result.cost is None
    assert result.path == ()
    assert result.stats.expanded <= 1
    # Whatever was proven is still a true bound.
    assert result.lower_bound is not None and result.lower_bound <= 8


def test_time_limit() -> None:
    result = booksort.solve(HARD, time_limit=0.0, **HARD_OPTIONS)
    assert result.outcome is Outcome.TIME_LIMIT
    assert result.cost is None
    # No time at all stops even a search that would take no time.
    assert booksort.solve([2, 1, 3], time_limit=0.0).outcome is Outcome.TIME_LIMIT
    assert_sorts([2, 1, 3], booksort.solve([2, 1, 3], time_limit=1.0), 1)


# --- whole-space counts ------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 9))
def test_distance_distribution(n: int) -> None:
    row = booksort.distance_distribution(n)
    assert row == A164366[n]
    assert sum(row) == math.factorial(n)
    if n <= 7:
        assert row == reference.distance_distribution(n)


def test_distance_distribution_for_ten_books() -> None:
    assert booksort.distance_distribution(10) == [1, 165, 8646, 170907, 1183457, 2010571, 255053]


@pytest.mark.parametrize("n", [0, 13])
def test_distance_distribution_out_of_range(n: int) -> None:
    with pytest.raises(ValueError, match=str(n)):
        booksort.distance_distribution(n)


@pytest.mark.parametrize("n", [1.0, True, "3", None])
def test_distance_distribution_needs_an_integer(n: object) -> None:
    with pytest.raises(TypeError, match="integer"):
        booksort.distance_distribution(n)  # type: ignore[arg-type]


# --- moves -------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 17))
def test_moves(n: int) -> None:
    moves = booksort.moves(n)
    assert len(moves) == math.comb(n + 1, 3)
    assert moves == [booksort.BlockMove(*m) for m in reference.block_moves(n)]
    assert {move.inverse() for move in moves} == set(moves)


@settings(max_examples=100, deadline=None)
@given(shelves(2, 16), st.data())
def test_apply_and_inverse(books: list[int], data: st.DataObject) -> None:
    move = data.draw(st.sampled_from(booksort.moves(len(books))))
    moved = booksort.apply(books, move)
    assert moved == reference.apply(books, move)
    assert booksort.apply(moved, move.inverse()) == tuple(books)


@pytest.mark.parametrize("move", [(0, 0, 1), (1, 2, 4), (2, 1, 3), (-1, 1, 2)])
def test_apply_rejects_moves_that_do_not_fit(move: tuple[int, int, int]) -> None:
    with pytest.raises(InvalidPuzzle, match="block move"):
        booksort.apply([1, 2, 3], move)


# --- invalid input -----------------------------------------------------------

INVALID = [
    pytest.param([], "got 0", id="empty"),
    pytest.param([0], "book 0 at position 1 is out of range", id="zero"),
    pytest.param([1, 1], "book 1 appears twice", id="repeated"),
    pytest.param([2, 3], "book 3 at position 2 is out of range 1 to 2", id="gap"),
    pytest.param(list(range(1, 18)), "1 to 16 books, got 17", id="17-books"),
    pytest.param([-1, 1], "book -1 at position 1", id="negative"),
    pytest.param([2**70, 1], "out of range", id="huge"),
    pytest.param("123", "sequence of integers, got str", id="string"),
    pytest.param(b"\x02\x01", "sequence of integers, got bytes", id="bytes"),
    pytest.param([1, "2"], "position 2 must be an integer", id="string-book"),
    pytest.param([1.0, 2.0], "position 1 must be an integer, got 1.0", id="floats"),
    pytest.param([True, False], "must be an integer, got True", id="bools"),
    pytest.param(None, "sequence of integers, got NoneType", id="none"),
    pytest.param([1, None], "position 2 must be an integer, got None", id="none-book"),
    pytest.param(5, "sequence of integers, got int", id="int"),
]


@pytest.mark.parametrize(("books", "message"), INVALID)
def test_invalid_shelves_are_named(books: object, message: str) -> None:
    for call in (booksort.solve, booksort.distance, booksort.judge, booksort.lower_bound):
        with pytest.raises(InvalidPuzzle, match=message) as raised:
            call(books)  # type: ignore[arg-type]
        assert isinstance(raised.value, ValueError)
    with pytest.raises(InvalidPuzzle, match=message):
        booksort.apply(books, (0, 1, 2))  # type: ignore[arg-type]


def test_invalid_puzzle_is_a_value_error() -> None:
    assert issubclass(idastar.InvalidPuzzle, ValueError)
    assert issubclass(idastar.Unsolvable, idastar.InvalidPuzzle)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_moves": -1}, "max_moves"),
        ({"node_limit": -1}, "node_limit"),
        ({"state_limit": -1}, "state_limit"),
        ({"goal_ball": -1}, "goal_ball"),
        ({"table_entries": -1}, "table_entries"),
        ({"engine": "dfs"}, "unknown engine"),
        ({"heuristic": "manhattan"}, "heuristic: unknown heuristic"),
        ({"time_limit": -1.0}, "time_limit"),
        ({"time_limit": float("nan")}, "time_limit"),
    ],
)
def test_invalid_options_raise_value_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message) as raised:
        booksort.solve([2, 1, 3], **options)  # type: ignore[arg-type]
    # The shelf is fine: the error is about the option, not the puzzle.
    assert not isinstance(raised.value, InvalidPuzzle)


def test_unknown_heuristic_for_lower_bound() -> None:
    with pytest.raises(ValueError, match="manhattan"):
        booksort.lower_bound([2, 1, 3], "manhattan")  # type: ignore[arg-type]


# --- other inputs and the result objects ------------------------------------


def test_numpy_arrays_are_accepted() -> None:
    np = pytest.importorskip("numpy")
    for dtype in (np.int64, np.int32, np.uint8):
        books = np.array([1, 3, 4, 6, 2, 5], dtype=dtype)
        assert booksort.distance(books) == 2
        assert booksort.judge(books) == 2
        assert booksort.lower_bound(books) == booksort.lower_bound([1, 3, 4, 6, 2, 5])
        assert_sorts([1, 3, 4, 6, 2, 5], booksort.solve(books), 2)
    assert booksort.distance([np.int64(2), np.int64(1)]) == 1
    with pytest.raises(InvalidPuzzle, match="integer"):
        booksort.solve(np.array([1.0, 2.0]))


def test_tuples_and_iterators_are_accepted() -> None:
    assert booksort.distance((5, 4, 3, 2, 1)) == 3
    assert booksort.distance(iter([5, 4, 3, 2, 1])) == 3  # type: ignore[arg-type]
    assert booksort.distance(range(1, 17)) == 0


def test_results_are_immutable_and_serialisable() -> None:
    result = booksort.solve([1, 3, 4, 6, 2, 5])
    with pytest.raises(AttributeError, match="immutable"):
        result.cost = 0  # type: ignore[misc]
    for obj, field in [(result.stats, "expanded"), (result.stats.iterations[0], "bound")]:
        assert dataclasses.is_dataclass(obj)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, field, 0)
    assert isinstance(result.path, tuple)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["outcome"] == "solved"
    assert data["cost"] == data["lower_bound"] == 2
    assert [tuple(move) for move in data["path"]] == list(result.path)
    assert data["stats"]["expanded"] == result.stats.expanded
    assert sum(it["expanded"] for it in data["stats"]["iterations"]) == result.stats.expanded
    assert result.stats.elapsed >= 0
    assert "total:" in result.stats.format()
    unsolved = booksort.solve(SAMPLES[2][0], max_moves=4)
    data = json.loads(json.dumps(unsolved.to_dict()))
    assert data == {**data, "outcome": "no_solution", "cost": None, "path": [], "lower_bound": 5}
    assert str(Outcome.NO_SOLUTION) == "no_solution"


def test_block_move_is_a_named_tuple() -> None:
    move = booksort.BlockMove(1, 3, 6)
    assert move == (1, 3, 6)
    assert (move.start, move.split, move.end) == (1, 3, 6)
    assert move.inverse() == (1, 4, 6)
    assert move.inverse().inverse() == move


def test_solve_many_with_one_thread_matches_all_threads() -> None:
    rng = random.Random(4)
    shelves = [rng.sample(range(1, 11), 10) for _ in range(40)]
    one = [r.cost for r in booksort.solve_many(shelves, threads=1)]
    assert one == [r.cost for r in booksort.solve_many(shelves)]
    with pytest.raises(ValueError, match="threads"):
        booksort.solve_many(shelves, threads=0)


# --------------------------------------------------------------------------
# The engines that store states are bounded by default


SIXTEEN = [5, 10, 14, 13, 2, 16, 12, 8, 9, 4, 6, 7, 15, 1, 11, 3]


def test_the_default_state_limit_is_the_sliding_puzzles() -> None:
    assert booksort.DEFAULT_STATE_LIMIT == idastar.sliding.DEFAULT_STATE_LIMIT == 20_000_000


@pytest.mark.parametrize("engine", ["astar", "bfs", "bidirectional"])
def test_engines_that_store_states_get_the_default_state_limit(engine: booksort.Engine) -> None:
    # A small limit, so that reaching it takes milliseconds.
    few = {"engine": engine, "state_limit": 1000}
    assert booksort.solve(SIXTEEN, **few).outcome is Outcome.MEMORY_LIMIT  # type: ignore[arg-type]
    assert booksort.solve_many([SIXTEEN], **few)[0].outcome is Outcome.MEMORY_LIMIT  # type: ignore[arg-type]
    # An explicit limit still wins, and IDA* stores no states to limit.
    eight = [5, 2, 8, 1, 7, 3, 6, 4]
    assert booksort.solve(eight, engine=engine, state_limit=10**9).outcome is Outcome.SOLVED
    assert booksort.solve(SIXTEEN).outcome is Outcome.SOLVED


@pytest.mark.slow
def test_a_breadth_first_search_of_16_books_stops_at_the_default_state_limit() -> None:
    """It grew past 2.7 GB before there was a default; now it stops at 20
    million states (some 20 seconds, about 1.4 GB)."""
    code = f"""
        from idastar import booksort
        result = booksort.solve({SIXTEEN!r}, engine="bfs", time_limit=120).outcome.value
        """
    outcome, peak = run_child(code, timeout=300)
    assert outcome == "memory_limit"
    assert peak < 2500, f"{peak:.0f} MiB"
