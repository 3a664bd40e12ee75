"""Tests of the ``idastar`` command and of the judge-input reader.

The judge program itself (``booksort_acwing.cpp`` from the shared seeds,
compiled here) is the oracle: on any judge input the command must print
byte for byte what it prints. The seed's own bound is weak, but inputs of
at most 15 books it answers in milliseconds (a random shelf has too many
breakpoints to get past its first bound, one a few moves from sorted is
found quickly), so generated files stay cheap.
"""

from __future__ import annotations

import io
import itertools
import json
import random
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import run_cli, run_main
from hypothesis import given, settings
from hypothesis import strategies as st

import idastar
from idastar import InvalidPuzzle, booksort
from idastar._judge import JudgeInputError, Tokens
from idastar.cli import PUZZLES, main, sample_text

#: The installed package's samples (the source tree's in a development install).
DATA = Path(idastar.__file__).parent / "data"
SAMPLE_IN = DATA / "booksort.in"
SAMPLE_OUT = DATA / "booksort.out"
SEED_TIMEOUT = 60

Shelf = tuple[int, ...]


# --------------------------------------------------------------------------
# Helpers


def judge_file(shelves: list[Shelf], separators: Iterator[str] | None = None) -> str:
    """Judge input for ``shelves``; ``separators`` spreads the tokens over lines."""
    tokens = [str(len(shelves))]
    for shelf in shelves:
        tokens.append(str(len(shelf)))
        tokens.extend(map(str, shelf))
    if separators is None:
        lines = [tokens[0]]
        for shelf in shelves:
            lines.append(str(len(shelf)))
            lines.append(" ".join(map(str, shelf)))
        return "\n".join(lines) + "\n"
    return "".join(token + next(separators) for token in tokens)


def judge_line(shelf: Shelf) -> str:
    answer = booksort.judge(shelf)
    return "5 or more" if answer is None else str(answer)


def sorts(shelf: Shelf, path: list[list[int]]) -> bool:
    for move in path:
        shelf = booksort.apply(shelf, (move[0], move[1], move[2]))
    return shelf == tuple(range(1, len(shelf) + 1))


def sample_shelves() -> list[Shelf]:
    words = [int(word) for word in SAMPLE_IN.read_text().split()]
    shelves, at = [], 1
    for _ in range(words[0]):
        n = words[at]
        shelves.append(tuple(words[at + 1 : at + 1 + n]))
        at += 1 + n
    return shelves


# --------------------------------------------------------------------------
# The seed program


@pytest.fixture(scope="session")
def seed_booksort(
    seed_program: Callable[[str, float], Callable[[str], str]],
) -> Callable[[str], str]:
    """Runs the compiled judge program on an input, giving its output."""
    return seed_program("booksort_acwing", SEED_TIMEOUT)


def test_stored_sample_output_is_the_seeds(seed_booksort: Callable[[str], str]) -> None:
    assert seed_booksort(SAMPLE_IN.read_text()) == SAMPLE_OUT.read_text()


def test_sample_file_matches_seed_byte_for_byte(seed_booksort: Callable[[str], str]) -> None:
    expected = seed_booksort(SAMPLE_IN.read_text())
    from_file = run_cli("booksort", str(SAMPLE_IN))
    from_stdin = run_cli("booksort", "-", stdin=SAMPLE_IN.read_text())
    assert (from_file.returncode, from_file.stdout, from_file.stderr) == (0, expected, "")
    assert (from_stdin.returncode, from_stdin.stdout, from_stdin.stderr) == (0, expected, "")


@st.composite
def near_sorted_or_shuffled(draw: st.DrawFn) -> Shelf:
    """A shelf 0..4 block moves from sorted, or a shuffle, of 1..15 books."""
    n = draw(st.integers(1, 15))
    if draw(st.booleans()):
        return tuple(draw(st.permutations(range(1, n + 1))))
    shelf = tuple(range(1, n + 1))
    if n < 2:
        return shelf
    for _ in range(draw(st.integers(0, 4))):
        start = draw(st.integers(0, n - 2))
        split = draw(st.integers(start + 1, n - 1))
        end = draw(st.integers(split + 1, n))
        shelf = booksort.apply(shelf, (start, split, end))
    return shelf


_file_number = itertools.count()


