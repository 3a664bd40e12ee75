"""SVG building blocks every puzzle's pictures share, with no drawing library.

A puzzle draws one state as a :class:`Picture` (its size and its SVG
elements), marking the move about to be made when it is given one; a
:class:`Drawing` says how a puzzle replays a path and draws each state, so
that a solution's strip (:func:`strip_svg`) and its animation
(``idastar._animation``) are written once for every puzzle.

Colours are the Okabe-Ito palette, told apart by readers with any common
colour-vision deficiency, and every coloured thing also carries a number
or a letter, so colour is never the only cue.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

#: The Okabe-Ito palette (Okabe and Ito, 2008), by name.
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
BLACK = "#000000"
#: Fills that black text reads well on, in the order pictures hand them out.
FILLS = (ORANGE, SKY_BLUE, GREEN, YELLOW, PURPLE)
#: What marks the move about to be made.
MARK = VERMILLION
#: Lines, text and empty places.
INK = "#222222"
FAINT = "#BBBBBB"
PAPER = "#FFFFFF"

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


# XML escapes as xml.sax.saxutils writes them: that module imports urllib,
# http and ssl, a third of the time a command takes to start.


def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped, for XML character data."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """``text`` escaped and quoted as an XML attribute value (double quotes
    unless it holds some and no single quote)."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


# -- The controls of the pages that play (the player, the search tree) ---


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each ``@NAME@`` replaced by ``values[NAME]``."""
    for name, value in values.items():
        template = template.replace(f"@{name}@", str(value))
    return template


def buttons(controls: Sequence[tuple[str, str, str]]) -> str:
    """Each ``(action, label, hint)`` as a button of a page's controls."""
    return "".join(
        f'<button type="button" data-action="{action}" title="{escape(hint)}">{label}</button>'
        for action, label, hint in controls
    )


def speed_control(speeds: Sequence[float], hint: str) -> str:
    """A page's speed menu, offering ``speeds`` (1 chosen), ``hint`` its title."""
    options = "".join(
        f'<option value="{speed:g}"{" selected" if speed == 1 else ""}>{speed:g}\u00d7</option>'
        for speed in speeds
    )
    return (
        f'<label class="idastar-speed" title="{escape(hint)}">speed '
        f'<select data-control="speed">{options}</select></label>'
    )


def _attributes(attributes: dict[str, object]) -> str:
    # Python names for SVG's hyphenated attributes: stroke_width is stroke-width.
    return "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(_number(value))}"
        for name, value in attributes.items()
        if value is not None
    )


def _number(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def element(tag: str, content: str = "", /, **attributes: object) -> str:
    """One SVG element; ``content`` is markup already (use :func:`text` for words)."""
    if content:
        return f"<{tag}{_attributes(attributes)}>{content}</{tag}>"
    return f"<{tag}{_attributes(attributes)}/>"


def rect(x: float, y: float, width: float, height: float, /, **attributes: object) -> str:
    return element("rect", x=x, y=y, width=width, height=height, **attributes)


def line(x1: float, y1: float, x2: float, y2: float, /, **attributes: object) -> str:
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def text(
    x: float,
    y: float,
    words: object,
    *,
    size: float = 16,
    weight: str | None = None,
    **attributes: object,
) -> str:
    """Words centred on ``(x, y)``."""
    return element(
        "text",
        escape(str(words)),
        x=x,
        y=y,
        font_size=size,
        font_weight=weight,
        text_anchor=attributes.pop("text_anchor", "middle"),
        dominant_baseline="central",
        **attributes,
    )


def arrow(x1: float, y1: float, x2: float, y2: float, colour: str = MARK, width: float = 3) -> str:
    """A line from ``(x1, y1)`` with a head at ``(x2, y2)``."""
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-9)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = 4 * width
    left = (x2 - head * ux + head * 0.6 * uy, y2 - head * uy - head * 0.6 * ux)
    right = (x2 - head * ux - head * 0.6 * uy, y2 - head * uy + head * 0.6 * ux)
    points = " ".join(f"{_number(px)},{_number(py)}" for px, py in ((x2, y2), left, right))
    return line(
        x1, y1, x2 - head * ux, y2 - head * uy, stroke=colour, stroke_width=width
    ) + element("polygon", points=points, fill=colour)


