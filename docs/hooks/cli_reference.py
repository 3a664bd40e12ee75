"""MkDocs hook: the command line reference, rendered from the parsers.

A page that holds the line ``<!-- idastar-cli-reference -->`` gets, in its
place, ``idastar --help`` and every command's ``--help`` as the installed
``argparse`` parsers print them, so the reference cannot drift from the code.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

MARKER = "<!-- idastar-cli-reference -->"


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    # argparse has no public way to list a parser's subcommands.
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _help(parser: argparse.ArgumentParser) -> str:
    # A fixed width, not the terminal's: the page is the same on every build.
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"
    try:
        return parser.format_help()
    finally:
        if previous is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = previous


def reference() -> str:
    """The Markdown of the reference: one section per command."""
    from idastar.cli import _parser

    parser = _parser()
    sections = [f"## idastar\n\n```text\n{_help(parser)}```\n"]
    for name, command in _commands(parser).items():
        sections.append(f"## idastar {name}\n\n```text\n{_help(command)}```\n")
    return "\n".join(sections)


def on_page_markdown(markdown: str, **_: Any) -> str:
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, reference())
