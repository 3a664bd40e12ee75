"""Traces of searches: the core's against the reference engines', node for
node, and every puzzle's against its own moves and bounds.

A trace lists every node a search visited. The core's engines record it
from inside their optimised loops; the reference engines from a textbook
recursion. Both must list the same nodes in the same order on random
graphs and on the reference puzzles' spaces (over a thousand cases in
all), and a puzzle's trace must replay: each node's moves from the start
reach a state whose bound is the node's ``h``, at a cost of its ``g``.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import idastar
from idastar import TraceIteration, TraceNode, search
from idastar import reference as ref
from idastar.reference.puzzles.job import Space

Graph = dict[int, list[tuple[int, int]]]


@st.composite
def graphs_with_estimates(draw: st.DrawFn) -> tuple[Graph, list[int], int, int]:
    """A digraph on up to 8 nodes (cycles and free moves allowed), an
    estimate for each node (admissible or not: a trace need not be of an
    optimal search), a start and a goal."""
    size = draw(st.integers(2, 8))
    graph: Graph = {node: [] for node in range(size)}
    for _ in range(draw(st.integers(0, 3 * size))):
        a, b = draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))
        graph[a].append((b, draw(st.integers(0, 4))))
    estimates = draw(st.lists(st.integers(0, 4), min_size=size, max_size=size))
    return graph, estimates, draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))


ENGINES: dict[str, tuple[Callable[..., Any], Callable[..., Any], bool]] = {
    "ida_star": (search.ida_star, ref.ida_star, True),
    "iddfs": (search.iddfs, ref.iddfs, False),
    "astar": (search.astar, ref.astar, True),
}


def both(engine: str, start: Any, successors: Any, bound: Any, is_goal: Any) -> tuple[Any, Any]:
    """The core's and the reference's traced result of one search."""
    core, reference, informed = ENGINES[engine]
    arguments = (start, successors, bound, is_goal) if informed else (start, successors, is_goal)
    return core(*arguments, trace=True), reference(*arguments, trace=True)


def assert_same_search(core: idastar.Solution[Any], reference: idastar.Solution[Any]) -> None:
    assert core.trace is not None and reference.trace is not None
    assert core.trace == reference.trace
    assert (core.outcome, core.cost, core.path) == (
        reference.outcome,
        reference.cost,
        reference.path,
    )
    assert [(it.bound, it.expanded) for it in core.stats.iterations] == [
        (it.bound, it.expanded) for it in reference.stats.iterations
    ]


@settings(max_examples=600, deadline=None)
@given(graphs_with_estimates(), st.sampled_from(sorted(ENGINES)))
def test_core_and_reference_trace_graphs_alike(
    case: tuple[Graph, list[int], int, int], engine: str
) -> None:
    graph, estimates, start, goal = case

    def successors(node: int) -> Iterator[tuple[int, int]]:
        yield from graph[node]

    core, reference = both(engine, start, successors, estimates.__getitem__, goal.__eq__)
    assert_same_search(core, reference)


def pancake_space(rng: random.Random) -> Space[Any, Any]:
    stack = list(range(1, rng.randint(3, 6) + 1))
    rng.shuffle(stack)
    space: Space[Any, Any] = ref.pancake.stack_of(stack)
    return space


def sliding_space(rng: random.Random) -> Space[Any, Any]:
    width, height = rng.choice([(2, 2), (3, 2), (2, 3), (3, 3)])
    board = ref.sliding.goal_blank_last(width, height)
    for _ in range(rng.randint(0, 14)):
        board = rng.choice([after for _, after in ref.sliding.moves_from(board, width, height)])
    return ref.sliding.board_of(board, width, height)


def booksort_space(rng: random.Random) -> Space[Any, Any]:
    shelf = list(range(1, rng.randint(2, 5) + 1))
    rng.shuffle(shelf)
    space: Space[Any, Any] = ref.booksort.shelf(shelf)
    return space


SPACES = {"pancake": pancake_space, "sliding": sliding_space, "booksort": booksort_space}


@pytest.mark.parametrize("engine", sorted(ENGINES))
@pytest.mark.parametrize("puzzle", sorted(SPACES))
def test_core_and_reference_trace_puzzle_spaces_alike(puzzle: str, engine: str) -> None:
    """The reference puzzles' spaces, searched by the core through
    :mod:`idastar.search` and by the reference engines: 50 random cases a
    puzzle and engine."""
    rng = random.Random(f"{puzzle}-{engine}")
    for _ in range(50):
        space = SPACES[puzzle](rng)
        if engine == "iddfs" and space.bound(space.start) > 5:
            continue  # blind searches of deep cases are slow in Python
        core, reference = both(engine, space.start, space.successors, space.bound, space.is_goal)
        assert_same_search(core, reference)


def test_sliding_puzzle_traces_as_its_reference_space() -> None:
    """The core's own sliding-tile IDA* (which skips the move undoing the
    last, where the reference skips states on the path: the same below 12
    moves, the shortest cycle) lists the reference's nodes, its moves the
    reference's letters."""
    rng = random.Random(5)
    for _ in range(60):
        width, height = rng.choice([(2, 2), (3, 2), (2, 3), (3, 3)])
        board = ref.sliding.goal_blank_last(width, height)
        for _ in range(rng.randint(0, 14)):
            board = rng.choice([after for _, after in ref.sliding.moves_from(board, width, height)])
        # The core tries the blank's moves in the order U, L, R, D.
        space = dataclasses.replace(
            ref.sliding.board_of(board, width, height),
            moves=lambda b, w=width, h=height: sorted(
                ref.sliding.moves_from(b, w, h), key=core_order
            ),
        )
        core = idastar.sliding.solve(
            list(board), width=width, height=height, engine="ida", heuristic="manhattan", trace=True
        )
        reference = ref.ida_star(
            space.start, space.successors, space.bound, space.is_goal, trace=True
        )
        assert core.trace is not None and reference.trace is not None
        assert len(core.trace) == len(reference.trace)
        for ours, theirs in zip(core.trace, reference.trace, strict=True):
            assert ours.bound == theirs.bound
            states = [node.move for node in theirs.nodes]
            states[0] = space.start
            letters = [
                None
                if node.parent is None
                else next(m for m, after in space.moves(states[node.parent]) if after == node.move)
                for node in theirs.nodes
            ]
            assert ours.nodes == tuple(
                node._replace(move=letter)
                for node, letter in zip(theirs.nodes, letters, strict=True)
            )


