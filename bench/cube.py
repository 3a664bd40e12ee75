"""The Rubik's Cube: its own search (``engine="cube"``) on random cubes and
on scrambles, beside twsearch and the published figures.

Random cubes (``cube.random(seed=...)``, uniform over every position turns
reach) are solved optimally with the table ``--table`` (``large``: 1.7 GB,
built once in about two minutes and kept in the cache directory, which the
run reports apart) on ``--threads`` threads; each cube's length, nodes and
seconds are printed as it ends, then the median. The figures to compare
with (there is no running them here):

- Korf (1997), the first optimal solver, with pattern databases: about two
  days a random cube.
- twsearch with a 3 GB table on this machine: depth 15 done after about 6
  minutes and depth 16 after about 11, so hours for a random cube.
- Rokicki's nxopt: 33 random cubes a second on 16 cores with a 182 GB
  table; by its own rule (twice the table, half the time) about 17 s a
  cube on 2 cores with a 2.6 GB one.

With ``--twsearch`` (see ``bench/permutation.py`` for building it), the
same seeded scrambles of ``--lengths`` moves are solved by twsearch (a
process each, its table loaded in each, as a command-line user meets it)
and by the cube engine in this process; both lengths must agree.

Run ``python bench/cube.py --help`` for the sizes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from permutation import twsearch_length, written

from idastar import cube


def random_cubes(table: str, count: int, threads: int, first_seed: int) -> None:
    started = time.perf_counter()
    cube.solve(cube.SOLVED, cube_table=table)
    print(f"tables ({table}): {time.perf_counter() - started:.1f} s to read or build")
    seconds = []
    for seed in range(first_seed, first_seed + count):
        started = time.perf_counter()
        solution = cube.solve(cube.random(seed=seed), cube_table=table, threads=threads)
        seconds.append(time.perf_counter() - started)
        print(
            f"  seed {seed:3d}  {solution.cost} moves  {solution.stats.generated:15,} nodes"
            f"  {seconds[-1]:8.2f} s  {' '.join(solution.path)}",
            flush=True,
        )
    rate = 1 / statistics.median(seconds)
    print(
        f"median {statistics.median(seconds):.2f} s a random cube on {threads} thread(s)"
        f" ({rate:.3f} a second); nxopt's rule puts a 2.6 GB table at about 17 s on 2 cores"
    )


def beside_twsearch(binary: str, table: str, lengths: list[int], count: int, seed: int) -> None:
    with written(cube.load(), "3x3x3") as description:
        for length in lengths:
            ours, theirs = [], []
            for index in range(count):
                scramble = cube.random_scramble(length, seed=seed + index)
                started = time.perf_counter()
                solution = cube.solve(scramble, cube_table=table)
                ours.append(time.perf_counter() - started)
                their_length, seconds = twsearch_length(binary, description, scramble)
                theirs.append(seconds)
                if their_length != solution.cost:
                    raise SystemExit(
                        f"{scramble}: twsearch {their_length}, idastar {solution.cost}"
                    )
            ratio = statistics.median(theirs) / statistics.median(ours)
            print(
                f"scrambles of {length}: idastar median {statistics.median(ours) * 1000:.1f} ms,"
                f" twsearch {statistics.median(theirs) * 1000:.1f} ms ({ratio:.0f}x, same lengths)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", choices=cube.CUBE_TABLES, default="large", help="default large")
    parser.add_argument("--count", type=int, default=12, help="random cubes (default 12)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--threads", type=int, default=2, help="threads a cube (default 2)")
    parser.add_argument("--twsearch", default=os.environ.get("TWSEARCH"), help="twsearch's binary")
    parser.add_argument(
        "--lengths", type=int, nargs="*", default=[13, 14], help="scramble lengths beside twsearch"
    )
    args = parser.parse_args()
    if args.count:
        random_cubes(args.table, args.count, args.threads, args.seed)
    if args.twsearch:
        beside_twsearch(args.twsearch, args.table, args.lengths, 5, args.seed)


if __name__ == "__main__":
    main()
