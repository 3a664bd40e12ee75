"""Reading judge-format input, shared by every puzzle's command.

The judge programs read with ``cin >>``, so only the order of the integers
matters, not how they are spread over lines. Errors still name the line of
the offending token (and the case, when the caller says which one it is
reading) because a line number is what lets someone fix a thousand-case file.

The input is read as bytes, a block at a time, whatever it comes from (a
file, a pipe, a terminal): so every source gets the same tokens and the same
line numbers. ``\\n``, ``\\r\\n`` and a lone ``\\r`` each end a line; tokens
are separated by ASCII whitespace, as for ``cin``. A block is whatever the
source has ready (one read), so a command can answer each case as soon as it
is complete: the answers before a bad case are out before the error, and
interactive input gets its answers while it is typed.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import BinaryIO, TextIO

from ._core import InvalidPuzzle

__all__ = ["BLOCK_SIZE", "InputReadError", "JudgeInputError", "Tokens"]

#: The most bytes taken from the input at a time.
BLOCK_SIZE = 1 << 16

# What ``cin >> int`` accepts as a whole token: Python's ``int()`` also takes
# underscores and non-ASCII digits, which no judge file contains on purpose.
_INTEGER = re.compile(rb"[+-]?[0-9]+\Z")
# Past this many significant digits a value is beyond every bound a reader
# checks (the largest is 2**31 - 1), and is never converted: ``int()`` of a
# long enough string is slow and, past 4,300 digits, refused.
_LONGEST = 18
_SHOWN = 24
_WHITESPACE = b" \t\n\r\x0b\x0c"


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


class InputReadError(Exception):
    """Reading the input failed (an I/O error, not its contents): ``reason``
    says why. Apart from OSError, so that a failure to write the answers is
    never taken for one to read the input."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _rebuild(reason: str, case: int | None, line: int | None) -> JudgeInputError:
    return JudgeInputError(reason, case=case, line=line)


def _text_of(word: bytes) -> str:
    """A token as text for a message: undecodable bytes become U+FFFD."""
    text = word[: 4 * _SHOWN + 4].decode("utf-8", "replace")
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "..."


def _show(word: bytes) -> str:
    return repr(_text_of(word))


def _show_number(word: bytes, value: int | None) -> str:
    """An integer token as a message shows it: long ones shortened, with their length."""
    if value is not None:
        return str(value)
    digits = len(word.lstrip(b"+-"))
    return f"{_text_of(word)} ({digits:,} digits)"


def _long_int(word: bytes) -> int | None:
    """The value of a long integer token, or None when it has too many digits
    to convert (leading zeros do not count, as for ``cin``)."""
    digits = word.lstrip(b"+-").lstrip(b"0") or b"0"
    if len(digits) > _LONGEST:
        return None
    return -int(digits) if word.startswith(b"-") else int(digits)


def _block_reader(stream: BinaryIO | TextIO, size: int) -> Callable[[], bytes]:
    """A function that returns the next bytes the stream has ready (b"" at the end).

    Binary streams are read with ``read1``: one read of what is there, so a
    pipe or a terminal hands over a line as soon as it is typed. Text streams
    (tests pass ``io.StringIO``) are encoded back to bytes; one that is not a
    StringIO is read a line at a time, since its ``read(size)`` may wait for
    ``size`` characters.
    """
    if isinstance(stream, io.TextIOBase):
        if isinstance(stream, io.StringIO):
            text_read: Callable[[], str] = lambda: stream.read(size)  # noqa: E731
        else:
            text_read = stream.readline
        # Lone surrogates (a StringIO can hold them) become bytes that are
        # not UTF-8, and so U+FFFD in a message, like any undecodable byte.
        return lambda: text_read().encode("utf-8", "surrogatepass")
    read1 = getattr(stream, "read1", None)
    if read1 is not None:
        return lambda: read1(size)
    return lambda: stream.read(size)  # type: ignore[return-value]


