"""MkDocs hook: what each puzzle's reference page says of its verbs and
options, from the registry.

A page that holds the line ``<!-- idastar-puzzle NAME -->`` gets, in its
place, the shared verbs its module binds from its puzzle value and a table
of the options its calls take (type, default, what it does), as
``idastar.puzzle(NAME)`` describes them, so the page cannot drift from the
code.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

MARKER = re.compile(r"<!-- idastar-puzzle (\w+) -->")


def _kind(kind: str, puzzle: Any) -> str:
    names = {"engine": puzzle.engines, "heuristic": puzzle.heuristics}.get(kind)
    if names is not None:
        return " or ".join(f'`"{name}"`' for name in names)
    # A table cell cannot hold "|", even in code: the union's parts are said.
    return " or ".join(f"`{part.strip()}`" for part in kind.split("|"))


def section(name: str) -> str:
    """The Markdown of puzzle ``name``'s verbs and options."""
    from idastar._puzzle import OWN_VERBS, VERBS

    module = importlib.import_module(f"idastar.{name}")
    puzzle = module.PUZZLE
    shared = [
        verb
        for verb in (*VERBS, *OWN_VERBS)
        if getattr(getattr(module, verb), "__wrapped__", None) is not None
    ]
    verbs = ", ".join(f"`{verb}`" for verb in shared)
    rows = "".join(
        f"| `{option.name}` | {_kind(option.kind, puzzle)} | {option.default} | {option.doc} |\n"
        for option in puzzle.options
    )
    return (
        f"The verbs every puzzle shares, {verbs}, are the methods of this module's "
        f"puzzle, `idastar.{name}.PUZZLE`: see [`Puzzle`][idastar.Puzzle], and the "
        "module's docstring above for what its cases, moves and codes are.\n\n"
        f"Their options (`idastar.{name}.Options`), as the registry describes them; "
        "each also takes `None`, for the default, and `progress` "
        "([the vocabulary](../vocabulary.md)):\n\n"
        "| option | values | default | what it does |\n|---|---|---|---|\n" + rows
    )


def on_page_markdown(markdown: str, **_: Any) -> str:
    return MARKER.sub(lambda match: section(match.group(1)), markdown)
