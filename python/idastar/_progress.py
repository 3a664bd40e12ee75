"""Progress bars on stderr, for the command line and for long work on a
cluster: tqdm's, shown on a terminal once the work has taken a second (or
at once when asked for), and nothing otherwise."""

from __future__ import annotations

import sys
from typing import Any, TextIO


class NoBar:
    """A bar that shows nothing."""

    def update(self, count: int) -> None:
        pass

    def close(self) -> None:
        pass


def terminal_bar(
    total: int | None,
    unit: str,
    *,
    stream: TextIO | None = None,
    forced: bool = False,
    description: str | None = None,
    leave: bool = True,
) -> Any:
    """A tqdm bar on ``stream`` (stderr): with ``forced``, or on a terminal
    once the work has taken a second (short work stays quiet); otherwise,
    or when ``stream`` is closed, one that shows nothing."""
    stream = sys.stderr if stream is None else stream
    if stream is None or not (forced or stream.isatty()):
        return NoBar()
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(
        total=total,
        unit=unit,
        desc=description,
        file=stream,
        delay=0 if forced else 1.0,
        leave=leave,
        dynamic_ncols=True,
    )
