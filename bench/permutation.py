"""Permutation puzzles from a description: idastar beside twsearch.

For each shipped cube description, random scrambles (seeded) are solved
optimally by ``idastar.permutation`` in this process (its tables built
once, before the timings) and, where twsearch is built, by twsearch on the
same description file and the same scramble, a process each
(``--scramblealg``; its tables are built or loaded in each run, as a
command line user meets them). Both answers' lengths must agree. Then each puzzle of ``--distributions``
is counted whole, distance by distance, by ``distance_distribution()`` and
by ``twsearch -g`` (a process each, as above); both counts must agree.
With ``--readings``, each puzzle's scrambles are also solved with the
tables read plainly (``dual=False, symmetry=False``) beside the default
reading, and the ratio printed.

twsearch is not built by CI. To build it (its last C++ version):

    git clone https://github.com/cubing/twsearch && cd twsearch
    git checkout d7042aa~1
    make -f Makefiles/cpp.Makefile build/bin/twsearch TWSEARCH_VERSION=x

and point ``--twsearch`` (or ``$TWSEARCH``) at ``build/bin/twsearch``.

Run ``python bench/permutation.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from idastar import permutation


def scrambles(
    puzzle: permutation.PermutationPuzzle, count: int, length: int, seed: int
) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(puzzle.moves) for _ in range(length)) for _ in range(count)]


@contextlib.contextmanager
def written(puzzle: permutation.PermutationPuzzle, name: str) -> Iterator[Path]:
    """The puzzle's description in a file of its own, for twsearch to read."""
    with tempfile.TemporaryDirectory() as work:
        description = Path(work) / f"{name}.tws"
        description.write_text(puzzle.text)
        yield description


def run_twsearch(binary: str, description: Path, *options: str) -> tuple[str, float]:
    """What twsearch prints with ``options`` on a description, and the seconds its process took."""
    started = time.perf_counter()
    done = subprocess.run(
        [binary, *options, str(description)],
        capture_output=True,
        text=True,
        check=True,
        cwd=description.parent,
    )
    return done.stdout, time.perf_counter() - started


def twsearch_length(binary: str, description: Path, scramble: str) -> tuple[int, float]:
    """twsearch's optimal length for a scramble, and the seconds its process took."""
    printed, seconds = run_twsearch(binary, description, "--scramblealg", scramble)
    # twsearch prints the solution it found last; its moves are its length.
    solutions = [
        line for line in printed.splitlines() if re.fullmatch(r"[A-Za-z0-9' ]+", line.strip())
    ]
    return len(solutions[-1].split()) if solutions else -1, seconds


def twsearch_distribution(binary: str, description: Path) -> tuple[list[int], float]:
    """twsearch's count of positions at each distance, and the seconds its process took."""
    printed, seconds = run_twsearch(binary, description, "-g")
    layers = [int(count) for count in re.findall(r"^Dist \d+ cnt (\d+)", printed, re.MULTILINE)]
    return layers, seconds


def distributions(names: list[str], runs: int, binary: str | None) -> None:
    for name in names:
        puzzle = permutation.load(name)
        ours = []
        for _ in range(runs):
            started = time.perf_counter()
            layers = puzzle.distance_distribution()
            ours.append(time.perf_counter() - started)
        print(f"{name}: {sum(layers):,} positions, God's number {len(layers) - 1}")
        print(f"  idastar     median {statistics.median(ours):9.2f} s to count them ({runs} runs)")
        if not binary:
            print("  twsearch    not built (see this file's docstring)")
            continue
        with written(puzzle, name) as description:
            theirs = []
            for _ in range(runs):
                counted, seconds = twsearch_distribution(binary, description)
                if counted != layers:
                    raise SystemExit(f"twsearch counts {counted}, idastar {layers}")
                theirs.append(seconds)
        ratio = statistics.median(theirs) / statistics.median(ours)
        print(
            f"  twsearch    median {statistics.median(theirs):9.2f} s (twsearch -g, a process each)"
        )
        print(f"  ratio       {ratio:9.1f}x (same counts)")


def readings(puzzle: permutation.PermutationPuzzle, cases: list[str]) -> None:
    """The generic IDA* with the tables read plainly, beside its default
    reading (on the dual position and through the symmetries, where every
    set's pieces differ): nodes and seconds, and the ratio of the totals."""
    plain = {"dual": False, "symmetry": False}
    totals = {}
    for label, options in (("plain", plain), ("default", {})):
        seconds, nodes = 0.0, 0
        for scramble in cases:
            started = time.perf_counter()
            solution = puzzle.solve(scramble, threads=1, **options)
            seconds += time.perf_counter() - started
            nodes += solution.stats.generated
        totals[label] = (seconds, nodes)
        print(f"  {label:<11} {seconds:9.2f} s {nodes:>15,} nodes (one thread, all scrambles)")
    (plain_s, plain_n), (ours_s, ours_n) = totals["plain"], totals["default"]
    print(f"  ratio       {plain_s / ours_s:9.2f}x the time, {plain_n / ours_n:.2f}x the nodes")


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
    parser.add_argument(
        "--distributions",
        default="2x2x2",
        help="puzzles to count whole, comma-separated, or none (default 2x2x2)",
    )
    parser.add_argument("--runs", type=int, default=3, help="runs of each count (default 3)")
    parser.add_argument(
        "--readings",
        action="store_true",
        help="also solve each puzzle's scrambles with the tables read plainly, beside the default",
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
            if args.readings:
                readings(puzzle, cases)
            continue
        with written(puzzle, name) as description:
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
        if args.readings:
            readings(puzzle, cases)
    if args.distributions != "none":
        distributions(args.distributions.split(","), args.runs, args.twsearch)


if __name__ == "__main__":
    main()
