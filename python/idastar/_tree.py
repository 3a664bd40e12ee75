"""A traced search's tree, drawn: one iteration as an SVG picture, every
iteration as an interactive HTML page.

Each node the search visited is a box holding the move that reached it
("start" for the start) over ``g+h=f``. A pruned node (``f`` above the
iteration's bound, so never expanded) is a dashed grey box whose ``f`` is
set against the bound (``3+4=7 > 6``). The path found, in the last
iteration of a solved search, is drawn thick in vermillion down to the
goal, which is filled yellow. Children stand under their parent in the
order they were visited, left to right, each parent centred over its
children (a tidy tree, :func:`layout`).

The page (:func:`tree_html`) is self-contained (inline SVG, CSS and
JavaScript, nothing fetched). It opens on the last iteration, whole; its
controls choose an iteration (previous, next, a select) and step through
the chosen one's nodes in the order the search visited them (first, back,
play/pause, forward, last, and a speed), so that the tree grows as the
search went: the node being visited and the path down to it (the depth-
first search's stack) are outlined in blue, and the path found appears
once the goal has been visited. The keyboard does the same: the arrows
step, space plays, Home and End go to the ends, Page Up and Page Down
change the iteration, ``+`` and ``-`` zoom (so does Ctrl with the mouse
wheel), and the tree scrolls to follow the node being visited.

Large traces: the page draws at most :data:`DRAW_LIMIT` nodes of an
iteration, and :data:`PAGE_LIMIT` in all (the iterations' shares evened
out when there are more); an iteration with more shows the first ones in
the order visited, and the path found, under a note that says so, and its
steps run through what is drawn. Only the iteration shown is in the page's
DOM. :func:`tree_svg` draws at most :data:`SVG_LIMIT` nodes.

The page's state is in the DOM for tests and tools: its root element
carries ``data-iteration``, ``data-iterations``, ``data-step``,
``data-steps``, ``data-nodes`` (the nodes the iteration visited),
``data-found``, ``data-at-goal``, ``data-playing`` and ``data-speed``;
each node is a ``g.idastar-node`` with ``data-node`` (its index in the
iteration's nodes), ``data-step`` (its place among the nodes drawn),
``data-parent``, ``data-g``, ``data-h``, ``data-f`` and ``data-move``, and
the classes ``idastar-pruned``, ``idastar-path``, ``idastar-goal`` as they
apply. ``window.idastarTrees[id]`` (``window.idastarTree``, the last one
made) offers ``iteration``, ``iterations``, ``at`` (the step shown, from
0), ``steps``, ``visited``, ``node`` (the index of the node shown),
``goal`` (the goal's index, -1 if none in this iteration), ``found``,
``playing``, ``speed``, ``interval`` (milliseconds a step shows while
playing), ``scale``, and ``showIteration(i)``, ``show(k)``, ``step(k)``,
``play()``, ``pause()``, ``toggle()``, ``setSpeed(x)``, ``zoom(factor)``,
``setScale(scale)``, ``fit()``.
"""

from __future__ import annotations

import importlib
import json
import uuid
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import _draw
from ._draw import escape

if TYPE_CHECKING:
    from ._results import Solution, TraceIteration

#: The most nodes :func:`tree_svg` draws of one iteration.
SVG_LIMIT = 1000
#: The most nodes the page draws of one iteration.
DRAW_LIMIT = 2000
#: The most nodes the page draws in all, its iterations' shares evened out.
PAGE_LIMIT = 10000

#: A move's name is cut to this many characters in its box (whole in its tooltip).
_LABEL_CHARS = 18
_FONT_SIZE = 12
#: About 0.6 em a character in the fonts of ``_draw.FONT``.
_CHAR_WIDTH = 0.6 * _FONT_SIZE
_BOX_HEIGHT = 38
_GAP_X = 14
_LEVEL = 74
_PAD = 16
_HEADER = 52
#: Fills and strokes, from ``_draw``'s palette.
_PRUNED_FILL = "#F2F2F2"
_PRUNED_INK = "#767676"
_EDGE = "#8C8C8C"
_CURRENT_FILL = "#D6ECFA"


def trace_of(solution: Solution[Any]) -> tuple[TraceIteration, ...]:
    """The solution's trace, or the ValueError that says how to get one."""
    trace = getattr(solution, "trace", None)
    if trace is None:
        raise ValueError(
            "this solution has no trace of its search: solve with trace=True (for example "
            "idastar.fifteen.solve(case, trace=True) or idastar.search.ida_star(..., "
            "trace=True)) to draw its search tree"
        )
    return tuple(trace)


