"""Reading judge-format input, shared by every puzzle's command.

The judge programs read with ``cin >>``, so only the order of the integers
matters, not how they are spread over lines. Errors still name the line of
the offending token (and the case, when the caller says which one it is
reading) because a line number is what lets someone fix a thousand-case file.

Reading is lazy, one line at a time, so a command can answer each case as
soon as it is complete: the answers before a bad case are out before the
error, and interactive input gets its answers while it is typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple, TextIO

from ._core import InvalidPuzzle

__all__ = ["JudgeInputError", "Token", "Tokens"]

# What ``cin >> int`` accepts as a whole token: Python's ``int()`` also takes
# underscores and non-ASCII digits, which no judge file contains on purpose.
_INTEGER = re.compile(r"[+-]?[0-9]+\Z")
_SHOWN = 24


class JudgeInputError(InvalidPuzzle):
    """Judge input that cannot be read, with where it went wrong.

    ``reason`` says what was wrong, ``case`` is the 1-based case being read
    (None before the first case), ``line`` the 1-based line. ``str()`` gives
    ``case 3, line 7: reason``.
    """

    def __init__(self, reason: str, *, case: int | None = None, line: int | None = None) -> None:
        self.reason = reason
        self.case = case
        self.line = line
        super().__init__(self._text())

    def _text(self) -> str:
        where = []
        if self.case is not None:
            where.append(f"case {self.case}")
        if self.line is not None:
            where.append(f"line {self.line}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason

    def __str__(self) -> str:
        return self._text()

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only arguments are lost by the default pickling of exceptions.
        return (_rebuild, (self.reason, self.case, self.line))


def _rebuild(reason: str, case: int | None, line: int | None) -> JudgeInputError:
    return JudgeInputError(reason, case=case, line=line)


class Token(NamedTuple):
    """An integer of the input and the 1-based line it stands on."""

    value: int
    line: int


def _show(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "...")


class Tokens:
    """The integers of a judge input, read lazily from ``stream``.

    Set :attr:`case` while reading a case so that errors name it. Iterating
    yields :class:`Token` values until the end of the input.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._lines = iter(stream)
        self._pending: list[str] = []  # tokens of the current line, reversed
        self._line = 0  # lines read so far
        self._ended = False
        #: The 1-based case being read, or None; copied into every error.
        self.case: int | None = None
        #: The line of the last token returned (0 before the first).
        self.line = 0

    def _fill(self) -> bool:
        """Read lines until one has a token; False at the end of the input."""
        while not self._pending:
            if self._ended:
                return False
            try:
                text = next(self._lines)
            except StopIteration:
                self._ended = True
                return False
            self._line += 1
            self._pending = text.split()[::-1]
        return True

    def whole_text(self) -> str | None:
        """All of a non-interactive input at once, for a fast path; None otherwise.

        Only before anything was read: a caller that finds a problem in the
        text reads it again through ``Tokens(io.StringIO(text))``, whose
        lines and errors are then those of the original input.
        """
        if self._line or self._ended or self._stream.isatty():
            return None
        self._ended = True
        return self._stream.read()

    def at_end(self) -> bool:
        """True when no token is left (reads ahead past blank lines only)."""
        return not self._fill()

    def error(self, reason: str, line: int | None = None) -> JudgeInputError:
        """An error at ``line`` (by default the last token's) in the current case."""
        return JudgeInputError(reason, case=self.case, line=self.line if line is None else line)

    def next_word(self, what: str) -> tuple[str, int]:
        """The next raw token and its line, or an error naming ``what`` was expected."""
        if not self._fill():
            # An empty input still has a line 1 for the message to point at.
            raise JudgeInputError(
                f"expected {what}, found end of input", case=self.case, line=max(self._line, 1)
            )
        self.line = self._line
        return self._pending.pop(), self._line

    def next_int(
        self, what: str = "an integer", *, low: int | None = None, high: int | None = None
    ) -> int:
        """The next integer; ``what`` describes it for the error messages.

        With ``low`` and/or ``high``, a value outside them is an error too.
        """
        word, line = self.next_word(what)
        if not _INTEGER.match(word):
            raise self.error(f"expected {what}, found {_show(word)}", line)
        value = int(word)
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                wanted = f"between {low} and {high}"
            elif low is not None:
                wanted = f"at least {low}"
            else:
                wanted = f"at most {high}"
            raise self.error(f"{what} must be {wanted}, got {value}", line)
        return value

    def next_token(self, what: str = "an integer") -> Token:
        """Like :meth:`next_int`, with the line of the integer."""
        value = self.next_int(what)
        return Token(value, self.line)

    def __iter__(self) -> Iterator[Token]:
        while not self.at_end():
            yield self.next_token()
