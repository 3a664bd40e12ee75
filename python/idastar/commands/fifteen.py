"""``idastar fifteen``, the 15-puzzle judge, and ``idastar sliding``, the same
for any board from 2 x 2 to 5 x 5 (``--width``, ``--height``)."""

from __future__ import annotations

import argparse
import functools
import io
import os
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

from .. import _core
from .._core import InvalidPuzzle, Unsolvable
from .._judge import Tokens
from . import (
    BuildReport,
    Puzzle,
    answer_flags,
    answer_in_order,
    checked,
    emit,
    emit_stats,
    lazy_module,
    register,
    sample_text,
    solve_one,
    solving,
    stderr,
)

if TYPE_CHECKING:
    from .. import sliding
    from .._results import Solution
else:
    sliding = lazy_module("idastar.sliding")

SIDE = 4
#: The sides ``idastar sliding`` takes (the core's).
SIDES = range(_core.SLIDING_MIN_SIDE, _core.SLIDING_MAX_SIDE + 1)
#: Boards solved per thread in --batch mode between two updates of the bar.
_BOARDS_PER_THREAD = 4


@functools.cache
def _tile_texts(cells: int) -> list[tuple[str, str]]:
    """What each cell's tile is called in messages, and its out-of-range message."""
    return [
        (
            f"tile {cell} of {cells}",
            f"tile {{value}} at cell {cell} is out of range 0 to {cells - 1}",
        )
        for cell in range(1, cells + 1)
    ]


def _cells(args: argparse.Namespace) -> int:
    return int(args.width * args.height)


def _read_board(tokens: Tokens, cells: int) -> tuple[list[int], int]:
    """The next ``cells`` integers, checked to be 0..cells-1 once each, and
    the line of the first."""
    tiles: list[int] = []
    first_line = 0
    cell_of: dict[int, int] = {}
    for cell, (what, out_of_range) in enumerate(_tile_texts(cells)):
        tile = tokens.next_int(what, 0, cells - 1, out_of_range)
        if cell == 0:
            first_line = tokens.line
        if tile in cell_of:
            raise tokens.error(
                f"tile {tile} appears twice (cells {cell_of[tile] + 1} and {cell + 1});"
                f" the board must hold 0..{cells - 1} once each"
            )
        cell_of[tile] = cell
        tiles.append(tile)
    return tiles, first_line


def _goal(text: str) -> sliding.GoalSpec:
    """``--goal``: a name, or the goal's tiles (which the core checks
    against the board's size)."""
    if text in ("blank-last", "blank-first"):
        return text  # type: ignore[return-value]
    words = text.replace(",", " ").split()
    try:
        return [int(w) for w in words]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected 'blank-last', 'blank-first' or the goal's integers, got {text!r}"
        ) from None


def _side(text: str) -> int:
    """``--width`` and ``--height``: a side the core takes."""
    try:
        side = int(text)
    except ValueError:
        side = 0
    if side not in SIDES:
        raise argparse.ArgumentTypeError(f"must be from {SIDES[0]} to {SIDES[-1]}, got {text!r}")
    return side


def _cache_dir(text: str) -> str:
    """``--cache-dir``: a directory's name; an empty one would be the current
    directory, where an empty $IDASTAR_CACHE_DIR means the variable is unset."""
    if not text:
        raise argparse.ArgumentTypeError("must name a directory, got ''")
    return text


