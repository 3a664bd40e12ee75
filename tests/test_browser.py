"""An exported animation in a real browser: headless Chromium through selenium.

The page is stepped through with its own buttons to the end, which must be
the goal (from the page's DOM and its player object), back again with the
keyboard, and a screenshot must show a picture (many colours, not a blank
page). The speed control sets the time a move shows, and play still ends
at the goal; tiles slide, other pictures cross-fade, and nothing moves for
a reader who asks for reduced motion; a search drawn by a ``draw=`` hook
plays too. Skipped, with the reason, where selenium, Chromium or its driver is
missing (``.ci/run`` installs the Debian packages ``chromium`` and
``chromium-driver``).
"""

from __future__ import annotations

import json
import shutil
import struct
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from idastar import fifteen, rotation, squares

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
DRIVERS = ("chromedriver", "chromium-driver")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    binary = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    driver_binary = next((found for name in DRIVERS if (found := shutil.which(name))), None)
    if binary is None or driver_binary is None:
        pytest.skip(
            "no headless browser: install the Debian packages chromium and chromium-driver "
            f"(found browser {binary}, driver {driver_binary})"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,900"):
        options.add_argument(argument)
    from selenium.webdriver.chrome.service import Service

    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_binary))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def png_colours(png: bytes) -> int:
    """The number of distinct colours of an 8-bit RGB or RGBA PNG (what
    Chromium's screenshots are), decoded with zlib alone."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data, header = 8, b"", None
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    assert header is not None
    width, height, depth, colour_type, _, _, interlace = header
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, header
    channels = 3 if colour_type == 2 else 4
    stride = width * channels
    raw = zlib.decompress(data)
    previous = bytearray(stride)
    colours: set[bytes] = set()
    for row in range(height):
        kind = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1 : (row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                nearest = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + nearest) & 255
        colours.update(bytes(line[i : i + 3]) for i in range(0, stride, channels))
        previous = line
    return len(colours)


def test_png_colours_reads_a_known_image() -> None:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    rows = b"\x00" + b"\xff\x00\x00" + b"\x00\xff\x00" + b"\x02" + b"\x00\x00\xff" + b"\x00\x00\x00"
    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
    # The second row is filtered "up": (0,0,255)+(255,0,0) and (0,0,0)+(0,255,0).
    assert png_colours(png) == 3


def player(driver: Any, name: str) -> Any:
    return driver.execute_script(f"return window.idastarPlayer.{name};")


def visible_frame(driver: Any) -> Any:
    from selenium.webdriver.common.by import By

    shown = [
        frame
        for frame in driver.find_elements(By.CSS_SELECTOR, ".idastar-frame")
        if frame.is_displayed()
    ]
    assert len(shown) == 1, "one frame shows at a time"
    return shown[0]


CASES: dict[str, Callable[[], Any]] = {
    "fifteen": lambda: fifteen.solve(
        [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15], heuristic="manhattan"
    ),
    "rotation": lambda: rotation.solve(rotation.HARD_CASE),
    "squares": lambda: squares.solve(squares.Case(3, (12, 17, 23))),
}
GOALS = {
    "fifteen": lambda state: fifteen.is_solved(state),
    "rotation": lambda state: rotation.is_solved(state),
    "squares": lambda state: squares.is_solved(state),
}


@pytest.mark.parametrize("name", list(CASES))
def test_stepping_through_the_page_ends_at_the_goal(
    name: str, browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    solution = CASES[name]()
    page = tmp_path / f"{name}.html"
    page.write_text(solution.to_html(), encoding="utf-8")
    browser.get(page.as_uri())
    root = browser.find_element(By.CSS_SELECTOR, ".idastar-player")
    frames = player(browser, "frames")
    assert frames == solution.cost + 1 == int(root.get_attribute("data-frames"))
    assert player(browser, "frame") == 0 and root.get_attribute("data-at-goal") == "false"
    forward = browser.find_element(By.CSS_SELECTOR, '[data-action="forward"]')
    counter = browser.find_element(By.CSS_SELECTOR, ".idastar-counter")
    for step in range(1, frames):
        forward.click()
        assert player(browser, "frame") == step == int(root.get_attribute("data-frame"))
        assert counter.text.startswith(f"move {step} of {frames - 1}")
        current = browser.find_elements(By.CSS_SELECTOR, ".idastar-moves li.idastar-current")
        assert [item.get_attribute("data-move") for item in current] == [str(step)]
    forward.click()  # past the end: it stays at the goal
    assert player(browser, "frame") == player(browser, "goal") == frames - 1
    assert root.get_attribute("data-at-goal") == "true"
    shown = visible_frame(browser)
    assert shown.get_attribute("data-goal") == "true"
    assert GOALS[name](json.loads(shown.get_attribute("data-state")))

    png = browser.get_screenshot_as_png()
    assert png_colours(png) >= 8, "the screenshot shows a picture, not a blank page"

    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    assert player(browser, "frame") == frames - 2
    assert root.get_attribute("data-at-goal") == "false"
    browser.find_element(By.CSS_SELECTOR, '[data-action="first"]').click()
    assert player(browser, "frame") == 0
    assert not GOALS[name](json.loads(visible_frame(browser).get_attribute("data-state")))


def test_play_runs_to_the_goal_and_stops(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    page = tmp_path / "play.html"
    page.write_text(squares.solve(squares.Case(2, (1,))).to_html(), encoding="utf-8")
    browser.get(page.as_uri())
    browser.find_element(By.CSS_SELECTOR, '[data-action="play"]').click()
    assert player(browser, "playing")
    deadline = time.monotonic() + 20
    while player(browser, "playing") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not player(browser, "playing")
    assert player(browser, "frame") == player(browser, "goal") == player(browser, "frames") - 1


def test_two_notebook_players_on_one_page_keep_to_themselves(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    solution = squares.solve(squares.Case(3, (12, 17, 23)))
    page = tmp_path / "notebook.html"
    page.write_text(
        f"<!DOCTYPE html><html><body>{solution._repr_html_()}{solution._repr_html_()}</body></html>",
        encoding="utf-8",
    )
    browser.get(page.as_uri())
    players = browser.find_elements(By.CSS_SELECTOR, ".idastar-player")
    assert len(players) == 2
    first, second = (player.get_attribute("id") for player in players)
    assert first != second
    players[1].find_element(By.CSS_SELECTOR, '[data-action="forward"]').click()
    frames = browser.execute_script(
        "return Object.values(window.idastarPlayers).map(function (p) { return [p.id, p.frame]; });"
    )
    assert dict(frames) == {first: 0, second: 1}
    assert [player.get_attribute("data-frame") for player in players] == ["0", "1"]


# --------------------------------------------------------------------------
# Speed and motion


FIFTEEN = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]


def played_to_the_end(driver: Any, limit: float) -> float:
    """Seconds the player took to stop playing (at most ``limit``)."""
    began = time.monotonic()
    while player(driver, "playing") and time.monotonic() - began < limit:
        time.sleep(0.02)
    return time.monotonic() - began


def test_the_speed_control_sets_the_interval_and_play_reaches_the_goal(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    solution = fifteen.solve(FIFTEEN)
    page = tmp_path / "speed.html"
    page.write_text(solution.to_html(), encoding="utf-8")
    browser.get(page.as_uri())
    root = browser.find_element(By.CSS_SELECTOR, ".idastar-player")
    assert (player(browser, "speed"), player(browser, "interval")) == (1, 800)
    speed = Select(browser.find_element(By.CSS_SELECTOR, '[data-control="speed"]'))
    assert [option.get_attribute("value") for option in speed.options] == [
        "0.25", "0.5", "1", "2", "4", "8",
    ]  # fmt: skip

    speed.select_by_value("8")
    assert (player(browser, "speed"), player(browser, "interval")) == (8, 100)
    assert root.get_attribute("data-speed") == "8"
    browser.find_element(By.CSS_SELECTOR, '[data-action="play"]').click()
    took = played_to_the_end(browser, 20)
    # Eight moves at 100 ms each, where speed 1 would take 6.4 s.
    assert took < 3.5, f"8x played 8 moves in {took:.2f} s"
    assert player(browser, "frame") == player(browser, "goal") == solution.cost
    assert GOALS["fifteen"](json.loads(visible_frame(browser).get_attribute("data-state")))

    speed.select_by_value("0.25")
    assert player(browser, "interval") == 3200
    browser.find_element(By.CSS_SELECTOR, '[data-action="play"]').click()  # from the start again
    time.sleep(1)
    assert player(browser, "playing") and player(browser, "frame") == 0, "3.2 s a move"
    speed.select_by_value("4")  # while playing: the new pace at once
    assert player(browser, "interval") == 200
    took = played_to_the_end(browser, 20)
    assert took < 5 and player(browser, "frame") == player(browser, "goal")

    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("-")
    assert player(browser, "speed") == 2 and speed.first_selected_option.text == "2\u00d7"
    body.send_keys("+")
    body.send_keys("+")
    assert player(browser, "speed") == 8
    assert browser.execute_script("return window.idastarPlayer.setSpeed(-1);") == 8, "refused"


def step_and_watch(driver: Any, action: str) -> Any:
    """Clicks the button and says, at once, how the player moved and what
    is being animated."""
    return driver.execute_script(
        f"""
        var root = document.querySelector(".idastar-player");
        root.querySelector('[data-action="{action}"]').click();
        return {{
          motion: window.idastarPlayer.motion,
          pieces: document.getAnimations().map(function (a) {{
            return a.effect.target.getAttribute("data-piece");
          }}),
          ghosts: root.querySelectorAll(".idastar-ghost").length
        }};
        """
    )


def test_tiles_slide_and_other_pictures_cross_fade(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    page = tmp_path / "slide.html"
    page.write_text(fifteen.solve(FIFTEEN).to_html(), encoding="utf-8")
    browser.get(page.as_uri())
    moved = step_and_watch(browser, "forward")  # L: tile 8 slides into the blank
    assert moved == {"motion": "slide", "pieces": ["8"], "ghosts": 0}
    time.sleep(0.6)
    assert browser.execute_script("return document.getAnimations().length;") == 0
    assert visible_frame(browser).get_attribute("data-frame") == "1"
    moved = step_and_watch(browser, "back")  # and back
    assert moved == {"motion": "slide", "pieces": ["8"], "ghosts": 0}
    assert step_and_watch(browser, "last")["motion"] == "none", "a jump does not slide"

    page = tmp_path / "fade.html"
    page.write_text(rotation.solve(rotation.HARD_CASE).to_html(), encoding="utf-8")
    browser.get(page.as_uri())
    moved = step_and_watch(browser, "forward")
    assert moved["motion"] == "fade" and moved["ghosts"] == 1 and moved["pieces"] == [None]
    assert visible_frame(browser).get_attribute("data-frame") == "1", "the ghost is no frame"
    time.sleep(0.6)
    assert not browser.find_elements(By.CSS_SELECTOR, ".idastar-ghost"), "the ghost goes"


def test_nothing_moves_for_a_reader_who_asks_for_less_motion(browser: Any, tmp_path: Path) -> None:
    page = tmp_path / "still.html"
    page.write_text(fifteen.solve(FIFTEEN).to_html(), encoding="utf-8")
    reduce = {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", reduce)
    try:
        browser.get(page.as_uri())
        assert browser.execute_script(
            "return matchMedia('(prefers-reduced-motion: reduce)').matches;"
        )
        moved = step_and_watch(browser, "forward")
        assert moved == {"motion": "none", "pieces": [], "ghosts": 0}
        assert player(browser, "frame") == 1
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_search_drawn_by_a_hook_plays_to_its_goal(browser: Any, tmp_path: Path) -> None:
    from idastar import search

    result = search.bfs(1, lambda n: [(n + 1, 1), (2 * n, 1)], lambda n: n == 10)
    page = tmp_path / "search.html"
    page.write_text(
        result.to_html(
            draw=lambda n: (
                f'<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60">'
                f'<circle cx="30" cy="30" r="{2 * n + 4}" fill="#009E73"/></svg>'
            )
        ),
        encoding="utf-8",
    )
    browser.get(page.as_uri())
    browser.execute_script("window.idastarPlayer.setSpeed(8); window.idastarPlayer.play();")
    played_to_the_end(browser, 10)
    assert player(browser, "frame") == player(browser, "goal") == 4
    assert json.loads(visible_frame(browser).get_attribute("data-state")) == 10
