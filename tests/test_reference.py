"""Tests of the pure-Python reference implementation on its own.

The reference is the second opinion against which the Rust core is checked,
so it is itself checked against answers known independently: tiny graphs
solved by hand, a Dijkstra written here, a breadth-first search over block
moves generated a different way (cut a block out, insert it elsewhere), the
seed samples and OEIS A164366.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from idastar.reference import Outcome, bfs, booksort, ida_star
from idastar.reference.engines import Iteration, bfs_layers

Graph = dict[str, list[tuple[str, int]]]


def successors_of(graph: Graph) -> Callable[[str], Iterator[tuple[str, int]]]:
    def successors(state: str) -> Iterator[tuple[str, int]]:
        yield from graph.get(state, [])

    return successors


def zero(_state: object) -> int:
    return 0


def goal_is(target: str) -> Callable[[str], bool]:
    return lambda state: state == target


def path_cost(graph: Graph, path: list[str]) -> int:
    return sum(min(c for t, c in graph[a] if t == b) for a, b in itertools.pairwise(path))


# --- engines on hand-made graphs ---------------------------------------------

# Depth-first order meets the goal first through the expensive direct edge.
# Accepting it before the bound test returns cost 10 instead of 2.
GOAL_BEFORE_BOUND_TRAP: Graph = {
    "S": [("G", 10), ("A", 1)],
    "A": [("G", 1)],
}

# A is met first through the expensive edge S->A, within the final bound 4.
# Marking it visited for the rest of the iteration blocks the cheap route
# S->B->A->C->G (cost 4) and yields S->A->C->G (cost 5) an iteration later.
VISITED_SET_TRAP: Graph = {
    "S": [("A", 3), ("B", 1)],
    "B": [("A", 1)],
    "A": [("C", 1)],
    "C": [("G", 1)],
}


def test_goal_is_tested_after_the_bound() -> None:
    result = ida_star("S", successors_of(GOAL_BEFORE_BOUND_TRAP), zero, goal_is("G"))
    assert result.outcome is Outcome.SOLVED
    assert result.cost == 2
    assert result.path == ("S", "A", "G")


def test_no_per_iteration_visited_set() -> None:
    result = ida_star("S", successors_of(VISITED_SET_TRAP), zero, goal_is("G"))
    assert result.cost == 4
    assert result.path == ("S", "B", "A", "C", "G")
    assert path_cost(VISITED_SET_TRAP, result.path) == 4


def test_thresholds_and_statistics() -> None:
    graph: Graph = {"S": [("A", 2), ("B", 3)], "A": [("G", 3)], "B": [("G", 1)]}
    heuristic = {"S": 1, "A": 1, "B": 1, "G": 0}.__getitem__
    result = ida_star("S", successors_of(graph), heuristic, goal_is("G"))
    assert result.solved
    assert (result.cost, result.path) == (4, ("S", "B", "G"))
    assert [it.bound for it in result.stats.iterations] == [1, 3, 4]
    assert result.stats.iterations[0] == Iteration(bound=1, expanded=1, generated=2)
    assert result.expanded == sum(it.expanded for it in result.stats.iterations)
    assert result.generated == sum(it.generated for it in result.stats.iterations)


def test_start_is_goal() -> None:
    result = ida_star("S", successors_of({}), zero, goal_is("S"), node_limit=0)
    assert (result.outcome, result.cost, result.path, result.lower_bound) == (
        Outcome.SOLVED,
        0,
        ("S",),
        0,
    )
    assert (result.stats.iterations, result.expanded, result.generated) == (
        (Iteration(0, 0, 0),),
        0,
        0,
    )
    assert bfs("S", successors_of({}), goal_is("S"), node_limit=0).path == ("S",)


def test_zero_cost_cycles_terminate() -> None:
    graph: Graph = {"S": [("A", 0)], "A": [("S", 0), ("B", 0)], "B": [("A", 0), ("G", 2)]}
    result = ida_star("S", successors_of(graph), zero, goal_is("G"))
    assert (result.cost, result.path) == (2, ("S", "A", "B", "G"))


def test_max_cost() -> None:
    graph = VISITED_SET_TRAP
    below = ida_star("S", successors_of(graph), zero, goal_is("G"), max_cost=3)
    assert below.outcome is Outcome.NO_SOLUTION
    assert (below.cost, below.path) == (None, ())
    assert max(it.bound for it in below.stats.iterations) <= 3
    at = ida_star("S", successors_of(graph), zero, goal_is("G"), max_cost=4)
    assert (at.outcome, at.cost) == (Outcome.SOLVED, 4)


def test_max_cost_below_the_start_heuristic() -> None:
    result = ida_star("S", successors_of({}), lambda s: 5, goal_is("G"), max_cost=4)
    assert result.outcome is Outcome.NO_SOLUTION
    assert result.stats.iterations == ()


CHAIN: Graph = {str(i): [(str(i + 1), 1)] for i in range(10)}


def test_node_limit() -> None:
    result = ida_star("0", successors_of(CHAIN), zero, goal_is("10"), node_limit=5)
    assert result.outcome is Outcome.NODE_LIMIT
    assert not result.solved
    assert (result.cost, result.path) == (None, ())
    assert result.expanded == 5
    enough = ida_star(
        "0", successors_of(CHAIN), lambda s: 10 - int(s), goal_is("10"), node_limit=10
    )
    assert (enough.outcome, enough.cost, enough.expanded) == (Outcome.SOLVED, 10, 10)

    result = bfs("0", successors_of(CHAIN), goal_is("10"), node_limit=5)
    assert (result.outcome, result.expanded) == (Outcome.NODE_LIMIT, 5)
    enough = bfs("0", successors_of(CHAIN), goal_is("10"), node_limit=10)
    assert (enough.outcome, enough.cost) == (Outcome.SOLVED, 10)


def test_no_goal_in_a_finite_graph() -> None:
    graph: Graph = {"A": [("B", 1)], "B": [("C", 1), ("A", 1)], "C": [("A", 1)]}
    never = lambda state: False  # noqa: E731
    result = ida_star("A", successors_of(graph), zero, never)
    assert result.outcome is Outcome.NO_SOLUTION
    assert (result.cost, result.path) == (None, ())
    result = bfs("A", successors_of(graph), never)
    assert result.outcome is Outcome.NO_SOLUTION
    assert [it.bound for it in result.stats.iterations] == [0, 1, 2]


def test_negative_cost_is_rejected() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        ida_star("S", successors_of({"S": [("G", -1)]}), zero, goal_is("G"))


def test_outcome_values() -> None:
    # The engines report three of the six outcomes: they take no time limit,
    # store no states beyond memory and poll no interrupt.
    assert [o.value for o in Outcome][:3] == ["solved", "no_solution", "node_limit"]


def test_bfs_shortest_path_and_layers() -> None:
    graph: Graph = {
        "S": [("A", 1), ("B", 1)],
        "A": [("C", 1)],
        "B": [("G", 1)],
        "C": [("G", 1)],
    }
    result = bfs("S", successors_of(graph), goal_is("G"))
    assert (result.cost, result.path) == (2, ("S", "B", "G"))
    assert [it.bound for it in result.stats.iterations] == [0, 1, 2]
    assert bfs("S", successors_of(graph), goal_is("G"), max_cost=1).outcome is Outcome.NO_SOLUTION
    assert bfs("S", successors_of(graph), goal_is("G"), max_cost=2).cost == 2

    ring = {str(i): [(str((i + 1) % 6), 1), (str((i - 1) % 6), 1)] for i in range(6)}
    assert bfs_layers("0", successors_of(ring)) == [1, 2, 2, 1]
    assert bfs_layers("0", successors_of(ring), max_depth=1) == [1, 2]


def test_bfs_rejects_non_unit_costs() -> None:
    graph: Graph = {"S": [("G", 2)]}
    with pytest.raises(ValueError, match="unit costs"):
        bfs("S", successors_of(graph), goal_is("G"))
    with pytest.raises(ValueError, match="unit costs"):
        bfs_layers("S", successors_of(graph))


def dijkstra(graph: Graph, start: str) -> dict[str, int]:
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        g, state = heapq.heappop(queue)
        if g > best[state]:
            continue
        for child, cost in graph.get(state, []):
            if g + cost < best.get(child, math.inf):
                best[child] = g + cost
                heapq.heappush(queue, (g + cost, child))
    return best


NODES = "SABCDEG"


@st.composite
def weighted_graphs(draw: st.DrawFn) -> Graph:
    edges = draw(
        st.lists(
            st.tuples(st.sampled_from(NODES), st.sampled_from(NODES), st.integers(0, 5)),
            max_size=14,
        )
    )
    graph: Graph = {}
    for a, b, cost in edges:
        graph.setdefault(a, []).append((b, cost))
    return graph


@settings(max_examples=150, deadline=None)
@given(weighted_graphs(), st.booleans())
def test_ida_star_matches_dijkstra(graph: Graph, informed: bool) -> None:
    reverse: Graph = {}
    for a, edges in graph.items():
        for b, cost in edges:
            reverse.setdefault(b, []).append((a, cost))
    to_goal = dijkstra(reverse, "G")
    heuristic = (lambda s: to_goal.get(s, 0) // 2) if informed else zero
    result = ida_star("S", successors_of(graph), heuristic, goal_is("G"))
    if "S" in to_goal:
        assert result.outcome is Outcome.SOLVED
        assert result.cost == to_goal["S"]
        assert result.path[0] == "S" and result.path[-1] == "G"
        assert path_cost(graph, result.path) == result.cost
        assert len(set(result.path)) == len(result.path)
    else:
        assert result.outcome is Outcome.NO_SOLUTION


@settings(max_examples=100, deadline=None)
@given(weighted_graphs())
def test_bfs_matches_dijkstra_on_unit_costs(graph: Graph) -> None:
    unit = {a: [(b, 1) for b, _ in edges] for a, edges in graph.items()}
    expected = dijkstra(unit, "S").get("G")
    result = bfs("S", successors_of(unit), goal_is("G"))
    assert result.cost == expected
    if expected is not None:
        assert len(result.path) == expected + 1
        assert path_cost(unit, result.path) == expected


# --- booksort ----------------------------------------------------------------

# Rows n = 1..7 of OEIS A164366: permutations of n at each transposition distance.
A164366 = {
    1: [1],
    2: [1, 1],
    3: [1, 4, 1],
    4: [1, 10, 12, 1],
    5: [1, 20, 68, 31],
    6: [1, 35, 259, 380, 45],
    7: [1, 56, 770, 2700, 1513],
}


def cut_and_insert(perm: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every result of cutting out one block and inserting it elsewhere."""
    results = set()
    n = len(perm)
    for a in range(n):
        for b in range(a + 1, n + 1):
            block, rest = perm[a:b], perm[:a] + perm[b:]
            for c in range(len(rest) + 1):
                results.add(rest[:c] + block + rest[c:])
    results.discard(perm)
    return results