def core_order(move: tuple[str, Any]) -> int:
    return "ULRD".index(move[0])


def moves_to(iteration: TraceIteration, index: int) -> list[Any]:
    return [iteration.nodes[i].move for i in iteration.path_to(index)[1:]]


def scrambled_rotation_board(rng: random.Random) -> Any:
    """A Rotation Game board a few moves from a goal: random boards take
    traces of millions of nodes."""
    board = idastar.rotation.random(seed=rng.randrange(1 << 30))
    solved = idastar.rotation.replay(board, idastar.rotation.solve(board).path)
    return idastar.rotation.replay(solved, rng.choices("ABCDEFGH", k=rng.randint(1, 4)))


def scrambled_eight_puzzle(rng: random.Random) -> Any:
    """An 8-puzzle board up to 16 random moves from the goal."""
    board = ref.sliding.goal_blank_last(3, 3)
    for _ in range(rng.randint(0, 16)):
        board = rng.choice([after for _, after in ref.sliding.moves_from(board, 3, 3)])
    return board


PUZZLE_CASES: dict[str, tuple[Callable[[random.Random], Any], dict[str, Any]]] = {
    "booksort": (lambda rng: rng.sample(range(1, 6), 5), {"table_entries": 0}),
    "pancake": (lambda rng: rng.sample(range(1, 7), 6), {}),
    "rotation": (lambda rng: scrambled_rotation_board(rng), {}),
    "sliding": (lambda rng: scrambled_eight_puzzle(rng), {"heuristic": "manhattan"}),
    "squares": (lambda rng: idastar.squares.random(2, seed=rng.randrange(1 << 30)), {}),
}


