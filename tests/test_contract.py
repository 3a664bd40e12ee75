"""The puzzle contract, checked on every registered puzzle module.

Every test runs once per module in ``idastar.PUZZLES`` (and the engine
tests once per engine in its ``ENGINES``); everything they need comes from
the module itself (``ENGINES``, ``HEURISTICS``, ``random``, ``HARD_CASE``),
so a new puzzle gets the whole suite by being registered.

Random cases come from the module's own ``random(seed=...)``, the seeds
drawn by hypothesis: a few examples per test by default,
``IDASTAR_FUZZ_EXAMPLES=N`` for a long campaign. A case the default
engine does not solve within :data:`CASE_NODES` nodes is set aside. With
``-s`` the run ends with how far the pure-Python reference could follow
each puzzle, which limits engines refused and how many cases were set aside.

The reference is slow on purpose, so it is not asked to solve every random
case. It solves the states along the fast module's optimal path, from the
goal outwards (the state ``k`` moves from the end of an optimal path is
exactly ``k`` moves from the goal), as far as it gets within
:data:`REFERENCE_SECONDS` per case: the whole case when it is small, a few
moves from the goal when it is not.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import os
import pickle
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import seconds_to_stop_on_ctrl_c
from contract_support import (
    BATCH_FIELDS,
    CONTRACT_PUZZLES,
    FUNCTIONS,
    LIMITS,
    LOAD_IN_CHILD,
    STORING_ENGINES,
    OutOfTime,
    assert_same_moves,
    canonical,
    engines_of,
    load,
    puzzle_names,
    reference_of,
    same_case,
    size_options,
    states_along,
    within,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import idastar
from idastar import InvalidPuzzle, Outcome, Solution
from idastar._puzzle import MAX_THREADS

EXAMPLES = int(os.environ.get("IDASTAR_FUZZ_EXAMPLES", "4"))
CASES = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    # The fixtures are modules and names, the same for every example.
    suppress_health_check=list(HealthCheck),
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
#: Batches of a few cases, so that the batch functions see more than one.
seed_lists = st.lists(seeds, min_size=1, max_size=3)

#: How many nodes the default engine may expand on a random case before the
#: example is set aside: random cases of some puzzles (the 15-puzzle) have a
#: long tail of hard ones, which would make the suite slow, not stronger. A
#: node limit rather than a time limit: it does not count the building of
#: tables, and it does not depend on the machine's load.
CASE_NODES = 1_000_000

#: How many states along an optimal path have their lower bounds checked.
BOUNDS_CHECKED = 10

#: How long the reference may spend on the states of one random case.
REFERENCE_SECONDS = 0.5

#: How soon a search stops on Ctrl-C, and on a limit already spent.
STOP_SECONDS = 0.5

#: How many moves from the goal the near-goal cases are: every engine must
#: solve them quickly, breadth-first ones included.
NEAR_GOAL_MOVES = 2
#: A time limit on those solves that only a broken module reaches: a
#: wrong answer fails the test rather than hangs it.
NEAR_GOAL_SECONDS = 10


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" in metafunc.fixturenames:
        pairs = [(name, engine) for name in puzzle_names() for engine in engines_of(name)]
        metafunc.parametrize(("name", "engine"), pairs, ids=[f"{n}-{e}" for n, e in pairs])
    elif "name" in metafunc.fixturenames:
        metafunc.parametrize("name", puzzle_names())


@pytest.fixture
def puzzle(name: str) -> ModuleType:
    return load(name)


# --------------------------------------------------------------------------
# Cases and their optimal solutions, shared by the tests


def solved(puzzle: ModuleType, seed: int) -> tuple[Any, Solution[Any]]:
    """``random(seed=seed)`` and its solution by the default engine (once
    per run); an example whose case needs more than :data:`CASE_NODES`
    nodes is set aside (hypothesis draws another)."""
    case, solution = _solved(puzzle.__name__, seed)
    if solution is None:
        assume(False)
    assert solution is not None
    return case, solution


@functools.cache
def _solved(module_name: str, seed: int) -> tuple[Any, Solution[Any] | None]:
    puzzle = sys.modules[module_name]
    case = puzzle.random(seed=seed)
    try:
        solution = puzzle.solve(case, node_limit=CASE_NODES)
    except ValueError as error:  # a default engine that cannot count its nodes
        assert "node_limit" in str(error), error
        solution = puzzle.solve(case)
    if solution.outcome == Outcome.NODE_LIMIT:
        SET_ASIDE[puzzle.NAME] += 1
        return case, None
    assert solution.outcome == Outcome.SOLVED, (case, solution)
    return case, solution


def near_goal(puzzle: ModuleType, seed: int, moves: int = NEAR_GOAL_MOVES) -> tuple[Any, int]:
    """A case exactly ``moves`` moves from the goal (fewer when the random
    case of ``seed`` is closer): the state that many moves before the end of
    its optimal path. Returns the case and its distance."""
    case, solution = solved(puzzle, seed)
    distance = min(moves, solution.cost)
    return puzzle.replay(case, list(solution.path[: solution.cost - distance])), distance


def first_seed_with_cost(puzzle: ModuleType, at_least: int) -> int:
    """The first seed whose random case needs at least ``at_least`` moves."""
    for seed in range(50):
        solution = _solved(puzzle.__name__, seed)[1]
        if solution is not None and solution.cost >= at_least:
            return seed
    pytest.fail(f"no quick case of random(seed=0..49) needs {at_least} moves or more")


#: How far the reference followed each puzzle: "name: moves checked of the case's cost".
REFERENCE_DEPTHS: Counter[str] = Counter()
#: Random cases set aside as too slow for the default engine, by puzzle.
SET_ASIDE: Counter[str] = Counter()
#: Limits refused by an engine, "name engine limit".
REFUSALS: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def report_coverage() -> Iterator[None]:
    yield
    if REFERENCE_DEPTHS:
        print("\nreference checked (moves from the goal / cost):")
        for key, count in sorted(REFERENCE_DEPTHS.items()):
            print(f"  {key}: {count}x")
    if REFUSALS:
        print("limits refused:", ", ".join(sorted(REFUSALS)))
    if SET_ASIDE:
        print(f"random cases over {CASE_NODES} nodes, set aside:", dict(SET_ASIDE))


# --------------------------------------------------------------------------
# The registry and the module's names


def test_the_registry_names_every_puzzle_module() -> None:
    assert isinstance(idastar.PUZZLES, tuple)
    assert all(isinstance(name, str) for name in idastar.PUZZLES)
    assert set(CONTRACT_PUZZLES) <= set(idastar.PUZZLES)
    for name in idastar.PUZZLES:
        assert idastar.puzzle(name) is importlib.import_module(f"idastar.{name}").PUZZLE


def test_the_core_puzzles_are_all_registered() -> None:
    assert set(idastar._core.PUZZLES) <= set(idastar.PUZZLES)


def test_batch_result_fields_have_the_contract_names() -> None:
    fields = {field.name for field in dataclasses.fields(idastar.BatchResult)}
    assert set(BATCH_FIELDS) <= fields


def test_module_offers_the_contract_names(name: str, puzzle: ModuleType) -> None:
    assert puzzle.NAME == name
    for names in (puzzle.ENGINES, puzzle.HEURISTICS):
        assert isinstance(names, tuple) and names
        assert all(isinstance(n, str) for n in names) and len(set(names)) == len(names)
    assert "ida" in puzzle.ENGINES
    missing = [f for f in FUNCTIONS if not callable(getattr(puzzle, f, None))]
    assert not missing, f"{name} lacks {missing}"
    assert hasattr(puzzle, "HARD_CASE")
    assert not puzzle.is_solved(puzzle.HARD_CASE)


def test_defaults_are_the_first_engine_and_heuristic(puzzle: ModuleType) -> None:
    """Leaving engine and heuristic out is asking for ENGINES[0] and
    HEURISTICS[0]: the same search, node for node, on the first thousand
    nodes of the hard case (or on a random case, for an engine that counts
    no nodes)."""
    first = {"engine": puzzle.ENGINES[0], "heuristic": puzzle.HEURISTICS[0]}
    case, limits = puzzle.HARD_CASE, {"node_limit": 1000, **SAFETY_NETS["node_limit"]}
    try:
        # Unhurried: a table this builds (counted against time_limit) is then
        # cached, and the timed calls below compare searches only.
        puzzle.solve(case, **first, node_limit=1000, time_limit=300)
    except ValueError as error:
        assert str(error).startswith("node_limit"), error
        case, limits = _solved(puzzle.__name__, first_seed_with_cost(puzzle, 1))[0], {}

    def search(result: Solution[Any]) -> tuple[Any, ...]:
        return (result.outcome, result.cost, result.path, result.lower_bound) + (
            (result.expanded, result.generated) if limits else ()
        )

    assert search(puzzle.solve(case, **limits)) == search(puzzle.solve(case, **first, **limits))
    assert [search(r) for r in puzzle.solve_many([case], **limits)] == [
        search(r) for r in puzzle.solve_many([case], **first, **limits)
    ]
    assert puzzle.lower_bound(case) == puzzle.lower_bound(case, heuristic=first["heuristic"])


# --------------------------------------------------------------------------
# One answer, however it is asked for


@CASES
@given(case_seeds=seed_lists)
def test_solve_solve_many_and_arrays_agree_whatever_the_threads(
    puzzle: ModuleType, case_seeds: list[int]
) -> None:
    """One answer, alone or in a batch, as Solutions or as arrays, on one
    thread or two."""
    cases = [solved(puzzle, seed)[0] for seed in case_seeds]
    singles = [solved(puzzle, seed)[1] for seed in case_seeds]
    for case, single in zip(cases, singles, strict=True):
        on_two = puzzle.solve(case, threads=2)
        assert (on_two.outcome, on_two.cost, on_two.path, on_two.lower_bound) == (
            single.outcome,
            single.cost,
            single.path,
            single.lower_bound,
        )
    listed = puzzle.solve_many(cases, threads=1)
    batch = puzzle.solve_many(cases, arrays=True, threads=2)

    assert isinstance(listed, list) and len(listed) == len(cases)
    for index, (single, many) in enumerate(zip(singles, listed, strict=True)):
        assert isinstance(single, Solution) and isinstance(many, Solution)
        assert (many.outcome, many.cost, many.path, many.lower_bound) == (
            single.outcome,
            single.cost,
            single.path,
            single.lower_bound,
        ), f"case {index}"

    assert isinstance(batch, idastar.BatchResult) and len(batch) == len(cases)
    assert batch.outcomes.dtype == np.uint8
    assert batch.costs.dtype == np.int32 and batch.lower_bounds.dtype == np.int32
    assert batch.expanded.dtype == np.uint64 and batch.generated.dtype == np.uint64
    assert batch.elapsed.dtype == np.float64
    assert batch.paths.dtype == np.int32 and batch.paths.shape[:2] == (
        len(cases),
        max(s.cost for s in singles),
    )
    for index, single in enumerate(singles):
        assert Outcome.from_code(batch.outcomes[index]) == single.outcome, f"case {index}"
        assert int(batch.costs[index]) == single.cost, f"case {index}"
        assert int(batch.lower_bounds[index]) == single.lower_bound, f"case {index}"
        assert (batch.paths[index, single.cost :] == -1).all(), f"case {index}: padding"
        from_batch = batch.solution(index)
        assert (from_batch.outcome, from_batch.cost, from_batch.lower_bound) == (
            single.outcome,
            single.cost,
            single.lower_bound,
        ), f"case {index}"
        assert canonical(from_batch.path) == canonical(batch.path(index)), f"case {index}"
    assert_same_moves(
        puzzle.NAME, [s.path for s in singles], [batch.path(i) for i in range(len(cases))]
    )


@CASES
@given(case_seeds=seed_lists)
def test_a_batch_without_paths_has_the_same_answers(
    puzzle: ModuleType, case_seeds: list[int]
) -> None:
    cases = [solved(puzzle, seed)[0] for seed in case_seeds]
    batch = puzzle.solve_many(cases, arrays=True, paths=False)
    assert batch.paths is None
    assert batch.costs.tolist() == [solved(puzzle, seed)[1].cost for seed in case_seeds]


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
@CASES
@given(seed=seeds)
def test_the_reference_agrees(name: str, puzzle: ModuleType, seed: int) -> None:
    """The reference solves the states along the optimal path, from the goal
    outwards, in exactly the moves left, with a path that replays there."""
    reference = reference_of(name)
    case, solution = solved(puzzle, seed)
    states = states_along(puzzle, case, solution.path)
    deadline = time.monotonic() + REFERENCE_SECONDS
    checked = -1
    for left in range(solution.cost + 1):
        state = states[solution.cost - left]
        try:
            answer = within(deadline - time.monotonic(), reference.solve, state)
        except OutOfTime:
            break
        assert isinstance(answer, Solution), type(answer)
        assert answer.cost == left, (
            f"{left} moves from the goal along the fast path, the reference says "
            f"{answer.cost}: {state}"
        )
        assert len(answer.path) == left
        assert puzzle.is_solved(puzzle.replay(state, answer.path)), (state, answer.path)
        checked = left
        if time.monotonic() >= deadline:
            break
    REFERENCE_DEPTHS[f"{name}: {checked}/{solution.cost}"] += 1
    assert checked >= min(solution.cost, 1), (
        f"the reference did not solve a state one move from the goal within "
        f"{REFERENCE_SECONDS} s: {states[-2:]}"
    )


# --------------------------------------------------------------------------
# Paths, distances and bounds


@CASES
@given(seed=seeds)
def test_every_path_replays_to_the_goal(puzzle: ModuleType, seed: int) -> None:
    case, solution = solved(puzzle, seed)
    assert len(solution.path) == solution.cost  # every move costs 1
    end = puzzle.replay(case, solution.path)
    assert puzzle.is_solved(end) is True
    # One move at a time gives the same states, none of them solved before
    # the end (an optimal path passes no goal on its way).
    state = case
    for made, (move, expected) in enumerate(
        zip(solution.path, states_along(puzzle, case, solution.path)[1:], strict=True), 1
    ):
        state = puzzle.apply(state, move)
        assert same_case(puzzle, state, expected), (made, state, expected)
        assert puzzle.is_solved(state) is (made == solution.cost), made
    assert puzzle.is_solved(case) is (solution.cost == 0)


@CASES
@given(seed=seeds)
def test_distance_is_the_cost_and_bounds_stay_below_it(puzzle: ModuleType, seed: int) -> None:
    case, solution = solved(puzzle, seed)
    distance = puzzle.distance(case)
    assert type(distance) is int and distance == solution.cost
    states = states_along(puzzle, case, solution.path)
    halfway = solution.cost // 2
    assert puzzle.distance(states[halfway]) == solution.cost - halfway
    # Some ten states along the path, the goal among them.
    step = max(1, solution.cost // BOUNDS_CHECKED)
    for made, state in [*[*enumerate(states)][::step], (solution.cost, states[-1])]:
        for heuristic in puzzle.HEURISTICS:
            bound = puzzle.lower_bound(state, heuristic=heuristic)
            assert type(bound) is int, (heuristic, type(bound))
            assert 0 <= bound <= solution.cost - made, (heuristic, made, state, bound)
    assert puzzle.lower_bound(case) == puzzle.lower_bound(case, heuristic=puzzle.HEURISTICS[0])


# --------------------------------------------------------------------------
# Results as values


@CASES
@given(case_seeds=seed_lists)
def test_results_pickle_and_serialise(puzzle: ModuleType, case_seeds: list[int]) -> None:
    cases = [solved(puzzle, seed)[0] for seed in case_seeds]
    limited = puzzle.solve(
        puzzle.HARD_CASE, engine="ida", node_limit=0, **SAFETY_NETS["node_limit"]
    )
    for solution in [solved(puzzle, seed)[1] for seed in case_seeds] + [limited]:
        again = pickle.loads(pickle.dumps(solution))
        assert type(again) is type(solution) and again == solution
        assert solution.solved is (solution.outcome == Outcome.SOLVED)
        assert (solution.expanded, solution.generated, solution.elapsed) == (
            solution.stats.expanded,
            solution.stats.generated,
            solution.stats.elapsed,
        )
        written = solution.to_dict()
        read = json.loads(json.dumps(written))
        assert read["outcome"] == solution.outcome.value
        assert (read["cost"], read["lower_bound"]) == (solution.cost, solution.lower_bound)
        assert len(read["path"]) == len(solution.path)
    batch = puzzle.solve_many(cases, arrays=True)
    again = pickle.loads(pickle.dumps(batch))
    for field in dataclasses.fields(batch):
        left, right = getattr(batch, field.name), getattr(again, field.name)
        assert (left is None) == (right is None), field.name
        if left is not None:
            np.testing.assert_array_equal(left, right, err_msg=field.name)


# --------------------------------------------------------------------------
# Random cases and their codes


@CASES
@given(seed=seeds)
def test_random_is_deterministic_and_valid(puzzle: ModuleType, seed: int) -> None:
    case = puzzle.random(seed=seed)
    assert canonical(puzzle.random(seed=seed)) == canonical(case)
    solved(puzzle, seed)  # solve takes it and solves it


def test_random_depends_on_the_seed(puzzle: ModuleType) -> None:
    assert len({canonical(puzzle.random(seed=seed)) for seed in range(10)}) > 1


def test_random_works_without_arguments(puzzle: ModuleType) -> None:
    case = puzzle.random()
    assert isinstance(puzzle.is_solved(case), bool)
    assert puzzle.lower_bound(case) >= 0


@CASES
@given(case_seeds=st.lists(seeds, min_size=1, max_size=8))
def test_pack_and_unpack_round_trip(puzzle: ModuleType, case_seeds: list[int]) -> None:
    size, unpack_size = size_options(puzzle, "pack"), size_options(puzzle, "unpack")
    cases = [puzzle.random(seed=seed) for seed in case_seeds]
    codes = puzzle.pack(cases, **size)
    # One code a case (a number, or a row of words for a large case): equal
    # cases, equal codes, and no two cases share one.
    assert codes.dtype == np.uint64 and len(codes) == len(cases)
    distinct_cases = {canonical(case) for case in cases}
    assert len({canonical(code) for code in codes}) == len(distinct_cases)
    back = puzzle.unpack(codes, **unpack_size)
    assert len(back) == len(cases)
    np.testing.assert_array_equal(puzzle.pack(back, **size), codes)
    flat = all(isinstance(item, int) for item in canonical(cases[0]))
    for index, (case, row) in enumerate(zip(cases, back, strict=True)):
        if flat:  # the case is its row of numbers
            assert canonical(row) == canonical(case), f"case {index}"
        assert puzzle.lower_bound(row) == puzzle.lower_bound(case), f"case {index}"
    if flat and len({len(case) for case in cases}) == 1:
        np.testing.assert_array_equal(puzzle.pack(np.array(cases), **size), codes)


# --------------------------------------------------------------------------
# Limits, on every engine


def solve_or_refuse(
    puzzle: ModuleType,
    engine: str,
    case: Any,
    limit: str,
    value: object,
    nets: dict[str, Any] | None = None,
) -> Solution[Any] | None:
    """``solve`` with the limit; None when the engine refuses it, as the
    contract allows, with a ValueError naming the limit and the engine.

    ``nets`` are further limits that only end a search that ignores the
    first (see :data:`SAFETY_NETS`); one the engine refuses is dropped from
    the dictionary, for the caller's next call too.
    """
    nets = {} if nets is None else nets
    try:
        return puzzle.solve(case, engine=engine, **{limit: value}, **nets)  # type: ignore[no-any-return]
    except InvalidPuzzle:
        raise
    except ValueError as error:
        message = str(error)
        refused_net = next((net for net in nets if message.startswith(net)), None)
        if refused_net is not None:
            del nets[refused_net]
            return solve_or_refuse(puzzle, engine, case, limit, value, nets)
        assert limit in message and engine in message, message
        assert engine != "ida" or limit == "state_limit", f"the generic IDA* refused {limit}"
        REFUSALS[f"{puzzle.NAME} {engine} {limit}"] += 1
        return None


def assert_unfinished(result: Solution[Any], outcome: Outcome) -> None:
    assert result.outcome == outcome, result
    assert result.cost is None and tuple(result.path) == ()
    assert result.lower_bound is None or (
        type(result.lower_bound) is int and result.lower_bound >= 0
    )


#: Beside each limit under test, another one that ends the hard case should
#: the module ignore the first: the test then fails on the outcome rather
#: than run for minutes.
SAFETY_NETS: dict[str, dict[str, Any]] = {
    "node_limit": {"time_limit": 2},
    "time_limit": {"node_limit": 10**6},
    "max_moves": {"time_limit": 2},
}


@pytest.mark.parametrize(
    ("limit", "outcome"),
    [("node_limit", Outcome.NODE_LIMIT), ("time_limit", Outcome.TIME_LIMIT)],
)
def test_a_spent_limit_stops_every_engine(
    puzzle: ModuleType, engine: str, limit: str, outcome: Outcome
) -> None:
    nets = dict(SAFETY_NETS[limit])
    started = time.monotonic()
    result = solve_or_refuse(puzzle, engine, puzzle.HARD_CASE, limit, 0, nets)
    if result is None:
        return
    assert_unfinished(result, outcome)
    # A limit already spent stops the search as soon as Ctrl-C would.
    assert time.monotonic() - started < STOP_SECONDS
    batch = puzzle.solve_many(
        [puzzle.HARD_CASE] * 2, engine=engine, arrays=True, **{limit: 0}, **nets
    )
    assert [Outcome.from_code(code) for code in batch.outcomes] == [outcome] * 2
    assert batch.costs.tolist() == [-1, -1]


def test_max_moves_below_the_optimum_is_no_solution(puzzle: ModuleType, engine: str) -> None:
    # At the root of an unsolved case, no move allowed.
    result = solve_or_refuse(
        puzzle, engine, puzzle.HARD_CASE, "max_moves", 0, dict(SAFETY_NETS["max_moves"])
    )
    if result is None:
        return
    assert_unfinished(result, Outcome.NO_SOLUTION)
    assert result.lower_bound is not None and result.lower_bound > 0
    # One move short of a case whose distance is known: the bound proven is that distance.
    case, distance = near_goal(puzzle, first_seed_with_cost(puzzle, NEAR_GOAL_MOVES))
    short = puzzle.solve(case, engine=engine, max_moves=distance - 1, time_limit=NEAR_GOAL_SECONDS)
    assert_unfinished(short, Outcome.NO_SOLUTION)
    assert short.lower_bound == distance
    enough = puzzle.solve(case, engine=engine, max_moves=distance, time_limit=NEAR_GOAL_SECONDS)
    assert (enough.outcome, enough.cost) == (Outcome.SOLVED, distance)


def test_max_moves_below_the_bound_ends_the_generic_ida_at_once(puzzle: ModuleType) -> None:
    """Below the heuristic's own bound the hard case needs no search at all."""
    bound = puzzle.lower_bound(puzzle.HARD_CASE)
    assert bound > 0
    result = puzzle.solve(
        puzzle.HARD_CASE, engine="ida", max_moves=bound - 1, **SAFETY_NETS["max_moves"]
    )
    assert_unfinished(result, Outcome.NO_SOLUTION)
    assert result.lower_bound is not None and result.lower_bound > bound - 1


