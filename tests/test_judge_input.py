"""The judge-input reader of every command: bad tokens of any kind are named
at their own case and line, line endings are one rule for every source, and
block boundaries change nothing."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import judge_words, run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar import _judge, booksort, fifteen, rotation, squares
from idastar._judge import JudgeInputError, Tokens

SHELVES = [(3, 2, 1), (2, 1)]
BOARDS = [
    [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3],
    [2, 3, 2, 1, 1, 3, 2, 3, 1, 3, 2, 3, 1, 1, 2, 1, 2, 1, 2, 3, 2, 3, 3, 1],
]
GRIDS = [(2, (1, 3)), (3, (12, 17))]
TILES = [list(fifteen.GOAL), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]]


def rotation_answer(board: list[int]) -> str:
    solution = rotation.solve_many([board])[0]
    return f"{''.join(solution.path) or 'No moves needed'}\n{solution.centre}\n"


class Judged:
    """A valid input of one command as tokens, where each case ends, and the answers."""

    def __init__(
        self, args: list[str], tokens: list[str], ends: list[int], answers: list[str]
    ) -> None:
        self.args, self.tokens, self.ends, self.answers = args, tokens, ends, answers
        #: Errors in the count T that starts the input name no case, nor
        #: do those of the one board of ``idastar fifteen``.
        self.counted = args[0] in ("booksort", "squares")
        self.single = args[0] == "fifteen" and "--batch" not in args

    def where(self, index: int) -> tuple[int | None, str]:
        """The case of the token at ``index`` and the answers printed before it."""
        if (index == 0 and self.counted) or self.single:
            return None, ""
        done = sum(end <= index for end in self.ends)
        return done + 1, "".join(self.answers[:done])


def judged(name: str) -> Judged:
    if name == "booksort":
        tokens = [str(len(SHELVES))]
        ends = []
        for shelf in SHELVES:
            tokens += [str(len(shelf)), *map(str, shelf)]
            ends.append(len(tokens))
        answers = [f"{booksort.judge(shelf)}\n" for shelf in SHELVES]
        return Judged(["booksort"], tokens, ends, answers)
    if name == "rotation":
        tokens = [str(v) for board in BOARDS for v in board] + ["0"]
        ends = [24, 48]
        return Judged(["rotation"], tokens, ends, [rotation_answer(b) for b in BOARDS])
    if name == "squares":
        tokens = [str(len(GRIDS))]
        ends = []
        for n, removed in GRIDS:
            tokens += [str(n), str(len(removed)), *map(str, removed)]
            ends.append(len(tokens))
        answers = [f"{squares.distance((n, removed))}\n" for n, removed in GRIDS]
        return Judged(["squares"], tokens, ends, answers)
    heuristic = ["--heuristic", "linear-conflict"]
    if name == "fifteen":
        return Judged(["fifteen", *heuristic], [str(t) for t in TILES[0]], [16], ["0\n"])
    tokens = [str(t) for tiles in TILES for t in tiles]
    return Judged(["fifteen", *heuristic, "--batch", "-"], tokens, [16, 32], ["0\n", "1\n"])


COMMANDS = ["booksort", "rotation", "squares", "fifteen", "fifteen --batch"]

# Tokens no reader may take for a number: int() accepts some of them
# (underscores, other scripts' digits, surrounding signs), and some are too
# long for int() to convert at all.
BAD_TOKENS = {
    "letters": "x",
    "negative": "-7",
    "huge": "1" + "0" * 4300,
    "huger": "9" * 20_000,
    "huge negative": "-" + "8" * 5000,
    "sign alone": "+",
    "two signs": "+-1",
    "underscore": "1_0",
    "arabic digit": "\u0663",
    "fullwidth digit": "\uff13",
    "decimal": "1.0",
    "hex": "0x1",
    "replacement char": "\ufffd",
    "nul": "\x00",
}


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("bad", list(BAD_TOKENS.values()), ids=list(BAD_TOKENS))
def test_a_bad_token_is_named_at_its_own_case_and_line(name: str, bad: str) -> None:
    """Every token on a line of its own, each in turn replaced by a bad one."""
    valid = judged(name)
    for index in range(len(valid.tokens)):
        tokens = list(valid.tokens)
        tokens[index] = bad
        status, out, err = run_main(*valid.args, stdin="\n".join(tokens) + "\n")
        case, answers = valid.where(index)
        where = f"line {index + 1}" if case is None else f"case {case}, line {index + 1}"
        assert (status, out) == (2, answers), (index, err)
        assert err.startswith(f"idastar {valid.args[0]}: <stdin>: {where}: "), (index, err)
        assert err.count("\n") == 1 and len(err) < 300, err


@pytest.mark.parametrize("name", COMMANDS)
def test_valid_inputs_answer(name: str) -> None:
    valid = judged(name)
    status, out, err = run_main(*valid.args, stdin="\n".join(valid.tokens) + "\n")
    assert (status, out, err) == (0, "".join(valid.answers), "")


def test_a_number_past_the_int_string_limit_keeps_the_answers_before_it() -> None:
    status, out, err = run_main("booksort", stdin="2\n3\n3 2 1\n1" + "0" * 4300 + "\n")
    assert (status, out) == (2, "2\n")
    assert err == (
        "idastar booksort: <stdin>: case 2, line 4: the number of books must be between "
        "1 and 16, got 100000000000000000000000... (4,301 digits)\n"
    )


def test_leading_zeros_do_not_count_as_digits() -> None:
    """``cin`` reads 000...01 as 1, however many zeros."""
    zeros = "0" * 5000
    text = f"{zeros}1\n{zeros}2\n{zeros}2 +{zeros}1\n"
    assert run_main("booksort", stdin=text) == (0, "1\n", "")
    status, _, err = run_main("booksort", stdin=f"1\n2\n-{zeros}1 1\n")
    assert status == 2 and "book -1 at position 1 is out of range 1 to 2" in err


def test_rotation_names_the_line_of_the_bad_cell() -> None:
    text = "5\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3\n0\n"
    status, out, err = run_main("rotation", stdin=text)
    assert (status, out) == (2, "")
    assert (
        err == "idastar rotation: <stdin>: case 1, line 1: cell 0 holds 5; cells hold 1, 2 or 3\n"
    )


def test_closed_standard_input_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "idastar", "booksort"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "idastar booksort: <stdin>: cannot read: standard input is closed\n"


# --------------------------------------------------------------------------
# Line endings: \n, \r\n and a lone \r each end a line, from any source

ENDINGS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


def with_endings(text: str, ending: str) -> str:
    return text.replace("\n", ending)


def bad_input(name: str) -> tuple[list[str], str]:
    """A command's input whose last case is bad, one token a line."""
    valid = judged(name)
    tokens = list(valid.tokens)
    tokens[-1] = "x"
    return valid.args, "\n".join(tokens) + "\n"


