"""Hostile judge files through the command line, made by Hypothesis.

Each example starts as a valid judge input of one command (a few small
cases, spread over lines in random ways) and is then attacked: truncated,
tokens replaced by hostile ones (huge numbers, signs, other scripts'
digits, garbage, bytes that are not UTF-8, U+FFFD), tokens dropped,
repeated or swapped, random bytes inserted, stretches re-encoded, line
endings changed; or it is random bytes from the start. It runs through
``idastar.cli.main`` in this process, with the command's flags drawn at
random, and a model of the judge format written from its rules alone says
which cases are well formed and where the first bad one is. Properties:

* no exception escapes, and the exit status is 0 or 2;
* on 2, stderr ends with one line naming the input, and the case and line
  the model names; on 0 there is no such line and the model found no error;
* stdout is what the same command prints for the well-formed cases alone
  (and, for the plain judge output, what the reference answers).

A few examples run as real ``idastar`` processes, and valid files are
checked against the judge programs where a compiler is at hand.

``IDASTAR_FUZZ_EXAMPLES`` sets the number of in-process examples of each
command (default 80; the process runs get a fiftieth of it, at least 3):
``IDASTAR_FUZZ_EXAMPLES=20000 pytest tests/test_fuzz_cli.py`` is a long
campaign.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from conftest import judge_words, run_main
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from idastar import pancake, reference, rotation, sliding, squares

EXAMPLES = int(os.environ.get("IDASTAR_FUZZ_EXAMPLES", "80"))
PROCESS_EXAMPLES = max(3, EXAMPLES // 50)
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_CASES = 2**31 - 1

# --------------------------------------------------------------------------
# Valid cases, small enough to solve in milliseconds


@st.composite
def shelves(draw: st.DrawFn) -> tuple[int, ...]:
    n = draw(st.integers(1, 9))
    return tuple(draw(st.permutations(range(1, n + 1))))


@st.composite
def boards(draw: st.DrawFn) -> list[int]:
    """A board a few moves from one whose centre holds one number."""
    board = draw(st.lists(st.integers(1, 3), min_size=24, max_size=24))
    centre = draw(st.integers(1, 3))
    for cell in rotation.CENTRE:
        board[cell] = centre
    moves = draw(st.text(alphabet=rotation.MOVES, max_size=6))
    return list(rotation.replay(board, moves))


@st.composite
def grids(draw: st.DrawFn) -> tuple[int, tuple[int, ...]]:
    n = draw(st.integers(1, 4))
    sticks = list(range(1, squares.stick_count(n) + 1))
    removed = draw(st.lists(st.sampled_from(sticks), unique=True, max_size=len(sticks)))
    return n, tuple(removed)


def tile_walks(goal: tuple[int, ...]) -> st.SearchStrategy[list[int]]:
    """Boards a few random moves from ``goal``."""

    @st.composite
    def walk(draw: st.DrawFn) -> list[int]:
        board = goal
        for _ in range(draw(st.integers(0, 10))):
            moves = list(reference.sliding.moves_from(board, 4, 4))
            _, board = moves[draw(st.integers(0, len(moves) - 1))]
        return list(board)

    return walk()


# --------------------------------------------------------------------------
# The judge format, modelled from its rules


class Bad(Exception):
    """The first bad token: its case (None where the command names none) and line."""

    def __init__(self, case: int | None, line: int) -> None:
        super().__init__(case, line)
        self.case, self.line = case, line


def integer(word: bytes) -> int | None:
    """What ``cin >> int`` makes of a whole token (None: not an integer);
    values of more than 18 significant digits stand as +-10**19."""
    if not re.fullmatch(rb"[+-]?[0-9]+", word):
        return None
    digits = word.lstrip(b"+-").lstrip(b"0") or b"0"
    value = 10**19 if len(digits) > 18 else int(digits)
    return -value if word.startswith(b"-") else value


class Model:
    """The tokens of a judge input, read by the judge's rules; a bad one raises Bad."""

    def __init__(self, data: bytes) -> None:
        self.words, self.end_line = judge_words(data)
        self.at = 0
        self.line = self.first_line = 0

    def at_end(self) -> bool:
        return self.at >= len(self.words)

    def next(self, case: int | None, low: int, high: int) -> int:
        if self.at_end():
            raise Bad(case, self.end_line)
        word, self.line = self.words[self.at]
        self.at += 1
        value = integer(word)
        if value is None or not low <= value <= high:
            raise Bad(case, self.line)
        return value

    def distinct(self, case: int | None, count: int, low: int, high: int) -> list[int]:
        """``count`` values, no two the same; ``first_line`` is then the first one's line."""
        values: list[int] = []
        for _ in range(count):
            value = self.next(case, low, high)
            if not values:
                self.first_line = self.line
            if value in values:
                raise Bad(case, self.line)
            values.append(value)
        return values


