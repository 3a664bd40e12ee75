"""The search tree, drawn: the tidy layout, one iteration's SVG, the page.

The traces here are made by a textbook recursive IDA* written below (as
the engines' traces list their nodes: a node, then each child in turn, a
pruned one as a leaf in its place), by hand (an A*'s, whose goal is not the
last node generated), and by the engines themselves where they record one.
The page's behaviour in a browser is tested in tests/test_tree_browser.py.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import json
import math
import random
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import idastar
from idastar import Solution, _tree
from idastar._results import Stats, TraceIteration, TraceNode

SVG = "{http://www.w3.org/2000/svg}"
NO_STATS = Stats((), 0, 0, 0.0)


# ---------------------------------------------------------------------------
# Traces made here


def textbook_ida_star(
    start: Any,
    successors: Callable[[Any], Iterable[tuple[Any, int]]],
    heuristic: Callable[[Any], int],
    is_goal: Callable[[Any], bool],
    max_iterations: int = 50,
) -> Solution[Any]:
    """IDA* as textbooks write it, recursive, tracing every node it visits
    in the order visited; moves are the states reached, as idastar.search
    writes them, and the path the states from the start."""
    bound = heuristic(start)
    iterations: list[TraceIteration] = []
    for _ in range(max_iterations):
        nodes: list[TraceNode] = []
        above = math.inf

        def visit(
            state: Any,
            parent: int | None,
            g: int,
            path: list[Any],
            nodes: list[TraceNode] = nodes,
            bound: int = bound,
        ) -> list[Any] | None:
            nonlocal above
            h = heuristic(state)
            index = len(nodes)
            nodes.append(TraceNode(parent, None if parent is None else state, g, h, g + h > bound))
            if g + h > bound:
                above = min(above, g + h)
                return None
            if is_goal(state):
                return path
            for child, cost in successors(state):
                found = visit(child, index, g + cost, [*path, child], nodes, bound)
                if found is not None:
                    return found
            return None

        path = visit(start, None, 0, [start])
        iterations.append(TraceIteration(bound, tuple(nodes)))
        if path is not None:
            cost = nodes[-1].g
            return Solution("solved", cost, path, cost, NO_STATS, trace=iterations)
        if above == math.inf:
            return Solution("no_solution", None, (), None, NO_STATS, trace=iterations)
        bound = int(above)
    return Solution("node_limit", None, (), bound, NO_STATS, trace=iterations)


def add_or_double(n: int) -> list[tuple[int, int]]:
    return [(n + 1, 1), (2 * n, 1)]


def doubling(goal: int = 10, heuristic: Callable[[int], int] | None = None) -> Solution[Any]:
    """From 1 to ``goal`` by adding 1 or doubling: several iterations."""
    return textbook_ida_star(
        1, add_or_double, heuristic or (lambda n: 0 if n == goal else 1), lambda n: n == goal
    )


def by_hand(iterations: Sequence[TraceIteration], **fields: Any) -> Solution[Any]:
    values = {"outcome": "solved", "cost": 2, "path": ("a", "b"), "lower_bound": 2}
    values.update(fields)
    return Solution(
        values["outcome"],
        values["cost"],
        values["path"],
        values["lower_bound"],
        NO_STATS,
        trace=iterations,
    )


def a_star_trace() -> TraceIteration:
    """An A*'s: generated order, the goal ("b" under "a") before the last node."""
    node = TraceNode
    return TraceIteration(
        2,
        (
            node(None, None, 0, 2, False),  # 0 start
            node(0, "a", 1, 1, False),  # 1
            node(0, "c", 1, 3, False),  # 2
            node(1, "b", 2, 0, False),  # 3 the goal
            node(1, "d", 2, 2, False),  # 4
            node(1, "a", 2, 0, True),  # 5 dropped, f within the bound
        ),
    )


def random_parents(rng: random.Random, count: int) -> list[int | None]:
    """A random tree in depth-first order, as an IDA* iteration lists it."""
    parents: list[int | None] = [None]
    stack = [0]
    for index in range(1, count):
        # Climb a random number of levels, then hang the new node there.
        while len(stack) > 1 and rng.random() < 0.4:
            stack.pop()
        parents.append(stack[-1])
        stack.append(index)
    return parents


# ---------------------------------------------------------------------------
# The layout


