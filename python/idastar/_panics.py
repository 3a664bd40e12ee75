"""The net under the compiled core: no Rust panic reaches a caller as one.

pyo3 raises a panic as ``pyo3_runtime.PanicException``, a BaseException that
``except Exception`` lets through, and that no function here documents. A
panic is a bug of idastar, whatever the input; every function of
:mod:`idastar._core` is wrapped, once, when the package is imported, so that
it raises :class:`idastar.InternalError` (a RuntimeError) with the panic's
message and place instead. One wrapper for them all, so that no function,
however new, can be missed.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any


def raise_internal_errors(core: types.ModuleType) -> None:
    """Wraps every function of ``core`` so that a panic raises InternalError."""
    panic: type[BaseException] = core._PanicException
    internal_error: type[Exception] = core.InternalError
    take_report: Callable[[], str | None] = core._take_panic_report

    def guarded(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return function(*args, **kwargs)
            except panic as error:
                report = take_report() or f"panicked: {error}"
                raise internal_error(
                    f"idastar hit a bug (please report it, with this message): {report}"
                ) from None

        return call

    for name, value in list(vars(core).items()):
        if isinstance(value, types.BuiltinFunctionType) and name != "_take_panic_report":
            setattr(core, name, guarded(value))