def tile(x: float, y: float, size: float, label: object, fill: str, *, marked: bool = False) -> str:
    """A labelled square in the cell of ``size`` at ``(x, y)``: a board's
    tile or cell, outlined in :data:`MARK` when ``marked``."""
    return rect(
        x + 3,
        y + 3,
        size - 6,
        size - 6,
        rx=5,
        fill=fill,
        stroke=MARK if marked else INK,
        stroke_width=5 if marked else 1.5,
    ) + text(x + size / 2, y + size / 2, label, size=size * 0.42, weight="bold")


def group(content: str, dx: float = 0, dy: float = 0, **attributes: object) -> str:
    return element("g", content, transform=f"translate({_number(dx)},{_number(dy)})", **attributes)


class Picture(NamedTuple):
    """One drawing: its size in pixels and its SVG elements."""

    width: float
    height: float
    body: str

    def svg(self, title: str | None = None) -> str:
        """The picture as a standalone SVG document."""
        return document(self.width, self.height, self.body, title)


def document(
    width: float,
    height: float,
    body: str,
    title: str | None = None,
    *,
    viewbox: tuple[float, float] | None = None,
) -> str:
    """An SVG document of that size around ``body``, drawn in the
    coordinates ``viewbox`` (default: the size itself)."""
    heading = f"<title>{escape(title)}</title>" if title else ""
    inner_width, inner_height = viewbox or (width, height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(width)}" '
        f'height="{_number(height)}" viewBox="0 0 {_number(inner_width)} {_number(inner_height)}" '
        f'font-family="{FONT}">{heading}'
        f"{rect(0, 0, inner_width, inner_height, fill=PAPER)}{body}</svg>"
    )


def framed(
    picture: Picture, caption: str, *, margin: float = 8, highlight: bool = False
) -> Picture:
    """The picture with a margin and a caption under it."""
    # About 0.6 em a character: room enough for the caption in the fonts above.
    width = max(picture.width + 2 * margin, len(caption) * 16 * 0.6 + 2 * margin)
    height = picture.height + 2 * margin + 26
    body = group(picture.body, (width - picture.width) / 2, margin) + text(
        width / 2,
        picture.height + 2 * margin + 10,
        caption,
        size=16,
        weight="bold" if highlight else None,
        fill=INK,
    )
    return Picture(width, height, body)


class Drawing(NamedTuple):
    """How a puzzle draws: each of its modules has one, ``_DRAWING``.

    ``case(values, options)`` turns the core's integers for a case into the
    module's case; ``apply(state, move, options)`` makes one move;
    ``picture(state, move, options)`` draws a state, marking ``move``
    (the next one) when it is not None; ``move_text(move)`` names a move,
    and ``name`` the puzzle.
    ``options`` are those the case was solved with (a board's size, its goal).
    """

    apply: Callable[[Any, Any, dict[str, Any]], Any]
    picture: Callable[[Any, Any, dict[str, Any]], Picture]
    #: By default the tuple of the core's integers.
    case: Callable[[list[int], dict[str, Any]], Any] = lambda values, _: tuple(values)
    move_text: Callable[[Any], str] = str
    #: The puzzle's name in titles.
    name: str = ""
    #: What a case is called in a picture's title ("pancake stack").
    called: str = ""


def states(drawing: Drawing, start: Any, path: Sequence[Any], options: dict[str, Any]) -> list[Any]:
    """The states along ``path`` from ``start``, both ends included."""
    visited = [start]
    for move in path:
        visited.append(drawing.apply(visited[-1], move, options))
    return visited


def captions(drawing: Drawing, path: Sequence[Any], solved: bool) -> list[str]:
    """What each frame of a strip is called: start, then each move by number and name."""
    names = ["start"] + [
        f"{number}: {drawing.move_text(move)}" for number, move in enumerate(path, 1)
    ]
    if solved:
        names[-1] += " (goal)" if path else " (already the goal)"
    return names


#: The widest a strip's row grows before it wraps, in pixels.
STRIP_WIDTH = 1400
#: The tallest a strip grows with its states at full size, in pixels (about
#: a screen): a longer one puts more states in a row, up to
#: :data:`MAX_PER_ROW`, and is drawn smaller to keep to :data:`STRIP_WIDTH`.
STRIP_HEIGHT = 1100
MAX_PER_ROW = 10
_ARROW_GAP = 36