def check_tidy(parents: Sequence[int | None], places: Sequence[tuple[float, int]]) -> None:
    assert len(places) == len(parents)
    if not places:
        return
    assert min(x for x, _ in places) == 0
    children: dict[int | None, list[int]] = {}
    for index, parent in enumerate(parents):
        children.setdefault(parent, []).append(index)
        expected_depth = 0 if parent is None else places[parent][1] + 1
        assert places[index][1] == expected_depth
    for parent, kids in children.items():
        xs = [places[kid][0] for kid in kids]
        assert all(b - a >= 1 - 1e-9 for a, b in itertools.pairwise(xs)), "siblings in order, apart"
        if parent is not None:
            assert places[parent][0] == pytest.approx((xs[0] + xs[-1]) / 2), "centred"
    by_depth: dict[int, list[float]] = {}
    for x, depth in places:
        by_depth.setdefault(depth, []).append(x)
    for xs in by_depth.values():
        xs.sort()
        assert all(b - a >= 1 - 1e-9 for a, b in itertools.pairwise(xs)), "no two nodes overlap"


def test_layout_of_small_trees() -> None:
    assert _tree.layout([]) == []
    assert _tree.layout([None]) == [(0.0, 0)]
    # A root with two children of two children each: a full binary tree.
    assert _tree.layout([None, 0, 0, 1, 1, 2, 2]) == [
        (1.5, 0),
        (0.5, 1),
        (2.5, 1),
        (0.0, 2),
        (1.0, 2),
        (2.0, 2),
        (3.0, 2),
    ]
    # A chain stands straight; two roots side by side.
    assert _tree.layout([None, 0, 1]) == [(0.0, 0), (0.0, 1), (0.0, 2)]
    assert _tree.layout([None, None, 0, 1]) == [(0.0, 0), (1.0, 0), (0.0, 1), (1.0, 1)]


def test_a_subtree_slides_under_its_neighbour_s_outline() -> None:
    # Root 0: a deep left child (1, with one child 2 and grandchildren 3,
    # 4) and a leaf (5). The leaf sits one unit right of 1, not beyond the
    # grandchildren: only the nodes of the same depth keep it away.
    places = _tree.layout([None, 0, 1, 2, 2, 0])
    check_tidy([None, 0, 1, 2, 2, 0], places)
    assert places[5][0] - places[1][0] == 1


@pytest.mark.parametrize("seed", range(40))
def test_layout_of_random_trees_is_tidy(seed: int) -> None:
    rng = random.Random(seed)
    parents = random_parents(rng, rng.randrange(1, 400))
    check_tidy(parents, _tree.layout(parents))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10**6), max_size=120))
def test_layout_of_any_tree_is_tidy(choices: list[int]) -> None:
    # Node i + 1's parent is any earlier node: every shape of tree.
    parents: list[int | None] = [None] + [c % (i + 1) for i, c in enumerate(choices)]
    check_tidy(parents, _tree.layout(parents))


def test_layout_of_a_forest_with_roots_anywhere() -> None:
    parents: list[int | None] = [3, None, 1, None, 3, 0]
    check_tidy(parents, _tree.layout(parents))


def test_layout_of_large_trees_takes_little_time_and_no_recursion() -> None:
    began = time.perf_counter()
    chain: list[int | None] = [None, *range(99_999)]
    places = _tree.layout(chain)
    assert places[-1] == (0.0, 99_999)
    star: list[int | None] = [None] + [0] * 99_999
    assert _tree.layout(star)[0] == (99_998 / 2, 0)
    rng = random.Random(7)
    parents = random_parents(rng, 50_000)
    check_tidy(parents, _tree.layout(parents))
    assert time.perf_counter() - began < 30