def test_state_limit_stops_the_storing_engines(puzzle: ModuleType, engine: str) -> None:
    """A storing engine cannot store the hard case's root and children in no
    room; an engine that stores nothing takes the limit and is not stopped by it."""
    if engine in STORING_ENGINES:
        # The time limit only ends a search that ignores the state limit.
        result = solve_or_refuse(
            puzzle, engine, puzzle.HARD_CASE, "state_limit", 0, {"time_limit": 2}
        )
        if result is not None:
            assert_unfinished(result, Outcome.MEMORY_LIMIT)
        return
    case, distance = near_goal(puzzle, first_seed_with_cost(puzzle, NEAR_GOAL_MOVES))
    result = solve_or_refuse(
        puzzle, engine, case, "state_limit", 0, {"time_limit": NEAR_GOAL_SECONDS}
    )
    if result is not None:
        assert (result.outcome, result.cost) == (Outcome.SOLVED, distance)


@CASES
@given(seed=seeds)
def test_every_engine_solves_near_the_goal(puzzle: ModuleType, engine: str, seed: int) -> None:
    case, distance = near_goal(puzzle, seed)
    result = puzzle.solve(case, engine=engine, time_limit=NEAR_GOAL_SECONDS)
    assert (result.outcome, result.cost) == (Outcome.SOLVED, distance)
    assert len(result.path) == distance
    assert puzzle.is_solved(puzzle.replay(case, result.path))


