"""Batches: ``solve_many`` of every puzzle, as Solution lists and as numpy arrays.

The array form must say exactly what the list form says (lengths, outcomes,
moves), accept numpy input of any integer type, keep input order whatever
the thread count, and replay: every path in the arrays leads to the goal in
exactly the length it claims.
"""

from __future__ import annotations

import enum
import pickle
import random
from typing import Any

import numpy as np
import pytest

from idastar import (
    BatchResult,
    InvalidPuzzle,
    Outcome,
    Unsolvable,
    _core,
    booksort,
    pancake,
    rotation,
    sliding,
    squares,
)


def shelves(count: int, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(n) + 1 for _ in range(count)])


def rotation_boards(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation([1] * 8 + [2] * 8 + [3] * 8) for _ in range(count)])


def eight_puzzles(count: int, seed: int) -> np.ndarray:
    """Random solvable 3 x 3 boards: random walks from the goal."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        board = list(sliding.goal_tiles("blank-last", width=3, height=3))
        walk = "".join(rng.choice(sliding.MOVES) for _ in range(40))
        for move in walk:
            try:
                board = list(sliding.apply(board, move, width=3, height=3))
            except InvalidPuzzle:  # the blank is at the edge
                pass
        boards.append(board)
    return np.array(boards)


def same_arrays(a: BatchResult, b: BatchResult) -> None:
    for field in (
        "outcomes",
        "costs",
        "lower_bounds",
        "expanded",
        "generated",
        "paths",
        "centres",
    ):
        left, right = getattr(a, field), getattr(b, field)
        assert (left is None) == (right is None), field
        if left is not None:
            np.testing.assert_array_equal(left, right, err_msg=field)


def test_outcome_codes_are_the_cores() -> None:
    assert [outcome.value for outcome in Outcome] == list(_core.OUTCOMES)
    for outcome in Outcome:
        assert Outcome.from_code(outcome.code) is outcome
    assert Outcome.SOLVED.code == 0


def test_booksort_arrays_match_solutions_and_replay() -> None:
    cases = shelves(40, 9, 1)
    solutions = booksort.solve_many(cases.tolist())
    batch = booksort.solve_many(cases, arrays=True)
    assert len(batch) == len(cases) and batch.solved.all()
    assert batch.paths is not None and batch.paths.shape[2] == 3
    for index, (shelf, solution) in enumerate(zip(cases.tolist(), solutions, strict=True)):
        assert batch.costs[index] == solution.cost
        assert [tuple(move) for move in batch.path(index)] == list(solution.path)
        for move in batch.path(index):
            shelf = list(booksort.apply(shelf, tuple(move)))
        assert shelf == sorted(shelf)
        padding = batch.paths[index][batch.costs[index] :]
        assert (padding == -1).all()
    assert batch.expanded.dtype == np.uint64 and batch.costs.dtype == np.int32


def test_rotation_arrays_match_the_tuples_and_replay() -> None:
    boards = rotation_boards(200, 2)
    solutions = rotation.solve_many(boards.tolist())
    batch = rotation.solve_many(boards.astype(np.uint8), arrays=True)
    assert batch.centres is not None
    for index, (board, solution) in enumerate(zip(boards.tolist(), solutions, strict=True)):
        moves, centre = "".join(solution.path), solution.centre
        letters = "".join(rotation.MOVES[code] for code in batch.path(index))
        assert (letters, int(batch.centres[index])) == (moves, centre)
        assert batch.costs[index] == len(moves)
        after = rotation.replay(board, letters)
        assert rotation.is_solved(after) and after[rotation.CENTRE[0]] == centre
    ida = rotation.solve_many(boards[:20], engine="ida", arrays=True)
    np.testing.assert_array_equal(ida.paths, rotation.solve_many(boards[:20], arrays=True).paths)


def test_squares_arrays_from_pairs_and_from_masks() -> None:
    rng = random.Random(3)
    n = 4
    cases = [
        (n, rng.sample(range(1, squares.stick_count(n) + 1), rng.randint(0, 8))) for _ in range(30)
    ]
    solutions = squares.solve_many(cases, threads=2)
    masks = np.zeros((len(cases), squares.stick_count(n)), dtype=bool)
    for row, (_, removed) in enumerate(cases):
        masks[row, np.array(removed, dtype=int) - 1] = True
    batch = squares.solve_many(masks, n=n, arrays=True)
    for index, ((_, removed), solution) in enumerate(zip(cases, solutions, strict=True)):
        assert solution.cost == squares.solve(n, removed).cost
        assert batch.costs[index] == solution.cost
        assert batch.path(index) == list(solution.path)
        assert squares.destroys(n, [*removed, *batch.path(index)])
    pairs = squares.solve_many([squares.Case(n, tuple(r)) for _, r in cases], n=n, arrays=True)
    same_arrays(pairs, batch)


def test_sliding_arrays_match_solutions_and_replay() -> None:
    boards = eight_puzzles(25, 4)
    options: dict[str, Any] = {"width": 3, "height": 3, "heuristic": "manhattan"}
    solutions = sliding.solve_many(boards.tolist(), **options)
    batch = sliding.solve_many(boards.astype(np.int16), arrays=True, **options)
    for index, (board, solution) in enumerate(zip(boards.tolist(), solutions, strict=True)):
        letters = "".join(sliding.MOVES[code] for code in batch.path(index))
        assert letters == "".join(solution.path)
        assert batch.costs[index] == solution.cost == len(letters)
        assert sliding.replay(board, letters, width=3, height=3) == tuple(
            sliding.goal_tiles("blank-last", width=3, height=3)
        )


@pytest.mark.parametrize(
    "solve",
    [
        lambda cases, **kw: booksort.solve_many(shelves(30, 10, 5), **kw),
        lambda cases, **kw: rotation.solve_many(rotation_boards(300, 6), **kw),
        lambda cases, **kw: sliding.solve_many(
            eight_puzzles(20, 7), width=3, height=3, heuristic="manhattan", **kw
        ),
        lambda cases, **kw: squares.solve_many([(5, [])] + [(4, [i]) for i in range(1, 20)], **kw),
    ],
    ids=["booksort", "rotation", "sliding", "squares"],
)
def test_arrays_do_not_depend_on_the_thread_count(solve: Any) -> None:
    one = solve(None, arrays=True, threads=1)
    two = solve(None, arrays=True, threads=2)
    same_arrays(one, two)
    without = solve(None, arrays=True, paths=False)
    assert without.paths is None
    np.testing.assert_array_equal(without.costs, one.costs)


def test_limits_show_as_outcome_codes() -> None:
    batch = booksort.solve_many(
        [[5, 4, 3, 2, 1], [2, 1, 3]], arrays=True, node_limit=1, goal_ball=0
    )
    assert [batch.outcome(i) for i in range(2)] == [Outcome.NODE_LIMIT, Outcome.SOLVED]
    assert batch.costs.tolist() == [-1, 1]
    assert batch.lower_bounds[0] >= 1
    assert batch.path(0) == []
    capped = booksort.solve_many([[5, 4, 3, 2, 1]], arrays=True, max_moves=1)
    assert capped.outcome(0) is Outcome.NO_SOLUTION and capped.costs[0] == -1


def test_bad_arrays_are_refused_with_the_case_named() -> None:
    with pytest.raises(InvalidPuzzle, match=r"cases\[1\]: "):
        booksort.solve_many(np.array([[1, 2, 3], [1, 1, 3]]), arrays=True)
    with pytest.raises(InvalidPuzzle, match="shape"):
        booksort.solve_many(np.array([1, 2, 3]), arrays=True)
    with pytest.raises(InvalidPuzzle, match="integer array"):
        rotation.solve_many(np.ones((2, 24)), arrays=True)
    with pytest.raises(InvalidPuzzle, match=r"cases\[0\]: a board has 24 cells, got 23"):
        rotation.solve_many(np.ones((2, 23), dtype=int), arrays=True)
    with pytest.raises(InvalidPuzzle, match=r"cases\[1\]: "):
        rotation.solve_many(np.vstack([rotation_boards(1, 0), np.zeros((1, 24), int)]))
    with pytest.raises(InvalidPuzzle, match=r"cases\[0\]: tile -1 at cell 0 is out of range"):
        sliding.solve_many(np.full((1, 9), -1), width=3, height=3, arrays=True)
    with pytest.raises(InvalidPuzzle, match=r"cases\[1\]: a stick mask holds only 0 and 1"):
        squares.solve_many(np.array([[0] * 12, [2] + [0] * 11]), n=2)
    with pytest.raises(InvalidPuzzle, match=r"cases\[0\]: a squares case must be a sequence"):
        squares.solve_many([3])


def test_batch_results_pickle() -> None:
    batch = rotation.solve_many(rotation_boards(10, 8), arrays=True)
    again = pickle.loads(pickle.dumps(batch))
    same_arrays(again, batch)
    with pytest.raises(ValueError, match="paths=False"):
        rotation.solve_many(rotation_boards(1, 8), arrays=True, paths=False).path(0)


# --------------------------------------------------------------------------
# Packed states: whole arrays to and from the core's codes


def bits(rows: np.ndarray, width: int, offset: int = 0) -> list[int]:
    """Each row's values packed ``width`` bits apiece, as Python ints."""
    return [sum((int(v) - offset) << (width * i) for i, v in enumerate(row)) for row in rows]


