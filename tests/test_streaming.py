"""Every command streams: an answer comes out while the input is still open,
and memory stays flat however long the input is."""

from __future__ import annotations

import os
import random
import selectors
import subprocess
import sys
from pathlib import Path

import pytest

from idastar import fifteen

BOARD = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
GOAL = " ".join(map(str, fifteen.GOAL)) + "\n"
FAST_FIFTEEN = ["fifteen", "--heuristic", "linear-conflict"]

# (arguments, the first case, its answer, the rest of the input, the rest of the output)
STREAMS = {
    "booksort": (["booksort"], "2\n3\n3 2 1\n", "2\n", "2\n2 1\n", "1\n"),
    "booksort --json": (["booksort", "--json"], "2\n3\n3 2 1\n", '{"case": 1', "2\n2 1\n", None),
    "rotation": (["rotation"], BOARD, "AC\n2\n", "0\n", ""),
    "rotation ida": (["rotation", "--engine", "ida"], BOARD, "AC\n2\n", "0\n", ""),
    "rotation --json": (["rotation", "--json"], BOARD, '{"case": 1', BOARD + "0\n", None),
    "squares": (["squares"], "2\n2\n2 1 3\n", "2\n", "3\n2 12 17\n", "4\n"),
    "squares --path": (["squares", "--path"], "2\n1\n0\n", "1\n", "1\n4 1 2 3 4\n", None),
    "fifteen --batch": ([*FAST_FIFTEEN, "--batch", "-"], GOAL, "0\n", GOAL, "0\n"),
    "fifteen --batch --path": ([*FAST_FIFTEEN, "--path", "--batch", "-"], GOAL, "0\n\n", "", ""),
}


def read_at_least(process: subprocess.Popen[bytes], size: int, timeout: float) -> bytes:
    """What ``process`` writes to stdout until ``size`` bytes have come (or ``timeout``)."""
    assert process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    got = b""
    while len(got) < size and selector.select(timeout):
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:
            break
        got += chunk
    return got


@pytest.mark.parametrize("name", list(STREAMS))
def test_an_answer_comes_before_the_input_ends(name: str) -> None:
    args, first, answer, rest, rest_answer = STREAMS[name]
    process = subprocess.Popen(
        [sys.executable, "-m", "idastar", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert process.stdin is not None
        process.stdin.write(first.encode())
        process.stdin.flush()
        # The input stays open: the answer must not wait for its end.
        got = read_at_least(process, len(answer), timeout=60)
        assert got.decode().startswith(answer), got
        out, err = process.communicate(rest.encode(), timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, err) == (0, b"")
    if rest_answer is not None:
        assert (got + out).decode() == answer + rest_answer


# --------------------------------------------------------------------------
# Memory


def judge_input(name: str, cases: int, rng: random.Random) -> str:
    if name == "rotation":
        lines = []
        for _ in range(cases):
            board = [1] * 8 + [2] * 8 + [3] * 8
            rng.shuffle(board)
            lines.append(" ".join(map(str, board)))
        return "\n".join(lines) + "\n0\n"
    if name == "booksort":
        shelves = [rng.sample(range(1, 7), 6) for _ in range(cases)]
        return f"{cases}\n" + "".join(f"6\n{' '.join(map(str, s))}\n" for s in shelves)
    if name == "squares":
        grids = [rng.sample(range(1, 13), rng.randint(0, 12)) for _ in range(cases)]
        return f"{cases}\n" + "".join(f"2\n{len(g)} {' '.join(map(str, g))}\n" for g in grids)
    return GOAL * cases


# Runs the command and then reports its peak resident memory on stderr. The
# peak of /proc/self/status is that of this program alone: getrusage's
# would start from that of the test process that forked it.
MEASURED = """
import sys
from idastar.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
with open("/proc/self/status") as report:
    print(next(line for line in report if line.startswith("VmHWM:")), file=sys.stderr)
sys.exit(status)
"""


def peak_kilobytes(args: list[str], path: Path) -> int:
    """The peak resident memory of ``idastar ARGS < path``, in kilobytes."""
    with path.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-c", MEASURED, *args],
            stdin=stdin,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    words = done.stderr.split()
    assert words[:1] == ["VmHWM:"] and words[2:] == ["kB"], done.stderr
    return int(words[1])


MEMORY = {
    "booksort": ["booksort"],
    "rotation": ["rotation"],
    "squares": ["squares"],
    "fifteen --batch": [*FAST_FIFTEEN, "--batch", "-"],
}


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc/self/status")
@pytest.mark.parametrize("name", list(MEMORY))
def test_peak_memory_stays_flat_when_the_input_grows_tenfold(name: str, tmp_path: Path) -> None:
    puzzle = name.split()[0]
    small, large = tmp_path / "small.in", tmp_path / "large.in"
    small.write_text(judge_input(puzzle, 2_000, random.Random(1)))
    large.write_text(judge_input(puzzle, 20_000, random.Random(2)))
    peak_small = peak_kilobytes(MEMORY[name], small)
    peak_large = peak_kilobytes(MEMORY[name], large)
    # Holding the input would cost hundreds of bytes a case: megabytes here.
    assert peak_large - peak_small < 2_500, (peak_small, peak_large)
