"""Pattern-database builds: sizes refused before anything is allocated,
memory the machine cannot give, time limits and Ctrl-C during a build.

Every build here goes to a test's own empty cache directory, and the
databases loaded in this process are forgotten first, so that it really
runs rather than coming from memory or from another test's files.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import run_cli, seconds_to_stop_on_ctrl_c

import idastar
from idastar import Outcome, fifteen, sliding

SAMPLE = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]
ONE_MOVE = [*range(1, 15), 0, 15]
ONE_MOVE_5X5 = [*range(1, 24), 0, 24]
#: 16!/9! = 57,657,600 placements: its middle layers take a second or more each.
SEVEN = list(range(1, 8))
#: The larger half of 7-8: the largest database that must be built.
EIGHT = list(range(8, 16))


@pytest.fixture
def empty_cache(tmp_path: Path) -> Path:
    idastar._core.sliding_clear_loaded()
    return tmp_path


# --- sizes --------------------------------------------------------------------


def test_the_limit_admits_7_8_and_nothing_larger() -> None:
    assert sliding.MAX_PATTERN_ENTRIES == 2**30
    assert 16 * 15 * 14 * 13 * 12 * 11 * 10 * 9 <= sliding.MAX_PATTERN_ENTRIES  # 8 tiles
    assert 16 * 15 * 14 * 13 * 12 * 11 * 10 * 9 * 8 > sliding.MAX_PATTERN_ENTRIES  # 9 tiles


@pytest.mark.parametrize(
    ("call", "entries"),
    [
        (lambda: fifteen.solve(ONE_MOVE, patterns="15"), "20922789888000"),
        (lambda: fifteen.solve(ONE_MOVE, patterns="12-3"), "871782912000"),
        (lambda: fifteen.solve(ONE_MOVE, patterns="10-5"), "29059430400"),
        (lambda: fifteen.solve(ONE_MOVE, patterns="9-6"), "4151347200"),
        (lambda: fifteen.solve(ONE_MOVE, patterns=[range(1, 10)]), "4151347200"),
        (lambda: fifteen.solve_many([ONE_MOVE], patterns="14-1"), "10461394944000"),
        (lambda: fifteen.lower_bound(ONE_MOVE, patterns="11-4"), "174356582400"),
        # 25!/1! does not fit 64 bits: it overflowed into a panic.
        (
            lambda: sliding.solve(ONE_MOVE_5X5, width=5, height=5, patterns="24"),
            "15511210043330985984000000",
        ),
        (
            lambda: sliding.solve_many([ONE_MOVE_5X5], width=5, height=5, patterns="24"),
            "15511210043330985984000000",
        ),
        (
            lambda: sliding.lower_bound(ONE_MOVE_5X5, width=5, height=5, patterns="12-12"),
            "2490952020480000",
        ),
        (lambda: sliding.solve(ONE_MOVE_5X5, width=5, height=5, patterns="7"), "2422728000"),
    ],
)
def test_a_database_too_large_is_refused_naming_it(call: object, entries: str) -> None:
    with pytest.raises(ValueError, match=r"^patterns: the pattern of tiles") as raised:
        call()  # type: ignore[operator]
    assert not isinstance(raised.value, idastar.InvalidPuzzle)
    message = str(raised.value)
    assert f"has {entries} entries" in message
    assert f"the {sliding.MAX_PATTERN_ENTRIES} a pattern database may hold" in message


@pytest.mark.parametrize(
    ("tiles", "width", "height", "entries"),
    [
        (range(1, 11), 4, 4, "29059430400"),
        (range(1, 10), 4, 4, "4151347200"),
        (range(1, 25), 5, 5, "15511210043330985984000000"),
        (range(1, 20), 5, 4, "2432902008176640000"),
    ],
)
def test_pattern_database_refuses_a_table_too_large(
    tiles: range, width: int, height: int, entries: str
) -> None:
    with pytest.raises(ValueError, match=f"pattern of tiles .* has {entries} entries"):
        sliding.pattern_database(list(tiles), width=width, height=height)


@pytest.mark.parametrize(
    "name", ["18446744073709551615-1", "9223372036854775808-9223372036854775808", "1" * 30]
)
def test_partition_sizes_that_overflow_are_refused(name: str) -> None:
    with pytest.raises(ValueError, match="partition"):
        fifteen.partition(name)
    with pytest.raises(ValueError, match="partition"):
        fifteen.solve(ONE_MOVE, patterns=name)


def test_the_command_refuses_a_partition_too_large_in_one_line() -> None:
    for name in ("15", "12-3", "10-5"):
        done = run_cli("fifteen", "--patterns", name, stdin=" ".join(map(str, ONE_MOVE)))
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and "pattern database may hold" in lines[0], done.stderr


# --- memory the machine cannot give ----------------------------------------------

#: An address space too small for the 8-tile build (0.9 GB) but ample for
#: the interpreter and the rest of the run.
ADDRESS_SPACE = 640 << 20


def run_with_little_memory(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``code`` (or ``python -m idastar ARGS`` when empty) under ADDRESS_SPACE bytes."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

    command = [sys.executable, "-c", textwrap.dedent(code)] if code else [sys.executable, *args]
    return subprocess.run(
        command,
        input=" ".join(map(str, SAMPLE)),
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
        check=False,
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
def test_a_build_the_machine_cannot_hold_is_an_outcome_or_memory_error(tmp_path: Path) -> None:
    done = run_with_little_memory(
        f"""
        from idastar import Outcome, fifteen
        cache = {str(tmp_path)!r}
        result = fifteen.solve({SAMPLE!r}, patterns=[{EIGHT!r}], cache_dir=cache)
        assert result.outcome is Outcome.MEMORY_LIMIT, result
        assert result.lower_bound == 0, result
        batch = fifteen.solve_many([{SAMPLE!r}] * 2, patterns=[{EIGHT!r}], cache_dir=cache)
        assert [r.outcome for r in batch] == [Outcome.MEMORY_LIMIT] * 2, batch
        try:
            fifteen.pattern_database({EIGHT!r}, cache_dir=cache)
        except MemoryError as error:
            print("MemoryError", error)
        try:
            fifteen.lower_bound({SAMPLE!r}, patterns=[{EIGHT!r}], cache_dir=cache)
        except MemoryError as error:
            print("MemoryError", error)
        print("done")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "done"
    assert done.stdout.count("MemoryError not enough memory") == 1, done.stdout
    assert done.stdout.count("MemoryError the machine could not give the memory") == 1, done.stdout
    assert not list(tmp_path.iterdir())


