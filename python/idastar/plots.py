"""Plots of what the searches did: nodes per iteration, heuristics compared.

Needs matplotlib, the ``plot`` extra (``pip install "idastar[plot]"``); it
is imported only when something is drawn, so the rest of the package never
pays for it, and without it every function here raises an ImportError that
says how to install it.

* :func:`plot_stats` (also :meth:`Stats.plot <idastar.Stats.plot>`): nodes
  expanded and generated in each iteration of one search, against its bound,
  on a log scale: how the tree grows as IDA* raises the bound.
* :func:`compare_heuristics`: solves the same cases with each heuristic (or
  any variant of the options, such as each pattern-database partition) and
  draws nodes and seconds per case for each; returns the figure and the
  measured table.

Colours are the Okabe-Ito palette, told apart by readers with any common
colour-vision deficiency, and every series has its own marker (and, per
iteration, its own line style) as well, so no reading depends on colour.

>>> from idastar import plots, sliding
>>> board = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]
>>> ax = sliding.solve(board, heuristic="manhattan").stats.plot()   # doctest: +SKIP
>>> comparison = plots.compare_heuristics("sliding", [board], ["manhattan", "linear-conflict"])
>>> [(row.heuristic, row.cost) for row in comparison.table]
[('manhattan', 8), ('linear-conflict', 8)]
>>> comparison.figure.savefig(path)                                  # doctest: +SKIP
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from ._results import Outcome, Stats

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ._puzzle import Puzzle

__all__ = [
    "COLOURS",
    "INSTALL_HINT",
    "MARKERS",
    "Comparison",
    "Measurement",
    "Total",
    "Variant",
    "compare_heuristics",
    "plot_stats",
    "require_matplotlib",
]

#: What the ImportError says when matplotlib is missing.
INSTALL_HINT = 'plotting needs matplotlib: pip install "idastar[plot]"'

#: The Okabe-Ito palette (Okabe and Ito 2008), distinct for colour-blind
#: readers; yellow, faint on white, comes last.
COLOURS: tuple[str, ...] = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#000000",  # black
    "#F0E442",  # yellow
)
#: One marker per series, in the order of :data:`COLOURS`.
MARKERS: tuple[str, ...] = ("o", "s", "^", "D", "v", "P", "X", "*")

#: The gid of the expanded-nodes line :func:`plot_stats` draws, by which a
#: later call on the same axes counts the searches already there.
_EXPANDED_GID = "idastar-expanded"


def require_matplotlib() -> ModuleType:
    """matplotlib, imported; ImportError with :data:`INSTALL_HINT` when it is missing."""
    try:
        return importlib.import_module("matplotlib")
    except ImportError as error:
        raise ImportError(INSTALL_HINT) from error


def _new_figure(**options: Any) -> Figure:
    """A figure from pyplot, so that a notebook or an interactive session shows it."""
    require_matplotlib()
    from matplotlib import pyplot

    return pyplot.figure(**options)


def _style(index: int) -> tuple[str, str]:
    """The colour and marker of the ``index``-th series."""
    return COLOURS[index % len(COLOURS)], MARKERS[index % len(MARKERS)]


def plot_stats(stats: Stats, ax: Axes | None = None, *, label: str | None = None) -> Axes:
    """Nodes expanded (solid line) and generated (dashed) in each iteration
    of a search, against the iteration's bound, on a log scale.

    The bound is what the engine reports per iteration: the cost limit of
    each IDA* iteration (the depth limit for iterative deepening), each new
    smallest ``f`` for A*, the depth of each layer for breadth-first
    searches, and each improved upper bound for Square Destroyer's branch
    and bound (whose bounds fall). A* and breadth-first searches therefore
    plot as well as IDA* does; only statistics without iterations (those of
    :meth:`BatchResult.solution <idastar.BatchResult.solution>`, which keeps
    totals) raise ValueError.

    Args:
        stats: a solution's :attr:`~idastar.Solution.stats`.
        ax: the matplotlib axes to draw on; a new figure's when None. Draw
            several searches on the same axes to compare them: each gets the
            next colour and marker.
        label: names this search in the legend (``"label: expanded"``).

    Returns:
        The axes drawn on.

    Raises:
        ImportError: matplotlib is not installed.
        ValueError: ``stats`` has no iterations.
    """
    require_matplotlib()
    if not stats.iterations:
        raise ValueError(
            "these statistics have no iterations to plot (a BatchResult keeps only the "
            "totals): solve the case with solve() or solve_many() without arrays=True"
        )
    from matplotlib.ticker import MaxNLocator

    if ax is None:
        ax = _new_figure(figsize=(7, 4.5), layout="constrained").subplots()
    index = sum(1 for line in ax.get_lines() if line.get_gid() == _EXPANDED_GID)
    colour, marker = _style(index)
    prefix = f"{label}: " if label else ""
    bounds = [it.bound for it in stats.iterations]
    # Expanded solid and filled, generated dashed and hollow: told apart without colour.
    for field, linestyle, face, gid in (
        ("expanded", "-", colour, _EXPANDED_GID),
        ("generated", "--", "white", None),
    ):
        ax.plot(
            bounds,
            [getattr(it, field) for it in stats.iterations],
            color=colour,
            marker=marker,
            markerfacecolor=face,
            linestyle=linestyle,
            label=f"{prefix}{field}",
            gid=gid,
        )
    ax.set_yscale("log")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    low, high = ax.get_xlim()
    if high - low < 2:  # one bound (A*, or a first guess that was right): room for integer ticks
        middle = round((low + high) / 2)
        ax.set_xlim(middle - 1, middle + 1)
    ax.set_xlabel("bound of the iteration (IDA*: the cost limit)")
    ax.set_ylabel("nodes (log scale)")
    if not ax.get_title():
        ax.set_title("Nodes per iteration")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend()
    return ax


#: A heuristic to compare: its name (the ``heuristic`` option), or a label
#: and the options that make it, such as ``("pdb 5-5-5", {"heuristic":
#: "pdb", "patterns": "5-5-5"})``.
Variant = str | tuple[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Measurement:
    """One case solved with one heuristic: a row of :attr:`Comparison.table`."""

    #: The variant's label (the heuristic's name, unless given one).
    heuristic: str
    #: The case's index in the cases given.
    case: int
    outcome: Outcome
    cost: int | None
    expanded: int
    generated: int
    #: The search's wall time (``stats.elapsed``): loading any tables the
    #: heuristic needs from the cache is in it; building them is not (see
    #: :attr:`Comparison.preparation`).
    seconds: float
    #: The search's statistics, iterations and all.
    stats: Stats


class Total(NamedTuple):
    """One heuristic's sums over the cases (:meth:`Comparison.totals`)."""

    solved: int
    cases: int
    expanded: int
    generated: int
    seconds: float