class Tokens:
    """The integers of a judge input, read lazily from ``stream``.

    Set :attr:`case` while reading a case so that errors name it. A command
    with a fast path takes whole blocks of input with :meth:`fresh_block`
    and :meth:`skip_block`, and reads anything odd token by token; one whose
    cases are lines (``idastar cube``) reads them with :meth:`next_line`.
    """

    def __init__(self, stream: BinaryIO | TextIO, *, block_size: int | None = None) -> None:
        self._read = _block_reader(stream, block_size or BLOCK_SIZE)
        # Input read but not yet tokenised: whole lines ending in b"\n" (line
        # endings made uniform), possibly ending with part of a line cut at
        # whitespace; ``_at`` is the offset of what is left.
        self._block = b""
        self._at = 0
        # A part of a line that may end inside a token: kept until more comes.
        self._tail: list[bytes] = []
        # The last read ended with b"\r": a b"\n" starting the next belongs to it.
        self._after_cr = False
        self._ended = False
        self._pending: list[bytes] = []  # tokens of the current segment, reversed
        self._lines_done = 0  # lines whose end has been read past
        self._pending_line = 0  # the line of the tokens in _pending
        self._pending_goes_on = False  # whether their line goes on in the next segment
        #: The 1-based case being read, or None; copied into every error.
        self.case: int | None = None
        #: The line of the last token returned (0 before the first).
        self.line = 0
        #: Called before each read that may wait for the input (a pipe, a
        #: terminal): a command prints the answers it has, so nobody waits
        #: for answers that are ready.
        self.before_wait: Callable[[], None] | None = None

    # -- blocks -------------------------------------------------------------

    def _next_block(self) -> bool:
        """Reads until there is a block of whole tokens; False at the end of input."""
        while not self._ended:
            if self.before_wait is not None:
                self.before_wait()
            try:
                data = self._read()
            except OSError as error:
                raise InputReadError(error.strerror or str(error)) from None
            if not data:
                self._ended = True
                if self._tail:  # the last line, with no line end
                    self._set_block(b"".join(self._tail) + b"\n")
                    self._tail.clear()
                    return True
                return False
            if self._after_cr and data.startswith(b"\n"):
                data = data[1:]
                if not data:
                    self._after_cr = False
                    continue
            self._after_cr = data.endswith(b"\r")
            # Cut after the last line end; a block with none (a very long
            # line) is cut after its last whitespace, so that a long line
            # does not pile up in memory.
            cut = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
            if not cut:
                cut = max(data.rfind(space) for space in _WHITESPACE) + 1
            if not cut:
                self._tail.append(data)
                continue
            head = data[:cut]
            if self._tail:
                head = b"".join(self._tail) + head
                self._tail.clear()
            if cut < len(data):
                self._tail.append(data[cut:])
            self._set_block(head)
            return True
        return False

    def _set_block(self, data: bytes) -> None:
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        self._block = data
        self._at = 0

    def fresh_block(self) -> bytes | None:
        """The next block of input when none of it has been read yet, else None.

        Reads a new block (which may wait for the input) once the current one
        is used up; None at the end of the input too. The block holds whole
        tokens; it may end in the middle of a line. After using it, call
        :meth:`skip_block`; a caller that finds it odd reads it token by
        token instead, with the right line numbers.
        """
        if self._pending:
            return None
        if self._at >= len(self._block) and not self._next_block():
            return None
        return self._block if self._at == 0 else None

    def skip_block(self) -> None:
        """Counts the lines of the block :meth:`fresh_block` returned as read."""
        self._lines_done += self._block.count(b"\n")
        self._at = len(self._block)

    # -- tokens -------------------------------------------------------------

    def _segment(self) -> tuple[bytes, bool] | None:
        """The next segment of the input, its line in ``_pending_line``, and
        whether its line goes on in the next one (a line longer than a
        block comes in parts); None at the end of the input."""
        if self._at >= len(self._block) and not self._next_block():
            return None
        block, at = self._block, self._at
        end = block.find(b"\n", at)
        if end < 0:  # part of a line: the rest comes with the next block
            self._at = len(block)
            self._pending_line = self._lines_done + 1
            return block[at:], True
        self._at = end + 1
        self._lines_done += 1
        self._pending_line = self._lines_done
        return block[at:end], False

    def _fill(self) -> bool:
        """Reads segments until one has a token; False at the end of the input."""
        while not self._pending:
            segment = self._segment()
            if segment is None:
                return False
            self._pending, self._pending_goes_on = segment[0].split()[::-1], segment[1]
        return True

    def at_end(self) -> bool:
        """True when no token is left (reads ahead past blank lines only)."""
        return not self._fill()

    def error(self, reason: str, line: int | None = None) -> JudgeInputError:
        """An error at ``line`` (by default the last token's) in the current case."""
        return JudgeInputError(reason, case=self.case, line=self.line if line is None else line)

    def next_word(self, what: str) -> bytes:
        """The next raw token, or an error naming ``what`` was expected."""
        if not self._fill():
            # The last line, even one with no line end; an empty input still
            # has a line 1 for the message to point at.
            ends_mid_line = bool(self._block) and not self._block.endswith(b"\n")
            raise JudgeInputError(
                f"expected {what}, found end of input",
                case=self.case,
                line=max(self._lines_done + ends_mid_line, 1),
            )
        self.line = self._pending_line
        return self._pending.pop()

    def next_line(self) -> bytes | None:
        """The next line that holds a token, without its line end, for an
        input read a case a line; None at the end of the input. :attr:`line`
        is its number. Of a line whose tokens were begun, the rest."""
        while True:
            if self._pending:
                # Spaced from what follows: a segment cut mid-line ends in whitespace.
                parts = [b" ".join(self._pending[::-1]) + b" "]
                goes_on = self._pending_goes_on
                self._pending = []
            else:
                segment = self._segment()
                if segment is None:
                    return None
                parts, goes_on = [segment[0]], segment[1]
            line = self._pending_line
            while goes_on:
                segment = self._segment()
                if segment is None:
                    break
                parts.append(segment[0])
                goes_on = segment[1]
            text = b"".join(parts)
            if text.strip(_WHITESPACE):
                self.line = line
                return text

    def next_int(self, what: str, low: int, high: int, out_of_range: str | None = None) -> int:
        """The next integer, one of ``low..high``; ``what`` describes it for the messages.

        ``out_of_range`` is the message for a value outside the bounds, with
        ``{value}`` where the value goes (by default "WHAT must be between
        LOW and HIGH, got VALUE"). A value too long to convert is out of
        range too, shown shortened.
        """
        word = self.next_word(what)
        if not _INTEGER.match(word):
            raise self.error(f"expected {what}, found {_show(word)}")
        value = int(word) if len(word) <= _LONGEST else _long_int(word)
        if value is None or not low <= value <= high:
            shown = _show_number(word, value)
            if out_of_range is None:
                raise self.error(f"{what} must be between {low} and {high}, got {shown}")
            raise self.error(out_of_range.replace("{value}", shown))
        return value
