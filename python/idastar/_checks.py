"""Argument checks shared by the puzzle modules, so every one words its errors alike."""

from __future__ import annotations

import operator

from ._core import InvalidPuzzle


def exact_int(value: object) -> int:
    """``value`` as an int: anything with ``__index__`` (numpy integers too) but a bool.

    Raises TypeError otherwise, for the caller to turn into a message that
    says where the value was.
    """
    if isinstance(value, bool):
        raise TypeError("a bool is not a number here")
    return operator.index(value)  # type: ignore[arg-type]


def items_of(values: object, what: str) -> list[object]:
    """The items of a sequence (list, tuple, numpy array, iterator) of integers."""
    if isinstance(values, (str, bytes, bytearray)):
        raise InvalidPuzzle(f"{what} must be a sequence of integers, got {type(values).__name__}")
    try:
        return list(values)  # type: ignore[call-overload,no-any-return]
    except TypeError:
        raise InvalidPuzzle(
            f"{what} must be a sequence of integers, got {type(values).__name__}"
        ) from None


def non_negative(name: str, value: int | None) -> int | None:
    """An optional option that must be an integer >= 0."""
    if value is None:
        return None
    try:
        number = exact_int(value)
    except TypeError:
        number = -1
    if number < 0:
        raise ValueError(f"{name} must be a non-negative integer or None, got {value!r}")
    return number


def positive(name: str, value: int | None) -> int | None:
    """An optional option that must be an integer >= 1."""
    number = non_negative(name, value)
    if number == 0:
        raise ValueError(f"{name} must be at least 1 or None, got 0")
    return number
