"""A solution's pictures: the strip of its states, its animation as HTML,
and the animation saved as an animated GIF or PNG.

A puzzle's solution is drawn from the case it was solved from (every
puzzle module's ``solve`` and ``solve_many`` keep it) and the puzzle
module's ``_DRAWING`` (see ``idastar._draw``); with a ``draw=`` hook,
``draw(state)`` draws each state instead, and a solution of
``idastar.search``, whose path is its states, draws them so.

The page is self-contained: inline SVG, CSS and a little JavaScript,
nothing fetched. Its state is in the DOM for tests and tools: the player's
root element carries ``data-frame``, ``data-frames``, ``data-at-goal`` and
``data-speed``; each frame ``data-frame``, ``data-state`` (the state as
JSON) and, for the goal, ``data-goal``; and ``window.idastarPlayers[id]``
(``window.idastarPlayer``, the last one made) offers ``frame``,
``frames``, ``goal``, ``playing``, ``speed``, ``interval`` (milliseconds
a move shows while playing), ``motion`` (how the last step moved:
``"slide"``, ``"fade"`` or ``"none"``), ``step(k)``, ``show(k)``,
``play()``, ``pause()`` and ``setSpeed(x)``.

Between two states next to each other, pieces that a puzzle draws as a
labelled square (a tile, a book, a pancake: a ``rect`` followed by a
``text`` inside it, each label once) slide from their old places to their
new ones; other pictures cross-fade. Nothing moves for a reader who asks
for reduced motion (``prefers-reduced-motion``).
"""

from __future__ import annotations

import importlib
import itertools
import json
import os
import re
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from . import _draw
from ._draw import escape, quoteattr
from ._results import Outcome

if TYPE_CHECKING:
    from ._results import Solution

#: What a ``draw=`` hook is: one state to SVG text.
DrawHook = Callable[[Any], str]


class _Frames(NamedTuple):
    """A solution's states, drawn: what its pictures need."""

    #: What titles call the puzzle.
    puzzle: str
    states: list[Any]
    pictures: list[_draw.Picture]
    #: Under each picture: start, then each move by number and name.
    captions: list[str]
    #: Each move's name, for the page's list of moves.
    moves: list[str]
    solved: bool
    #: True for a path of states (``idastar.search``), whose cost need not
    #: be its number of moves.
    searched: bool


def _frames(solution: Solution[Any], draw: DrawHook | None) -> _Frames:
    if draw is not None and not callable(draw):
        raise TypeError(f"draw must be callable (state -> SVG text), got {type(draw).__name__}")
    try:
        origin, index = solution._origin
    except AttributeError:
        return _searched(solution, draw)
    drawing: _draw.Drawing = importlib.import_module(f"idastar.{origin.puzzle}")._DRAWING
    start = drawing.case(origin.values(index), origin.options)
    path = solution.path if solution.solved else ()
    states = _draw.states(drawing, start, path, origin.options)
    if draw is None:
        moves: list[Any] = [*path, None]
        pictures = [
            drawing.picture(state, move, origin.options)
            for state, move in zip(states, moves, strict=True)
        ]
    else:
        pictures = [_draw.drawn_picture(draw(state)) for state in states]
    return _Frames(
        drawing.name or origin.puzzle,
        states,
        pictures,
        _draw.captions(drawing, path, solution.solved),
        [drawing.move_text(move) for move in path],
        solution.solved,
        searched=False,
    )


def _searched(solution: Solution[Any], draw: DrawHook | None) -> _Frames:
    """The frames of a solution whose path is its states (``idastar.search``)."""
    if draw is None:
        raise ValueError(
            "this solution does not know the case it solves: a puzzle's pictures are drawn "
            "for the solutions of its module's solve and solve_many (not for those rebuilt by "
            "BatchResult.solution, unpickled, or made by hand); for a solution of "
            "idastar.search, whose path is its states, pass draw=, a function from a state "
            "to SVG text"
        )
    states = list(solution.path)
    if not states:
        raise ValueError(
            f"nothing to draw: the search found no path ({solution.outcome}), and its "
            "states are its path"
        )
    moves = [_short(state) for state in states[1:]]
    captions = ["start"] + [f"{number}: {name}" for number, name in enumerate(moves, 1)]
    captions[-1] += " (goal)" if moves else " (already the goal)"
    pictures = [_draw.drawn_picture(draw(state)) for state in states]
    return _Frames("Search", states, pictures, captions, moves, solved=True, searched=True)


