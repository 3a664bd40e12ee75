"""Pictures of every puzzle: each ``draw`` and each solution's strip and page.

Driven by ``idastar.PUZZLES``, so a new puzzle is drawn here as soon as it
is registered. Every SVG must parse as XML; the pages must be self-contained
and mark their goal frame; the command line's ``--svg``, ``--html`` and
``--case`` write them for one case of a judge input.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import idastar
from idastar import Solution, cli
from idastar.commands import PUZZLES as COMMANDS
from idastar.commands import sample_text

#: Random cases drawn per puzzle, and solved per puzzle (some set aside
#: when they need more than NODES nodes).
DRAWN = 30
SOLVED = 8
NODES = 200_000
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(params=idastar.PUZZLES)
def puzzle(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(f"idastar.{request.param}")


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width", 0)) > 0 and float(root.get("height", 0)) > 0
    return root


def words(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG}text")]


@functools.cache
def solutions(name: str) -> tuple[list[Any], list[Solution[Any]]]:
    """Random cases of the puzzle and their solutions, one by one and as a
    batch (within NODES nodes; the default engine where it cannot count)."""
    module = idastar.puzzle(name)
    cases = [module.random(seed=seed) for seed in range(SOLVED)]
    return cases, within_nodes(module.solve_many, cases)


def within_nodes(solve: Any, cases: Any) -> Any:
    """``solve(cases)`` within NODES nodes, or without a limit for an engine
    that expands none (and refuses the limit)."""
    try:
        return solve(cases, node_limit=NODES)
    except ValueError as error:
        assert "node_limit" in str(error)
        return solve(cases)


def test_every_puzzle_draws_its_random_cases(puzzle: ModuleType) -> None:
    for seed in range(DRAWN):
        case = puzzle.random(seed=seed)
        root = parsed(puzzle.draw(case))
        assert words(root), "a picture labels what it shows"


def test_every_solution_draws_its_strip_and_page(puzzle: ModuleType) -> None:
    cases, batch = solutions(puzzle.NAME)
    solved = [(case, s) for case, s in zip(cases, batch, strict=True) if s.solved]
    assert solved, "some random case is solved within the node limit"
    for case, solution in solved[:3]:
        one = within_nodes(puzzle.solve, case)
        assert one.svg() == solution.svg(), "solve and solve_many draw the same strip"
    for solution in batch:
        root = parsed(solution.svg())
        captions = [w for w in words(root) if w.startswith("start") or re.match(r"\d+: ", w)]
        assert len(captions) == (len(solution.path) if solution.solved else 0) + 1
        page = solution.to_html()
        frames = re.findall(r"<svg .*?</svg>", page, flags=re.S)
        assert len(frames) == (len(solution.path) if solution.solved else 0) + 1
        for frame in frames:
            parsed(frame)


def test_the_page_marks_the_goal_frame_and_needs_no_network(puzzle: ModuleType) -> None:
    cases, batch = solutions(puzzle.NAME)
    case, solution = next((c, s) for c, s in zip(cases, batch, strict=True) if s.solved and s.path)
    page = solution.to_html()
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"\b(src|href)=|@import|url\(|fetch\(", page)
    goal = re.findall(r'data-frame="(\d+)" data-state="([^"]*)" data-goal="true"', page)
    assert len(goal) == 1
    assert int(goal[0][0]) == len(solution.path)
    final = json.loads(goal[0][1].replace("&quot;", '"'))
    assert final == json.loads(json.dumps(puzzle.replay(case, solution.path)))
    assert f'data-frames="{len(solution.path) + 1}"' in page


def test_notebook_fragments_have_ids_of_their_own(puzzle: ModuleType) -> None:
    _, batch = solutions(puzzle.NAME)
    first, second = batch[0]._repr_html_(), batch[0]._repr_html_()
    ids = [re.search(r'id="(idastar-[0-9a-f]+)"', html).group(1) for html in (first, second)]  # type: ignore[union-attr]
    assert ids[0] != ids[1]
    assert "<!DOCTYPE" not in first and f'getElementById("{ids[0]}")' in first
    assert f"#{ids[0]} " in first, "the style applies to its own player only"


def test_a_move_is_marked_on_the_state_it_is_made_from() -> None:
    from idastar import booksort, fifteen, pancake, rotation, squares

    board = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]
    strip = fifteen.solve(board).svg()
    assert strip.count('stroke="#D55E00" stroke-width="5"') == 8, "the tile of each move"
    assert "rotation" not in strip
    assert len(parsed(rotation.solve(rotation.HARD_CASE[:24]).svg())) > 0, "something drawn"
    assert "1st" in booksort.solve([1, 3, 4, 6, 2, 5]).svg()
    assert "flip 3" in pancake.solve([3, 1, 2]).svg()
    case = squares.Case(3, (12, 17, 23))
    solution = squares.solve(case)
    marked = squares.draw(3, removed=[12, 17, 23], highlight=solution.path)
    assert [w for w in words(parsed(marked)) if w in {"1", "6", "15"}]
    assert marked.count('stroke="#D55E00"') == len(solution.path)
    assert squares.draw(case) == case._repr_svg_()
    with pytest.raises(TypeError, match="removed"):
        squares.draw(case, removed=[1])


def test_rotation_draws_its_numbers_in_three_colours() -> None:
    from idastar import rotation

    fills = {
        element.get("fill")
        for element in parsed(rotation.draw(rotation.random(seed=1))).iter(f"{SVG}rect")
    }
    assert {"#E69F00", "#56B4E9", "#009E73"} <= fills


def test_every_sliding_size_draws() -> None:
    from idastar import sliding

    for width in range(sliding.MIN_SIDE, sliding.MAX_SIDE + 1):
        for height in range(sliding.MIN_SIDE, sliding.MAX_SIDE + 1):
            tiles = sliding.random(width, height, seed=width * 10 + height)
            root = parsed(sliding.draw(tiles, width=width, height=height))
            assert sorted(int(w) for w in words(root)) == list(range(1, width * height))
    solution = sliding.solve(sliding.random(3, 2, seed=1), width=3, height=2)
    assert len(re.findall(r"<svg .*?</svg>", solution.to_html(), flags=re.S)) == solution.cost + 1


def test_a_bad_case_is_refused_as_every_function_refuses_it() -> None:
    from idastar import booksort, rotation, sliding

    with pytest.raises(idastar.InvalidPuzzle):
        booksort.draw([1, 1, 2])
    with pytest.raises(idastar.InvalidPuzzle):
        rotation.draw([1] * 23)
    with pytest.raises(idastar.InvalidPuzzle):
        sliding.draw([0, 1, 2])


#: Values no draw takes as they are.
ODD: list[Any] = [
    0, -1, 2**70, 1.5, float("nan"), None, True, "", "x", b"1", [], [1], [[1]], (1, 2), {},
    {1}, object(), 1j, np.int64(-1), np.array(3), np.array([1, 2]), iter([1, 2]), [0] * 16,
    list(range(1, 17)), [1] * 24, (3, [99]), (3, "x"), (17, ()), [[0, 1], [2, 3]],
]  # fmt: skip


def ending(call: Any) -> str:
    """How ``call`` ended: it drew parsable SVG, or raised ValueError or
    TypeError (anything else fails the test)."""
    try:
        parsed(call())
    except (ValueError, TypeError):
        return "refused"
    return "drawn"


def test_odd_cases_are_refused_with_value_or_type_errors(puzzle: ModuleType) -> None:
    ends = Counter(ending(functools.partial(puzzle.draw, value)) for value in ODD)
    assert ends["refused"] >= len(ODD) - 6, ends  # a few are cases of some puzzle


def test_odd_drawing_options_are_refused_with_value_or_type_errors() -> None:
    from idastar import sliding, squares

    board = sliding.random(3, 3, seed=1)
    for value in ODD:
        for options in ({"goal": value}, {"width": value, "height": 3}, {"height": value}):
            ending(functools.partial(sliding.draw, board, **options))
        ending(functools.partial(squares.draw, 3, highlight=value))
    assert ending(functools.partial(sliding.draw, board, goal=[0] * 9)) == "refused"
    assert ending(functools.partial(sliding.draw, board, width=3, height=2)) == "refused"
    assert ending(functools.partial(squares.draw, 3, highlight=[25])) == "refused"
    assert ending(functools.partial(squares.draw, 3, highlight=["1"])) == "refused"


def test_solutions_without_a_case_say_so() -> None:
    from idastar import booksort, search

    rebuilt = booksort.solve_many([[2, 1, 3]], arrays=True).solution(0)
    by_hand = search.ida_star("ba", lambda w: [(w[::-1], 1)], lambda w: 0, lambda w: w == "ab")
    for solution in (rebuilt, by_hand):
        with pytest.raises(ValueError, match="does not know the case"):
            solution.svg()
        assert solution._repr_html_().startswith("<pre>")


def test_an_unsolved_solution_draws_its_start() -> None:
    from idastar import booksort

    solution = booksort.solve(booksort.HARD_CASE, node_limit=10)
    assert not solution.solved
    assert len(re.findall(r"<svg .*?</svg>", solution.to_html(), flags=re.S)) == 1
    assert "not solved (node_limit)" in solution.svg()


# --------------------------------------------------------------------------
# The command line


SHELVES = "3\n6\n1 3 4 6 2 5\n5\n5 4 3 2 1\n4\n1 2 3 4\n"


def run(
    argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> tuple[int, str, str]:
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_writes_one_case(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    page, strip = tmp_path / "case.html", tmp_path / "case.svg"
    status, out, _ = run(
        ["booksort", "--html", str(page), "--svg", str(strip), "--case", "2"],
        SHELVES,
        capsys,
        monkeypatch,
    )
    assert (status, out) == (0, "2\n3\n0\n")
    assert 'data-frames="4"' in page.read_text(encoding="utf-8"), "5 4 3 2 1 takes 3 moves"
    assert len(re.findall("<text[^>]*>start</text>", strip.read_text(encoding="utf-8"))) == 1


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_draws_its_first_sample(
    command: str, tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    page = tmp_path / "first.html"
    status, _, err = run(
        [command, "--html", str(page)], sample_text(command, "in"), capsys, monkeypatch
    )
    assert status == 0, err
    assert 'data-goal="true"' in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("argv", "message", "answers"),
    [
        (["--svg", "OUT", "--case", "4"], "--case 4: the input has 3 cases", "2\n3\n0\n"),
        # A file that could not be written is refused before anything is solved.
        (["--svg", "/no/such/dir/x.svg"], "--svg /no/such/dir/x.svg: cannot write", ""),
        (["--html", "/no/such/dir/x.html"], "--html /no/such/dir/x.html: cannot write", ""),
        (["--plot", "/no/such/dir/x.png"], "--plot /no/such/dir/x.png: cannot write", ""),
        (["--svg", ""], "--svg '': needs a file name", ""),
        (["--html", ""], "--html '': needs a file name", ""),
        (["--plot", ""], "--plot '': needs a file name", ""),
        (["--animation", ""], "--animation '': needs a file name", ""),
        (["--animation", "x.svg"], "--animation x.svg: an animation is saved as .gif", ""),
        (["--case", "2"], "--case K picks the case of --svg, --html, --animation or --plot", ""),
    ],
)
def test_the_command_refuses_what_it_cannot_draw(
    argv: list[str], message: str, answers: str, tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    argv = [str(tmp_path / "x.svg") if a == "OUT" else a for a in argv]
    status, out, err = run(["booksort", *argv], SHELVES, capsys, monkeypatch)
    assert status == 2
    assert out == answers, "the answers before the failure come first"
    assert err.count("\n") == 1 and message in err


def test_a_case_number_must_count_from_one(capsys: Any, monkeypatch: Any) -> None:
    status, _, err = run(
        ["booksort", "--svg", "x.svg", "--case", "0"], SHELVES, capsys, monkeypatch
    )
    assert status == 2 and "--case" in err


# --------------------------------------------------------------------------
# The pictures in the docs


IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


def doc_images() -> dict[str, str]:
    """The pictures README and the pages show, by file name: what the code draws now."""
    from idastar import cube, fifteen, rotation, squares

    board = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]
    spin = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3]
    grid = squares.Case(3, (12, 17, 23))
    return {
        "fifteen-solution.svg": fifteen.solve(board).svg(),
        "rotation-solution.svg": rotation.solve(spin).svg(),
        "squares-solution.svg": squares.draw(grid, highlight=squares.solve(grid).path),
        "cube.svg": cube.draw("R U R' U'"),
    }


def test_the_docs_show_what_the_code_draws() -> None:
    for name, svg in doc_images().items():
        stored = (IMAGES / name).read_text(encoding="utf-8")
        assert stored == svg, (
            f"docs/images/{name} is stale: python tests/test_pictures.py redraws it"
        )
        assert len(stored) < 40_000, "small enough to keep in the repository"
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "docs/images/fifteen-solution.svg" in readme


def test_the_example_notebook_is_a_notebook() -> None:
    notebook = json.loads(
        (Path(__file__).resolve().parents[1] / "examples" / "pictures.ipynb").read_text("utf-8")
    )
    assert notebook["nbformat"] == 4 and notebook["metadata"]["kernelspec"]["language"] == "python"
    code = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert code and all(
        cell["outputs"] == [] and cell["execution_count"] is None
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
    )
    pytest.importorskip("IPython", reason="the notebook's cells display with IPython")
    namespace: dict[str, Any] = {}
    for source in code:  # the cells run, in order, outside a notebook too
        exec(compile(source, "pictures.ipynb", "exec"), namespace)
    try:
        import nbformat  # type: ignore[import-not-found]
    except ImportError:
        return
    nbformat.validate(nbformat.reads(json.dumps(notebook), as_version=4))


if __name__ == "__main__":
    IMAGES.mkdir(parents=True, exist_ok=True)
    for name, svg in doc_images().items():
        (IMAGES / name).write_text(svg, encoding="utf-8")
        print(f"docs/images/{name}: {len(svg):,} bytes")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab&<>\"'\n\r\t é"), max_size=12) | st.text(max_size=12))
def test_the_xml_escapes_are_the_standard_library_s(text: str) -> None:
    from xml.sax.saxutils import escape, quoteattr

    from idastar import _draw

    assert _draw.escape(text) == escape(text)
    assert _draw.quoteattr(text) == quoteattr(text)


def test_a_command_starts_without_the_network_modules() -> None:
    # What the drawing needs of XML is written out: xml.sax.saxutils would
    # import urllib, http and ssl into every command (a third of its start).
    import subprocess
    import sys

    script = "import sys, idastar.rotation, idastar.sliding; print(sorted({'ssl', 'http', 'urllib.request'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
