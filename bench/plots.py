"""Plots of what each 15-puzzle heuristic buys (README, docs/puzzles/fifteen.md), measured.

Solves the first ``--count`` of Korf's 100 instances (``../shared/data/korf100.txt``,
blank-first goal) with the Manhattan distance, Manhattan plus linear conflicts
and the additive pattern databases 5-5-5 and 6-6-3 (``--with-7-8`` adds 7-8,
minutes to build once), with :func:`idastar.plots.compare_heuristics`, and
writes into ``docs/images/``:

* ``heuristics.png``: nodes expanded and seconds per instance, per heuristic;
* ``iterations.png``: nodes per IDA* iteration on the instance the Manhattan
  distance finds hardest, for Manhattan, linear conflict and 6-6-3.

and prints each heuristic's totals as a Markdown table. The search is Korf's,
skipping only the move that undoes the last (``--move-pruning 2``), so that
the counts compare with the literature's. About a minute on
two cores with the databases cached (their build is timed apart).

Run ``python bench/plots.py --help`` for the options.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

from _common import ROOT
from idastar import fifteen, plots

KORF = ROOT.parent / "shared" / "data" / "korf100.txt"
IMAGES = ROOT / "docs" / "images"
#: The heuristics of the per-iteration plot, by their labels in the comparison.
ITERATION_HEURISTICS = ("manhattan", "linear-conflict", "pdb 6-6-3")


def korf_instances(count: int) -> list[list[int]]:
    lines = [line for line in KORF.read_text().splitlines() if line.strip()]
    return [[int(word) for word in line.split()] for line in lines[:count]]


def variants(with_7_8: bool) -> list[plots.Variant]:
    partitions = ["5-5-5", "6-6-3", *(["7-8"] if with_7_8 else [])]
    return [
        "manhattan",
        "linear-conflict",
        *((f"pdb {name}", {"heuristic": "pdb", "patterns": name}) for name in partitions),
    ]


def draw_iterations(comparison: plots.Comparison, path: Path) -> int:
    """The per-iteration plot of the instance Manhattan finds hardest; its number (from 1)."""
    from matplotlib.figure import Figure

    hardest = max(
        (row for row in comparison.table if row.heuristic == "manhattan"), key=lambda r: r.expanded
    )
    figure = Figure(figsize=(7.5, 4.6), layout="constrained")
    ax = figure.subplots()
    ax.set_title(
        f"Korf's instance {hardest.case + 1} ({hardest.cost} moves): "
        "nodes per IDA* iteration, by heuristic"
    )
    for row in comparison.table:
        if row.case == hardest.case and row.heuristic in ITERATION_HEURISTICS:
            row.stats.plot(ax, label=row.heuristic)
    figure.savefig(path, dpi=100)
    return hardest.case + 1


def totals_table(comparison: plots.Comparison, count: int) -> str:
    lines = [
        f"| heuristic (Korf's first {count}) | solved | nodes expanded | seconds (sum) "
        "| preparation |",
        "|---|---|---|---|---|",
    ]
    for label, total in comparison.totals().items():
        lines.append(
            f"| {label} | {total.solved} of {total.cases} | {total.expanded:,} | "
            f"{total.seconds:.2f} s | {comparison.preparation[label]:.2f} s |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=10, help="Korf instances (default 10)")
    parser.add_argument("--with-7-8", action="store_true", help="add the 7-8 databases")
    parser.add_argument("--threads", type=int, default=None, help="cores (default: all)")
    parser.add_argument("--out", type=Path, default=IMAGES, help="where the PNGs go")
    parser.add_argument(
        "--move-pruning",
        type=int,
        default=2,
        help="the duplicate move sequences skipped (default 2, Korf's search, so that the "
        "node counts compare with the literature's; idastar's own default is 14)",
    )
    args = parser.parse_args()
    options: dict[str, Any] = {"goal": "blank-first", "move_pruning": args.move_pruning}
    comparison = plots.compare_heuristics(
        fifteen,
        korf_instances(args.count),
        variants(args.with_7_8),
        threads=args.threads,
        **options,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    comparison.figure.savefig(args.out / "heuristics.png", dpi=100)
    hardest = draw_iterations(comparison, args.out / "iterations.png")
    print(totals_table(comparison, args.count))
    print(f"\nper-iteration plot: Korf's instance {hardest}")
    rows = {r.heuristic: r for r in comparison.table if r.case + 1 == hardest}
    manhattan = {it.bound: it.expanded for it in rows["manhattan"].stats.iterations}
    for label in ITERATION_HEURISTICS:
        iterations = rows[label].stats.iterations
        # The tree's growth per iteration, the last (cut short by the solution) left out.
        full = [it.expanded for it in iterations[:-1] if it.expanded]
        growth = (full[-1] / full[0]) ** (1 / (len(full) - 1)) if len(full) > 1 else float("nan")
        fewer = [manhattan[it.bound] / it.expanded for it in iterations[:-1] if it.expanded]
        print(
            f"  {label}: {len(iterations)} iterations from bound {iterations[0].bound}, "
            f"{rows[label].expanded:,} expanded, x{growth:.1f} per iteration, "
            f"{min(fewer):.0f} to {max(fewer):.0f} times fewer than manhattan at a bound"
        )
    for name in ("heuristics.png", "iterations.png"):
        print(f"  {args.out / name}: {(args.out / name).stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
