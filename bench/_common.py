"""Shared helpers of the benchmarks: compiling the judge programs and timing processes."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "bench" / ".work"


def seeds_dir() -> Path:
    """The judge programs' sources, beside the checkout."""
    return ROOT.parent / "shared" / "seeds" / "cpp"


def compile_seed(name: str) -> Path:
    """Compiles ``seeds/cpp/NAME.cpp`` with ``g++ -O2`` (once) and returns the binary."""
    source = seeds_dir() / f"{name}.cpp"
    if shutil.which("g++") is None:
        sys.exit("g++ is needed to build the judge program")
    if not source.exists():
        sys.exit(f"judge program not found: {source}")
    WORK.mkdir(parents=True, exist_ok=True)
    binary = WORK / name
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["g++", "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def time_process(
    command: list[str],
    input_path: Path,
    repeats: int,
    before_each: Callable[[], dict[str, str] | None] | None = None,
) -> tuple[list[float], bytes]:
    """Wall times of ``repeats`` runs of ``command < input_path`` and the (identical) output.

    ``before_each`` runs before every run (outside the timing) and may return
    the environment for it.
    """
    times = []
    output = b""
    for _ in range(repeats):
        env = before_each() if before_each else None
        with input_path.open("rb") as stdin:
            started = time.perf_counter()
            done = subprocess.run(command, stdin=stdin, capture_output=True, check=True, env=env)
            times.append(time.perf_counter() - started)
        if output and done.stdout != output:
            sys.exit(f"{command[0]} gave different outputs on the same input")
        output = done.stdout
    return times, output


def ours(puzzle: str, *options: str) -> list[str]:
    """The command line of ``idastar PUZZLE`` with this interpreter.

    The package's bytecode is compiled first, as installing a wheel does:
    an editable install under ``PYTHONDONTWRITEBYTECODE`` would otherwise
    compile every module afresh in every timed run.
    """
    import compileall

    import idastar

    compileall.compile_dir(Path(idastar.__file__).parent, quiet=1)
    return [sys.executable, "-m", "idastar", puzzle, *options]


def median(values: list[float]) -> float:
    return statistics.median(values)
