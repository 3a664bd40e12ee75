"""Every example line of ``idastar --help`` and of each command's ``--help``
runs verbatim in an empty directory, with only the installed package, and
prints what the help shows under it; the inputs it names come with it. So
do the ``idastar`` lines of README and of the documentation pages."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli
from doc_examples import command_lines

from idastar.cli import PUZZLES

PAGES = [(), *((name,) for name in PUZZLES)]


def examples(help_text: str) -> list[tuple[str, list[str]]]:
    """The ``$ command`` lines of a help page, each with the output lines shown under it."""
    found: list[tuple[str, list[str]]] = []
    for line in help_text.splitlines():
        command = re.match(r"^\s+\$ (.*)$", line)
        if command:
            found.append((command.group(1), []))
        elif found and line.startswith("  ") and line.strip() and not line.lstrip().startswith("$"):
            found[-1][1].append(line.strip())
        elif found and not line.strip():
            found.append(("", []))  # a blank line ends the shown output
    return [(command, shown) for command, shown in found if command]


def run_verbatim(command: str, directory: Path) -> subprocess.CompletedProcess[str]:
    """Runs a shell line as a user would type it in ``directory``; fails the
    test unless it exits 0."""
    # `idastar` as a user has it: the console script beside this interpreter.
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"],
        cwd=directory,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, f"{command}: {done.stderr}"
    return done


def test_the_example_reader_takes_commands_and_their_output() -> None:
    text = "example:\n  $ printf '1' | idastar x\n  2\n  $ idastar y   # note\n\nmore:\n  z\n"
    assert examples(text) == [("printf '1' | idastar x", ["2"]), ("idastar y   # note", [])]


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=lambda page: " ".join(("idastar", *page, "--help")))
def test_every_help_example_runs_verbatim_in_an_empty_directory(
    page: tuple[str, ...], tmp_path: Path
) -> None:
    shown = run_cli(*page, "--help")
    assert shown.returncode == 0
    lines = examples(shown.stdout)
    assert lines, "the page shows no example"
    for command, output in lines:
        done = run_verbatim(command, tmp_path)
        if output:
            assert done.stdout.splitlines() == output, command


def test_a_shipped_input_is_named_with_an_at() -> None:
    from idastar.commands import sample_text

    for name in PUZZLES:
        if name in ("rotation", "fifteen"):  # their answers need tables or databases
            continue
        done = run_cli(name, f"@{name}")
        assert (done.returncode, done.stdout) == (0, sample_text(name, "out")), name


def test_korf_s_100_ship_with_the_package() -> None:
    from idastar.commands import shipped_inputs

    boards = shipped_inputs()["korf100"].read_text().split("\n")
    rows = [[int(tile) for tile in board.split()] for board in boards if board.strip()]
    assert len(rows) == 100
    assert all(sorted(row) == list(range(16)) for row in rows)
    assert rows[0][:4] == [14, 13, 15, 7]  # Korf's instance 1


def test_an_unknown_shipped_name_is_a_usage_error_naming_the_choices() -> None:
    done = run_cli("booksort", "@shelves")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("idastar booksort: @shelves: no such shipped input; there are @")
    assert "@korf100" in done.stderr and done.stderr.count("\n") == 1


def test_bare_idastar_prints_the_help() -> None:
    done = run_cli()
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == run_cli("--help").stdout


def test_demo_says_when_it_builds_a_database(tmp_path: Path) -> None:
    env = {**os.environ, "IDASTAR_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "idastar", "demo", "fifteen"]
    first = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert first.returncode == 0
    assert "includes building the pattern databases" in first.stdout
    assert "idastar demo: building pattern database 1 of 3" in first.stderr
    again = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert again.returncode == 0
    assert "building" not in again.stdout + again.stderr


@pytest.mark.slow
@pytest.mark.parametrize("command", command_lines())
def test_every_docs_command_runs_verbatim_in_an_empty_directory(
    command: str, tmp_path: Path
) -> None:
    """README's and the documentation pages' ``sh`` lines, each once."""
    if "--plot" in command:
        pytest.importorskip("matplotlib", reason='--plot needs pip install "idastar[plot]"')
    done = run_verbatim(command, tmp_path)
    assert done.stdout or done.stderr, command
