"""``idastar rotation``: the Rotation Game judge, and more."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from .. import _core
from .._judge import Tokens
from . import (
    Puzzle,
    Shown,
    Timed,
    answer_flags,
    answer_in_order,
    check_outcome,
    checked,
    emit,
    emit_stats,
    lazy_module,
    register,
    sample_demo,
    solving,
)
from ._pictures import wanted as picture_wanted

if TYPE_CHECKING:
    from .. import rotation
else:
    rotation = lazy_module("idastar.rotation")

#: Cells of a board (the same as ``idastar.rotation.CELLS``; kept here so
#: that reading the input does not import the whole API).
CELLS = 24
_NO_MOVES = "No moves needed"


#: What the first cell of a board is called in messages, and its
#: out-of-range message; then the same for each of the other cells.
_FIRST_CELL = (
    "the first cell of a board, or 0 to end",
    "cell 0 holds {value}; cells hold 1, 2 or 3",
)
_CELL_TEXTS = [
    (f"cell {cell} of {CELLS}", f"cell {cell} holds {{value}}; cells hold 1, 2 or 3")
    for cell in range(1, CELLS)
]


def _rotation_cases(tokens: Tokens) -> Iterator[tuple[int, list[int]]]:
    """``(case number, board)`` until the terminating ``0`` (or the end of input).

    A block of plain input (nothing but whole boards of 1, 2 and 3, one a
    line as judge files have them) is taken in one go; anything else is read
    token by token, each cell checked as it is read.
    """
    case = 0
    while True:
        block = tokens.fresh_block()
        plain = _plain_boards(block) if block is not None else None
        if plain is not None:
            tokens.skip_block()
            boards, ended = plain
            for board in boards:
                case += 1
                yield case, board
            if ended:
                break
            continue
        if tokens.at_end():
            break
        case += 1
        tokens.case = case
        first = tokens.next_int(_FIRST_CELL[0], 0, 3, _FIRST_CELL[1])
        if first == 0:
            break
        board = [first]
        for what, out_of_range in _CELL_TEXTS:
            board.append(tokens.next_int(what, 1, 3, out_of_range))
        yield case, board
    tokens.case = None


_CELL_VALUES = bytes.maketrans(b"123", b"\x01\x02\x03")


def _plain_boards(block: bytes) -> tuple[list[list[int]], bool] | None:
    """The boards of a block of plain input, and whether the terminating 0
    came; None for anything else (for the careful reader to name).

    The fast path of large inputs: one split of the block and a check of
    all its cells at once, instead of a token at a time.
    """
    words = block.split()
    starts = words[::CELLS]
    ended = b"0" in starts
    end = starts.index(b"0") * CELLS if ended else len(words)
    if end % CELLS:
        return None
    cells = b"".join(words[:end] if ended else words)
    if len(cells) != end or cells.translate(None, b"123"):
        return None
    values = list(cells.translate(_CELL_VALUES))
    return [values[i : i + CELLS] for i in range(0, end, CELLS)], ended


def _judge_lines(moves: str, centre: int) -> str:
    return f"{moves or _NO_MOVES}\n{centre}"


def _rotation_configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        choices=["table", "ida"],
        default="table",
        help="'table' (default): the pattern database, microseconds a board; "
        "'ida': the judge solution's IDA*. Both give the same answers.",
    )
    answer_flags(
        parser,
        path=None,
        json="case, board, answer (the two lines), outcome, cost, path (the move letters), "
        "lower_bound, stats, centre",
    )
    parser.add_argument(
        "--census",
        action="store_true",
        help="ignore the input; print how many of the 9,465,511,770 judge boards "
        "need each number of moves (tens of seconds on all cores)",
    )


def _detailed_answer(
    args: argparse.Namespace, case: tuple[int, list[int]], solution: rotation.RotationSolution
) -> str:
    number, board = case
    solution = checked(solution)
    assert solution.centre is not None
    if args.stats:
        emit_stats(f"case {number}", solution)
    if args.json:
        import json

        answer = _judge_lines("".join(solution.path), solution.centre)
        return json.dumps({"case": number, "board": board, "answer": answer, **solution.to_dict()})
    return _judge_lines("".join(solution.path), solution.centre)


def _rotation_answer(args: argparse.Namespace, tokens: Tokens, out: TextIO) -> None:
    if args.census:
        counts = rotation.census()
        for length, count in enumerate(counts):
            emit(out, f"{length} {count}")
        emit(out, f"total {sum(counts)}")
        return
    if args.json or args.stats or picture_wanted(args):  # answers as Solutions

        def detailed_answer(
            case: tuple[int, list[int]], solution: rotation.RotationSolution
        ) -> str:
            return _detailed_answer(args, case, solution)

        answer_in_order(
            args,
            _rotation_cases(tokens),
            solving(rotation.PUZZLE, {"engine": args.engine}, lambda case: case[1]),
            detailed_answer,
            out,
            tokens=tokens,
            unit="board",
        )
        return

    # Judge output: the boards solved a chunk at a time on all cores.
    solve = solving("rotation", {"engine": args.engine}, lambda board: board, raw=True)

    def answer(board: list[int], raw: _core.RawResult) -> str:
        check_outcome(raw.outcome)
        letters: str = raw.path  # type: ignore[assignment]  # the path as the string of its letters
        return _judge_lines(letters, raw.extra or 0)

    boards = (board for _, board in _rotation_cases(tokens))
    answer_in_order(args, boards, solve, answer, out, tokens=tokens, unit="board")


def _rotation_show(case: tuple[int, list[int]], timed: Timed[Any]) -> Shown:
    _, board = case
    answers = {}
    for engine in ("table", "ida"):
        solution = checked(timed(engine, lambda: rotation.solve(board, engine=engine)))  # noqa: B023
        answers[engine] = _judge_lines("".join(solution.path), solution.centre or 0)
    moves, centre = answers["table"].split("\n")
    said = f"{moves}, then {centre} in the centre"
    given = " ".join(map(str, board))
    return Shown("", given, answers["table"], said=said, agrees=answers["ida"] == answers["table"])


register(
    Puzzle(
        name="rotation",
        summary="the Rotation Game: fill the centre of the # board with one number",
        formats="in: lines of 24 numbers (1..3), then a line 0\n"
        "out: per case the move letters (or 'No moves needed'), then the centre number",
        description="""\