def booksort_cases(model: Model, cases: list[object], goal: tuple[int, ...]) -> None:
    for case in range(1, model.next(None, 0, MAX_CASES) + 1):
        n = model.next(case, 1, 16)
        cases.append(tuple(model.distinct(case, n, 1, n)))


def pancake_cases(model: Model, cases: list[object], goal: tuple[int, ...]) -> None:
    for case in range(1, model.next(None, 0, MAX_CASES) + 1):
        n = model.next(case, 1, pancake.MAX_PANCAKES)
        cases.append(tuple(model.distinct(case, n, 1, n)))


def rotation_cases(model: Model, cases: list[object], goal: tuple[int, ...]) -> None:
    case = 0
    while not model.at_end():
        case += 1
        first = model.next(case, 0, 3)
        if first == 0:
            return
        cases.append([first] + [model.next(case, 1, 3) for _ in range(23)])


def squares_cases(model: Model, cases: list[object], goal: tuple[int, ...]) -> None:
    for case in range(1, model.next(None, 0, MAX_CASES) + 1):
        n = model.next(case, 1, 16)
        total = 2 * n * (n + 1)
        k = model.next(case, 0, total)
        cases.append((n, tuple(model.distinct(case, k, 1, total))))


def fifteen_board(model: Model, case: int | None, goal: tuple[int, ...]) -> list[int]:
    tiles = model.distinct(case, 16, 0, 15)
    if not reference.sliding.is_solvable(tuple(tiles), goal, 4):
        raise Bad(case, model.first_line)
    return tiles


def fifteen_cases(model: Model, cases: list[object], goal: tuple[int, ...]) -> None:
    cases.append(fifteen_board(model, None, goal))


def fifteen_batch_cases(model: Model, cases: list[object], goal: tuple[int, ...]) -> None:
    while not model.at_end():
        cases.append(fifteen_board(model, len(cases) + 1, goal))


# --------------------------------------------------------------------------
# Each command: its cases, flags, judge format and the reference


@dataclass
class Command:
    name: str
    cases: st.SearchStrategy[object]
    flags: list[list[str]]
    read: Callable[[Model, list[object], tuple[int, ...]], None]
    #: A judge input of the cases, as tokens.
    tokens: Callable[[list[object]], list[str]]
    #: True when a case is quick to solve with these flags.
    cheap: Callable[[object, list[str]], bool]
    #: The judge answer lines of a case by the reference (None: too slow there).
    reference: Callable[[object, tuple[int, ...]], list[str] | None]


def counted(case_tokens: Callable[[object], list[str]]) -> Callable[[list[object]], list[str]]:
    return lambda cases: [str(len(cases))] + [t for case in cases for t in case_tokens(case)]


def rotation_reference(board: object, goal: tuple[int, ...]) -> list[str] | None:
    assert isinstance(board, list)
    if rotation.solve_many([board])[0].cost > 4:
        return None
    solution = reference.rotation.solve(board)
    return ["".join(solution.path) or "No moves needed", str(solution.centre)]


def fifteen_reference(tiles: object, goal: tuple[int, ...]) -> list[str] | None:
    assert isinstance(tiles, list)
    return [str(reference.sliding.solve(tiles, 4, 4, goal).cost)]


BLANK_LAST = sliding.goal_tiles("blank-last")
BLANK_FIRST = sliding.goal_tiles("blank-first")
FIFTEEN_FLAGS = [
    [*heuristic, *goal, *shape]
    for heuristic in (
        ["--heuristic", "linear-conflict"],
        ["--heuristic", "manhattan"],
        ["--patterns", "4-4-4-3"],
    )
    for goal in ([], ["--goal", "blank-first"])
    for shape in ([], ["--path"], ["--json"], ["--stats"])
]


def fifteen_goal(flags: list[str]) -> tuple[int, ...]:
    return BLANK_FIRST if "blank-first" in flags else BLANK_LAST


