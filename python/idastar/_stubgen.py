"""Writes ``_verbs.pyi``: the typed signatures of every puzzle's shared verbs.

The verbs are written once, as :class:`~idastar.Puzzle`'s methods, which
take any options; what each puzzle's take (its ``Options``, whose engine
and heuristic names the registry gives), how its cases and results are
typed and which size keywords its ``pack`` and ``unpack`` take is said here,
from the registry and the puzzle values, as one ``Protocol`` a puzzle.
Each module binds its verbs through its protocol, so that type checkers
see ``pancake.solve(stack, engine="ida")`` with pancake's own options, and
mypy checks that :class:`~idastar.Puzzle` implements every protocol.

``python -m idastar._stubgen`` rewrites the file; the test suite checks
that it matches what this writes.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import idastar

from ._puzzle import OWN_VERBS, REQUIRED

#: Where the protocols are written.
STUB = Path(__file__).with_name("_verbs.pyi")

_HEADER = """\
# The typed verbs of every puzzle, one Protocol a puzzle, and the options
# they take, one TypedDict a puzzle: written by `python -m idastar._stubgen`
# from the registry; edit that, not this.
import os
from collections.abc import Iterable, Sequence
from typing import Any, Literal, Protocol, TypedDict, overload

import numpy
from numpy.typing import NDArray
from typing_extensions import Unpack

from . import {modules}
from ._puzzle import Progress
from ._results import BatchResult, Solution
"""

_OPTIONS = '''
{engine} = {engines}
{heuristic} = {heuristics}

class {typed}({base}, total=False):
    """The options of :mod:`idastar.{name}`'s calls, as the registry describes them."""