@cache
def distances_to_sorted(n: int) -> dict[tuple[int, ...], int]:
    """Distance of every permutation of 1..n to sorted, by a BFS backwards from sorted.

    Cut-and-insert moves are closed under undoing (put the block back), so the
    backward search can use the forward moves.
    """
    identity = tuple(range(1, n + 1))
    dist = {identity: 0}
    layer = [identity]
    while layer:
        nxt = []
        for perm in layer:
            for child in cut_and_insert(perm):
                if child not in dist:
                    dist[child] = dist[perm] + 1
                    nxt.append(child)
        layer = nxt
    return dist


def replay(perm: tuple[int, ...], moves: list[tuple[int, int, int]]) -> tuple[int, ...]:
    for move in moves:
        perm = booksort.apply(perm, move)
    return perm


permutations = st.integers(1, 7).flatmap(lambda n: st.permutations(range(1, n + 1)))


@pytest.mark.parametrize(
    ("perm", "answer"),
    [
        ((1, 3, 4, 6, 2, 5), "2"),
        ((5, 4, 3, 2, 1), "3"),
        ((6, 8, 5, 3, 4, 7, 2, 9, 1, 10), "5 or more"),
    ],
)
def test_seed_samples(perm: tuple[int, ...], answer: str) -> None:
    assert booksort.judge_answer(perm) == answer
    solution = booksort.solve(perm, max_moves=4)
    cost, moves = solution.cost, list(solution.path)
    if answer == "5 or more":
        assert (cost, moves) == (None, [])
    else:
        assert cost == int(answer)
        assert booksort.distance(perm) == cost
        assert replay(perm, moves) == tuple(sorted(perm))