COMMANDS = {
    "booksort": Command(
        "booksort",
        shelves(),
        [
            [],
            ["--exact"],
            ["--path"],
            ["--json"],
            ["--stats"],
            ["--exact", "--path"],
            ["--exact", "--json", "--stats"],
            ["-j", "1"],
            ["-j", "2", "--progress"],
        ],
        booksort_cases,
        counted(lambda books: [str(len(books)), *map(str, books)]),
        lambda books, flags: len(books) <= 10 or "--exact" not in flags,
        lambda books, _: [reference.booksort.judge_answer(books)] if len(books) <= 6 else None,
    ),
    "pancake": Command(
        "pancake",
        shelves(),
        [
            [],
            ["--path"],
            ["--json"],
            ["--stats"],
            ["--path", "--stats"],
            ["-j", "1"],
            ["-j", "2", "--progress"],
        ],
        pancake_cases,
        counted(lambda stack: [str(len(stack)), *map(str, stack)]),
        lambda stack, flags: True,
        lambda stack, _: [str(reference.pancake.distance(stack))] if len(stack) <= 7 else None,
    ),
    "rotation": Command(
        "rotation",
        boards(),
        [
            [],
            ["--engine", "ida"],
            ["--json"],
            ["--stats"],
            ["--engine", "ida", "--json"],
            ["--engine", "ida", "--stats"],
            ["-j", "1"],
            ["--progress"],
        ],
        rotation_cases,
        lambda boards: [str(v) for board in boards for v in board] + ["0"],  # type: ignore[attr-defined]
        lambda board, flags: "ida" not in flags or rotation.solve_many([board])[0].cost <= 9,
        rotation_reference,
    ),
    "squares": Command(
        "squares",
        grids(),
        [
            [],
            ["--engine", "ida"],
            ["--path"],
            ["--json"],
            ["--stats"],
            ["--engine", "ida", "--heuristic", "disjoint", "--path"],
            ["-j", "2"],
            ["--progress"],
        ],
        squares_cases,
        counted(lambda grid: [str(grid[0]), str(len(grid[1])), *map(str, grid[1])]),  # type: ignore[index]
        lambda grid, flags: grid[0] <= (5 if "ida" in flags else 7),  # type: ignore[index]
        lambda grid, _: [str(reference.squares.distance(grid))] if grid[0] <= 3 else None,  # type: ignore[index]
    ),
    "fifteen": Command(
        "fifteen",
        st.none(),  # drawn per goal, below
        FIFTEEN_FLAGS,
        fifteen_cases,
        lambda boards: [str(t) for tiles in boards for t in tiles],  # type: ignore[attr-defined]
        lambda tiles, flags: reference.sliding.manhattan(tiles, fifteen_goal(flags), 4) <= 16,
        fifteen_reference,
    ),
}
COMMANDS["fifteen --batch"] = Command(
    "fifteen",
    st.none(),
    [[*flags, "--batch", "-"] for flags in FIFTEEN_FLAGS] + [["--progress", "--batch", "-"]],
    fifteen_batch_cases,
    COMMANDS["fifteen"].tokens,
    COMMANDS["fifteen"].cheap,
    fifteen_reference,
)

# --------------------------------------------------------------------------
# The attack

SEPARATORS = [
    b" ",
    b" ",
    b" ",
    b"\n",
    b"\n",
    b"\r\n",
    b"\r",
    b"\t",
    b"  ",
    b"\n\n",
    b"\x0b",
    b"\x0c",
]
ENDINGS = [b"\n", b"\r\n", b"\r", b"", b"\n\n", b" "]
GARBAGE = [
    "x", "1.0", "1e3", "0x10", "1_0", "+", "-", "--1", "+-1", "\u0663", "\uff13",
    "\u00bd", "\u2075", "\U0001d7d3", "\ufffd", "0b1", "1,2", "\u00a0", "1\u00a02",
]  # fmt: skip
BOUNDARIES = [
    "0", "-0", "+0", "+3", "007", "15", "16", "17", "2147483647", "2147483648",
    "-2147483648", "999999999999999999", "1000000000000000000", "9223372036854775808",
]  # fmt: skip


@st.composite
def huge_numbers(draw: st.DrawFn) -> str:
    sign = draw(st.sampled_from(["", "-", "+"]))
    zeros = "0" * draw(st.sampled_from([0, 0, 1, 17, 4300, 6000]))
    digits = draw(st.sampled_from(["9", "1", "3"])) * draw(st.integers(1, 6000))
    return sign + zeros + digits