@settings(max_examples=15, deadline=None)
@given(
    shelves=st.lists(near_sorted_or_shuffled(), min_size=1, max_size=5),
    spread=st.booleans(),
    seps=st.randoms(use_true_random=False),
)
def test_random_judge_files_match_seed(
    seed_booksort: Callable[[str], str],
    tmp_path_factory: pytest.TempPathFactory,
    shelves: list[Shelf],
    spread: bool,
    seps: random.Random,
) -> None:
    separators = (seps.choice([" ", "\n", "\t", " \n ", "\r\n"]) for _ in itertools.count())
    text = judge_file(shelves, separators if spread else None)
    path = tmp_path_factory.getbasetemp() / f"judge-{next(_file_number)}.in"
    path.write_text(text, newline="")
    status, out, err = run_main("booksort", str(path))
    assert (status, err) == (0, "")
    assert out == seed_booksort(text)


# --------------------------------------------------------------------------
# Options


def test_exact_prints_uncapped_distances() -> None:
    done = run_cli("booksort", "--exact", str(SAMPLE_IN))
    assert done.returncode == 0, done.stderr
    expected = [str(booksort.distance(shelf)) for shelf in sample_shelves()]
    assert done.stdout.splitlines() == expected
    assert "5 or more" not in done.stdout


@pytest.mark.parametrize("exact", [False, True])
def test_json_lines_describe_each_case(exact: bool) -> None:
    args = ["booksort", "--json", str(SAMPLE_IN)] + (["--exact"] if exact else [])
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    shelves = sample_shelves()
    assert [record["case"] for record in records] == list(range(1, len(shelves) + 1))
    for record, shelf in zip(records, shelves, strict=False):
        assert record["n"] == len(shelf) and tuple(record["books"]) == shelf
        assert {"outcome", "cost", "path", "lower_bound", "stats"} <= record.keys()
        if record["cost"] is None:
            assert not exact
            assert record["answer"] == "5 or more"
            assert record["outcome"] == "no_solution" and record["path"] == []
            assert record["lower_bound"] >= booksort.JUDGE_CAP
        else:
            assert record["outcome"] == "solved"
            assert record["answer"] == record["cost"] == len(record["path"])
            assert sorts(shelf, record["path"])
            if not exact:
                assert str(record["answer"]) == judge_line(shelf)
        if exact:
            assert record["cost"] == booksort.distance(shelf)


def test_stats_go_to_stderr_and_leave_stdout_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["booksort", "--stats", str(SAMPLE_IN)]) == 0
    captured = capsys.readouterr()
    assert captured.out == SAMPLE_OUT.read_text()
    cases = len(sample_shelves())
    headers = [line for line in captured.err.splitlines() if re.fullmatch(r"case \d+:", line)]
    assert headers == [f"case {i}:" for i in range(1, cases + 1)]
    assert captured.err.count("total:") == cases
    assert "expanded" in captured.err


@pytest.mark.parametrize("exact", [False, True])
def test_path_follows_each_answer(exact: bool) -> None:
    status, out, err = run_main(
        "booksort", "--path", str(SAMPLE_IN), *(["--exact"] if exact else [])
    )
    assert (status, err) == (0, "")
    lines = out.split("\n")
    assert lines.pop() == ""
    shelves = sample_shelves()
    assert len(lines) == 2 * len(shelves)
    for shelf, answer, moves in zip(shelves, lines[::2], lines[1::2], strict=False):
        if answer == "5 or more":
            assert not exact and moves == "-"
            continue
        numbers = [int(word) for word in moves.split()]
        assert len(numbers) == 3 * int(answer)
        path = [numbers[i : i + 3] for i in range(0, len(numbers), 3)]
        assert sorts(shelf, path)


def test_path_of_a_sorted_shelf_is_an_empty_line() -> None:
    done = run_cli("booksort", "--path", stdin="1\n3\n1 2 3\n")
    assert (done.returncode, done.stdout) == (0, "0\n\n")


def test_json_and_path_do_not_mix() -> None:
    done = run_cli("booksort", "--json", "--path", str(SAMPLE_IN))
    assert done.returncode == 2 and done.stdout == ""
    assert "not allowed" in done.stderr


def test_sixteen_books_are_accepted_beyond_the_judge() -> None:
    shelf = tuple(range(16, 0, -1))
    done = run_cli("booksort", "--exact", stdin=judge_file([shelf, (2, 1)]))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"{booksort.distance(shelf)}\n1\n"


def test_no_cases_no_output() -> None:
    done = run_cli("booksort", stdin="0\n")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_tokens_may_be_spread_over_lines_any_way() -> None:
    done = run_cli("booksort", stdin="2 6 1 3 4\n6\n\n2 5\t5 5 4 3\n2 1")
    assert (done.returncode, done.stdout, done.stderr) == (0, "2\n3\n", "")