def layout(parents: Sequence[int | None]) -> list[tuple[float, int]]:
    """A tidy layout of the tree whose node ``i`` has parent ``parents[i]``
    (None for a root): ``(x, depth)`` for each node.

    Children stand left to right in the order of their indices, one unit
    apart at least from any node of their depth; each parent is centred
    over its first and last child; a subtree is drawn the same wherever it
    is; the leftmost node is at ``x = 0``. Several roots stand side by side
    as the children of an unseen one would. Linear in the number of nodes,
    with no recursion (after Reingold and Tilford: each subtree's outline
    is kept by depth and slid as close as it may to its left siblings').
    """
    count = len(parents)
    children: list[list[int]] = [[] for _ in range(count + 1)]
    for index, parent in enumerate(parents):
        if parent is None:
            children[count].append(index)  # the unseen root's
        elif isinstance(parent, int) and 0 <= parent < count and parent != index:
            children[parent].append(index)
        else:
            raise ValueError(f"node {index} has no parent {parent!r}: there are {count} nodes")
    order = [count]
    for node in order:  # breadth first: every parent before its children
        order.extend(children[node])
    if len(order) != count + 1:
        raise ValueError("the parents form a cycle: some nodes are not under any root")

    offset = [0.0] * (count + 1)  # from the parent
    # Each subtree's outline, deepest level first: the leftmost and the
    # rightmost x at each depth, plus ``shift`` (the lists' values are
    # relative to ``shift``, so that sliding an outline costs nothing).
    lefts: list[list[float]] = [[] for _ in range(count + 1)]
    rights: list[list[float]] = [[] for _ in range(count + 1)]
    shift = [0.0] * (count + 1)
    for node in reversed(order):
        kids = children[node]
        if not kids:
            lefts[node], rights[node] = [0.0], [0.0]
            continue
        # The forest of the children placed so far: its outline is the
        # first child's, grown by each next one's.
        forest = kids[0]
        places = [0.0]
        for kid in kids[1:]:
            left, right = lefts[kid], rights[forest]
            depths = min(len(left), len(right))
            gap = max(
                right[-1 - d] + shift[forest] + 1 - left[-1 - d] - shift[kid] for d in range(depths)
            )
            shift[kid] += gap
            places.append(gap)
            forest = _merge(forest, kid, lefts, rights, shift)
        middle = (places[0] + places[-1]) / 2
        for kid, place in zip(kids, places, strict=True):
            offset[kid] = place - middle
        shift[forest] -= middle
        lefts[forest].append(-shift[forest])
        rights[forest].append(-shift[forest])
        lefts[node], rights[node], shift[node] = lefts[forest], rights[forest], shift[forest]
        lefts[forest], rights[forest] = [], []

    xs = [0.0] * (count + 1)
    depth = [-1] * (count + 1)
    for node in order[1:]:
        parent = parents[node]
        above = count if parent is None else parent
        xs[node] = xs[above] + offset[node]
        depth[node] = depth[above] + 1
    least = min(xs[:count], default=0.0)
    return [(xs[node] - least, depth[node]) for node in range(count)]


def _merge(
    forest: int,
    kid: int,
    lefts: list[list[float]],
    rights: list[list[float]],
    shift: list[float],
) -> int:
    """Joins ``kid``'s outline, placed right of ``forest``'s, into the
    deeper of the two, in the time of the shallower; returns the deeper's
    node, which now holds the outline of both."""
    deep, shallow = (kid, forest) if len(lefts[kid]) > len(lefts[forest]) else (forest, kid)
    moved = shift[shallow] - shift[deep]
    deep_left, deep_right = lefts[deep], rights[deep]
    shallow_left, shallow_right = lefts[shallow], rights[shallow]
    for d in range(1, len(shallow_left) + 1):
        deep_left[-d] = min(deep_left[-d], shallow_left[-d] + moved)
        deep_right[-d] = max(deep_right[-d], shallow_right[-d] + moved)
    lefts[shallow], rights[shallow] = [], []
    return deep


def _puzzle_drawing(solution: Solution[Any]) -> _draw.Drawing | None:
    try:
        origin, _ = solution._origin
        drawing: _draw.Drawing = importlib.import_module(f"idastar.{origin.puzzle}")._DRAWING
    except (AttributeError, ImportError, ValueError, TypeError):
        return None
    return drawing


def _namer(solution: Solution[Any]) -> Callable[[Any], str]:
    drawing = _puzzle_drawing(solution)
    return str if drawing is None else drawing.move_text


def _moves(iteration: TraceIteration, index: int) -> tuple[Any, ...]:
    return tuple(iteration.nodes[i].move for i in iteration.path_to(index)[1:])


