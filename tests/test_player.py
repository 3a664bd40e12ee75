"""The player and what it grew: a long solution's strip in rows, the page's
speed control and sliding pieces, the animation saved as an animated GIF
or PNG (Pillow, ``idastar[anim]``), the SVG drawn into those frames, and
``draw=``, which draws the states of a problem of one's own
(``idastar.search``) or redraws a puzzle's.

In a real browser: tests/test_browser.py.
"""

from __future__ import annotations

import functools
import io
import json
import re
import sys
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from idastar import Solution, _animation, _draw, _raster, cli, search

SVG = "{http://www.w3.org/2000/svg}"
Image = pytest.importorskip(
    "PIL.Image", reason='Pillow is not installed: pip install "idastar[anim]"'
)


@functools.cache
def long_solution() -> Solution[str]:
    """A 15-puzzle solved in 56 moves: 57 states."""
    from idastar import fifteen

    solution = fifteen.solve(fifteen.random(seed=2))
    assert solution.cost == 56
    return solution


@functools.cache
def short_solution() -> Solution[str]:
    from idastar import fifteen

    return fifteen.solve([1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15])


def moves(n: int) -> list[tuple[int, int]]:
    return [(n + 1, 1), (2 * n, 1)]


@functools.cache
def searched() -> Solution[Any]:
    """1 to 10 by adding 1 or doubling: the states 1 2 4 5 10."""
    return search.bfs(1, moves, lambda n: n == 10)


def number(n: int) -> str:
    """A state of :func:`searched` as a whole SVG document of its own."""
    return (
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60">'
        f'<rect x="0" y="0" width="80" height="60" fill="#56B4E9"/>'
        f'<text x="40" y="30" text-anchor="middle" dominant-baseline="central">{n}</text></svg>'
    )


def frames_of(strip: str) -> list[tuple[float, float]]:
    """Where each framed state of a strip is: the translations of the
    document's top-level groups."""
    root = ET.fromstring(strip)
    places = []
    for group in root.findall(f"{SVG}g"):
        x, y = re.fullmatch(
            r"translate\(([-\d.]+),([-\d.]+)\)", group.get("transform", "")
        ).groups()  # type: ignore[union-attr]
        places.append((float(x), float(y)))
    return places


# --------------------------------------------------------------------------
# A long solution's strip, in rows


def test_a_long_solution_is_drawn_in_rows_about_a_screen_in_size() -> None:
    solution = long_solution()
    strip = solution.svg()
    root = ET.fromstring(strip)
    width, height = float(root.get("width")), float(root.get("height"))  # type: ignore[arg-type]
    assert width <= _draw.STRIP_WIDTH and height <= _draw.STRIP_HEIGHT, (width, height)
    places = frames_of(strip)
    assert len(places) == solution.cost + 1
    rows = sorted({y for _, y in places})
    per_row = [sum(1 for _, y in places if y == row) for row in rows]
    assert len(rows) > 1 and max(per_row) <= _draw.MAX_PER_ROW
    assert per_row[:-1] == [per_row[0]] * (len(rows) - 1), "full rows, the last what is left"
    assert per_row[0] >= 8, "more states to a row than at full size"
    assert root.get("viewBox") != f"0 0 {root.get('width')} {root.get('height')}", "drawn smaller"
    captions = [t.text for t in root.iter(f"{SVG}text") if t.text and re.match(r"\d+: ", t.text)]
    assert len(captions) == solution.cost


