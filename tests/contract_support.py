"""What the contract suite (tests/test_contract.py) needs beside its tests:
the registered puzzles and their modules, cases and moves compared by value
whatever their representation, and a clock for the pure-Python reference.

Nothing here knows a puzzle by name: everything per puzzle comes from the
puzzle module itself, as the puzzle contract has it.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import signal
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, TypeVar

import idastar
from alarms import disarm, ringer

T = TypeVar("T")

#: The puzzle modules the contract names: each must be in ``idastar.PUZZLES``.
CONTRACT_PUZZLES = ("booksort", "fifteen", "pancake", "rotation", "sliding", "squares")

#: The engines the contract says store states, so ``state_limit=0`` stops them.
STORING_ENGINES = frozenset({"astar", "bfs", "bidirectional"})

#: The limits every engine takes (or refuses by name).
LIMITS = ("max_moves", "node_limit", "time_limit", "state_limit")

#: The fields of ``idastar.BatchResult`` the contract names.
BATCH_FIELDS = ("outcomes", "costs", "lower_bounds", "paths", "expanded", "generated", "elapsed")

#: The functions every puzzle module offers.
FUNCTIONS = (
    "solve",
    "solve_many",
    "distance",
    "lower_bound",
    "apply",
    "replay",
    "is_solved",
    "random",
    "pack",
    "unpack",
)


def puzzle_names() -> tuple[str, ...]:
    """The registered puzzle modules (``idastar.PUZZLES``) and after them
    any the contract names that are not registered yet: those are tested
    too, and fail, rather than drop out of the run."""
    registered = tuple(getattr(idastar, "PUZZLES", ()))
    return registered + tuple(name for name in CONTRACT_PUZZLES if name not in registered)


@functools.cache
def load(name: str) -> ModuleType:
    """The puzzle module ``name``."""
    return importlib.import_module(f"idastar.{name}")


#: The same, as a line of Python for a child interpreter: binds ``puzzle``.
LOAD_IN_CHILD = "import importlib; puzzle = importlib.import_module('idastar.' + {name!r})"


def engines_of(name: str) -> tuple[str, ...]:
    """The engines of puzzle ``name`` for parametrising at collection time.

    A module that cannot be imported or has no ``ENGINES`` yet still gets
    the engine every puzzle has, ``"ida"``, so that its tests run and fail
    on what is missing rather than vanish from the run.
    """
    try:
        return tuple(load(name).ENGINES)
    except Exception:
        return ("ida",)


def reference_of(name: str) -> ModuleType:
    """``idastar.reference.<name>``."""
    import idastar.reference

    module = getattr(idastar.reference, name, None)
    if isinstance(module, ModuleType):
        return module
    return importlib.import_module(f"idastar.reference.{name}")


def size_options(puzzle: ModuleType, function: str = "random") -> dict[str, Any]:
    """The size arguments of ``puzzle.random`` with their defaults (the sizes
    of the cases ``random(seed=...)`` makes), those of them that
    ``puzzle.<function>`` names: ``pack`` and ``unpack`` take the sizes
    under the same names, where they need them."""
    sizes = {
        parameter.name: parameter.default
        for parameter in inspect.signature(puzzle.random).parameters.values()
        if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
        and parameter.name != "seed"
        and parameter.default is not parameter.empty
    }
    if function in ("pack", "unpack"):
        # The shared verbs take the size keywords the puzzle value names.
        keywords = puzzle.PUZZLE.size.keywords
        return {name: value for name, value in sizes.items() if name in keywords}
    parameters = inspect.signature(getattr(puzzle, function)).parameters
    if any(parameter.kind is parameter.VAR_KEYWORD for parameter in parameters.values()):
        return sizes
    return {name: value for name, value in sizes.items() if name in parameters}


def canonical(value: Any) -> Any:
    """``value`` with every container as a tuple and every number as a
    Python int, so that a list, a tuple, a NamedTuple and a numpy row of
    the same items compare equal; sets become sorted tuples."""
    if isinstance(value, (str, bytes)):
        return value
    if hasattr(value, "tolist"):  # numpy arrays and scalars
        value = value.tolist()
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(canonical(item) for item in value))
    if isinstance(value, (list, tuple)):
        return tuple(canonical(item) for item in value)
    return value


def same_case(puzzle: ModuleType, left: Any, right: Any) -> bool:
    """The two are the same case: equal items, or the same code from
    ``pack`` (the codec is the case's identity where the representations
    differ, a set of sticks in another order, say)."""
    if canonical(left) == canonical(right):
        return True
    size = size_options(puzzle, "pack")
    return bool((puzzle.pack([left], **size) == puzzle.pack([right], **size)).all())


def states_along(puzzle: ModuleType, case: Any, path: Sequence[Any]) -> list[Any]:
    """The case after each prefix of ``path``: ``states[j]`` has made ``j`` moves."""
    return [puzzle.replay(case, list(path[:made])) for made in range(len(path) + 1)]


#: Per puzzle, the one-to-one map between a Solution's moves and a
#: BatchResult's numbers seen so far in the run, both ways.
_MOVE_NUMBERS: dict[str, tuple[dict[Any, Any], dict[Any, Any]]] = {}


def _shape(move: Any) -> Any:
    """What kind of value a canonical move is: a type, or a tuple of kinds."""
    return tuple(map(_shape, move)) if isinstance(move, tuple) else type(move)


def assert_same_moves(
    puzzle: str, paths: Iterable[Sequence[Any]], others: Iterable[Sequence[Any]]
) -> None:
    """Each pair of paths makes the same moves, possibly written differently
    (letters in a Solution, numbers in a BatchResult).

    Moves written alike (numbers and numbers, triples and triples) must be
    equal; moves written differently must follow one fixed one-to-one map
    between the two ways of writing them, the same for the whole run.
    """
    forward, backward = _MOVE_NUMBERS.setdefault(puzzle, ({}, {}))
    for index, (path, other) in enumerate(zip(paths, others, strict=True)):
        path, other = canonical(tuple(path)), canonical(tuple(other))
        assert len(path) == len(other), f"case {index}: {path} and {other} differ in length"
        for move, written in zip(path, other, strict=True):
            if _shape(move) == _shape(written):
                assert move == written, f"case {index}: {path} and {other} differ"
                continue
            assert forward.setdefault(move, written) == written, (
                f"case {index}: move {move!r} is written both {forward[move]!r} and {written!r}"
            )
            assert backward.setdefault(written, move) == move, (
                f"case {index}: {written!r} stands for both {backward[written]!r} and {move!r}"
            )


class OutOfTime(BaseException):
    """Raised by :func:`within`'s alarm (a BaseException, so that no
    ``except Exception`` in the code under the alarm swallows it)."""


def within(seconds: float, call: Callable[..., T], *args: Any) -> T:
    """``call(*args)``, or :class:`OutOfTime` after ``seconds`` of it.

    For pure-Python code (the reference): the alarm's handler runs between
    two bytecodes and raises there (and rings again soon in case the
    exception was swallowed or the alarm rang in hypothesis's own code).
    """
    previous = signal.signal(signal.SIGALRM, ringer(OutOfTime))
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
    try:
        return call(*args)
    finally:
        disarm(previous)