class Comparison(NamedTuple):
    """What :func:`compare_heuristics` returns; unpacks as ``figure, table``."""

    #: Nodes expanded per case (left) and seconds per case (right), one box
    #: and its points per heuristic.
    figure: Figure
    #: One :class:`Measurement` per heuristic and case, heuristic by heuristic
    #: in the order given, cases in input order.
    table: list[Measurement]
    #: Seconds each heuristic spent preparing before its cases were timed
    #: (building or loading tables such as pattern databases), by label.
    preparation: dict[str, float]

    def totals(self) -> dict[str, Total]:
        """Each heuristic's sums over the cases, by label, in the order given."""
        totals: dict[str, Total] = {}
        for row in self.table:
            solved, cases, expanded, generated, seconds = totals.get(
                row.heuristic, Total(0, 0, 0, 0, 0.0)
            )
            totals[row.heuristic] = Total(
                solved + (row.outcome is Outcome.SOLVED),
                cases + 1,
                expanded + row.expanded,
                generated + row.generated,
                seconds + row.seconds,
            )
        return totals


def _module(puzzle: str | ModuleType | Puzzle[Any, Any, Any]) -> Any:
    """The puzzle of a name, value or module, as a value."""
    import idastar

    if isinstance(puzzle, str):
        return idastar.puzzle(puzzle)
    if isinstance(puzzle, idastar.Puzzle):
        return puzzle
    if not isinstance(puzzle, ModuleType) or not isinstance(
        getattr(puzzle, "PUZZLE", None), idastar.Puzzle
    ):
        raise TypeError(f"puzzle must be a puzzle's name, value or module, got {puzzle!r}")
    return puzzle.PUZZLE


def _variants(
    module: Any, heuristics: Sequence[Variant] | None
) -> list[tuple[str, dict[str, Any]]]:
    """Each variant as ``(label, options)``, checked."""
    if heuristics is None:
        heuristics = module.HEURISTICS
    if isinstance(heuristics, str):
        raise TypeError(
            f"heuristics must be a sequence of heuristics, got the string {heuristics!r}"
        )
    variants: list[tuple[str, dict[str, Any]]] = []
    for variant in heuristics:
        if isinstance(variant, str):
            variants.append((variant, {"heuristic": variant}))
        elif (
            isinstance(variant, tuple)
            and len(variant) == 2
            and isinstance(variant[0], str)
            and isinstance(variant[1], Mapping)
        ):
            variants.append((variant[0], dict(variant[1])))
        else:
            raise TypeError(
                f"each heuristic must be a name or a (label, options) pair, got {variant!r}"
            )
    if not variants:
        raise ValueError("heuristics must name at least one heuristic")
    labels = [label for label, _ in variants]
    repeated = sorted({label for label in labels if labels.count(label) > 1})
    if repeated:
        raise ValueError(f"heuristics must have distinct labels; repeated: {', '.join(repeated)}")
    return variants