@pytest.mark.parametrize(
    ("parents", "message"),
    [([0], "no parent 0"), ([None, 5], "no parent 5"), ([None, 2, 1], "cycle")],
)
def test_layout_refuses_what_is_no_tree(parents: list[int | None], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _tree.layout(parents)


# ---------------------------------------------------------------------------
# The SVG


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width", 0)) > 0 and float(root.get("height", 0)) > 0
    return root


def node_elements(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "idastar-node" in (g.get("class") or "").split()]


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def test_the_textbook_trace_is_as_the_engines_list_theirs() -> None:
    solution = doubling()
    assert solution.solved and solution.cost == 4 and solution.path == (1, 2, 4, 5, 10)
    trace = solution.trace
    assert [it.bound for it in trace] == [1, 2, 3, 4]
    last = trace[-1]
    assert [last.nodes[i].move for i in last.path_to(len(last.nodes) - 1)] == [None, 2, 4, 5, 10]
    for it in trace:
        for node in it.nodes:
            assert node.pruned == (node.f > it.bound)


def test_svg_draws_every_node_once_with_its_numbers() -> None:
    solution = doubling()
    for number, iteration in enumerate(solution.trace):
        root = parsed(solution.tree_svg(number))
        elements = node_elements(root)
        assert [int(g.get("data-node", -1)) for g in elements] == list(range(len(iteration.nodes)))
        edges = [e for e in root.iter(f"{SVG}line") if "idastar-edge" in classes(e)]
        assert sorted(int(e.get("data-node", -1)) for e in edges) == list(
            range(1, len(iteration.nodes))
        )
        for g, node in zip(elements, iteration.nodes, strict=True):
            assert (int(g.get("data-g", -1)), int(g.get("data-h", -1))) == (node.g, node.h)
            assert int(g.get("data-f", -1)) == node.f
            texts = [t.text for t in g.iter(f"{SVG}text")]
            assert f"{node.g}+{node.h}={node.f}" in texts[1]
            assert texts[0] == ("start" if node.parent is None else str(node.move))
        assert root.get("data-bound") == str(iteration.bound)
        heading = "".join(t.text or "" for t in root.iter(f"{SVG}text"))
        assert (
            f"Iteration {number + 1} of {len(solution.trace)}: bound {iteration.bound}" in heading
        )


def test_svg_sets_pruned_nodes_apart_with_their_f_against_the_bound() -> None:
    solution = doubling()
    iteration = solution.trace[1]
    root = parsed(solution.tree_svg(1))
    pruned = 0
    for g, node in zip(node_elements(root), iteration.nodes, strict=True):
        rect = g.find(f"{SVG}rect")
        assert rect is not None
        texts = [t.text for t in g.iter(f"{SVG}text")]
        if node.pruned:
            pruned += 1
            assert "idastar-pruned" in classes(g)
            assert rect.get("stroke-dasharray")
            assert texts[1] == f"{node.g}+{node.h}={node.f} > {iteration.bound}"
            assert "pruned" in (g.findtext(f"{SVG}title") or "")
        else:
            assert "idastar-pruned" not in classes(g)
            assert rect.get("stroke-dasharray") is None
            assert ">" not in (texts[1] or "")
    assert pruned == sum(node.pruned for node in iteration.nodes) > 0


def test_svg_highlights_the_path_found_in_the_last_iteration_only() -> None:
    solution = doubling()
    last = solution.trace[-1]
    goal = len(last.nodes) - 1
    root = parsed(solution.tree_svg())
    on_path = [
        int(g.get("data-node", -1)) for g in node_elements(root) if "idastar-path" in classes(g)
    ]
    assert on_path == last.path_to(goal)
    goals = [g for g in node_elements(root) if "idastar-goal" in classes(g)]
    assert [int(g.get("data-node", -1)) for g in goals] == [goal]
    assert "goal" in [t.text for t in goals[0].iter(f"{SVG}text")]
    path_edges = [
        int(e.get("data-node", -1))
        for e in root.iter(f"{SVG}line")
        if {"idastar-edge", "idastar-path"} <= classes(e)
    ]
    assert path_edges == last.path_to(goal)[1:]
    for g in node_elements(root):
        rect = g.find(f"{SVG}rect")
        assert rect is not None
        thick = float(rect.get("stroke-width", 0)) > 2
        assert thick == ("idastar-path" in classes(g))
    earlier = parsed(solution.tree_svg(0))
    assert not [g for g in node_elements(earlier) if classes(g) & {"idastar-path", "idastar-goal"}]
    assert solution.tree_svg(-1) == solution.tree_svg(len(solution.trace) - 1)


def test_the_goal_is_found_where_it_is_not_the_last_node() -> None:
    # A*'s order: the goal generated before other nodes; the path's moves
    # name it, and a dropped node is drawn pruned though its f is within
    # the bound (so with no "> bound").
    solution = by_hand([a_star_trace()])
    assert _tree.goal_of(solution, solution.trace) == 3
    root = parsed(solution.tree_svg())
    elements = node_elements(root)
    assert [int(g.get("data-node", -1)) for g in elements if "idastar-path" in classes(g)] == [
        0,
        1,
        3,
    ]
    dropped = elements[5]
    assert "idastar-pruned" in classes(dropped)
    assert [t.text for t in dropped.iter(f"{SVG}text")][1] == "2+0=2"
    assert "dropped" in (dropped.findtext(f"{SVG}title") or "")


def test_the_goal_the_trace_records_is_the_one_drawn() -> None:
    # Where the trace names its goal, that is the goal, whatever the moves.
    recorded = a_star_trace()._replace(goal=4)
    solution = by_hand([recorded], path=("not", "these"))
    assert _tree.goal_of(solution, solution.trace) == 4
    elements = node_elements(parsed(solution.tree_svg()))
    assert [int(g.get("data-node", -1)) for g in elements if "idastar-path" in classes(g)] == [
        0,
        1,
        4,
    ]


def test_no_path_is_highlighted_when_not_solved() -> None:
    trace = [a_star_trace()]
    for outcome in ("no_solution", "node_limit", "interrupted"):
        solution = by_hand(trace, outcome=outcome, cost=None, path=(), lower_bound=3)
        assert _tree.goal_of(solution, solution.trace) is None
        root = parsed(solution.tree_svg())
        assert not [g for g in node_elements(root) if classes(g) & {"idastar-path", "idastar-goal"}]
    # A path the trace does not have leads nowhere either, unless the last
    # node is at the cost found.
    lost = by_hand(trace, path=("x", "y"), cost=5)
    assert _tree.goal_of(lost, lost.trace) is None


def test_svg_escapes_moves_and_cuts_long_ones() -> None:
    node = TraceNode
    nasty = '<&"q">'
    long = "a very long name of a move indeed"
    iteration = TraceIteration(
        3,
        (
            node(None, None, 0, 1, False),
            node(0, nasty, 1, 1, False),
            node(1, long, 2, 1, False),
        ),
    )
    solution = by_hand([iteration], path=(nasty, long), cost=3, lower_bound=3)
    root = parsed(solution.tree_svg())
    elements = node_elements(root)
    assert elements[1].get("data-move") == nasty
    assert next(t.text for t in elements[1].iter(f"{SVG}text")) == nasty
    label = next(t.text for t in elements[2].iter(f"{SVG}text"))
    assert label is not None and label.endswith("\u2026") and len(label) <= 18
    assert long in (elements[2].findtext(f"{SVG}title") or "")


def test_svg_refuses_large_trees_and_missing_iterations() -> None:
    count = _tree.SVG_LIMIT + 1
    node = TraceNode
    star = TraceIteration(1, (node(None, None, 0, 1, False),) + (node(0, 0, 1, 1, True),) * count)
    solution = by_hand([star], outcome="no_solution", cost=None, path=(), lower_bound=2)
    with pytest.raises(ValueError, match=rf"{count + 1} nodes.*\({_tree.SVG_LIMIT}\).*tree_html"):
        solution.tree_svg()
    small = doubling()
    for wrong in (4, -5, 100):
        with pytest.raises(IndexError, match="out of range: the trace has 4 iterations"):
            small.tree_svg(wrong)
    empty = by_hand([], outcome="interrupted", cost=None, path=(), lower_bound=None)
    with pytest.raises(ValueError, match="no iteration"):
        empty.tree_svg()


def test_an_untraced_solution_says_how_to_trace() -> None:
    untraced = Solution("solved", 1, (1,), 1, NO_STATS)
    for draw in (untraced.tree_html, untraced.tree_svg, untraced.tree):
        with pytest.raises(ValueError, match=r"solve with trace=True"):
            draw()


# ---------------------------------------------------------------------------
# The page


def page_data(html: str) -> dict[str, Any]:
    found = re.search(
        r'<script type="application/json" class="idastar-tree-data">(.*?)</script>', html, re.S
    )
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_page_is_self_contained() -> None:
    html = doubling().tree_html()
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    # The only web address is the SVG namespace, which names, not fetches.
    addresses = set(re.findall(r"https?://[^\s\"'<>\\]*", html))
    assert addresses == {"http://www.w3.org/2000/svg"}
    for fetches in ("src=", "href=", "@import", "url(", "<link", "<iframe", "fetch("):
        assert fetches not in html


def test_the_page_holds_every_iteration_with_its_numbers() -> None:
    solution = doubling()
    html = solution.tree_html()
    data = page_data(html)["iterations"]
    assert len(data) == len(solution.trace)
    for shown, iteration in zip(data, solution.trace, strict=True):
        assert shown["bound"] == iteration.bound
        assert shown["visited"] == len(iteration.nodes)
        assert shown["note"] == ""
        assert len(node_elements(parsed(shown["svg"]))) == len(iteration.nodes)
    last = solution.trace[-1]
    assert data[-1]["goal"] == data[-1]["goalStep"] == len(last.nodes) - 1
    assert all(shown["goal"] == -1 for shown in data[:-1])
    choice = html.split('<select class="idastar-iteration"', 1)[1].split("</select>", 1)[0]
    options = re.findall(r'<option value="(\d+)">([^<]*)</option>', choice)
    assert [int(value) for value, _ in options] == list(range(len(solution.trace)))
    assert options[-1][1] == f"4: bound 4, {len(last.nodes)} nodes"
    assert solution.tree_svg() in [shown["svg"] for shown in data]


def test_the_page_s_data_cannot_close_its_script() -> None:
    node = TraceNode
    evil = "</script><!--<script>alert(1)</SCRIPT>"
    iteration = TraceIteration(1, (node(None, None, 0, 1, False), node(0, evil, 1, 0, False)))
    html = by_hand([iteration], path=(evil,), cost=1, lower_bound=1).tree_html()
    assert html.lower().count("</script") == 2 and "<!--" not in html
    data = page_data(html)
    assert evil in data["iterations"][0]["svg"].replace("&lt;", "<").replace("&gt;", ">")


def test_notebook_fragments_have_ids_of_their_own() -> None:
    solution = doubling()
    tree = solution.tree()
    first, second = tree._repr_html_(), tree._repr_html_()
    ids = [re.search(r'id="(idastar-tree-[0-9a-f]+)"', html) for html in (first, second)]
    assert ids[0] and ids[1] and ids[0].group(1) != ids[1].group(1)
    assert "<!DOCTYPE" not in first and "<html" not in first
    assert ids[0].group(1) in first.split("<script>")[-1]  # the script finds its own root
    assert '"root".addEventListener' not in first and "root.addEventListener" in first
    assert tree.svg(0) == solution.tree_svg(0)
    assert tree.to_html().startswith("<!DOCTYPE html>")
    assert tree.trace == solution.trace
    assert (
        repr(tree)
        == f"<SearchTree: 4 iterations (bounds 1, 2, 3, 4), {sum(len(it.nodes) for it in solution.trace)} nodes visited>"
    )


def test_page_shares_keep_within_the_limits() -> None:
    assert _tree.page_shares([3, 5000, 10]) == [3, _tree.DRAW_LIMIT, 10]
    many = [5000] * 30
    shares = _tree.page_shares(many)
    assert sum(shares) <= _tree.PAGE_LIMIT and len(set(shares)) == 1
    assert sum(min(size, shares[0] + 1) for size in many) > _tree.PAGE_LIMIT
    mixed = [10] * 5 + [100_000] * 12
    shares = _tree.page_shares(mixed)
    assert shares[:5] == [10] * 5 and sum(shares) <= _tree.PAGE_LIMIT
    assert _tree.page_shares([]) == []


def test_a_large_iteration_is_cut_short_with_a_note_and_keeps_its_path() -> None:
    # A broad tree whose goal comes last: 1 root, 3,000 pruned children,
    # then a path of 3 down to the goal.
    node = TraceNode
    wide = 3000
    nodes = [node(None, None, 0, 3, False)]
    nodes += [node(0, f"p{i}", 1, 9, True) for i in range(wide)]
    nodes += [node(0, "a", 1, 2, False), node(wide + 1, "b", 2, 1, False)]
    nodes += [node(wide + 2, "c", 3, 0, False)]
    iteration = TraceIteration(3, tuple(nodes))
    solution = by_hand([iteration], path=("a", "b", "c"), cost=3, lower_bound=3)
    data = page_data(solution.tree_html())["iterations"][0]
    drawn = node_elements(parsed(data["svg"]))
    assert len(drawn) == _tree.DRAW_LIMIT + 3
    shown = [int(g.get("data-node", -1)) for g in drawn]
    assert shown == [*range(_tree.DRAW_LIMIT), wide + 1, wide + 2, wide + 3]
    assert [int(g.get("data-step", -1)) for g in drawn] == list(range(len(drawn)))
    assert data["visited"] == wide + 4 and data["goal"] == wide + 3
    assert data["goalStep"] == len(drawn) - 1
    assert f"visited {wide + 4:,} nodes" in data["note"]
    assert "with the path found" in data["note"] and f"{_tree.DRAW_LIMIT:,}" in data["note"]


def test_a_trace_of_many_iterations_stays_within_the_page_s_limit() -> None:
    node = TraceNode
    big = TraceIteration(
        5, (node(None, None, 0, 1, False), *(node(0, i, 1, 9, True) for i in range(4000)))
    )
    solution = by_hand([big] * 12, outcome="node_limit", cost=None, path=(), lower_bound=6)
    began = time.perf_counter()
    html = solution.tree_html()
    assert time.perf_counter() - began < 20
    data = page_data(html)["iterations"]
    drawn = [len(node_elements(parsed(shown["svg"]))) for shown in data]
    assert sum(drawn) <= _tree.PAGE_LIMIT and drawn == [_tree.PAGE_LIMIT // 12] * 12
    assert all(shown["note"] for shown in data)


def test_an_empty_trace_makes_a_page_that_says_so() -> None:
    html = by_hand([], outcome="interrupted", cost=None, path=(), lower_bound=None).tree_html()
    assert "The trace holds no iteration" in html
    assert page_data(html) == {"iterations": []}


def test_the_page_title_names_the_outcome() -> None:
    html = doubling().tree_html()
    total = sum(len(it.nodes) for it in doubling().trace)
    assert (
        f"<title>Search tree, solved at cost 4: 4 iterations, {total} nodes visited</title>" in html
    )


# ---------------------------------------------------------------------------
# Traces of the engines themselves


def traced_search() -> Solution[Any]:
    from idastar import search

    return search.ida_star(
        1, add_or_double, lambda n: 0 if n == 10 else 1, lambda n: n == 10, trace=True
    )


def test_the_engine_s_trace_is_drawn_as_the_textbook_s() -> None:
    engine = traced_search()
    textbook = doubling()
    assert [it[:2] for it in engine.trace] == [it[:2] for it in textbook.trace]
    for number in range(len(engine.trace)):
        assert engine.tree_svg(number) == textbook.tree_svg(number)
    assert page_data(engine.tree_html()) == page_data(textbook.tree_html())


def test_an_a_star_s_trace_shows_the_path_it_found() -> None:
    from idastar import search

    solution = search.astar(1, add_or_double, lambda n: 0, lambda n: n == 10, trace=True)
    (iteration,) = solution.trace
    goal = _tree.goal_of(solution, solution.trace)
    assert goal is not None and goal < len(iteration.nodes) - 1  # not the last generated
    elements = node_elements(parsed(solution.tree_svg()))
    on_path = [g.get("data-move") for g in elements if "idastar-path" in classes(g)]
    assert on_path == ["start", *map(str, solution.path[1:])]


#: A case of each of a few puzzles whose whole trace tree_svg draws.
PUZZLE_CASES: dict[str, Callable[[], Any]] = {
    "pancake": lambda: [5, 3, 1, 4, 2, 6],
    "fifteen": lambda: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],
    "squares": lambda: idastar.squares.Case(3, (12, 17, 23)),
    "booksort": lambda: idastar.booksort.random(seed=1),
}


@pytest.mark.parametrize("name", list(PUZZLE_CASES))
def test_a_puzzle_s_tree_names_its_moves_and_ends_at_its_goal(name: str) -> None:
    module = importlib.import_module(f"idastar.{name}")
    solution = module.solve(PUZZLE_CASES[name](), trace=True)
    assert solution.solved
    root = parsed(solution.tree_svg())
    elements = node_elements(root)
    assert len(elements) == len(solution.trace[-1].nodes)
    on_path = [g.get("data-move") for g in elements if "idastar-path" in classes(g)]
    drawing = importlib.import_module(f"idastar.{solution._origin[0].puzzle}")._DRAWING
    named = [" ".join(drawing.move_text(move).split()) for move in solution.path]
    assert on_path == ["start", *named]
    goal = [g for g in elements if "idastar-goal" in classes(g)]
    assert len(goal) == 1 and int(goal[0].get("data-g", -1)) == solution.cost
    html = solution.tree_html()
    assert f"{drawing.name}: search tree, solved at cost {solution.cost}" in html


def test_the_docstrings_examples() -> None:
    for method in (Solution.tree_html, Solution.tree_svg, Solution.tree):
        finder = doctest.DocTestFinder()
        tests = finder.find(method, method.__qualname__, globs={})
        assert tests and tests[0].examples, method.__qualname__
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in tests:
            runner.run(test)
        assert runner.failures == 0
