"""``idastar cube``: the fewest turns that solve each Rubik's Cube."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO

from .._core import InvalidPuzzle
from .._judge import Tokens
from . import (
    BuildReport,
    Found,
    Puzzle,
    Shown,
    Timed,
    answer_flags,
    answer_in_order,
    checked,
    emit_stats,
    lazy_module,
    register,
    sample_demo,
    solving,
    stderr,
)

if TYPE_CHECKING:
    from .. import cube
    from .._results import Solution
else:
    cube = lazy_module("idastar.cube")


class _Case(NamedTuple):
    """A cube of the input: its number, the line as given, its position."""

    number: int
    given: str
    position: tuple[int, ...]


def _cube_cases(tokens: Tokens) -> Iterator[_Case]:
    """The cubes of the input, a line each; blank lines and ``#`` comments skipped."""
    number = 0
    while (line := tokens.next_line()) is not None:
        given = line.decode("utf-8", "replace").split("#", 1)[0].strip()
        if not given:
            continue
        number += 1
        tokens.case = number
        try:
            position = cube.position(given)
        except InvalidPuzzle as error:
            raise tokens.error(str(error)) from None
        yield _Case(number, given, position)
    tokens.case = None


def _written(path: Sequence[str], metric: str) -> str:
    """A solution's moves as cubers write them: in the quarter-turn metric,
    two quarter turns of one face in a row as the half turn they make."""
    moves: list[str] = []
    for move in path:
        if metric == "qtm" and moves and moves[-1] == move:
            moves[-1] = move[0] + "2"
        else:
            moves.append(move)
    return " ".join(moves)


def _answer_line(solution: Solution[str], metric: str) -> str:
    moves = _written(solution.path, metric)
    return f"{moves} ({solution.cost})" if moves else f"({solution.cost})"


def _cube_configure(parser: argparse.ArgumentParser) -> None:
    # The cube's own search, whose table --cube-table sizes, is for the
    # half-turn metric only; --metric qtm searches with the generic IDA*.
    search = parser.add_mutually_exclusive_group()
    search.add_argument(
        "--metric",
        # idastar.cube.METRICS, written out: every command's parser is made
        # at each start, which must not import the cube.
        choices=["htm", "qtm"],
        default="htm",
        help="htm (default): every turn is one move, U2 too; qtm: a half turn is two",
    )
    search.add_argument(
        "--cube-table",
        # idastar.cube.CUBE_TABLES, written out, as the metrics are.
        choices=["small", "large"],
        default=None,
        help="the edges' table of the cube's own search (the half-turn metric's): small "
        "(default; 70 MB, built in seconds) or large (1.7 GB, built in about two "
        "minutes, for random cubes)",
    )
    answer_flags(
        parser,
        path=None,
        json="case, given (the line, its comment dropped), facelets, answer, outcome, "
        "cost, path (the moves; in qtm only quarter turns), lower_bound, stats",
        unit="cube",
    )


def _cube_answer(args: argparse.Namespace, tokens: Tokens, out: TextIO) -> None:
    options: dict[str, Any] = {}

    def solve(chunk: list[_Case], threads: int | None, found: Found[Solution[str]]) -> None:
        # The tables are loaded for the first chunk, once its cubes are read:
        # a bad first line is told at once, not after their build.
        builds = BuildReport(stderr(best_effort=True), "idastar cube")
        if args.metric == "htm":
            # The cube's own search, with its own tables (built as the first
            # chunk is solved, the first time, and told of).
            options.update(engine="cube", cube_table=args.cube_table or "small", progress=builds)
            puzzle = cube._searcher(args.metric, options)
        else:
            puzzle = cube.load(args.metric, progress=builds)
        solving(puzzle, options, lambda case: case.position)(chunk, threads, found)

    def answer(case: _Case, solution: Solution[str]) -> str:
        solution = checked(solution)
        line = _answer_line(solution, args.metric)
        if args.stats:
            emit_stats(f"case {case.number}", solution)
        if args.json:
            import json

            record: dict[str, object] = {
                "case": case.number,
                "given": case.given,
                "facelets": cube.facelets(case.position),
                "answer": line,
            }
            record.update(solution.to_dict())
            return json.dumps(record)
        return line

    answer_in_order(args, _cube_cases(tokens), solve, answer, out, tokens=tokens, unit="cube")


