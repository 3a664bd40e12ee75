"""Bad arguments anywhere in the API raise ValueError (or TypeError for a
wrong kind of value), never OverflowError, a Rust panic, an abort or a hang.

Integers beyond what the core holds are the usual trap: pyo3 turns them into
OverflowError before any check of ours runs, so the Python layer checks
ranges first.
"""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from idastar import InvalidPuzzle, booksort, fifteen, pancake, rotation, search, sliding, squares

ODD_VALUES: list[Any] = [
    0, 1, 2, 3, -1, 5, 16, 17, 25, 2**31, 2**63, 2**64, 2**70, -(2**70),
    1.5, float("nan"), float("inf"), None, True, "x", [], [1], (1, 2),
    np.int8(3), np.uint64(2**64 - 1),
]  # fmt: skip


def calls(rng: random.Random) -> list[Callable[[], object]]:
    def odd() -> Any:
        return rng.choice(ODD_VALUES)

    def values() -> list[Any]:
        return [
            rng.choice([*ODD_VALUES[:10], rng.randint(0, 30)]) for _ in range(rng.randint(0, 26))
        ]

    return [
        lambda: booksort.solve(
            values(), max_moves=odd(), goal_ball=rng.choice([None, 0, 3, 4, -1])
        ),
        lambda: booksort.solve_many([values(), values()], threads=rng.choice([None, 1, 0, 5000])),
        lambda: booksort.distance_distribution(odd()),
        lambda: booksort.moves(odd()),
        lambda: booksort.unpack([rng.choice([0, 1, 2**63])], n=odd()),
        lambda: booksort.apply(values(), (odd(), odd(), odd())),
        lambda: rotation.solve(
            values(), engine=rng.choice(["table", "ida", "x"]), node_limit=odd()
        ),
        lambda: rotation.solve_many(np.array([values()]), arrays=True),
        lambda: rotation.centre_table(odd()),
        lambda: squares.solve(odd(), values(), max_moves=odd()),
        lambda: squares.solve_many([(odd(), values())], arrays=True),
        lambda: squares.square_sticks(odd(), odd(), odd(), odd()),
        lambda: squares.pack(np.zeros((1, rng.randint(0, 30)), int), n=odd()),
        lambda: sliding.solve(
            values(), width=odd(), height=odd(), heuristic="manhattan", node_limit=10**5
        ),
        lambda: sliding.pack(np.array([values()]), width=odd(), height=odd()),
        lambda: sliding.goal_tiles(rng.choice(["blank-last", values()]), width=odd(), height=odd()),
        lambda: sliding.rank(values(), odd()),
        lambda: fifteen.distance(values(), heuristic="linear-conflict", node_limit=1000),
        lambda: search.ida_star(
            0, lambda s: [(s + 1, 1)], lambda s: 0, lambda s: s == 5, max_cost=odd()
        ),
        lambda: search.iddfs(0, lambda s: [(s + 1, 1)], lambda s: s == 3, time_limit=odd()),
        lambda: search.bfs(0, lambda s: [(s + 1, 1)], lambda s: s == 3, state_limit=odd()),
    ]


def test_random_bad_arguments_raise_value_or_type_errors() -> None:
    rng = random.Random(3)
    candidates = calls(rng)
    for _ in range(1500):
        call = rng.choice(candidates)
        try:
            call()
        except (ValueError, TypeError):
            pass  # what bad arguments are allowed to raise (InvalidPuzzle is a ValueError)


def test_limits_beyond_what_the_core_holds_are_no_limits() -> None:
    for options in ({"max_moves": 2**70}, {"node_limit": 2**70}, {"time_limit": 1e300}):
        assert booksort.solve([2, 1, 3], **options).cost == 1  # type: ignore[arg-type]
    assert rotation.solve([1] * 24, engine="ida", node_limit=2**70).path == ()
    assert squares.solve(3, max_moves=2**70).cost == 6
    with pytest.raises(ValueError, match="time_limit"):
        booksort.solve([2, 1, 3], time_limit=float("nan"))


@pytest.mark.parametrize(
    ("value", "written"),
    [(1.0, "1.0"), (np.float32(2.0), "2.0"), (1e16, "1e+16"), (np.bool_(True), "True")],
)
@pytest.mark.parametrize("puzzle", [booksort, pancake])
def test_a_count_given_as_a_float_or_a_bool_is_named_as_given(
    puzzle: Any, value: object, written: str
) -> None:
    # numpy's bool is no integer, and a float that happens to be whole is
    # written as the float it is, not as an integer the caller never gave.
    with pytest.raises(
        TypeError, match=rf"^node_limit must be an integer or None, got {re.escape(written)}$"
    ):
        puzzle.solve(puzzle.HARD_CASE, node_limit=value)


