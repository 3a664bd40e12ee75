"""The Rust engines on Python callables, against the pure-Python reference engines."""

from __future__ import annotations

import itertools
import pickle
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from conftest import seconds_to_stop_on_ctrl_c
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar import Outcome, search
from idastar import reference as ref

Graph = dict[int, list[tuple[int, int]]]


@st.composite
def weighted_graphs(draw: st.DrawFn, unit: bool = False) -> tuple[Graph, int, int]:
    """A random digraph on up to 9 nodes, cycles allowed, with a start and a goal."""
    size = draw(st.integers(2, 9))
    edges: Graph = {node: [] for node in range(size)}
    for _ in range(draw(st.integers(0, 3 * size))):
        a, b = draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))
        cost = 1 if unit else draw(st.integers(0, 5))
        edges[a].append((b, cost))
    return edges, draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))


def path_cost(graph: Graph, path: list[int]) -> int:
    total = 0
    for a, b in itertools.pairwise(path):
        total += min(cost for target, cost in graph[a] if target == b)
    return total


@settings(max_examples=150, deadline=None)
@given(weighted_graphs())
def test_weighted_engines_agree_with_the_reference(case: tuple[Graph, int, int]) -> None:
    graph, start, goal = case

    def successors(node: int) -> Iterator[tuple[int, int]]:
        yield from graph[node]

    def zero(node: int) -> int:
        return 0

    def is_goal(node: int) -> bool:
        return node == goal

    expected = ref.ida_star(start, successors, zero, is_goal)
    results = {
        "ida_star": search.ida_star(start, successors, zero, is_goal),
        "astar": search.astar(start, successors, zero, is_goal),
        "iddfs": search.iddfs(start, successors, is_goal),
    }
    for name, result in results.items():
        assert result.outcome.value == expected.outcome.value, name
        assert result.cost == expected.cost, name
        if result.solved:
            assert result.path[0] == start and result.path[-1] == goal, name
            assert path_cost(graph, result.path) == result.cost, name


@settings(max_examples=150, deadline=None)
@given(weighted_graphs(unit=True))
def test_unit_engines_agree_with_the_reference(case: tuple[Graph, int, int]) -> None:
    graph, start, goal = case

    def successors(node: int) -> Iterator[tuple[int, int]]:
        yield from graph[node]

    def predecessors(node: int) -> Iterator[tuple[int, int]]:
        for a, targets in graph.items():
            for b, cost in targets:
                if b == node:
                    yield a, cost

    expected = ref.bfs(start, successors, lambda n: n == goal)
    for result in (
        search.bfs(start, successors, lambda n: n == goal),
        search.bidirectional_bfs(start, goal, successors, predecessors),
    ):
        assert result.outcome.value == expected.outcome.value
        assert result.cost == expected.cost
        if result.solved:
            assert result.path[0] == start and result.path[-1] == goal
            assert len(result.path) == result.cost + 1


def test_states_may_be_any_hashable_value() -> None:
    # Sort a string by swapping neighbours: states are strings.
    def swaps(word: str) -> Iterator[tuple[str, int]]:
        for i in range(len(word) - 1):
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :], 1

    def misplaced(word: str) -> int:
        return sum(a != b for a, b in zip(word, sorted(word), strict=True)) // 2

    result = search.ida_star("dcba", swaps, misplaced, lambda w: w == "abcd")
    assert result.cost == 6  # the inversions of "dcba"
    assert result.path[0] == "dcba" and result.path[-1] == "abcd"
    assert search.astar("dcba", swaps, misplaced, lambda w: w == "abcd").cost == 6


def test_callback_exceptions_propagate_unchanged() -> None:
    class Boom(Exception):
        pass

    def successors(n: int) -> Iterator[tuple[int, int]]:
        if n == 3:
            raise Boom("at three")
        yield n + 1, 1

    for run in (
        lambda: search.bfs(0, successors, lambda n: n == 10),
        lambda: search.ida_star(0, successors, lambda n: 0, lambda n: n == 10),
        lambda: search.astar(0, successors, lambda n: 0, lambda n: n == 10),
    ):
        with pytest.raises(Boom, match="at three"):
            run()

    def bad_goal(n: int) -> bool:
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        search.bfs(0, successors, bad_goal)