def goal_of(solution: Solution[Any], trace: Sequence[TraceIteration]) -> int | None:
    """The index of the goal among the last iteration's nodes, for a solved
    search: where the trace says it is (its ``goal``), or else the node the
    solution's path leads to (for :mod:`idastar.search`, whose path starts
    with the start state, the path past it), the last node visited when
    that is it (IDA*: always). None when not solved."""
    if not solution.solved or not trace or not trace[-1].nodes:
        return None
    iteration = trace[-1]
    nodes = iteration.nodes
    recorded = getattr(iteration, "goal", None)
    if isinstance(recorded, int) and 0 <= recorded < len(nodes):
        return recorded
    path = tuple(solution.path)
    wanted = [path] if not path else [path, path[1:]]
    last = len(nodes) - 1
    for moves in wanted:
        if not nodes[last].pruned and _same(_moves(iteration, last), moves):
            return last
    children: dict[int | None, list[int]] = {}
    for index, node in enumerate(nodes):
        if not node.pruned:
            children.setdefault(node.parent, []).append(index)
    for moves in wanted:
        reached = children.get(None, [])
        for move in moves:
            reached = [
                kid
                for at in reached
                for kid in children.get(at, [])
                if _same(nodes[kid].move, move)
            ]
        if reached:
            return reached[-1]
    if not nodes[last].pruned and nodes[last].g == solution.cost:
        return last
    return None


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


def page_shares(sizes: Sequence[int]) -> list[int]:
    """How many nodes of each iteration the page draws: all, up to
    :data:`DRAW_LIMIT`, while the page stays within :data:`PAGE_LIMIT`;
    past that the largest share that keeps it within (every iteration
    drawing at least its start)."""
    shares = [min(size, DRAW_LIMIT) for size in sizes]
    if sum(shares) <= PAGE_LIMIT:
        return shares
    low, high = 1, DRAW_LIMIT  # the largest cap whose total fits
    while low < high:
        cap = (low + high + 1) // 2
        if sum(min(size, cap) for size in sizes) <= PAGE_LIMIT:
            low = cap
        else:
            high = cap - 1
    return [min(size, low) for size in sizes]


def _drawn(iteration: TraceIteration, share: int, goal: int | None) -> list[int]:
    """The first ``share`` nodes visited, the path to the goal and every
    ancestor of those, in the order visited."""
    chosen = set(range(min(share, len(iteration.nodes))))
    if goal is not None:
        chosen.update(iteration.path_to(goal))
    for index in list(chosen):
        parent = iteration.nodes[index].parent
        while parent is not None and parent not in chosen:
            chosen.add(parent)
            parent = iteration.nodes[parent].parent
    return sorted(chosen)


def _label(move: Any, name: Callable[[Any], str], root: bool) -> str:
    if root:
        return "start"
    try:
        text = name(move)
    except Exception:
        text = str(move)
    return " ".join(text.split())


def _cut(text: str) -> str:
    return text if len(text) <= _LABEL_CHARS else text[: _LABEL_CHARS - 1] + "\u2026"


def _sums(g: int, h: int, above: int | None) -> str:
    return f"{g}+{h}={g + h}" + ("" if above is None else f" > {above}")


def _describe(
    label: str, g: int, h: int, bound: int, *, root: bool, pruned: bool, goal: bool
) -> str:
    f = g + h
    sums = f"g {g} + h {h} = f {f}"
    if pruned:
        verdict = (
            f"above the bound {bound}: pruned, not expanded"
            if f > bound
            else "not expanded (dropped: reached before at no greater cost, or beyond max_cost)"
        )
    elif goal:
        verdict = f"within the bound {bound}: the goal"
    else:
        verdict = f"within the bound {bound}: expanded"
    return f"{'the start' if root else 'move ' + label}: {sums}, {verdict}"