def _short(state: Any, limit: int = 24) -> str:
    """A state's words for a caption, cut to ``limit`` characters."""
    words = " ".join(str(state).split())
    return words if len(words) <= limit else words[: limit - 1] + "\u2026"


def _title(solution: Solution[Any], frames: _Frames) -> str:
    puzzle = frames.puzzle
    if solution.solved:
        if frames.searched:
            count = len(frames.states) - 1
            moves = f"{count} move{'' if count == 1 else 's'}"
            if solution.cost is None or solution.cost == count:
                return f"{puzzle}: solved in {moves}"
            return f"{puzzle}: solved in {moves} at cost {solution.cost}"
        count = solution.cost if solution.cost is not None else len(solution.path)
        return f"{puzzle}: solved in {count} move{'' if count == 1 else 's'}"
    if solution.outcome is Outcome.NO_SOLUTION and solution.lower_bound is not None:
        return f"{puzzle}: not solved within the moves allowed (it takes {solution.lower_bound} or more)"
    return f"{puzzle}: not solved ({solution.outcome})"


def solution_svg(solution: Solution[Any], draw: DrawHook | None = None) -> str:
    """The strip of states along the solution's path, each marked with its
    move, in rows (a long one smaller, more to a row)."""
    frames = _frames(solution, draw)
    return _draw.strip_svg(frames.pictures, frames.captions, _title(solution, frames))


# --------------------------------------------------------------------------
# The page


#: Frames in the page are drawn this much larger than in a strip.
_SCALE = 1.5
#: Milliseconds a frame shows while playing at speed 1.
_DELAY = 800
#: The speeds the page offers, the default 1.
SPEEDS = (0.25, 0.5, 1, 2, 4, 8)
#: The longest a slide or a cross-fade takes, in milliseconds (never more
#: than 60% of the time a frame shows, so that it ends before the next).
_MOTION = 350

_CSS = """
#@ID@ { font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: #222; max-width: 100%;
  outline: none; }
#@ID@ .idastar-title { font-size: 18px; font-weight: bold; margin: 4px 0 8px; }
#@ID@ .idastar-stage { min-height: @HEIGHT@px; position: relative; }
#@ID@ .idastar-stage svg { max-width: 100%; height: auto; }
#@ID@ .idastar-ghost { position: absolute; left: 0; top: 0; width: 100%;
  pointer-events: none; }
#@ID@ .idastar-caption { font-size: 16px; margin: 4px 0; }
#@ID@ .idastar-controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  margin: 8px 0; }
#@ID@ button, #@ID@ select { font-size: 16px; padding: 4px 10px; cursor: pointer; }
#@ID@ .idastar-speed { font-size: 16px; margin-left: 8px; }
#@ID@ .idastar-counter { font-size: 16px; margin-left: 8px; font-variant-numeric: tabular-nums; }
#@ID@ .idastar-moves { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; padding: 0;
  margin: 6px 0; }
#@ID@ .idastar-moves li { border: 1px solid #BBB; border-radius: 4px; padding: 2px 6px;
  font-size: 15px; }
#@ID@ .idastar-moves li.idastar-current { background: #F0E442; border: 2px solid #222;
  font-weight: bold; }
#@ID@ .idastar-moves li.idastar-current::before { content: "\\25B8 "; }
#@ID@[data-at-goal="true"] .idastar-caption { font-weight: bold; }
@media (prefers-reduced-motion: reduce) { #@ID@ .idastar-ghost { display: none; } }
"""