def test_distance_raises_memory_error_when_the_build_cannot_be_had(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # It has no limits, so memory_limit is the one way it ends unsolved:
    # before, an assertion failed.
    unsolved: idastar.Solution[str] = idastar.Solution(
        "memory_limit", None, [], 10, idastar.Stats((), 0, 0, 0.0)
    )
    monkeypatch.setattr(fifteen.PUZZLE, "_solve", lambda *args, **kwargs: unsolved)
    with pytest.raises(MemoryError, match="not enough memory"):
        fifteen.distance(SAMPLE)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
def test_the_command_says_when_the_machine_cannot_hold_the_databases(tmp_path: Path) -> None:
    done = run_with_little_memory(
        "", "-m", "idastar", "fifteen", "--patterns", "8-7", "--cache-dir", str(tmp_path)
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert lines[-1].startswith("idastar fifteen: not enough memory"), done.stderr
    assert "Traceback" not in done.stderr


# --- time limits and Ctrl-C during a build ----------------------------------------


def test_a_time_limit_reached_while_building_is_the_time_limit_outcome(empty_cache: Path) -> None:
    result = fifteen.solve(SAMPLE, patterns=[range(1, 7)], time_limit=0.3, cache_dir=empty_cache)
    assert result.outcome is Outcome.TIME_LIMIT
    # Stopped before any search, it proves nothing beyond 0.
    assert (result.cost, result.path, result.lower_bound) == (None, (), 0)
    assert result.stats.expanded == 0 and result.stats.iterations == ()
    # The 6-tile build takes seconds; stopped, it is neither kept nor used.
    # The deadline is set as the call's options are read and the stopwatch
    # starts with the job, a moment later: a few milliseconds of slack.
    assert 0.29 <= result.stats.elapsed < 2
    assert not list(empty_cache.iterdir())


def test_a_zero_time_limit_builds_nothing(empty_cache: Path) -> None:
    # Before, the build ran to the end and the first few thousand nodes of
    # the search went unchecked: solved.
    patterns = [[1, 2, 3, 4, 5]]
    result = fifteen.solve(SAMPLE, patterns=patterns, time_limit=0, cache_dir=empty_cache)
    assert result.outcome is Outcome.TIME_LIMIT
    batch = fifteen.solve_many(
        [SAMPLE, ONE_MOVE], patterns=patterns, time_limit=0, cache_dir=empty_cache
    )
    assert [r.outcome for r in batch] == [Outcome.TIME_LIMIT] * 2
    assert [r.lower_bound for r in batch] == [0, 0]
    arrays = fifteen.solve_many(
        [SAMPLE], patterns=patterns, time_limit=0, cache_dir=empty_cache, arrays=True
    )
    assert Outcome.from_code(int(arrays.outcomes[0])) is Outcome.TIME_LIMIT
    assert not list(empty_cache.iterdir())
    # Given the time, the same call builds, stores and solves.
    result = fifteen.solve(SAMPLE, patterns=patterns, time_limit=60, cache_dir=empty_cache)
    assert (result.outcome, result.cost) == (Outcome.SOLVED, 8)
    assert len(list(empty_cache.glob("*.pdb"))) == 1


def test_the_elapsed_time_of_a_solve_includes_its_build(empty_cache: Path) -> None:
    began = time.perf_counter()
    built = fifteen.solve(SAMPLE, patterns=[range(1, 6)], cache_dir=empty_cache, time_limit=60)
    wall = time.perf_counter() - began
    # The search takes microseconds, the build a tenth of a second or more.
    assert built.outcome is Outcome.SOLVED
    assert wall / 2 < built.stats.elapsed <= wall


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize(
    "call",
    [
        "sliding.pattern_database(SEVEN, cache_dir=cache, progress=progress)",
        "sliding.solve(SAMPLE, patterns=[SEVEN], cache_dir=cache, progress=progress)",
    ],
    ids=["pattern_database", "solve"],
)
def test_ctrl_c_stops_a_build_within_a_long_layer(call: str, tmp_path: Path) -> None:
    # Layer 17 of this build takes over a second: before, Ctrl-C waited for
    # its end.
    setup = (
        "from idastar import sliding; "
        f"SAMPLE, SEVEN, cache = {SAMPLE!r}, {SEVEN!r}, {str(tmp_path)!r}; "
        "progress = lambda pattern, patterns, layer, reached, total: "
        "layer == 17 and print('layer 17', flush=True)"
    )
    assert seconds_to_stop_on_ctrl_c(call, setup=setup, wait=0.1, ready="layer 17") < 0.5
    assert not list(tmp_path.glob("*.pdb"))