def every_engine(
    successors: search.Successors, heuristic: Callable[[Any], Any] = lambda n: 0
) -> list[Callable[[], object]]:
    """A search for state 3 from 0 by each engine, with these callbacks."""
    return [
        lambda: search.ida_star(0, successors, heuristic, lambda n: n == 3),
        lambda: search.astar(0, successors, heuristic, lambda n: n == 3),
        lambda: search.iddfs(0, successors, lambda n: n == 3),
        lambda: search.bfs(0, successors, lambda n: n == 3),
        lambda: search.bidirectional_bfs(0, 3, successors),
    ]


@pytest.mark.parametrize(
    ("successors", "error", "message"),
    [
        (lambda n: [(n + 1, 1.5)], TypeError, "move costs must be integers, got 1.5"),
        (lambda n: [(n + 1, float("nan"))], TypeError, "move costs must be integers, got nan"),
        (lambda n: [(n + 1, "1")], TypeError, "move costs must be integers, got '1'"),
        (lambda n: [(n + 1, None)], TypeError, "move costs must be integers, got None"),
        (lambda n: [(n + 1, -1)], ValueError, "move costs must be integers from 0 to 4294967295"),
        (lambda n: [(n + 1, 2**32)], ValueError, "from 0 to 4294967295, got 4294967296"),
        (lambda n: [(n + 1, np.int64(-5))], ValueError, "from 0 to 4294967295, got np.int64"),
        (lambda n: [n + 1], TypeError, r"successors must yield \(state, cost\) pairs, got 1"),
        (lambda n: [[n + 1, 1]], TypeError, r"\(state, cost\) pairs, got \[1, 1\]"),
        (lambda n: [(n + 1, 1, 1)], TypeError, r"\(state, cost\) pairs, got \(1, 1, 1\)"),
        (lambda n: None, TypeError, "must return an iterable of .* pairs, got NoneType"),
        (lambda n: 7, TypeError, "must return an iterable of .* pairs, got int"),
        (lambda n: [([n], 1)], TypeError, "unhashable type: 'list'"),
    ],
)
def test_bad_successors_are_named(
    successors: search.Successors, error: type[Exception], message: str
) -> None:
    for run in every_engine(successors):
        with pytest.raises(error, match=message):
            run()


@pytest.mark.parametrize(
    ("heuristic", "error", "message"),
    [
        (
            lambda n: -1,
            ValueError,
            "heuristic values must be integers from 0 to 4294967295, got -1",
        ),
        (lambda n: 2**40, ValueError, "from 0 to 4294967295, got 1099511627776"),
        (lambda n: 0.5, TypeError, "heuristic values must be integers, got 0.5"),
        (lambda n: float("nan"), TypeError, "heuristic values must be integers, got nan"),
        (lambda n: float("inf"), TypeError, "heuristic values must be integers, got inf"),
        (lambda n: None, TypeError, "heuristic values must be integers, got None"),
    ],
)
def test_bad_heuristic_values_are_named(
    heuristic: Callable[[Any], Any], error: type[Exception], message: str
) -> None:
    for run in every_engine(lambda n: [(n + 1, 1)], heuristic)[:2]:
        with pytest.raises(error, match=message):
            run()


def test_booleans_count_as_the_integers_they_are() -> None:
    # As in Python arithmetic, and in the reference engines.
    assert (
        search.ida_star(0, lambda n: [(n + 1, True)], lambda n: n < 3, lambda n: n == 3).cost == 3
    )


