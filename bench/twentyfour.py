"""24-puzzle benchmark: Korf and Felner's 50 instances, easiest first, within a
time budget.

The instances (``../shared/data/korf24.txt``, blank-first goal) are solved
in order of their published optimal lengths (Korf and Felner 2002, "Disjoint
pattern database heuristics", Artificial Intelligence 134; the shortest are
#25, 81 moves, #40, 82, and #29, 88, numbering from 1 in the file), with the
6-6-6-6 databases and their reflected lookup, on every core (``--threads``),
until the budget (``--budget SECONDS``, solving only) is spent: the
instance that would overrun it is stopped by its time limit and reported as
such. Per instance: the published length, ours, nodes expanded and
generated, the generated nodes as a share of Korf and Felner's, the node
rate and the time; at the end, the nodes over the instances solved against
theirs, and their 1.80e13 for all 50 scaled by that ratio (the projection).
A length that differs from the published one ends the run with an error.
``--zero-aware`` reads the databases by the blank's region and
``--move-pruning N`` skips duplicate move sequences of up to N moves.

The databases are built (or loaded from the cache, ``--cache-dir``) before
the clock starts, and that is timed on its own. ``--heuristic`` picks
another heuristic (``linear-conflict`` tries the script without databases).

The campaign on a Dask cluster: ``--scheduler ADDRESS`` solves each
instance with its iterations spread over the cluster's workers (the
databases are built here and on every worker before the clock starts), and
``--checkpoint FOLDER`` keeps each instance's finished parts there
(``instance-N``): the same command run again after a crash, a Ctrl-C or
an instance stopped by the budget goes on from where it stopped, and an
instance already solved is read back at once.

Run ``python bench/twentyfour.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from idastar import Outcome, sliding

INSTANCES = Path(__file__).resolve().parents[2] / "shared" / "data" / "korf24.txt"

#: The optimal lengths of the 50 instances in file order, as Korf and Felner
#: (2002) published them.
PUBLISHED_LENGTHS = (
    95, 96, 97, 98, 100, 101, 104, 108, 113, 114,
    106, 109, 101, 111, 103, 96, 109, 110, 106, 92,
    103, 95, 104, 107, 81, 105, 99, 98, 88, 92,
    99, 97, 106, 102, 98, 90, 100, 96, 104, 82,
    106, 108, 104, 93, 101, 100, 92, 107, 100, 113,
)  # fmt: skip

#: The nodes Korf and Felner's IDA* generated on each instance in file order
#: (6-6-6-6 databases and their reflected lookup; 1.80e13 in all).
KORF_FELNER_GENERATED = (
    2_031_102_635, 211_884_984_525, 21_148_144_928, 10_991_471_966, 2_899_007_625,
    103_460_814_368, 106_321_592_792, 116_202_273_788, 1_818_005_616_606, 1_519_052_821_943,
    1_654_042_891_186, 624_413_663_951, 1_959_833_487, 1_283_051_362_385, 173_999_717_809,
    3_803_445_934, 367_150_048_758, 987_725_030_433, 218_284_544_233, 312_016_177_684,
    724_024_589_335, 3_592_980_531, 171_498_441_076, 357_290_691_483, 292_174_444,
    12_397_787_391, 53_444_360_033, 2_258_006_870, 4_787_505_637, 1_634_941_420,
    26_200_330_686, 428_222_507, 1_062_250_612_558, 481_039_271_661, 116_131_234_743,
    2_582_008_940, 1_496_759_944, 38_173_507, 161_211_472_633, 65_099_578,
    26_998_190_480, 245_852_754_920, 55_147_320_204, 867_106_238, 79_148_491_306,
    65_675_717_510, 30_443_173_162, 555_085_543_507, 108_197_305_702, 4_156_099_168_506,
)  # fmt: skip


def instances() -> list[list[int]]:
    lines = [line for line in INSTANCES.read_text().splitlines() if line.strip()]
    boards = [[int(word) for word in line.split()] for line in lines]
    if len(boards) != len(PUBLISHED_LENGTHS):
        sys.exit(f"{INSTANCES}: {len(boards)} instances, expected {len(PUBLISHED_LENGTHS)}")
    return boards


def by_difficulty(count: int) -> list[int]:
    """Instance numbers (from 1), shortest published solution first (file order among equals)."""
    return sorted(range(1, count + 1), key=lambda number: (PUBLISHED_LENGTHS[number - 1], number))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--budget", type=float, default=180.0, help="seconds of solving (default 180)"
    )
    parser.add_argument("--threads", type=int, default=None, help="cores per search (default: all)")
    parser.add_argument("--heuristic", default="pdb", choices=sliding.HEURISTICS)
    parser.add_argument("--patterns", default="6-6-6-6", help="with --heuristic pdb")
    parser.add_argument(
        "--zero-aware", action="store_true", help="read the databases by the blank's region"
    )
    parser.add_argument(
        "--move-pruning",
        type=int,
        default=2,
        help="skip duplicate move sequences of up to this many moves (2 to 14; default 2)",
    )
    parser.add_argument(
        "--memory-gb",
        type=float,
        default=None,
        help="the databases' memory budget (zero-aware ones over it are kept compact)",
    )
    parser.add_argument("--cache-dir", type=Path, default=None, help="where the databases are kept")
    parser.add_argument(
        "--instances", type=int, nargs="*", help="these instance numbers (from 1), in this order"
    )
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address")
    parser.add_argument(
        "--checkpoint", type=Path, default=None, help="with --scheduler: a folder to resume from"
    )
    args = parser.parse_args()
    if args.checkpoint is not None and args.scheduler is None:
        parser.error("--checkpoint goes with --scheduler")
    cluster: dict[str, Any] = {}
    if args.scheduler is not None:
        from distributed import Client

        cluster["client"] = Client(args.scheduler)
        if args.checkpoint is not None:
            args.checkpoint.mkdir(parents=True, exist_ok=True)
    boards = instances()
    order = args.instances or by_difficulty(len(boards))
    options: dict[str, Any] = {"width": 5, "height": 5, "goal": "blank-first"}
    options["heuristic"] = args.heuristic
    options["move_pruning"] = args.move_pruning
    if args.heuristic == "pdb":
        options["patterns"] = args.patterns
        options["cache_dir"] = args.cache_dir
        options["zero_aware"] = args.zero_aware
        options["memory_gb"] = args.memory_gb
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores, threads={args.threads}")
    began = time.perf_counter()
    sliding.lower_bound(boards[order[0] - 1], **options)
    if "client" in cluster:
        cluster["client"].run(sliding.lower_bound, boards[order[0] - 1], **options)
        workers = cluster["client"].nthreads()
        print(f"cluster: {len(workers)} workers, {sum(workers.values())} threads")
    print(f"databases ready in {time.perf_counter() - began:.1f} s ({args.heuristic})")
    print(
        f"{'#':>3} {'published':>9} {'length':>6} {'expanded':>16} {'generated':>16}"
        f" {'of K&F':>7} {'nodes/s':>12} {'seconds':>9}"
    )
    spent = 0.0
    solved = 0
    ours, theirs = 0, 0
    for number in order:
        left = args.budget - spent
        if left <= 0:
            break
        board = boards[number - 1]
        began = time.perf_counter()
        if args.checkpoint is not None:
            cluster["checkpoint"] = args.checkpoint / f"instance-{number}"
        result = sliding.solve(board, threads=args.threads, time_limit=left, **cluster, **options)
        seconds = time.perf_counter() - began
        spent += seconds
        generated = result.stats.generated
        published = PUBLISHED_LENGTHS[number - 1]
        length = "-" if result.cost is None else str(result.cost)
        print(
            f"{number:3d} {published:9d} {length:>6} {result.stats.expanded:16,d} {generated:16,d}"
            f" {generated / KORF_FELNER_GENERATED[number - 1]:7.3f}"
            f" {generated / max(seconds, 1e-9):12,.0f} {seconds:9.2f}"
            + ("" if result.outcome is Outcome.SOLVED else f"  {result.outcome.value}"),
            flush=True,
        )
        if result.outcome is not Outcome.SOLVED:
            break
        if result.cost != published:
            sys.exit(f"instance {number}: length {result.cost}, published {published}")
        if not sliding.is_solved(
            sliding.replay(board, result.path, width=5, height=5), goal="blank-first"
        ):
            sys.exit(f"instance {number}: the path does not reach the goal")
        solved += 1
        ours, theirs = ours + generated, theirs + KORF_FELNER_GENERATED[number - 1]
    print(
        f"{solved} of {len(order)} instances solved in {spent:.1f} s (budget {args.budget:.0f} s)"
    )
    if solved:
        every = sum(KORF_FELNER_GENERATED)
        print(
            f"generated {ours:.3e} against Korf and Felner's {theirs:.3e} on the same instances"
            f" ({ours / theirs:.3f}); all 50 projected: {every * ours / theirs:.2e}"
            f" against their {every:.2e}"
        )


if __name__ == "__main__":
    main()
