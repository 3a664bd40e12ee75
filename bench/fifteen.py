"""15-puzzle benchmark: Korf's 100 instances, the judge program, node rates.

1. Korf's 100 (``../shared/data/korf100.txt``, blank-first goal) solved on
   all cores with each heuristic that finishes in reasonable time: the sum
   of the optimal lengths (5305), nodes expanded and generated, wall time.
   Pattern databases are built into a fresh temporary cache first and the
   build is timed on its own; the total with the build is printed too.
2. Beside the literature: for each partition, with the single, the
   reflected and the four (dual) lookups, and the reflected zero-aware
   ones, each with Korf's search and the reflected ones also with the
   default move pruning, the mean bound of Korf's 100 start states and the nodes generated
   an instance, printed beside the published figures. The dual lookups of 7-8 read 4.6 GB of databases more, built in
   about 20 minutes on two cores when the cache lacks them.
3. The judge program (``fifteen_ida.cpp``, IDA* with Manhattan distance)
   against ``idastar fifteen --batch`` on the same uniformly random solvable
   boards (blank-last goal): each program once, whole processes, outputs
   compared, and the ratio.
4. The single-thread node rate of IDA* with the Manhattan distance on a few
   of Korf's instances (generated nodes per second: every node whose
   heuristic is computed, which is what the judge program's recursion counts).

Run ``python bench/fifteen.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from _common import ROOT, WORK, compile_seed, ours, time_process
from idastar import fifteen

KORF = ROOT.parent / "shared" / "data" / "korf100.txt"


def korf_instances() -> list[list[int]]:
    return [
        [int(w) for w in line.split()] for line in KORF.read_text().splitlines() if line.strip()
    ]


def korf(heuristic: str, patterns: str | None, cache: Path, count: int) -> None:
    boards = korf_instances()[:count]
    build = 0.0
    if heuristic == "pdb":
        began = time.perf_counter()
        fifteen.lower_bound(boards[0], goal="blank-first", patterns=patterns, cache_dir=cache)
        build = time.perf_counter() - began
    began = time.perf_counter()
    results = fifteen.solve_many(
        boards, goal="blank-first", heuristic=heuristic, patterns=patterns, cache_dir=cache
    )  # type: ignore[arg-type]
    solve = time.perf_counter() - began
    lengths = sum(r.cost or 0 for r in results)
    expanded = sum(r.stats.expanded for r in results)
    generated = sum(r.stats.generated for r in results)
    name = heuristic + (f" {patterns}" if patterns else "")
    print(
        f"  {name:22s} sum {lengths:5d}  {expanded:14,d} expanded {generated:14,d} generated"
        f"  build {build:7.2f} s  solve {solve:8.2f} s  total {build + solve:8.2f} s"
    )


#: Published figures, mean h(start) and nodes generated an instance, by
#: (partition, lookups): Korf and Felner, "Disjoint pattern database
#: heuristics", Artificial Intelligence 134 (2002), and Felner, Korf and
#: Hanan, "Additive pattern database heuristics", JAIR 22 (2004), on 1,000
#: random boards (their 5-5-5 mean bound is our single lookup's, their 7-8
#: one our reflected lookup's); for the four lookups with bidirectional
#: pathmax, Felner, Zahavi, Schaeffer and Holte, "Dual lookups in pattern
#: databases", IJCAI 2005, and Zahavi, Felner, Schaeffer and Sturtevant,
#: "Inconsistent heuristics", AAAI 2007 (the dual lookups here, with
#: bidirectional pathmax, on every board). The 7-8 single and reflected
#: rows are also in Felner, Korf, Meshulam and Holte, "Compressed pattern
#: databases", JAIR 30 (2007):
#: 44.75 and 136,288 nodes with one lookup, 45.63 and 36,710 with both.
LITERATURE: dict[tuple[str, str], tuple[float | None, int]] = {
    ("5-5-5", "single"): (41.56, 3_090_405),
    ("6-6-3", "reflected"): (42.92, 617_555),
    ("7-8", "single"): (44.75, 136_288),
    ("7-8", "reflected"): (45.63, 36_710),
    ("7-8", "dual"): (None, 18_601),
}


#: The lookups compared: (name, reflect, dual, zero_aware, move_pruning);
#: "dual" is the four lookups with bidirectional pathmax, "zero-aware" the
#: reflected ones read by the blank's region. The published searches skip
#: only the move that undoes the last (move_pruning=2); "pruned" and
#: "zero-aware-pruned" skip the duplicate sequences of up to 14 moves too,
#: as idastar does by default.
LOOKUPS = (
    ("single", False, False, False, 2),
    ("reflected", True, False, False, 2),
    ("dual", True, True, False, 2),
    ("zero-aware", True, False, True, 2),
    ("pruned", True, False, False, 14),
    ("zero-aware-pruned", True, False, True, 14),
)


def beside_literature(partitions: list[str], cache: Path, count: int, wanted: list[str]) -> None:
    boards = korf_instances()[:count]
    print(
        f"Beside the literature, Korf's {count} instances (mean h of the start states; "
        "generated nodes an instance):"
    )
    for partition in partitions:
        for lookups, reflect, dual, zero_aware, move_pruning in LOOKUPS:
            if lookups not in wanted:
                continue
            options = {
                "goal": "blank-first",
                "patterns": partition,
                "cache_dir": cache,
                "reflect": reflect,
                "dual": dual,
                "zero_aware": zero_aware,
                "move_pruning": move_pruning,
            }
            bounds = [fifteen.lower_bound(b, **options) for b in boards]  # type: ignore[arg-type]
            began = time.perf_counter()
            results = fifteen.solve_many(boards, **options)  # type: ignore[arg-type]
            solve = time.perf_counter() - began
            generated = sum(r.stats.generated for r in results) / count
            lengths = sum(r.cost or 0 for r in results)
            mean_h = sum(bounds) / count
            published_h, published_nodes = LITERATURE.get((partition, lookups), (None, None))
            h_text = f"{published_h:6.2f}" if published_h else "     -"
            nodes_text = f"{published_nodes:11,d}" if published_nodes else "          -"
            print(
                f"  {partition:6s} {lookups:17s} mean h {mean_h:6.2f} (published {h_text})  "
                f"{generated:12,.0f} generated (published {nodes_text})  "
                f"sum {lengths}  solve {solve:6.2f} s"
            )


def random_boards(count: int, rng: random.Random) -> list[list[int]]:
    """Uniformly random boards that can reach the judge's goal."""
    boards: list[list[int]] = []
    while len(boards) < count:
        board = list(range(16))
        rng.shuffle(board)
        if fifteen.is_solvable(board):
            boards.append(board)
    return boards