def test_what_is_not_callable_is_a_type_error_naming_the_argument() -> None:
    step = lambda n: [(n + 1, 1)]  # noqa: E731
    for run, name in [
        (lambda: search.bfs(0, 5, lambda n: n == 3), "successors must be callable, got int"),  # type: ignore[arg-type]
        (
            lambda: search.astar(0, step, "h", lambda n: n == 3),
            "heuristic must be callable, got str",
        ),  # type: ignore[arg-type]
        (lambda: search.iddfs(0, step, [3]), "is_goal must be callable, got list"),  # type: ignore[arg-type]
        (lambda: search.bfs(0, step, None), "bfs needs is_goal, got None"),  # type: ignore[arg-type]
        (lambda: search.bidirectional_bfs(0, 3, step, 1), "predecessors must be callable"),  # type: ignore[arg-type]
    ]:
        with pytest.raises(TypeError, match=name):
            run()


def test_bidirectional_search_without_a_goal_is_a_value_error() -> None:
    # It used to be a Rust panic, which `except Exception` does not catch.
    with pytest.raises(ValueError, match="goal must be the goal state for bidirectional_bfs"):
        search.bidirectional_bfs(0, None, lambda s: [(s + 1, 1)])


def test_unhashable_states_are_a_type_error() -> None:
    with pytest.raises(TypeError, match="unhashable"):
        search.bfs([0], lambda s: [], lambda s: False)
    with pytest.raises(TypeError, match="unhashable"):
        search.bidirectional_bfs(0, {3}, lambda s: [])


def test_a_state_whose_hash_or_equality_raises_propagates_it() -> None:
    class Touchy:
        def __init__(self, n: int, fails: str) -> None:
            self.n, self.fails = n, fails

        def __hash__(self) -> int:
            if self.fails == "hash":
                raise ArithmeticError("no hash")
            return 0

        def __eq__(self, other: object) -> bool:
            raise LookupError("no equality")

    with pytest.raises(ArithmeticError, match="no hash"):
        search.bfs(Touchy(0, "hash"), lambda s: [], lambda s: False)
    # Equality is asked when two states share a hash.
    with pytest.raises(LookupError, match="no equality"):
        search.bfs(Touchy(0, "eq"), lambda s: [(Touchy(1, "eq"), 1)], lambda s: False)


@pytest.mark.parametrize("value", [-1, float("nan")])
def test_bad_time_limits_are_value_errors_naming_the_option(value: object) -> None:
    with pytest.raises(ValueError, match="time_limit must be a non-negative number of seconds"):
        search.bfs(0, lambda s: [(s + 1, 1)], lambda s: s == 3, time_limit=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["1", True, [1]])
def test_time_limits_of_the_wrong_type_are_type_errors_naming_the_option(value: object) -> None:
    with pytest.raises(TypeError, match="time_limit must be a number of seconds"):
        search.bfs(0, lambda s: [(s + 1, 1)], lambda s: s == 3, time_limit=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [10**400, float("inf"), 1e300], ids=["10**400", "inf", "1e300"])
def test_time_limits_beyond_any_clock_are_no_limits(value: float) -> None:
    assert search.bfs(0, lambda s: [(s + 1, 1)], lambda s: s == 3, time_limit=value).cost == 3


def test_a_callback_may_search_in_turn() -> None:
    def steps(n: int) -> list[tuple[int, int]]:
        return [(n + 1, 1), (n + 2, 1)]

    def moves_to_ten_or_more(n: int) -> int:
        inner = search.bfs(n, steps, lambda m: m >= 10)
        assert inner.cost is not None
        return inner.cost

    assert search.ida_star(0, steps, moves_to_ten_or_more, lambda n: n == 10).cost == 5


def test_endless_recursion_through_a_callback_is_a_recursion_error() -> None:
    def heuristic(n: int) -> int:
        return search.ida_star(n, lambda m: [(m + 1, 1)], heuristic, lambda m: m == 1).cost or 0

    with pytest.raises(RecursionError):
        search.ida_star(0, lambda n: [(n + 1, 1)], heuristic, lambda n: n == 3)


