"""A solution's pictures: the strip of its states, and its animation as HTML.

Both are made from the case a solution was solved from (every puzzle
module's ``solve`` and ``solve_many`` keep it) and the puzzle module's
``_DRAWING`` (see ``idastar._draw``). The page is self-contained: inline
SVG, CSS and a little JavaScript, nothing fetched. Its state is in the DOM
for tests and tools: the player's root element carries ``data-frame``,
``data-frames`` and ``data-at-goal``; each frame ``data-frame``, ``data-state``
(the state as JSON) and, for the goal, ``data-goal``; and
``window.idastarPlayers[id]`` (``window.idastarPlayer``, the last one made)
offers ``frame``, ``frames``, ``goal``, ``step(k)``, ``show(k)``, ``play()``,
``pause()``.
"""

from __future__ import annotations

import importlib
import json
import uuid
from typing import TYPE_CHECKING, Any, NamedTuple

from . import _draw
from ._draw import escape, quoteattr
from ._results import Outcome

if TYPE_CHECKING:
    from ._results import Solution


class _Replayed(NamedTuple):
    """A solution with its case: what its pictures need."""

    puzzle: str
    drawing: _draw.Drawing
    states: list[Any]
    path: tuple[Any, ...]
    options: dict[str, Any]
    solved: bool


def _replayed(solution: Solution[Any]) -> _Replayed:
    try:
        origin, index = solution._origin
    except AttributeError:
        raise ValueError(
            "this solution does not know the case it solves: pictures are drawn for the "
            "solutions of a puzzle module's solve and solve_many (not for those rebuilt "
            "by BatchResult.solution, unpickled, or made by hand)"
        ) from None
    drawing: _draw.Drawing = importlib.import_module(f"idastar.{origin.puzzle}")._DRAWING
    start = drawing.case(origin.values(index), origin.options)
    path = solution.path if solution.solved else ()
    states = _draw.states(drawing, start, path, origin.options)
    return _Replayed(
        drawing.name or origin.puzzle, drawing, states, path, origin.options, solution.solved
    )


def _pictures(replayed: _Replayed) -> list[_draw.Picture]:
    moves: list[Any] = [*replayed.path, None]
    return [
        replayed.drawing.picture(state, move, replayed.options)
        for state, move in zip(replayed.states, moves, strict=True)
    ]


def _title(solution: Solution[Any], puzzle: str) -> str:
    if solution.solved:
        count = solution.cost if solution.cost is not None else len(solution.path)
        return f"{puzzle}: solved in {count} move{'' if count == 1 else 's'}"
    if solution.outcome is Outcome.NO_SOLUTION and solution.lower_bound is not None:
        return f"{puzzle}: not solved within the moves allowed (it takes {solution.lower_bound} or more)"
    return f"{puzzle}: not solved ({solution.outcome})"


def solution_svg(solution: Solution[Any]) -> str:
    """The strip of states along the solution's path, each marked with its move."""
    replayed = _replayed(solution)
    names = _draw.captions(replayed.drawing, replayed.path, replayed.solved)
    return _draw.strip_svg(_pictures(replayed), names, _title(solution, replayed.puzzle))


#: Frames in the page are drawn this much larger than in a strip.
_SCALE = 1.5
#: Milliseconds a frame shows while playing.
_DELAY = 800

_CSS = """
#@ID@ { font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: #222; max-width: 100%;
  outline: none; }
#@ID@ .idastar-title { font-size: 18px; font-weight: bold; margin: 4px 0 8px; }
#@ID@ .idastar-stage { min-height: @HEIGHT@px; }
#@ID@ .idastar-stage svg { max-width: 100%; height: auto; }
#@ID@ .idastar-caption { font-size: 16px; margin: 4px 0; }
#@ID@ .idastar-controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  margin: 8px 0; }
#@ID@ button { font-size: 16px; padding: 4px 10px; cursor: pointer; }
#@ID@ .idastar-counter { font-size: 16px; margin-left: 8px; font-variant-numeric: tabular-nums; }
#@ID@ .idastar-moves { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; padding: 0;
  margin: 6px 0; }
#@ID@ .idastar-moves li { border: 1px solid #BBB; border-radius: 4px; padding: 2px 6px;
  font-size: 15px; }
#@ID@ .idastar-moves li.idastar-current { background: #F0E442; border: 2px solid #222;
  font-weight: bold; }
#@ID@ .idastar-moves li.idastar-current::before { content: "\\25B8 "; }
#@ID@[data-at-goal="true"] .idastar-caption { font-weight: bold; }
"""

