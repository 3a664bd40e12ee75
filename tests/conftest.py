"""Fixtures shared by the test modules: the judge programs as oracles."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    """Registers the ``slow`` marker (here, not in pyproject.toml, so that a
    copy of the tests outside the source tree knows it too). With
    IDASTAR_TEST_INSTALLED set (CI's run against the wheel), the package
    under test must be an installed one, not a source tree's."""
    config.addinivalue_line(
        "markers", "slow: among the few slowest tests (left out of the quick runs: -m 'not slow')"
    )
    if os.environ.get("IDASTAR_TEST_INSTALLED"):
        import idastar

        where = Path(idastar.__file__).resolve()
        if "site-packages" not in where.parts:
            raise pytest.UsageError(f"idastar was imported from {where}, not from site-packages")


#: Runs a compiled judge program on an input text and returns its output.
SeedRunner = Callable[[str], str]


def seeds_dir() -> Path | None:
    """The judge programs' sources: beside the checkout, or under $IDASTAR_SEEDS."""
    beside = ROOT.parent / "shared" / "seeds" / "cpp"
    if beside.is_dir():
        return beside
    from_env = os.environ.get("IDASTAR_SEEDS")
    return Path(from_env) if from_env else None


@pytest.fixture(scope="session", autouse=True)
def pattern_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Pattern databases go to a temporary directory, never the user's cache.

    Set in the environment so that the command-line runs in subprocesses
    share it: a database built by one test is loaded by the next. The
    workers of a run spread over the cores (pytest-xdist) share one too,
    each under the run's own temporary directory, as a database is stored
    whole or not at all.
    """
    if os.environ.get("PYTEST_XDIST_WORKER"):
        directory = tmp_path_factory.getbasetemp().parent / "pdb-cache"
        directory.mkdir(exist_ok=True)
    else:
        directory = tmp_path_factory.mktemp("pdb-cache")
    previous = os.environ.get("IDASTAR_CACHE_DIR")
    os.environ["IDASTAR_CACHE_DIR"] = str(directory)
    # The default 4 x 4 databases are built here, unhurried: a build counts
    # against time_limit, and the tests that set a short one as a safety
    # net mean to time a search, not a build on a loaded machine.
    from idastar import fifteen

    fifteen.lower_bound(fifteen.HARD_CASE)
    yield directory
    if previous is None:
        del os.environ["IDASTAR_CACHE_DIR"]
    else:
        os.environ["IDASTAR_CACHE_DIR"] = previous


@pytest.fixture(scope="session")
def seed_program(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, float], SeedRunner]:
    """``seed_program(name, timeout)`` compiles ``NAME.cpp`` once with ``g++ -O2``.

    Skips the test, with the reason, where there is no compiler or no source.
    """
    built: dict[str, Path] = {}

    def compile_and_run(name: str, timeout: float = 60) -> SeedRunner:
        compiler = shutil.which("g++")
        if compiler is None:
            pytest.skip(f"g++ not found: cannot compile the judge program {name}.cpp")
        directory = seeds_dir()
        source = directory / f"{name}.cpp" if directory else None
        if source is None or not source.is_file():
            pytest.skip(
                f"{name}.cpp not found beside the repository (../shared/seeds/cpp) "
                "nor under $IDASTAR_SEEDS"
            )
        if name not in built:
            binary = tmp_path_factory.mktemp("seed") / name
            subprocess.run(
                [compiler, "-O2", "-o", str(binary), str(source)], check=True, timeout=120
            )
            built[name] = binary

        def run(text: str) -> str:
            done = subprocess.run(
                [str(built[name])],
                input=text,
                capture_output=True,
                text=True,
                timeout=timeout,
                check=True,
            )
            return done.stdout

        return run

    return compile_and_run


def seconds_to_stop_on_ctrl_c(
    call: str, setup: str = "", wait: float = 0.4, ready: str | None = None
) -> float:
    """Runs ``call`` in a fresh interpreter, sends SIGINT after ``wait`` seconds
    and returns how long the call took to raise KeyboardInterrupt after that.

    With ``ready``, the signal goes ``wait`` seconds after the call prints
    the line ``ready`` (from a progress callback, say) rather than after it
    starts.

    Fails the test if the call finishes, raises anything else, or the child
    hangs for half a minute.
    """
    import textwrap

    script = textwrap.dedent(
        f"""
        import sys, time
        {setup}
        print("started", flush=True)
        try:
            {call}
        except KeyboardInterrupt:
            print("interrupted", time.monotonic(), flush=True)
            sys.exit(42)
        print("finished", flush=True)
        """
    )
    status, out, err, sent, _ = interrupted_child([sys.executable, "-c", script], wait, ready)
    assert status == 42, (out, err)
    word, stopped = out.split()
    assert word == "interrupted"
    return float(stopped) - sent


def seconds_to_stop_command_on_ctrl_c(*args: str, wait: float = 0.4) -> float:
    """Runs ``idastar ARGS`` in a fresh interpreter, sends SIGINT ``wait``
    seconds after it started and returns how long it took to exit after that.

    Fails the test unless it exits as the command does on Ctrl-C (status 130,
    one line on stderr), or if it hangs for half a minute.
    """
    script = (
        "import sys\nfrom idastar.cli import main\n"
        "print('started', flush=True)\nsys.exit(main(sys.argv[1:]))"
    )
    status, out, err, sent, ended = interrupted_child([sys.executable, "-c", script, *args], wait)
    assert (status, err) == (130, "idastar: interrupted\n"), (out, err)
    return ended - sent


def interrupted_child(
    argv: list[str], wait: float, ready: str | None = None
) -> tuple[int, str, str, float, float]:
    """Starts ``argv``, a program that prints "started" first (and then the
    line ``ready``, when given), and sends it SIGINT ``wait`` seconds after
    that: ``(status, stdout, stderr, sent, ended)``, the last two on
    ``time.monotonic``'s clock. Kills a child that is still running half a
    minute later.
    """
    import signal
    import time

    child = subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        if ready is not None:
            assert child.stdout.readline().strip() == ready
        time.sleep(wait)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
        ended = time.monotonic()
    finally:
        # Never leave a search running behind a failed test.
        if child.poll() is None:
            child.kill()
            child.wait()
    return child.returncode, out, err, sent, ended


def run_cli(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m idastar ARGS`` in a fresh interpreter, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "idastar", *args],
        check=False,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def run_main(*args: str, stdin: str | bytes = "") -> tuple[int, str, str]:
    """``idastar ARGS`` in this process, reading ``stdin``: (exit status, stdout, stderr).

    Text comes from a StringIO; bytes from a binary stream under a text one,
    as a real standard input has it.
    """
    from idastar.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if isinstance(stdin, bytes):
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    else:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(args))
    finally:
        sys.stdin = old_stdin
    return status, out.getvalue(), err.getvalue()


def run_child(
    code: str, env: dict[str, str] | None = None, timeout: float = 60
) -> tuple[object, float]:
    """Runs ``code`` in a fresh interpreter (with ``env`` added to this one's
    environment); the code sets ``result`` to something JSON can write.

    Returns ``(result, peak)``: the result and the child's peak resident
    memory in MiB. A child still running after ``timeout`` seconds is
    killed and fails the test; so does one that raises.
    """
    import json
    import textwrap

    # The peak is the child's own memory's high-water mark (VmHWM, in kB).
    # Not ru_maxrss: Linux carries that across exec, so a child of a large
    # parent (after tests that drew plots in-process, say) would report the
    # parent's size.
    script = (
        "import json\nresult = None\n"
        + textwrap.dedent(code)
        + "\npeak = next(int(line.split()[1]) for line in open('/proc/self/status')"
        + " if line.startswith('VmHWM:')) / 1024"
        + "\nprint(json.dumps([result, peak]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result, peak = json.loads(done.stdout.splitlines()[-1])
    return result, peak


def judge_words(data: bytes) -> tuple[list[tuple[bytes, int]], int]:
    """What the judge-input reader must make of ``data``, written from its
    rules alone: each token (split on ASCII whitespace) with its line
    (``\\n``, ``\\r\\n`` and a lone ``\\r`` each end one), and the line an
    end-of-input error names (the last line; 1 for an empty input)."""
    import re

    lines = re.split(rb"\r\n|\r|\n", data)
    if lines[-1] == b"":  # the input ends with a line end
        lines.pop()
    words = [(word, number) for number, line in enumerate(lines, 1) for word in line.split()]
    return words, max(len(lines), 1)
