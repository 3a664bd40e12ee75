"""Every code example of README.md, of the documentation pages and of the
modules' docstrings runs and prints what it shows.

The pages' ``python`` blocks run here (doctests, and scripts in an empty
directory); their ``sh`` lines run in tests/test_help_examples.py, the Dask
recipe in tests/test_dask.py, the crate's example under ``cargo test``. A
block of any other kind fails :func:`test_every_example_is_of_a_kind_a_test_runs`.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

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