def _configure(parser: argparse.ArgumentParser, any_size: bool) -> None:
    if any_size:
        for side in ("width", "height"):
            parser.add_argument(
                f"--{side}",
                type=_side,
                default=SIDE,
                metavar="N",
                help=f"the board's {side}, {SIDES[0]} to {SIDES[-1]} (default {SIDE})",
            )
    else:
        parser.set_defaults(width=SIDE, height=SIDE)
    parser.add_argument(
        "--heuristic",
        choices=["pdb", "linear-conflict", "manhattan"],
        default="pdb",
        help="the lower bound: additive pattern databases (default; built once "
        "and cached), Manhattan distance plus linear conflicts, or Manhattan distance",
    )
    parser.add_argument(
        "--patterns",
        metavar="NAME",
        default=None,
        help="the pattern-database partition: 5-5-5, 6-6-3 (default), 7-8 "
        "(7-8 solves fastest but builds once for about three minutes in 1.6 GB of memory: "
        "docs/puzzles/fifteen.md has the figures) "
        "or any sizes a-b-... of at most 8 tiles each; the tiles of each pattern as "
        "1,2,3/4,5,6; several partitions joined by + take the largest of their bounds "
        "(7-8+6-6-3)",
    )
    parser.add_argument(
        "--goal",
        type=_goal,
        default="blank-last",
        metavar="GOAL",
        help="blank-last (1 2 ... 0, the judge's, default), blank-first "
        "(0 1 2 ..., Korf's instances) or the goal's integers in quotes",
    )
    parser.add_argument(
        "--cache-dir",
        type=_cache_dir,
        metavar="DIR",
        default=None,
        help="where pattern databases are kept (default $IDASTAR_CACHE_DIR, "
        "else $XDG_CACHE_HOME/idastar, else ~/.cache/idastar; an empty variable "
        "counts as unset, an empty DIR is refused)",
    )
    parser.add_argument(
        "--batch",
        metavar="FILE",
        default=None,
        help="solve every board of FILE (one board a line; '-' "
        "for standard input) on all cores (see --jobs), one answer line per board",
    )
    answer_flags(
        parser,
        path="the moves: letters U D L R, the way the blank moves (the tile moves the "
        "other way); empty when solved",
        json="case (and board, the same number), tiles, answer, outcome, cost, path, "
        "lower_bound, stats",
        unit="board",
    )


def _options(args: argparse.Namespace, report: BuildReport) -> dict[str, object]:
    return {
        "width": args.width,
        "height": args.height,
        "goal": args.goal,
        "heuristic": args.heuristic,
        "patterns": args.patterns,
        "cache_dir": args.cache_dir,
        "progress": report,
    }


def _answer_text(
    args: argparse.Namespace, case: int, tiles: list[int], solution: Solution[str]
) -> str:
    if args.stats:
        emit_stats(f"board {case}", solution)
    if args.json:
        # "board" is the number's older name, kept for the readers of it.
        record: dict[str, object] = {
            "case": case,
            "board": case,
            "tiles": tiles,
            "answer": solution.cost,
        }
        record.update(solution.to_dict())
        import json

        return json.dumps(record)
    if args.path:
        return f"{solution.cost}\n{''.join(solution.path)}"
    return str(solution.cost)


def _answered(solution: Solution[str]) -> Solution[str]:
    """The solution, if it is an answer. No limits are set, so memory_limit
    means databases the machine cannot hold: an option's value to refuse."""
    from .._results import Outcome

    if solution.outcome is Outcome.MEMORY_LIMIT:
        raise ValueError(
            "not enough memory to build the pattern databases; "
            "choose smaller patterns with --patterns (the default 6-6-3 builds in under 100 MB)"
        )
    return checked(solution)


def _solve(tiles: list[int], options: dict[str, object]) -> Solution[str]:
    return _answered(solve_one(sliding.PUZZLE, tiles, options))


def _answer(args: argparse.Namespace, tokens: Tokens, out: TextIO) -> None:
    report = BuildReport(stderr(best_effort=True), f"idastar {args.command}")
    # Databases built but not kept are told of once, in a line of the
    # command's, however the run ends.
    with sliding._kept(args.cache_dir, tell=report.tell_unkept):
        _answer_boards(args, tokens, out, _options(args, report))


