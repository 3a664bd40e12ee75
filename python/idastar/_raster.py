"""SVG drawn into a Pillow image: what an exported animation's frames need.

Not a general SVG renderer: it draws what ``idastar._draw`` writes, and the
same plain shapes from a ``draw=`` hook of one's own: ``rect`` (rounded
too), ``circle``, ``ellipse``, ``line``, ``polyline``, ``polygon``,
``path`` of straight segments (``M L H V Z``), ``text``, ``g`` and nested
``svg``, moved and scaled by ``translate``, ``scale`` or a ``matrix``
without rotation; fills, strokes (dashed ones too), stroke widths and
fonts inherited as SVG inherits them, from attributes or ``style``. What it
cannot draw (gradients, curves, rotations, images) it leaves out, and warns
once per picture naming it.

The picture is drawn at twice its size and halved, so that edges and
letters are smooth. Letters are DejaVu Sans where it is installed, Pillow's
own font otherwise.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

INSTALL_HINT = 'saving an animation needs Pillow: pip install "idastar[anim]"'

#: Drawn this many times larger, then shrunk: smooth edges and letters.
_SUPERSAMPLE = 2
#: Elements that draw nothing by themselves, passed over without a warning.
_SILENT = frozenset({"title", "desc", "metadata", "defs", "style", "script"})
#: Properties a child takes from its parent, and their initial values.
_INHERITED: dict[str, str] = {
    "fill": "black",
    "stroke": "none",
    "stroke-width": "1",
    "stroke-dasharray": "none",
    "stroke-linecap": "butt",
    "font-size": "16",
    "font-weight": "normal",
    "text-anchor": "start",
    "dominant-baseline": "auto",
    "visibility": "visible",
}
#: CSS pixels in each absolute unit.
_UNITS = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def require_pillow() -> None:
    """ImportError naming the extra (:data:`INSTALL_HINT`) when Pillow is missing."""
    try:
        import PIL.Image
        import PIL.ImageDraw  # noqa: F401
    except ImportError as error:
        raise ImportError(INSTALL_HINT) from error


class _Place(NamedTuple):
    """Where user units land in the image: ``x * sx + dx``, ``y * sy + dy``."""

    sx: float
    sy: float
    dx: float
    dy: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        return x * self.sx + self.dx, y * self.sy + self.dy

    def then(self, sx: float, sy: float, dx: float, dy: float) -> _Place:
        """This placement after ``(sx, sy, dx, dy)`` in its own units."""
        return _Place(self.sx * sx, self.sy * sy, self.dx + dx * self.sx, self.dy + dy * self.sy)

    @property
    def size(self) -> float:
        """How much a length (a stroke, a font) grows: the mean of the two scales."""
        return (abs(self.sx) + abs(self.sy)) / 2


def _tag(element: ET.Element) -> str:
    return element.tag.rpartition("}")[2] if isinstance(element.tag, str) else ""


def _numbers(text: str | None) -> list[float]:
    return [float(n) for n in _NUMBER.findall(text or "")]


def _length(text: str | None, reference: float = 0.0, default: float = 0.0) -> float:
    """A length in pixels: a number, with a unit, or a percentage of ``reference``."""
    if text is None:
        return default
    text = text.strip()
    match = _NUMBER.match(text)
    if match is None:
        return default
    value, unit = float(match.group()), text[match.end() :].strip().lower()
    if unit == "%":
        return value * reference / 100
    if unit in ("em", "rem"):
        return value * 16
    return value * _UNITS.get(unit, 1.0)


def _style(element: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    """The element's properties: its parent's, then its attributes, then its ``style``."""
    own = dict(inherited)
    for name in _INHERITED:
        if name in element.attrib:
            own[name] = element.attrib[name]
    for declaration in element.get("style", "").split(";"):
        name, _, value = declaration.partition(":")
        if name.strip() in _INHERITED and value.strip():
            own[name.strip()] = value.strip()
    return own


def _colour(value: str) -> tuple[int, int, int] | None:
    from PIL import ImageColor

    value = value.strip()
    if value in ("none", "transparent", ""):
        return None
    if value == "currentColor":
        return (0, 0, 0)
    try:
        rgb = ImageColor.getrgb(value)
    except ValueError:
        return (0, 0, 0)
    return rgb[0], rgb[1], rgb[2]


@functools.cache
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from PIL import ImageFont

    for name in ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf") if bold else ("DejaVuSans.ttf",):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size)
    except TypeError:  # Pillow before 10.1: one size only
        return ImageFont.load_default()


class _Painter:
    """Draws one SVG tree into an image, noting what it leaves out."""

    def __init__(self, image: Image.Image) -> None:
        from PIL import ImageDraw

        self.draw: ImageDraw.ImageDraw = ImageDraw.Draw(image)
        self.skipped: set[str] = set()

    def element(
        self,
        element: ET.Element,
        place: _Place,
        style: dict[str, str],
        viewport: tuple[float, float],
    ) -> None:
        tag = _tag(element)
        if tag in _SILENT or not tag:
            return
        style = _style(element, style)
        transform = element.get("transform")
        if transform is not None:
            moved = _transformed(place, transform)
            if moved is None:
                self.skipped.add(f"the transform {transform!r}")
                return
            place = moved
        if style["visibility"] == "hidden" and tag not in ("g", "svg"):
            return
        if tag == "svg":
            self.nested(element, place, style, viewport)
        elif tag in ("g", "a", "switch"):
            for child in element:
                self.element(child, place, style, viewport)
        elif tag == "rect":
            self.rect(element, place, style, viewport)
        elif tag in ("circle", "ellipse"):
            self.ellipse(element, place, style, viewport)
        elif tag == "line":
            ends = [_length(element.get(name), 0) for name in ("x1", "y1", "x2", "y2")]
            self.lines(
                [[place.point(ends[0], ends[1]), place.point(ends[2], ends[3])]], place, style
            )
        elif tag in ("polyline", "polygon"):
            values = _numbers(element.get("points"))
            points = [place.point(x, y) for x, y in zip(values[::2], values[1::2], strict=False)]
            closed = tag == "polygon"
            self.shape([points], closed, place, style)
        elif tag == "path":
            lines = _path(element.get("d", ""))
            if lines is None:
                self.skipped.add("path curves")
                return
            self.shape(
                [[place.point(x, y) for x, y in line] for line, _ in lines],
                [closed for _, closed in lines],
                place,
                style,
            )
        elif tag == "text":
            self.text(element, place, style, viewport)
        else:
            self.skipped.add(f"<{tag}>")

    def nested(
        self,
        element: ET.Element,
        place: _Place,
        style: dict[str, str],
        viewport: tuple[float, float],
    ) -> None:
        width = _length(element.get("width"), viewport[0], viewport[0])
        height = _length(element.get("height"), viewport[1], viewport[1])
        x = _length(element.get("x"), viewport[0])
        y = _length(element.get("y"), viewport[1])
        inner = _viewbox(element, width, height, place.then(1, 1, x, y))
        for child in element:
            self.element(child, inner[0], style, inner[1])

    def rect(
        self,
        element: ET.Element,
        place: _Place,
        style: dict[str, str],
        viewport: tuple[float, float],
    ) -> None:
        x = _length(element.get("x"), viewport[0])
        y = _length(element.get("y"), viewport[1])
        width = _length(element.get("width"), viewport[0])
        height = _length(element.get("height"), viewport[1])
        if width <= 0 or height <= 0:
            return
        rx_text, ry_text = element.get("rx"), element.get("ry")
        radius = _length(rx_text if rx_text is not None else ry_text, viewport[0])
        radius = min(radius, width / 2, height / 2) * place.size
        (x0, y0), (x1, y1) = place.point(x, y), place.point(x + width, y + height)
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        fill, stroke, thickness = self.paint(style, place)
        if fill is not None:
            self.draw.rounded_rectangle(box, radius, fill=fill)
        if stroke is not None and thickness > 0:
            # SVG strokes straddle the edge; Pillow's lie inside the box.
            half = thickness / 2
            outer = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
            self.draw.rounded_rectangle(
                outer, radius + half if radius else 0, outline=stroke, width=round(thickness)
            )

    def ellipse(
        self,
        element: ET.Element,
        place: _Place,
        style: dict[str, str],
        viewport: tuple[float, float],
    ) -> None:
        cx = _length(element.get("cx"), viewport[0])
        cy = _length(element.get("cy"), viewport[1])
        if _tag(element) == "circle":
            rx = ry = _length(element.get("r"), math.hypot(*viewport) / math.sqrt(2))
        else:
            rx = _length(element.get("rx"), viewport[0])
            ry = _length(element.get("ry"), viewport[1])
        if rx <= 0 or ry <= 0:
            return
        (x0, y0), (x1, y1) = place.point(cx - rx, cy - ry), place.point(cx + rx, cy + ry)
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        fill, stroke, thickness = self.paint(style, place)
        if fill is not None:
            self.draw.ellipse(box, fill=fill)
        if stroke is not None and thickness > 0:
            half = thickness / 2
            outer = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
            self.draw.ellipse(outer, outline=stroke, width=round(thickness))

    def shape(
        self,
        lines: list[list[tuple[float, float]]],
        closed: bool | list[bool],
        place: _Place,
        style: dict[str, str],
    ) -> None:
        """Filled where closed (or filled at all, as SVG fills an open
        polyline), then stroked."""
        fill, _, _ = self.paint(style, place)
        ends = closed if isinstance(closed, list) else [closed] * len(lines)
        if fill is not None:
            for points in lines:
                if len(points) >= 3:
                    self.draw.polygon(points, fill=fill)
        self.lines(
            [
                points + points[:1] if shut else points
                for points, shut in zip(lines, ends, strict=True)
            ],
            place,
            style,
        )

    def lines(
        self, lines: list[list[tuple[float, float]]], place: _Place, style: dict[str, str]
    ) -> None:
        _, stroke, thickness = self.paint(style, place)
        if stroke is None or thickness <= 0:
            return
        width = max(1, round(thickness))
        dashes = [d * place.size for d in _numbers(style["stroke-dasharray"]) if d >= 0]
        if len(dashes) % 2:
            dashes *= 2
        round_caps = style["stroke-linecap"] == "round"
        for points in lines:
            for part in _dashed(points, dashes) if sum(dashes) > 0 else [points]:
                if len(part) < 2:
                    continue
                self.draw.line(part, fill=stroke, width=width, joint="curve")
                if round_caps and width > 2:
                    for x, y in (part[0], part[-1]):
                        r = thickness / 2
                        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=stroke)

    def text(
        self,
        element: ET.Element,
        place: _Place,
        style: dict[str, str],
        viewport: tuple[float, float],
    ) -> None:
        words = " ".join("".join(element.itertext()).split())
        fill = _colour(style["fill"])
        if not words or fill is None:
            return
        x = _length(element.get("x"), viewport[0])
        y = _length(element.get("y"), viewport[1])
        size = max(1, round(_length(style["font-size"], 16, 16) * place.size))
        weight = style["font-weight"]
        bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
        font = _font(size, bold)
        across = {"middle": "m", "end": "r"}.get(style["text-anchor"], "l")
        baseline = style["dominant-baseline"]
        down = "m" if baseline in ("central", "middle") else "t" if baseline == "hanging" else "s"
        at = place.point(x, y)
        from PIL import ImageFont

        if isinstance(font, ImageFont.FreeTypeFont):
            self.draw.text(at, words, fill=fill, font=font, anchor=across + down)
            return
        # A bitmap font takes no anchor: placed by its box instead.
        left, top, right, bottom = self.draw.textbbox((0, 0), words, font=font)
        shift_x = {"l": left, "m": (left + right) / 2, "r": right}[across]
        shift_y = {"t": top, "m": (top + bottom) / 2, "s": bottom}[down]
        self.draw.text((at[0] - shift_x, at[1] - shift_y), words, fill=fill, font=font)

    def paint(
        self, style: dict[str, str], place: _Place
    ) -> tuple[tuple[int, int, int] | None, tuple[int, int, int] | None, float]:
        """The fill, the stroke and the stroke's width in pixels."""
        thickness = _length(style["stroke-width"], 0, 1.0) * place.size
        return _colour(style["fill"]), _colour(style["stroke"]), thickness