def test_sample_beyond_the_judge_limit_is_five() -> None:
    perm = (6, 8, 5, 3, 4, 7, 2, 9, 1, 10)
    solution = booksort.solve(perm)
    cost, moves = solution.cost, list(solution.path)
    assert cost == 5
    assert replay(perm, moves) == tuple(range(1, 11))


@pytest.mark.parametrize("n", range(9))
def test_block_moves_count_and_distinct_effect(n: int) -> None:
    moves = booksort.block_moves(n)
    assert len(moves) == math.comb(n + 1, 3)
    assert moves == sorted(set(moves))
    assert all(0 <= i < j < k <= n for i, j, k in moves)
    perm = tuple(range(n, 0, -1))
    results = [booksort.apply(perm, m) for m in moves]
    assert len(set(results)) == len(moves)
    assert set(results) == cut_and_insert(perm)


@pytest.mark.parametrize("n", range(1, 7))
def test_block_moves_are_closed_under_undoing(n: int) -> None:
    moves = set(booksort.block_moves(n))
    perm = tuple(range(n, 0, -1))
    for move in moves:
        moved = booksort.apply(perm, move)
        assert any(booksort.apply(moved, back) == perm for back in moves)


def test_apply() -> None:
    assert booksort.apply((1, 2, 3, 4, 5), (0, 2, 3)) == (3, 1, 2, 4, 5)
    assert booksort.apply([4, 5, 1, 2, 3], (0, 2, 5)) == (1, 2, 3, 4, 5)
    for bad in [(0, 0, 1), (1, 0, 2), (0, 1, 6), (-1, 1, 2), (0, 1), "abc"]:
        with pytest.raises(ValueError):
            booksort.apply((1, 2, 3, 4, 5), bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [(1, 1, 2), (0, 1, 2), (2, 3), (1, 2, 4), (1.0, 2.0), ("1",)])