@CASES
@given(seed=seeds)
def test_every_engine_gives_one_answer_on_one_thread_or_two(
    puzzle: ModuleType, engine: str, seed: int
) -> None:
    case, _ = near_goal(puzzle, seed)
    one, two = (
        puzzle.solve(case, engine=engine, time_limit=NEAR_GOAL_SECONDS, threads=threads)
        for threads in (1, 2)
    )
    assert (two.outcome, two.cost, two.path, two.lower_bound) == (
        one.outcome,
        one.cost,
        one.path,
        one.lower_bound,
    )


@CASES
@given(seed=seeds)
def test_every_heuristic_solves_near_the_goal(puzzle: ModuleType, seed: int) -> None:
    case, distance = near_goal(puzzle, seed)
    for heuristic in puzzle.HEURISTICS:
        result = puzzle.solve(case, engine="ida", heuristic=heuristic, time_limit=NEAR_GOAL_SECONDS)
        assert (result.outcome, result.cost) == (Outcome.SOLVED, distance), heuristic


# --------------------------------------------------------------------------
# Odd arguments

BAD_OPTION_NAME = "no_such_option"


@pytest.fixture
def case(puzzle: ModuleType) -> Any:
    return puzzle.random(seed=0)


@pytest.mark.parametrize("option", ["engine", "heuristic"])
def test_an_unknown_choice_is_a_value_error_naming_the_option(
    puzzle: ModuleType, case: Any, option: str
) -> None:
    calls = [
        lambda: puzzle.solve(case, **{option: "no-such-choice"}),
        lambda: puzzle.solve_many([case], **{option: "no-such-choice"}),
        lambda: puzzle.solve_many([case], arrays=True, **{option: "no-such-choice"}),
    ]
    if option == "heuristic":
        calls.append(lambda: puzzle.lower_bound(case, heuristic="no-such-choice"))
    for call in calls:
        with pytest.raises(ValueError) as raised:
            call()
        assert not isinstance(raised.value, InvalidPuzzle)
        assert str(raised.value).startswith(option), raised.value


