"""Alarms for the tests that stop a call after a while (SIGALRM and an
interval timer), made to interrupt the code under test only.

An alarm's handler raises in whatever Python frame is running when it
rings. Two kinds of frame must not take it:

- hypothesis's own code. The fuzz tests draw some arguments while the call
  runs, and the first text drawn in a fresh checkout builds hypothesis's
  character tables, which can take longer than the alarm. An exception in
  the middle of that leaves a half-made file object whose finaliser fails.
- the test machinery's bookkeeping: hypothesis's garbage-collector callback
  and pytest's hook for unraisable exceptions, which swallow an exception
  raised in them or fail the test on it.

So an alarm that rings during a draw made while the call runs
(:func:`unalarmed`), or in the machinery's frames
(:func:`in_test_machinery`), rings again a moment later instead of raising
(:func:`ringer`).
"""

from __future__ import annotations

import linecache
import os
import signal
import time
import traceback
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

import _pytest
import hypothesis
import pluggy

T = TypeVar("T")

#: How soon an alarm rings again after it rang: in case the exception was
#: swallowed, or the alarm rang in the machinery and did not raise.
AGAIN_SECONDS = 0.05

_MACHINERY_DIRS = tuple(
    os.path.dirname(module.__file__) + os.sep
    for module in (hypothesis, _pytest, pluggy)
    if module.__file__ is not None
)
_MACHINERY_FILES = frozenset(
    module.__file__ for module in (traceback, linecache) if module.__file__ is not None
)


def in_test_machinery(frame: FrameType | None) -> bool:
    """Whether ``frame`` (the one an alarm interrupted) is hypothesis's,
    pytest's, or the standard library's traceback formatting and imports,
    which pytest's unraisable-exception hook runs."""
    if frame is None:
        return False
    filename = frame.f_code.co_filename
    return (
        filename.startswith(_MACHINERY_DIRS)
        or filename in _MACHINERY_FILES
        or filename.startswith("<frozen importlib")
    )


#: How many draws are running under :func:`unalarmed` (a list, to be set
#: from inside the functions).
_draws_running = [0]


def ringer(
    exception: type[BaseException], rang: list[float] | None = None
) -> Callable[[int, FrameType | None], None]:
    """A SIGALRM handler that raises ``exception`` in the code under test,
    sets the timer to ring again soon, and records in ``rang`` when it first
    raised (a ring put off is no time the code under test had to stop)."""

    def ring(_signum: int, frame: FrameType | None) -> None:
        signal.setitimer(signal.ITIMER_REAL, AGAIN_SECONDS)
        if _draws_running[0] or in_test_machinery(frame):
            return
        if rang is not None and not rang:
            rang.append(time.monotonic())
        raise exception

    return ring


def unalarmed(draw: Any) -> Any:
    """hypothesis's ``draw``, never interrupted by an alarm: one that rings
    meanwhile rings again a moment after the draw returns.

    (A flag, not a signal mask: the mask is the calling thread's, and the
    signal may reach one of the library's worker threads instead, whose
    handler then runs in this thread all the same.)"""

    def calm(strategy: Any, label: object = None) -> Any:
        _draws_running[0] += 1
        try:
            return draw(strategy, label)
        finally:
            _draws_running[0] -= 1

    return calm


def _silent(_signum: int, _frame: FrameType | None) -> None:
    """A SIGALRM handler that does nothing: a ring while the alarm is being
    disarmed."""


def disarm(previous: Any) -> None:
    """Stops the timer and puts back the ``previous`` SIGALRM handler.

    The ringer re-arms the timer each time it rings, and a signal the
    kernel delivered just before the timer stopped runs its Python handler
    a few bytecodes later: with the ringer still installed, it would raise
    out of this very function and leave the timer armed. So a silent
    handler goes in first (retried while the ringer raises), then the timer
    stops, then ``previous`` goes back. Restoring ``previous`` first would
    leave a re-armed timer behind the default handler, whose next ring
    kills the process."""
    while True:
        try:
            signal.signal(signal.SIGALRM, _silent)
            break
        except BaseException:  # the ringer's exception, raised just now
            continue
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, previous)
