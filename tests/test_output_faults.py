"""The command line when its output cannot be written, or its options
cannot be honoured: one line saying so (where stderr can take it), the
documented exit status, never a traceback, never an answer lost or an
error line among the answers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from idastar import cli
from idastar.commands import PUZZLES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX descriptors and /dev/full")

#: Every puzzle command on its shipped sample, and every demo.
RUNS = [
    *([name, f"@{name}"] for name in PUZZLES),
    ["fifteen", "--batch", "@fifteen"],
    ["demo"],
    *(["demo", name] for name in PUZZLES),
]


def _shell(argv: list[str], redirect: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``idastar ARGV REDIRECT`` as a shell runs it (``>&-`` closes stdout)."""
    command = " ".join([f"'{sys.executable}'", "-m", "idastar", *(f"'{a}'" for a in argv)])
    return subprocess.run(
        ["sh", "-c", f"exec {command} {redirect}"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _one_line(err: str) -> str:
    """The one line of ``err`` that is not a database build's announcement
    (a run that is first to need a database builds it, and says so)."""
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines(keepends=True) if ": building " not in line]
    assert len(lines) == 1 and lines[0].endswith("\n"), err
    return lines[0]


@pytest.mark.parametrize("argv", RUNS, ids=" ".join)
@pytest.mark.parametrize(
    ("redirect", "reason"),
    [(">&-", "it is closed"), ("> /dev/full", "No space left on device")],
    ids=["closed", "full"],
)
def test_unwritable_stdout_ends_with_one_line_and_status_74(
    argv: list[str], redirect: str, reason: str
) -> None:
    done = _shell(argv, redirect)
    assert done.returncode == cli.EXIT_OUTPUT == 74
    command = argv[0]
    assert (
        _one_line(done.stderr) == f"idastar {command}: cannot write to standard output: {reason}\n"
    )


# A bad second case: its error line must reach stderr, or nowhere.
BAD_SECOND = {
    "booksort": "2\n3\n1 2 3\n3\n1 1 2\n",
    "pancake": "2\n3\n2 1 3\n3\n1 1 2\n",
    "squares": "2\n2\n0\n2\n1 99\n",
    "rotation": "1 " * 24 + "\n" + "9 " * 24 + "\n0\n",
}
GOOD_FIRST = {
    "booksort": "0\n",
    "pancake": "1\n",
    "squares": "3\n",
    "rotation": "No moves needed\n1\n",
}


@pytest.mark.parametrize("name", list(BAD_SECOND))
@pytest.mark.parametrize("redirect", ["2>&-", "2> /dev/full"], ids=["closed", "full"])
def test_a_bad_case_with_unwritable_stderr_keeps_stdout_to_the_answers(
    name: str, redirect: str
) -> None:
    done = _shell([name], redirect, BAD_SECOND[name])
    assert done.returncode == cli.EXIT_USAGE
    assert done.stdout == GOOD_FIRST[name], "the answer before the bad case, and nothing else"


@pytest.mark.parametrize("name", list(BAD_SECOND))
@pytest.mark.parametrize(
    ("flags", "redirect"),
    [(["--stats"], "2>&-"), (["--stats"], "2> /dev/full"), (["--progress"], "2> /dev/full")],
)
def test_reports_on_unwritable_stderr_end_the_run_quietly(
    name: str, flags: list[str], redirect: str
) -> None:
    good = BAD_SECOND[name].replace("1 1 2", "1 3 2").replace("1 99", "1 9")
    if name == "rotation":
        good = "1 " * 24 + "\n0\n"
    done = _shell([name, *flags], redirect, good)
    assert done.returncode == cli.EXIT_OUTPUT
    assert "Traceback" not in done.stdout


@pytest.mark.parametrize(
    "source",
    ["directory", "missing"],
)
def test_an_unreadable_input_is_a_read_error_and_an_unwritable_output_is_not(
    source: str, tmp_path: Path
) -> None:
    path = tmp_path if source == "directory" else tmp_path / "missing.in"
    done = _shell(["pancake", str(path)], "")
    assert done.returncode == cli.EXIT_USAGE
    assert "cannot read" in _one_line(done.stderr)
    full = _shell(["pancake", "@pancake"], "> /dev/full")
    assert "cannot read" not in full.stderr and "@pancake" not in full.stderr


# -- options checked before the input is read ------------------------------


@pytest.mark.parametrize("patterns", ["x", "9-9", "6-6-6", "0-15", ""])
@pytest.mark.parametrize("stdin", ["", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"])
def test_a_bad_patterns_option_is_refused_whatever_the_batch(patterns: str, stdin: str) -> None:
    done = _shell(["fifteen", "--batch", "-", "--patterns", patterns], "", stdin)
    assert done.returncode == cli.EXIT_USAGE
    assert done.stdout == ""
    line = _one_line(done.stderr)
    assert line.startswith("idastar fifteen: patterns: "), line
    assert "case" not in line and "line" not in line


# -- pictures of the answers before a bad case ---------------------------------


@pytest.mark.parametrize("name", list(BAD_SECOND))
def test_every_picture_is_written_for_the_answers_before_a_bad_case(
    name: str, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    files = {
        option: tmp_path / f"case{suffix}"
        for option, suffix in (("--svg", ".svg"), ("--html", ".html"), ("--plot", ".png"))
    }
    argv = [name, *(part for option, path in files.items() for part in (option, str(path)))]
    done = _shell(argv, "", BAD_SECOND[name])
    assert done.returncode == cli.EXIT_USAGE
    # --plot implies --stats: the statistics come first, the error last.
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(f"idastar {name}: <stdin>: case 2")
    for option, path in files.items():
        assert path.exists() and path.stat().st_size > 0, option


@pytest.mark.parametrize("redirect", ["2>&-", "2> /dev/full"], ids=["closed", "full"])
def test_database_build_notes_on_unwritable_stderr_cost_no_answer(
    redirect: str, tmp_path: Path
) -> None:
    # Notes nobody asked for are dropped; the answer comes as ever.
    argv = ["fifteen", "--patterns", "5-5-5", "--cache-dir", str(tmp_path), "@fifteen"]
    done = _shell(argv, redirect)
    assert (done.returncode, done.stdout) == (0, "8\n")
