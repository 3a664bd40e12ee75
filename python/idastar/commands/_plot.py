"""``--plot FILE``, which every puzzle command takes: the per-iteration plot of one case."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator

from . import listening
from ._pictures import CaseKeeper, check_output_path


def add_option(parser: argparse.ArgumentParser) -> None:
    """Adds ``--plot`` to a puzzle's subcommand."""
    group = parser.add_argument_group("plots")
    group.add_argument(
        "--plot",
        metavar="OUT.png",
        default=None,
        help="write one case's (--case K, default the first) per-iteration plot to OUT.png: nodes expanded "
        "and generated in each iteration of its search against the bound, log scale "
        "(the suffix picks the format: .png, .svg, .pdf, ...); implies --stats; "
        'needs matplotlib: pip install "idastar[plot]"',
    )


class _PlotKeeper(CaseKeeper):
    """Keeps the ``case``-th solution it is told of, to be drawn once the
    answers are out: a plot that cannot be written must not cost them."""

    def __init__(self, path: str, case: int, puzzle: str) -> None:
        super().__init__(case)
        self.path = path
        self.case = case
        self.puzzle = puzzle

    def write(self) -> None:
        """Draws the solution kept into the path; ValueError if none was or it cannot be written."""
        solution = self.solution
        if solution is None:
            raise ValueError(f"--plot {self.path}: the input has no case {self.case} to plot")
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
            # The format named, so that the file is the path given, never
            # the path with a suffix added.
            figure.savefig(self.path, format=_image_format(self.path))
        except OSError as error:
            raise ValueError(
                f"--plot {self.path}: cannot write: {error.strerror or error}"
            ) from None


def _image_format(path: str) -> str:
    """The format the path's suffix names; PNG without one."""
    return os.path.splitext(path)[1].lstrip(".").lower() or "png"


def _checked_path(path: str) -> None:
    """Refuses, before anything is solved, a plot that could not be written."""
    check_output_path("--plot", path)
    from ..plots import require_matplotlib

    try:
        require_matplotlib()
    except ImportError as error:
        raise ValueError(f"--plot: {error}") from None
    from matplotlib.backend_bases import FigureCanvasBase

    image_format = _image_format(path)
    formats = FigureCanvasBase.get_supported_filetypes()
    if image_format not in formats:
        raise ValueError(
            f"--plot {path}: unknown image format {image_format!r}; "
            f"use one of {', '.join(sorted(formats))}"
        )


@contextlib.contextmanager
def plotting(args: argparse.Namespace) -> Iterator[None]:
    """With ``--plot``: the statistics on (``--plot`` implies ``--stats``),
    and the case's plot written after the answers, also when a bad case
    later in the input ends the run (not on Ctrl-C, which must stop at
    once). ValueError, after the answers, for no such case or a plot that
    cannot be written."""
    path = getattr(args, "plot", None)
    if path is None:
        yield
        return
    _checked_path(path)
    args.stats = True
    # --case, where a command has it, picks the case; the first otherwise.
    keeper = _PlotKeeper(path, getattr(args, "case", None) or 1, args.puzzle.name)
    try:
        with listening(keeper):
            yield
    except Exception:
        if keeper.solution is not None:
            with contextlib.suppress(ValueError):  # the run's own error is the one to report
                keeper.write()
        raise
    keeper.write()
