"""The ``idastar`` command: judge-format input in, judge output out.

Each puzzle's command prints exactly what its judge program prints, so it
can stand in for it or be diffed against it; options add what the judge
cannot give (exact distances, moves, statistics, JSON). Every puzzle is an
entry of :data:`PUZZLES`, which gives it its command, its place in the help
and its part of ``idastar demo``.

Failures end with one line on stderr and an exit status, never a traceback:
people pipe this into other tools and read the last line of a log.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TextIO

from . import __version__, booksort
from ._core import InvalidPuzzle
from ._judge import JudgeInputError, Tokens
from ._results import Outcome, Solution

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_MISMATCH",
    "EXIT_OK",
    "EXIT_USAGE",
    "PUZZLES",
    "Puzzle",
    "main",
    "sample_text",
]

EXIT_OK = 0
#: ``idastar demo`` found an answer that differs from the stored one.
EXIT_MISMATCH = 1
#: Bad input or bad usage (argparse uses 2 as well).
EXIT_USAGE = 2
#: 128 + SIGINT, what a shell reports for a program stopped by Ctrl-C.
EXIT_INTERRUPTED = 130
#: 128 + SIGPIPE, what a shell reports when the reader went away.
EXIT_BROKEN_PIPE = 141

PROG = "idastar"


@dataclass(frozen=True)
class Puzzle:
    """What the command line needs to know about one puzzle."""

    name: str
    #: One line for the list of puzzles in ``idastar --help``.
    summary: str
    #: The judge format in a few short lines, for ``idastar --help``.
    formats: str
    #: The body of ``idastar NAME --help``.
    description: str
    epilog: str
    #: Adds the puzzle's own options to its subcommand.
    configure: Callable[[argparse.ArgumentParser], None]
    #: Answers every case of a judge input, writing to ``out`` case by case.
    answer: Callable[[argparse.Namespace, Tokens, TextIO], None]
    #: Solves the stored samples verbosely; False when one disagrees with
    #: the stored expected output.
    demo: Callable[[TextIO], bool]


PUZZLES: dict[str, Puzzle] = {}


def _register(puzzle: Puzzle) -> Puzzle:
    PUZZLES[puzzle.name] = puzzle
    return puzzle


def sample_text(name: str, suffix: str) -> str:
    """A stored sample of the package, ``data/NAME.SUFFIX`` (``in`` or ``out``)."""
    return (resources.files("idastar") / "data" / f"{name}.{suffix}").read_text(encoding="utf-8")


def _emit(out: TextIO, text: str) -> None:
    # Flushed per case: a later bad case or a Ctrl-C must not swallow the
    # answers already found, and a reader of a pipe sees them as they come.
    out.write(text + "\n")
    out.flush()


def _checked(solution: Solution[booksort.BlockMove]) -> Solution[booksort.BlockMove]:
    """The solution, if it is an answer; no limits are set, so only Ctrl-C can stop it."""
    if solution.outcome is Outcome.INTERRUPTED:
        raise KeyboardInterrupt
    if solution.outcome.is_limit:
        raise RuntimeError(f"the search stopped without an answer ({solution.outcome})")
    return solution


# --------------------------------------------------------------------------
# Booksort

_BOOKSORT_CAPPED = f"{booksort.JUDGE_CAP} or more"


def _booksort_cases(tokens: Tokens) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``(case number, books)`` of a judge input, validated as they are read."""
    count = tokens.next_int("the number of cases T")
    if count < 0:
        raise tokens.error(f"the number of cases T must be at least 0, got {count}")
    for case in range(1, count + 1):
        tokens.case = case
        n = tokens.next_int(f"the number of books (T = {count} cases)")
        if not 1 <= n <= booksort.MAX_BOOKS:
            raise tokens.error(
                f"the number of books must be between 1 and {booksort.MAX_BOOKS}, got {n}"
            )
        books: list[int] = []
        position_of: dict[int, int] = {}
        for position in range(1, n + 1):
            book = tokens.next_int(f"book {position} of {n}")
            if not 1 <= book <= n:
                raise tokens.error(f"book {book} at position {position} is out of range 1..{n}")
            if book in position_of:
                raise tokens.error(
                    f"book {book} appears twice (positions {position_of[book]} and {position});"
                    f" the books must be a permutation of 1..{n}"
                )
            position_of[book] = position
            books.append(book)
        yield case, tuple(books)
    tokens.case = None


