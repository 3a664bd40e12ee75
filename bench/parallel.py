"""Parallel benchmark: one search on two threads, and batches on two threads,
against one thread, on the same instances in one run.

1. Single instances: ``solve(case, threads=1)`` against ``threads=2`` on hard
   cases (Korf's 15-puzzle instances with the Manhattan distance and linear
   conflict through the specialised IDA*, the generic IDA* on the 15-puzzle,
   and every puzzle's ``HARD_CASE`` with ``engine="ida"``). Answers (cost
   and path) must agree; the generated-node counts are printed for both.
2. Batches: ``solve_many(cases, threads=1)`` against ``threads=2`` on random
   cases for every puzzle and engine listed below, each batch grown until
   one thread takes about ``--batch-seconds``; ``--arrays`` asks for numpy
   results without paths (``arrays=True, paths=False``), which leaves out
   the building of a ``Solution`` per case in Python.

The machine may be shared, so each ratio is given two ways:

* ``wall``: the median wall time of ``--repeats`` runs at one thread over the
  median at two;
* ``cpu``: the CPU time of the one-thread run over the *critical path* of the
  two-thread run: the CPU time of the pool thread that did most, plus the
  calling thread's own (converting cases, building answers) and that of
  threads that ended during the run (``/proc/self/task``). It is what the wall ratio
  would be on two otherwise idle cores, and is not disturbed by other
  programs; it does not see memory-bandwidth contention or a slower clock.

The load average (``os.getloadavg``) is printed before and after.
Run ``python bench/parallel.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import idastar
from idastar import booksort, fifteen, pancake, rotation, squares

KORF = Path(__file__).resolve().parents[2] / "shared" / "data" / "korf100.txt"
TICK = os.sysconf("SC_CLK_TCK")


def thread_times() -> dict[int, float]:
    """CPU seconds of every thread of this process, by thread id."""
    times = {}
    for task in os.listdir("/proc/self/task"):
        try:
            fields = Path(f"/proc/self/task/{task}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        times[int(task)] = (int(fields[11]) + int(fields[12])) / TICK
    return times


def measure(run: Callable[[], Any]) -> tuple[float, float, float, Any]:
    """(wall seconds, CPU seconds, critical-path CPU seconds, result) of one run."""
    before, cpu_before = thread_times(), time.process_time()
    started = time.perf_counter()
    result = run()
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu_before
    after = thread_times()
    main = __import__("threading").get_native_id()
    lasting = [after[t] - before[t] for t in after if t in before and t != main]
    # The calling thread's own work (a batch's cases converted and its
    # answers built) is serial: the pool waits for it, or it for the pool.
    caller = after.get(main, 0) - before.get(main, 0)
    # Threads that ended during the run (the one a call runs its work on)
    # are what the process's total has beyond the lasting threads.
    outside = max(0.0, cpu - sum(lasting) - caller)
    critical = caller + outside + (max(lasting) if lasting else 0.0)
    return wall, cpu, max(critical, 1e-9), result


def compare(
    name: str, run: Callable[[int], Any], repeats: int, same: Callable[[Any, Any], bool]
) -> None:
    """Runs ``run(threads)`` for 1 and 2 threads, interleaved, ``repeats`` times each."""
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    critical: list[float] = []
    results: dict[int, Any] = {}
    for _ in range(repeats):
        for threads in (1, 2):
            wall, cpu, path, result = measure(lambda t=threads: run(t))
            walls[threads].append(wall)
            cpus[threads].append(cpu)
            if threads == 2:
                critical.append(path)
            if threads in results and not same(results[threads], result):
                sys.exit(f"{name}: threads={threads} gave different answers on repeated runs")
            results[threads] = result
    if not same(results[1], results[2]):
        sys.exit(f"{name}: threads=1 and threads=2 disagree")
    wall1, wall2 = statistics.median(walls[1]), statistics.median(walls[2])
    cpu1, path2 = statistics.median(cpus[1]), statistics.median(critical)
    print(
        f"  {name:44s} 1 thread {wall1:7.2f} s ({cpu1:7.2f} s cpu)"
        f"  2 threads {wall2:7.2f} s ({statistics.median(cpus[2]):7.2f} s cpu)"
        f"  wall x{wall1 / wall2:4.2f}  cpu {ratio(cpu1, path2)}{nodes(results)}",
        flush=True,
    )


def ratio(one: float, two: float) -> str:
    """``x1.93``; a dash where the two-thread run's critical path is below
    the clock's tick, too short to divide by."""
    return f"x{one / two:4.2f}" if two >= 2 / TICK else "   -  "


def nodes(results: dict[int, Any]) -> str:
    one, two = results[1], results[2]
    if isinstance(one, list | idastar.BatchResult):
        return ""
    return f"  generated {one.stats.generated:,d} / {two.stats.generated:,d}"


def same_answer(a: Any, b: Any) -> bool:
    return bool(a.cost == b.cost and a.path == b.path and a.outcome == b.outcome)


