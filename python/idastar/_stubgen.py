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

from ._puzzle import REQUIRED

#: Where the protocols are written.
STUB = Path(__file__).with_name("_verbs.pyi")

_HEADER = """\
# The typed verbs of every puzzle, one Protocol a puzzle: written by
# `python -m idastar._stubgen` from the registry; edit that, not this.
from collections.abc import Iterable
from typing import Any, Literal, Protocol, overload

import numpy
from numpy.typing import NDArray
from typing_extensions import Unpack

from . import {modules}
from ._results import BatchResult, Solution
"""

_VERBS = '''
class {protocol}(Protocol):
    """The verbs of :mod:`idastar.{name}`."""

    def solve(
        self,
        case: {solve_case},
        /,{parts}
        *,
        threads: int | None = ...,
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
'''


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


def _keywords(keywords: dict[str, object], unpacking: bool) -> str:
    """Size keywords as a signature writes them, one a line, after the positional ones."""
    if not keywords:
        return ""
    written = [
        f"{name}: int" if unpacking and default is REQUIRED else f"{name}: int | None = ..."
        for name, default in keywords.items()
    ]
    return "".join(f"\n        {line}," for line in ["*", *written])


def _protocol(name: str) -> str:
    module = importlib.import_module(f"idastar.{name}")
    puzzle = module.PUZZLE
    declared = module.__annotations__["PUZZLE"]  # "Puzzle[Case, Move, Solution]"
    case, _, solution = (
        _qualified(part.strip(), module)
        for part in re.fullmatch(r"Puzzle\[(.*)\]", declared).group(1).split(",", 2)  # type: ignore[union-attr]
    )
    size = puzzle.size
    parts = puzzle.case_parts
    heuristics = ", ".join(f'"{heuristic}"' for heuristic in puzzle.heuristics)
    return _VERBS.format(
        protocol=protocol_name(name),
        name=name,
        case=case,
        solve_case=f"{case} | int" if parts else case,
        parts="".join(f"\n        {part}: Any = ...," for part in parts),
        options=f"{name}.Options",
        solution=solution,
        heuristic=f"Literal[{heuristics}]",
        batch_size="".join(f"\n        {k}: int | None = ...," for k in size.batch_keywords),
        pack_size=_keywords(size.keywords, unpacking=False),
        unpack_size=_keywords(size.keywords, unpacking=True),
    )


def stub() -> str:
    """The text of ``_verbs.pyi`` for the registry as it is."""
    names = idastar.PUZZLES
    protocols = (_protocol(name).lstrip("\n") for name in names)
    return _HEADER.format(modules=", ".join(names)) + "\n" + "\n".join(protocols)


if __name__ == "__main__":
    STUB.write_text(stub())
    print(f"wrote {STUB}")