def _viewbox(
    element: ET.Element, width: float, height: float, place: _Place
) -> tuple[_Place, tuple[float, float]]:
    """The placement of an ``svg`` element's content, and its viewport's
    size in its own units: its viewBox fitted into its size, centred and
    keeping its proportions (SVG's default ``xMidYMid meet``)."""
    box = _numbers(element.get("viewBox"))
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        return place, (width, height)
    left, top, inner_width, inner_height = box
    if element.get("preserveAspectRatio", "").strip() == "none":
        sx, sy = width / inner_width, height / inner_height
        return place.then(sx, sy, -left * sx, -top * sy), (inner_width, inner_height)
    scale = min(width / inner_width, height / inner_height)
    dx = (width - inner_width * scale) / 2 - left * scale
    dy = (height - inner_height * scale) / 2 - top * scale
    return place.then(scale, scale, dx, dy), (inner_width, inner_height)


_TRANSFORM = re.compile(r"(\w+)\s*\(([^)]*)\)")


def _transformed(place: _Place, transform: str) -> _Place | None:
    """The placement after a ``transform`` attribute; None for one that
    turns or skews (what this renderer cannot draw)."""
    for name, arguments in _TRANSFORM.findall(transform):
        values = _numbers(arguments)
        if name == "translate" and values:
            place = place.then(1, 1, values[0], values[1] if len(values) > 1 else 0)
        elif name == "scale" and values:
            place = place.then(values[0], values[1] if len(values) > 1 else values[0], 0, 0)
        elif name == "matrix" and len(values) == 6 and values[1] == values[2] == 0:
            place = place.then(values[0], values[3], values[4], values[5])
        elif name == "rotate" and values and values[0] % 360 == 0:
            continue
        else:
            return None
    return place