def _answer_boards(
    args: argparse.Namespace, tokens: Tokens, out: TextIO, options: dict[str, object]
) -> None:
    # Every option checked before any board is read: a bad one is the
    # run's error, not a board's, even when no board comes.
    _core.check_options("sliding", options)
    if args.batch is not None:
        _answer_batch(args, tokens, out, options)
        return
    # The judge reads one board; anything after it is ignored, as there.
    tiles, line = _read_board(tokens, _cells(args))
    try:
        solution = _solve(tiles, options)
    except Unsolvable as error:
        raise tokens.error(f"unsolvable board: {error}", line) from None
    except InvalidPuzzle as error:
        raise tokens.error(str(error), line) from None
    emit(out, _answer_text(args, 1, tiles, solution))


def _batch_boards(tokens: Tokens, args: argparse.Namespace) -> Iterator[tuple[int, list[int]]]:
    """``(board number, tiles)`` of a --batch input, each checked as it is read,
    so that the answers before a bad or unsolvable board come out first."""
    case = 0
    size = {"width": args.width, "height": args.height}
    while not tokens.at_end():
        case += 1
        tokens.case = case
        tiles, line = _read_board(tokens, _cells(args))
        if not sliding.is_solvable(tiles, goal=args.goal, **size):
            raise tokens.error("unsolvable board: it cannot reach the goal (parity)", line)
        yield case, tiles
    tokens.case = None


def _answer_batch(
    args: argparse.Namespace, tokens: Tokens, out: TextIO, options: dict[str, object]
) -> None:
    answer_in_order(
        args,
        _batch_boards(tokens, args),
        solving(sliding.PUZZLE, options, lambda case: case[1]),
        lambda case, solution: _answer_text(args, case[0], case[1], _answered(solution)),
        out,
        tokens=tokens,
        unit="board",
        chunk=_BOARDS_PER_THREAD * (args.jobs or os.cpu_count() or 1),
    )


def _demo(out: TextIO) -> bool:
    source = sample_text("fifteen", "in")
    expected = sample_text("fifteen", "out").splitlines()
    tiles, _ = _read_board(Tokens(io.StringIO(source)), SIDE * SIDE)
    emit(
        out,
        "fifteen: bring the tiles to 1 2 ... 15 0 with the fewest moves; a move\n"
        "letter says where the blank goes (U D L R). The sample (data/fifteen.in),\n"
        "checked against data/fifteen.out, with each heuristic:",
    )
    rows = [" ".join(f"{t:2d}" for t in tiles[r * 4 : r * 4 + 4]) for r in range(4)]
    emit(out, "\n" + "\n".join("  " + row for row in rows))
    all_match = True
    for heuristic in ("pdb", "linear-conflict", "manhattan"):
        # The first pdb solve builds the databases: say so, with the bar.
        builds = BuildReport(stderr(best_effort=True), "idastar demo")
        began = time.perf_counter()
        with sliding._kept(None, tell=builds.tell_unkept):
            solution = checked(sliding.solve(tiles, heuristic=heuristic, progress=builds))
        seconds = time.perf_counter() - began
        answer = str(solution.cost)
        want = expected[0] if expected else "(missing)"
        verdict = f"(expected {want})" if answer == want else f"MISMATCH, expected {want}"
        all_match = all_match and answer == want
        emit(
            out,
            f"  judge   {answer}   {verdict}\n"
            f"    {heuristic}: {''.join(solution.path)}, {solution.stats.expanded} nodes "
            f"expanded, {seconds * 1000:.1f} ms",
        )
        if builds.announced:
            later = "" if builds.unkept else "; later runs load them"
            emit(out, f"    (the time includes building the pattern databases{later})")
    return all_match


#: The two hardest 8-puzzles, 31 moves from 1 2 ... 8 0 (the largest
#: distance of the 3 x 3 board, which the demo counts too).
_HARDEST_EIGHT = ((8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1))