{fields}
'''

#: The call's own option besides the registry's, on every puzzle.
_PROGRESS = """
    #: Told of long preparations: ``progress(task, tasks, layer, reached, total)``.
    progress: Progress | None"""

_VERBS = '''
class {protocol}(Protocol):
    """The verbs of :mod:`idastar.{name}`."""

    def solve(
        self,
        case: {solve_case},
        /,{parts}
        *,
        threads: int | None = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[{options}],
    ) -> {solution}: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[{case}] | Any,
        /,
        *,{batch_size}
        threads: int | None = ...,
        arrays: Literal[False] = ...,
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[{options}],
    ) -> list[{solution}]: ...
    @overload
    def solve_many(
        self,
        cases: Iterable[{case}] | Any,
        /,
        *,{batch_size}
        threads: int | None = ...,
        arrays: Literal[True],
        paths: bool = ...,
        client: Any = ...,
        checkpoint: str | os.PathLike[str] | None = ...,
        **options: Unpack[{options}],
    ) -> BatchResult: ...
    def distance(
        self,
        case: {case},
        /,
        **options: Unpack[{options}],
    ) -> int: ...
    def lower_bound(
        self,
        case: {case},
        /,
        heuristic: {heuristic} | None = ...,
        **options: Any,
    ) -> int: ...
    def pack(
        self,
        cases: Iterable[{case}] | Any,
        /,{pack_size}
    ) -> NDArray[numpy.uint64]: ...
    def unpack(
        self,
        codes: Any,
        /,{unpack_size}
    ) -> NDArray[numpy.int64]: ...
{own}'''

#: The verbs of OWN_VERBS a module takes from its puzzle.
_OWN = {
    "replay": """\
    def replay(
        self,
        case: {case},
        path: Iterable[{move}],
        /,
    ) -> tuple[int, ...]: ...
""",
    "draw": """\
    def draw(
        self,
        case: {case},
        /,
    ) -> str: ...
""",
}


def protocol_name(name: str) -> str:
    """The protocol of puzzle ``name``: ``"pancake"`` -> ``"PancakeVerbs"``."""
    return f"{name.capitalize()}Verbs"


def _qualified(annotation: str, module: ModuleType) -> str:
    """``annotation`` (as written in ``module``) with the module's own
    names qualified by it, so that it reads the same in the stub."""

    def qualify(word: re.Match[str]) -> str:
        name = word.group()
        own = name != "Solution" and hasattr(module, name)
        return f"{module.__name__.rsplit('.', 1)[1]}.{name}" if own else name

    return re.sub(r"\b[A-Za-z_]\w*\b", qualify, annotation)


def _top_level(arguments: str) -> list[str]:
    """The comma-separated parts of ``arguments`` outside brackets."""
    parts, depth, start = [], 0, 0
    for at, character in enumerate(arguments):
        depth += {"[": 1, "]": -1}.get(character, 0)
        if character == "," and depth == 0:
            parts.append(arguments[start:at].strip())
            start = at + 1
    return [*parts, arguments[start:].strip()]


def _keywords(keywords: dict[str, object], unpacking: bool) -> str:
    """Size keywords as a signature writes them, one a line, after the positional ones."""
    if not keywords:
        return ""
    written = [
        f"{name}: int" if unpacking and default is REQUIRED else f"{name}: int | None = ..."
        for name, default in keywords.items()
    ]
    return "".join(f"\n        {line}," for line in ["*", *written])


def options_name(name: str) -> str:
    """The options of puzzle ``name``: ``"pancake"`` -> ``"PancakeOptions"``."""
    return f"{name.capitalize()}Options"


def _literal(names: tuple[str, ...]) -> str:
    return "Literal[" + ", ".join(f'"{name}"' for name in names) + "]"


def _options(name: str) -> str:
    """The puzzle's options as a TypedDict: each as the registry describes
    it, its one-line doc and default as a comment. A puzzle that is another
    with fewer options fixed (``sliding``, of which ``fifteen`` fixes the
    size) extends that one's."""
    puzzle = importlib.import_module(f"idastar.{name}").PUZZLE
    base, inherited = "TypedDict", set()
    for other in idastar.PUZZLES:
        fixed = importlib.import_module(f"idastar.{other}").PUZZLE
        if other != name and fixed.core == puzzle.core and set(fixed.options) < set(puzzle.options):
            base, inherited = options_name(other), set(fixed.options)
    capital = name.capitalize()
    kinds = {"engine": f"{capital}Engine", "heuristic": f"{capital}Heuristic"}
    fields = "".join(
        f"    #: {option.doc[0].upper()}{option.doc[1:]} (default: {option.default}).\n"
        f"    {option.name}: {kinds.get(option.kind, option.kind)} | None\n"
        for option in puzzle.options
        if option not in inherited
    )
    fields = fields.rstrip("\n") + (_PROGRESS if base == "TypedDict" else "")
    return _OPTIONS.format(
        typed=options_name(name),
        base=base,
        name=name,
        fields=fields,
        engine=kinds["engine"],
        engines=_literal(puzzle.engines),
        heuristic=kinds["heuristic"],
        heuristics=_literal(puzzle.heuristics),
    )


def _protocol(name: str) -> str:
    module = importlib.import_module(f"idastar.{name}")
    puzzle = module.PUZZLE
    declared = module.__annotations__["PUZZLE"]  # "Puzzle[Case, Move, Solution]"
    arguments = re.fullmatch(r"Puzzle\[(.*)\]", declared).group(1)  # type: ignore[union-attr]
    case, move, solution = (_qualified(part, module) for part in _top_level(arguments))
    size = puzzle.size
    parts = puzzle.case_parts
    return _VERBS.format(
        protocol=protocol_name(name),
        name=name,
        case=case,
        solve_case=f"{case} | int" if parts else case,
        parts="".join(f"\n        {part}: Any = ...," for part in parts),
        options=options_name(name),
        solution=solution,
        own="".join(
            _OWN[verb].format(case=case, move=move)
            for verb in OWN_VERBS
            if getattr(getattr(module, verb), "__wrapped__", None) == getattr(puzzle, f"_{verb}")
        ),
        heuristic=f"{name.capitalize()}Heuristic",
        batch_size="".join(f"\n        {k}: int | None = ...," for k in size.batch_keywords),
        pack_size=_keywords(size.keywords, unpacking=False),
        unpack_size=_keywords(size.keywords, unpacking=True),
    )


def stub() -> str:
    """The text of ``_verbs.pyi`` for the registry as it is."""
    names = idastar.PUZZLES
    parts = (f"{_options(name).lstrip()}\n{_protocol(name).lstrip()}" for name in names)
    return _HEADER.format(modules=", ".join(names)) + "\n" + "\n".join(parts)


if __name__ == "__main__":
    STUB.write_text(stub())
    print(f"wrote {STUB}")
