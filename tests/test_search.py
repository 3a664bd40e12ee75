"""The Rust engines on Python callables, against the pure-Python reference engines."""

from __future__ import annotations

import itertools
import pickle
import sys
from collections.abc import Iterator

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


@pytest.mark.parametrize(
    ("successors", "message"),
    [
        (lambda n: [(n + 1, 1.5)], "non-negative integers"),
        (lambda n: [(n + 1, -1)], "non-negative integers"),
        (lambda n: [n + 1], r"\(state, cost\) pairs"),
    ],
)
def test_bad_successors_are_named(successors: search.Successors, message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        search.ida_star(0, successors, lambda n: 0, lambda n: n == 3)


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

    result = search.bfs(0, endless, lambda n: n < 0, max_nodes=100)
    assert result.outcome is Outcome.NODE_LIMIT
    result = search.astar(0, endless, lambda n: 0, lambda n: n < 0, max_states=50)
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