@pytest.mark.parametrize("function", ["solve", "solve_many", "distance", "lower_bound", "random"])
def test_an_unknown_keyword_is_a_type_error(puzzle: ModuleType, case: Any, function: str) -> None:
    arguments = {"solve_many": ([case],), "random": ()}.get(function, (case,))
    with pytest.raises(TypeError, match=BAD_OPTION_NAME):
        getattr(puzzle, function)(*arguments, **{BAD_OPTION_NAME: 1})


@pytest.mark.parametrize(
    ("value", "error"), [("x", TypeError), (-1, ValueError)], ids=["a string", "negative"]
)
@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("function", ["solve", "solve_many"])
def test_a_bad_limit_is_an_error_naming_it(
    puzzle: ModuleType, case: Any, function: str, limit: str, value: object, error: type
) -> None:
    """A wrong type is a TypeError naming the limit; a value out of range a
    ValueError that starts with its name."""
    cases = [case] if function == "solve_many" else case
    with pytest.raises(error) as raised:
        getattr(puzzle, function)(cases, **{limit: value})
    assert not isinstance(raised.value, InvalidPuzzle)
    message = str(raised.value)
    assert message.startswith(limit) if error is ValueError else limit in message, message


@pytest.mark.parametrize("function", ["solve", "solve_many"])
def test_bad_thread_counts(puzzle: ModuleType, case: Any, function: str) -> None:
    cases = [case] if function == "solve_many" else case
    for threads in (0, -1, MAX_THREADS + 1):
        with pytest.raises(ValueError) as raised:
            getattr(puzzle, function)(cases, threads=threads)
        assert str(raised.value).startswith("threads"), raised.value
    for wrong in ("x", 2.0, True):
        with pytest.raises(TypeError, match="threads"):
            getattr(puzzle, function)(cases, threads=wrong)