@pytest.mark.parametrize("name", COMMANDS)
def test_every_line_ending_gives_the_same_lines_in_process(name: str, tmp_path: Path) -> None:
    args, text = bad_input(name)
    expected = run_main(*args, stdin=text)
    assert expected[0] == 2 and "line " in expected[2]
    mixed = "".join(
        line + ["\n", "\r\n", "\r"][number % 3] for number, line in enumerate(text.split("\n")[:-1])
    )
    for ending_text in [*(with_endings(text, e) for e in ENDINGS.values()), mixed]:
        assert run_main(*args, stdin=ending_text) == expected
        path = tmp_path / "input.txt"
        path.write_bytes(ending_text.encode())
        file_args = [*args[:-1], str(path)] if args[-1] == "-" else [*args, str(path)]
        status, out, err = run_main(*file_args)
        assert (status, out, err.replace(str(path), "<stdin>")) == expected


@pytest.mark.parametrize("ending", list(ENDINGS))
def test_every_line_ending_gives_the_same_lines_from_stdin_and_a_file(
    ending: str, tmp_path: Path
) -> None:
    text = with_endings("2\n3\n3 2 1\n3\n1 2 x\n", ENDINGS[ending])
    path = tmp_path / "input.txt"
    path.write_bytes(text.encode())
    command = [sys.executable, "-m", "idastar", "booksort"]
    piped = subprocess.run(command, input=text.encode(), capture_output=True, timeout=60)
    from_file = subprocess.run([*command, str(path)], capture_output=True, timeout=60)
    message = b"case 2, line 5: expected book 3 of 3, found 'x'\n"
    assert (piped.returncode, piped.stdout, piped.stderr) == (
        2,
        b"2\n",
        b"idastar booksort: <stdin>: " + message,
    )
    assert (from_file.returncode, from_file.stdout) == (2, b"2\n")
    assert from_file.stderr == f"idastar booksort: {path}: ".encode() + message


