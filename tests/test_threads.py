"""Solves from several Python threads at once: correct answers, run side by side, results pickle."""

from __future__ import annotations

import pickle
import random
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from idastar import booksort, fifteen, rotation, squares

SAMPLE = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3]


def shelves(count: int, n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(1, n + 1), n) for _ in range(count)]


def test_threads_give_the_answers_of_a_single_thread() -> None:
    work = shelves(24, 11, 1)
    serial = [booksort.distance(s) for s in work]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(booksort.distance, work))
    assert parallel == serial


def test_threads_mix_puzzles_safely() -> None:
    rng = random.Random(2)
    boards = []
    for _ in range(20):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        boards.append(board)
    expected = [(r.path, r.centre) for r in map(rotation.solve, boards)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        rotations = pool.map(lambda b: rotation.solve(b, engine="ida"), boards)
        grids = pool.map(lambda n: squares.solve(n).cost, [4, 5, 6])
        assert [(r.path, r.centre) for r in rotations] == expected
        assert list(grids) == [9, 14, 19]


def test_solves_from_two_threads_run_at_the_same_time() -> None:
    """Both solves stop on a 1 s wall-clock limit: side by side they start
    and end together; one after the other (the lock held through a solve)
    the second would start and end 1 s after the first. Half of that is the
    margin, for a loaded machine starts and stops threads late (0.23 s
    apart once, under a second test run on the same cores)."""
    hard = list(range(16, 0, -1))

    def solve(_: int) -> tuple[float, float]:
        started = time.perf_counter()
        booksort.solve(hard, heuristic="breakpoints", goal_ball=0, time_limit=1.0)
        return started, time.perf_counter()

    with ThreadPoolExecutor(max_workers=2) as pool:
        (start_a, end_a), (start_b, end_b) = pool.map(solve, range(2))
    assert abs(start_a - start_b) < 0.5
    assert abs(end_a - end_b) < 0.5


def test_results_pickle() -> None:
    results = [
        booksort.solve([3, 1, 2]),
        rotation.solve([1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3]),
        squares.solve(3),
        fifteen.solve(
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15], heuristic="manhattan"
        ),
    ]
    for result in results:
        assert pickle.loads(pickle.dumps(result)) == result


@pytest.mark.skipif(
    not sysconfig.get_config_var("Py_GIL_DISABLED"), reason="needs a free-threaded interpreter"
)
def test_free_threaded_python_keeps_the_gil_off() -> None:
    """The module declares it does not need the GIL: importing it must not
    turn the GIL back on, and solves from many threads stay correct."""
    import idastar._core  # noqa: F401

    assert not sys._is_gil_enabled()  # type: ignore[attr-defined]
    work = shelves(64, 11, 3)
    serial = [booksort.distance(s) for s in work]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(booksort.distance, work)) == serial
        batches = list(pool.map(lambda _: rotation.solve_many([SAMPLE] * 50), range(8)))
    assert all(answers == [("AC", 2)] * 50 for answers in batches)
