"""Permutation puzzles from a description: idastar beside twsearch.

For each shipped cube description, random scrambles (seeded) are solved
optimally by ``idastar.permutation`` in this process (its tables built
once, before the timings) and, where twsearch is built, by twsearch on the
same description file and the same scramble, a process each
(``--scramblealg``; its tables are built or loaded in each run, as a
command line user meets them). Both answers' lengths must agree.

twsearch is not built by CI. To build it (its last C++ version):

    git clone https://github.com/cubing/twsearch && cd twsearch
    git checkout d7042aa~1
    make -f Makefiles/cpp.Makefile build/bin/twsearch TWSEARCH_VERSION=x

and point ``--twsearch`` (or ``$TWSEARCH``) at ``build/bin/twsearch``.

Run ``python bench/permutation.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from idastar import permutation


def scrambles(
    puzzle: permutation.PermutationPuzzle, count: int, length: int, seed: int
) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(puzzle.moves) for _ in range(length)) for _ in range(count)]


def twsearch_length(binary: str, description: Path, scramble: str) -> tuple[int, float]:
    """twsearch's optimal length for a scramble, and the seconds its process took."""
    started = time.perf_counter()
    done = subprocess.run(
        [binary, "--scramblealg", scramble, str(description)],
        capture_output=True,
        text=True,
        check=True,
        cwd=description.parent,
    )
    seconds = time.perf_counter() - started
    # twsearch prints the solution it found last; its moves are its length.
    solutions = [
        line for line in done.stdout.splitlines() if re.fullmatch(r"[A-Za-z0-9' ]+", line.strip())
    ]
    return len(solutions[-1].split()) if solutions else -1, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10, help="scrambles per puzzle (default 10)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    parser.add_argument("--twsearch", default=os.environ.get("TWSEARCH"), help="twsearch's binary")
    parser.add_argument(
        "--puzzles",
        default="2x2x2:14,3x3x3:6",
        help="name:scramble-length pairs (default 2x2x2:14,3x3x3:6)",
    )
    args = parser.parse_args()
    for item in args.puzzles.split(","):
        name, length = item.split(":")
        puzzle = permutation.load(name)
        cases = scrambles(puzzle, args.count, int(length), args.seed)
        puzzle.solve(cases[0])  # tables built outside the timings
        ours, costs = [], []
        for scramble in cases:
            started = time.perf_counter()
            costs.append(puzzle.solve(scramble).cost)
            ours.append(time.perf_counter() - started)
        print(f"{name}: {args.count} scrambles of {length} random moves, optimal lengths {costs}")
        print(
            f"  idastar     median {statistics.median(ours) * 1000:9.2f} ms a position (tables: {puzzle.tables})"
        )
        if not args.twsearch:
            print("  twsearch    not built (see this file's docstring)")
            continue
        with tempfile.TemporaryDirectory() as work:
            description = Path(work) / f"{name}.tws"
            description.write_text(puzzle.text)
            theirs = []
            for scramble, cost in zip(cases, costs, strict=True):
                length_found, seconds = twsearch_length(args.twsearch, description, scramble)
                if length_found != cost:
                    raise SystemExit(
                        f"twsearch found {length_found} moves for {scramble!r}, idastar {cost}"
                    )
                theirs.append(seconds)
        ratio = statistics.median(theirs) / statistics.median(ours)
        print(
            f"  twsearch    median {statistics.median(theirs) * 1000:9.2f} ms a position (a process each)"
        )
        print(f"  ratio       {ratio:9.1f}x (same lengths)")


if __name__ == "__main__":
    main()