_SCRIPT = """
(function () {
  var root = document.getElementById("@ID@");
  var stage = root.querySelector(".idastar-stage");
  var frames = root.querySelectorAll(".idastar-frame");
  var items = root.querySelectorAll(".idastar-moves li");
  var counter = root.querySelector(".idastar-counter");
  var playButton = root.querySelector('[data-action="play"]');
  var speedControl = root.querySelector('[data-control="speed"]');
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var last = frames.length - 1, timer = null, ghost = null, sliding = [];
  var player = {
    id: "@ID@", frame: 0, frames: frames.length, goal: @GOAL@, playing: false,
    speeds: @SPEEDS@, speed: 1, interval: @DELAY@, motion: "none",
    show: function (k) {
      k = Math.max(0, Math.min(last, k));
      var from = player.frame;
      player.frame = k;
      for (var i = 0; i < frames.length; i++) { frames[i].hidden = i !== k; }
      for (var j = 0; j < items.length; j++) {
        items[j].classList.toggle("idastar-current", j === k - 1);
      }
      root.setAttribute("data-frame", String(k));
      root.setAttribute("data-at-goal", String(k === player.goal));
      counter.textContent = "move " + k + " of " + last + (k === player.goal ? " \\u2014 goal" : "");
      if (k !== from) { move(frames[from], frames[k], Math.abs(k - from) === 1); }
      if (k === last) { player.pause(); }
      return k;
    },
    step: function (k) { return player.show(player.frame + (k === undefined ? 1 : k)); },
    play: function () {
      if (player.playing) { return; }
      if (player.frame === last) { player.show(0); }
      player.playing = true;
      playButton.textContent = "\\u2016 pause";
      timer = setInterval(function () { player.step(1); }, player.interval);
    },
    pause: function () {
      if (timer !== null) { clearInterval(timer); timer = null; }
      player.playing = false;
      playButton.textContent = "\\u25B6 play";
    },
    toggle: function () { if (player.playing) { player.pause(); } else { player.play(); } },
    setSpeed: function (x) {
      x = Number(x);
      if (!(x > 0 && isFinite(x))) { return player.speed; }
      player.speed = x;
      player.interval = Math.max(1, Math.round(@DELAY@ / x));
      speedControl.value = String(x);
      root.setAttribute("data-speed", String(x));
      if (timer !== null) {
        clearInterval(timer);
        timer = setInterval(function () { player.step(1); }, player.interval);
      }
      return x;
    },
    faster: function () { return shift(1); },
    slower: function () { return shift(-1); }
  };
  function shift(by) {
    var at = player.speeds.indexOf(player.speed);
    if (at < 0) { at = player.speeds.indexOf(1); }
    at = Math.max(0, Math.min(player.speeds.length - 1, at + by));
    return player.setSpeed(player.speeds[at]);
  }
  function duration() {
    if ((reduced && reduced.matches) || !root.animate) { return 0; }
    return Math.min(@MOTION@, Math.round(player.interval * 0.6));
  }
  function settle() {
    if (ghost !== null) { ghost.remove(); ghost = null; }
    sliding.forEach(function (run) { run.finish(); });
    sliding = [];
  }
  // From frame `from` to frame `to`: its pieces slide from their places in
  // `from`, or `from` fades out over it; nothing moves between frames that
  // are not next to each other, or when the reader asks for less motion.
  function move(from, to, adjacent) {
    settle();
    var ms = adjacent ? duration() : 0;
    player.motion = ms === 0 ? "none" : slide(from, to, ms) ? "slide" : fade(from, ms);
  }
  function pieces(frame) {
    var found = {};
    frame.querySelectorAll("[data-piece]").forEach(function (piece) {
      found[piece.getAttribute("data-piece")] = piece;
    });
    return found;
  }
  function slide(from, to, ms) {
    if (!from.hasAttribute("data-pieces") || !to.hasAttribute("data-pieces")) { return false; }
    var before = pieces(from), moved = [];
    to.querySelectorAll("[data-piece]").forEach(function (piece) {
      var was = before[piece.getAttribute("data-piece")];
      if (!was) { return; }
      var dx = was.getAttribute("data-x") - piece.getAttribute("data-x");
      var dy = was.getAttribute("data-y") - piece.getAttribute("data-y");
      if (dx || dy) { moved.push([piece, dx, dy]); }
    });
    if (!moved.length) { return false; }
    moved.forEach(function (m) {
      var piece = m[0];
      piece.parentNode.appendChild(piece);  // over the others while it moves
      sliding.push(piece.animate(
        [{ transform: "translate(" + m[1] + "px, " + m[2] + "px)" }, { transform: "none" }],
        { duration: ms, easing: "ease-in-out" }
      ));
    });
    return true;
  }
  function fade(from, ms) {
    var copy = from.cloneNode(true);
    copy.className = "idastar-ghost";
    copy.hidden = false;
    ["data-frame", "data-state", "data-goal", "data-pieces"].forEach(function (name) {
      copy.removeAttribute(name);
    });
    copy.setAttribute("aria-hidden", "true");
    stage.appendChild(copy);
    ghost = copy;
    copy.animate([{ opacity: 1 }, { opacity: 0 }], { duration: ms, easing: "ease-in-out" })
      .onfinish = function () { copy.remove(); if (ghost === copy) { ghost = null; } };
    return "fade";
  }
  var actions = {
    first: function () { player.pause(); player.show(0); },
    back: function () { player.pause(); player.step(-1); },
    play: player.toggle,
    forward: function () { player.pause(); player.step(1); },
    last: function () { player.pause(); player.show(last); },
    faster: player.faster,
    slower: player.slower
  };
  root.querySelectorAll("button[data-action]").forEach(function (button) {
    button.addEventListener("click", actions[button.getAttribute("data-action")]);
  });
  speedControl.addEventListener("change", function () { player.setSpeed(speedControl.value); });
  var keys = { ArrowLeft: "back", ArrowRight: "forward", " ": "play", Home: "first", End: "last",
    "+": "faster", "=": "faster", "-": "slower" };
  @KEYS@.addEventListener("keydown", function (event) {
    var action = keys[event.key];
    if (action && event.target !== speedControl) { event.preventDefault(); actions[action](); }
  });
  items.forEach(function (item, j) {
    item.addEventListener("click", function () { player.pause(); player.show(j + 1); });
  });
  window.idastarPlayers = window.idastarPlayers || {};
  window.idastarPlayers["@ID@"] = player;
  window.idastarPlayer = player;
  player.show(0);
})();
"""

