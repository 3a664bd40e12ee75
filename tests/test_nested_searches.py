"""Searches nested in one another's callbacks, as deep as they go: they run,
or stop with a RecursionError, whatever the recursion limit and whatever
the thread's stack; the interpreter never dies of a signal."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

# Every engine, nested through each callable it calls back.
NESTINGS = [
    ("bfs", "successors"),
    ("bfs", "is_goal"),
    ("iddfs", "successors"),
    ("ida_star", "successors"),
    ("ida_star", "heuristic"),
    ("astar", "heuristic"),
    ("astar", "is_goal"),
    ("bidirectional_bfs", "successors"),
]

SCRIPT = """
import sys, threading
from idastar import search

sys.setrecursionlimit({limit})
ENGINE, THROUGH = {engine!r}, {through!r}
depth = 0

def nested():
    global depth
    depth += 1
    run()

def successors(state):
    if THROUGH == "successors":
        nested()
    return [(state + 1, 1)] if state < 1 else []

def heuristic(state):
    if THROUGH == "heuristic":
        nested()
    return 0

def is_goal(state):
    if THROUGH == "is_goal":
        nested()
    return state == 1

def run():
    if ENGINE == "bidirectional_bfs":
        return search.bidirectional_bfs(0, 1, successors)
    if ENGINE in ("ida_star", "astar"):
        return getattr(search, ENGINE)(0, successors, heuristic, is_goal)
    return getattr(search, ENGINE)(0, successors, is_goal)

def main():
    try:
        run()
    except RecursionError as error:
        print("RecursionError", depth, error)
    else:
        print("finished", depth)

if {stack}:
    threading.stack_size({stack})
    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
else:
    main()
"""


@pytest.mark.parametrize(("engine", "through"), NESTINGS)
@pytest.mark.parametrize(
    ("limit", "stack"),
    [
        (1_000, 0),  # the interpreter's limit comes first
        (100_000, 0),  # the stack's end comes first: the main thread's
        (10**6, 4 << 20),  # a thread's own 4 MiB stack
        (10**6, 512 << 10),  # a small one
    ],
)
def test_nested_searches_end_in_recursion_error_never_a_signal(
    engine: str, through: str, limit: int, stack: int
) -> None:
    script = SCRIPT.format(limit=limit, engine=engine, through=through, stack=stack)
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    word, depth, *message = done.stdout.split(maxsplit=2)
    assert word == "RecursionError", done.stdout
    assert int(depth) > 10
    if limit > 1_000:
        assert "nest fewer" in message[0] or "recursion" in message[0]


def test_a_few_nested_searches_just_run() -> None:
    from idastar import search

    levels: list[int] = []

    def successors(state: int) -> list[tuple[int, int]]:
        if len(levels) < 50:
            levels.append(state)
            assert search.bfs(0, successors, lambda s: s == 1).cost == 1
        return [(state + 1, 1)] if state < 1 else []

    assert search.bfs(0, successors, lambda s: s == 1).cost == 1
    assert len(levels) == 50
