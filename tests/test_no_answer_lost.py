"""Ctrl-C never loses an answer solved before it.

Each command gets a judge input of easy cases followed by hard ones (minutes
of search each). Every answer is printed as soon as it and every case
before it are solved, so the easy answers appear while the hard cases still
run; a Ctrl-C then ends the command with status 130 and exactly the answers
found so far, in order, each whole. A Ctrl-C at a random moment (before,
during or after the easy answers) ends it the same way, with a prefix of
them.
"""

from __future__ import annotations

import queue
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from idastar import squares

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


@dataclass(frozen=True)
class Family:
    """A command and its input: easy cases, then hard ones."""

    args: tuple[str, ...]
    easy: list[str]
    hard: list[str]
    #: Whether the input starts with its number of cases T.
    counted: bool = True
    #: What ends the input (the Rotation Game's 0).
    end: str = ""
    lines_per_answer: int = 1

    def text(self, with_hard: bool = True) -> str:
        cases = self.easy + (self.hard if with_hard else [])
        return (f"{len(cases)}\n" if self.counted else "") + "".join(cases) + self.end


def _shelves(rows: list[list[int]]) -> list[str]:
    return [f"{len(row)}\n{' '.join(map(str, row))}\n" for row in rows]


def _random_shelves(count: int, n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(1, n + 1), n) for _ in range(count)]


# Booksort --exact: 16 books in this order take minutes.
HARD_SHELF = [15, 10, 6, 5, 3, 12, 1, 14, 8, 13, 16, 11, 9, 7, 2, 4]
# Pancakes: 60 in this order take minutes with the gap heuristic.
HARD_STACK = random.Random(0).sample(range(1, 61), 60)
# One of the hardest 15-puzzle boards (80 moves to the blank-first goal):
# hours with Manhattan distance.
EIGHTY_MOVES = [15, 14, 8, 12, 10, 11, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0]
# A few moves from the blank-first goal 0 1 ... 15.
EASY_BOARDS = [
    list(range(16)),
    [1, 0, *range(2, 16)],
    [1, 2, 0, *range(3, 16)],
    [4, 1, 2, 3, 0, *range(5, 16)],
]


def _boards(rows: list[list[int]]) -> list[str]:
    return [" ".join(map(str, row)) + "\n" for row in rows]


def _rotation_boards(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return _boards([rng.sample([1] * 8 + [2] * 8 + [3] * 8, 24) for _ in range(count)])


SQUARES_HARD = (
    f"{squares.HARD_CASE.n}\n{len(squares.HARD_CASE.removed)} "
    + " ".join(map(str, squares.HARD_CASE.removed))
    + "\n"
)

FAMILIES = {
    "booksort --exact": Family(
        ("booksort", "--exact"),
        _shelves(_random_shelves(5, 8, seed=1)),
        _shelves([HARD_SHELF] * 2),
    ),
    "pancake": Family(
        ("pancake",),
        _shelves(_random_shelves(5, 12, seed=2)),
        _shelves([HARD_STACK] * 2),
    ),
    "squares --engine ida": Family(
        ("squares", "--engine", "ida"),
        ["3\n0\n", "2\n0\n", "4\n3 1 2 3\n"],
        [SQUARES_HARD] * 2,
    ),
    "fifteen --batch -j 1": Family(
        ("fifteen", "--goal", "blank-first", "--heuristic", "manhattan", "-j", "1", "--batch"),
        _boards(EASY_BOARDS),
        _boards([EIGHTY_MOVES] * 2),
        counted=False,
    ),
    # The Rotation Game's IDA* takes milliseconds a board: thousands of them
    # stand for the hard cases. Each answer is two lines.
    "rotation --engine ida": Family(
        ("rotation", "--engine", "ida"),
        _rotation_boards(6, seed=3),
        _rotation_boards(20_000, seed=4),
        counted=False,
        end="0\n",
        lines_per_answer=2,
    ),
}


def _run(args: tuple[str, ...], path: Path, **popen: object) -> subprocess.Popen[str]:
    return subprocess.Popen(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "idastar", *args, str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


def _expected(family: Family, tmp_path: Path) -> list[str]:
    """The answers of the easy cases alone; of every case for the Rotation
    Game, whose table engine (the default) answers them all in moments."""
    path = tmp_path / "expected.in"
    rotation = family.args[0] == "rotation"
    path.write_text(family.text(with_hard=rotation))
    child = _run(("rotation",) if rotation else family.args, path)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    return _answers(out, family)


def _start(family: Family, tmp_path: Path) -> subprocess.Popen[str]:
    path = tmp_path / "input.in"
    path.write_text(family.text())
    # A shell without job control starts background jobs with SIGINT
    # ignored, and the child would inherit that.
    return _run(family.args, path, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _lines(stream: object) -> queue.Queue[str]:
    """The lines of ``stream`` as they come, read on a thread of their own."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:  # type: ignore[attr-defined]
            lines.put(line)
        lines.put("")  # the end

    threading.Thread(target=read, daemon=True).start()
    return lines


def _stop(child: subprocess.Popen[str]) -> None:
    if child.poll() is None:
        child.kill()
        child.wait()


def _answers(text: str, family: Family) -> list[str]:
    lines = text.splitlines(keepends=True)
    step = family.lines_per_answer
    assert len(lines) % step == 0, f"a part of an answer: {text!r}"
    return ["".join(lines[at : at + step]) for at in range(0, len(lines), step)]


@pytest.mark.parametrize("name", list(FAMILIES))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_easy_answers_come_while_a_hard_case_runs_and_survive_ctrl_c(
    name: str, seed: int, tmp_path: Path
) -> None:
    family = FAMILIES[name]
    expected = _expected(family, tmp_path)
    wanted = len(family.easy)
    child = _start(family, tmp_path)
    try:
        lines = _lines(child.stdout)
        seen: list[str] = []
        deadline = time.monotonic() + 60
        while len(seen) < wanted * family.lines_per_answer:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            assert line, f"the output ended after {seen!r}"
            seen.append(line)
        # The easy answers are out while the hard cases still run.
        assert child.poll() is None
        time.sleep(random.Random(seed).uniform(0, 0.3))
        child.send_signal(signal.SIGINT)
        child.wait(timeout=30)
        assert child.stderr is not None
        err = child.stderr.read()
        rest = []
        while (line := lines.get(timeout=30)) != "":
            rest.append(line)
    finally:
        _stop(child)
    assert (child.returncode, err) == (130, "idastar: interrupted\n")
    answers = _answers("".join(seen + rest), family)
    assert answers[:wanted] == expected[:wanted]
    if family.args[0] == "rotation":
        assert answers == expected[: len(answers)]
    else:
        assert answers == expected, "the hard cases take minutes"


@pytest.mark.parametrize("name", list(FAMILIES))
@pytest.mark.parametrize("seed", range(3))
def test_ctrl_c_at_a_random_moment_leaves_a_prefix_of_the_answers(
    name: str, seed: int, tmp_path: Path
) -> None:
    family = FAMILIES[name]
    expected = _expected(family, tmp_path)
    child = _start(family, tmp_path)
    try:
        time.sleep(random.Random(seed).uniform(0.2, 1.2))
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        _stop(child)
    if child.returncode == -signal.SIGINT:
        pytest.skip("the signal came before Python set up its handler")
    assert (child.returncode, err) == (130, "idastar: interrupted\n")
    answers = _answers(out, family)
    assert answers == expected[: len(answers)]
    if family.args[0] != "rotation":
        assert len(answers) <= len(family.easy), "the hard cases take minutes"