def same_answers(a: Any, b: Any) -> bool:
    if isinstance(a, idastar.BatchResult):
        return bool((a.costs == b.costs).all() and (a.outcomes == b.outcomes).all())
    return all(same_answer(x, y) for x, y in zip(a, b, strict=True))


def korf(number: int) -> list[int]:
    lines = [line for line in KORF.read_text().splitlines() if line.strip()]
    return [int(word) for word in lines[number - 1].split()]


def singles(args: argparse.Namespace) -> None:
    print("One search, threads=1 against threads=2 (same answer required):")
    for number in args.korf:
        for heuristic in args.heuristics:
            compare(
                f"15-puzzle Korf #{number} {heuristic}",
                lambda t, n=number, h=heuristic: fifteen.solve(
                    korf(n), goal="blank-first", heuristic=h, threads=t
                ),
                args.repeats,
                same_answer,
            )
    for name in args.hard:
        compare(f"{name} HARD_CASE ida", HARD[name], args.repeats, same_answer)


#: Each puzzle's HARD_CASE with the generic IDA*; seconds to minutes each.
HARD: dict[str, Callable[[int], Any]] = {
    "fifteen": lambda t: fifteen.solve(fifteen.HARD_CASE, engine="ida", threads=t),
    "rotation": lambda t: rotation.solve(rotation.HARD_CASE, engine="ida", threads=t),
    "booksort": lambda t: booksort.solve(
        booksort.HARD_CASE, engine="ida", table_entries=0, threads=t
    ),
    "pancake": lambda t: pancake.solve(pancake.HARD_CASE, engine="ida", threads=t),
    "squares": lambda t: squares.solve(squares.HARD_CASE, engine="ida", threads=t),
}


def batches(args: argparse.Namespace) -> None:
    print(
        f"Batches of random cases, solve_many threads=1 against threads=2 (at least {args.batch}"
        f" cases, more until one thread takes {args.batch_seconds:g} s):"
    )
    for module in (idastar.puzzle(name) for name in idastar.PUZZLES):
        name = module.__name__.rsplit(".", 1)[1]
        if name == "fifteen":
            continue  # sliding's 4 x 4 board
        for engine in module.ENGINES:
            if engine in ("bfs", "iddfs", "bidirectional") or (name, engine) in SLOW:
                continue
            shape = {"arrays": True, "paths": False} if args.arrays else {}
            cases = measurable_batch(module, engine, args.batch, args.batch_seconds, shape)
            compare(
                f"{name} {engine} ({len(cases):,d} cases)",
                lambda t, m=module, e=engine, c=cases, s=shape: m.solve_many(
                    c, engine=e, threads=t, **s
                ),
                args.repeats,
                same_answers,
            )


def measurable_batch(
    module: Any, engine: str, count: int, seconds: float, shape: dict[str, bool]
) -> list[Any]:
    """At least ``count`` random cases, doubled until one thread takes about
    ``seconds`` on them: a batch of a few milliseconds measures the pool's
    start, not its speed-up."""
    cases = [module.random(seed=seed) for seed in range(count)]
    # One case first: an engine's one-off table (Booksort's) is built then,
    # not in the timings.
    module.solve_many(cases[:1], engine=engine, threads=1, **shape)
    while True:
        began = time.perf_counter()
        module.solve_many(cases, engine=engine, threads=1, **shape)
        taken = time.perf_counter() - began
        if taken >= seconds / 2 or len(cases) >= MAX_BATCH:
            return cases
        # Aim straight at the target when the batch is far too short.
        factor = min(64, max(2, int(seconds / max(taken, 1e-3))))
        more = min(len(cases) * factor, MAX_BATCH) - len(cases)
        cases += [module.random(seed=seed) for seed in range(len(cases), len(cases) + more)]


#: Cases in a batch at most: enough for a second of the fastest puzzles.
MAX_BATCH = 200_000


# Engines whose random cases take far too long at the default sizes.
SLOW = {("sliding", "ida"), ("sliding", "astar"), ("squares", "astar")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--korf", type=int, nargs="*", default=[1, 3], help="Korf instances (from 1)"
    )
    parser.add_argument("--heuristics", nargs="*", default=["manhattan", "linear-conflict"])
    parser.add_argument(
        "--hard",
        nargs="*",
        default=["fifteen", "rotation"],
        choices=sorted(HARD),
        help="puzzles whose HARD_CASE to solve (booksort, pancake, squares take minutes)",
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, medians taken")
    parser.add_argument("--batch", type=int, default=400, help="cases in each batch, at least")
    parser.add_argument(
        "--batch-seconds",
        type=float,
        default=1.0,
        help="grow each batch until one thread takes about this long (default 1)",
    )
    parser.add_argument(
        "--arrays", action="store_true", help="batches return numpy arrays, without paths"
    )
    parser.add_argument("--skip-singles", action="store_true")
    parser.add_argument("--skip-batches", action="store_true")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    print(f"load average before: {os.getloadavg()[0]:.2f}, cores: {os.cpu_count()}")
    rotation.solve_many([rotation.random(seed=0)] * 4)  # start the pool, load the table
    if not args.skip_singles:
        singles(args)
    if not args.skip_batches:
        batches(args)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