@pytest.mark.parametrize("engine", ["ida", "iddfs", "astar"])
@pytest.mark.parametrize("name", sorted(PUZZLE_CASES))
def test_puzzle_traces_replay(name: str, engine: str) -> None:
    """Every node of a puzzle's trace: its moves from the start cost its
    ``g`` and reach a case whose bound is its ``h`` (0 for the blind
    IDDFS); pruned exactly when ``f`` exceeds the bound (IDA*, IDDFS); the
    nodes within the bound are the expansions counted, and the goal's
    line is the path found."""
    puzzle = idastar.puzzle(name)
    if engine not in puzzle.ENGINES:
        pytest.skip(f"{name} has no {engine}")
    make, options = PUZZLE_CASES[name]
    rng = random.Random(name)
    for _ in range(8):
        case = make(rng)
        if engine == "iddfs" and puzzle.lower_bound(case, **options) > 4:
            continue
        result = puzzle.solve(case, engine=engine, trace=True, trace_limit=20_000, **options)
        trace = result.trace
        assert trace is not None and result.solved
        if engine != "astar":
            assert [it.bound for it in trace] == [it.bound for it in result.stats.iterations]
        for iteration in trace:
            within = 0
            for index, node in enumerate(iteration.nodes):
                moves = moves_to(iteration, index)
                assert node.g == len(moves)
                reached = puzzle.replay(case, moves)
                bound = 0 if engine == "iddfs" else puzzle.lower_bound(reached, **options)
                if name == "booksort" and engine != "iddfs":
                    # A search also knows the exact distances near the goal.
                    assert bound <= node.h <= puzzle.distance(reached), (case, moves)
                else:
                    assert node.h == bound, (name, case, moves)
                if engine != "astar":
                    assert node.pruned == (node.f > iteration.bound)
                within += not node.pruned
            if engine != "astar":
                counted = {it.bound: it.expanded for it in result.stats.iterations}[iteration.bound]
                assert within == counted + (iteration is trace[-1])
        goal = trace[-1].goal
        assert goal is not None
        goal_line = moves_to(trace[-1], goal)
        if name == "squares":
            goal_line = sorted(goal_line)  # the path is a set of sticks
        assert tuple(goal_line) == result.path
        assert puzzle.is_solved(puzzle.replay(case, goal_line))


def test_a_trace_is_asked_for() -> None:
    assert idastar.pancake.solve([2, 1, 3]).trace is None
    assert search.ida_star(0, lambda n: [(n + 1, 1)], lambda n: 0, lambda n: n == 3).trace is None


def test_the_trace_limit_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"^trace_limit: the trace passed 10 nodes"):
        idastar.pancake.solve([5, 3, 1, 8, 4, 2, 7, 6], trace=True, trace_limit=10)
    with pytest.raises(ValueError, match=r"^trace_limit: the trace passed 5 nodes"):
        search.astar(
            0,
            lambda n: [(n + 1, 1), (n + 2, 1)],
            lambda n: 0,
            lambda n: n == 9,
            trace=True,
            trace_limit=5,
        )
    with pytest.raises(ValueError, match=r"^trace_limit: the trace passed 5 nodes"):
        ref.ida_star(
            0,
            lambda n: [(n + 1, 1), (n + 2, 1)],
            lambda n: 0,
            lambda n: n == 9,
            trace=True,
            trace_limit=5,
        )
    with pytest.raises(ValueError, match=r"^trace_limit must be a non-negative"):
        idastar.pancake.solve([2, 1], trace=True, trace_limit=-1)


def test_engines_without_a_trace_say_so() -> None:
    with pytest.raises(ValueError, match=r"^trace: the bfs engine records no trace"):
        idastar.pancake.solve([2, 1], engine="bfs", trace=True)
    with pytest.raises(ValueError, match=r"^trace: the ida-tiles engine"):
        idastar.fifteen.solve(idastar.fifteen.random(seed=1), engine="ida-tiles", trace=True)
    with pytest.raises(ValueError, match=r"^trace: bfs records no trace"):
        search.bfs(0, lambda n: [(n + 1, 1)], lambda n: n == 2, trace=True)
    with pytest.raises(ValueError, match=r'^trace: engine "bfs"'):
        search.solve(0, lambda n: [(n + 1, 1)], lambda n: n == 2, engine="bfs", trace=True)
    with pytest.raises(TypeError, match="trace"):
        idastar.pancake.solve([2, 1], trace="yes")  # type: ignore[call-overload]


def test_a_trace_is_of_the_generic_ida_unless_told() -> None:
    """A puzzle whose fastest engine is its own traces with ``"ida"``."""
    board = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]
    result = idastar.fifteen.solve(board, trace=True)
    assert result.cost == 1 and result.trace is not None
    assert result.trace[-1].nodes[-1] == TraceNode(
        parent=0, move=result.path[0], g=1, h=0, pruned=False
    )


def test_traces_survive_pickling_and_batches() -> None:
    stacks = [[3, 1, 2], [2, 3, 1, 4]]
    alone = [idastar.pancake.solve(stack, trace=True) for stack in stacks]
    batch = idastar.pancake.solve_many(stacks, trace=True)
    assert [s.trace for s in batch] == [s.trace for s in alone]
    for solution in alone:
        assert pickle.loads(pickle.dumps(solution)).trace == solution.trace


def test_a_traced_search_runs_on_one_thread_as_it_would_alone() -> None:
    case = [4, 6, 2, 5, 1, 3, 7]
    assert (
        idastar.pancake.solve(case, trace=True, threads=None).trace
        == idastar.pancake.solve(case, trace=True, threads=1).trace
    )