def iteration_svg(
    iteration: TraceIteration,
    drawn: Sequence[int],
    *,
    number: int,
    count: int,
    goal: int | None,
    name: Callable[[Any], str],
) -> str:
    """The SVG of the nodes ``drawn`` (indices, in the order visited) of
    ``iteration``, number ``number`` (from 1) of ``count``."""
    nodes = iteration.nodes
    bound = iteration.bound
    step_of = {index: step for step, index in enumerate(drawn)}
    parents: list[int | None] = []
    for index in drawn:
        parent = nodes[index].parent
        parents.append(None if parent is None else step_of[parent])
    places = layout(parents)
    path = set() if goal is None else set(iteration.path_to(goal))
    labels = [_label(nodes[i].move, name, nodes[i].parent is None) for i in drawn]
    sums = [
        _sums(nodes[i].g, nodes[i].h, bound if nodes[i].pruned and nodes[i].f > bound else None)
        for i in drawn
    ]
    widest = max([len(_cut(label)) for label in labels] + [len(s) for s in sums] + [4])
    box = max(56.0, min(150.0, widest * _CHAR_WIDTH + 14))
    unit = box + _GAP_X
    span = max((x for x, _ in places), default=0.0)
    deepest = max((depth for _, depth in places), default=0)

    pruned = sum(1 for node in nodes if node.pruned)
    visited = len(nodes)
    heading = (
        f"Iteration {number} of {count}: bound {bound}, {visited} node"
        f"{'' if visited == 1 else 's'} visited, {pruned} pruned"
    )
    if len(drawn) < visited:
        heading += f" ({len(drawn)} drawn)"
    legend = (
        "Each box: the move that reached the node, then g+h=f. Dashed grey: pruned "
        "(f > bound, not expanded)." + (" Thick: the path found." if goal is not None else "")
    )
    width = max(2 * _PAD + span * unit + box, 2 * _PAD + len(legend) * _CHAR_WIDTH)
    height = _HEADER + deepest * _LEVEL + _BOX_HEIGHT + 2 * _PAD + 12
    left = (width - span * unit - box) / 2 + box / 2

    def centre(step: int) -> tuple[float, float]:
        x, depth = places[step]
        return left + x * unit, _HEADER + _PAD + depth * _LEVEL + _BOX_HEIGHT / 2

    edges, boxes = [], []
    for step, index in enumerate(drawn):
        node = nodes[index]
        on_path = index in path
        is_goal = index == goal
        cx, cy = centre(step)
        parent = parents[step]
        if parent is not None:
            px, py = centre(parent)
            edges.append(
                _draw.line(
                    px,
                    py + _BOX_HEIGHT / 2,
                    cx,
                    cy - _BOX_HEIGHT / 2,
                    class_="idastar-edge" + (" idastar-path" if on_path else ""),
                    data_node=index,
                    data_step=step,
                    stroke=_draw.MARK if on_path else _EDGE,
                    stroke_width=3.5 if on_path else 1.5,
                    stroke_dasharray="4 3" if node.pruned else None,
                )
            )
        classes = "idastar-node"
        if node.pruned:
            classes += " idastar-pruned"
        if on_path:
            classes += " idastar-path"
        if is_goal:
            classes += " idastar-goal"
        ink = _PRUNED_INK if node.pruned else _draw.INK
        described = _describe(
            labels[step],
            node.g,
            node.h,
            bound,
            root=node.parent is None,
            pruned=node.pruned,
            goal=is_goal,
        )
        body = (
            f"<title>{escape(described)}</title>"
            + _draw.rect(
                -box / 2,
                -_BOX_HEIGHT / 2,
                box,
                _BOX_HEIGHT,
                rx=6,
                fill=_draw.YELLOW if is_goal else _PRUNED_FILL if node.pruned else _draw.PAPER,
                stroke=_draw.MARK if on_path else _PRUNED_INK if node.pruned else _draw.INK,
                stroke_width=3.5 if on_path else 1.5,
                stroke_dasharray="4 3" if node.pruned else None,
            )
            # Size, anchor and colour come from the groups around.
            + f'<text y="-8" font-weight="bold">{escape(_cut(labels[step]))}</text>'
            + f'<text y="9">{escape(sums[step])}</text>'
        )
        if is_goal:
            body += _draw.text(
                0,
                _BOX_HEIGHT / 2 + 9,
                "goal",
                size=_FONT_SIZE,
                weight="bold",
                fill=_draw.MARK,
                class_="idastar-goal-label",
            )
        boxes.append(
            _draw.element(
                "g",
                body,
                class_=classes,
                transform=f"translate({_draw._number(cx)},{_draw._number(cy)})",
                data_node=index,
                data_step=step,
                data_parent=node.parent,
                data_g=node.g,
                data_h=node.h,
                data_f=node.f,
                data_move=labels[step],
                fill=None if ink == _draw.INK else ink,
            )
        )
    header = _draw.text(
        _PAD, 16, heading, size=15, weight="bold", fill=_draw.INK, text_anchor="start"
    ) + _draw.text(_PAD, 36, legend, size=_FONT_SIZE, fill=_draw.INK, text_anchor="start")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="idastar-tree-svg" '
        f'width="{_draw._number(width)}" height="{_draw._number(height)}" '
        f'viewBox="0 0 {_draw._number(width)} {_draw._number(height)}" '
        f'font-family="{_draw.FONT}" data-iteration="{number - 1}" data-bound="{bound}" '
        f'data-nodes="{visited}" data-drawn="{len(drawn)}">'
        f"<title>{escape(heading)}</title>"
        f"{_draw.rect(0, 0, width, height, fill=_draw.PAPER)}{header}"
        f'<g class="idastar-lines">{"".join(edges)}</g>'
        f'<g class="idastar-boxes" font-size="{_FONT_SIZE}" text-anchor="middle" '
        f'dominant-baseline="central" fill="{_draw.INK}">{"".join(boxes)}</g></svg>'
    )


def tree_svg(solution: Solution[Any], iteration: int = -1) -> str:
    """One iteration of the solution's trace as an SVG picture (see
    :meth:`Solution.tree_svg`)."""
    trace = trace_of(solution)
    if not trace:
        raise ValueError("the trace holds no iteration: there is no tree to draw")
    count = len(trace)
    if not -count <= iteration < count:
        raise IndexError(
            f"iteration {iteration} is out of range: the trace has {count} iteration"
            f"{'' if count == 1 else 's'} (0 to {count - 1}, or -1 for the last)"
        )
    number = iteration % count
    chosen = trace[number]
    size = len(chosen.nodes)
    if size > SVG_LIMIT:
        raise ValueError(
            f"iteration {number} visited {size} nodes, more than tree_svg draws "
            f"({SVG_LIMIT}): use tree_html(), whose page shows large trees with zoom, "
            "scrolling and a step through the nodes"
        )
    goal = goal_of(solution, trace) if number == count - 1 else None
    return iteration_svg(
        chosen,
        range(size),
        number=number + 1,
        count=count,
        goal=goal,
        name=_namer(solution),
    )