def rows_layout(count: int, cell_width: float, cell_height: float) -> tuple[int, float]:
    """How many of ``count`` cells of that size a strip puts in a row, and
    the scale it draws them at: as many as fit :data:`STRIP_WIDTH` at full
    size; for a strip taller than :data:`STRIP_HEIGHT` so, the fewest more
    (at most :data:`MAX_PER_ROW`) that bring it within that height once
    shrunk to :data:`STRIP_WIDTH`, or :data:`MAX_PER_ROW`."""
    step = cell_width + _ARROW_GAP
    fit = max(1, min(count, int((STRIP_WIDTH + _ARROW_GAP) // step)))

    def shape(per_row: int) -> tuple[float, float]:
        rows = (count + per_row - 1) // per_row
        width = per_row * step - _ARROW_GAP
        scale = min(1.0, STRIP_WIDTH / width)
        return rows * cell_height * scale, scale

    if shape(fit)[0] <= STRIP_HEIGHT:
        return fit, 1.0
    per_row = fit
    for per_row in range(fit, max(fit, min(count, MAX_PER_ROW)) + 1):
        if shape(per_row)[0] <= STRIP_HEIGHT:
            break
    return per_row, shape(per_row)[1]


def strip_svg(pictures: Sequence[Picture], names: Sequence[str], title: str | None = None) -> str:
    """The pictures in rows, left to right with arrows between, each
    captioned; a long strip smaller, more to a row (:func:`rows_layout`)."""
    boxes = [
        framed(p, name, highlight=i == len(pictures) - 1)
        for i, (p, name) in enumerate(zip(pictures, names, strict=True))
    ]
    cell_width = max(box.width for box in boxes)
    cell_height = max(box.height for box in boxes)
    per_row, scale = rows_layout(len(boxes), cell_width, cell_height)
    rows = (len(boxes) + per_row - 1) // per_row
    width = per_row * cell_width + (per_row - 1) * _ARROW_GAP
    height = rows * cell_height
    parts = []
    for index, box in enumerate(boxes):
        row, column = divmod(index, per_row)
        x, y = column * (cell_width + _ARROW_GAP), row * cell_height
        parts.append(group(box.body, x + (cell_width - box.width) / 2, y))
        if column and index:
            middle = y + (cell_height - 26) / 2
            parts.append(arrow(x - _ARROW_GAP + 6, middle, x - 6, middle, colour=INK, width=2))
    if scale == 1:
        return document(width, height, "".join(parts), title)
    return document(
        round(width * scale), round(height * scale), "".join(parts), title, viewbox=(width, height)
    )


#: The box a ``draw=`` hook's fragment of SVG (no ``<svg>`` of its own) is drawn in.
FRAGMENT_SIZE = 100
_PROLOGUE = re.compile(r"\A\s*(?:<\?xml[^>]*\?>\s*|<!--.*?-->\s*|<!DOCTYPE[^>]*>\s*)*", re.S)
_NAMESPACES = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def drawn_picture(markup: object) -> Picture:
    """What a ``draw=`` hook returned for one state, as a picture: a whole
    ``<svg>`` (its ``width`` and ``height``, or its ``viewBox``, give its
    size; an XML declaration or doctype before it is dropped), or a
    fragment of SVG elements, drawn in a :data:`FRAGMENT_SIZE` square.
    TypeError for anything but text, ValueError for text that is no
    well-formed SVG."""
    import xml.etree.ElementTree as ET

    from ._raster import size

    if not isinstance(markup, str):
        raise TypeError(f"draw must return SVG text (a str), got {type(markup).__name__}")
    svg = _PROLOGUE.sub("", markup).strip()
    if svg.startswith("<svg"):
        try:
            width, height = size(svg)
        except ValueError as error:
            raise ValueError(f"draw returned {error}") from None
        # Nested in a box of its size: one with a viewBox and no size of
        # its own fills it.
        return Picture(width, height, element("svg", svg, width=width, height=height))
    try:
        ET.fromstring(f"<svg {_NAMESPACES}>{svg}</svg>")
    except ET.ParseError as error:
        raise ValueError(f"draw returned no well-formed SVG: {error}") from None
    return Picture(FRAGMENT_SIZE, FRAGMENT_SIZE, svg)