HOSTILE = st.one_of(
    st.integers(-3, 20).map(str).map(str.encode),
    st.sampled_from(BOUNDARIES).map(str.encode),
    huge_numbers().map(str.encode),
    st.sampled_from(GARBAGE).map(str.encode),
    st.sampled_from([b"\xff", b"\xe9", b"\x00", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf1"]),
    st.binary(min_size=1, max_size=4),
)
RECODINGS = ["utf-16-le", "utf-16", "latin-1", "utf-32-be"]


@st.composite
def attacked(draw: st.DrawFn, tokens: list[str]) -> bytes:
    """``tokens`` as a judge file, then attacked."""
    if draw(st.integers(0, 19)) == 0:  # nothing of a judge file at all
        return draw(st.binary(max_size=300))
    words = [t.encode() for t in tokens]
    for _ in range(draw(st.integers(0, 3))):
        if not words:
            break
        at = draw(st.integers(0, len(words) - 1))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "repeat", "swap"]))
        if kind == "replace":
            words[at] = draw(HOSTILE)
        elif kind == "insert":
            words.insert(at, draw(HOSTILE))
        elif kind == "delete":
            del words[at]
        elif kind == "repeat":
            end = draw(st.integers(at, min(len(words), at + 30)))
            words[at:at] = words[at:end]
        else:
            other = draw(st.integers(0, len(words) - 1))
            words[at], words[other] = words[other], words[at]
    data = b"".join(word + draw(st.sampled_from(SEPARATORS)) for word in words[:-1])
    if words:
        data += words[-1] + draw(st.sampled_from(ENDINGS))
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(["truncate", "bytes", "recode", "endings"]))
        at = draw(st.integers(0, len(data)))
        if kind == "truncate":
            data = data[:at]
        elif kind == "bytes":
            data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
        elif kind == "recode":
            end = draw(st.integers(at, len(data)))
            stretch = data[at:end].decode("latin-1").encode(draw(st.sampled_from(RECODINGS)))
            data = data[:at] + stretch + data[end:]
        else:
            data = data.replace(b"\n", draw(st.sampled_from([b"\r", b"\r\n", b"\n\r", b"\r\r"])))
    return data


# --------------------------------------------------------------------------
# The properties


def well_formed(
    command: Command, data: bytes, goal: tuple[int, ...]
) -> tuple[list[object], Bad | None]:
    """The well-formed cases before the first bad one, and that one (None: all well formed)."""
    cases: list[object] = []
    try:
        command.read(Model(data), cases, goal)
    except Bad as bad:
        return cases, bad
    return cases, None


def comparable(out: str, flags: list[str]) -> list[object]:
    """Output lines with the run's timings left out."""
    if "--json" not in flags:
        return list(out.splitlines())
    records = [json.loads(line) for line in out.splitlines()]
    for record in records:
        record["stats"].pop("elapsed")
    return records


def command_lines(err: str, name: str) -> list[str]:
    """The lines of stderr the command itself wrote (not statistics nor bars)."""
    return [
        line
        for line in re.split(r"[\r\n]", err)
        if line.startswith(f"idastar {name}: ") and "building pattern database" not in line
    ]


def check(
    command: Command,
    flags: list[str],
    data: bytes,
    run: Callable[[list[str], bytes], tuple[int, str, str]],
) -> None:
    goal = fifteen_goal(flags) if command.name == "fifteen" else ()
    cases, bad = well_formed(command, data, goal)
    assume(all(command.cheap(case, flags) for case in cases))
    status, out, err = run([command.name, *flags], data)
    assert "Traceback" not in err, err
    own = command_lines(err, command.name)
    quiet = not any(flag in flags for flag in ("--stats", "--progress", "--patterns"))
    if bad is None:
        assert status == 0 and own == [], err
    else:
        assert status == 2, (bad.case, bad.line, err)
        where = f"line {bad.line}" if bad.case is None else f"case {bad.case}, line {bad.line}"
        assert len(own) == 1 and own[0].startswith(f"idastar {command.name}: <stdin>: {where}: ")
        assert err.endswith("\n" + own[0] + "\n") or err == own[0] + "\n", err
        assert len(own[0]) < 300
    if quiet:
        assert err == "".join(line + "\n" for line in own)
    expected = ""
    if cases:
        clean = " ".join(command.tokens(cases)) + "\n"
        clean_status, expected, _ = run_main(command.name, *flags, stdin=clean)
        assert clean_status == 0
        if not flags:
            answers = [command.reference(case, goal) for case in cases[:3]]
            lines = expected.splitlines()
            per_case = len(lines) // len(cases)
            for index, answer in enumerate(answers):
                if answer is not None:
                    assert lines[index * per_case : (index + 1) * per_case] == answer
    assert comparable(out, flags) == comparable(expected, flags)


