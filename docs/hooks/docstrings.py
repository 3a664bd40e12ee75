"""Griffe extension: the docstrings' reST habits in Markdown.

The docstrings are written for ``help()`` and doctest, and this site shows
them too: a role (``:func:`solve```) becomes inline code naming its target,
and a doctest (``>>>`` lines and their output, up to a blank line) a Python
console block instead of nested Markdown quotes.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|data|class|mod|meth|attr|exc|obj|const):`~?([^`]+)`")


def markdown(docstring: str) -> str:
    """``docstring`` with its roles as code and its doctests fenced."""
    lines: list[str] = []
    in_doctest = False
    for line in ROLE.sub(r"`\1`", docstring).split("\n"):
        starts = line.lstrip().startswith(">>>")
        if starts and not in_doctest:
            indent = line[: len(line) - len(line.lstrip())]
            lines.append(f"{indent}```pycon")
            in_doctest = True
        elif in_doctest and not line.strip():
            lines.append(f"{indent}```")
            in_doctest = False
        lines.append(line)
    if in_doctest:
        lines.append(f"{indent}```")
    return "\n".join(lines)


class Docstrings(griffe.Extension):
    """Rewrites every docstring griffe loads."""

    def on_object(self, *, obj: Any, **_: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)

    def on_package(self, *, pkg: Any, **_: Any) -> None:
        # A package's own docstring is loaded before its members are.
        self.on_object(obj=pkg)