def _title(solution: Solution[Any], trace: Sequence[TraceIteration]) -> str:
    drawing = _puzzle_drawing(solution)
    what = f"{drawing.name}: search tree" if drawing is not None and drawing.name else "Search tree"
    if solution.solved:
        outcome = f"solved at cost {solution.cost}"
    else:
        outcome = f"not solved ({solution.outcome})"
    visited = sum(len(iteration.nodes) for iteration in trace)
    return (
        f"{what}, {outcome}: {len(trace)} iteration{'' if len(trace) == 1 else 's'}, "
        f"{visited} node{'' if visited == 1 else 's'} visited"
    )


#: Milliseconds between steps while playing at speed 1.
_DELAY = 400
#: The speeds the page offers, the default 1.
SPEEDS = (0.25, 0.5, 1, 2, 4, 8, 32)

_CSS = """
#@ID@ { font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: #222; max-width: 100%;
  outline: none; }
#@ID@ .idastar-title { font-size: 18px; font-weight: bold; margin: 4px 0 8px; }
#@ID@ .idastar-controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  margin: 6px 0; }
#@ID@ .idastar-controls .idastar-group { display: flex; gap: 4px; align-items: center;
  margin-right: 14px; }
#@ID@ button, #@ID@ select { font-size: 15px; padding: 3px 8px; }
#@ID@ button { cursor: pointer; }
#@ID@ .idastar-counter { font-size: 15px; margin-left: 6px; font-variant-numeric: tabular-nums; }
#@ID@ .idastar-status { font-size: 15px; margin: 4px 0; min-height: 1.3em; }
#@ID@ .idastar-note { font-size: 14px; margin: 4px 0; padding: 4px 8px; background: #FFF6D5;
  border-left: 4px solid @ORANGE@; }
#@ID@ .idastar-viewport { overflow: auto; max-height: 75vh; border: 1px solid #BBB;
  border-radius: 4px; background: #FFF; }
#@ID@ .idastar-canvas svg { display: block; }
#@ID@ .idastar-legend { font-size: 14px; margin: 6px 0; max-width: 60em; }
#@ID@ .idastar-later { visibility: hidden; }
#@ID@ .idastar-stack > rect, #@ID@ line.idastar-stack { stroke: @BLUE@; stroke-width: 3.5px; }
#@ID@ .idastar-current > rect { fill: @CURRENT@; }
#@ID@:not(.idastar-found) .idastar-path:not(.idastar-stack) > rect { stroke: @INK@;
  stroke-width: 1.5px; }
#@ID@:not(.idastar-found) line.idastar-path:not(.idastar-stack) { stroke: @EDGE@;
  stroke-width: 1.5px; }
#@ID@:not(.idastar-found) .idastar-goal:not(.idastar-current) > rect { fill: #FFF; }
#@ID@:not(.idastar-found) .idastar-goal-label { visibility: hidden; }
#@ID@.idastar-found .idastar-path > rect, #@ID@.idastar-found line.idastar-path {
  stroke: @MARK@; stroke-width: 3.5px; }
#@ID@.idastar-found .idastar-goal > rect { fill: @YELLOW@; }
"""

