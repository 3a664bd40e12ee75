"""``--svg FILE``, ``--html FILE`` and ``--case K``: one case's solution as a
picture, for every puzzle command.

The command answers its input as always; the solution of the K-th case is
kept as it goes by (every command hands each answer to
:func:`idastar.commands.checked`, which tells the keeper
:func:`idastar.commands.listening` installs) and drawn once the input is
answered.
"""

from __future__ import annotations

import argparse
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
        "--case",
        type=_case_number,
        metavar="K",
        help="the case --svg, --html and --plot draw, counting from 1 (default 1)",
    )


def wanted(args: argparse.Namespace) -> bool:
    """Whether the command is asked for a picture."""
    return bool(getattr(args, "svg", None) or getattr(args, "html", None))


class CaseKeeper:
    """Counts the answers as they come and keeps the one of case ``wanted``
    (counting from 1): what ``--svg``, ``--html`` and ``--plot`` draw."""

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
    """Runs the command's ``answer``, then writes the pictures asked for.

    Raises ValueError (the command's exit status 2) naming the option for a
    ``--case`` beyond the input or a file that cannot be written.
    """
    from . import listening

    if not wanted(args):
        if getattr(args, "case", None) is not None and getattr(args, "plot", None) is None:
            raise ValueError("--case K picks the case of --svg, --html or --plot; give one of them")
        answer(args, tokens, out)
        return
    number = args.case or 1
    recorder = CaseKeeper(number)
    with listening(recorder):
        answer(args, tokens, out)
    if recorder.solution is None:
        raise ValueError(
            f"--case {number}: the input has {recorder.seen} case{'' if recorder.seen == 1 else 's'}"
        )
    for option, path, text in (
        ("--svg", args.svg, recorder.solution.svg),
        ("--html", args.html, recorder.solution.to_html),
    ):
        if path:
            try:
                with open(path, "w", encoding="utf-8") as file:
                    file.write(text())
            except OSError as error:
                raise ValueError(
                    f"{option} {path}: cannot write: {error.strerror or error}"
                ) from None