_SCRIPT = """
(function () {
  var root = document.getElementById("@ID@");
  var frames = root.querySelectorAll(".idastar-frame");
  var items = root.querySelectorAll(".idastar-moves li");
  var counter = root.querySelector(".idastar-counter");
  var playButton = root.querySelector('[data-action="play"]');
  var last = frames.length - 1, timer = null;
  var player = {
    id: "@ID@", frame: 0, frames: frames.length, goal: @GOAL@, playing: false,
    show: function (k) {
      k = Math.max(0, Math.min(last, k));
      player.frame = k;
      for (var i = 0; i < frames.length; i++) { frames[i].hidden = i !== k; }
      for (var j = 0; j < items.length; j++) {
        items[j].classList.toggle("idastar-current", j === k - 1);
      }
      root.setAttribute("data-frame", String(k));
      root.setAttribute("data-at-goal", String(k === player.goal));
      counter.textContent = "move " + k + " of " + last + (k === player.goal ? " \\u2014 goal" : "");
      if (k === last) { player.pause(); }
      return k;
    },
    step: function (k) { return player.show(player.frame + (k === undefined ? 1 : k)); },
    play: function () {
      if (player.playing) { return; }
      if (player.frame === last) { player.show(0); }
      player.playing = true;
      playButton.textContent = "\\u2016 pause";
      timer = setInterval(function () { player.step(1); }, @DELAY@);
    },
    pause: function () {
      if (timer !== null) { clearInterval(timer); timer = null; }
      player.playing = false;
      playButton.textContent = "\\u25B6 play";
    },
    toggle: function () { if (player.playing) { player.pause(); } else { player.play(); } }
  };
  var actions = {
    first: function () { player.pause(); player.show(0); },
    back: function () { player.pause(); player.step(-1); },
    play: player.toggle,
    forward: function () { player.pause(); player.step(1); },
    last: function () { player.pause(); player.show(last); }
  };
  root.querySelectorAll("button[data-action]").forEach(function (button) {
    button.addEventListener("click", actions[button.getAttribute("data-action")]);
  });
  var keys = { ArrowLeft: "back", ArrowRight: "forward", " ": "play", Home: "first", End: "last" };
  @KEYS@.addEventListener("keydown", function (event) {
    var action = keys[event.key];
    if (action) { event.preventDefault(); actions[action](); }
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
    return json.dumps(state, default=list)


def _fill(template: str, values: dict[str, object]) -> str:
    for name, value in values.items():
        template = template.replace(f"@{name}@", str(value))
    return template


def _player(solution: Solution[Any], replayed: _Replayed, element_id: str, page: bool) -> str:
    pictures = _pictures(replayed)
    names = _draw.captions(replayed.drawing, replayed.path, replayed.solved)
    goal = len(pictures) - 1 if replayed.solved else -1
    frames = []
    for index, (picture, state, name) in enumerate(
        zip(pictures, replayed.states, names, strict=True)
    ):
        svg = _draw.document(
            picture.width * _SCALE,
            picture.height * _SCALE,
            picture.body,
            viewbox=(picture.width, picture.height),
        )
        marks = ' data-goal="true"' if index == goal else ""
        frames.append(
            f'<div class="idastar-frame" data-frame="{index}" '
            f"data-state={quoteattr(_state_json(state))}{marks}{' hidden' if index else ''}>"
            f'{svg}<div class="idastar-caption">{escape(name)}</div></div>'
        )
    moves = "".join(
        f'<li data-move="{number}">{number}. {escape(replayed.drawing.move_text(move))}</li>'
        for number, move in enumerate(replayed.path, 1)
    )
    buttons = "".join(
        f'<button type="button" data-action="{action}" title="{escape(hint)}">{label}</button>'
        for action, label, hint in _BUTTONS
    )
    height = max(p.height for p in pictures) * _SCALE + 30
    values = {
        "ID": element_id,
        "GOAL": goal,
        "DELAY": _DELAY,
        "HEIGHT": round(height),
        "KEYS": "document" if page else "root",
    }
    return (
        f'<div class="idastar-player" id="{element_id}" tabindex="0" data-frame="0" '
        f'data-frames="{len(pictures)}" data-goal-frame="{goal}" '
        f'data-at-goal="{"true" if goal == 0 else "false"}">'
        f"<style>{_fill(_CSS, values)}</style>"
        f'<div class="idastar-title">{escape(_title(solution, replayed.puzzle))}</div>'
        f'<div class="idastar-stage">{"".join(frames)}</div>'
        f'<div class="idastar-controls">{buttons}<span class="idastar-counter">move 0 of '
        f"{len(pictures) - 1}</span></div>"
        f'<ol class="idastar-moves">{moves}</ol>'
        f"<script>{_fill(_SCRIPT, values)}</script></div>"
    )


def solution_html(solution: Solution[Any], *, page: bool = True) -> str:
    """The animation of the solution: a whole HTML page, or (``page=False``)
    a fragment for a notebook, whose element ids are new on every call so
    that several in one notebook do not meet. Without a case to replay (a
    solution made by hand), the fragment is the solution's fields."""
    element_id = f"idastar-{uuid.uuid4().hex[:12]}"
    if not page:
        try:
            replayed = _replayed(solution)
        except ValueError:
            return f"<pre>{escape(repr(solution))}</pre>"
        return _player(solution, replayed, element_id, page=False)
    replayed = _replayed(solution)
    title = escape(_title(solution, replayed.puzzle))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head>\n<body>\n{_player(solution, replayed, element_id, page=True)}\n"
        "</body></html>\n"
    )