_SCRIPT = """
(function () {
  var root = document.getElementById("@ID@");
  var data = JSON.parse(root.querySelector(".idastar-tree-data").textContent);
  var viewport = root.querySelector(".idastar-viewport");
  var canvas = root.querySelector(".idastar-canvas");
  var choice = root.querySelector("select.idastar-iteration");
  var speedControl = root.querySelector('[data-control="speed"]');
  var counter = root.querySelector(".idastar-counter");
  var status = root.querySelector(".idastar-status");
  var note = root.querySelector(".idastar-note");
  var playButton = root.querySelector('[data-action="play"]');
  var svg = null, nodes = [], edges = [], byNode = {}, stack = [], timer = null;
  var width = 1, height = 1, goalStep = -1;
  function clamp(value, low, high) { return Math.max(low, Math.min(high, value)); }
  function count(number) { return number.toLocaleString("en-US"); }
  function later(step, hidden) {
    nodes[step].classList.toggle("idastar-later", hidden);
    if (edges[step]) { edges[step].classList.toggle("idastar-later", hidden); }
  }
  function reveal(element) {
    var box = element.getBoundingClientRect(), view = viewport.getBoundingClientRect();
    if (box.left < view.left || box.right > view.right) {
      viewport.scrollLeft += (box.left + box.right - view.left - view.right) / 2;
    }
    if (box.top < view.top || box.bottom > view.bottom) {
      viewport.scrollTop += (box.top + box.bottom - view.top - view.bottom) / 2;
    }
  }
  var tree = {
    id: "@ID@", iterations: data.iterations.length, iteration: -1, at: -1, steps: 0,
    visited: 0, node: -1, goal: -1, found: false, playing: false, scale: 1,
    speeds: @SPEEDS@, speed: 1, interval: @DELAY@,
    showIteration: function (i) {
      tree.pause();
      if (!tree.iterations) { return -1; }
      i = clamp(Math.round(i), 0, tree.iterations - 1);
      var shown = data.iterations[i];
      canvas.innerHTML = shown.svg;
      svg = canvas.querySelector("svg");
      width = +svg.getAttribute("width");
      height = +svg.getAttribute("height");
      nodes = []; edges = []; byNode = {}; stack = [];
      svg.querySelectorAll(".idastar-node").forEach(function (node) {
        nodes[+node.getAttribute("data-step")] = node;
        byNode[node.getAttribute("data-node")] = node;
      });
      svg.querySelectorAll(".idastar-edge").forEach(function (edge) {
        edges[+edge.getAttribute("data-step")] = edge;
      });
      tree.iteration = i;
      tree.steps = nodes.length;
      tree.visited = shown.visited;
      tree.goal = shown.goal;
      goalStep = shown.goalStep;
      tree.at = tree.steps - 1;  // a new drawing shows every node
      choice.value = String(i);
      note.textContent = shown.note;
      note.hidden = !shown.note;
      root.setAttribute("data-iteration", String(i));
      root.setAttribute("data-steps", String(tree.steps));
      root.setAttribute("data-nodes", String(tree.visited));
      tree.setScale(clamp((viewport.clientWidth - 4) / width, 0.75, 1));
      tree.show(tree.steps - 1);
      return i;
    },
    show: function (k) {
      if (!tree.steps) { return -1; }
      k = clamp(Math.round(k), 0, tree.steps - 1);
      var low = Math.min(k, tree.at), high = Math.max(k, tree.at);
      for (var step = Math.max(low, 0); step <= high; step++) { later(step, step > k); }
      stack.forEach(function (element) {
        element.classList.remove("idastar-stack", "idastar-current");
      });
      stack = [];
      var node = nodes[k];
      node.classList.add("idastar-current");
      while (node) {
        node.classList.add("idastar-stack");
        stack.push(node);
        var edge = edges[+node.getAttribute("data-step")];
        if (edge) { edge.classList.add("idastar-stack"); stack.push(edge); }
        var parent = node.getAttribute("data-parent");
        node = parent === null ? null : byNode[parent];
      }
      tree.at = k;
      tree.node = +nodes[k].getAttribute("data-node");
      tree.found = goalStep >= 0 && k >= goalStep;
      root.classList.toggle("idastar-found", tree.found);
      root.setAttribute("data-step", String(k));
      root.setAttribute("data-found", String(tree.found));
      root.setAttribute("data-at-goal", String(k === goalStep));
      counter.textContent = "node " + count(k + 1) + " of " + count(tree.steps) +
        (tree.steps < tree.visited ? " drawn (" + count(tree.visited) + " visited)" : "") +
        (k === goalStep ? " \\u2014 the goal" : "");
      status.textContent = nodes[k].querySelector("title").textContent + ".";
      reveal(nodes[k]);
      if (k === tree.steps - 1) { tree.pause(); }
      return k;
    },
    step: function (k) { return tree.show(tree.at + (k === undefined ? 1 : k)); },
    play: function () {
      if (tree.playing || !tree.steps) { return; }
      if (tree.at >= tree.steps - 1) { tree.show(0); }
      tree.playing = true;
      root.setAttribute("data-playing", "true");
      playButton.textContent = "\\u2016 pause";
      timer = setInterval(function () { tree.step(1); }, tree.interval);
    },
    pause: function () {
      if (timer !== null) { clearInterval(timer); timer = null; }
      tree.playing = false;
      root.setAttribute("data-playing", "false");
      playButton.textContent = "\\u25B6 play";
    },
    toggle: function () { if (tree.playing) { tree.pause(); } else { tree.play(); } },
    setSpeed: function (x) {
      x = +x;
      if (!(x > 0 && isFinite(x))) { return tree.speed; }
      tree.speed = x;
      tree.interval = Math.max(1, Math.round(@DELAY@ / x));
      speedControl.value = String(x);
      root.setAttribute("data-speed", String(x));
      if (tree.playing) {  // the new pace from the next step
        clearInterval(timer);
        timer = setInterval(function () { tree.step(1); }, tree.interval);
      }
      return x;
    },
    setScale: function (scale) {
      if (!svg) { return tree.scale; }
      tree.scale = clamp(scale, 0.02, 4);
      svg.setAttribute("width", String(width * tree.scale));
      svg.setAttribute("height", String(height * tree.scale));
      root.setAttribute("data-scale", tree.scale.toFixed(3));
      return tree.scale;
    },
    zoom: function (factor) {
      var scale = tree.setScale(tree.scale * factor);
      if (tree.steps) { reveal(nodes[tree.at]); }
      return scale;
    },
    fit: function () { return tree.setScale(Math.min(1, (viewport.clientWidth - 4) / width)); }
  };
  var actions = {
    "previous-iteration": function () { tree.showIteration(tree.iteration - 1); },
    "next-iteration": function () { tree.showIteration(tree.iteration + 1); },
    first: function () { tree.pause(); tree.show(0); },
    back: function () { tree.pause(); tree.step(-1); },
    play: tree.toggle,
    forward: function () { tree.pause(); tree.step(1); },
    last: function () { tree.pause(); tree.show(tree.steps - 1); },
    "zoom-in": function () { tree.zoom(1.25); },
    "zoom-out": function () { tree.zoom(0.8); },
    fit: tree.fit
  };
  root.querySelectorAll("button[data-action]").forEach(function (button) {
    button.addEventListener("click", actions[button.getAttribute("data-action")]);
  });
  choice.addEventListener("change", function () { tree.showIteration(+choice.value); });
  speedControl.addEventListener("change", function () { tree.setSpeed(speedControl.value); });
  viewport.addEventListener("wheel", function (event) {
    if (!event.ctrlKey) { return; }
    event.preventDefault();
    tree.zoom(Math.pow(1.1, -event.deltaY / 100));
  }, { passive: false });
  var keys = {
    ArrowLeft: "back", ArrowRight: "forward", " ": "play", Home: "first", End: "last",
    PageUp: "previous-iteration", PageDown: "next-iteration", "+": "zoom-in", "=": "zoom-in",
    "-": "zoom-out"
  };
  @KEYS@.addEventListener("keydown", function (event) {
    var action = keys[event.key];
    if (!action || event.target.tagName === "SELECT" || event.ctrlKey || event.metaKey) {
      return;
    }
    event.preventDefault();
    actions[action]();
  });
  window.idastarTrees = window.idastarTrees || {};
  window.idastarTrees["@ID@"] = tree;
  window.idastarTree = tree;
  if (tree.iterations) { tree.showIteration(tree.iterations - 1); }
})();
"""