def test_non_permutations_are_rejected(bad: tuple[Any, ...]) -> None:
    for function in (
        booksort.is_sorted,
        booksort.breakpoints,
        booksort.breakpoint_bound,
        booksort.cycle_bound,
        booksort.lower_bound,
        booksort.solve,
        booksort.distance,
        booksort.judge_answer,
    ):
        with pytest.raises(ValueError, match=r"permutation|integers"):
            function(bad)


def test_breakpoints_follow_the_seed() -> None:
    assert booksort.breakpoints((1, 2, 3)) == 0
    assert booksort.breakpoints((2, 3, 1)) == 1
    assert booksort.breakpoints((5, 4, 3, 2, 1)) == 4
    assert booksort.breakpoint_bound((5, 4, 3, 2, 1)) == 2
    assert booksort.is_sorted(()) and booksort.is_sorted((1, 2, 3))
    assert not booksort.is_sorted((2, 1))


def test_cycle_bound_by_hand() -> None:
    # 0 3 2 1 4: black edges 1..4 map to 3, 4, 1, 2: two cycles of two black edges.
    assert booksort.cycle_bound((3, 2, 1)) == 2
    for n in range(16):
        assert booksort.cycle_bound(tuple(range(1, n + 1))) == 0
        assert booksort.lower_bound(tuple(range(1, n + 1))) == 0


@pytest.mark.parametrize("n", range(1, 7))
def test_bounds_are_admissible(n: int) -> None:
    exact = 0
    for perm, d in distances_to_sorted(n).items():
        breakpoint_bound = booksort.breakpoint_bound(perm)
        cycle_bound = booksort.cycle_bound(perm)
        assert breakpoint_bound <= d and cycle_bound <= d
        assert booksort.lower_bound(perm) == max(breakpoint_bound, cycle_bound)
        assert (breakpoint_bound == 0) == (d == 0) == (cycle_bound == 0)
        exact += cycle_bound == d
    assert exact >= 0.85 * math.factorial(n)


@pytest.mark.parametrize("n", range(8))
def test_distance_distribution(n: int) -> None:
    distribution = booksort.distance_distribution(n)
    assert sum(distribution) == math.factorial(n)
    if n <= 6:
        by_distance = [0] * (max(distances_to_sorted(n).values()) + 1)
        for d in distances_to_sorted(n).values():
            by_distance[d] += 1
        assert distribution == by_distance
    if n >= 1:
        assert distribution == A164366[n]


@settings(max_examples=80, deadline=None)
@given(permutations)
def test_solve_is_optimal_and_replays(perm: list[int]) -> None:
    solution = booksort.solve(perm)
    cost, moves = solution.cost, list(solution.path)
    assert cost == distances_to_sorted(len(perm))[tuple(perm)]
    assert len(moves) == cost
    assert replay(tuple(perm), moves) == tuple(range(1, len(perm) + 1))
    assert booksort.judge_answer(perm) == str(cost)
    if cost > 0:
        capped = booksort.solve(perm, max_moves=cost - 1)
        assert (capped.cost, capped.path, capped.outcome) == (None, (), Outcome.NO_SOLUTION)


@settings(max_examples=15, deadline=None)
@given(permutations)
def test_ida_star_agrees_with_bfs(perm: list[int]) -> None:
    assert booksort.solve(perm).cost == booksort.distance(perm)


def test_the_reference_verbs_are_written_once_over_a_space() -> None:
    from idastar.reference.puzzles import job

    # From 1 to 10 by "+1" and "*2", the moves tried in that order.
    space: job.Space[int, str] = job.Space(
        1,
        lambda n: [("+1", n + 1), ("*2", 2 * n)] if n < 10 else [],
        lambda n: n == 10,
    )
    solved = job.solve(space)
    assert (solved.cost, solved.path) == (4, ("+1", "*2", "+1", "*2"))
    assert job.distance(space) == 4 and job.lower_bound(space) == 0
    assert job.solve(space, max_moves=3).outcome is Outcome.NO_SOLUTION
    nowhere: job.Space[int, str] = job.Space(11, lambda n: [], lambda n: n == 10)
    with pytest.raises(ValueError, match="cannot reach the goal"):
        job.distance(nowhere)
    # Each puzzle's verbs are these, named and documented as its own.
    from idastar.reference.puzzles import pancake

    assert pancake.solve.__name__ == "solve" and "pancake:" in (pancake.solve.__doc__ or "")
    assert pancake.solve([2, 1, 3], heuristic="gap").path == (2,)
    assert pancake.lower_bound([2, 1, 3], heuristic="gap") == pancake.distance([2, 1, 3]) == 1