# --------------------------------------------------------------------------
# Bad input: the answers before the bad case, then one line, exit 2

BAD_INPUTS = [
    # (name, input, answers printed first, case, line, words in the message)
    ("empty input", "", "", None, 1, "expected the number of cases T, found end of input"),
    ("T not a number", "two\n6\n1 3 4 6 2 5\n", "", None, 1, "found 'two'"),
    ("negative T", "-1\n", "", None, 1, "must be between 0 and 2147483647, got -1"),
    ("fewer cases than T", "2\n6\n1 3 4 6 2 5\n", "2\n", 2, 3, "found end of input"),
    ("n = 0", "2\n2\n2 1\n0\n\n", "1\n", 2, 4, "between 1 and 16, got 0"),
    (
        "n = 17",
        "2\n2\n2 1\n17\n" + " ".join(map(str, range(17, 0, -1))) + "\n",
        "1\n",
        2,
        4,
        "between 1 and 16, got 17",
    ),
    (
        "a repeated book",
        "3\n1\n1\n2\n2 1\n4\n1 2\n4 2\n",
        "0\n1\n",
        3,
        8,
        "book 2 appears twice (positions 2 and 4)",
    ),
    (
        "a book out of range",
        "2\n2\n2 1\n3\n1 4 2\n",
        "1\n",
        2,
        5,
        "book 4 at position 2 is out of range 1 to 3",
    ),
    (
        "a non-integer token",
        "2\n2\n2 1\n3\n1 2\n3.0\n",
        "1\n",
        2,
        6,
        "expected book 3 of 3, found '3.0'",
    ),
    (
        "a book missing at the end",
        "1\n5\n5 4 3 2\n",
        "",
        1,
        3,
        "expected book 5 of 5, found end of input",
    ),
]


def check_error_line(stderr: str, source: str, case: int | None, line: int, words: str) -> None:
    assert "Traceback" not in stderr
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    where = f"line {line}" if case is None else f"case {case}, line {line}"
    assert stderr.startswith(f"idastar booksort: {source}: {where}: "), stderr
    assert words in stderr


@pytest.mark.parametrize(
    ("text", "answers", "case", "line", "words"),
    [row[1:] for row in BAD_INPUTS],
    ids=[row[0] for row in BAD_INPUTS],
)
def test_bad_input_from_stdin(
    text: str, answers: str, case: int | None, line: int, words: str
) -> None:
    done = run_cli("booksort", stdin=text)
    assert done.returncode == 2
    assert done.stdout == answers
    check_error_line(done.stderr, "<stdin>", case, line, words)


@pytest.mark.parametrize(
    ("text", "answers", "case", "line", "words"),
    [row[1:] for row in BAD_INPUTS],
    ids=[row[0] for row in BAD_INPUTS],
)
def test_bad_input_from_a_file_in_process(
    tmp_path: Path, text: str, answers: str, case: int | None, line: int, words: str
) -> None:
    path = tmp_path / "input.txt"
    path.write_text(text)
    status, out, err = run_main("booksort", "--exact", str(path))
    assert (status, out) == (2, answers)
    check_error_line(err, str(path), case, line, words)


def test_undecodable_bytes_are_bad_input_not_a_crash() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "idastar", "booksort"],
        check=False,
        input=b"1\n3\n1 2 \xff\n",
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == b""
    stderr = done.stderr.decode("utf-8", "replace")
    check_error_line(stderr, "<stdin>", 1, 3, "expected book 3 of 3, found")


def test_missing_file_is_one_line() -> None:
    done = run_cli("booksort", "no-such-file.txt")
    assert (done.returncode, done.stdout) == (2, "")
    assert (
        done.stderr
        == "idastar booksort: no-such-file.txt: cannot read: No such file or directory\n"
    )


def test_usage_errors_exit_2() -> None:
    assert run_cli("sokoban").returncode == 2
    assert run_cli("booksort", "--frobnicate").returncode == 2


# --------------------------------------------------------------------------
# Pipes and Ctrl-C


def many_shuffles(count: int, seed: int) -> str:
    rng = random.Random(seed)
    shelves = []
    for _ in range(count):
        shelf = list(range(1, 16))
        rng.shuffle(shelf)
        shelves.append(tuple(shelf))
    return judge_file(shelves)


