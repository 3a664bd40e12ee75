"""Pattern-database builds from an empty cache: wall time, CPU time, peak memory, rate.

Runs the Rust example ``pdb_builds`` (built here with ``cargo build --release``)
for the 15-puzzle's 7-8 partition and the 24-puzzle's 6-6-6-6 partition, each
in a fresh temporary cache directory, and prints what it measures beside the
load average (the machine has 2 cores; other work slows the builds).

Beside each partition: its rate in entries a CPU second (a thread's rate)
against the published one-thread rate of Clausecker's 24-puzzle builder
on 7-tile tables (1.2 to 1.8 M entries a second), and its wall time
against 45 s. Beside each database: its search nodes, and the most that
pulling into the unvisited nodes, or skipping empty stretches of the
table, could save (the time of the layers where either can pay at all;
see ``rust/core/examples/pdb_builds.rs``).

    python bench/builds.py [7-8] [6-6-6-6]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import tempfile

from _common import ROOT

PARTITIONS = ("7-8", "6-6-6-6")

#: Clausecker's 24-puzzle builder on one thread, 7-tile tables: entries a second.
PUBLISHED_THREAD_RATE = (1.2e6, 1.8e6)

#: The wall time a build of either partition aims at, from an empty cache.
TARGET_SECONDS = 45.0


def example() -> str:
    """Builds the ``pdb_builds`` example and returns its path."""
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "idastar-core", "--example", "pdb_builds"],
        cwd=ROOT,
        check=True,
    )
    return str(ROOT / "target" / "release" / "examples" / "pdb_builds")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    # Checked here rather than by argparse's choices, which older Pythons
    # apply to the empty list as if it were one choice.
    parser.add_argument(
        "partitions", nargs="*", help=f"any of {', '.join(PARTITIONS)} (all when none)"
    )
    args = parser.parse_args()
    unknown = [name for name in args.partitions if name not in PARTITIONS]
    if unknown:
        parser.error(f"unknown partition {unknown[0]!r}: choose from {', '.join(PARTITIONS)}")
    binary = example()
    for name in args.partitions or PARTITIONS:
        before = os.getloadavg()[0]
        with tempfile.TemporaryDirectory(prefix="idastar-builds-") as cache:
            run = subprocess.run([binary, name, cache], check=True, capture_output=True, text=True)
        *databases, summary = run.stdout.rstrip().splitlines()
        print("\n".join(databases))
        print(f"{summary}  (load average {before:.2f} before, {os.getloadavg()[0]:.2f} after)")
        print(against_published(summary))


def against_published(summary: str) -> str:
    """The rate a thread and the wall time of ``pdb_builds``' last line beside the published ones."""

    def number(pattern: str) -> float:
        match = re.search(pattern, summary)
        if match is None:
            raise SystemExit(f"pdb_builds printed an unexpected line: {summary}")
        return float(match[1])

    wall, per_cpu = number(r"wall ([0-9.]+) s"), number(r"([0-9.]+) M a CPU second") * 1e6
    low, high = PUBLISHED_THREAD_RATE
    return (
        f"  a thread: {per_cpu / 1e6:.2f} M entries a second, {per_cpu / high:.2f}x to "
        f"{per_cpu / low:.2f}x Clausecker's {low / 1e6:.1f} to {high / 1e6:.1f} M; "
        f"wall {wall:.1f} s, {wall / TARGET_SECONDS:.2f}x the {TARGET_SECONDS:.0f} s aimed at"
    )


if __name__ == "__main__":
    main()