def _sliding_demo(out: TextIO) -> bool:
    emit(
        out,
        "sliding: any board from 2 x 2 to 5 x 5 (idastar sliding --width W --height H).\n"
        "The two hardest 8-puzzles, and the 3 x 3 board's distances counted over\n"
        "all 181,440 solvable boards:",
    )
    deepest = len(sliding.distance_distribution(width=3, height=3)) - 1
    all_match = deepest == 31
    emit(out, f"  the largest distance: {deepest} (expected 31)")
    for tiles in _HARDEST_EIGHT:
        began = time.perf_counter()
        solution = checked(sliding.solve(tiles, width=3, height=3))
        seconds = time.perf_counter() - began
        all_match = all_match and solution.cost == 31
        verdict = "(expected 31)" if solution.cost == 31 else "MISMATCH, expected 31"
        emit(
            out,
            f"  {' '.join(map(str, tiles))}: {solution.cost} {verdict}, "
            f"{''.join(solution.path)}, {seconds * 1000:.1f} ms",
        )
    return all_match


_OUTPUT_AND_ERRORS = """\
output: the fewest moves, one line: what the judge program prints, byte for
byte. A board that cannot reach the goal (half of all boards) is an error.
Anything after the board is ignored, as the judge ignores it."""

_EPILOG = """\
--path letters are the way the blank moves: L moves the blank left (the tile
left of it slides right). --batch reads boards one after another (one a line,
though any whitespace works) and answers each on its own line, solving on
all cores.

The first run with --heuristic pdb builds the pattern databases (seconds for
the 15-puzzle's 6-6-3) and stores them in the cache directory; later runs
load them in milliseconds. A bad or unsolvable board stops the run with one
line on stderr naming the input and the line, and exit status 2."""

register(
    Puzzle(
        name="fifteen",
        summary="the 15-puzzle: the fewest moves to 1 2 ... 15 0",
        formats="in: 16 integers, the board row by row, 0 the blank\nout: the fewest moves",
        description=f"""\
Solve the 15-puzzle optimally: slide tiles into the blank until the board
reads 1 2 ... 15 0 (or the --goal), with the fewest moves. Other boards:
idastar sliding --width W --height H.

input (integers separated by any whitespace, line breaks anywhere):
  16 integers   the board row by row, 0 for the blank

{_OUTPUT_AND_ERRORS}

example:
  $ printf '1 2 3 4\\n6 7 8 0\\n5 10 11 12\\n9 13 14 15\\n' > board.txt
  $ idastar fifteen board.txt
  8
  $ idastar fifteen --path board.txt
  8
  LLLDDRRR
  $ idastar fifteen --goal blank-first --batch @korf100   # Korf's 100, all cores""",
        epilog=_EPILOG,
        configure=functools.partial(_configure, any_size=False),
        answer=_answer,
        demo=_demo,
    )
)

register(
    Puzzle(
        name="sliding",
        summary="sliding tiles, 2 x 2 to 5 x 5: the fewest moves (--width, --height)",
        formats="in: W x H integers, the board row by row, 0 the blank\nout: the fewest moves",
        description=f"""\
Solve a sliding-tile puzzle of any size from 2 x 2 to 5 x 5 optimally: slide
tiles into the blank until the board reads 1 2 ... 0 (or the --goal), with
the fewest moves. --width and --height give the board (default 4 x 4, the
15-puzzle, which idastar fifteen solves too).

input (integers separated by any whitespace, line breaks anywhere):
  W x H integers   the board row by row, 0 for the blank

{_OUTPUT_AND_ERRORS}

example:
  $ printf '8 6 7\\n2 5 4\\n3 0 1\\n' > eight.txt
  $ idastar sliding --width 3 --height 3 eight.txt
  31
  $ idastar sliding --width 3 --height 3 --path eight.txt
  31
  UULDDRRUULDLDRRUULDLDRRUULLDDRR""",
        epilog=_EPILOG,
        configure=functools.partial(_configure, any_size=True),
        answer=_answer,
        demo=_sliding_demo,
    )
)