def compare_heuristics(
    puzzle: str | ModuleType | Puzzle[Any, Any, Any],
    cases: Sequence[Any],
    heuristics: Sequence[Variant] | None = None,
    *,
    threads: int | None = None,
    **options: Any,
) -> Comparison:
    """Solve the same cases with each heuristic; draw nodes and time for each.

    Every case is solved once per heuristic with the puzzle's
    ``solve_many`` (on ``threads`` cores, all by default) and the same
    ``options`` (``goal``, ``engine``, limits, ...); a variant's own options
    win over them. Before its cases are timed, each heuristic solves the
    first case with a node limit of 1, which builds or loads the tables it
    needs (pattern databases); that time is
    :attr:`Comparison.preparation`.

    >>> from idastar import plots
    >>> korf = ...  # boards of Korf's 100 (blank-first goal)
    >>> plots.compare_heuristics(  # doctest: +SKIP
    ...     "fifteen", korf,
    ...     ["manhattan", "linear-conflict",
    ...      ("pdb 5-5-5", {"heuristic": "pdb", "patterns": "5-5-5"}),
    ...      ("pdb 6-6-3", {"heuristic": "pdb", "patterns": "6-6-3"})],
    ...     goal="blank-first")

    Args:
        puzzle: a puzzle (``idastar.puzzle("fifteen")``), its module
            (:mod:`idastar.fifteen`) or its name (one of
            :data:`idastar.PUZZLES`).
        cases: the cases, as the puzzle's ``solve`` takes them.
        heuristics: what to compare (see :data:`Variant`): names from the
            module's ``HEURISTICS`` (all of them when None), or ``(label,
            options)`` pairs, for instance one per pattern-database partition.
        threads: cores for each batch (default: all).
        options: the puzzle's options, for every heuristic.

    Returns:
        A :class:`Comparison`: the figure, with a box of the cases' nodes
        expanded and one of their seconds per heuristic (quartiles, whiskers
        at the extremes), each case's point on it (log scales; a tick label
        says how many cases a limit stopped), and the table of
        :class:`Measurement` it was drawn from.

    Raises:
        ImportError: matplotlib is not installed.
        ValueError: no cases, no heuristics, repeated labels, an unknown
            puzzle, or an option the puzzle refuses.
        TypeError: a variant that is neither a name nor a (label, options)
            pair, or an option of the wrong type.
        InvalidPuzzle: a bad case.
    """
    require_matplotlib()
    module = _module(puzzle)
    variants = _variants(module, heuristics)
    cases = list(cases)
    if not cases:
        raise ValueError("cases must hold at least one case")

    table: list[Measurement] = []
    preparation: dict[str, float] = {}
    for label, own in variants:
        chosen = {**options, **own}
        began = time.perf_counter()
        module.solve(cases[0], **{**chosen, "node_limit": 1})
        preparation[label] = time.perf_counter() - began
        solutions = module.solve_many(cases, threads=threads, **chosen)
        table.extend(
            Measurement(
                label,
                index,
                solution.outcome,
                solution.cost,
                solution.expanded,
                solution.generated,
                solution.elapsed,
                solution.stats,
            )
            for index, solution in enumerate(solutions)
        )
    name = module.name
    figure = _draw_comparison(
        table, [label for label, _ in variants], f"{len(cases)} cases ({name})"
    )
    return Comparison(figure, table, preparation)


def _draw_comparison(table: list[Measurement], labels: list[str], what: str) -> Figure:
    figure = _new_figure(figsize=(max(7.0, 1.6 * len(labels) * 2), 4.5), layout="constrained")
    by_label = {label: [row for row in table if row.heuristic == label] for label in labels}
    ticks = []
    for label, rows in by_label.items():
        stopped = sum(row.outcome is not Outcome.SOLVED for row in rows)
        ticks.append(f"{label}\n({stopped} unsolved)" if stopped else label)
    columns = (
        ("expanded", "nodes expanded per case", "nodes expanded (log scale)"),
        ("seconds", "seconds per case", "seconds (log scale)"),
    )
    for ax, (field, title, ylabel) in zip(figure.subplots(1, 2), columns, strict=True):
        data = [[getattr(row, field) for row in rows] for rows in by_label.values()]
        positions = list(range(1, len(labels) + 1))
        boxes = ax.boxplot(
            data,
            positions=positions,
            widths=0.5,
            whis=(0, 100),  # whiskers at the extremes: with few cases, every point is inside
            patch_artist=True,
            showfliers=False,
            medianprops={"color": "black"},
        )
        for index, (box, values) in enumerate(zip(boxes["boxes"], data, strict=True)):
            colour, marker = _style(index)
            box.set_facecolor(colour)
            box.set_alpha(0.35)
            # Each case's point, spread across the box so equal values stay visible.
            spread = [
                positions[index] + 0.3 * ((k + 0.5) / len(values) - 0.5) for k in range(len(values))
            ]
            ax.plot(
                spread,
                values,
                linestyle="none",
                marker=marker,
                color=colour,
                markeredgecolor="black",
                markeredgewidth=0.5,
                label=labels[index],
            )
        ax.set_yscale("log", nonpositive="clip")
        ax.set_xticks(positions, ticks)
        ax.set_title(title)
        ax.set_ylabel(ylabel)
        ax.grid(True, axis="y", which="major", alpha=0.3)
    figure.suptitle(f"Heuristics compared on the same {what}")
    return figure
