"""Booksort benchmark: the judge program against ``idastar booksort``.

1. Judge mode. A judge file of hard n = 15 cases (permutations made by 3 to
   5 random block moves from the sorted order, the range where the judge
   program's depth-4 search does real work) goes through the compiled judge
   program and through ``idastar booksort``, whole process against whole
   process, each several times. The outputs must be identical; the medians
   and their ratio are printed.
2. Heuristics. The same cases in-process with the judge's breakpoint bound
   and with the cycle-graph bound: nodes expanded and time.
3. Exact mode. Random permutations of n = 12..15 books solved exactly,
   grouped by distance: count, median and maximum time.

Run ``python bench/booksort.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from _common import WORK, compile_seed, median, ours, time_process
from idastar import booksort


def scrambled(n: int, moves: int, rng: random.Random) -> list[int]:
    books = list(range(1, n + 1))
    for _ in range(moves):
        start, split, end = sorted(rng.sample(range(n + 1), 3))
        books = books[:start] + books[split:end] + books[start:split] + books[end:]
    return books


def judge_mode(cases: int, repeats: int, rng: random.Random) -> None:
    shelves = [scrambled(15, rng.randint(3, 5), rng) for _ in range(cases)]
    WORK.mkdir(parents=True, exist_ok=True)
    path = WORK / "booksort_hard.in"
    path.write_text(f"{cases}\n" + "".join(f"15\n{' '.join(map(str, s))}\n" for s in shelves))
    seed_times, seed_out = time_process([str(compile_seed("booksort_acwing"))], path, repeats)
    our_times, our_out = time_process(ours("booksort"), path, repeats)
    if seed_out != our_out:
        raise SystemExit("outputs differ: idastar booksort is wrong on " + str(path))
    seed, our = median(seed_times), median(our_times)
    print(f"judge mode, {cases} hard n=15 cases, median of {repeats} runs (whole process):")
    print(f"  judge program {seed:8.3f} s")
    print(f"  idastar       {our:8.3f} s")
    print(f"  ratio         {seed / our:8.1f}x  (outputs identical)")
    answers = defaultdict(int)
    for line in seed_out.decode().splitlines():
        answers[line] += 1
    print("  answers:", ", ".join(f"{k}: {v}" for k, v in sorted(answers.items())))

    print("heuristics in-process on the same cases (max 4 moves, no goal ball):")
    for heuristic in ("breakpoints", "cycles"):
        started = time.perf_counter()
        results = [
            booksort.solve(s, max_moves=4, heuristic=heuristic, goal_ball=0) for s in shelves
        ]
        elapsed = time.perf_counter() - started
        nodes = sum(r.stats.expanded for r in results)
        print(f"  {heuristic:12s} {nodes:12,d} nodes expanded {elapsed:9.3f} s")


def exact_mode(per_n: int, rng: random.Random) -> None:
    print(f"exact mode, {per_n} random permutations per n = 12..15 (seconds by distance):")
    print("   n  distance  count    median       max")
    for n in (12, 13, 14, 15):
        booksort.solve(list(range(1, n + 1)))  # builds the goal ball outside the timings
        by_distance: dict[int, list[float]] = defaultdict(list)
        for _ in range(per_n):
            shelf = rng.sample(range(1, n + 1), n)
            started = time.perf_counter()
            result = booksort.solve(shelf)
            by_distance[result.cost or 0].append(time.perf_counter() - started)
        for distance, times in sorted(by_distance.items()):
            print(
                f"  {n:2d}  {distance:8d}  {len(times):5d}  {statistics.median(times):8.4f}"
                f"  {max(times):8.4f}"
            )
        everything = [t for times in by_distance.values() for t in times]
        print(
            f"  {n:2d}       all  {len(everything):5d}  {statistics.median(everything):8.4f}"
            f"  {max(everything):8.4f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cases", type=int, default=2000, help="judge cases (default 2000)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each program (default 5)")
    parser.add_argument(
        "--exact", type=int, default=30, help="exact-mode permutations per n (default 30)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    judge_mode(args.cases, args.repeats, rng)
    if args.exact:
        exact_mode(args.exact, rng)


if __name__ == "__main__":
    main()
