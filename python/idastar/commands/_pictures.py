"""``--svg FILE``, ``--html FILE``, ``--animation FILE`` and ``--case K``:
one case's solution as a picture, for every puzzle command.

The command answers its input as always; the solution of the K-th case is
kept as it goes by (every command hands each answer to
:func:`idastar.commands.checked`, which tells the keeper
:func:`idastar.commands.listening` installs) and drawn once the input is
answered.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from .._judge import Tokens
    from .._results import Solution


def _case_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a case number from 1: {text!r}")
    return number


def check_output_path(option: str, path: str) -> None:
    """Refuses, before anything is solved, an output file that could not
    be written: an empty name, or one in no directory (ValueError naming
    the option)."""
    if not path:
        raise ValueError(f"{option} '': needs a file name")
    directory = os.path.dirname(path) or "."
    if not os.path.isdir(directory):
        raise ValueError(f"{option} {path}: cannot write: no directory {directory!r}")


def add_options(parser: argparse.ArgumentParser) -> None:
    """The picture options of a puzzle command."""
    group = parser.add_argument_group("pictures")
    group.add_argument(
        "--svg",
        metavar="OUT",
        help="also write one case's solution as an SVG picture: its states side "
        "by side, each move marked",
    )
    group.add_argument(
        "--html",
        metavar="OUT",
        help="also write one case's solution as an HTML page that animates it "
        "(self-contained: open it in any browser)",
    )
    group.add_argument(
        "--animation",
        metavar="OUT.gif",
        help="also write one case's solution as an animated GIF (OUT.gif) or PNG "
        "(OUT.png, OUT.apng), one frame a move; "
        'needs Pillow: pip install "idastar[anim]"',
    )
    group.add_argument(
        "--case",
        type=_case_number,
        metavar="K",
        help="the case --svg, --html, --animation and --plot draw, counting from 1 (default 1)",
    )


def wanted(args: argparse.Namespace) -> bool:
    """Whether the command is asked for a picture."""
    return any(getattr(args, name, None) is not None for name in ("svg", "html", "animation"))


class CaseKeeper:
    """Counts the answers as they come and keeps the one of case ``wanted``
    (counting from 1): what ``--svg``, ``--html``, ``--animation`` and
    ``--plot`` draw."""

    def __init__(self, wanted: int) -> None:
        self.wanted = wanted
        self.seen = 0
        self.solution: Solution[Any] | None = None

    def __call__(self, solution: Solution[Any]) -> None:
        self.seen += 1
        if self.seen == self.wanted:
            self.solution = solution


def answer(
    answer: Callable[[argparse.Namespace, Tokens, TextIO], None],
    args: argparse.Namespace,
    tokens: Tokens,
    out: TextIO,
) -> None:
    """Runs the command's ``answer``, then writes the pictures asked for
    (also when a bad case later in the input ends the run).

    Raises ValueError (the command's exit status 2) naming the option for a
    ``--case`` beyond the input or a file that cannot be written.
    """
    from . import listening

    if not wanted(args):
        if getattr(args, "case", None) is not None and getattr(args, "plot", None) is None:
            raise ValueError(
                "--case K picks the case of --svg, --html, --animation or --plot; give one of them"
            )
        answer(args, tokens, out)
        return
    for option, path in (
        ("--svg", args.svg),
        ("--html", args.html),
        ("--animation", args.animation),
    ):
        if path is not None:
            check_output_path(option, path)
    if args.animation is not None:
        _check_animation(args.animation)
    number = args.case or 1
    recorder = CaseKeeper(number)
    try:
        with listening(recorder):
            answer(args, tokens, out)
    except Exception:
        # A bad case later in the input: the pictures of the answers
        # before it are still written (not on Ctrl-C, which must stop at
        # once); the run's own error is the one to report.
        if recorder.solution is not None:
            with contextlib.suppress(ValueError):
                _draw(args, recorder.solution)
        raise
    if recorder.solution is None:
        raise ValueError(
            f"--case {number}: the input has {recorder.seen} case{'' if recorder.seen == 1 else 's'}"
        )
    _draw(args, recorder.solution)


def _draw(args: argparse.Namespace, solution: Solution[Any]) -> None:
    """Writes the pictures asked for of ``solution``; ValueError naming the
    option for a file that cannot be written."""
    for option, path, text in (
        ("--svg", args.svg, solution.svg),
        ("--html", args.html, solution.to_html),
    ):
        if path is not None:
            try:
                with open(path, "w", encoding="utf-8") as file:
                    file.write(text())
            except OSError as error:
                raise ValueError(
                    f"{option} {path}: cannot write: {error.strerror or error}"
                ) from None
    if args.animation is not None:
        try:
            solution.save_animation(args.animation)
        except OSError as error:
            raise ValueError(
                f"--animation {args.animation}: cannot write: {error.strerror or error}"
            ) from None


def _check_animation(path: str) -> None:
    """Refuses, before anything is solved, an animation that could not be
    written: a suffix that names no animation format, or no Pillow."""
    from .._animation import animation_format
    from .._raster import require_pillow

    try:
        animation_format(path)
    except ValueError as error:  # it names the path
        raise ValueError(f"--animation {error}") from None
    try:
        require_pillow()
    except ImportError as error:
        raise ValueError(f"--animation: {error}") from None
