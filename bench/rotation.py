"""Rotation Game benchmark: the judge program against ``idastar rotation``.

1. Whole process: a judge file of random boards (eight of each number) goes
   through the compiled judge program and through ``idastar rotation``
   (pattern-database solver), each several times. Ours runs cold (an empty
   cache directory: the table is built in the run) and warm (the table read
   from the cache file a previous run left). Outputs must be identical;
   medians and their ratios are printed.
2. In-process: boards per second of ``rotation.solve_many`` once the table
   is built, on one thread and on all cores, and of ``rotation.solve``.

Run ``python bench/rotation.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time

from _common import WORK, compile_seed, median, ours, time_process
from idastar import rotation


def random_boards(count: int, rng: random.Random) -> list[list[int]]:
    boards = []
    for _ in range(count):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        boards.append(board)
    return boards


def whole_process(boards: list[list[int]], repeats: int) -> None:
    WORK.mkdir(parents=True, exist_ok=True)
    path = WORK / "rotation_random.in"
    path.write_text("".join(" ".join(map(str, b)) + "\n" for b in boards) + "0\n")
    seed_times, seed_out = time_process([str(compile_seed("rotation_acwing"))], path, repeats)
    seed = median(seed_times)
    print(f"{len(boards)} random boards, median of {repeats} runs (whole process):")
    print(f"  judge program             {seed:8.3f} s")
    with tempfile.TemporaryDirectory() as warm_dir:

        def cold() -> dict[str, str]:
            empty = tempfile.mkdtemp(dir=warm_dir)
            return {**os.environ, "IDASTAR_CACHE_DIR": empty}

        def warm() -> dict[str, str]:
            return {**os.environ, "IDASTAR_CACHE_DIR": warm_dir}

        for label, setup in (("cold, table built", cold), ("warm, table from cache", warm)):
            times, out = time_process(ours("rotation"), path, repeats, setup)
            if out != seed_out:
                raise SystemExit("outputs differ: idastar rotation is wrong on " + str(path))
            ours_median = median(times)
            print(
                f"  idastar ({label:22s}) {ours_median:8.3f} s   ratio {seed / ours_median:6.1f}x"
            )
    print("  (outputs identical)")


def in_process(boards: list[list[int]]) -> None:
    rotation.solve_many(boards[:1])  # builds the table outside the timings
    print(f"in-process, {len(boards)} boards, table built:")
    for threads in sorted({1, os.cpu_count() or 1}):
        started = time.perf_counter()
        rotation.solve_many(boards, threads=threads)
        elapsed = time.perf_counter() - started
        print(f"  solve_many, {threads} thread(s): {len(boards) / elapsed:12,.0f} boards/s")
    started = time.perf_counter()
    for board in boards:
        rotation.solve(board)
    elapsed = time.perf_counter() - started
    print(f"  solve, one at a time:    {len(boards) / elapsed:12,.0f} boards/s")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--boards", type=int, default=1000, help="judge boards (default 1000)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each program (default 5)")
    parser.add_argument(
        "--in-process", type=int, default=200_000, help="boards for the in-process rate"
    )
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    whole_process(random_boards(args.boards, rng), args.repeats)
    in_process(random_boards(args.in_process, rng))


if __name__ == "__main__":
    main()
