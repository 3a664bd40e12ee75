"""Long solves stop on Ctrl-C and on their limits, and release the GIL while they run."""

from __future__ import annotations

import sys
import threading
import time

import pytest
from conftest import seconds_to_stop_command_on_ctrl_c, seconds_to_stop_on_ctrl_c

from idastar import Outcome, booksort

# Reversed 16 books with the judge's weak bound and no goal ball: minutes of
# search, so only a limit or an interrupt ends it.
HARD = list(range(16, 0, -1))
SLOW = {"heuristic": "breakpoints", "goal_ball": 0}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
def test_ctrl_c_stops_a_long_solve_with_keyboard_interrupt() -> None:
    # The search polls for signals every few thousand nodes.
    delay = seconds_to_stop_on_ctrl_c(
        f"booksort.solve({HARD!r}, heuristic='breakpoints', goal_ball=0)",
        setup="from idastar import booksort",
    )
    assert delay < 0.5


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
def test_ctrl_c_stops_a_batch() -> None:
    delay = seconds_to_stop_on_ctrl_c(
        f"booksort.solve_many([{HARD!r}] * 4, heuristic='breakpoints', goal_ball=0)",
        setup="from idastar import booksort",
    )
    assert delay < 0.5


# One of the hardest 15-puzzle positions (80 moves to the blank-first goal):
# Manhattan-distance IDA* takes far longer than any test.
EIGHTY_MOVES = [15, 14, 8, 12, 10, 11, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize(
    ("call", "setup"),
    [
        (
            "squares.solve_many([(8, [])] * 2, solver='seed', arrays=True)",
            "from idastar import squares",
        ),
        (
            f"fifteen.solve_many([{EIGHTY_MOVES!r}] * 2, goal='blank-first', "
            "heuristic='manhattan', arrays=True)",
            "from idastar import fifteen",
        ),
        ("squares.solve(8, solver='seed')", "from idastar import squares"),
        (
            f"fifteen.solve({EIGHTY_MOVES!r}, goal='blank-first', heuristic='manhattan')",
            "from idastar import fifteen",
        ),
        (
            "rotation.solve_many(boards * 20000, engine='ida')",
            "import random; from idastar import rotation; "
            "boards = [random.Random(i).sample([1] * 8 + [2] * 8 + [3] * 8, 24) for i in range(5)]",
        ),
    ],
    ids=["squares batch", "fifteen batch", "squares", "fifteen", "rotation batch"],
)
def test_ctrl_c_stops_every_puzzle(call: str, setup: str) -> None:
    assert seconds_to_stop_on_ctrl_c(call, setup=setup) < 0.5


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize(
    ("call", "setup"),
    [
        ("rotation.census()", "from idastar import rotation"),
        ("booksort.distance_distribution(11)", "from idastar import booksort"),
        (f"booksort.solve({HARD!r}, goal_ball=3)", "from idastar import booksort"),
        (f"booksort.solve_many([{HARD!r}], goal_ball=3)", "from idastar import booksort"),
    ],
    ids=["rotation census", "booksort distribution", "goal ball", "goal ball in a batch"],
)
def test_ctrl_c_stops_whole_space_work(call: str, setup: str) -> None:
    """Seconds of work over every board or shelf (or, for the goal ball of
    radius 3 at 16 books, over millions of shelves) stop within half a second."""
    assert seconds_to_stop_on_ctrl_c(call, setup=setup) < 0.5


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
def test_ctrl_c_stops_the_census_command() -> None:
    assert seconds_to_stop_command_on_ctrl_c("rotation", "--census") < 0.5


def test_time_limit_returns_a_limit_outcome() -> None:
    result = booksort.solve(HARD, time_limit=0.05, **SLOW)
    assert result.outcome is Outcome.TIME_LIMIT
    assert result.cost is None and result.path == ()
    assert result.lower_bound is not None and result.lower_bound <= booksort.distance(HARD)


def test_node_limit_returns_a_limit_outcome() -> None:
    result = booksort.solve(HARD, node_limit=1000, **SLOW)
    assert result.outcome is Outcome.NODE_LIMIT
    assert result.stats.expanded == 1000


def test_a_solve_releases_the_gil() -> None:
    """Another Python thread keeps running while a solve is in progress."""
    ticks = 0
    stop = threading.Event()

    def tick() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        result = booksort.solve(HARD, time_limit=0.3, **SLOW)
    finally:
        stop.set()
        thread.join()
    assert result.outcome is Outcome.TIME_LIMIT
    # A held GIL would leave the ticker at a handful of switches.
    assert ticks > 50
