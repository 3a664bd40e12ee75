"""Argument checks shared by the puzzle modules, so every one words its errors alike."""

from __future__ import annotations

import itertools
import operator
from typing import Any

from ._core import InvalidPuzzle


def _is_bool(value: object) -> bool:
    """Python's bool or numpy's, without importing numpy (which a command
    that reads no arrays need not load)."""
    kind = type(value)
    return kind is bool or (kind.__name__ in ("bool", "bool_") and kind.__module__ == "numpy")


def exact_int(value: object) -> int:
    """``value`` as an int: anything with ``__index__`` (numpy integers too) but a bool.

    Raises TypeError otherwise, for the caller to turn into a message that
    says where the value was. numpy's bool is refused like Python's (older
    numpy releases still let it pass as an index, with a warning).
    """
    if _is_bool(value):
        raise TypeError("a bool is not a number here")
    return operator.index(value)  # type: ignore[arg-type]


def int_or_none(value: object) -> int | None:
    """``value`` as :func:`exact_int` reads it, or None when it is no integer."""
    try:
        return exact_int(value)
    except TypeError:
        return None


def flag(name: str, value: object) -> bool:
    """The True/False option ``name``: a bool, numpy's too; TypeError naming
    the option for anything else (a number or None is no answer to yes or no)."""
    if _is_bool(value):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {value!r}")


def items_of(values: object, what: str) -> list[object]:
    """The items of a sequence (list, tuple, numpy array, iterator) of
    integers; read no further than :data:`MOST_CASE_ITEMS` (a case has far
    fewer), so that an endless iterator or a vast array view is refused
    rather than read into memory."""
    if isinstance(values, (str, bytes, bytearray)):
        raise InvalidPuzzle(f"{what} must be a sequence of integers, got {type(values).__name__}")
    try:
        items = list(itertools.islice(values, MOST_CASE_ITEMS + 1))  # type: ignore[call-overload]
    except TypeError:
        raise InvalidPuzzle(
            f"{what} must be a sequence of integers, got {type(values).__name__}"
        ) from None
    if len(items) > MOST_CASE_ITEMS:
        raise InvalidPuzzle(f"{what} has more than {MOST_CASE_ITEMS} values; no case has as many")
    return items


#: More values than any case of any puzzle holds (a 16 x 16 Square
#: Destroyer grid's stick mask, the largest, has 544).
MOST_CASE_ITEMS = 1 << 16


def int_from(
    what: str, value: object, low: int, high: int, error: type[ValueError] = ValueError
) -> int:
    """``value`` as an int in ``low..=high``, else ``error`` saying ``what`` must be."""
    try:
        number = exact_int(value)
    except TypeError:
        raise error(f"{what} must be an integer, got {value!r}") from None
    if not low <= number <= high:
        raise error(f"{what} must be from {low} to {high}, got {number}")
    return number


#: The states A*, BFS and bidirectional BFS may store when ``state_limit``
#: is not given (a few gigabytes): beyond it they stop with ``memory_limit``
#: (the core's ``puzzle::DEFAULT_STATE_LIMIT``, which applies it).
DEFAULT_STATE_LIMIT = 20_000_000


def is_array(value: object) -> bool:
    """Whether ``value`` is a numpy array, without importing numpy."""
    kind = type(value)
    return kind.__name__ == "ndarray" and kind.__module__ == "numpy"


def case_array(cases: Any, width: int | None = None) -> Any:
    """Cases (a numpy array, or rows of equal length) as the core reads them:
    a 2-D, C-contiguous ``int64`` array.

    One row per case; ``width``, when given, is the length every row must
    have. Raises InvalidPuzzle for another shape or a non-integer array.
    """
    import numpy

    try:
        cases = numpy.asarray(cases)
    except ValueError:
        raise InvalidPuzzle("the cases must be rows of equal length, one case a row") from None
    if cases.size == 0:  # ``[]`` reads as floats
        cases = cases.astype(numpy.int64).reshape(
            0, width or (cases.shape[-1] if cases.ndim == 2 else 0)
        )
    if cases.dtype.kind not in "iub":
        raise InvalidPuzzle(f"the cases must be an integer array, got dtype {cases.dtype}")
    if cases.ndim != 2 or (width is not None and cases.shape[1] != width):
        wanted = f"(cases, {width})" if width is not None else "(cases, values)"
        raise InvalidPuzzle(f"the cases must be an array of shape {wanted}, got {cases.shape}")
    return _contiguous(cases, numpy.int64, "cases", InvalidPuzzle)


def code_array(codes: Any, what: str = "codes") -> Any:
    """Packed codes as a 1-D, C-contiguous ``uint64`` array."""
    import numpy

    codes = numpy.asarray(codes)
    if codes.size == 0:  # ``[]`` reads as floats
        codes = codes.astype(numpy.uint64).reshape(0)
    if codes.dtype.kind == "i" and (codes < 0).any():
        raise ValueError(f"{what} are never negative")
    if codes.dtype.kind not in "iu" or codes.ndim != 1:
        raise ValueError(
            f"{what} must be a 1-D integer array, got {codes.dtype} of shape {codes.shape}"
        )
    return _contiguous(codes, numpy.uint64, what, ValueError)


def _contiguous(array: Any, dtype: Any, what: str, error: type[ValueError]) -> Any:
    """``array`` as a C-contiguous array of ``dtype``; a copy too large for
    the memory (a broadcast view of 2**40 rows, say) is ``error``."""
    import numpy

    try:
        return numpy.ascontiguousarray(array, dtype=dtype)
    except MemoryError:
        raise error(
            f"the {what} do not fit in memory: {array.size:,} values of shape {array.shape}"
        ) from None