# --------------------------------------------------------------------------
# The reader itself, block by block


def read_words(data: bytes, block_size: int) -> tuple[list[tuple[bytes, int]], int]:
    tokens = Tokens(io.BytesIO(data), block_size=block_size)
    words = []
    while not tokens.at_end():
        words.append((tokens.next_word("a word"), tokens.line))
    with pytest.raises(JudgeInputError) as raised:
        tokens.next_word("a word")
    assert raised.value.line is not None
    return words, raised.value.line


PIECES = [b"1", b"23", b"-4", b"x", b"\xff", b" ", b"  ", b"\t", b"\x0b", b"\x0c"]
ENDS = [b"\n", b"\r\n", b"\r", b"\r\r", b"\n\r"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES + ENDS), max_size=40), st.integers(1, 9))
def test_block_boundaries_change_no_token_and_no_line(pieces: list[bytes], size: int) -> None:
    data = b"".join(pieces)
    assert read_words(data, size) == judge_words(data)
    assert read_words(data, 1 << 16) == judge_words(data)


def read_lines(data: bytes, block_size: int) -> list[tuple[bytes, int]]:
    tokens = Tokens(io.BytesIO(data), block_size=block_size)
    lines = []
    while (line := tokens.next_line()) is not None:
        lines.append((line, tokens.line))
    return lines


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES + ENDS), max_size=40), st.integers(1, 9))
def test_block_boundaries_change_no_line_of_the_line_reader(pieces: list[bytes], size: int) -> None:
    data = b"".join(pieces)
    # From the rules alone: every line end ends a line; the lines with a token count.
    lines = re.split(rb"\r\n|\r|\n", data)
    expected = [(line, number) for number, line in enumerate(lines, 1) if line.split()]
    assert read_lines(data, size) == expected
    assert read_lines(data, 1 << 16) == expected


def test_a_text_stream_reads_like_its_bytes() -> None:
    text = "1 2\r\n3\r4\n\n5 \u0663"
    from_text = Tokens(io.StringIO(text))
    from_bytes = Tokens(io.BytesIO(text.encode()))
    for tokens in (from_text, from_bytes):
        words = []
        while not tokens.at_end():
            words.append((tokens.next_word("a word"), tokens.line))
        assert words == [(b"1", 1), (b"2", 1), (b"3", 2), (b"4", 3), (b"5", 5), (b"\xd9\xa3", 5)]


@pytest.mark.parametrize("block_size", [1, 2, 3, 7, 64])
@pytest.mark.parametrize("name", COMMANDS)
def test_commands_answer_the_same_at_any_block_size(
    name: str, block_size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    args, text = bad_input(name)
    expected = run_main(*args, stdin=text)
    monkeypatch.setattr(_judge, "BLOCK_SIZE", block_size)
    assert run_main(*args, stdin=text) == expected
    valid = judged(name)
    text = " ".join(valid.tokens) + "\r\n"
    assert run_main(*args, stdin=text) == (0, "".join(valid.answers), "")
