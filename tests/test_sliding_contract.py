"""Sliding tiles and the 15-puzzle on the puzzle contract: the vocabulary
every puzzle module offers, the board read off its tiles, the engines by
name, and the limits that count the pattern databases' preparation."""

from __future__ import annotations

import time

import numpy as np
import pytest

import idastar
from idastar import InvalidPuzzle, Outcome, Unsolvable, fifteen, reference, sliding

SAMPLE = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]


def test_the_names_come_from_the_core_the_specialised_ida_first() -> None:
    assert sliding.NAME == "sliding" and fifteen.NAME == "fifteen"
    assert sliding.ENGINES == ("ida-tiles", "ida", "astar", "iddfs", "bfs", "bidirectional")
    assert sliding.HEURISTICS == ("pdb", "linear-conflict", "manhattan")
    assert (fifteen.ENGINES, fifteen.HEURISTICS) == (sliding.ENGINES, sliding.HEURISTICS)
    assert "sliding" in idastar._core.PUZZLES and "fifteen" in idastar.PUZZLES
    assert idastar.puzzle("fifteen") is fifteen.PUZZLE


@pytest.mark.parametrize(("width", "height"), [(2, 2), (3, 3), (4, 4), (5, 5)])
def test_a_random_square_board_is_solved_without_its_shape(width: int, height: int) -> None:
    tiles = sliding.random(width=width, height=height, seed=width)
    assert tiles == sliding.random(width=width, height=height, seed=width)
    assert sliding.is_solvable(tiles, width=width, height=height)
    if width == 5:  # the 24-puzzle's databases take minutes: the shape is all that is checked
        assert sliding.lower_bound(tiles, heuristic="manhattan") > 0
        return
    result = sliding.solve(tiles)
    assert sliding.is_solved(sliding.replay(tiles, result.path))
    assert result.cost == len(result.path)
    if width < 4:
        assert result.cost == reference.sliding.distance(tiles, width, height)


def test_random_boards_reach_either_goal_and_cover_both_parities_of_the_blank() -> None:
    boards = [sliding.random(3, 3, goal="blank-first", seed=seed) for seed in range(200)]
    assert all(sliding.is_solvable(b, width=3, height=3, goal="blank-first") for b in boards)
    assert len({b.index(0) for b in boards}) == 9
    assert len(set(boards)) == 200


def test_a_rectangle_needs_its_shape() -> None:
    tiles = [1, 2, 3, 4, 0, 5]
    with pytest.raises(InvalidPuzzle, match="6 tiles are not a square board"):
        sliding.solve(tiles)
    result = sliding.solve(tiles, width=3, height=2)
    assert result.cost == 1
    assert sliding.apply(tiles, "R", width=3, height=2) == (1, 2, 3, 4, 5, 0)
    assert sliding.is_solved(
        sliding.replay(tiles, result.path, width=3, height=2), width=3, height=2
    )


def test_every_engine_gives_the_same_cost_and_a_path_that_replays() -> None:
    tiles = sliding.random(3, 3, seed=7)
    costs = set()
    for engine in sliding.ENGINES:
        for heuristic in sliding.HEURISTICS:
            result = sliding.solve(tiles, engine=engine, heuristic=heuristic)  # type: ignore[arg-type]
            assert sliding.is_solved(sliding.replay(tiles, result.path)), (engine, heuristic)
            costs.add(result.cost)
    assert costs == {reference.sliding.distance(tiles, 3, 3)}


def test_apply_takes_one_move_and_replay_a_path() -> None:
    assert fifteen.apply(SAMPLE, "L") == sliding.apply(SAMPLE, "L")
    with pytest.raises(InvalidPuzzle, match="is not one of U, D, L, R"):
        fifteen.apply(SAMPLE, "LL")
    assert fifteen.replay(SAMPLE, "LLLDDRRR") == fifteen.GOAL
    assert fifteen.replay(SAMPLE, list("LLLDDRRR")) == fifteen.GOAL
    assert fifteen.is_solved(fifteen.GOAL) and not fifteen.is_solved(SAMPLE)
    with pytest.raises(InvalidPuzzle, match="move 2: R takes the blank off the board"):
        fifteen.replay(fifteen.GOAL, "UUR")


