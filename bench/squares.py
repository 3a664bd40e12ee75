"""Square Destroyer benchmark: the judge program against ``idastar squares``.

1. Judge files. Random judge inputs (n = 1..5, up to a third of the sticks
   removed) go through the compiled judge program and ``idastar squares``,
   whole process against whole process, several times each; the outputs
   must be identical. Medians and their ratio are printed.
2. Full grids n = 5..8 (by default), each once through both programs on the
   same one-case input. The judge program sizes its arrays for n <= 5, so
   it is compiled from a copy whose array bound is raised from 61 to 1500
   (nothing else changed).
3. Our full grids up to ``--max-n``, in-process: time, nodes, the optimum
   and the two root lower bounds.
4. What each technique buys: full grids solved with one technique switched
   off at a time (nodes and seconds; ``--ablation-limit`` seconds at most).

Run ``python bench/squares.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time
from pathlib import Path

from _common import WORK, compile_seed, median, ours, seeds_dir, time_process
from idastar import Outcome, squares


def judge_text(cases: list[tuple[int, list[int]]]) -> str:
    lines = [str(len(cases))]
    for n, removed in cases:
        lines += [str(n), " ".join(map(str, [len(removed), *removed]))]
    return "\n".join(lines) + "\n"


def widened_seed() -> Path:
    """The judge program with room for grids up to 16 x 16, compiled with g++ -O2."""
    source = (seeds_dir() / "squares_acwing.cpp").read_text()
    marker = "const int N = 61;"
    if marker not in source:
        raise SystemExit("the judge program's array bound has changed; update bench/squares.py")
    WORK.mkdir(parents=True, exist_ok=True)
    copy = WORK / "squares_acwing_wide.cpp"
    copy.write_text(source.replace(marker, "const int N = 1500;"))
    binary = WORK / "squares_acwing_wide"
    subprocess.run(["g++", "-O2", "-o", str(binary), str(copy)], check=True)
    return binary


def judge_files(cases: int, repeats: int, rng: random.Random) -> None:
    generated = []
    for _ in range(cases):
        n = rng.randint(1, 5)
        total = 2 * n * (n + 1)
        generated.append((n, sorted(rng.sample(range(1, total + 1), rng.randint(0, total // 3)))))
    path = WORK / "squares_judge.in"
    WORK.mkdir(parents=True, exist_ok=True)
    path.write_text(judge_text(generated))
    seed_times, seed_out = time_process([str(compile_seed("squares_acwing"))], path, repeats)
    our_times, our_out = time_process(ours("squares"), path, repeats)
    if seed_out != our_out:
        raise SystemExit(f"outputs differ: idastar squares is wrong on {path}")
    seed, our = median(seed_times), median(our_times)
    print(f"judge files: {cases} random cases, n = 1..5, median of {repeats} runs (whole process):")
    print(f"  judge program {seed:8.3f} s")
    print(f"  idastar       {our:8.3f} s")
    print(f"  ratio         {seed / our:8.2f}x  (outputs identical)")


def full_grids_against_seed(sizes: list[int], seed_limit: float) -> None:
    binary = widened_seed()
    print(
        f"full grids, one run each (whole process; judge program stopped after {seed_limit:.0f} s):"
    )
    print("   n  answer   judge program      idastar      ratio")
    for n in sizes:
        path = WORK / f"squares_full_{n}.in"
        path.write_text(judge_text([(n, [])]))
        try:
            seed_times, seed_out = time_process_limited([str(binary)], path, seed_limit)
        except subprocess.TimeoutExpired:
            seed_times, seed_out = [float("inf")], b""
        our_times, our_out = time_process(ours("squares"), path, 1)
        if seed_out and seed_out != our_out:
            raise SystemExit(f"outputs differ on the full {n} x {n} grid")
        seed, our = seed_times[0], our_times[0]
        seed_text = f"{seed:10.3f} s" if seed != float("inf") else f"  > {seed_limit:.0f} s  "
        ratio = f"{seed / our:8.2f}x" if seed != float("inf") else "       -"
        print(f"  {n:2d}  {our_out.decode().strip():>6}  {seed_text}   {our:8.3f} s  {ratio}")


def time_process_limited(command: list[str], path: Path, limit: float) -> tuple[list[float], bytes]:
    with path.open("rb") as stdin:
        started = time.perf_counter()
        done = subprocess.run(command, stdin=stdin, capture_output=True, check=True, timeout=limit)
        return [time.perf_counter() - started], done.stdout


def full_grids(max_n: int) -> None:
    print("our full grids, in-process (one thread):")
    print("   n  sticks  squares  bounds (judge, packing)  optimum      nodes    seconds")
    for n in range(1, max_n + 1):
        started = time.perf_counter()
        result = squares.solve(n)
        elapsed = time.perf_counter() - started
        disjoint = squares.lower_bound(squares.Case(n), heuristic="disjoint")
        packing = squares.lower_bound(squares.Case(n), heuristic="packing")
        count = sum(k * k for k in range(1, n + 1))
        print(
            f"  {n:2d}  {squares.stick_count(n):6d}  {count:7d}  {disjoint:10d} {packing:8d}"
            f"        {result.cost:7d}  {result.stats.expanded:9d}  {elapsed:9.3f}"
        )


ABLATIONS: list[tuple[str, dict[str, object]]] = [
    ("everything", {}),
    ("judge's bound", {"heuristic": "disjoint"}),
    ("first square", {"branching": "first"}),
    ("no dominance", {"dominance": False}),
    ("no symmetry", {"symmetry": False}),
    ("no greedy bound", {"upper_bound": False}),
]


def ablations(sizes: list[int], limit: float) -> None:
    print(f"what each technique buys: full grids, nodes / seconds ({limit:.0f} s at most):")
    print("  " + " " * 16 + "".join(f"{f'n = {n}':>22}" for n in sizes))
    for name, options in ABLATIONS:
        cells = []
        for n in sizes:
            result = squares.solve(n, time_limit=limit, **options)  # type: ignore[arg-type]
            if result.outcome is Outcome.SOLVED:
                cells.append(f"{result.stats.expanded:>11,d} {result.stats.elapsed:8.3f} s")
            else:
                cells.append(f"{'stopped':>11} {'>' + format(limit, '.0f'):>8} s")
        print(f"  {name:16s}" + "".join(f"{cell:>22}" for cell in cells))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cases", type=int, default=500, help="judge-file cases (default 500)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per program (default 5)")
    parser.add_argument(
        "--seed-sizes", default="5,6,7,8", help="full grids for the judge program (default 5,6,7,8)"
    )
    parser.add_argument(
        "--seed-limit", type=float, default=600, help="seconds per judge-program run (default 600)"
    )
    parser.add_argument("--max-n", type=int, default=16, help="our largest full grid (default 16)")
    parser.add_argument(
        "--ablation-sizes", default="8,10,12", help="full grids for the ablations (default 8,10,12)"
    )
    parser.add_argument(
        "--ablation-limit", type=float, default=60, help="seconds per ablation run (default 60)"
    )
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    judge_files(args.cases, args.repeats, rng)
    sizes = [int(s) for s in args.seed_sizes.split(",") if s]
    if sizes:
        full_grids_against_seed(sizes, args.seed_limit)
    full_grids(args.max_n)
    ablation_sizes = [int(s) for s in args.ablation_sizes.split(",") if s]
    if ablation_sizes:
        ablations(ablation_sizes, args.ablation_limit)


if __name__ == "__main__":
    main()