_BUTTONS = (
    ("first", "\u00ab start", "to the start (Home)"),
    ("back", "\u25c0 back", "one move back (left arrow)"),
    ("play", "\u25b6 play", "play or pause (space)"),
    ("forward", "forward \u25b6", "one move forward (right arrow)"),
    ("last", "end \u00bb", "to the end (End)"),
)


def _state_json(state: Any) -> str:
    return json.dumps(state, default=_jsonable)


def _jsonable(value: Any) -> Any:
    """What JSON writes for a value it has no form for: the list of an
    iterable (a frozenset, a numpy array), the words of anything else."""
    try:
        return list(value)
    except TypeError:
        return str(value)


#: An SVG tag, as ``idastar._draw`` writes them (``<`` and ``>`` are escaped
#: in text and attribute values, so a tag ends at the first ``>``).
_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)([^>]*?)(/?)>")
_ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')


def _top_level(body: str) -> list[tuple[int, int, str, dict[str, str], str]] | None:
    """The elements at the top of a picture's body: each one's span, tag,
    attributes and words (its text, tags left out); None when the body is
    not elements alone."""
    elements: list[tuple[int, int, str, dict[str, str], str]] = []
    depth = start = opened = at = 0
    tag, attributes = "", {}
    for match in _TAG.finditer(body):
        closing, name, inside, empty = match.groups()
        if depth == 0:
            if closing or body[at : match.start()].strip():
                return None
            start, opened, tag = match.start(), match.end(), name
            attributes = dict(_ATTRIBUTE.findall(inside))
        if closing:
            depth -= 1
        elif not empty:
            depth += 1
        if depth == 0:
            words = _TAG.sub("", body[opened : match.start()]) if closing else ""
            elements.append((start, match.end(), tag, attributes, words))
        at = match.end()
    if depth or body[at:].strip():
        return None
    return elements