def in_process(args: list[str], data: bytes) -> tuple[int, str, str]:
    return run_main(*args, stdin=data)


def as_text(args: list[str], data: bytes) -> tuple[int, str, str]:
    """In this process through a text stream: what undecodable bytes become is
    encoded back to the same bytes (lone surrogates to invalid UTF-8)."""
    text = data.decode("utf-8", "surrogateescape")
    return run_main(*args, stdin=text)


def as_process(args: list[str], data: bytes) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "idastar", *args],
        input=data,
        capture_output=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode("utf-8", "replace")


def examples(draw: st.DrawFn, name: str) -> tuple[Command, list[str], bytes]:
    command = COMMANDS[name]
    flags = draw(st.sampled_from(command.flags))
    if command.name == "fifteen":
        cases: list[object] = draw(
            st.lists(tile_walks(fifteen_goal(flags)), min_size=1, max_size=4)
        )
        if "--batch" not in flags:
            cases = cases[:1]
    else:
        cases = draw(st.lists(command.cases, max_size=6))
    return command, flags, draw(attacked(command.tokens(cases)))


@FUZZ
@given(data=st.data())
@pytest.mark.parametrize("name", list(COMMANDS))
def test_hostile_files_in_process(name: str, data: st.DataObject) -> None:
    command, flags, text = examples(data.draw, name)
    check(command, flags, text, in_process)


