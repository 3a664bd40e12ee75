"""Every code example of README.md, of the documentation pages and of the
modules' docstrings runs and prints what it shows.

The pages' ``python`` blocks run here (doctests, and scripts in an empty
directory); their ``sh`` lines run in tests/test_help_examples.py, the Dask
recipe in tests/test_dask.py, the crate's example under ``cargo test``. A
block of any other kind fails :func:`test_every_example_is_of_a_kind_a_test_runs`.

The pages' pictures are what the code draws (some kept current by
tests/test_pictures.py, the others here: ``python tests/test_docs.py``
redraws them), and the site, built as mkdocs.yml says, works opened from
disk and shows IDA* and A* as written, never as emphasis.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from doc_examples import (
    ROOT,
    SAVED_SCRIPTS,
    Block,
    blocks,
    command_lines,
    page_blocks,
    page_name,
    pages,
    problems,
)

PAGES = pages()
PAGE_IDS = [page_name(path) for path in PAGES]


def test_the_pages_are_read() -> None:
    assert ROOT / "README.md" in PAGES and ROOT / "docs" / "index.md" in PAGES
    assert len(PAGES) > 20
    assert sum(len(page_blocks(path)) for path in PAGES) > 40


def test_the_block_reader_finds_what_no_test_runs() -> None:
    text = (
        "```bash\nls\n```\n"
        "```\nplain\n```\n"
        "```sh\nidastar demo   # fine\nprintf '1' | idastar x\npip install .\n```\n"
        "```python\nx = 1\n>>> x\n1\n```\n"
        "```py\nprint()\n```\n"
        "```text\npip install .\n```\n"
    )
    found = [problem for block in blocks(text) for problem in problems(block)]
    assert len(found) == 5, found
    assert "```bash" in found[0] and "(no language)" in found[1]
    assert "'pip install .' is no idastar command" in found[2]
    assert "must start with >>>" in found[3] and "saved script" in found[4]


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_every_example_is_of_a_kind_a_test_runs(page: Path) -> None:
    found = [problem for block in page_blocks(page) for problem in problems(block)]
    assert not found, "\n".join(found)


def doctest_text(page_blocks: list[Block]) -> str:
    # A blank line after each block, so that the next prose is no expected output.
    return "\n\n".join(b.text for b in page_blocks if b.language == "python" and ">>>" in b.text)


DOCTEST_PAGES = [path for path in PAGES if doctest_text(page_blocks(path))]


def test_most_pages_have_doctests() -> None:
    assert len(DOCTEST_PAGES) >= 12


@pytest.mark.parametrize("page", DOCTEST_PAGES, ids=[page_name(p) for p in DOCTEST_PAGES])
def test_the_page_s_doctests_print_what_they_show(page: Path) -> None:
    text = doctest_text(page_blocks(page))
    name = page_name(page)
    test = doctest.DocTestParser().get_doctest(text, {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples
    assert runner.failures == 0


SCRIPTS = [
    (path, block)
    for path in PAGES
    for block in page_blocks(path)
    if block.language == "python" and ">>>" not in block.text
]


@pytest.mark.parametrize(
    ("page", "block"), SCRIPTS, ids=[f"{page_name(p)}:{i}" for i, (p, _) in enumerate(SCRIPTS)]
)
def test_the_page_s_scripts_run_in_an_empty_directory(
    page: Path, block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "matplotlib" in block.text:
        pytest.importorskip("matplotlib", reason='the plots need pip install "idastar[plot]"')
    monkeypatch.chdir(tmp_path)
    exec(compile(block.text, page_name(page), "exec"), {"__name__": "__main__"})
    # What a script writes is what it says: pictures that open.
    for png in tmp_path.glob("*.png"):
        assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), png.name


def test_saved_scripts_are_run_by_the_test_named_for_them() -> None:
    for page, test_file in SAVED_SCRIPTS.items():
        assert any(block.language == "py" for block in page_blocks(ROOT / page)), page
        assert page in (ROOT / test_file).read_text(encoding="utf-8"), test_file


def test_the_rust_examples_are_the_crate_s_own() -> None:
    crate = ROOT / "rust" / "core" / "src" / "lib.rs"
    if not crate.is_file():
        pytest.skip("no Rust sources here (the installed-wheel run)")
    doc = "\n".join(
        line.removeprefix("//!").removeprefix(" ")
        for line in crate.read_text(encoding="utf-8").splitlines()
        if line.startswith("//!")
    )
    rust = [block for path in PAGES for block in page_blocks(path) if block.language == "rust"]
    assert rust
    for block in rust:
        assert block.text in doc, f"{block.page}: the Rust example is not the one cargo test runs"


def test_readme_quick_start_is_what_ci_runs() -> None:
    ci = ROOT / ".ci" / "run"
    if not ci.is_file():
        pytest.skip("no .ci/run here (the installed-wheel run)")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    commands = [block.text.strip() for block in blocks(quick)]
    assert commands[0] == "pip install . && idastar demo"
    assert len(commands) == 2 and commands[1] in ci.read_text(encoding="utf-8").splitlines()


def test_the_pages_show_command_lines() -> None:
    assert len(command_lines()) >= 15


@pytest.mark.parametrize(
    "name",
    [
        "idastar.booksort",
        "idastar.cube",
        "idastar.fifteen",
        "idastar.pancake",
        "idastar.permutation",
        "idastar.rotation",
        "idastar.search",
        "idastar.sliding",
        "idastar.squares",
    ],
)
def test_module_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0


# --------------------------------------------------------------------------
# The pictures the pages show

IMAGES = ROOT / "docs" / "images"


def page_pictures() -> dict[str, str]:
    """The pictures the puzzle pages and the Pictures page show besides
    tests/test_pictures.py's, by file name: what the code draws now."""
    from idastar import booksort, pancake, permutation

    return {
        "booksort-solution.svg": booksort.solve([1, 3, 4, 6, 2, 5]).svg(),
        "pancake-solution.svg": pancake.solve([2, 4, 1, 5, 3]).svg(),
        "permutation-solution.svg": permutation.load("2x2x2").solve("R U R' U'").svg(),
    }