def _booksort_judge(books: Sequence[int]) -> Solution[booksort.BlockMove]:
    """The search :func:`booksort.judge` does, kept whole for paths and statistics."""
    return _checked(booksort.judge_solution(books))


def _booksort_answer_text(solution: Solution[booksort.BlockMove]) -> str:
    return _BOOKSORT_CAPPED if solution.cost is None else str(solution.cost)


def _moves_text(path: Sequence[tuple[int, int, int]]) -> str:
    return " ".join(f"{start} {split} {end}" for start, split, end in path)


def _booksort_configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--exact",
        action="store_true",
        help="print the true number of moves instead of capping at "
        f"'{_BOOKSORT_CAPPED}' (slower: a hard shelf of 15 or 16 books can take seconds)",
    )
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument(
        "--path",
        action="store_true",
        help="after each answer line, a line with the moves: three integers "
        "'start split end' per move (0-based: swap books[start:split] and "
        "books[split:end]); empty when the shelf is sorted, '-' when the "
        "judge cap stopped the search (add --exact for those)",
    )
    shape.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per case instead of the judge line: case, n, books, "
        "answer (a number, or the string '5 or more'), outcome, cost, path, "
        "lower_bound, stats",
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help="write each case's search statistics (per bound and total) to stderr",
    )


def _booksort_answer(args: argparse.Namespace, tokens: Tokens, out: TextIO) -> None:
    for case, books in _booksort_cases(tokens):
        try:
            solution = _checked(booksort.solve(books)) if args.exact else _booksort_judge(books)
        except InvalidPuzzle as error:
            # The reader validates first; this keeps the location if the
            # library's rules ever become stricter than the reader's.
            raise tokens.error(str(error)) from None
        answer = _booksort_answer_text(solution)
        if args.stats:
            stats = "\n".join("  " + line for line in solution.stats.format().splitlines())
            _emit(sys.stderr, f"case {case}:\n{stats}")
        if args.json:
            record: dict[str, object] = {
                "case": case,
                "n": len(books),
                "books": list(books),
                "answer": solution.cost if solution.cost is not None else answer,
            }
            record.update(solution.to_dict())
            _emit(out, json.dumps(record))
        elif args.path:
            moves = "-" if solution.cost is None else _moves_text(solution.path)
            _emit(out, f"{answer}\n{moves}")
        else:
            _emit(out, answer)


def _booksort_demo(out: TextIO) -> bool:
    source = sample_text("booksort", "in")
    expected = sample_text("booksort", "out").splitlines()
    cases = list(_booksort_cases(Tokens(io.StringIO(source))))
    _emit(
        out,
        "booksort: sort a shelf with the fewest block moves; the move\n"
        "(start, split, end) swaps books[start:split] and books[split:end].\n"
        f"{len(cases)} samples (data/booksort.in), judge answers checked "
        "against data/booksort.out.",
    )
    all_match = True
    for case, books in cases:
        began = time.perf_counter()
        judged = _booksort_judge(books)
        judge_seconds = time.perf_counter() - began
        began = time.perf_counter()
        exact = _checked(booksort.solve(books))
        exact_seconds = time.perf_counter() - began

        answer = _booksort_answer_text(judged)
        want = expected[case - 1] if case <= len(expected) else "(missing)"
        verdict = f"(expected {want})" if answer == want else f"MISMATCH, expected {want}"
        all_match = all_match and answer == want
        lines = [
            "",
            f"sample {case} of {len(cases)}: {len(books)} books",
            f"  input   {' '.join(map(str, books))}",
            f"  judge   {answer}   {verdict}",
            f"  exact   {exact.cost} move{'' if exact.cost == 1 else 's'}",
        ]
        shelf = books
        for number, move in enumerate(exact.path, 1):
            shelf = booksort.apply(shelf, move)
            lines.append(f"    {number}. {tuple(move)} -> {' '.join(map(str, shelf))}")
        lines.append(
            f"  time    judge {judge_seconds * 1000:.1f} ms, exact {exact_seconds * 1000:.1f} ms"
        )
        _emit(out, "\n".join(lines))
    return all_match


_register(
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
        demo=_booksort_demo,
    )
)


# --------------------------------------------------------------------------
# Command line


