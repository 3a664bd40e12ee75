"""The Learn IDA* page (docs/learn.md) and its notebook
(examples/learn-ida-star.ipynb).

The page's code examples run in tests/test_docs.py, as every page's do.
Here: its pictures are what the library draws now, the notebook is the
page cell by cell and runs, the page comes first in the site's navigation,
and the page's arguments hold (a block move changes at most three
successors, a slide changes the Manhattan distance by exactly one).

``python tests/test_learn.py`` redraws the pictures and rewrites the
notebook from the page.
"""

from __future__ import annotations

import doctest
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "learn.md"
NOTEBOOK = ROOT / "examples" / "learn-ida-star.ipynb"
IMAGES = ROOT / "docs" / "images"

#: The 8-puzzle board the page follows: 8 moves from the goal.
START = (2, 4, 3, 1, 5, 6, 7, 8, 0)


def learn_pictures() -> dict[str, str]:
    """The pictures the page shows, by file name: what the code draws now."""
    from idastar import sliding

    traced = sliding.solve(START, engine="ida", heuristic="manhattan", trace=True)
    return {
        "learn-8-puzzle.svg": sliding.solve(START).svg(),
        "learn-ida-bound-6.svg": traced.tree_svg(1),
        "learn-ida-bound-8.svg": traced.tree_svg(),
    }


def page_text() -> str:
    if not PAGE.is_file():
        pytest.skip("no docs here (the installed-wheel run)")
    return PAGE.read_text(encoding="utf-8")


def test_the_page_shows_what_the_code_draws() -> None:
    page = page_text()
    pictures = learn_pictures()
    assert set(re.findall(r"\]\(images/(learn-[\w.-]+)\)", page)) == set(pictures)
    assert {path.name for path in IMAGES.glob("learn-*")} == set(pictures)
    for name, svg in pictures.items():
        stored = (IMAGES / name).read_text(encoding="utf-8")
        assert stored == svg, f"docs/images/{name} is stale: python tests/test_learn.py redraws it"
        assert len(stored) < 40_000, "small enough to keep in the repository"


def test_the_trees_drawn_are_the_ones_the_page_describes() -> None:
    from idastar import sliding

    traced = sliding.solve(START, engine="ida", heuristic="manhattan", trace=True)
    assert [it.bound for it in traced.trace] == [4, 6, 8]
    pictures = learn_pictures()
    second, last = pictures["learn-ida-bound-6.svg"], pictures["learn-ida-bound-8.svg"]
    assert second.count('class="idastar-node') == 7 and second.count("idastar-pruned") == 4
    assert last.count('class="idastar-node') == 13 and last.count("idastar-pruned") == 3


# --------------------------------------------------------------------------
# The notebook: the page, cell by cell

_PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```[ \t]*\n?", re.M | re.S)
#: Links to other pages and to pictures, relative to docs/ on the page.
_RELATIVE_LINK = re.compile(r"\]\((?![a-z]+:|#)([^)]+)\)")
_PAGE_NOTE = (
    "The same lessons, to run cell by cell, are the notebook\n"
    "`examples/learn-ida-star.ipynb` in the repository."
)
_NOTEBOOK_NOTE = (
    "This notebook is the documentation's page docs/learn.md, cell by cell:\n"
    "run the cells in order."
)


def _cell(kind: str, source: str, number: int) -> dict[str, Any]:
    lines = source.splitlines(keepends=True)
    if kind == "markdown":
        return {"cell_type": "markdown", "metadata": {}, "source": lines, "id": f"cell-{number}"}
    return {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": lines,
        "id": f"cell-{number}",
    }


def _code_cells(doctest_text: str) -> list[str]:
    """A doctest's code as notebook cells: one ends after each example that
    shows its output, so that the notebook shows it too."""
    cells: list[str] = []
    current = ""
    for example in doctest.DocTestParser().get_examples(doctest_text):
        current += example.source
        if example.want:
            cells.append(current.rstrip("\n"))
            current = ""
    if current:
        cells.append(current.rstrip("\n"))
    return cells


def notebook_from_page(page: str) -> dict[str, Any]:
    """The notebook of the page: its prose as Markdown cells (the links
    made relative to examples/), each of its Python examples as code cells."""
    if _PAGE_NOTE not in page:
        raise ValueError("the page no longer names its notebook as the generator expects")
    page = page.replace(_PAGE_NOTE, _NOTEBOOK_NOTE)
    parts: list[tuple[str, str]] = []
    at = 0
    for block in _PYTHON_BLOCK.finditer(page):
        parts.append(("markdown", page[at : block.start()]))
        parts += [("code", cell) for cell in _code_cells(block.group(1))]
        at = block.end()
    parts.append(("markdown", page[at:]))
    cells: list[dict[str, Any]] = []
    for kind, source in parts:
        if kind == "markdown":
            source = _RELATIVE_LINK.sub(r"](../docs/\1)", source.strip("\n"))
        if source.strip():
            cells.append(_cell(kind, source, len(cells)))
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def notebook_text(page: str) -> str:
    return json.dumps(notebook_from_page(page), indent=1, ensure_ascii=False) + "\n"


def test_the_notebook_is_the_page() -> None:
    stored = NOTEBOOK.read_text(encoding="utf-8")
    assert stored == notebook_text(page_text()), (
        "examples/learn-ida-star.ipynb is stale: python tests/test_learn.py rewrites it"
    )
    notebook = json.loads(stored)
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert len(code) > 20 and all(cell["outputs"] == [] for cell in code)
    markdown = "".join(
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    )
    assert "](images/" not in markdown and "](../docs/images/learn-ida-bound-6.svg)" in markdown
    try:
        import nbformat  # type: ignore[import-not-found]
    except ImportError:
        return
    nbformat.validate(nbformat.reads(stored, as_version=4))


def test_the_notebook_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not NOTEBOOK.is_file():
        pytest.skip("no examples here (the installed-wheel run)")
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":  # in order, outside a notebook too
            exec(compile("".join(cell["source"]), NOTEBOOK.name, "exec"), namespace)
    assert namespace["traced"].cost == 8
    assert list(tmp_path.iterdir()) == [], "the notebook writes no files"


def test_the_page_comes_first_in_the_navigation() -> None:
    yaml = pytest.importorskip("yaml", reason="reading mkdocs.yml needs PyYAML (the docs extra)")
    config = ROOT / "mkdocs.yml"
    if not config.is_file():
        pytest.skip("no mkdocs.yml here (the installed-wheel run)")
    nav = yaml.load(config.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)["nav"]
    assert nav[:2] == [{"Home": "index.md"}, {"Learn IDA*": "learn.md"}]
    reference = next(entry["Reference"] for entry in nav if "Reference" in entry)
    assert {"idastar.reference": "reference/reference.md"} in reference
    api = (ROOT / "docs" / "reference" / "reference.md").read_text(encoding="utf-8")
    for engine in ("ida_star", "iddfs", "astar", "bfs"):
        assert f"::: idastar.reference.engines.{engine}\n" in api


# --------------------------------------------------------------------------
# The page's arguments


def test_a_block_move_changes_at_most_three_successors() -> None:
    """Hence ceil(wrong / 3) never overestimates: checked against the exact
    distance of every shelf of up to 6 books."""
    from idastar import booksort

    def successors(books: tuple[int, ...]) -> set[tuple[int, int]]:
        return set(itertools.pairwise(books))

    def wrong(books: tuple[int, ...]) -> int:
        return sum(1 for left, right in itertools.pairwise(books) if right != left + 1)

    for n in range(1, 7):
        shelves = list(itertools.permutations(range(1, n + 1)))
        for books in shelves:
            for move in booksort.moves(n):
                after = booksort.apply(books, move)
                assert len(successors(books) - successors(after)) <= 3
                assert wrong(books) - wrong(after) <= 3
        distances = [s.cost for s in booksort.solve_many(shelves)]
        for books, distance in zip(shelves, distances, strict=True):
            assert -(-wrong(books) // 3) == booksort.lower_bound(books, "breakpoints")
            assert booksort.lower_bound(books, "breakpoints") <= distance


def test_a_slide_changes_the_manhattan_distance_by_exactly_one() -> None:
    from idastar import InvalidPuzzle, sliding

    for seed in range(200):
        board = sliding.random(3, 3, seed=seed)
        h = sliding.lower_bound(board, "manhattan")
        for move in "UDLR":
            try:
                after = sliding.apply(board, move)
            except InvalidPuzzle:
                continue  # the blank is at that edge
            assert abs(sliding.lower_bound(after, "manhattan") - h) == 1


def test_the_15_puzzle_figures_the_page_quotes() -> None:
    """The first layers of OEIS A089484 (boards at each distance from the
    goal, the blank in a corner), and the length of Korf's first board."""
    from idastar import InvalidPuzzle, fifteen, search, sliding

    a089484 = [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808]

    def slides(board: tuple[int, ...]) -> Any:
        for move in "UDLR":
            try:
                yield sliding.apply(board, move), 1
            except InvalidPuzzle:
                continue  # the blank is at that edge

    layers = search.bfs(fifteen.KORF_GOAL, slides, lambda board: False, max_cost=len(a089484))
    assert [layer.expanded for layer in layers.stats.iterations] == a089484
    korf_1 = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]
    assert fifteen.solve(korf_1, goal="blank-first", patterns="5-5-5").cost == 57
    assert 16 * 15 * 14 * 13 * 12 == 524_160 and 8 * 10_461_394_944_000 < 84e12


if __name__ == "__main__":
    IMAGES.mkdir(parents=True, exist_ok=True)
    for name, svg in learn_pictures().items():
        (IMAGES / name).write_text(svg, encoding="utf-8")
        print(f"docs/images/{name}: {len(svg):,} bytes")
    NOTEBOOK.write_text(notebook_text(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"{NOTEBOOK.relative_to(ROOT)}: {len(notebook_from_page(page_text())['cells'])} cells")