_PATH = re.compile(r"([MmLlHhVvZzCcSsQqTtAa])([^MmLlHhVvZzCcSsQqTtAa]*)")


def _path(d: str) -> list[tuple[list[tuple[float, float]], bool]] | None:
    """A path's straight lines, each with whether it is closed; None when
    it curves."""
    lines: list[tuple[list[tuple[float, float]], bool]] = []
    points: list[tuple[float, float]] = []
    x = y = 0.0
    start = (0.0, 0.0)

    def finish(closed: bool) -> None:
        nonlocal points
        if len(points) >= 2:
            lines.append((points, closed))
        points = []

    for command, arguments in _PATH.findall(d):
        values = _numbers(arguments)
        relative = command.islower()
        kind = command.upper()
        if kind == "Z":
            finish(True)
            x, y = start
            continue
        if kind in "CSQTA":
            return None
        if kind in "ML":
            pairs = list(zip(values[::2], values[1::2], strict=False))
            for number, (px, py) in enumerate(pairs):
                x, y = (x + px, y + py) if relative else (px, py)
                if kind == "M" and number == 0:
                    finish(False)
                    start = (x, y)
                points.append((x, y))
        else:
            for value in values:
                if kind == "H":
                    x = x + value if relative else value
                else:
                    y = y + value if relative else value
                points.append((x, y))
    finish(False)
    return lines


