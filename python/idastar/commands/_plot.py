"""``--plot FILE``, which every puzzle command takes: the per-iteration plot of one case."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import stats_listener

if TYPE_CHECKING:
    from .._results import Solution


def add_option(parser: argparse.ArgumentParser) -> None:
    """Adds ``--plot`` to a puzzle's subcommand."""
    group = parser.add_argument_group("plots")
    group.add_argument(
        "--plot",
        metavar="OUT.png",
        default=None,
        help="write the first case's per-iteration plot to OUT.png: nodes expanded "
        "and generated in each iteration of its search against the bound, log scale "
        "(the suffix picks the format: .png, .svg, .pdf, ...); implies --stats; "
        'needs matplotlib: pip install "idastar[plot]"',
    )


class _PlotWriter:
    """Draws the ``case``-th solution it is told of into ``path`` and remembers that it did."""

    def __init__(self, path: str, case: int, puzzle: str) -> None:
        self.path = path
        self.case = case
        self.puzzle = puzzle
        self.seen = 0
        self.written = False

    def __call__(self, solution: Solution[Any]) -> None:
        self.seen += 1
        if self.seen != self.case:
            return
        # Written at once, so that a bad case later in the input or a Ctrl-C
        # leaves the plot of this one behind.
        from matplotlib.figure import Figure  # a figure of its own: no pyplot, no GUI

        figure = Figure(figsize=(7, 4.5), layout="constrained")
        ax = figure.subplots()
        cost = "no solution" if solution.cost is None else f"cost {solution.cost}"
        ax.set_title(
            f"idastar {self.puzzle}, case {self.case}: {cost}, {solution.expanded:,} expanded "
            f"in {solution.elapsed:.3g} s"
        )
        solution.stats.plot(ax)
        try:
            figure.savefig(self.path)
        except OSError as error:
            raise ValueError(
                f"--plot {self.path}: cannot write: {error.strerror or error}"
            ) from None
        self.written = True


def _checked_path(path: str) -> None:
    """Refuses, before anything is solved, a plot that could not be written."""
    from ..plots import require_matplotlib

    try:
        require_matplotlib()
    except ImportError as error:
        raise ValueError(f"--plot: {error}") from None
    from matplotlib.backend_bases import FigureCanvasBase

    suffix = os.path.splitext(path)[1].lstrip(".").lower()
    formats = FigureCanvasBase.get_supported_filetypes()
    if suffix and suffix not in formats:
        raise ValueError(
            f"--plot {path}: unknown image format {suffix!r}; use one of {', '.join(sorted(formats))}"
        )
    directory = os.path.dirname(path) or "."
    if not os.path.isdir(directory):
        raise ValueError(f"--plot {path}: cannot write: no directory {directory!r}")


@contextlib.contextmanager
def plotting(args: argparse.Namespace) -> Iterator[None]:
    """With ``--plot``: the statistics on (``--plot`` implies ``--stats``) and
    the case's plot written as it is solved; ValueError when there is no
    such case to plot, once the answers are written."""
    path = getattr(args, "plot", None)
    if path is None:
        yield
        return
    _checked_path(path)
    args.stats = True
    # --case, where a command has it, picks the case; the first otherwise.
    writer = _PlotWriter(path, getattr(args, "case", None) or 1, args.puzzle.name)
    token = stats_listener.set(writer)
    try:
        yield
    finally:
        stats_listener.reset(token)
    if not writer.written:
        raise ValueError(f"--plot {path}: the input has no case {writer.case} to plot")
