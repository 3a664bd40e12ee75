"""Pancake benchmark: ``idastar.pancake`` against the pure-Python reference
and against the generic engine on Python callbacks, on the same stacks.

1. Reference. Random stacks of ``--small`` pancakes through
   ``idastar.reference.pancake.solve`` (IDA* in pure Python with the gap
   heuristic) and through ``pancake.solve(heuristic="gap")``: the optimal
   costs must agree; node counts and the median time ratio are printed.
2. Generic engine. Random stacks of ``--medium`` pancakes through
   ``idastar.search.ida_star``, the Rust IDA* calling a Python successor
   function and the gap heuristic in Python, and through ``pancake.solve``
   with the same heuristic: costs must agree; the median ratio.
3. Large stacks. Random stacks of 40 and 60 pancakes with each heuristic:
   median time and nodes expanded.

Run ``python bench/pancake.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from idastar import pancake, reference, search


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = run()
    return time.perf_counter() - started, result


def stacks(n: int, count: int, rng: random.Random) -> list[tuple[int, ...]]:
    return [pancake.random(n, seed=rng.randrange(2**32)) for _ in range(count)]


def ratio_line(label: str, baseline: list[float], ours: list[float]) -> str:
    base, our = statistics.median(baseline), statistics.median(ours)
    return f"  {label:<24} {base * 1000:9.2f} ms   idastar {our * 1000:8.3f} ms   ratio {base / our:8.0f}x"


def against_reference(n: int, count: int, rng: random.Random) -> None:
    print(
        f"reference IDA* (pure Python, gap) against idastar, {count} random stacks of {n}, medians:"
    )
    baseline, ours, nodes = [], [], []
    for stack in stacks(n, count, rng):
        base_time, expected = timed(lambda s=stack: reference.pancake.solve(s))
        our_time, solution = timed(lambda s=stack: pancake.solve(s, heuristic="gap"))
        if solution.cost != expected.cost:
            raise SystemExit(f"costs differ on {stack}: {solution.cost} != {expected.cost}")
        baseline.append(base_time)
        ours.append(our_time)
        nodes.append((expected.stats.expanded, solution.stats.expanded))
    print(ratio_line("reference", baseline, ours))
    print(
        f"  nodes expanded, median: reference {statistics.median(a for a, _ in nodes):,.0f},"
        f" idastar {statistics.median(b for _, b in nodes):,.0f}"
    )


def flips(stack: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
    for k in range(2, len(stack) + 1):
        yield stack[:k][::-1] + stack[k:], 1


def gaps(stack: tuple[int, ...]) -> int:
    below = (*stack[1:], len(stack) + 1)
    return sum(abs(a - b) > 1 for a, b in zip(stack, below, strict=True))


def is_sorted(stack: tuple[int, ...]) -> bool:
    return all(a < b for a, b in itertools.pairwise(stack))


def against_generic_engine(n: int, count: int, rng: random.Random) -> None:
    print(
        f"generic IDA* on Python callbacks against idastar, {count} random stacks of {n}, medians:"
    )
    baseline, ours = [], []
    for stack in stacks(n, count, rng):
        base_time, expected = timed(lambda s=stack: search.ida_star(s, flips, gaps, is_sorted))
        our_time, solution = timed(lambda s=stack: pancake.solve(s, heuristic="gap"))
        if solution.cost != expected.cost:
            raise SystemExit(f"costs differ on {stack}: {solution.cost} != {expected.cost}")
        baseline.append(base_time)
        ours.append(our_time)
    print(ratio_line("search.ida_star", baseline, ours))


def large(count: int, rng: random.Random) -> None:
    print(f"large stacks, {count} random each, medians (max):")
    for n in (40, 60):
        cases = stacks(n, count, rng)
        for heuristic in pancake.HEURISTICS:
            times, nodes = [], []
            for stack in cases:
                seconds, solution = timed(
                    lambda s=stack, h=heuristic: pancake.solve(s, heuristic=h)  # type: ignore[misc]
                )
                times.append(seconds)
                nodes.append(solution.stats.expanded)
            print(
                f"  n = {n}  {heuristic:<14} {statistics.median(times) * 1000:8.2f} ms"
                f" ({max(times) * 1000:.1f})   {statistics.median(nodes):>10,.0f} nodes"
                f" ({max(nodes):,})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--small", type=int, default=10, help="reference stack size (default 10)")
    parser.add_argument("--medium", type=int, default=20, help="callback stack size (default 20)")
    parser.add_argument("--count", type=int, default=20, help="stacks per part (default 20)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pancake.solve(pancake.random(5, seed=0))  # imports outside the timings
    against_reference(args.small, args.count, rng)
    against_generic_engine(args.medium, args.count, rng)
    large(args.count, rng)


if __name__ == "__main__":
    main()