def test_booksort_codes_round_trip_and_are_four_bits_a_book() -> None:
    cases = shelves(500, 16, 9)
    codes = booksort.pack(cases)
    assert codes.dtype == np.uint64 and codes.shape == (500,)
    assert codes.tolist() == bits(cases, 4, offset=1)
    np.testing.assert_array_equal(booksort.unpack(codes, n=16), cases)
    assert booksort.pack([[1, 2, 3]]).tolist() == [0 | 1 << 4 | 2 << 8]
    with pytest.raises(InvalidPuzzle, match=r"cases\[1\]: "):
        booksort.pack(np.array([[1, 2, 3], [3, 3, 1]]))


def test_rotation_codes_round_trip_and_are_two_bits_a_cell() -> None:
    boards = rotation_boards(300, 10)
    codes = rotation.pack(boards)
    assert codes.tolist() == bits(boards, 2)
    np.testing.assert_array_equal(rotation.unpack(codes), boards)
    with pytest.raises(InvalidPuzzle, match=r"cases\[0\]: "):
        rotation.pack(np.full((1, 24), 4))


@pytest.mark.parametrize(("width", "height", "bits_per_cell"), [(3, 3, 4), (4, 4, 4), (5, 5, 5)])
def test_sliding_codes_round_trip(width: int, height: int, bits_per_cell: int) -> None:
    boards = np.array([sliding.random(width, height, seed=seed) for seed in range(200)])
    codes = sliding.pack(boards, width=width, height=height)
    expected = bits(boards, bits_per_cell)
    if width * height <= 16:
        assert codes.shape == (200,) and codes.tolist() == expected
    else:
        assert codes.shape == (200, 2)
        assert [int(lo) | int(hi) << 64 for lo, hi in codes] == expected
    np.testing.assert_array_equal(sliding.unpack(codes, width=width, height=height), boards)
    with pytest.raises(InvalidPuzzle, match=r"cases\[0\]: "):
        sliding.pack(np.zeros((1, width * height), int), width=width, height=height)
    # A code stands for a board the goal can be reached from, as pack packs.
    unsolvable = boards[:1].copy()
    unsolvable[0, np.flatnonzero(unsolvable[0])[:2]] = unsolvable[
        0, np.flatnonzero(unsolvable[0])[1::-1]
    ]
    with pytest.raises(Unsolvable, match=r"cases\[0\]: "):
        sliding.pack(unsolvable, width=width, height=height)


