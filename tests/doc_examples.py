"""The code examples of README.md and of the documentation pages
(docs/**/*.md), read by kind: what tests/test_docs.py and
tests/test_help_examples.py run.

Every fenced block is of one kind, named by its fence:

* ``python``: a doctest (``>>>`` lines and what they print), or, with no
  prompt at all, a script run in an empty directory;
* ``py``: a script to save and run as a file (the workers of a Dask cluster
  import it); the test that does so is in :data:`SAVED_SCRIPTS`;
* ``sh``: ``idastar`` command lines (a ``printf ... |`` in front allowed),
  each run verbatim in an empty directory;
* ``rust``: the core crate's own example, which ``cargo test`` runs;
* ``text``: not run: output, layouts, set-up commands.

Any other fence, or a shell line that is no ``idastar`` command, is a
block no test runs, and :func:`problems` says so.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]

#: Pages whose ``py`` scripts are run as saved files, and the test that runs them.
SAVED_SCRIPTS = {"docs/parallel.md": "tests/test_dask.py", "docs/cluster.md": "tests/test_dask.py"}

KINDS = ("python", "py", "sh", "rust", "text")

_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
_COMMAND = re.compile(r"^(?:printf (?:'[^']*'|\S+) \| )?idastar(?: |$)")


class Block(NamedTuple):
    """One fenced block of a page: its fence's language and its text."""

    page: str
    language: str
    text: str


def pages() -> list[Path]:
    """README and every documentation page, README first."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def page_name(path: Path) -> str:
    """A page's path from the repository root, as the tests name it."""
    return path.relative_to(ROOT).as_posix()


def blocks(text: str, page: str = "<text>") -> list[Block]:
    """The fenced blocks of a Markdown text, in order."""
    return [Block(page, match.group(1).strip(), match.group(2)) for match in _FENCE.finditer(text)]


def page_blocks(path: Path) -> list[Block]:
    return blocks(path.read_text(encoding="utf-8"), page_name(path))


def shell_lines(block: Block) -> list[str]:
    """The lines of an ``sh`` block, comments and blank lines dropped."""
    lines = []
    for line in block.text.splitlines():
        command = line.split("  #", 1)[0].strip()
        if command and not command.startswith("#"):
            lines.append(command)
    return lines


def problems(block: Block) -> list[str]:
    """Why no test would run ``block``; nothing when one does."""
    where = f"{block.page}: a ```{block.language or '(no language)'} block"
    if block.language not in KINDS:
        return [f"{where}: no test runs it (mark output or set-up commands ```text)"]
    if block.language == "sh":
        return [
            f"{where}: {line!r} is no idastar command (put set-up commands in ```text)"
            for line in shell_lines(block)
            if not _COMMAND.match(line)
        ]
    if block.language == "python":
        prompts = [line.startswith(">>>") for line in block.text.splitlines() if line.strip()]
        if any(prompts) and not prompts[0]:
            return [f"{where}: a doctest must start with >>>"]
    if block.language == "py" and block.page not in SAVED_SCRIPTS:
        return [f"{where}: no test runs it as a saved script (tests/doc_examples.py SAVED_SCRIPTS)"]
    return []


def command_lines() -> list[str]:
    """Every ``idastar`` line of every page's ``sh`` blocks, each once, in page order."""
    found: dict[str, None] = {}
    for path in pages():
        for block in page_blocks(path):
            if block.language == "sh":
                found.update(dict.fromkeys(shell_lines(block)))
    return list(found)
