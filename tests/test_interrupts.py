"""Long solves stop on Ctrl-C and on their limits, and release the GIL while they run."""

from __future__ import annotations

import sys
import threading
import time

import pytest
from conftest import seconds_to_stop_command_on_ctrl_c, seconds_to_stop_on_ctrl_c

from idastar import Outcome, booksort, fifteen

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
            "squares.solve_many([squares.HARD_CASE] * 2, engine='ida', arrays=True)",
            "from idastar import squares",
        ),
        (
            f"fifteen.solve_many([{EIGHTY_MOVES!r}] * 2, goal='blank-first', "
            "heuristic='manhattan', arrays=True)",
            "from idastar import fifteen",
        ),
        ("squares.solve(squares.HARD_CASE, engine='ida')", "from idastar import squares"),
        (
            f"fifteen.solve({EIGHTY_MOVES!r}, goal='blank-first', heuristic='manhattan')",
            "from idastar import fifteen",
        ),
        (
            f"fifteen.solve({EIGHTY_MOVES!r}, goal='blank-first', heuristic='manhattan', threads=2)",
            "from idastar import fifteen",
        ),
        (
            f"fifteen.solve({EIGHTY_MOVES!r}, goal='blank-first', engine='ida', threads=2)",
            "from idastar import fifteen",
        ),
        (
            f"booksort.solve({HARD!r}, heuristic='breakpoints', goal_ball=0, table_entries=0, "
            "threads=2)",
            "from idastar import booksort",
        ),
        (
            "rotation.solve_many(boards * 20000, engine='ida')",
            "import random; from idastar import rotation; "
            "boards = [random.Random(i).sample([1] * 8 + [2] * 8 + [3] * 8, 24) for i in range(5)]",
        ),
    ],
    ids=[
        "squares batch",
        "fifteen batch",
        "squares",
        "fifteen",
        "fifteen on two threads",
        "generic fifteen on two threads",
        "booksort on two threads",
        "rotation batch",
    ],
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


@pytest.mark.parametrize("engine", ["ida-tiles", "ida"])
def test_limits_hold_for_a_search_on_two_threads(engine: str) -> None:
    options = {"goal": "blank-first", "heuristic": "manhattan", "engine": engine, "threads": 2}
    result = fifteen.solve(EIGHTY_MOVES, node_limit=3_000_000, **options)  # type: ignore[arg-type]
    assert result.outcome is Outcome.NODE_LIMIT
    # The threads take their expansions from one allowance, a few
    # thousand at a time: none is spent twice, none left over.
    assert 3_000_000 - 10_000 <= result.stats.expanded <= 3_000_000
    assert result.stats.expanded == sum(i.expanded for i in result.stats.iterations)
    started = time.perf_counter()
    result = fifteen.solve(EIGHTY_MOVES, time_limit=0.3, **options)  # type: ignore[arg-type]
    assert result.outcome is Outcome.TIME_LIMIT
    assert time.perf_counter() - started < 0.8


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


# --------------------------------------------------------------------------
# The command line: Ctrl-C ends a run within half a second, exit status 130

# Sixteen books the exact search takes seconds to sort.
SHUFFLED = [11, 5, 16, 2, 14, 8, 1, 12, 6, 15, 3, 9, 13, 4, 10, 7]
# A Rotation Game board of 12 moves: the judge solution's IDA* takes most of
# a second on it.
HARD_BOARD = [1, 3, 2, 1, 1, 3, 2, 1, 3, 3, 2, 2, 3, 3, 2, 2, 3, 3, 1, 2, 2, 1, 1, 1]
HARD_BOARDS = (" ".join(map(str, HARD_BOARD)) + "\n") * 64 + "0\n"
SLOW_RUNS = {
    "rotation ida json": (["rotation", "--engine", "ida", "--json", "--progress"], HARD_BOARDS),
    "rotation ida stats": (["rotation", "--engine", "ida", "--stats", "--progress"], HARD_BOARDS),
    "rotation ida": (["rotation", "--engine", "ida", "--progress"], HARD_BOARDS),
    "booksort exact json": (
        ["booksort", "--exact", "--json", "--progress"],
        "8\n" + "".join(f"16\n{' '.join(map(str, SHUFFLED))}\n" for _ in range(8)),
    ),
    "squares ida": (
        ["squares", "--engine", "ida", "--heuristic", "disjoint", "--progress"],
        "2\n8\n0\n8\n0\n",
    ),
    "fifteen batch": (
        [
            "fifteen",
            "--goal",
            "blank-first",
            "--heuristic",
            "manhattan",
            "--progress",
            "--batch",
            "-",
        ],
        (" ".join(map(str, EIGHTY_MOVES)) + "\n") * 4,
    ),
}


def seconds_for_the_command_to_stop(
    args: list[str], stdin: str, again_after: float | None = None
) -> float:
    """Runs ``idastar ARGS``, sends SIGINT once its progress bar shows that
    the solving has begun (and once more ``again_after`` seconds later, when
    given), and returns how long it took to exit after the first."""
    import os
    import signal
    import subprocess

    process = subprocess.Popen(
        [sys.executable, "-m", "idastar", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A shell without job control starts background jobs with SIGINT
        # ignored, and the child would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdin is not None and process.stderr is not None
        process.stdin.write(stdin.encode())
        process.stdin.close()
        assert os.read(process.stderr.fileno(), 1)  # the bar is drawn as the first chunk starts
        time.sleep(0.1)
        assert process.poll() is None, "the command ended before the signal"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        if again_after is not None:
            time.sleep(again_after)
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        stopped = time.monotonic()
        err = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err
    assert err.endswith(b"idastar: interrupted\n"), err
    return stopped - sent


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize("name", list(SLOW_RUNS))
def test_ctrl_c_stops_every_command_within_half_a_second(name: str) -> None:
    args, stdin = SLOW_RUNS[name]
    assert seconds_for_the_command_to_stop(args, stdin) < 0.5


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize("again_after", [0.0, 0.002, 0.01, 0.03])
def test_a_second_ctrl_c_while_the_command_winds_up_changes_nothing(again_after: float) -> None:
    # Impatient users press it twice; the second one lands while the first
    # is being answered, and must not end the run with a traceback or kill
    # it by the signal (exit status -2) instead of 130.
    args, stdin = SLOW_RUNS["rotation ida json"]
    for _ in range(3):
        assert seconds_for_the_command_to_stop(args, stdin, again_after) < 0.5