def seed_against_ours(count: int, rng: random.Random, cache: Path) -> None:
    boards = random_boards(count, rng)
    seed = compile_seed("fifteen_ida")
    WORK.mkdir(parents=True, exist_ok=True)
    seed_time = 0.0
    seed_out = b""
    for index, board in enumerate(boards):
        path = WORK / f"fifteen_{index}.in"
        path.write_text(" ".join(map(str, board)) + "\n")
        times, out = time_process([str(seed)], path, 1)
        seed_time += times[0]
        seed_out += out
    batch = WORK / "fifteen_batch.in"
    batch.write_text("".join(" ".join(map(str, b)) + "\n" for b in boards))
    # Databases built outside the timing (the default 6-6-3).
    fifteen.lower_bound(boards[0], cache_dir=cache)
    command = ours("fifteen", "--cache-dir", str(cache), "--batch", str(batch))
    our_times, our_out = time_process(command, batch, 1)
    if our_out != seed_out:
        raise SystemExit("outputs differ: idastar fifteen is wrong on " + str(batch))
    lengths = [int(x) for x in seed_out.split()]
    print(
        f"judge program against idastar fifteen, {count} uniformly random boards of "
        f"{min(lengths)} to {max(lengths)} moves (one run each, whole processes):"
    )
    print(f"  judge program {seed_time:8.3f} s  (one process per board)")
    print(f"  idastar       {our_times[0]:8.3f} s  (one --batch process, databases cached)")
    print(f"  ratio         {seed_time / our_times[0]:8.1f}x  (outputs identical)")


def node_rate(count: int) -> None:
    print(f"IDA* with Manhattan distance, one thread, Korf's instances 1..{count}:")
    total_generated = total_expanded = 0
    total_time = 0.0
    for board in korf_instances()[:count]:
        # Korf's search, the judge program's, so that the rates compare.
        result = fifteen.solve(board, goal="blank-first", heuristic="manhattan", move_pruning=2)
        total_generated += result.stats.generated
        total_expanded += result.stats.expanded
        total_time += result.stats.elapsed
        print(
            f"  {result.cost:3d} moves {result.stats.generated:13,d} generated "
            f"{result.stats.elapsed:7.2f} s  {result.stats.generated / result.stats.elapsed / 1e6:6.1f} M/s"
        )
    print(
        f"  all: {total_generated / total_time / 1e6:.1f} million generated nodes/s, "
        f"{total_expanded / total_time / 1e6:.1f} million expanded nodes/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=100, help="Korf instances (default 100)")
    parser.add_argument(
        "--heuristics",
        default="pdb:6-6-3,pdb:5-5-5,linear-conflict",
        help="comma-separated: pdb:NAME, linear-conflict, manhattan (default "
        "pdb:6-6-3,pdb:5-5-5,linear-conflict; manhattan takes minutes, pdb:7-8 "
        "minutes to build: docs/puzzles/fifteen.md)",
    )
    parser.add_argument(
        "--literature",
        nargs="*",
        default=["5-5-5", "6-6-3", "7-8"],
        help="partitions to set beside the published figures, any `patterns` value "
        "(default 5-5-5 6-6-3 7-8; none to skip; 7-8's dual lookups build 4.6 GB "
        "of databases in about 20 minutes)",
    )
    names = [name for name, *_ in LOOKUPS]
    parser.add_argument(
        "--lookups",
        default=",".join(names),
        help=f"comma-separated lookups set beside the literature (default {','.join(names)})",
    )
    parser.add_argument("--judge-boards", type=int, default=10, help="boards for the judge run")
    parser.add_argument("--rate-instances", type=int, default=3, help="instances for the node rate")
    parser.add_argument("--cache-dir", type=Path, default=None, help="reuse this database cache")
    parser.add_argument("--seed", type=int, default=2024, help="random seed (default 2024)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="idastar-bench-") as fresh:
        cache = args.cache_dir or Path(fresh)
        print(f"Korf's {args.count} instances, all cores (databases in {cache}):")
        for spec in filter(None, args.heuristics.split(",")):
            heuristic, _, patterns = spec.partition(":")
            korf(heuristic, patterns or None, cache, args.count)
        if args.literature:
            beside_literature(args.literature, cache, args.count, args.lookups.split(","))
        if args.judge_boards:
            seed_against_ours(args.judge_boards, random.Random(args.seed), cache)
        if args.rate_instances:
            node_rate(args.rate_instances)


if __name__ == "__main__":
    main()