def _description() -> str:
    return """\
Solve puzzles optimally: IDA* and friends in Rust, with admissible heuristics.

Each puzzle command reads judge-format input (a file, or standard input) and
prints one answer line per case, exactly what the judge program prints.

example:
  $ printf '2\\n6\\n1 3 4 6 2 5\\n5\\n5 4 3 2 1\\n' | idastar booksort
  2
  3
  $ idastar demo          # the built-in samples, with moves and timings
  $ idastar booksort -h   # the input format and the options"""


def _epilog() -> str:
    width = max(len(name) for name in PUZZLES)
    pad = " " * (width + 4)
    puzzles = "\n".join(
        f"  {name:<{width}}  {puzzle.summary}\n{pad}" + f"\n{pad}".join(puzzle.formats.splitlines())
        for name, puzzle in PUZZLES.items()
    )
    return f"""\
puzzles:
{puzzles}

exit status:
  0    every case answered
  1    idastar demo: an answer differs from the stored one
  2    bad input or usage (one line on stderr says where and what)
  130  interrupted (Ctrl-C)
  141  the output was closed early (for example by `| head -1`)"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description=_description(),
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for puzzle in PUZZLES.values():
        sub = commands.add_parser(
            puzzle.name,
            help=puzzle.summary,
            description=puzzle.description,
            epilog=puzzle.epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument(
            "file",
            nargs="?",
            default="-",
            metavar="FILE",
            help="the judge input; standard input when omitted or '-'",
        )
        puzzle.configure(sub)
        sub.set_defaults(run=_run_puzzle, puzzle=puzzle)
    demo = commands.add_parser(
        "demo",
        help="solve the built-in samples and show answers, moves and times",
        description="Solve the built-in samples of every puzzle (or of one), "
        "showing each input, the judge answer checked against the stored one, "
        "the exact answer with its moves, and the time taken.",
    )
    demo.add_argument(
        "name",
        nargs="?",
        choices=list(PUZZLES),
        metavar="PUZZLE",
        help=f"only this puzzle ({', '.join(PUZZLES)})",
    )
    demo.set_defaults(run=_run_demo)
    return parser


def _fail(command: str, message: str) -> int:
    sys.stdout.flush()
    print(f"{PROG} {command}: {message}", file=sys.stderr, flush=True)
    return EXIT_USAGE


def _stdin() -> TextIO:
    # Undecodable bytes become U+FFFD and then a "found ..." message with a
    # line number, instead of a UnicodeDecodeError from deep in the reader.
    stream = sys.stdin
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="replace")
        except (OSError, ValueError):  # already read from, or not a real stream
            pass
    return stream


def _run_puzzle(args: argparse.Namespace) -> int:
    puzzle: Puzzle = args.puzzle
    if args.file == "-":
        source, stream = "<stdin>", _stdin()
        close = False
    else:
        source = args.file
        try:
            stream = open(args.file, encoding="utf-8", errors="replace")
        except OSError as error:
            return _fail(puzzle.name, f"{source}: cannot read: {error.strerror or error}")
        close = True
    tokens = Tokens(stream)
    try:
        puzzle.answer(args, tokens, sys.stdout)
    except JudgeInputError as error:
        return _fail(puzzle.name, f"{source}: {error}")
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        return _fail(puzzle.name, f"{source}: cannot read: {error.strerror or error}")
    finally:
        if close:
            stream.close()
    return EXIT_OK


def _run_demo(args: argparse.Namespace) -> int:
    names = [args.name] if args.name else list(PUZZLES)
    all_match = True
    for index, name in enumerate(names):
        if index:
            _emit(sys.stdout, "")
        all_match = PUZZLES[name].demo(sys.stdout) and all_match
    _emit(sys.stdout, f"\nYour own input: {PROG} {names[0]} FILE; more in `{PROG} --help`.")
    return EXIT_OK if all_match else EXIT_MISMATCH


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # not a real file (tests)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``idastar`` command with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    try:
        try:
            args = _parser().parse_args(argv)
        except SystemExit as exit:  # --help, --version and usage errors
            return (
                exit.code
                if isinstance(exit.code, int)
                else (EXIT_OK if exit.code is None else EXIT_USAGE)
            )
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        try:
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
        print(f"{PROG}: interrupted", file=sys.stderr, flush=True)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
