"""``idastar pancake``: the fewest flips that sort each stack."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

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
    permutation_cases,
    register,
    sample_demo,
    solving,
)

if TYPE_CHECKING:
    from .. import pancake
    from .._results import Solution
else:
    pancake = lazy_module("idastar.pancake")


def _pancake_configure(parser: argparse.ArgumentParser) -> None:
    answer_flags(
        parser,
        path="the flips: how many pancakes each flip turns over, from the top; empty "
        "when the stack is sorted",
        json="case, n, stack, answer, outcome, cost, path, lower_bound, stats",
    )


def _pancake_answer(args: argparse.Namespace, tokens: Tokens, out: TextIO) -> None:
    total = case_count(tokens)

    solve = solving(pancake.PUZZLE, {}, lambda case: list(case[1]))

    def answer(case: tuple[int, tuple[int, ...]], solution: Solution[int]) -> str:
        number, stack = case
        solution = checked(solution)
        if args.stats:
            emit_stats(f"case {number}", solution)
        if args.json:
            import json

            record: dict[str, object] = {
                "case": number,
                "n": len(stack),
                "stack": list(stack),
                "answer": solution.cost,
            }
            record.update(solution.to_dict())
            return json.dumps(record)
        if args.path:
            return f"{solution.cost}\n{' '.join(map(str, solution.path))}"
        return str(solution.cost)

    cases = permutation_cases(tokens, total, "pancake", pancake.MAX_PANCAKES)
    answer_in_order(args, cases, solve, answer, out, tokens=tokens, total=total, unit="stack")


def _pancake_show(case: tuple[int, tuple[int, ...]], timed: Timed[Solution[int]]) -> Shown:
    _, stack = case
    solution = checked(timed("IDA*", lambda: pancake.solve(stack)))
    steps, now = [], stack
    for number, flip in enumerate(solution.path, 1):
        now = pancake.apply(now, flip)
        steps.append(f"    {number}. flip {flip:2} -> {' '.join(map(str, now))}")
    return Shown(f"{len(stack)} pancakes", " ".join(map(str, stack)), str(solution.cost), steps)


register(
    Puzzle(
        name="pancake",
        summary="sort a stack of pancakes (n <= 64) with the fewest flips of its top",
        formats="in: T, then per case n and the stack, top first\nout: the fewest flips",
        description="""\
Sort a stack of pancakes, a permutation of 1..n listed from the top, with
the fewest flips: a flip turns the top k pancakes over (2 <= k <= n). The
goal is 1 on top, n at the bottom.

input (integers separated by any whitespace, line breaks anywhere):
  T            the number of cases, then per case:
  n            the number of pancakes, 1..64
  p1 ... pn    the stack from the top, a permutation of 1..n

output: one line per case, the fewest flips that sort the stack.

example:
  $ printf '2\\n3\\n3 1 2\\n5\\n5 4 3 2 1\\n' | idastar pancake --path
  2
  3 2
  1
  5""",
        epilog="""\
--path writes two lines per case: the answer, then the flips (3 2 above:
flip the top 3, giving 2 1 3, then the top 2).

A bad case stops the run after the answers before it, with one line on
stderr naming the input, the case and the line, and exit status 2. Anything
after the T-th case is ignored.""",
        configure=_pancake_configure,
        answer=_pancake_answer,
        demo=lambda out: sample_demo(
            out,
            "pancake",
            "pancake: sort a stack, top first, with the fewest flips of its top k.",
            lambda tokens: permutation_cases(tokens, None, "pancake", pancake.MAX_PANCAKES),
            _pancake_show,
        ),
    )
)