@pytest.mark.parametrize("n", [1, 5, 7, 8, 16])
def test_squares_codes_round_trip_and_mark_removed_sticks(n: int) -> None:
    rng = np.random.default_rng(n)
    masks = rng.integers(0, 2, size=(50, squares.stick_count(n)))
    codes = squares.pack(masks, n=n)
    words = -(-squares.stick_count(n) // 64)
    assert codes.shape == ((50,) if words == 1 else (50, words))
    for mask, row in zip(masks, codes.reshape(50, words), strict=True):
        code = sum(int(word) << (64 * i) for i, word in enumerate(row))
        assert code == sum(1 << stick for stick in np.flatnonzero(mask).tolist())
    np.testing.assert_array_equal(squares.unpack(codes, n=n), masks)


class Small(enum.IntEnum):
    ONE = 1
    TWO = 2
    THREE = 3


@pytest.mark.parametrize(
    "case",
    [
        [Small.TWO, Small.ONE, Small.THREE],
        [2, Small.ONE, 3],
        (2, 1, 3),
        [2, True, 3],
        [2, 1, 2**70],
        [2, 1, -3],
        [2, 1.0, 3],
        [2, 1, "3"],
        [2, 1],
    ],
)
def test_a_batch_reads_a_case_as_solve_does(case: list[Any]) -> None:
    """A list batch goes to the core unread, each value read there at once
    when it is an exact int, and generally otherwise: int subclasses and
    tuples are cases too, and what is refused is refused with the same
    words as by ``solve``, the case named."""
    good = [3, 1, 2]
    try:
        single: Any = pancake.solve(case).cost
    except (InvalidPuzzle, TypeError) as error:
        with pytest.raises(type(error)) as in_batch:
            pancake.solve_many([good, case])
        assert str(in_batch.value) == f"cases[1]: {error}"
    else:
        assert [s.cost for s in pancake.solve_many([good, case])] == [2, single]


def test_empty_and_ragged_inputs() -> None:
    assert booksort.pack([]).shape == (0,)
    assert rotation.unpack([]).shape == (0, 24)
    assert len(booksort.solve_many(np.zeros((0, 6), dtype=int), arrays=True)) == 0
    assert len(squares.solve_many([], arrays=True)) == 0
    with pytest.raises(InvalidPuzzle, match="every case must have n = 2 values"):
        booksort.pack([[1, 2], [1]], n=2)
    with pytest.raises(ValueError, match="1-D integer array"):
        booksort.unpack([1.5], n=3)


def test_thread_counts_are_checked() -> None:
    for solve in (booksort.solve_many, rotation.solve_many, squares.solve_many):
        with pytest.raises(ValueError, match="threads"):
            solve([], threads=0)
        with pytest.raises(ValueError, match=f"from 1 to {_core.MAX_THREADS}"):
            solve([[1]] if solve is booksort.solve_many else [], threads=_core.MAX_THREADS + 1)