def test_closed_output_pipe_is_quiet(tmp_path: Path) -> None:
    # Far more output than a pipe buffers, so the writer must hit the closed end.
    path = tmp_path / "many.in"
    path.write_text(many_shuffles(10_000, seed=1))
    process = subprocess.Popen(
        [sys.executable, "-m", "idastar", "booksort", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline() == b"5 or more\n"
    process.stdout.close()
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert process.returncode == 141
    assert stderr == b""


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
def test_ctrl_c_exits_130_after_the_answers_so_far(tmp_path: Path) -> None:
    path = tmp_path / "hard.in"
    path.write_text(many_shuffles(500, seed=2))  # hours of --exact work
    process = subprocess.Popen(
        [sys.executable, "-m", "idastar", "booksort", "--exact", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A shell without job control starts background jobs with SIGINT
        # ignored, and the child would inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.strip().isdigit()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err == "idastar: interrupted\n"
    assert all(line.isdigit() for line in out.splitlines())


# --------------------------------------------------------------------------
# demo, --help, --version


def demo_judge_lines(text: str) -> list[tuple[str, str]]:
    return re.findall(r"^  judge   (.+?)   \((?:expected )?(.+?)\)$", text, flags=re.MULTILINE)


def test_demo_answers_match_the_stored_output() -> None:
    done = run_cli("demo", "booksort")
    assert (done.returncode, done.stderr) == (0, "")
    expected = SAMPLE_OUT.read_text().splitlines()
    pairs = demo_judge_lines(done.stdout)
    assert [answer for answer, _ in pairs] == expected
    assert [want for _, want in pairs] == expected
    assert "MISMATCH" not in done.stdout
    assert "idastar --help" in done.stdout.splitlines()[-1]
    for shelf in sample_shelves():
        assert " ".join(map(str, shelf)) in done.stdout


def test_demo_of_one_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "booksort"]) == 0
    out = capsys.readouterr().out
    assert [a for a, _ in demo_judge_lines(out)] == SAMPLE_OUT.read_text().splitlines()
    assert run_cli("demo", "no-such-puzzle").returncode == 2


def test_every_puzzle_has_its_samples() -> None:
    assert "booksort" in PUZZLES
    for name in PUZZLES:
        cases_in = sample_text(name, "in")
        # The judge formats start with a number; the cube's lines, with a comment.
        assert cases_in.split()[0].isdigit() or (name == "cube" and cases_in.startswith("#"))
        assert sample_text(name, "out").endswith("\n")


def test_help_teaches() -> None:
    done = run_cli("--help")
    assert done.returncode == 0
    assert "booksort" in done.stdout and "example" in done.stdout
    assert "idastar booksort" in done.stdout
    for status in ("0", "2", "130"):
        assert re.search(rf"^  {status} ", done.stdout, flags=re.MULTILINE)
    sub = run_cli("booksort", "--help")
    assert sub.returncode == 0
    assert "5 or more" in sub.stdout and "--exact" in sub.stdout and "--path" in sub.stdout


def test_help_examples_are_true(tmp_path: Path) -> None:
    text = "3\n6\n1 3 4 6 2 5\n5\n5 4 3 2 1\n10\n6 8 5 3 4 7 2 9 1 10\n"
    assert run_cli("booksort", stdin=text).stdout == "2\n3\n5 or more\n"
    assert run_cli("booksort", "--exact", stdin=text).stdout == "2\n3\n5\n"
    assert run_cli("booksort", "--path", stdin="1 3 2 3 1").stdout == "1\n0 2 3\n"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import idastar

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"idastar {idastar.__version__}\n"


# --------------------------------------------------------------------------
# The token reader


def test_tokens_carry_their_lines() -> None:
    tokens = Tokens(io.StringIO("3\n\n 1 2\n\t-4  +5\n"))
    read = []
    while not tokens.at_end():
        read.append((tokens.next_int("a number", -9, 9), tokens.line))
    assert read == [(3, 1), (1, 3), (2, 3), (-4, 4), (5, 4)]


def test_tokens_errors_name_case_line_and_what_was_expected() -> None:
    tokens = Tokens(io.StringIO("1\n2 x\n"))
    assert tokens.next_int("the count", 0, 9) == 1
    tokens.case = 3
    assert tokens.next_int("an integer", 0, 9) == 2
    with pytest.raises(JudgeInputError) as raised:
        tokens.next_int("an integer", 0, 9)
    error = raised.value
    assert isinstance(error, InvalidPuzzle) and isinstance(error, ValueError)
    assert (error.case, error.line, error.reason) == (3, 2, "expected an integer, found 'x'")
    assert str(error) == "case 3, line 2: expected an integer, found 'x'"
    with pytest.raises(JudgeInputError, match="expected the number of books, found end of input"):
        tokens.next_int("the number of books", 1, 16)


def test_tokens_range_checks() -> None:
    tokens = Tokens(io.StringIO("0 9"))
    with pytest.raises(JudgeInputError, match="n must be between 1 and 5, got 0"):
        tokens.next_int("n", 1, 5)
    with pytest.raises(JudgeInputError, match=r"^line 1: k is 9, more than 5$"):
        tokens.next_int("k", 0, 5, "k is {value}, more than 5")


def test_tokens_read_lazily() -> None:
    read: list[bytes] = []

    class Chunks(io.RawIOBase):
        def __init__(self, chunks: list[bytes]) -> None:
            self.chunks = chunks

        def read1(self, size: int = -1) -> bytes:
            chunk = self.chunks.pop(0) if self.chunks else b""
            read.append(chunk)
            return chunk

    tokens = Tokens(Chunks([b"1 2\n", b"3\n", b"oops\n"]))  # type: ignore[arg-type]
    assert [tokens.next_int("a number", 0, 9) for _ in range(3)] == [1, 2, 3]
    assert read == [b"1 2\n", b"3\n"]


def test_judge_input_error_pickles() -> None:
    import pickle

    error = JudgeInputError("bad", case=2, line=5)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.reason, copy.case, copy.line, str(copy)) == ("bad", 2, 5, "case 2, line 5: bad")


def test_the_capped_answer_matches_the_library_cap() -> None:
    from idastar.commands import booksort as command

    assert command._BOOKSORT_CAPPED == f"{booksort.JUDGE_CAP} or more"


# --------------------------------------------------------------------------
# Batches: --jobs and --progress, on every puzzle command


def batch_inputs() -> dict[str, str]:
    """A judge input of every puzzle, long enough to span several chunks."""
    rng = random.Random(11)
    shelves = [tuple(rng.sample(range(1, 10), 9)) for _ in range(600)]
    boards = []
    for _ in range(600):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        boards.append(" ".join(map(str, board)))
    grids = [f"3 1 {rng.randint(1, 24)}" for _ in range(300)]
    fifteen = sample_text("fifteen", "in").split()
    return {
        "booksort": judge_file(shelves),
        "rotation": "\n".join(boards) + "\n0\n",
        "squares": f"{len(grids)}\n" + "\n".join(grids) + "\n",
        "fifteen": "\n".join([" ".join(fifteen)] * 12) + "\n",
    }


@pytest.mark.parametrize("puzzle", ["booksort", "rotation", "squares", "fifteen"])
def test_jobs_keep_the_answers_and_their_order(puzzle: str) -> None:
    text = batch_inputs()[puzzle]
    batch = ["--batch", "-", "--heuristic", "linear-conflict"] if puzzle == "fifteen" else []
    outputs = set()
    for jobs in (["--jobs", "1"], ["-j", "2"], []):
        result = run_cli(puzzle, *batch, *jobs, stdin=text)
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""  # no bar: stderr is not a terminal
        outputs.add(result.stdout)
    assert len(outputs) == 1
    lines = outputs.pop().splitlines()
    cases = {"booksort": 600, "rotation": 1200, "squares": 300, "fifteen": 12}[puzzle]
    assert len(lines) == cases
    if puzzle == "booksort":  # in input order: each answer is that shelf's
        shelves = [tuple(map(int, line.split())) for line in text.splitlines()[2::2]]
        assert lines[:40] == [judge_line(shelf) for shelf in shelves[:40]]


def test_progress_draws_a_bar_on_stderr_only() -> None:
    text = batch_inputs()["rotation"]
    plain = run_cli("rotation", stdin=text)
    shown = run_cli("rotation", "--progress", stdin=text)
    assert shown.returncode == 0
    assert shown.stdout == plain.stdout
    # The boards are counted as they stream in: no total to show.
    assert "600board " in shown.stderr


def test_a_bad_case_after_a_chunk_keeps_the_answers_before_it() -> None:
    shelves = [tuple(random.Random(i).sample(range(1, 8), 7)) for i in range(300)]
    lines = judge_file(shelves).splitlines()
    lines[2 + 2 * 289] = "1 1 2 3 4 5 6"  # case 290 of 300, in the second chunk
    result = run_cli("booksort", "-j", "2", stdin="\n".join(lines) + "\n")
    assert result.returncode == 2
    assert result.stdout.splitlines() == [judge_line(s) for s in shelves[:289]]
    assert "case 290" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("jobs", ["0", "-1", "two", "100000"])
def test_jobs_must_be_a_positive_number(jobs: str) -> None:
    result = run_cli("booksort", "--jobs", jobs, stdin="0\n")
    assert result.returncode == 2
    assert "--jobs" in result.stderr and "Traceback" not in result.stderr


def run_on_a_terminal(args: list[str], path: Path) -> str:
    """Runs ``idastar ARGS`` with stderr on a 100-column pseudo-terminal and
    returns what it wrote there."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios

    main_end, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "idastar", *args, str(path)],
            stdout=subprocess.DEVNULL,
            stderr=terminal,
            timeout=120,
            check=False,
        )
    finally:
        os.close(terminal)
    assert done.returncode == 0
    chunks = []
    while select.select([main_end], [], [], 0.5)[0]:
        try:
            chunk = os.read(main_end, 65536)
        except OSError:  # the terminal side is closed and drained
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main_end)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_on_a_terminal_a_bar_appears_only_once_a_run_takes_a_second(tmp_path: Path) -> None:
    path = tmp_path / "boards.in"
    path.write_text(batch_inputs()["rotation"])  # 600 boards
    assert run_on_a_terminal(["rotation"], path).strip() == ""  # the table: well under a second
    slow = run_on_a_terminal(["rotation", "--engine", "ida", "--jobs", "1"], path)
    assert "600board " in slow and "board/s" in slow


def test_an_option_value_the_library_refuses_is_one_line() -> None:
    result = run_cli("fifteen", "--patterns", "9-9", stdin=sample_text("fifteen", "in"))
    assert result.returncode == 2
    assert result.stderr.startswith("idastar fifteen: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


# --------------------------------------------------------------------------
# idastar sliding: any board


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([(2, 2), (3, 2), (2, 3), (3, 3), (4, 2)]), st.integers(0, 2**32))
def test_sliding_answers_any_board_as_the_reference_does(size: tuple[int, int], seed: int) -> None:
    from idastar import reference, sliding

    width, height = size
    boards = [sliding.random(width=width, height=height, seed=seed + k) for k in range(3)]
    text = "".join(" ".join(map(str, board)) + "\n" for board in boards)
    flags = ["--width", str(width), "--height", str(height)]
    expected = [reference.sliding.distance(board, width, height) for board in boards]
    status, out, err = run_main("sliding", *flags, "--batch", "-", stdin=text)
    assert status == 0, err  # stderr tells of pattern databases built
    assert out.split() == [str(cost) for cost in expected]
    status, out, _ = run_main("sliding", *flags, "--path", stdin=text)
    cost, path = out.split("\n")[:2]
    assert int(cost) == expected[0] == len(path)
    shape = {"width": width, "height": height}
    assert sliding.is_solved(sliding.replay(boards[0], path, **shape), **shape)


def test_sliding_reads_the_board_its_flags_give() -> None:
    eight = "8 6 7\n2 5 4\n3 0 1\n"
    assert run_main("sliding", "--width", "3", "--height", "3", stdin=eight)[1] == "31\n"
    # The default is the 15-puzzle's board, as idastar fifteen reads it.
    sample = sample_text("fifteen", "in")
    assert run_main("sliding", stdin=sample)[1] == run_main("fifteen", stdin=sample)[1]
    status, out, err = run_main(
        "sliding", "--width", "3", "--height", "3", stdin="1 2 3 4 5 6 7 8 9\n"
    )
    assert (status, out) == (2, "")
    assert err == ("idastar sliding: <stdin>: line 1: tile 9 at cell 9 is out of range 0 to 8\n")


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--width", "6"], "argument --width: must be from 2 to 5, got '6'"),
        (["--height", "x"], "argument --height: must be from 2 to 5, got 'x'"),
        (["--width", "3", "--height", "3", "--goal", "0 1 2 3"], "goal"),
    ],
)
def test_sliding_refuses_a_board_it_cannot_take(flags: list[str], message: str) -> None:
    status, out, err = run_main("sliding", *flags, stdin="1 2 3 4 5 6 7 8 0\n")
    assert (status, out) == (2, "")
    assert message in err and "Traceback" not in err