@settings(FUZZ, max_examples=max(3, EXAMPLES // 4))
@given(data=st.data())
@pytest.mark.parametrize("name", list(COMMANDS))
def test_hostile_files_through_a_text_stream(name: str, data: st.DataObject) -> None:
    command, flags, text = examples(data.draw, name)
    # The model reads what the text stream hands on: its UTF-8 bytes.
    check(
        command,
        flags,
        text.decode("utf-8", "surrogateescape").encode("utf-8", "surrogatepass"),
        lambda args, _: as_text(args, text),
    )


@settings(FUZZ, max_examples=PROCESS_EXAMPLES)
@given(data=st.data())
@pytest.mark.parametrize("name", list(COMMANDS))
def test_hostile_files_as_processes(name: str, data: st.DataObject) -> None:
    command, flags, text = examples(data.draw, name)
    check(command, flags, text, as_process)


# --------------------------------------------------------------------------
# Hostile files into a broken output, and Ctrl-C at a random moment

#: Shell redirections that break an output: closed, or on a full disk.
BROKEN_OUTPUTS = [">&-", "> /dev/full", "2>&-", "2> /dev/full"]
#: The exit statuses of the documented list that a run may end with.
EXIT_OK, EXIT_USAGE, EXIT_OUTPUT, EXIT_INTERRUPTED = 0, 2, 74, 130


def untimed(text: str) -> str:
    """``text`` with the seconds in its JSON records blanked."""
    return re.sub(r'"elapsed": [-+.e0-9]+', '"elapsed": 0', text)


def through_shell(args: list[str], data: bytes, redirect: str) -> tuple[int, str, str]:
    """``idastar ARGS REDIRECT`` as a shell runs it, on ``data``."""
    command = " ".join([sys.executable, "-m", "idastar", *args])
    done = subprocess.run(
        ["sh", "-c", f"exec {command} {redirect}"],
        input=data,
        capture_output=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode("utf-8", "replace")


@settings(FUZZ, max_examples=PROCESS_EXAMPLES)
@given(data=st.data())
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("name", list(COMMANDS))
def test_hostile_files_into_a_broken_output(name: str, data: st.DataObject) -> None:
    """A closed or full stdout ends the run with 74 (or 2, for a bad case
    before any answer; a run with nothing to write ends as ever) and one
    line saying so; a closed or full stderr
    leaves stdout as it would be, the error line going nowhere rather than
    among the answers (a report asked for, --stats or --progress, that
    cannot be written ends the run with 74). Never a traceback."""
    command, flags, text = examples(data.draw, name)
    goal = fifteen_goal(flags) if command.name == "fifteen" else ()
    cases, _ = well_formed(command, text, goal)
    assume(all(command.cheap(case, flags) for case in cases))
    redirect = data.draw(st.sampled_from(BROKEN_OUTPUTS))
    status, out, err = through_shell([command.name, *flags], text, redirect)
    assert "Traceback" not in err and "Traceback" not in out, (err, out)
    normal_status, normal_out, _ = in_process([command.name, *flags], text)
    out, normal_out = untimed(out), untimed(normal_out)
    if redirect.startswith("2"):  # stderr broken
        reports = any(flag in flags for flag in ("--stats", "--progress"))
        if status == EXIT_OUTPUT:
            assert reports, "only a report asked for may fail to be written"
            assert normal_out.startswith(out)
        else:
            assert (status, out) == (normal_status, normal_out)
        return
    if normal_out == "" and status == normal_status:  # nothing to write, no error
        return
    assert status in (EXIT_USAGE, EXIT_OUTPUT), (status, err)
    own = command_lines(err, command.name)
    assert len(own) == 1, err
    if status == EXIT_OUTPUT:
        reason = "it is closed" if redirect == ">&-" else "No space left on device"
        assert own[0] == f"idastar {command.name}: cannot write to standard output: {reason}"
    else:
        assert normal_status == EXIT_USAGE and own[0] in err


@settings(FUZZ, max_examples=PROCESS_EXAMPLES, suppress_health_check=list(HealthCheck))
@given(data=st.data())
@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize("name", list(COMMANDS))
def test_hostile_files_interrupted_at_a_random_moment(name: str, data: st.DataObject) -> None:
    """Ctrl-C at any moment ends the run with 130 and stdout a prefix, in
    whole lines, of what the run prints uninterrupted (or the run ends as
    it would have, if it was done by then)."""
    import signal
    import tempfile
    import time

    command, flags, text = examples(data.draw, name)
    goal = fifteen_goal(flags) if command.name == "fifteen" else ()
    cases, _ = well_formed(command, text, goal)
    assume(all(command.cheap(case, flags) for case in cases))
    normal_status, normal_out, _ = in_process([command.name, *flags], text)
    with tempfile.TemporaryFile() as stdin:
        stdin.write(text)
        stdin.seek(0)
        child = subprocess.Popen(
            [sys.executable, "-m", "idastar", command.name, *flags],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
    try:
        time.sleep(data.draw(st.floats(0.0, 0.6)))
        child.send_signal(signal.SIGINT)
        out_bytes, err_bytes = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    out, err = out_bytes.decode(), err_bytes.decode("utf-8", "replace")
    # The times a search took differ from run to run.
    out, normal_out = untimed(out), untimed(normal_out)
    starting = "Fatal Python error" in err or "Could not import runpy module" in err
    if child.returncode == -signal.SIGINT or starting:
        # The interpreter was starting, or shutting down after the command
        # returned: Python's own Ctrl-C. Still no answer is torn.
        assert normal_out.startswith(out) and (out == "" or out.endswith("\n")), out
        return
    assert "Traceback" not in err, err
    if child.returncode == EXIT_INTERRUPTED:
        assert err.endswith("idastar: interrupted\n"), err
        assert normal_out.startswith(out) and (out == "" or out.endswith("\n")), (out, normal_out)
    else:
        assert (child.returncode, out) == (normal_status, normal_out)


# --------------------------------------------------------------------------
# Valid files: the judge programs' answers

SEEDS = {"booksort": "booksort_acwing", "rotation": "rotation_acwing", "squares": "squares_acwing"}


@st.composite
def spread(draw: st.DrawFn, tokens: list[str]) -> bytes:
    """``tokens`` as a valid judge file, spread over lines in a random way."""
    return b"".join(t.encode() + draw(st.sampled_from(SEPARATORS)) for t in tokens)


@settings(FUZZ, max_examples=max(10, EXAMPLES // 20))
@given(data=st.data())
@pytest.mark.parametrize("name", [*SEEDS, "fifteen"])
def test_valid_files_get_the_judge_programs_answers(
    name: str, data: st.DataObject, seed_program: Callable[[str, float], Callable[[str], str]]
) -> None:
    flags = []
    if name == "fifteen":
        judge = seed_program("fifteen_ida", 60)
        cases: list[object] = [data.draw(tile_walks(BLANK_LAST))]
        flags = ["--heuristic", "linear-conflict"]  # no pattern databases to build
    else:
        judge = seed_program(SEEDS[name], 60)
        cases = data.draw(st.lists(COMMANDS[name].cases, min_size=1, max_size=6))
    text = data.draw(spread(COMMANDS[name].tokens(cases)))
    assert run_main(name, *flags, stdin=text) == (0, judge(text.decode()), "")