_ITERATION_BUTTONS = (
    ("previous-iteration", "\u00ab previous", "the previous iteration (Page Up)"),
    ("next-iteration", "next \u00bb", "the next iteration (Page Down)"),
)
_STEP_BUTTONS = (
    ("first", "|\u25c0 first", "the first node visited (Home)"),
    ("back", "\u25c0 back", "one node back (left arrow)"),
    ("play", "\u25b6 play", "play or pause (space)"),
    ("forward", "forward \u25b6", "one node forward (right arrow)"),
    ("last", "last \u25b6|", "the last node visited (End)"),
)
_ZOOM_BUTTONS = (
    ("zoom-out", "\u2212", "zoom out (-, or Ctrl and the mouse wheel)"),
    ("fit", "fit", "fit the tree's width"),
    ("zoom-in", "+", "zoom in (+, or Ctrl and the mouse wheel)"),
)

_LEGEND = (
    "Each box is a node the search visited: the move that reached it (the start is "
    "\u201cstart\u201d), then g+h=f, the cost so far plus the heuristic\u2019s estimate. A "
    "dashed grey box was pruned: its f is above the iteration\u2019s bound (shown as "
    "\u201cf > bound\u201d), so it was not expanded, and the smallest such f is the next "
    "iteration\u2019s bound. Children stand under their parent in the order they were "
    "tried, left to right. Stepping shows the nodes in the order visited: the node being "
    "visited and the path to it are outlined in blue; once the goal has been visited, the "
    "path found is drawn thick in vermillion and the goal filled yellow. Hover over a node "
    "for its numbers."
)