def test_a_short_solution_keeps_its_full_size_rows() -> None:
    strip = short_solution().svg()
    root = ET.fromstring(strip)
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert float(root.get("height")) <= _draw.STRIP_HEIGHT  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [1, 2, 9, 40, 57, 200, 1000])
@pytest.mark.parametrize("cell", [(60.0, 90.0), (240.0, 266.0), (400.0, 440.0)])
def test_the_rows_layout_keeps_its_promises(count: int, cell: tuple[float, float]) -> None:
    per_row, scale = _draw.rows_layout(count, *cell)
    assert 1 <= per_row <= max(count, 1) and 0 < scale <= 1
    width = per_row * cell[0] + (per_row - 1) * 36
    rows = -(-count // per_row)
    if scale < 1:
        assert per_row <= _draw.MAX_PER_ROW
        assert width * scale == pytest.approx(_draw.STRIP_WIDTH)
    else:
        assert width <= _draw.STRIP_WIDTH or per_row == 1
    if rows * cell[1] * scale > _draw.STRIP_HEIGHT:  # too long for a screen even so
        assert per_row == max(min(count, _draw.MAX_PER_ROW), int(1436 // (cell[0] + 36)))


# --------------------------------------------------------------------------
# The page: speed and motion


def test_the_page_offers_speeds_and_keeps_them_in_its_player() -> None:
    page = short_solution().to_html()
    select = re.search(r'<select data-control="speed">(.*?)</select>', page)
    assert select is not None
    values = re.findall(r'<option value="([\d.]+)"', select.group(1))
    assert [float(v) for v in values] == list(_animation.SPEEDS)
    assert '<option value="1" selected>' in select.group(1)
    assert 'data-speed="1"' in page
    for name in ("setSpeed", "interval", "speed", "motion", "prefers-reduced-motion"):
        assert name in page


def test_labelled_pieces_are_marked_to_slide() -> None:
    page = short_solution().to_html()
    frames = re.findall(r'<div class="idastar-frame"[^>]*>.*?</svg>', page, flags=re.S)
    assert len(frames) == 9
    for frame in frames:
        assert 'data-pieces="distinct"' in frame
        pieces = re.findall(r'data-piece="(\d+)" data-x="([\d.]+)" data-y="([\d.]+)"', frame)
        assert sorted(int(p) for p, _, _ in pieces) == list(range(1, 16)), "each tile once"
        ET.fromstring(frame[frame.index("<svg") :])  # still well-formed
    # The board is 1 2 3 4 / 6 7 8 _ / ...: tile 6 starts in the second
    # row's first cell, and the first move (L) slides 8 one cell left.
    places = [
        {
            p: (float(x), float(y))
            for p, x, y in re.findall(
                r'data-piece="(\d+)" data-x="([\d.]+)" data-y="([\d.]+)"', frame
            )
        }
        for frame in frames[:2]
    ]
    assert places[0]["6"] == (3, 56 + 3)
    moved = {p for p in places[0] if places[0][p] != places[1][p]}
    assert moved == {"8"} and places[1]["8"][0] == places[0]["8"][0] + 56


def test_pictures_without_distinct_labels_cross_fade_instead() -> None:
    from idastar import rotation, squares

    for solution in (
        rotation.solve(rotation.HARD_CASE),
        squares.solve(squares.Case(3, (12, 17, 23))),
    ):
        page = solution.to_html()
        assert "data-pieces=" not in page and "data-piece=" not in page


def test_the_pieces_keep_the_picture_as_it_was() -> None:
    from idastar import booksort, pancake

    for solution in (booksort.solve([1, 3, 4, 6, 2, 5]), pancake.solve([3, 1, 2, 5, 4])):
        frames = _animation._frames(solution, None)
        for picture in frames.pictures:
            grouped, distinct = _animation._pieces(picture.body)
            assert distinct
            assert re.sub(r"<g data-piece=[^>]*>|</g>", "", grouped) == picture.body


def test_a_body_of_more_than_elements_is_left_alone() -> None:
    assert _animation._pieces("text<rect/>") == ("text<rect/>", False)
    assert _animation._pieces("<g>") == ("<g>", False)
    body = '<rect x="0" y="0" width="10" height="10"/><text x="5" y="5">a</text>' * 2
    assert _animation._pieces(body) == (body, False), "a label twice: no piece is told apart"


# --------------------------------------------------------------------------
# draw=: one's own states


def test_a_search_result_draws_with_a_hook() -> None:
    result = searched()
    assert result.path == (1, 2, 4, 5, 10)
    strip = result.svg(draw=number)
    root = ET.fromstring(strip)
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert [w for w in words if w in {"1", "2", "4", "5", "10"}] == ["1", "2", "4", "5", "10"]
    assert "start" in words and "4: 10 (goal)" in words
    assert root.findtext(f"{SVG}title") == "Search: solved in 4 moves"
    assert "<?xml" not in strip
    nested = [e for e in root.iter(f"{SVG}svg") if e is not root]
    assert len(nested) == 10, "each state's own svg, in a box of its size"


def test_a_hook_may_draw_a_fragment() -> None:
    strip = searched().svg(draw=lambda n: f'<circle cx="50" cy="50" r="{4 * n}"/>')
    root = ET.fromstring(strip)
    assert [c.get("r") for c in root.iter(f"{SVG}circle")] == ["4", "8", "16", "20", "40"]


def test_a_search_page_animates_its_states() -> None:
    page = searched().to_html(draw=number)
    states = re.findall(r'data-state="([^"]*)"', page)
    assert [json.loads(s) for s in states] == [1, 2, 4, 5, 10]
    assert page.count('data-goal="true"') == 1
    assert "<title>Search: solved in 4 moves</title>" in page
    assert '<li data-move="4">4. 10</li>' in page
    fragment = searched()._repr_html_()
    assert fragment.startswith("<pre>"), "without a hook, a notebook shows the fields"


def test_a_search_with_costs_says_its_cost() -> None:
    result = search.astar(1, lambda n: [(n + 1, 3), (2 * n, 5)], lambda n: 0, lambda n: n == 4)
    assert result.cost == 8 and result.path == (1, 2, 4)
    assert "<title>Search: solved in 2 moves at cost 8</title>" in result.to_html(draw=number)
    title = ET.fromstring(result.svg(draw=number)).findtext(f"{SVG}title")
    assert title == "Search: solved in 2 moves at cost 8"


def test_states_json_cannot_write_are_written_as_lists_or_words() -> None:
    odd_states = search.bfs(
        frozenset({1}), lambda s: [(s | {len(s) + 1}, 1)], lambda s: len(s) == 3
    )
    page = odd_states.to_html(draw=lambda s: f"<text>{sorted(s)}</text>")
    assert [json.loads(s) for s in re.findall(r'data-state="([^"]*)"', page)] == [
        [1],
        [1, 2],
        [1, 2, 3],
    ]


def test_a_hook_redraws_a_puzzle_s_states() -> None:
    from idastar import pancake

    solution = pancake.solve([3, 1, 2])
    strip = solution.svg(
        draw=lambda stack: f"<text x='50' y='50'>{' '.join(map(str, stack))}</text>"
    )
    words = [t.text for t in ET.fromstring(strip).iter(f"{SVG}text")]
    assert words[:2] == ["3 1 2", "start"]
    assert "1 2 3" in words and any(w.endswith("(goal)") for w in words if w)


def test_what_cannot_be_drawn_says_so() -> None:
    result = searched()
    with pytest.raises(ValueError, match=r"does not know the case.*draw="):
        result.svg()
    with pytest.raises(ValueError, match=r"does not know the case.*draw="):
        result.to_html()
    unsolved = search.bfs(1, moves, lambda n: n == 10, max_cost=2)
    assert not unsolved.solved
    with pytest.raises(ValueError, match="nothing to draw"):
        unsolved.svg(draw=number)
    with pytest.raises(ValueError, match="nothing to draw"):
        _animation.solution_html(unsolved, page=False, draw=number)
    with pytest.raises(TypeError, match="draw must return SVG text"):
        result.svg(draw=lambda n: n)
    with pytest.raises(TypeError, match="draw must be callable"):
        result.svg(draw="<svg/>")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no well-formed SVG"):
        result.svg(draw=lambda n: "<rect")
    with pytest.raises(ValueError, match="width and a height"):
        result.svg(draw=lambda n: '<svg xmlns="http://www.w3.org/2000/svg"/>')

    def failing(state: int) -> str:
        raise RuntimeError("its own error")

    with pytest.raises(RuntimeError, match="its own error"):
        result.svg(draw=failing)


def test_a_hook_s_svg_may_size_itself_by_its_viewbox() -> None:
    drawn = _draw.drawn_picture('<svg viewBox="0 0 30 20"><rect width="30" height="20"/></svg>')
    assert (drawn.width, drawn.height) == (30, 20)
    assert drawn.body.startswith('<svg width="30" height="20">')
    assert _draw.drawn_picture("<rect/>") == _draw.Picture(100, 100, "<rect/>")


# --------------------------------------------------------------------------
# The animation as a file


def open_frames(path: Path) -> tuple[Any, list[Any], list[int]]:
    image = Image.open(path)
    frames, durations = [], []
    for index in range(image.n_frames):
        image.seek(index)
        frames.append(image.convert("RGB"))
        durations.append(image.info.get("duration"))
    return image, frames, durations


def test_a_gif_has_a_frame_for_each_state(tmp_path: Path) -> None:
    solution = short_solution()
    path = tmp_path / "solution.gif"
    solution.save_animation(path, fps=4)
    image, frames, durations = open_frames(path)
    assert image.format == "GIF" and image.is_animated
    assert image.n_frames == solution.cost + 1 == 9
    assert image.info.get("loop") == 0, "loops for ever"
    assert durations[:-1] == [250] * 8 and durations[-1] == 1250, "the goal held a second longer"
    assert len({frame.size for frame in frames}) == 1
    assert len({frame.tobytes() for frame in frames}) == 9, "every frame differs"
    assert len(frames[0].getcolors(1 << 16) or ()) > 8, "a picture, not a blank"


@pytest.mark.parametrize("name", ["solution.png", "solution.apng"])
def test_an_animated_png_has_a_frame_for_each_state(name: str, tmp_path: Path) -> None:
    solution = short_solution()
    path = tmp_path / name
    solution.save_animation(str(path), fps=2, scale=1)
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    image, _, durations = open_frames(path)
    assert image.format == "PNG" and image.is_animated and image.n_frames == 9
    assert durations[0] == 500


def test_the_frames_are_drawn_from_the_page_s_pictures(tmp_path: Path) -> None:
    # The last frame shows the goal: the tiles in order, the blank last.
    from idastar import fifteen

    solution = fifteen.solve([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15])
    path = tmp_path / "one.png"
    solution.save_animation(path, scale=1)
    _, frames, _ = open_frames(path)
    assert len(frames) == 2
    documents = _animation.frame_documents(solution)
    width, height = _raster.size(documents[-1])
    assert frames[-1].size == (round(width), round(height))
    # The blank (white) and a tile's fill, where the geometry puts them.
    top = _animation._TITLE_HEIGHT + 8
    left = (width - 4 * 56) / 2
    blank = frames[-1].getpixel((round(left + 3 * 56 + 28), round(top + 3 * 56 + 10)))
    tile = frames[-1].getpixel((round(left + 28), round(top + 10)))
    assert blank == (255, 255, 255)
    assert tile == (0xE6, 0x9F, 0x00), "tile 1 in the first row's orange"


def test_a_search_result_saves_its_animation(tmp_path: Path) -> None:
    path = tmp_path / "search.gif"
    searched().save_animation(path, draw=number, fps=10)
    image, _, durations = open_frames(path)
    assert image.n_frames == 5 and durations[0] == 100
    with pytest.raises(ValueError, match="does not know the case"):
        searched().save_animation(tmp_path / "no.gif")


def test_every_puzzle_saves_its_animation(tmp_path: Path) -> None:
    import idastar

    for name in idastar.PUZZLES:
        module = idastar.puzzle(name)
        case = module.random(seed=1)
        try:
            solution = module.solve(case, node_limit=50_000)
        except ValueError:
            solution = module.solve(case)
        path = tmp_path / f"{name}.gif"
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # every puzzle's pictures drawn whole
            solution.save_animation(path, scale=0.5)
        frames = Image.open(path).n_frames
        assert frames == (len(solution.path) if solution.solved else 0) + 1, name


@pytest.mark.parametrize(
    ("path", "options", "message"),
    [
        ("x.jpg", {}, r"x\.jpg: an animation is saved as \.gif, \.png or \.apng"),
        ("x", {}, "got no suffix"),
        ("x.gif", {"format": "webm"}, 'format: expected "gif", "png" or "apng"'),
        ("x.gif", {"fps": 0}, "fps: expected"),
        ("x.gif", {"fps": float("nan")}, "fps: expected"),
        ("x.gif", {"fps": True}, "fps: expected"),
        ("x.gif", {"scale": -1}, "scale: expected"),
    ],
)
def test_bad_animation_arguments_are_refused(
    path: str, options: dict[str, Any], message: str, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match=message):
        short_solution().save_animation(tmp_path / path, **options)
    assert not (tmp_path / path).exists()


def test_a_format_names_what_a_suffix_does_not(tmp_path: Path) -> None:
    path = tmp_path / "animation.bin"
    short_solution().save_animation(path, format="apng")
    assert Image.open(path).format == "PNG"


def without_pillow(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [n for n in sys.modules if n == "PIL" or n.startswith("PIL.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "PIL", None)


def test_without_pillow_the_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    without_pillow(monkeypatch)
    with pytest.raises(ImportError, match=re.escape('pip install "idastar[anim]"')):
        short_solution().save_animation(tmp_path / "x.gif")
    assert not (tmp_path / "x.gif").exists()
    # The rest of the pictures need no Pillow.
    assert short_solution().svg().startswith("<svg")
    assert searched().to_html(draw=number).startswith("<!DOCTYPE html>")


# --------------------------------------------------------------------------
# The rasteriser


def pixels(svg: str, scale: float = 1.0) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return _raster.rasterise(svg, scale)


def document(body: str, width: int = 40, height: int = 40, extra: str = "") -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"{extra}>{body}</svg>'


def test_shapes_land_where_their_geometry_says() -> None:
    image = pixels(
        document(
            '<rect x="0" y="0" width="20" height="20" fill="#D55E00"/>'
            '<g transform="translate(20,20)"><circle cx="10" cy="10" r="8" fill="blue"/></g>'
            '<line x1="0" y1="35" x2="18" y2="35" stroke="green" stroke-width="4"/>'
        )
    )
    assert image.size == (40, 40)
    assert image.getpixel((10, 10)) == (0xD5, 0x5E, 0x00)
    assert image.getpixel((30, 30)) == (0, 0, 255)
    assert image.getpixel((9, 35)) == (0, 128, 0)
    assert image.getpixel((30, 10)) == (255, 255, 255)


def test_a_viewbox_and_a_scale_size_the_picture() -> None:
    svg = document(
        '<rect x="10" y="10" width="10" height="10" fill="black"/>', 40, 40, ' viewBox="0 0 20 20"'
    )
    image = pixels(svg, scale=2)
    assert image.size == (80, 80)
    assert image.getpixel((60, 60)) == (0, 0, 0) and image.getpixel((30, 30)) == (255, 255, 255)
    nested = document(
        '<svg x="20" y="0" width="20" height="20" viewBox="0 0 2 2">'
        '<rect x="1" y="1" width="1" height="1" fill="black"/></svg>'
    )
    image = pixels(nested)
    assert image.getpixel((35, 15)) == (0, 0, 0) and image.getpixel((25, 5)) == (255, 255, 255)


def test_fills_and_strokes_are_inherited_and_styled() -> None:
    image = pixels(
        document(
            '<g fill="red"><rect width="20" height="20"/></g>'
            '<rect x="20" width="20" height="20" style="fill: #00ff00; stroke: none"/>'
            '<path d="M0 30 H40" stroke="blue" stroke-width="4"/>'
            '<polyline points="0,38 40,38" fill="none" stroke="black" stroke-width="2" '
            'stroke-dasharray="4 4"/>'
        )
    )
    assert image.getpixel((10, 10)) == (255, 0, 0)
    assert image.getpixel((30, 10)) == (0, 255, 0)
    assert image.getpixel((20, 30)) == (0, 0, 255)
    dashes = [image.getpixel((x, 38)) for x in range(1, 39)]
    assert (0, 0, 0) in dashes and (255, 255, 255) in dashes, "dashed"


def test_text_is_drawn_about_its_anchor() -> None:
    image = pixels(
        document(
            '<text x="50" y="20" font-size="20" text-anchor="middle" '
            'dominant-baseline="central">W</text>',
            100,
            40,
        )
    )
    dark = [(x, y) for x in range(100) for y in range(40) if image.getpixel((x, y))[0] < 100]
    assert dark
    xs, ys = [x for x, _ in dark], [y for _, y in dark]
    assert abs((min(xs) + max(xs)) / 2 - 50) <= 2 and abs((min(ys) + max(ys)) / 2 - 20) <= 3


def test_what_cannot_be_drawn_is_left_out_with_a_warning() -> None:
    svg = document(
        '<image href="x.png" width="10" height="10"/><path d="M0 0 C 10 10 20 20 30 0"/>'
        '<g transform="rotate(30)"><rect width="5" height="5"/></g>'
        '<rect x="10" y="10" width="10" height="10" fill="black"/>'
    )
    with pytest.warns(UserWarning, match=r"<image>.*path curves.*rotate\(30\)"):
        image = _raster.rasterise(svg)
    assert image.getpixel((15, 15)) == (0, 0, 0)


def test_what_is_no_svg_is_refused() -> None:
    with pytest.raises(ValueError, match="not well-formed"):
        _raster.rasterise("<svg")
    with pytest.raises(ValueError, match="root is <html>"):
        _raster.rasterise("<html/>")
    with pytest.raises(ValueError, match="width and a height"):
        _raster.rasterise('<svg xmlns="http://www.w3.org/2000/svg" width="10"/>')


# --------------------------------------------------------------------------
# The command line: --animation


SHELVES = "3\n6\n1 3 4 6 2 5\n5\n5 4 3 2 1\n4\n1 2 3 4\n"


def run(
    argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_writes_one_case_s_animation(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    path = tmp_path / "case.gif"
    status, out, err = run(
        ["booksort", "--animation", str(path), "--case", "2"], SHELVES, capsys, monkeypatch
    )
    assert (status, out) == (0, "2\n3\n0\n"), err
    assert Image.open(path).n_frames == 4, "5 4 3 2 1 takes 3 moves"


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("x.jpg", "--animation {}/x.jpg: an animation is saved as .gif, .png or .apng"),
        ("", "--animation '': needs a file name"),
        ("/no/such/dir/x.gif", "--animation /no/such/dir/x.gif: cannot write"),
    ],
)
def test_the_command_refuses_an_animation_it_cannot_write(
    target: str, message: str, tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    target = f"{tmp_path}/{target}" if target == "x.jpg" else target
    status, out, err = run(["booksort", "--animation", target], SHELVES, capsys, monkeypatch)
    assert (status, out) == (2, ""), "refused before anything is solved"
    assert err.count("\n") == 1 and message.format(tmp_path) in err


def test_the_command_without_pillow_names_the_extra(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    without_pillow(monkeypatch)
    path = tmp_path / "x.gif"
    status, out, err = run(["booksort", "--animation", str(path)], SHELVES, capsys, monkeypatch)
    assert (status, out) == (2, "")
    assert '--animation: saving an animation needs Pillow: pip install "idastar[anim]"' in err
    assert not path.exists()


def test_the_docstring_s_example_runs() -> None:
    import doctest

    tests = doctest.DocTestFinder().find(Solution.svg, "Solution.svg", globs={})
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.tries >= 3 and runner.failures == 0