def _pieces(body: str) -> tuple[str, bool]:
    """The body with each labelled square (a ``rect`` then a ``text``
    inside it) grouped as a piece, named by its label and placed by its
    square (``data-piece``, ``data-x``, ``data-y``); and whether every
    label is a piece's own, so that pieces can be told apart."""
    elements = _top_level(body)
    if elements is None:
        return body, False
    spans: list[tuple[int, int, str, float, float]] = []
    for first, second in itertools.pairwise(elements):
        if first[2] != "rect" or second[2] != "text" or (spans and spans[-1][1] > first[0]):
            continue
        try:
            x, y = float(first[3]["x"]), float(first[3]["y"])
            width, height = float(first[3]["width"]), float(first[3]["height"])
            tx, ty = float(second[3]["x"]), float(second[3]["y"])
        except (KeyError, ValueError):
            continue
        if x <= tx <= x + width and y <= ty <= y + height and second[4].strip():
            spans.append((first[0], second[1], second[4].strip(), x, y))
    labels = [label for _, _, label, _, _ in spans]
    if not spans or len(set(labels)) != len(labels):
        return body, False
    parts, at = [], 0
    for start, end, label, x, y in spans:
        parts.append(body[at:start])
        parts.append(
            f'<g data-piece={quoteattr(label)} data-x="{_draw._number(x)}" '
            f'data-y="{_draw._number(y)}">{body[start:end]}</g>'
        )
        at = end
    parts.append(body[at:])
    return "".join(parts), True


def _player(solution: Solution[Any], frames: _Frames, element_id: str, page: bool) -> str:
    pictures = frames.pictures
    goal = len(pictures) - 1 if frames.solved else -1
    shown = []
    for index, (picture, state, name) in enumerate(
        zip(pictures, frames.states, frames.captions, strict=True)
    ):
        body, distinct = _pieces(picture.body)
        svg = _draw.document(
            picture.width * _SCALE,
            picture.height * _SCALE,
            body,
            viewbox=(picture.width, picture.height),
        )
        marks = (' data-goal="true"' if index == goal else "") + (
            ' data-pieces="distinct"' if distinct else ""
        )
        shown.append(
            f'<div class="idastar-frame" data-frame="{index}" '
            f"data-state={quoteattr(_state_json(state))}{marks}{' hidden' if index else ''}>"
            f'{svg}<div class="idastar-caption">{escape(name)}</div></div>'
        )
    moves = "".join(
        f'<li data-move="{number}">{number}. {escape(move)}</li>'
        for number, move in enumerate(frames.moves, 1)
    )
    buttons = _draw.buttons(_BUTTONS)
    speed = _draw.speed_control(
        SPEEDS,
        f"moves shown per second while playing, 1\u00d7 being {1000 / _DELAY:g} (+ and - keys)",
    )
    height = max(p.height for p in pictures) * _SCALE + 30
    values = {
        "ID": element_id,
        "GOAL": goal,
        "DELAY": _DELAY,
        "MOTION": _MOTION,
        "SPEEDS": json.dumps(list(SPEEDS)),
        "HEIGHT": round(height),
        "KEYS": "document" if page else "root",
    }
    return (
        f'<div class="idastar-player" id="{element_id}" tabindex="0" data-frame="0" '
        f'data-frames="{len(pictures)}" data-goal-frame="{goal}" data-speed="1" '
        f'data-at-goal="{"true" if goal == 0 else "false"}">'
        f"<style>{_draw.fill(_CSS, values)}</style>"
        f'<div class="idastar-title">{escape(_title(solution, frames))}</div>'
        f'<div class="idastar-stage">{"".join(shown)}</div>'
        f'<div class="idastar-controls">{buttons}{speed}<span class="idastar-counter">move 0 of '
        f"{len(pictures) - 1}</span></div>"
        f'<ol class="idastar-moves">{moves}</ol>'
        f"<script>{_draw.fill(_SCRIPT, values)}</script></div>"
    )


