"""``idastar squares``: the Square Destroyer judge, and more."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from .._judge import Tokens
from . import (
    Puzzle,
    Shown,
    Timed,
    answer_flags,
    answer_in_order,
    case_count,
    checked,
    emit_stats,
    lazy_module,
    register,
    sample_demo,
    solving,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .. import squares
    from .._results import Solution
else:
    squares = lazy_module("idastar.squares")


def _squares_cases(
    tokens: Tokens, count: int | None = None
) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """``(case number, n, removed sticks)`` of a judge input (after its T,
    when ``count`` is given), validated as read."""
    if count is None:
        count = case_count(tokens)
    what_n = f"the grid side n (T = {count} cases)"
    bad_n = f"the grid side n must be between 1 and {squares.MAX_N}, got {{value}}"
    for case in range(1, count + 1):
        tokens.case = case
        n = tokens.next_int(what_n, 1, squares.MAX_N, bad_n)
        total = squares.stick_count(n)
        k = tokens.next_int(
            "the number of removed sticks k",
            0,
            total,
            f"the number of removed sticks k must be between 0 and {total} "
            f"for a {n} x {n} grid, got {{value}}",
        )
        removed: list[int] = []
        position_of: dict[int, int] = {}
        bad_stick = f"stick {{value}} is out of range 1 to {total} for a {n} x {n} grid"
        for position in range(1, k + 1):
            stick = tokens.next_int(f"removed stick {position} of {k}", 1, total, bad_stick)
            if stick in position_of:
                raise tokens.error(
                    f"stick {stick} is removed twice (positions {position_of[stick]} and {position})"
                )
            position_of[stick] = position
            removed.append(stick)
        yield case, n, tuple(removed)
    tokens.case = None


def _squares_configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        # Spelled out rather than read from squares.ENGINES, so that building
        # the parser does not import the module.
        choices=["exact", "ida"],
        default="exact",
        help="exact: the hitting-set branch and bound (default); ida: the judge "
        "solution's IDA* (same answers, far slower from n = 7 on)",
    )
    parser.add_argument(
        "--heuristic",
        choices=["packing", "disjoint"],
        default="packing",
        help="the lower bound: packing, the larger of the judge's and half a double "
        "packing (default); disjoint, the judge's (with --engine ida, the judge's "
        "search exactly)",
    )
    answer_flags(
        parser,
        path="one optimal set of sticks to remove, in increasing order (empty when no "
        "square is left)",
        json="case, n, removed, answer, outcome, cost, path (the sticks), lower_bound, stats",
    )


def _squares_solve(
    n: int, removed: tuple[int, ...], **options: Unpack[squares.Options]
) -> Solution[int]:
    return checked(squares.solve((n, removed), **options))


def _squares_answer(args: argparse.Namespace, tokens: Tokens, out: TextIO) -> None:
    total = case_count(tokens)
    Case = tuple[int, int, tuple[int, ...]]

    options = {"engine": args.engine, "heuristic": args.heuristic}

    solve = solving(squares.PUZZLE, options, lambda case: (case[1], case[2]))

    def answer(case: Case, solution: Solution[int]) -> str:
        number, n, removed = case
        solution = checked(solution)
        if args.stats:
            emit_stats(f"case {number}", solution)
        if args.json:
            import json

            record: dict[str, object] = {
                "case": number,
                "n": n,
                "removed": list(removed),
                "answer": solution.cost,
            }
            record.update(solution.to_dict())
            return json.dumps(record)
        if args.path:
            return f"{solution.cost}\n{' '.join(map(str, solution.path))}"
        return str(solution.cost)

    cases = _squares_cases(tokens, total)
    answer_in_order(args, cases, solve, answer, out, tokens=tokens, total=total, unit="grid")


def _picture(n: int, removed: set[int]) -> list[str]:
    """The grid in text: '+' corners, '--' and '|' for the sticks left."""
    d = 2 * n + 1
    lines = []
    for row in range(n + 1):
        top = "+"
        for column in range(n):
            top += ("   " if 1 + row * d + column in removed else "---") + "+"
        lines.append(top)
        if row < n:
            side = ""
            for column in range(n + 1):
                stick = 1 + n + row * d + column
                side += (" " if stick in removed else "|") + ("   " if column < n else "")
            lines.append(side)
    return lines


def _squares_show(case: tuple[int, int, tuple[int, ...]], timed: Timed[Any]) -> Shown:
    _, n, removed = case
    seed = timed(
        "judge's search", lambda: _squares_solve(n, removed, engine="ida", heuristic="disjoint")
    )
    exact = timed("exact", lambda: _squares_solve(n, removed))
    details = [f"  remove  {' '.join(map(str, exact.path)) or '(nothing)'}"]
    details += ["    " + line for line in _picture(n, set(removed) | set(exact.path))]
    title = f"{n} x {n} grid, {len(removed)} stick{'' if len(removed) == 1 else 's'} removed"
    given = " ".join(map(str, removed)) or "(none)"
    return Shown(title, given, str(exact.cost), details, agrees=seed.cost == exact.cost)


register(
    Puzzle(
        name="squares",
        summary="Square Destroyer: the fewest matchsticks to remove so that no square is left",
        formats="in: T, then per case n and 'k s1 .. sk' (removed sticks)\nout: the fewest sticks",
        description="""\
Square Destroyer: an n x n grid of matchsticks, some already removed; remove
the fewest further sticks so that no square of any size is left intact.
Sticks are numbered from 1: the n horizontal sticks of the top line, the
n + 1 vertical sticks below them, the next horizontal line, and so on.

input (integers separated by any whitespace, line breaks anywhere):
  T              the number of cases, then per case:
  n              the grid side, 1..16 (the judge stops at 5)
  k s1 ... sk    the number of removed sticks, then the sticks

output: one line per case, the fewest sticks to remove: what the judge
program prints, byte for byte.

example:
  $ printf '2\\n2\\n0\\n3\\n3 12 17 23\\n' | idastar squares
  3
  3
  $ printf '1\\n3\\n3 12 17 23\\n' | idastar squares --path
  3
  1 6 15""",
        epilog="""\
A bad case stops the run after the answers before it, with one line on
stderr naming the input, the case and the line, and exit status 2. Anything
after the T-th case is ignored, as the judge ignores it.""",
        configure=_squares_configure,
        answer=_squares_answer,
        demo=lambda out: sample_demo(
            out,
            "squares",
            "squares: remove the fewest matchsticks so that no square of any size is left.",
            _squares_cases,
            _squares_show,
        ),
    )
)