def _dashed(
    points: list[tuple[float, float]], dashes: list[float]
) -> Iterator[list[tuple[float, float]]]:
    """The dashes along a line of points, as lines of their own."""
    index, left, on = 0, dashes[0], True
    current: list[tuple[float, float]] = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            point = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                current.append(point)
                yield current
            current = [point]
            on = not on
            index = (index + 1) % len(dashes)
            left = dashes[index]
        left -= length - done
        current.append((x1, y1))
    if on and len(current) >= 2:
        yield current


def size(svg: str) -> tuple[float, float]:
    """The width and height in pixels of an SVG document."""
    root = _root(svg)
    return _document_size(root)


def _root(svg: str) -> ET.Element:
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as error:
        raise ValueError(f"not well-formed SVG: {error}") from None
    if _tag(root) != "svg":
        raise ValueError(f"not an SVG document: its root is <{_tag(root)}>")
    return root


def _document_size(root: ET.Element) -> tuple[float, float]:
    box = _numbers(root.get("viewBox"))
    width = _length(root.get("width"), box[2] if len(box) == 4 else 0, 0)
    height = _length(root.get("height"), box[3] if len(box) == 4 else 0, 0)
    if len(box) == 4 and (width <= 0 or height <= 0):
        width, height = width or box[2], height or box[3]
    if width <= 0 or height <= 0:
        raise ValueError("an SVG document needs a width and a height, or a viewBox")
    return width, height


def rasterise(svg: str, scale: float = 1.0) -> Image.Image:
    """The SVG document drawn as an RGB image, ``scale`` pixels to its pixel,
    on white. Warns (a ``UserWarning``) naming what it left out."""
    require_pillow()
    from PIL import Image

    root = _root(svg)
    width, height = _document_size(root)
    factor = scale * _SUPERSAMPLE
    size = (max(1, round(width * factor)), max(1, round(height * factor)))
    image = Image.new("RGB", size, "white")
    painter = _Painter(image)
    place, viewport = _viewbox(root, width, height, _Place(factor, factor, 0, 0))
    style = _style(root, _INHERITED)
    for child in root:
        painter.element(child, place, style, viewport)
    if painter.skipped:
        warnings.warn(
            "the animation's frames leave out what they cannot draw: "
            + ", ".join(sorted(painter.skipped)),
            stacklevel=3,
        )
    final = (max(1, round(width * scale)), max(1, round(height * scale)))
    return image.resize(final, Image.Resampling.BOX)