def solution_html(
    solution: Solution[Any], *, page: bool = True, draw: DrawHook | None = None
) -> str:
    """The animation of the solution: a whole HTML page, or (``page=False``)
    a fragment for a notebook, whose element ids are new on every call so
    that several in one notebook do not meet. Without a case to replay (a
    solution made by hand) or a ``draw``, the fragment is the solution's
    fields."""
    element_id = f"idastar-{uuid.uuid4().hex[:12]}"
    if not page:
        try:
            frames = _frames(solution, draw)
        except ValueError:
            if draw is not None:
                raise
            return f"<pre>{escape(repr(solution))}</pre>"
        return _player(solution, frames, element_id, page=False)
    frames = _frames(solution, draw)
    title = escape(_title(solution, frames))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head>\n<body>\n{_player(solution, frames, element_id, page=True)}\n"
        "</body></html>\n"
    )


# --------------------------------------------------------------------------
# The animation as a file


#: The formats :func:`save_animation` writes, by the suffixes that name them.
FORMATS = {".gif": "GIF", ".png": "PNG", ".apng": "PNG"}
#: How much longer than the others the last frame shows, in milliseconds.
_HOLD = 1000
_TITLE_HEIGHT = 30


def animation_format(path: str | os.PathLike[str], format: str | None = None) -> str:
    """Pillow's name of the format to write: ``format`` (``"gif"``,
    ``"png"`` or ``"apng"``), else the one the path's suffix names;
    ValueError for any other."""
    if format is not None:
        suffix = "." + str(format).lower().lstrip(".")
        if suffix not in FORMATS:
            raise ValueError(f'format: expected "gif", "png" or "apng", got {format!r}')
        return FORMATS[suffix]
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in FORMATS:
        raise ValueError(
            f"{os.fspath(path)}: an animation is saved as .gif, .png or .apng (animated PNG); "
            f"got {suffix or 'no suffix'}"
        )
    return FORMATS[suffix]


def frame_documents(solution: Solution[Any], draw: DrawHook | None = None) -> list[str]:
    """Each frame of the animation as an SVG document of one size: the
    title, the state and its caption."""
    frames = _frames(solution, draw)
    title = _title(solution, frames)
    last = len(frames.pictures) - 1
    boxes = [
        _draw.framed(picture, caption, highlight=index == last)
        for index, (picture, caption) in enumerate(
            zip(frames.pictures, frames.captions, strict=True)
        )
    ]
    width = max(max(box.width for box in boxes), len(title) * 16 * 0.6 + 16)
    height = max(box.height for box in boxes) + _TITLE_HEIGHT
    heading = _draw.text(width / 2, _TITLE_HEIGHT / 2 + 2, title, size=16, weight="bold")
    return [
        _draw.document(
            width, height, heading + _draw.group(box.body, (width - box.width) / 2, _TITLE_HEIGHT)
        )
        for box in boxes
    ]


def save_animation(
    solution: Solution[Any],
    path: str | os.PathLike[str],
    *,
    fps: float = 2.0,
    draw: DrawHook | None = None,
    format: str | None = None,
    scale: float = 1.5,
) -> None:
    """Writes the animation, one frame a state, as an animated GIF or PNG."""
    from ._raster import rasterise, require_pillow

    image_format = animation_format(path, format)
    if isinstance(fps, bool) or not isinstance(fps, (int, float)) or not 0 < fps <= 100:
        raise ValueError(
            f"fps: expected a number of frames a second above 0, up to 100, got {fps!r}"
        )
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale <= 10:
        raise ValueError(f"scale: expected a number above 0, up to 10, got {scale!r}")
    require_pillow()
    from PIL import Image

    images = [rasterise(svg, scale) for svg in frame_documents(solution, draw)]
    if image_format == "GIF":
        # A palette of its own for each frame, undithered: flat colours stay
        # flat, and this is many times faster than Pillow's default.
        images = [
            image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            for image in images
        ]
    each = round(1000 / fps)
    durations = [each] * (len(images) - 1) + [each + _HOLD]
    first, *rest = images
    first.save(
        os.fspath(path),
        format=image_format,
        save_all=True,
        append_images=rest,
        duration=durations if rest else durations[0],
        loop=0,
    )