def test_a_table_too_large_for_memory_is_a_memory_limit_not_a_crash() -> None:
    from idastar import Outcome

    result = booksort.solve([2, 1, 3], table_entries=2**60)
    assert result.outcome is Outcome.MEMORY_LIMIT
    assert result.lower_bound is not None and result.lower_bound >= 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rotation.solve_many([[2**40] + [1] * 23]), r"cases\[0\]: cell 0 holds"),
        (lambda: sliding.solve([2**70, 1, 2, 3], width=2, height=2), "out of range"),
        (lambda: sliding.solve([0, 1, 2, 3], width=2**70, height=2), "width must be from 2 to 5"),
        (lambda: booksort.unpack([0], n=2**70), "n must be from 1 to 16"),
        (lambda: booksort.moves(2**63), "n must be from 0 to 16"),
        (lambda: rotation.centre_table(2**40), "cells must be from 8 to 24"),
    ],
)
def test_integers_too_large_for_the_core_are_bad_input(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        call()
    assert caught.type is not OverflowError
    if "case" in message or "out of range" in message:
        assert issubclass(caught.type, InvalidPuzzle)


#: Every solve that takes a time limit, on an easy case.
TIMED_SOLVES: list[Callable[[Any], object]] = [
    lambda seconds: booksort.solve([2, 1, 3], time_limit=seconds),
    lambda seconds: booksort.solve_many([[2, 1, 3]], time_limit=seconds),
    lambda seconds: rotation.solve([1] * 24, engine="ida", time_limit=seconds),
    lambda seconds: squares.solve(2, time_limit=seconds),
    lambda seconds: squares.solve_many([(2, [])], time_limit=seconds),
    lambda seconds: sliding.solve([1, 2, 3, 0], width=2, height=2, time_limit=seconds),
    lambda seconds: sliding.solve_many([[1, 2, 3, 0]], width=2, height=2, time_limit=seconds),
    lambda seconds: search.bfs(0, lambda s: [(s + 1, 1)], lambda s: s == 3, time_limit=seconds),
]


@pytest.mark.parametrize("solve", TIMED_SOLVES)
def test_time_limits_are_numbers_of_seconds_and_beyond_any_clock_none(
    solve: Callable[[Any], object],
) -> None:
    # An int too large for a float was an OverflowError; a string or a list
    # a TypeError that named no option; True counted as a second.
    for bad in [-1, float("nan"), np.float64(-0.5)]:
        with pytest.raises(ValueError, match="time_limit must be a non-negative number of seconds"):
            solve(bad)
    for wrong in ["1", True, [1]]:
        with pytest.raises(TypeError, match="time_limit"):
            solve(wrong)
    for unlimited in [10**400, float("inf"), 1e300, np.float32(1e30)]:
        solve(unlimited)
    solve(np.int8(3))


def test_moves_that_are_not_letters_are_bad_input() -> None:
    # A move of another type was an AttributeError from str.upper.
    for moves in ([1, 2], b"UD", ["U", None]):
        with pytest.raises(InvalidPuzzle, match="is not one of U, D, L, R"):
            fifteen.apply([*range(1, 16), 0], moves)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda rows: rotation.solve_many(np.broadcast_to(np.ones(24, np.int8), (rows, 24))),
        lambda rows: booksort.solve_many(np.broadcast_to(np.arange(1, 4), (rows, 3))),
        lambda rows: booksort.unpack(np.broadcast_to(np.uint64(0), (rows,)), n=3),
    ],
)
def test_arrays_too_large_for_memory_are_bad_input_not_memory_errors(
    call: Callable[[int], object],
) -> None:
    # A broadcast view costs nothing until the core's contiguous copy is made.
    with pytest.raises(ValueError, match="do not fit in memory"):
        call(2**44)


def test_board_sides_of_apply_are_checked_before_any_arithmetic() -> None:
    # numpy sides overflowed in width * height, with a RuntimeWarning.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for width, height in [(np.uint64(2**64 - 1), np.uint64(2)), (2**70, 2), (2.0, 2)]:
            with pytest.raises(InvalidPuzzle, match="board width must be"):
                sliding.apply([1, 2, 3, 0], "U", width=width, height=height)  # type: ignore[arg-type]