def test_the_pages_show_what_the_code_draws() -> None:
    for name, svg in page_pictures().items():
        stored = (IMAGES / name).read_text(encoding="utf-8")
        assert stored == svg, f"docs/images/{name} is stale: python tests/test_docs.py redraws it"
        assert len(stored) < 40_000, "small enough to keep in the repository"


def test_every_picture_shown_is_drawn_by_a_test() -> None:
    from test_learn import learn_pictures
    from test_pictures import doc_images

    drawn = set(page_pictures()) | set(doc_images()) | set(learn_pictures())
    shown = {
        name
        for page in PAGES
        for name in re.findall(r"images/([\w.-]+\.svg)\)", page.read_text(encoding="utf-8"))
    }
    assert shown <= drawn, shown - drawn
    assert {path.name for path in IMAGES.glob("*.svg")} == drawn


def test_the_pictures_page_shows_every_picture() -> None:
    page = (ROOT / "docs" / "pictures.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"!\[[^\]]+\]\(images/([\w.-]+)\)", page))
    assert {path.name for path in IMAGES.iterdir()} <= shown


# --------------------------------------------------------------------------
# The site: IDA* as written, and links that work opened from disk


def docstrings_hook() -> ModuleType:
    """docs/hooks/docstrings.py, which needs griffe (the docs extra)."""
    pytest.importorskip("griffe", reason='the site\'s hooks need pip install -e ".[docs]"')
    path = ROOT / "docs" / "hooks" / "docstrings.py"
    if not path.is_file():
        pytest.skip("no docs/hooks here (the installed-wheel run)")
    spec = importlib.util.spec_from_file_location("docstrings_hook", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_escapes_starred_names_outside_code() -> None:
    escape = docstrings_hook().escape_names
    assert escape("engines (IDA*, A*, BFS)") == "engines (IDA\\*, A\\*, BFS)"
    assert escape("IDA\\* and A*'s bound") == "IDA\\* and A\\*'s bound"
    kept = [
        "a *block move* and **A** bold, *IDA* stressed",
        "``IDA*`` and `A*` in code, 2*3 and x*y",
        "```pycon\n>>> 'A*, IDA*'\n```",
        "~~~text\nIDA*\n~~~",
    ]
    for text in kept:
        assert escape(text) == text
    mixed = "IDA*\n```\nIDA*\n```\n`A*` A*"
    assert escape(mixed) == "IDA\\*\n```\nIDA*\n```\n`A*` A\\*"


def test_the_hook_leaves_doctests_as_they_are() -> None:
    markdown = docstrings_hook().markdown
    text = "Runs IDA*, A* too.\n\n>>> 'IDA*, A*'\n'IDA*, A*'\n\nSee :func:`solve`."
    assert markdown(text) == (
        "Runs IDA\\*, A\\* too.\n\n```pycon\n>>> 'IDA*, A*'\n'IDA*, A*'\n```\n\nSee `solve`."
    )


def test_the_site_works_opened_from_disk() -> None:
    config = ROOT / "mkdocs.yml"
    if not config.is_file():
        pytest.skip("no mkdocs.yml here (the installed-wheel run)")
    text = config.read_text(encoding="utf-8")
    assert re.search(r"^use_directory_urls: false$", text, re.M), "pages as files: x.html, not x/"
    plugins = re.split(r"\n\S", text.split("\nplugins:\n", 1)[1], maxsplit=1)[0]
    assert re.search(r"^  - offline$", plugins, re.M), "the search index bundled into the pages"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as mkdocs.yml builds it, in a temporary directory (a few seconds)."""
    for needed in ("mkdocs", "material", "mkdocstrings_handlers.python"):
        pytest.importorskip(needed, reason='building the site needs pip install -e ".[docs]"')
    if not (ROOT / "mkdocs.yml").is_file():
        pytest.skip("no mkdocs.yml here (the installed-wheel run)")
    out = tmp_path_factory.mktemp("site")
    import idastar

    package = str(Path(idastar.__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (package, os.environ.get("PYTHONPATH", "")) if p)
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out


def test_no_search_name_is_taken_for_emphasis(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 30
    wrong = re.compile(r"IDA, <em>|IDA<em>|\bA</em>|<em>, A\b|\bA<em>")
    found = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for m in wrong.finditer(text):
            found.append(
                f"{page.relative_to(site)}: ...{text[max(0, m.start() - 40) : m.end() + 40]}"
            )
    assert not found, "\n".join(found)
    api = (site / "reference" / "idastar.html").read_text(encoding="utf-8")
    assert "IDA*, A*" in api


def test_internal_links_name_files(site: Path) -> None:
    """Opened from disk, a link to a directory shows a listing, not the page."""
    assert (site / "search" / "search_index.js").is_file(), "the offline plugin's search index"
    # 404.html is a server's page, its links from the site's root.
    for page in sorted(set(site.rglob("*.html")) - {site / "404.html"}):
        for link in re.findall(r'(?:href|src)="([^"]*)"', page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:|#|//", link):
                continue
            target = link.split("#", 1)[0]
            assert target and not target.endswith("/"), f"{page.relative_to(site)}: {link}"
            assert (page.parent / target).exists(), f"{page.relative_to(site)}: {link}"


if __name__ == "__main__":
    IMAGES.mkdir(parents=True, exist_ok=True)
    for name, svg in page_pictures().items():
        (IMAGES / name).write_text(svg, encoding="utf-8")
        print(f"docs/images/{name}: {len(svg):,} bytes")