def _script_json(value: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``</`` (which could end
    it) nor ``<!--`` in its strings, each written with an escape instead."""
    return (
        json.dumps(value, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "<\\u0021--")
    )


def _viewer(solution: Solution[Any], element_id: str, page: bool) -> str:
    trace = trace_of(solution)
    count = len(trace)
    goal = goal_of(solution, trace)
    name = _namer(solution)
    shares = page_shares([len(iteration.nodes) for iteration in trace])
    iterations = []
    options = []
    for number, (iteration, share) in enumerate(zip(trace, shares, strict=True)):
        here = goal if number == count - 1 else None
        visited = len(iteration.nodes)
        drawn = _drawn(iteration, share, here) if visited else []
        note = ""
        if len(drawn) < visited:
            note = (
                f"This iteration visited {visited:,} nodes: the first {share:,} in the order "
                "visited are drawn"
                + (", with the path found" if here is not None and here >= share else "")
                + f" (the page draws at most {DRAW_LIMIT:,} nodes of an iteration and "
                f"{PAGE_LIMIT:,} in all). tree_svg() draws one iteration of up to "
                f"{SVG_LIMIT:,} nodes."
            )
        svg = (
            iteration_svg(iteration, drawn, number=number + 1, count=count, goal=here, name=name)
            if drawn
            else ""
        )
        iterations.append(
            {
                "bound": iteration.bound,
                "visited": visited,
                "goal": -1 if here is None else here,
                "goalStep": -1 if here is None else drawn.index(here),
                "note": note,
                "svg": svg,
            }
        )
        options.append(
            f'<option value="{number}">{number + 1}: bound {iteration.bound}, '
            f"{visited:,} node{'' if visited == 1 else 's'}</option>"
        )
    values = {
        "ID": element_id,
        "KEYS": "document" if page else "root",
        "ORANGE": _draw.ORANGE,
        "BLUE": _draw.BLUE,
        "MARK": _draw.MARK,
        "YELLOW": _draw.YELLOW,
        "INK": _draw.INK,
        "EDGE": _EDGE,
        "CURRENT": _CURRENT_FILL,
        "SPEEDS": json.dumps(list(SPEEDS)),
        "DELAY": _DELAY,
    }
    speed = _draw.speed_control(
        SPEEDS, f"nodes shown per second while playing, 1\u00d7 being {1000 / _DELAY:g}"
    )
    empty = "" if trace else "The trace holds no iteration: there is no tree to draw."
    return (
        f'<div class="idastar-tree" id="{element_id}" tabindex="0" data-iteration="-1" '
        f'data-iterations="{count}" data-step="-1" data-steps="0" data-nodes="0" '
        f'data-found="false" data-at-goal="false" data-playing="false" data-speed="1">'
        f"<style>{_draw.fill(_CSS, values)}</style>"
        f'<div class="idastar-title">{escape(_title(solution, trace))}</div>'
        '<div class="idastar-controls">'
        f'<span class="idastar-group">iteration {_draw.buttons(_ITERATION_BUTTONS[:1])}'
        f'<select class="idastar-iteration" title="choose an iteration">{"".join(options)}'
        f"</select>{_draw.buttons(_ITERATION_BUTTONS[1:])}</span>"
        f'<span class="idastar-group">{_draw.buttons(_STEP_BUTTONS)}{speed}'
        '<span class="idastar-counter"></span></span>'
        f'<span class="idastar-group">zoom {_draw.buttons(_ZOOM_BUTTONS)}</span></div>'
        '<div class="idastar-status"></div>'
        f'<div class="idastar-note"{"" if empty else " hidden"}>{escape(empty)}</div>'
        '<div class="idastar-viewport"><div class="idastar-canvas"></div></div>'
        f'<p class="idastar-legend">{escape(_LEGEND)}</p>'
        '<script type="application/json" class="idastar-tree-data">'
        f"{_script_json({'iterations': iterations})}</script>"
        f"<script>{_draw.fill(_SCRIPT, values)}</script></div>"
    )


def tree_html(solution: Solution[Any], *, page: bool = True) -> str:
    """The page of the solution's search tree (see :meth:`Solution.tree_html`),
    or (``page=False``) a fragment for a notebook, whose element ids are new
    on every call so that several in one notebook do not meet."""
    element_id = f"idastar-tree-{uuid.uuid4().hex[:12]}"
    viewer = _viewer(solution, element_id, page)
    if not page:
        return viewer
    title = escape(_title(solution, trace_of(solution)))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head>\n<body>\n{viewer}\n</body></html>\n"
    )


class SearchTree:
    """A traced solution's search tree, for a notebook: Jupyter shows it
    as the page of :meth:`Solution.tree_html` (each display with element
    ids of its own); :meth:`svg` draws one iteration, :meth:`to_html`
    makes the whole page."""

    __slots__ = ("solution",)

    def __init__(self, solution: Solution[Any]) -> None:
        trace_of(solution)  # the error at once, not when displayed
        #: The solution whose trace is drawn.
        self.solution = solution

    @property
    def trace(self) -> tuple[TraceIteration, ...]:
        """The iterations drawn (the solution's ``trace``)."""
        return trace_of(self.solution)

    def svg(self, iteration: int = -1) -> str:
        """One iteration's tree as SVG: :meth:`Solution.tree_svg`."""
        return tree_svg(self.solution, iteration)

    def to_html(self) -> str:
        """The whole page: :meth:`Solution.tree_html`."""
        return tree_html(self.solution)

    def _repr_html_(self) -> str:
        return tree_html(self.solution, page=False)

    def __repr__(self) -> str:
        trace = self.trace
        visited = sum(len(iteration.nodes) for iteration in trace)
        bounds = ", ".join(str(iteration.bound) for iteration in trace[:12])
        if len(trace) > 12:
            bounds += ", ..."
        return (
            f"<SearchTree: {len(trace)} iteration{'' if len(trace) == 1 else 's'} "
            f"(bounds {bounds}), {visited} node{'' if visited == 1 else 's'} visited>"
        )
