"""Pattern-database builds from an empty cache: wall time, CPU time, peak memory, rate.

Runs the Rust example ``pdb_builds`` (built here with ``cargo build --release``)
for the 15-puzzle's 7-8 partition and the 24-puzzle's 6-6-6-6 partition, each
in a fresh temporary cache directory, and prints what it measures beside the
load average (the machine has 2 cores; other work slows the builds).

    python bench/builds.py [7-8] [6-6-6-6]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile

from _common import ROOT

PARTITIONS = ("7-8", "6-6-6-6")


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
    parser.add_argument("partitions", nargs="*", default=list(PARTITIONS), choices=PARTITIONS)
    args = parser.parse_args()
    binary = example()
    for name in args.partitions:
        before = os.getloadavg()[0]
        with tempfile.TemporaryDirectory(prefix="idastar-builds-") as cache:
            run = subprocess.run([binary, name, cache], check=True, capture_output=True, text=True)
        summary = run.stdout.strip().splitlines()[-1]
        print(f"{summary}  (load average {before:.2f} before, {os.getloadavg()[0]:.2f} after)")


if __name__ == "__main__":
    main()
