"""Distributed benchmark: one search spread over a Dask cluster of two
single-thread worker processes, against ``threads=2`` in one process, on
the same instances in one run.

A real cluster is started for the run: ``dask scheduler`` and two
``dask worker --nthreads 1`` processes on 127.0.0.1 (``--workers`` and
``--worker-threads`` change that: ``--workers 1 --worker-threads 2`` is
one worker process of two threads, as one machine runs best), or
``--scheduler ADDRESS`` uses one already running. Each instance is solved
``--repeats`` times each way, alternating; the ratio is the median wall
time with ``threads=2`` over the median with ``client``, so above 1 the
cluster is faster, and ``paired`` the median of the ratios of each
``threads=2`` run to the ``client`` run right after it (the machine may be
shared: its speed drifts less between two runs in a row than over the
whole bench). The answers (cost and path) must agree, and the
generated nodes are printed for both: the cluster's are those of
``threads=1`` (shown with ``--serial``), save the nodes above the last
pass's frontier that one thread never reaches after its goal.

The instances (``--instances``), each ``PUZZLE:NUMBER[:HEURISTIC]``:

* ``fifteen:N`` is Korf's 15-puzzle instance N (``../shared/data/korf100.txt``);
* ``twentyfour:N`` is Korf and Felner's 24-puzzle instance N
  (``../shared/data/korf24.txt``), with the 6-6-6-6 databases by default.

The databases are built or loaded (on every worker too) before the clock
starts. Run ``python bench/cluster.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from idastar import sliding

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SOURCES = {"fifteen": (DATA / "korf100.txt", 4), "twentyfour": (DATA / "korf24.txt", 5)}
DEFAULT_HEURISTIC = {"fifteen": "linear-conflict", "twentyfour": "pdb"}


def instance(spec: str) -> tuple[list[int], dict[str, Any]]:
    """The board and options of ``PUZZLE:NUMBER[:HEURISTIC]``."""
    puzzle, number, *rest = spec.split(":")
    path, side = SOURCES[puzzle]
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    board = [int(word) for word in lines[int(number) - 1].split()]
    heuristic = rest[0] if rest else DEFAULT_HEURISTIC[puzzle]
    options: dict[str, Any] = {"width": side, "height": side, "goal": "blank-first"}
    options["heuristic"] = heuristic
    # Korf's search, as the literature's counts: searches long enough to spread.
    options["move_pruning"] = 2
    if heuristic == "pdb" and side == 5:
        options["patterns"] = "6-6-6-6"
    return board, options


@contextmanager
def cluster(workers: int, threads: int) -> Iterator[str]:
    """A scheduler and ``workers`` workers of ``threads`` threads on
    127.0.0.1, as separate processes: the scheduler's file."""
    folder = Path(tempfile.mkdtemp(prefix="idastar-bench-cluster-"))
    file = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    common = ["--host", "127.0.0.1", "--no-dashboard", "--scheduler-file", str(file)]
    scheduler = [sys.executable, "-m", "distributed.cli.dask_scheduler", "--port", "0", *common]
    worker = [
        sys.executable,
        "-m",
        "distributed.cli.dask_worker",
        "--nthreads",
        str(threads),
        *common,
    ]
    processes = [subprocess.Popen(scheduler, **quiet)]
    try:
        for _ in range(workers):
            processes.append(subprocess.Popen([*worker, "--memory-limit", "0"], **quiet))
        yield str(file)
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            process.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--instances",
        nargs="*",
        default=["fifteen:1:manhattan", "twentyfour:25", "twentyfour:40"],
        help="PUZZLE:NUMBER[:HEURISTIC] (default: fifteen:1:manhattan twentyfour:25 twentyfour:40)",
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs each way (default 3)")
    parser.add_argument("--scheduler", default=None, help="a running cluster's scheduler address")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--worker-threads", type=int, default=1, help="threads of each worker (default 1)"
    )
    parser.add_argument("--serial", action="store_true", help="also solve each on one thread")
    args = parser.parse_args()
    from distributed import Client

    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    started = cluster(args.workers, args.worker_threads)
    with started if args.scheduler is None else _running(args.scheduler) as address:
        if address.endswith(".json"):
            while not Path(address).exists():
                time.sleep(0.1)
            client = Client(scheduler_file=address)
        else:
            client = Client(address)
        client.wait_for_workers(args.workers if args.scheduler is None else 1, timeout=120)
        threads = sum(client.nthreads().values())
        print(f"cluster: {len(client.nthreads())} workers, {threads} threads")
        print(
            f"{'instance':<22} {'cost':>4} {'threads=2 s':>11} {'client s':>9} {'ratio':>6}"
            f" {'paired':>6}"
            f" {'generated (threads=2)':>22} {'generated (client)':>19}"
        )
        for spec in args.instances:
            board, options = instance(spec)
            began = time.perf_counter()
            sliding.lower_bound(board, **options)
            client.run(sliding.lower_bound, board, **options)
            ready = time.perf_counter() - began
            local, spread = [], []
            for _ in range(args.repeats):
                began = time.perf_counter()
                here = sliding.solve(board, threads=2, **options)
                local.append(time.perf_counter() - began)
                began = time.perf_counter()
                there = sliding.solve(board, client=client, **options)
                spread.append(time.perf_counter() - began)
                if (there.cost, there.path) != (here.cost, here.path):
                    sys.exit(f"{spec}: the cluster's answer differs from threads=2's")
            ratio = statistics.median(local) / statistics.median(spread)
            paired = statistics.median(a / b for a, b in zip(local, spread, strict=True))
            print(
                f"{spec:<22} {here.cost:4d} {statistics.median(local):11.2f}"
                f" {statistics.median(spread):9.2f} {ratio:6.2f} {paired:6.2f}"
                f" {here.stats.generated:22,d} {there.stats.generated:19,d}"
                f"   (tables ready in {ready:.1f} s)",
                flush=True,
            )
            if args.serial:
                began = time.perf_counter()
                one = sliding.solve(board, threads=1, **options)
                print(
                    f"{'':<22} threads=1: {time.perf_counter() - began:.2f} s,"
                    f" generated {one.stats.generated:,d}"
                )
        client.close()
    print(f"load average {os.getloadavg()[0]:.2f}")


@contextmanager
def _running(address: str) -> Iterator[str]:
    yield address


if __name__ == "__main__":
    main()
