"""The Rotation Game: both Rust solvers, the pure-Python reference and the judge program.

Three opinions on every answer: the pattern-database solver, the judge
solution's IDA* (both in Rust), and the reference's IDA* written again in
Python; and the compiled judge program for the judge output, byte for byte.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable

import pytest
from conftest import run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar import InvalidPuzzle, Outcome, rotation
from idastar.reference import rotation as reference

SAMPLE = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3]
Board = list[int]


@st.composite
def judge_boards(draw: st.DrawFn) -> Board:
    """Eight of each number, in any order."""
    board = [1] * 8 + [2] * 8 + [3] * 8
    return draw(st.permutations(board))


@st.composite
def near_solved(draw: st.DrawFn, max_moves: int = 6) -> Board:
    """A board a few moves from one whose centre is filled: cheap for Python IDA*."""
    counts = draw(st.sampled_from([(8, 8, 8), (9, 8, 7), (10, 7, 7), (12, 6, 6)]))
    filler = draw(st.sampled_from([1, 2, 3]))
    rest = [v for v in (1, 2, 3) if v != filler]
    others = [rest[0]] * (24 - counts[0] - counts[1]) + [rest[1]] * counts[1]
    others += [filler] * (counts[0] - 8)
    others = draw(st.permutations(others))
    board = [0] * 24
    centre_cells = set(reference.CENTRE)
    free = iter(others)
    for cell in range(24):
        board[cell] = filler if cell in centre_cells else next(free)
    moves = draw(st.text(alphabet="ABCDEFGH", max_size=max_moves))
    return list(reference.apply(board, moves))


def letters(solution: rotation.RotationSolution) -> str:
    return "".join(solution.path)


def replays(board: Board, moves: str, centre: int) -> bool:
    after = rotation.replay(board, moves)
    return rotation.is_solved(after) and after[rotation.CENTRE[0]] == centre


# --------------------------------------------------------------------------
# Library


def test_sample() -> None:
    for engine in ("table", "ida"):
        result = rotation.solve(SAMPLE, engine=engine)  # type: ignore[arg-type]
        assert (letters(result), result.centre, result.cost) == ("AC", 2, 2)
        assert result.outcome is Outcome.SOLVED
        assert result.path == ("A", "C")


@settings(max_examples=60, deadline=None)
@given(judge_boards())
def test_table_and_ida_agree_on_judge_boards(board: Board) -> None:
    table = rotation.solve(board)
    ida = rotation.solve(board, engine="ida")
    assert (table.path, table.centre) == (ida.path, ida.centre)
    assert table.cost == len(table.path)
    assert replays(board, letters(table), table.centre or 0)


@settings(max_examples=40, deadline=None)
@given(near_solved())
def test_rust_agrees_with_the_python_reference(board: Board) -> None:
    expected = reference.solve(board)
    for engine in ("table", "ida"):
        result = rotation.solve(board, engine=engine)  # type: ignore[arg-type]
        assert (result.path, result.centre) == (expected.path, expected.centre)


def test_reference_agrees_on_a_few_random_judge_boards() -> None:
    rng = random.Random(11)
    for _ in range(3):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        result, expected = rotation.solve(board), reference.solve(board)
        assert (result.path, result.centre, result.cost) == (
            expected.path,
            expected.centre,
            expected.cost,
        )


def test_solved_board_needs_no_moves() -> None:
    board = list(reference.apply(SAMPLE, "AC"))
    result = rotation.solve(board)
    assert (result.path, result.cost, result.centre) == ((), 0, 2)


def test_solve_many_matches_solve() -> None:
    rng = random.Random(3)
    boards = []
    for _ in range(300):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        boards.append(board)
    many = [(s.path, s.centre) for s in rotation.solve_many(boards)]
    assert many == [(s.path, s.centre) for s in map(rotation.solve, boards)]
    ida = rotation.solve_many(boards[:20], engine="ida")
    assert [(s.path, s.centre) for s in ida] == many[:20]
    assert rotation.solve_many([]) == []


def test_table_counts_match_the_reference_breadth_first_search() -> None:
    """The per-distance counts of the 735,471 placements, found independently."""
    distances, layers = rotation.centre_table()
    expected = reference.centre_distances()
    assert layers == reference.layer_sizes(expected)
    assert len(distances) == len(expected) == 735_471
    # Spot-check single entries through the combinatorial rank.
    from math import comb

    rng = random.Random(1)
    for placement in rng.sample(list(expected), 500):
        cells = [cell for cell in range(24) if placement >> cell & 1]
        rank = sum(comb(cell, i + 1) for i, cell in enumerate(cells))
        assert distances[rank] == expected[placement]


def test_the_table_loads_into_numpy() -> None:
    numpy = pytest.importorskip("numpy")
    distances, layers = rotation.centre_table()
    array = numpy.frombuffer(distances, dtype=numpy.uint8)
    assert numpy.bincount(array).tolist() == layers


def test_census_counts_every_judge_board() -> None:
    counts = rotation.census()
    assert sum(counts) == 9_465_511_770  # 24! / (8!)^3
    # Boards already solved: the number in the centre (3 ways) and the other
    # two numbers anywhere on the 16 other cells, C(16, 8) ways.
    assert counts[0] == 3 * 12_870
    assert all(c > 0 for c in counts)


@pytest.mark.parametrize(
    ("board", "words"),
    [
        (SAMPLE[:23], "24 cells, got 23"),
        ([*SAMPLE[:23], 4], "cell 23 holds 4"),
        ([*SAMPLE[:23], 0], "cell 23 holds 0"),
        ([*SAMPLE[:23], "3"], "cell 23 must hold an integer"),
        ([*SAMPLE[:23], True], "cell 23 must hold an integer"),
        ("1" * 24, "a board must be a sequence of integers, got str"),
        (None, "a board must be a sequence of integers, got NoneType"),
    ],
)
def test_bad_boards_are_named(board: object, words: str) -> None:
    with pytest.raises(InvalidPuzzle, match=words):
        rotation.solve(board)  # type: ignore[arg-type]
    with pytest.raises(InvalidPuzzle, match=rf"cases\[1\]: .*{words}"):
        rotation.solve_many([SAMPLE, board])  # type: ignore[list-item]


def test_bad_options() -> None:
    with pytest.raises(ValueError, match=r"^engine: unknown engine"):
        rotation.solve(SAMPLE, engine="bidirectional")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown move"):
        rotation.replay(SAMPLE, "AZ")


def test_limits_stop_the_ida_engine() -> None:
    board = [3, 3, 3, 2, 1, 1, 1, 2, 1, 1, 2, 2, 1, 3, 2, 1, 3, 1, 2, 3, 2, 3, 3, 2]
    result = rotation.solve(board, engine="ida", node_limit=10)
    assert result.outcome is Outcome.NODE_LIMIT
    assert result.centre is None and result.path == ()


def test_results_serialise() -> None:
    record = rotation.solve(SAMPLE).to_dict()
    assert json.loads(json.dumps(record))["path"] == ["A", "C"]
    assert record["centre"] == 2


# --------------------------------------------------------------------------
# Command line and the judge program


def judge_text(boards: list[Board]) -> str:
    return "".join(" ".join(map(str, b)) + "\n" for b in boards) + "0\n"


@pytest.fixture(scope="module")
def seed_rotation(
    seed_program: Callable[[str, float], Callable[[str], str]],
) -> Callable[[str], str]:
    return seed_program("rotation_acwing", 120)


def test_sample_file_matches_the_judge_program(seed_rotation: Callable[[str], str]) -> None:
    from idastar.cli import sample_text

    text = sample_text("rotation", "in")
    assert seed_rotation(text) == sample_text("rotation", "out")
    done = subprocess.run(
        [sys.executable, "-m", "idastar", "rotation"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == seed_rotation(text)


@settings(max_examples=15, deadline=None)
@given(st.lists(judge_boards(), min_size=1, max_size=5), st.booleans())
def test_random_judge_files_match_the_judge_program(
    seed_rotation: Callable[[str], str], boards: list[Board], scatter: bool
) -> None:
    text = judge_text(boards)
    if scatter:  # the judge reads numbers, not lines
        text = text.replace(" ", "\n", 10)
    status, out, err = run_main("rotation", stdin=text)
    assert (status, err) == (0, "")
    assert out == seed_rotation(text)


def test_ida_engine_output_is_the_same() -> None:
    text = judge_text([SAMPLE, list(reference.apply(SAMPLE, "AC"))])
    assert (
        run_main("rotation", stdin=text)[1]
        == run_main("rotation", "--engine", "ida", stdin=text)[1]
    )
    assert run_main("rotation", stdin=text)[1] == "AC\n2\nNo moves needed\n2\n"


def test_json_and_stats() -> None:
    status, out, err = run_main("rotation", "--json", "--stats", stdin=judge_text([SAMPLE]))
    assert status == 0
    record = json.loads(out)
    assert (record["case"], record["path"], record["centre"], record["board"]) == (
        1,
        ["A", "C"],
        2,
        SAMPLE,
    )
    assert err.startswith("case 1:\n")


def test_input_may_end_without_the_terminating_zero() -> None:
    text = " ".join(map(str, SAMPLE)) + "\n"
    assert run_main("rotation", stdin=text)[1] == "AC\n2\n"


def test_anything_after_the_zero_is_ignored() -> None:
    assert run_main("rotation", stdin=judge_text([SAMPLE]) + "garbage\n")[1] == "AC\n2\n"


@pytest.mark.parametrize(
    ("text", "case", "line", "words"),
    [
        (judge_text([SAMPLE]).replace("0\n", "") + "1 2 3\n", 2, 2, "expected cell 3 of 24"),
        (" ".join(map(str, SAMPLE[:23])) + " 4\n0\n", 1, 1, "cell 23 holds 4"),
        (judge_text([SAMPLE]).replace("0\n", "") + "1 x\n0\n", 2, 2, "found 'x'"),
    ],
)
def test_bad_input_prints_the_cases_before_then_one_line(
    text: str, case: int, line: int, words: str
) -> None:
    status, out, err = run_main("rotation", stdin=text)
    assert status == 2
    assert out == ("AC\n2\n" if case == 2 else "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"case {case}, line {line}" in err and words in err
    # The same from a file, through the fast whole-text reader.
    done = subprocess.run(
        [sys.executable, "-m", "idastar", "rotation"],
        input=text,
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, out, err)


def test_demo_runs() -> None:
    status, out, _ = run_main("demo", "rotation")
    assert status == 0
    assert "MISMATCH" not in out and "AC, then 2 in the centre" in out


def test_thread_count_does_not_change_answers() -> None:
    rng = random.Random(9)
    boards = []
    for _ in range(200):
        board = [1] * 8 + [2] * 8 + [3] * 8
        rng.shuffle(board)
        boards.append(board)

    def answers(threads: int) -> list[tuple[tuple[str, ...], int | None]]:
        return [(s.path, s.centre) for s in rotation.solve_many(boards, threads=threads)]

    assert answers(1) == answers(2)
    with pytest.raises(ValueError, match="threads"):
        rotation.solve_many(boards, threads=0)


def test_the_command_knows_the_board_size() -> None:
    from idastar.commands import rotation as command

    assert command.CELLS == rotation.CELLS


def test_functions_leave_the_callers_board_alone() -> None:
    board = list(SAMPLE)
    rotation.apply(board, "A")
    rotation.replay(board, "AC")
    rotation.solve(board)
    rotation.is_solved(board)
    assert board == SAMPLE
