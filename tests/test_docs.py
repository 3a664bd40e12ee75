"""The examples in README.md and in the modules' docstrings run and print what they show."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_readme_examples() -> None:
    # A code fence right after an expected output line would read as output.
    text = (ROOT / "README.md").read_text(encoding="utf-8").replace("\n```", "\n\n```")
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert len(test.examples) > 10
    assert runner.failures == 0


@pytest.mark.parametrize(
    "name", ["idastar.booksort", "idastar.rotation", "idastar.search", "idastar.squares"]
)
def test_module_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0