#: Cases no puzzle takes; True where a TypeError is also fine (not a sequence).
BAD_CASES = {
    "a string": ("not a case", False),
    "strings": (["a", "b", "c"], False),
    "empty": ([], False),
    "oversized": (list(range(1, 10_001)), False),
    "a number": (42, True),
    "None": (None, True),
}


@pytest.mark.parametrize("kind", list(BAD_CASES))
def test_a_bad_case_is_invalid_puzzle(puzzle: ModuleType, case: Any, kind: str) -> None:
    bad, not_a_sequence = BAD_CASES[kind]
    expected = (InvalidPuzzle, TypeError) if not_a_sequence else InvalidPuzzle
    move = solved(puzzle, first_seed_with_cost(puzzle, 1))[1].path[0]
    for call in (
        lambda: puzzle.solve(bad),
        lambda: puzzle.distance(bad),
        lambda: puzzle.lower_bound(bad),
        lambda: puzzle.is_solved(bad),
        lambda: puzzle.replay(bad, []),
        lambda: puzzle.apply(bad, move),
    ):
        with pytest.raises(expected):
            call()
    for arrays in (False, True):
        with pytest.raises(expected) as raised:
            puzzle.solve_many([case, bad], arrays=arrays)
        assert str(raised.value).startswith("cases[1]: "), raised.value


# --------------------------------------------------------------------------
# Ctrl-C


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
@pytest.mark.parametrize(
    "call",
    [
        # Again and again: on two idle cores one solve of the hard case can
        # end before the signal comes.
        "for _ in range(100): puzzle.solve(puzzle.HARD_CASE, engine='ida')",
        "for _ in range(100): puzzle.solve(puzzle.HARD_CASE, engine='ida', threads=2)",
        "puzzle.solve_many([puzzle.HARD_CASE] * 4, engine='ida')",
    ],
    ids=["solve", "solve on two threads", "solve_many"],
)
def test_ctrl_c_stops_the_hard_case(name: str, call: str) -> None:
    load(name)  # fails here, with the import's own error, for a module that is not there
    assert seconds_to_stop_on_ctrl_c(call, setup=LOAD_IN_CHILD.format(name=name)) < STOP_SECONDS