The Rotation Game: 24 cells on a #-shaped board hold 1, 2 or 3. Moves A..H
rotate one line of seven cells by one place. Find the fewest moves that
leave the eight centre cells holding one number, the alphabetically first
such sequence, and that number.

        0     1              A, B: left/right column up
        2     3              F, E: left/right column down
  4  5  6  7  8  9 10        C, H: upper row right/left
        11    12             D, G: lower row right/left
 13 14 15 16 17 18 19
        20    21
        22    23

input: per case the 24 cells in the order above (numbers separated by any
whitespace); a 0 in place of the next board ends the input.

output: per case two lines: the move letters, or 'No moves needed'; then the
number in the centre. Exactly what the judge program prints.

example:
  $ printf '1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\\n0\\n' | idastar rotation
  AC
  2""",
        epilog="""\
The default solver reads a pattern database of the 735,471 ways eight cells
can hold one number (built once, in milliseconds) and answers in microseconds;
--engine ida runs the judge solution's IDA*. Boards where a number occurs
more than eight times are answered too.

A bad case stops the run after the answers before it, with one line on
stderr naming the input, the case and the line, and exit status 2.""",
        configure=_rotation_configure,
        answer=_rotation_answer,
        demo=lambda out: sample_demo(
            out,
            "rotation",
            "rotation: fill the centre of the # board with one number, in the fewest\n"
            "moves, the alphabetically first such sequence (moves A..H rotate a line).",
            _rotation_cases,
            _rotation_show,
        ),
    )
)
