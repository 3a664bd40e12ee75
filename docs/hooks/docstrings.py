"""Griffe extension and MkDocs hook: plain text habits in Markdown.

The docstrings are written for ``help()`` and doctest, and this site shows
them too: a role (``:func:`solve```) becomes inline code naming its target,
and a doctest (``>>>`` lines and their output, up to a blank line) a Python
console block instead of nested Markdown quotes.

Docstrings and pages alike write the searches' names as they are spelt,
``IDA*`` and ``A*``; Markdown would take two such stars in one paragraph for
emphasis ("IDA, *A*"). :func:`escape_names` escapes the star of a name in
capitals outside code, so the docstrings stay plain for ``help()`` and a
page may write ``IDA*`` or ``IDA\\*``. mkdocs.yml names this file twice: as
mkdocstrings' extension (:class:`Docstrings`) and as a hook
(:func:`on_page_markdown`).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|data|class|mod|meth|attr|exc|obj|const):`~?([^`]+)`")

#: A name in capitals ending in a star (``IDA*``, ``A*``), not already
#: escaped and not part of ``**strong**`` or ``*emphasis*`` around it.
STARRED_NAME = re.compile(r"(?<![\w*\\])([A-Z][A-Z0-9]*)\*(?![\w*])")

#: An inline code span, one or more backticks each side (it may span lines).
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)", re.S)

FENCE = re.compile(r"^\s*(```|~~~)")


def escape_names(text: str) -> str:
    """``text`` with the star of every ``IDA*``-like name escaped (``IDA\\*``),
    except in fenced code blocks and inline code."""
    lines: list[str] = []
    prose: list[str] = []
    fence = ""

    def flush() -> None:
        # Escaping adds no line, so the prose keeps its lines.
        if prose:
            lines.extend(_escape_prose("\n".join(prose)).split("\n"))
            prose.clear()

    for line in text.split("\n"):
        marker = FENCE.match(line)
        if fence:
            lines.append(line)
            if marker and marker.group(1) == fence and not line.strip().strip(fence[0]):
                fence = ""
        elif marker:
            flush()
            lines.append(line)
            fence = marker.group(1)
        else:
            prose.append(line)
    flush()
    return "\n".join(lines)


def _escape_prose(text: str) -> str:
    parts: list[str] = []
    pos = 0
    for span in CODE_SPAN.finditer(text):
        parts += [STARRED_NAME.sub(r"\1\\*", text[pos : span.start()]), span.group()]
        pos = span.end()
    parts.append(STARRED_NAME.sub(r"\1\\*", text[pos:]))
    return "".join(parts)


def markdown(docstring: str) -> str:
    """``docstring`` with its roles as code, its doctests fenced and its
    starred names escaped."""
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
    return escape_names("\n".join(lines))


class Docstrings(griffe.Extension):
    """Rewrites every docstring griffe loads."""

    def on_object(self, *, obj: Any, **_: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)

    def on_package(self, *, pkg: Any, **_: Any) -> None:
        # A package's own docstring is loaded before its members are.
        self.on_object(obj=pkg)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """MkDocs hook: a page's starred names escaped as the docstrings' are."""
    return escape_names(markdown)