def test_an_unsolvable_board_is_refused_by_every_call_that_reads_boards() -> None:
    swapped = [2, 1, *range(3, 16), 0]
    for call in (
        lambda: fifteen.solve(swapped),
        lambda: fifteen.lower_bound(swapped, heuristic="manhattan"),
        lambda: fifteen.pack([swapped]),
        lambda: sliding.solve_many([SAMPLE, swapped], heuristic="manhattan"),
    ):
        with pytest.raises(Unsolvable):
            call()
    with pytest.raises(Unsolvable, match=r"^cases\[1\]: "):
        sliding.solve_many([SAMPLE, swapped], heuristic="manhattan")


def test_options_are_named_in_their_errors() -> None:
    with pytest.raises(ValueError, match=r'^engine: unknown engine "ida-generic"'):
        fifteen.solve(SAMPLE, engine="ida-generic")  # type: ignore[typeddict-item]
    with pytest.raises(ValueError, match=r"^heuristic: unknown heuristic"):
        fifteen.solve(SAMPLE, heuristic="hamming")  # type: ignore[typeddict-item]
    with pytest.raises(ValueError, match=r"^goal must be"):
        fifteen.solve(SAMPLE, goal="blank-middle")  # type: ignore[typeddict-item]
    with pytest.raises(ValueError, match=r"^patterns: unknown pattern partition"):
        fifteen.solve(SAMPLE, patterns="six")
    with pytest.raises(TypeError, match="reflect"):
        fifteen.solve(SAMPLE, reflect="yes")  # type: ignore[typeddict-item]
    with pytest.raises(TypeError, match="dual"):
        fifteen.solve(SAMPLE, dual=1)  # type: ignore[typeddict-item]
    with pytest.raises(TypeError, match="colour"):
        fifteen.solve(SAMPLE, colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        fifteen.solve(SAMPLE, width=4)  # type: ignore[call-arg]
    # A goal's length says the board when no shape is given.
    goal = list(range(9))
    assert sliding.solve([1, 0, 2, 3, 4, 5, 6, 7, 8], goal=goal).cost == 1


def test_codes_of_the_24_puzzle_take_two_words_low_first() -> None:
    board = sliding.random(5, 5, seed=3)
    codes = sliding.pack([board], width=5, height=5)
    assert codes.shape == (1, 2) and codes.dtype == np.uint64
    code = int(codes[0, 0]) | int(codes[0, 1]) << 64
    assert code == sum(tile << (5 * cell) for cell, tile in enumerate(board))
    np.testing.assert_array_equal(sliding.unpack(codes, width=5, height=5), [board])
    with pytest.raises(ValueError, match="take 2 words"):
        sliding.unpack(codes[:, :1], width=5, height=5)
    with pytest.raises(InvalidPuzzle, match="bits beyond 9 cells"):
        sliding.unpack(np.array([1 << 40], dtype=np.uint64), width=3, height=3)


def test_the_limits_end_the_hard_case_on_the_generic_ida() -> None:
    assert sliding.HARD_CASE == fifteen.HARD_CASE and sliding.is_solvable(sliding.HARD_CASE)
    options: fifteen.Options = {"engine": "ida", "heuristic": "manhattan"}
    assert fifteen.solve(fifteen.HARD_CASE, node_limit=0, **options).outcome is Outcome.NODE_LIMIT
    assert fifteen.solve(fifteen.HARD_CASE, time_limit=0, **options).outcome is Outcome.TIME_LIMIT
    began = time.perf_counter()
    result = fifteen.solve(fifteen.HARD_CASE, time_limit=0.2, **options)
    waited = time.perf_counter() - began
    # The limit counts the whole call; the search's own clock starts a
    # little after the call, so it can read a hair under the limit.
    assert result.outcome is Outcome.TIME_LIMIT and 0.2 <= waited < 1
    assert 0.1 < result.stats.elapsed <= waited
    capped = fifteen.solve(fifteen.HARD_CASE, max_moves=40, **options)
    assert capped.outcome is Outcome.NO_SOLUTION and capped.lower_bound > 40
    stored = fifteen.solve(fifteen.HARD_CASE, engine="astar", heuristic="manhattan", state_limit=0)
    assert stored.outcome is Outcome.MEMORY_LIMIT


def test_the_reference_solution_replays_on_the_fast_module() -> None:
    tiles = sliding.random(3, 3, seed=11)
    solution = reference.sliding.solve(tiles)
    assert isinstance(solution, idastar.Solution) and solution.solved
    assert sliding.is_solved(sliding.replay(tiles, solution.path))
    assert solution.cost == sliding.distance(tiles)
