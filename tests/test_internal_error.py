"""The net under the core: a Rust panic, whatever causes it, reaches the
caller as ``idastar.InternalError`` (a RuntimeError saying it is a bug and
where), never as pyo3's PanicException, a BaseException that ``except
Exception`` lets through.

No input is known to make the core panic; ``_core._panic_for_tests`` panics
on purpose where panics can happen: in a call, in a search run without the
interpreter lock, and on a worker thread of a batch.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import types

import pytest

import idastar
from idastar import _core, booksort, search

PLACES = [("attached", None), ("detached", None), ("batch", None), ("batch", 1), ("batch", 3)]


@pytest.mark.parametrize(("place", "threads"), PLACES)
def test_a_panic_is_an_internal_error_saying_where(place: str, threads: int | None) -> None:
    with pytest.raises(idastar.InternalError) as caught:
        _core._panic_for_tests(place, threads)
    message = str(caught.value)
    assert "bug" in message and "report" in message
    assert f"a panic for the tests, {place}" in message
    assert "panicked at rust/python/src/panics.rs:" in message
    assert isinstance(caught.value, RuntimeError)
    # The core goes on working, on the same pools.
    assert booksort.solve_many([[2, 1, 3]] * 8, threads=threads)[0].cost == 1


def test_internal_error_is_documented_and_exported() -> None:
    assert idastar.InternalError is _core.InternalError
    assert "InternalError" in idastar.__all__
    assert issubclass(idastar.InternalError, RuntimeError)
    assert "bug" in (idastar.InternalError.__doc__ or "")
    # Errors pickle, as the others do, so that they cross process pools.
    copy = pickle.loads(pickle.dumps(idastar.InternalError("where")))
    assert type(copy) is idastar.InternalError and str(copy) == "where"


def test_every_function_of_the_core_is_under_the_net() -> None:
    functions = [
        name
        for name, value in vars(_core).items()
        if callable(value) and not isinstance(value, type) and name != "_take_panic_report"
    ]
    assert len(functions) > 10
    for name in functions:
        function = getattr(_core, name)
        assert isinstance(function, types.FunctionType), name
        assert isinstance(function.__wrapped__, types.BuiltinFunctionType), name  # type: ignore[attr-defined]


def test_a_panic_inside_a_callback_propagates_as_an_internal_error() -> None:
    def successors(state: int) -> list[tuple[int, int]]:
        _core._panic_for_tests("attached")
        return []

    with pytest.raises(idastar.InternalError, match="a panic for the tests"):
        search.bfs(0, successors, lambda s: s == 3)


@pytest.mark.parametrize("backtrace", [False, True])
def test_a_panic_prints_nothing_unless_rust_backtrace_is_set(backtrace: bool) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "RUST_BACKTRACE"}
    if backtrace:
        environment["RUST_BACKTRACE"] = "1"
    script = (
        "import idastar\n"
        "from idastar import _core\n"
        "try:\n"
        "    _core._panic_for_tests('batch', 2)\n"
        "except idastar.InternalError:\n"
        "    print('caught')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "caught\n"), done.stderr
    if backtrace:
        assert "a panic for the tests, batch" in done.stderr
    else:
        assert done.stderr == ""
