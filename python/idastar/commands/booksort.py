"""``idastar booksort``: the Booksort judge, and more."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
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
    moves_text,
    permutation_cases,
    register,
    sample_demo,
    solving,
)

if TYPE_CHECKING:
    from .. import booksort
    from .._results import Solution
else:
    booksort = lazy_module("idastar.booksort")

#: The judge answer from this many moves on (booksort.JUDGE_CAP).
_BOOKSORT_CAPPED = "5 or more"


def _booksort_cases(
    tokens: Tokens, count: int | None = None
) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``(case number, books)`` of a judge input (after its T, when ``count``
    is given), validated as they are read."""
    return permutation_cases(tokens, count, "book", booksort.MAX_BOOKS)


def _booksort_judge(books: Sequence[int]) -> Solution[booksort.BlockMove]:
    """The search :func:`booksort.judge` does, kept whole for paths and statistics."""
    return checked(booksort.judge_solution(books))


def _booksort_answer_text(solution: Solution[booksort.BlockMove]) -> str:
    return _BOOKSORT_CAPPED if solution.cost is None else str(solution.cost)


def _booksort_configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--exact",
        action="store_true",
        help="print the true number of moves instead of capping at "
        f"'{_BOOKSORT_CAPPED}' (slower: a hard shelf of 15 or 16 books can take seconds)",
    )
    answer_flags(
        parser,
        path="the moves: three integers 'start split end' per move (0-based: swap "
        "books[start:split] and books[split:end]); empty when the shelf is sorted, '-' "
        "when the judge cap stopped the search (add --exact for those)",
        json="case, n, books, answer (a number, or the string '5 or more'), outcome, "
        "cost, path, lower_bound, stats",
    )


def _booksort_answer(args: argparse.Namespace, tokens: Tokens, out: TextIO) -> None:
    total = case_count(tokens)
    search = {} if args.exact else booksort._JUDGE_SEARCH

    solve = solving(booksort.PUZZLE, dict(search), lambda case: list(case[1]))

    def answer(case: tuple[int, tuple[int, ...]], solution: Solution[booksort.BlockMove]) -> str:
        number, books = case
        solution = checked(solution)
        text = _booksort_answer_text(solution)
        if args.stats:
            emit_stats(f"case {number}", solution)
        if args.json:
            import json

            record: dict[str, object] = {
                "case": number,
                "n": len(books),
                "books": list(books),
                "answer": solution.cost if solution.cost is not None else text,
            }
            record.update(solution.to_dict())
            return json.dumps(record)
        if args.path:
            moves = "-" if solution.cost is None else moves_text(solution.path)
            return f"{text}\n{moves}"
        return text

    cases = _booksort_cases(tokens, total)
    answer_in_order(args, cases, solve, answer, out, tokens=tokens, total=total, unit="shelf")


def _booksort_show(case: tuple[int, tuple[int, ...]], timed: Timed[Any]) -> Shown:
    _, books = case
    judged = timed("judge", lambda: _booksort_judge(books))
    exact = checked(timed("exact", lambda: booksort.solve(books)))
    steps, shelf = [f"  exact   {exact.cost} move{'' if exact.cost == 1 else 's'}"], books
    for number, move in enumerate(exact.path, 1):
        shelf = booksort.apply(shelf, move)
        steps.append(f"    {number}. {tuple(move)} -> {' '.join(map(str, shelf))}")
    given = " ".join(map(str, books))
    return Shown(f"{len(books)} books", given, _booksort_answer_text(judged), steps)


register(
    Puzzle(
        name="booksort",
        summary="sort a permutation of 1..n (n <= 16) with the fewest block moves",
        formats="in: T, then per case n and the n books\nout: the fewest moves, or '5 or more'",
        description="""\
Sort a shelf of books, a permutation of 1..n, with the fewest block moves: a
block move takes a contiguous run of books and puts it back elsewhere.

input (integers separated by any whitespace, line breaks anywhere):
  T            the number of cases, then per case:
  n            the number of books, 1..16 (the judge stops at 15)
  b1 ... bn    the shelf, a permutation of 1..n

output: one line per case, the fewest moves that sort the shelf, or
"5 or more" from 5 on: what the judge program prints, byte for byte.

example:
  $ printf '3\\n6\\n1 3 4 6 2 5\\n5\\n5 4 3 2 1\\n10\\n6 8 5 3 4 7 2 9 1 10\\n' > shelves.txt
  $ idastar booksort shelves.txt
  2
  3
  5 or more
  $ idastar booksort --exact shelves.txt
  2
  3
  5
  $ printf '1 3 2 3 1' | idastar booksort --path
  1
  0 2 3""",
        epilog="""\
--path writes two lines per case: the answer, then the moves (0 2 3 above:
swap books[0:2] and books[2:3], which turns 2 3 1 into 1 2 3).

A bad case stops the run after the answers before it, with one line on
stderr naming the input, the case and the line, and exit status 2. Anything
after the T-th case is ignored, as the judge ignores it.""",
        configure=_booksort_configure,
        answer=_booksort_answer,
        demo=lambda out: sample_demo(
            out,
            "booksort",
            "booksort: sort a shelf with the fewest block moves; the move\n"
            "(start, split, end) swaps books[start:split] and books[split:end].",
            _booksort_cases,
            _booksort_show,
        ),
    )
)
