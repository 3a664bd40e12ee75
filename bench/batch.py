"""Batch benchmark: ``solve_many`` on all cores against one thread, and the cost
of the Python boundary per instance.

1. Speed-up: hard Booksort shelves (random 14-book permutations, solved
   exactly) through ``booksort.solve_many`` with ``threads=1`` and with every
   core; the ratio of the two wall times. Answers must agree.
2. Boundary: Rotation Game boards through ``rotation.solve_many`` (table
   already loaded) against the same boards solved inside the core alone
   (``idastar._core.solve_many("rotation", ...)`` on already-checked lists:
   the result tuples the API reads), and the
   difference per board; and the numpy form, a ``(boards, 24)`` array in and
   ``arrays=True`` out.

Run ``python bench/batch.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import numpy

from idastar import _core, booksort, rotation


def best_of(repeats: int, run: object) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def speed_up(count: int, repeats: int, rng: random.Random) -> None:
    shelves = [rng.sample(range(1, 15), 14) for _ in range(count)]
    booksort.solve(list(range(1, 15)))  # goal ball outside the timings
    one = booksort.solve_many(shelves, threads=1)
    every = booksort.solve_many(shelves)
    assert [r.cost for r in one] == [r.cost for r in every]
    cores = os.cpu_count() or 1
    single = best_of(repeats, lambda: booksort.solve_many(shelves, threads=1))
    multi = best_of(repeats, lambda: booksort.solve_many(shelves, threads=cores))
    print(f"booksort.solve_many, {count} random 14-book shelves, best of {repeats}:")
    print(f"  1 thread     {single:8.3f} s")
    print(f"  {cores} threads    {multi:8.3f} s")
    print(f"  speed-up     {single / multi:8.2f}x")


def boundary(count: int, repeats: int, rng: random.Random) -> None:
    boards = []
    for _ in range(count):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        boards.append(board)
    rotation.solve_many(boards[:1])  # loads the table
    api = best_of(repeats, lambda: rotation.solve_many(boards, threads=1))
    options = {"engine": "table", "threads": 1}
    core = best_of(repeats, lambda: _core.solve_many("rotation", boards, options))
    print(f"rotation.solve_many, {count} boards, one thread, best of {repeats}:")
    print(f"  through the API    {api / count * 1e6:7.2f} us a board")
    print(f"  core call only     {core / count * 1e6:7.2f} us a board")
    print(f"  API checks         {(api - core) / count * 1e6:7.2f} us a board")
    array = numpy.array(boards, dtype=numpy.int8)
    arrays = best_of(repeats, lambda: rotation.solve_many(array, threads=1, arrays=True))
    print(f"  numpy in and out   {arrays / count * 1e6:7.2f} us a board")
    single = [best_of(1, lambda b=b: rotation.solve(b)) for b in boards[: min(count, 2000)]]
    print(f"  rotation.solve     {statistics.median(single) * 1e6:7.2f} us a board (median)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--shelves", type=int, default=200, help="booksort shelves (default 200)")
    parser.add_argument(
        "--boards", type=int, default=100_000, help="rotation boards (default 100000)"
    )
    parser.add_argument(
        "--repeats", type=int, default=3, help="runs of each, best kept (default 3)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    speed_up(args.shelves, args.repeats, rng)
    boundary(args.boards, args.repeats, rng)


if __name__ == "__main__":
    main()