def test_a_path_deeper_than_the_stack_holds_is_searched() -> None:
    # A subprocess, since a stack overflow aborts the interpreter: the
    # depth-first search used to recurse once per move and crashed some
    # 50,000 moves down.
    script = textwrap.dedent(
        """
        from idastar import search
        deep = 100_000
        result = search.ida_star(
            0, lambda n: [(n + 1, 1)] if n < deep else [], lambda n: deep - n, lambda n: n == deep
        )
        print(result.cost, len(result.path))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert (done.returncode, done.stdout.split()) == (0, ["100000", "100001"]), done.stderr


@pytest.mark.parametrize("engine", ["ida_star", "astar", "iddfs", "bfs", "bidirectional_bfs"])
def test_slow_callbacks_keep_the_time_limit(engine: str) -> None:
    def successors(n: int) -> Iterator[tuple[int, int]]:
        time.sleep(0.002)
        yield n + 1, 1
        yield n + 2, 1

    started = time.monotonic()
    if engine == "bidirectional_bfs":
        result = search.bidirectional_bfs(0, -(10**6), successors, time_limit=0.05)
    elif engine in ("ida_star", "astar"):
        result = getattr(search, engine)(
            0, successors, lambda n: 0, lambda n: n < 0, time_limit=0.05
        )
    else:
        result = getattr(search, engine)(0, successors, lambda n: n < 0, time_limit=0.05)
    assert result.outcome is Outcome.TIME_LIMIT
    # The limits used to be looked at every 4096 expansions: 8 s here.
    assert time.monotonic() - started < 1.0


def test_unreachable_goal_on_a_cyclic_graph_ends() -> None:
    ring = {0: [(1, 1)], 1: [(2, 1)], 2: [(0, 1)]}
    for result in (
        search.ida_star(0, lambda n: ring[n], lambda n: 0, lambda n: n == 7),
        search.iddfs(0, lambda n: ring[n], lambda n: n == 7),
        search.astar(0, lambda n: ring[n], lambda n: 0, lambda n: n == 7),
        search.bfs(0, lambda n: ring[n], lambda n: n == 7),
    ):
        assert result.outcome is Outcome.NO_SOLUTION
        assert result.lower_bound is None


def test_limits() -> None:
    def endless(n: int) -> Iterator[tuple[int, int]]:
        yield n + 1, 1
        yield n + 2, 1

    result = search.bfs(0, endless, lambda n: n < 0, node_limit=100)
    assert result.outcome is Outcome.NODE_LIMIT
    result = search.astar(0, endless, lambda n: 0, lambda n: n < 0, state_limit=50)
    assert result.outcome is Outcome.MEMORY_LIMIT
    result = search.iddfs(0, endless, lambda n: n < 0, time_limit=0.05)
    assert result.outcome is Outcome.TIME_LIMIT
    result = search.ida_star(0, endless, lambda n: 0, lambda n: n == 9, max_cost=3)
    assert (result.outcome, result.lower_bound) == (Outcome.NO_SOLUTION, 4)


def test_results_pickle() -> None:
    result = search.bfs(1, lambda n: [(n + 1, 1), (2 * n, 1)], lambda n: n == 10)
    assert pickle.loads(pickle.dumps(result)) == result


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
def test_ctrl_c_stops_a_search_on_callables() -> None:
    delay = seconds_to_stop_on_ctrl_c(
        "search.iddfs(0, lambda n: [(n + 1, 1), (n + 2, 1), (n + 3, 1)], lambda n: n < 0)",
        setup="from idastar import search",
    )
    assert delay < 0.5


def test_a_misspelt_limit_is_named_by_the_core_with_the_name_meant() -> None:
    with pytest.raises(
        TypeError, match=r'unexpected option "node_limt" \(did you mean "node_limit"\?\)'
    ):
        search.bfs(1, lambda n: [(n + 1, 1)], lambda n: n == 5, node_limt=3)  # type: ignore[call-arg]


@pytest.mark.parametrize("engine", [search.ida_star, search.iddfs])
def test_the_engines_that_store_no_states_take_no_state_limit(engine: Any) -> None:
    step, goal = (lambda n: [(n + 1, 1)]), (lambda n: n == 5)
    arguments: tuple[Any, ...] = (
        (1, step, goal) if engine is search.iddfs else (1, step, lambda n: 0, goal)
    )
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'state_limit'"):
        engine(*arguments, state_limit=10)
    assert engine(*arguments, max_cost=None, node_limit=None, time_limit=None).cost == 4
