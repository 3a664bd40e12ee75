"""The search tree's page in a real browser: headless Chromium through selenium.

The page is driven with its own controls (buttons, the iteration's select,
the keyboard) and read back from its DOM and its ``window.idastarTree``
object: every iteration's nodes are stepped through one by one, the tree
growing in the order visited, and the last step of the last iteration
shows the path found. Skipped, with the reason, where selenium, Chromium or
its driver is missing (see tests/test_browser.py, whose fixture is used).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from test_browser import browser, png_colours
from test_tree import a_star_trace, by_hand, doubling, traced_search

from idastar import Solution, _tree
from idastar._results import TraceIteration, TraceNode

__all__ = ["browser"]  # the fixture, shared with tests/test_browser.py


def tree(driver: Any, name: str) -> Any:
    return driver.execute_script(f"return window.idastarTree.{name};")


def open_page(driver: Any, tmp_path: Path, solution: Solution[Any], name: str = "tree") -> Any:
    from selenium.webdriver.common.by import By

    page = tmp_path / f"{name}.html"
    page.write_text(solution.tree_html(), encoding="utf-8")
    driver.get(page.as_uri())
    return driver.find_element(By.CSS_SELECTOR, ".idastar-tree")


def shown_nodes(root: Any) -> list[int]:
    """The nodes drawn and not hidden, by index, in document order."""
    from selenium.webdriver.common.by import By

    return [
        int(node.get_attribute("data-node"))
        for node in root.find_elements(By.CSS_SELECTOR, ".idastar-node:not(.idastar-later)")
    ]


def stroke(driver: Any, selector: str) -> list[str]:
    return list(
        driver.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0]))"
            ".map(function (e) { return getComputedStyle(e).stroke; });",
            selector,
        )
    )


VERMILLION = "rgb(213, 94, 0)"
BLUE = "rgb(0, 114, 178)"


def step_through(driver: Any, root: Any, iteration: TraceIteration, goal: int | None) -> None:
    """Steps with the page's buttons from the first node to the last,
    checking the tree grows one node a step, in the order visited."""
    from selenium.webdriver.common.by import By

    count = len(iteration.nodes)
    counter = root.find_element(By.CSS_SELECTOR, ".idastar-counter")
    root.find_element(By.CSS_SELECTOR, '[data-action="first"]').click()
    forward = root.find_element(By.CSS_SELECTOR, '[data-action="forward"]')
    for step in range(count):
        if step:
            forward.click()
        assert tree(driver, "at") == step == int(root.get_attribute("data-step"))
        assert tree(driver, "node") == step
        assert counter.text.startswith(f"node {step + 1} of {count}")
        assert shown_nodes(root) == list(range(step + 1))
        current = root.find_elements(By.CSS_SELECTOR, ".idastar-current")
        assert [int(node.get_attribute("data-node")) for node in current] == [step]
        stack = root.find_elements(By.CSS_SELECTOR, ".idastar-node.idastar-stack")
        assert sorted(int(node.get_attribute("data-node")) for node in stack) == (
            iteration.path_to(step)
        )
        found = goal is not None and step >= goal
        assert tree(driver, "found") is found
        assert root.get_attribute("data-found") == ("true" if found else "false")
        assert ("idastar-found" in root.get_attribute("class").split()) is found
    forward.click()  # past the end: it stays
    assert tree(driver, "at") == count - 1


def test_stepping_through_every_iteration_ends_on_the_path_found(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    solution = doubling()
    trace = solution.trace
    root = open_page(browser, tmp_path, solution)
    # It opens on the last iteration, whole, the path found drawn.
    assert tree(browser, "iterations") == len(trace) == int(root.get_attribute("data-iterations"))
    assert tree(browser, "iteration") == len(trace) - 1
    last = trace[-1]
    goal = len(last.nodes) - 1
    assert tree(browser, "goal") == goal and tree(browser, "found") is True
    assert shown_nodes(root) == list(range(len(last.nodes)))

    choice = Select(root.find_element(By.CSS_SELECTOR, "select.idastar-iteration"))
    choice.select_by_index(0)
    assert tree(browser, "iteration") == 0 == int(root.get_attribute("data-iteration"))
    for number, iteration in enumerate(trace):
        if number:
            root.find_element(By.CSS_SELECTOR, '[data-action="next-iteration"]').click()
        assert tree(browser, "iteration") == number
        assert choice.first_selected_option.get_attribute("value") == str(number)
        count = len(iteration.nodes)
        assert tree(browser, "steps") == tree(browser, "visited") == count
        assert int(root.get_attribute("data-nodes")) == count
        assert len(root.find_elements(By.CSS_SELECTOR, ".idastar-node")) == count
        here = goal if number == len(trace) - 1 else None
        assert tree(browser, "goal") == (-1 if here is None else here)
        step_through(browser, root, iteration, here)

    # The last step of the last iteration: the goal, its path in vermillion.
    assert root.get_attribute("data-at-goal") == "true"
    counter = root.find_element(By.CSS_SELECTOR, ".idastar-counter")
    assert counter.text.endswith("the goal")
    on_path = root.find_elements(By.CSS_SELECTOR, ".idastar-node.idastar-path")
    assert [int(node.get_attribute("data-node")) for node in on_path] == last.path_to(goal)
    assert set(stroke(browser, ".idastar-path > rect")) == {VERMILLION}
    assert set(stroke(browser, "line.idastar-path")) == {VERMILLION}
    status = root.find_element(By.CSS_SELECTOR, ".idastar-status").text
    assert status == "move 10: g 4 + h 0 = f 4, within the bound 4: the goal."

    # One step back: the goal is not yet visited, so no path is drawn.
    root.find_element(By.CSS_SELECTOR, '[data-action="back"]').click()
    assert tree(browser, "found") is False and root.get_attribute("data-at-goal") == "false"
    assert VERMILLION not in stroke(browser, ".idastar-path > rect")
    assert BLUE in stroke(browser, ".idastar-stack > rect")

    # Back to the first iteration with the previous button; past it, it stays.
    for number in reversed(range(len(trace) - 1)):
        root.find_element(By.CSS_SELECTOR, '[data-action="previous-iteration"]').click()
        assert tree(browser, "iteration") == number
    root.find_element(By.CSS_SELECTOR, '[data-action="previous-iteration"]').click()
    assert tree(browser, "iteration") == 0
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, "the page's script raised no error"


def test_the_keyboard_steps_and_changes_iterations(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    solution = doubling()
    root = open_page(browser, tmp_path, solution)
    body = browser.find_element(By.TAG_NAME, "body")
    last = len(solution.trace[-1].nodes) - 1
    body.send_keys(Keys.HOME)
    assert tree(browser, "at") == 0 and shown_nodes(root) == [0]
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert tree(browser, "at") == 2
    body.send_keys(Keys.ARROW_LEFT)
    assert tree(browser, "at") == 1
    body.send_keys(Keys.END)
    assert tree(browser, "at") == last and tree(browser, "found") is True
    body.send_keys(Keys.PAGE_UP)
    assert tree(browser, "iteration") == len(solution.trace) - 2
    body.send_keys(Keys.PAGE_DOWN)
    assert tree(browser, "iteration") == len(solution.trace) - 1
    scale = tree(browser, "scale")
    body.send_keys("+")
    assert tree(browser, "scale") == pytest.approx(scale * 1.25)
    body.send_keys("-")
    assert tree(browser, "scale") == pytest.approx(scale)


def test_play_grows_the_tree_to_the_goal_and_stops(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    solution = doubling()
    root = open_page(browser, tmp_path, solution)
    speed = Select(root.find_element(By.CSS_SELECTOR, '[data-control="speed"]'))
    assert [option.get_attribute("value") for option in speed.options] == [
        "0.25", "0.5", "1", "2", "4", "8", "32",
    ]  # fmt: skip
    assert (tree(browser, "speed"), tree(browser, "interval")) == (1, 400)
    speed.select_by_value("32")
    assert (tree(browser, "speed"), tree(browser, "interval")) == (32, 13)
    assert root.get_attribute("data-speed") == "32"
    root.find_element(By.CSS_SELECTOR, '[data-action="play"]').click()
    # At the end already: play starts again from the first node.
    assert tree(browser, "playing") is True and root.get_attribute("data-playing") == "true"
    deadline = time.monotonic() + 20
    while tree(browser, "playing") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert tree(browser, "playing") is False
    assert tree(browser, "at") == tree(browser, "steps") - 1 and tree(browser, "found") is True
    button = root.find_element(By.CSS_SELECTOR, '[data-action="play"]')
    assert "play" in button.text


def test_zoom_and_a_screenshot(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    root = open_page(browser, tmp_path, doubling(20))
    svg = root.find_element(By.CSS_SELECTOR, ".idastar-canvas svg")
    width = float(svg.get_attribute("width"))
    root.find_element(By.CSS_SELECTOR, '[data-action="zoom-in"]').click()
    assert float(svg.get_attribute("width")) == pytest.approx(width * 1.25, rel=1e-3)
    root.find_element(By.CSS_SELECTOR, '[data-action="zoom-out"]').click()
    root.find_element(By.CSS_SELECTOR, '[data-action="zoom-out"]').click()
    assert float(svg.get_attribute("width")) == pytest.approx(width * 0.8, rel=1e-3)
    root.find_element(By.CSS_SELECTOR, '[data-action="fit"]').click()
    viewport = root.find_element(By.CSS_SELECTOR, ".idastar-viewport")
    assert float(svg.get_attribute("width")) <= viewport.size["width"]
    png = browser.get_screenshot_as_png()
    assert png_colours(png) >= 8, "the screenshot shows a picture, not a blank page"


def test_a_large_iteration_still_steps_and_says_it_is_cut_short(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    node = TraceNode
    wide = _tree.DRAW_LIMIT + 200
    nodes = [node(None, None, 0, 3, False)]
    nodes += [node(0, f"p{i}", 1, 9, True) for i in range(wide)]
    nodes += [node(0, "a", 1, 2, False), node(wide + 1, "b", 2, 1, False)]
    nodes += [node(wide + 2, "c", 3, 0, False)]
    solution = by_hand(
        [TraceIteration(3, tuple(nodes))], path=("a", "b", "c"), cost=3, lower_bound=3
    )
    began = time.monotonic()
    root = open_page(browser, tmp_path, solution, "large")
    assert time.monotonic() - began < 30
    drawn = _tree.DRAW_LIMIT + 3
    assert tree(browser, "steps") == drawn and tree(browser, "visited") == len(nodes)
    note = root.find_element(By.CSS_SELECTOR, ".idastar-note")
    assert note.is_displayed() and f"visited {len(nodes):,} nodes" in note.text
    counter = root.find_element(By.CSS_SELECTOR, ".idastar-counter")
    assert counter.text.startswith(f"node {drawn:,} of {drawn:,} drawn ({len(nodes):,} visited)")
    assert tree(browser, "found") is True and tree(browser, "node") == len(nodes) - 1
    root.find_element(By.CSS_SELECTOR, '[data-action="back"]').click()
    assert tree(browser, "node") == wide + 2 and tree(browser, "found") is False
    root.find_element(By.CSS_SELECTOR, '[data-action="first"]').click()
    assert tree(browser, "at") == 0 and len(shown_nodes(root)) == 1
    root.find_element(By.CSS_SELECTOR, '[data-action="last"]').click()
    assert len(shown_nodes(root)) == drawn


def test_an_a_star_trace_shows_its_path_once_the_goal_is_generated(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    solution = by_hand([a_star_trace()])
    root = open_page(browser, tmp_path, solution, "astar")
    assert tree(browser, "goal") == 3
    root.find_element(By.CSS_SELECTOR, '[data-action="first"]').click()
    for step in range(6):
        assert tree(browser, "found") is (step >= 3)
        root.find_element(By.CSS_SELECTOR, '[data-action="forward"]').click()


def test_two_notebook_trees_on_one_page_keep_to_themselves(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    view = doubling().tree()
    page = tmp_path / "notebook.html"
    page.write_text(
        f"<!DOCTYPE html><html><body>{view._repr_html_()}{view._repr_html_()}</body></html>",
        encoding="utf-8",
    )
    browser.get(page.as_uri())
    roots = browser.find_elements(By.CSS_SELECTOR, ".idastar-tree")
    assert len(roots) == 2
    first, second = (root.get_attribute("id") for root in roots)
    assert first != second
    roots[1].find_element(By.CSS_SELECTOR, '[data-action="first"]').click()
    roots[0].find_element(By.CSS_SELECTOR, '[data-action="previous-iteration"]').click()
    state = browser.execute_script(
        "return Object.values(window.idastarTrees)"
        ".map(function (t) { return [t.id, [t.iteration, t.at]]; });"
    )
    assert dict(state) == {first: [2, len(view.trace[-2].nodes) - 1], second: [3, 0]}
    assert [root.get_attribute("data-step") for root in roots] == [
        str(len(view.trace[-2].nodes) - 1),
        "0",
    ]


def test_an_engine_s_trace_in_the_page(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    solution = traced_search()
    root = open_page(browser, tmp_path, solution, "engine")
    trace = solution.trace
    last = trace[-1]
    assert tree(browser, "steps") == len(last.nodes)
    step_through(browser, root, last, len(last.nodes) - 1)
    moves = [
        node.get_attribute("data-move")
        for node in root.find_elements(By.CSS_SELECTOR, ".idastar-node.idastar-path")
    ]
    assert moves == ["start", *map(str, solution.path[1:])]
