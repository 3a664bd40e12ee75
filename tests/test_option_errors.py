"""Errors about options name the option, and only the option.

An error about an option's value alone (an unknown partition, a malformed
pattern list, a bad goal) is the call's, whatever the cases: it never
names a case of a batch. Only an error that depends on a case (a
partition that does not fit that board) names the case, and then the
option too. ``cache_dir=""`` is refused rather than taken for the current
directory; the flags ``arrays`` and ``paths`` take True or False only;
Booksort's moves are checked as the other puzzles' are.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar import InvalidPuzzle, booksort, fifteen, pancake, rotation, sliding, squares

THREE = [1, 2, 3, 4, 5, 6, 7, 0, 8]  # one move from the 3 x 3 goal
FOUR = [*range(1, 15), 0, 15]  # one move from the 4 x 4 goal
BOARDS = [THREE, FOUR, [1, 2, 3, 0, 4, 5, 6, 7, 8]]


def message(call: Callable[[], object], error: type[Exception] = ValueError) -> str:
    with pytest.raises(error) as raised:
        call()
    return str(raised.value)


# --- 1. an option's error is the option's, not a case's -----------------------------

#: Pattern options wrong on every board, and what the error says of them.
BAD_ON_ANY_BOARD: list[Any] = [
    pytest.param("x", 'patterns: unknown pattern partition "x"', id="name"),
    pytest.param("6-6-x", 'patterns: unknown pattern partition "6-6-x"', id="name-part"),
    pytest.param("0-3", 'patterns: unknown pattern partition "0-3"', id="size-0"),
    pytest.param("-3", 'patterns: unknown pattern partition "-3"', id="leading-dash"),
    pytest.param("", 'patterns: unknown pattern partition ""', id="empty-name"),
    pytest.param([[1, 1]], "patterns: tile 1 is given twice in pattern 0", id="twice"),
    pytest.param(
        [[1, 2], [3, 2]],
        "patterns: tile 2 is in two patterns (0 and 1); patterns must be disjoint",
        id="two-patterns",
    ),
    pytest.param(
        [[0]], "patterns: pattern tile 0 is not a tile; tiles are numbered from 1", id="blank"
    ),
    pytest.param(
        [[2], [-4]],
        "patterns: pattern tile -4 is not a tile; tiles are numbered from 1",
        id="negative",
    ),
    pytest.param(
        [[1], []],
        "patterns: pattern 1 is empty; each pattern needs at least one tile",
        id="empty-pattern",
    ),
    pytest.param("4-4+x", 'patterns: unknown pattern partition "x"', id="several-name"),
    pytest.param(
        "4-4+1,b",
        'patterns: "b" in "1,b" is not a tile; write tiles like "1,2,3/4,5,6"',
        id="several-tile",
    ),
    pytest.param("1,2/2", "patterns: tile 2 is in two patterns (0 and 1)", id="text-two-patterns"),
    pytest.param("4-4+", 'patterns: unknown pattern partition ""', id="several-empty"),
]


@pytest.mark.parametrize(("patterns", "expected"), BAD_ON_ANY_BOARD)
@pytest.mark.parametrize("batch", [[], [THREE], [FOUR, THREE], BOARDS], ids=len)
def test_an_error_of_the_option_alone_names_no_case(
    patterns: Any, expected: str, batch: list[list[int]]
) -> None:
    alone = message(lambda: sliding.solve(THREE, patterns=patterns))
    assert alone.startswith(expected)
    in_batch = message(lambda: sliding.solve_many(batch, patterns=patterns))
    assert in_batch == alone
    assert "case" not in in_batch
    arrays = np.array(batch[:1] or [THREE])
    assert message(lambda: sliding.solve_many(arrays, patterns=patterns)) == alone


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from([THREE, FOUR]), max_size=5),
    st.sampled_from(["x", "1--2", "7-a", "4-4-"]),
)
def test_the_message_of_a_bad_name_is_the_same_for_any_batch(
    batch: list[list[int]], name: str
) -> None:
    expected = f'patterns: unknown pattern partition "{name}"; expected sizes like "6-6-3"'
    assert message(lambda: sliding.solve_many(batch, patterns=name)) == expected


#: Pattern options that fit the 4 x 4 board but not the 3 x 3 one.
TOO_LARGE_FOR_THREE: list[Any] = [
    pytest.param(
        "5-5", 'patterns: partition "5-5" has more tiles than the 3x3 board\'s 8', id="5-5"
    ),
    pytest.param(
        "6-6-3", 'patterns: partition "6-6-3" has more tiles than the 3x3 board\'s 8', id="6-6-3"
    ),
    pytest.param(
        [[1, 12]], "patterns: pattern tile 12 is not a tile of the 3x3 board's 1..8", id="tile-12"
    ),
    pytest.param(
        [[3], [9, 10]],
        "patterns: pattern tile 9 is not a tile of the 3x3 board's 1..8",
        id="tile-9",
    ),
]


@pytest.mark.parametrize(("patterns", "expected"), TOO_LARGE_FOR_THREE)
@pytest.mark.parametrize(
    ("batch", "index"), [([THREE], 0), ([FOUR, THREE], 1), ([FOUR, FOUR, THREE, THREE], 2)]
)
def test_an_error_of_the_case_names_the_case_and_the_option(
    patterns: Any, expected: str, batch: list[list[int]], index: int
) -> None:
    got = message(lambda: sliding.solve_many(batch, patterns=patterns))
    assert got == f"cases[{index}]: {expected}"
    assert message(lambda: sliding.solve(THREE, patterns=patterns)) == expected


@pytest.mark.parametrize("name", ["x", "3-x", "0", "8--7"])
@pytest.mark.parametrize("batch", [[], ["--batch", "-"]], ids=["one", "batch"])
def test_the_command_line_blames_the_option_not_a_board(name: str, batch: list[str]) -> None:
    boards = " ".join(map(str, FOUR)) + "\n"
    done = run_cli("fifteen", *batch, "--patterns", name, stdin=boards * 2)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr == f'idastar fifteen: patterns: unknown pattern partition "{name}"; ' + (
        'expected sizes like "6-6-3"\n'
    )


#: Goals that are no goal, and what the error says (once prefixed with "goal: ").
BAD_GOALS: list[Any] = [
    pytest.param(
        [1, 2, 3, 4, 5, 6, 7, 8, 8],
        "goal: tile 8 appears twice (cells 7 and 8); the tiles must be 0..8 once each",
        id="twice",
    ),
    pytest.param(
        [1, 2, 3, 4, 5, 6, 7, 8, 9], "goal: tile 9 at cell 8 is out of range 0 to 8", id="beyond"
    ),
    pytest.param(
        [1, 2, 3, 4, 5, 6, 7, 0, -1],
        "goal: tile -1 at cell 8 is out of range 0 to 8",
        id="negative",
    ),
    pytest.param(
        [1, 2, 3, 4, 5, 6, 7, 0, 2**40],
        f"goal: tile {2**40} at cell 8 is out of range 0 to 8",
        id="huge",
    ),
    pytest.param(
        [1, 2, 3, 4, 5, 6, 7, 0],
        "goal: 8 tiles are not a square board; give width and height",
        id="not-square",
    ),
]


@pytest.mark.parametrize(("goal", "expected"), BAD_GOALS)
@pytest.mark.parametrize(
    "call",
    [
        lambda goal: sliding.solve(THREE, goal=goal),
        lambda goal: sliding.solve_many([THREE, THREE], goal=goal),
        lambda goal: sliding.solve_many([], goal=goal),
        lambda goal: sliding.lower_bound(THREE, goal=goal, heuristic="manhattan"),
    ],
    ids=["solve", "solve_many", "empty-batch", "lower_bound"],
)
def test_a_bad_goal_is_named_once(
    goal: list[int], expected: str, call: Callable[[list[int]], object]
) -> None:
    got = message(lambda: call(goal))
    assert got == expected
    assert got.count("goal:") == 1 and "case" not in got


def test_a_goal_of_the_wrong_size_for_the_shape_is_named_once() -> None:
    got = message(lambda: sliding.solve(FOUR, goal=[*range(9)], width=4, height=4))
    assert got == "goal: a 4x4 board has 16 cells, got 9 tiles"


# --- 3. cache_dir="" is refused; an empty $IDASTAR_CACHE_DIR is unset ---------------

EMPTY_DIR = "cache_dir must name a directory, got ''"

CACHE_DIR_CALLS: list[Any] = [
    pytest.param(lambda **o: sliding.solve(THREE, **o), id="sliding.solve"),
    pytest.param(lambda **o: sliding.solve_many([THREE], **o), id="sliding.solve_many"),
    pytest.param(lambda **o: sliding.solve_many([], **o), id="sliding.solve_many-empty"),
    pytest.param(lambda **o: sliding.distance(THREE, **o), id="sliding.distance"),
    pytest.param(lambda **o: sliding.lower_bound(THREE, **o), id="sliding.lower_bound"),
    pytest.param(lambda **o: fifteen.solve(FOUR, **o), id="fifteen.solve"),
    pytest.param(lambda **o: fifteen.solve_many([FOUR], **o), id="fifteen.solve_many"),
    pytest.param(lambda **o: fifteen.lower_bound(FOUR, **o), id="fifteen.lower_bound"),
]


@pytest.mark.parametrize("call", CACHE_DIR_CALLS)
@pytest.mark.parametrize("heuristic", ["pdb", "manhattan"])
def test_an_empty_cache_dir_is_refused_never_the_current_directory(
    call: Callable[..., object], heuristic: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    got = message(lambda: call(cache_dir="", heuristic=heuristic, patterns="3-3"))
    assert got == EMPTY_DIR
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "call",
    [
        lambda: sliding.pattern_database((1, 2, 3), width=3, height=3, cache_dir=""),
        lambda: fifteen.pattern_database((1, 2, 3), cache_dir=""),
        lambda: sliding.cache_dir(""),
    ],
    ids=["sliding.pattern_database", "fifteen.pattern_database", "cache_dir"],
)
def test_the_other_functions_taking_a_cache_dir_refuse_an_empty_one(
    call: Callable[[], object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert message(call) == EMPTY_DIR
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "options",
    [[], ["--batch", "-"], ["--heuristic", "manhattan"], ["--patterns", "3-3", "--json"]],
    ids=["one", "batch", "manhattan", "json"],
)
def test_the_command_line_refuses_an_empty_cache_dir(options: list[str], tmp_path: Path) -> None:
    done = run_cli("fifteen", *options, "--cache-dir", "", stdin=" ".join(map(str, FOUR)))
    assert done.returncode == 2
    assert done.stdout == ""
    last = done.stderr.splitlines()[-1]
    assert last == "idastar fifteen: error: argument --cache-dir: must name a directory, got ''"


@pytest.mark.parametrize("unset", ["empty", "absent"])
@pytest.mark.parametrize(
    "call",
    [
        lambda: sliding.solve(THREE, patterns="3-5"),
        lambda: sliding.solve_many([THREE, THREE], patterns="3-5"),
        lambda: sliding.pattern_database((1, 2, 3), width=3, height=3),
    ],
    ids=["solve", "solve_many", "pattern_database"],
)
def test_an_empty_environment_variable_means_unset(
    unset: str, call: Callable[[], object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if unset == "empty":
        monkeypatch.setenv("IDASTAR_CACHE_DIR", "")
    else:
        monkeypatch.delenv("IDASTAR_CACHE_DIR")
    xdg = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(xdg))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    assert sliding.cache_dir() == xdg / "idastar"
    call()
    assert list(work.iterdir()) == []
    assert list((xdg / "idastar").glob("sliding-3x3-*.pdb"))


# --- 4. arrays= and paths= are flags, named when they are not -----------------------

SOLVE_MANY: list[Any] = [
    pytest.param(sliding, [THREE], id="sliding"),
    pytest.param(fifteen, [FOUR], id="fifteen"),
    pytest.param(booksort, [[2, 1, 3]], id="booksort"),
    pytest.param(pancake, [[2, 1, 3]], id="pancake"),
    pytest.param(squares, [(2, ())], id="squares"),
    pytest.param(rotation, [rotation.random(seed=1)], id="rotation"),
]

NOT_FLAGS = [1.5, 1, 0, None, "yes", "", [True], np.float64(1.0), np.int64(1), 2**70]


@pytest.mark.parametrize(("module", "cases"), SOLVE_MANY)
@pytest.mark.parametrize("flag", ["arrays", "paths"])
@pytest.mark.parametrize("value", NOT_FLAGS, ids=repr)
def test_a_flag_that_is_no_bool_is_named(
    module: ModuleType, cases: list[Any], flag: str, value: object
) -> None:
    got = message(lambda: module.solve_many(cases, **{flag: value}), TypeError)
    assert got == f"{flag} must be True or False, got {value!r}"


@pytest.mark.parametrize(("module", "cases"), SOLVE_MANY)
@pytest.mark.parametrize("arrays", [True, False])
@pytest.mark.parametrize("paths", [True, False])
def test_numpys_bools_are_bools(
    module: ModuleType, cases: list[Any], arrays: bool, paths: bool
) -> None:
    plain = module.solve_many(cases, arrays=arrays, paths=paths)
    numpys = module.solve_many(cases, arrays=np.bool_(arrays), paths=np.bool_(paths))
    assert type(plain) is type(numpys)
    if arrays:
        assert (plain.costs == numpys.costs).all()
        assert (plain.paths is None) is (numpys.paths is None) is (not paths)
    else:
        assert [s.cost for s in plain] == [s.cost for s in numpys]


# --- 5. Booksort's moves are checked, and named ------------------------------------


class Odd:
    """Something that is no move at all."""

    def __repr__(self) -> str:
        return "Odd()"


NOT_MOVES: list[Any] = [
    (1, 2),
    (0, 1, 2, 3),
    (),
    "x",
    "012",
    b"abc",
    (1.5, 2, 3),
    (0, 1, "2"),
    (0, 1, None),
    None,
    1,
    2.0,
    (True, 1, 2),
    (False, 1, 2),
    (0, np.bool_(True), 2),
    {0, 1, 2},
    {"start": 0, "split": 1, "end": 2},
    np.array(5),
    np.array([[0, 1, 2]]),
    np.array([0.0, 1.0, 2.0]),
    Odd(),
]


@pytest.mark.parametrize("move", NOT_MOVES, ids=repr)
def test_a_move_that_is_no_block_move_is_named(move: object) -> None:
    expected = f"a block move is three integers (start, split, end), got {move!r}"
    assert message(lambda: booksort.apply([2, 1, 3], move), InvalidPuzzle) == expected  # type: ignore[arg-type]
    assert message(lambda: booksort.replay([2, 1, 3], [(0, 1, 2), move]), InvalidPuzzle) == (  # type: ignore[list-item]
        expected
    )


@pytest.mark.parametrize(
    "move", [(0, 0, 1), (1, 0, 2), (-1, 0, 1), (0, 1, 4), (2, 3, 4), (2**70, 1, 2)], ids=repr
)
@pytest.mark.parametrize("kind", [tuple, list, np.array, lambda m: booksort.BlockMove(*m)])
def test_a_move_that_does_not_fit_is_named(move: tuple[int, int, int], kind: Any) -> None:
    expected = f"block move {move} needs 0 <= start < split < end <= 3"
    given = kind(move)
    assert message(lambda: booksort.apply([2, 1, 3], given), InvalidPuzzle) == expected


@pytest.mark.parametrize(
    "move", [(0, 1, 2), [0, 1, 2], np.array([0, 1, 2]), (np.int64(0), np.int32(1), 2), range(3)]
)
def test_moves_of_any_integer_kind_apply(move: Any) -> None:
    assert booksort.apply([2, 1, 3], move) == (1, 2, 3)
    assert booksort.replay([2, 1, 3], [move]) == (1, 2, 3)


@pytest.mark.parametrize("path", [None, 5, 1.5, Odd()], ids=repr)
def test_a_path_that_is_no_sequence_is_a_type_error_as_elsewhere(path: object) -> None:
    for replay in (booksort.replay, pancake.replay, squares.replay, rotation.replay):
        case: Any = (2, ()) if replay is squares.replay else [2, 1, 3]
        if replay is rotation.replay:
            case = rotation.random(seed=1)
        with pytest.raises(TypeError):
            replay(case, path)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(range(1, 6)),
    st.one_of(
        st.tuples(st.integers(-2, 7), st.integers(-2, 7), st.integers(-2, 7)),
        st.lists(st.integers(-2, 7), max_size=5),
        st.tuples(st.integers(0, 5), st.floats(), st.integers(0, 5)),
        st.tuples(st.booleans(), st.integers(0, 5), st.integers(0, 5)),
        st.text(max_size=4),
        st.none(),
        st.integers(),
    ),
)
def test_any_move_is_applied_or_refused_as_invalid_puzzle(books: list[int], move: Any) -> None:
    """Never a raw ValueError or TypeError, and the reference agrees."""
    from idastar.reference.puzzles import booksort as reference

    try:
        moved = booksort.apply(books, move)
    except InvalidPuzzle as error:
        assert "block move" in str(error)
        with pytest.raises(ValueError):
            reference.apply(books, move)
    else:
        assert moved == reference.apply(books, move)
        assert sorted(moved) == sorted(books)


# --- memory_gb: a positive number of gigabytes -----------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (0, "0"),
        (-1, "-1"),
        (0.0, "0"),
        (float("nan"), "NaN"),
        (float("inf"), "inf"),
        (-0.5, "-0.5"),
    ],
)
def test_memory_gb_takes_a_positive_number_of_gigabytes(value: float, shown: str) -> None:
    got = message(lambda: sliding.solve(THREE, memory_gb=value))
    assert got == f"memory_gb must be a positive number of gigabytes, got {shown}"


@pytest.mark.parametrize("value", ["8G", [8], True])
def test_memory_gb_of_another_type_is_a_type_error(value: Any) -> None:
    got = message(lambda: sliding.solve(THREE, memory_gb=value), TypeError)
    assert got.startswith("memory_gb must be a number of gigabytes or None, got ")


# --- move_pruning: 2 to 14, beyond 2 for the tiles' own IDA* -----------------------------


@pytest.mark.parametrize(("value", "shown"), [(0, "0"), (1, "1"), (15, "15"), (10**6, "1000000")])
def test_move_pruning_takes_2_to_14_moves(value: int, shown: str) -> None:
    got = message(lambda: sliding.solve(THREE, move_pruning=value))
    assert got == f"move_pruning must be from 2 to 14, got {shown}"


@pytest.mark.parametrize("value", [2.5, "14", [14], True])
def test_move_pruning_of_another_type_is_a_type_error(value: Any) -> None:
    got = message(lambda: sliding.solve(THREE, move_pruning=value), TypeError)
    assert got.startswith("move_pruning must be an integer or None, got ")


@pytest.mark.parametrize("engine", ["ida", "astar", "bfs"])
def test_move_pruning_beyond_two_is_for_the_tiles_own_search(engine: str) -> None:
    got = message(lambda: sliding.solve(THREE, move_pruning=8, engine=engine))
    assert got == (
        'move_pruning: only the tiles\' own IDA* (engine="ida-tiles") skips sequences longer '
        f'than 2 moves, not engine="{engine}"'
    )
    assert sliding.solve(THREE, move_pruning=2, engine=engine).cost is not None


def test_patterns_over_the_memory_budget_are_refused_before_any_build(tmp_path: Path) -> None:
    # The 24-puzzle's 6-6-6-6 takes about 0.74 GB plain (two databases
    # serve its four patterns): refused at once within half a gigabyte,
    # and nothing is written to the cache.
    got = message(lambda: fifteen.solve(FOUR, memory_gb=1e-3, cache_dir=tmp_path))
    assert got.startswith("memory_gb: the pattern databases take about ")
    got = message(lambda: sliding.solve([*range(1, 24), 0, 24], memory_gb=0.5, cache_dir=tmp_path))
    assert got == (
        "memory_gb: the pattern databases take about 743.3 MB plain at their peak, over the budget "
        "of 500.0 MB; raise memory_gb or choose smaller patterns"
    )
    assert list(tmp_path.iterdir()) == []