def _cube_demo(out: TextIO) -> bool:
    built = False

    def show(case: _Case, timed: Timed[Any]) -> Shown:
        nonlocal built
        if not built:  # timed apart, or their load would pass for the first search's
            timed("tables", lambda: cube.solve(cube.SOLVED))  # the cube engine's
            built = True
        solution = checked(timed("IDA*", lambda: cube.solve(case.position)))
        facelets = cube.facelets(case.position)
        if facelets == case.given:
            return Shown("its facelets", case.given, _answer_line(solution, "htm"))
        moves = len(case.given.split())
        title = f"a scramble of {moves} move{'' if moves == 1 else 's'}"
        details = [f"  cube    {facelets}"]
        return Shown(title, case.given, _answer_line(solution, "htm"), details)

    return sample_demo(
        out,
        "cube",
        "cube: the fewest turns that solve a Rubik's Cube, given as a scramble or as\n"
        "its 54 facelets; the pattern databases are read first (or built, the first\n"
        "time, in about ten seconds).",
        _cube_cases,
        show,
    )


register(
    Puzzle(
        name="cube",
        summary="the Rubik's Cube: the fewest turns that solve a scramble or a facelet string",
        formats="in: one cube a line, a scramble (R U R' U2) or 54 facelet letters\n"
        "out: per cube the moves that solve it and their number, U R U' R' (4)",
        description="""\
The Rubik's Cube: the fewest turns that solve each cube, found by the cube's
own IDA* over pattern databases of its corners and of its edges' and
corners' orientations (built the first time in about ten seconds, then read
from the cache directory).

input: one cube a line; blank lines, and anything after a #, are skipped.
A cube is either
  a scramble        moves separated by spaces, as Singmaster wrote them: a
                    face, U R F D L B (up, right, front, down, left, back),
                    turns a quarter clockwise as one looks at it, U2 half a
                    turn, U' a quarter anticlockwise; the cube is what the
                    scramble makes of a solved one
  or its facelets   54 letters, as Kociemba's solvers and cubejs write a
                    cube: the faces U R F D L B in turn, each face's nine
                    stickers row by row as one looks at it (U with B at its
                    top, R F L and B with U at theirs, D with F at its
                    top), each the letter of the face whose centre has its
                    colour; solved, UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDD...

output: one line per cube, the moves that solve it and their number;
"(0)" for a solved cube.

example:
  $ printf "R U R' U'\\n" | idastar cube
  U R U' R' (4)
  $ printf 'UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB\\n' | idastar cube
  R' (1)
  $ printf 'F2 U2\\n' | idastar cube --metric qtm
  U2 F2 (4)""",
        epilog="""\
--metric qtm counts a half turn as two moves (the quarter-turn metric);
the answer still writes two quarter turns of one face as the half turn. It
is searched by the generic IDA* with Korf's pattern databases, which reaches
scrambles of about fourteen moves.

Scrambles of up to fourteen moves are solved in well under a second. For
random cubes, most of them eighteen moves from solved, give --cube-table
large: its table takes about two minutes to build the first time (and 2 GB
of memory), then a random cube takes about a minute on one core; several
cubes are solved side by side, one a core.

A bad cube stops the run after the answers before it, with one line on
stderr naming the input, the case and the line, and exit status 2: a move
that is none, a facelet string that is no cube (a wrong length or letter, a
piece that does not exist), or a cube no turns reach (a twisted corner, a
flipped edge, two pieces swapped).""",
        configure=_cube_configure,
        answer=_cube_answer,
        demo=_cube_demo,
    )
)
