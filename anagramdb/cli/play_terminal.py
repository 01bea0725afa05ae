"""The terminal under ``anagramdb play``: output wrapped to the screen, keys and lines in.

No curses. When stdin is a terminal, answers are typed in cbreak mode (no echo, a key at a
time) into a LineEditor, and play_screen.LiveArea redraws the clock and the line together;
keys are read with select(), so the clock runs while the player types. When stdin is not
a terminal, answers are read one a line and echoed, so a script's transcript reads like a
game; output is then not wrapped and carries no escapes, and the clock (if any) still
bounds the wait for each line.
"""

from __future__ import annotations

import codecs
import io
import os
import select
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from ..countdown.rules import MAX_ANSWER
from ..errors import InputTooLongError, StorageError
from ..lines import MAX_LINE as MAX_INPUT_LINE
from .play_screen import BOLD, LiveArea, Styles, Width, use_color, wrap

TICK = 0.2  # seconds between looks at the clock while waiting for keys
CTRL_D, CTRL_U, CTRL_W, ESC = "\x04", "\x15", "\x17", "\x1b"


class LineEditor:
    """The line being typed: printable keys add, Backspace, Ctrl-U and Ctrl-W remove,
    cursor keys and other escape sequences are ignored. feed() returns the lines ended
    by Enter, in order; ``None`` stands for Ctrl-D."""

    def __init__(self) -> None:
        self.text = ""
        self._escape = ""

    def feed(self, keys: str) -> list[str | None]:
        done: list[str | None] = []
        for key in keys:
            if self._escape:
                self._escape += key
                final = len(self._escape) > 2 and (key.isalpha() or key == "~")
                if final or (len(self._escape) == 2 and key not in "[O"):
                    self._escape = ""
                continue
            if key == ESC:
                self._escape = key
            elif key in "\r\n":
                done.append(self.text)
                self.text = ""
            elif key in ("\x7f", "\b"):
                self.text = self.text[:-1]
            elif key == CTRL_U:
                self.text = ""
            elif key == CTRL_W:
                self.text = self.text.rstrip()
                self.text = self.text[: self.text.rfind(" ") + 1]
            elif key == CTRL_D:
                done.append(None)
            elif key == "\t":
                self.text += " "
            elif key.isprintable() and len(self.text) < MAX_ANSWER:
                self.text += key
        return done


class Terminal:
    """Lines and keys in, wrapped and styled text out."""

    def __init__(
        self, stdin: TextIO | None = None, stdout: TextIO | None = None, ansi: bool | None = None
    ) -> None:
        if (stdin or sys.stdin) is None:  # Python's sys.stdin when descriptor 0 is closed
            raise StorageError("cannot read stdin: it is closed")
        self.stdin = stdin or sys.stdin
        self.out = stdout or sys.stdout
        self._lines = 0
        try:
            self.fd: int | None = self.stdin.fileno()
        except (AttributeError, OSError, io.UnsupportedOperation):
            self.fd = None
        self.interactive = self.fd is not None and os.isatty(self.fd)
        try:
            out_tty = self.out.isatty()
        except (AttributeError, ValueError):
            out_tty = False
        self.ansi = out_tty if ansi is None else ansi
        self.styles = Styles(self.ansi and use_color())
        self.width = Width(self.out)
        if self.ansi:
            self.width.watch()
        self._pending = b""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._eof = False
        self._typed = ""  # keys read but not used yet
        self.fresh = True  # the cursor is at the start of a line

    def write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()
        if text:
            self.fresh = text.endswith("\n")

    def say(self, text: str = "") -> None:
        """A line of output; on a terminal, wrapped at spaces to the screen's width."""
        lines = wrap(text, self.width.current()) if self.ansi and text.strip() else [text]
        self.write("\n".join(lines) + "\n")

    def bold(self, text: str) -> str:
        return self.styles(text, BOLD)

    def live(self) -> LiveArea:
        return LiveArea(self.out, self.width, self.styles)

    # Lines (scripts, and questions without a clock) ----------------------------------
    def _answer(self, line: str) -> str:
        """A line as read: counted, and a byte-order mark at the start of input dropped."""
        self._lines += 1
        return line.removeprefix("\ufeff") if self._lines == 1 else line

    def _too_long(self) -> InputTooLongError:
        return InputTooLongError(
            f"stdin: line {self._lines + 1} is longer than {MAX_INPUT_LINE:,} bytes (the most "
            "a line of input may hold)"
        )

    def _line_ready(self) -> str | None:
        if b"\n" in self._pending:
            line, self._pending = self._pending.split(b"\n", 1)
            if len(line) > MAX_INPUT_LINE:
                raise self._too_long()
            return self._answer(line.decode("utf-8", "replace").rstrip("\r"))
        if len(self._pending) > MAX_INPUT_LINE:
            raise self._too_long()
        if self._eof and self._pending:
            line, self._pending = self._pending, b""
            return self._answer(line.decode("utf-8", "replace"))
        return None

    def read_line(self, timeout: float | None) -> str | None:
        """The next line, waiting at most *timeout* seconds (None: for ever); None when
        none came in time or the input has ended."""
        if self.fd is None:
            line = self.stdin.readline(MAX_INPUT_LINE + 1)  # characters: bytes counted below
            if len(line.rstrip("\n").encode("utf-8", "surrogateescape")) > MAX_INPUT_LINE:
                raise self._too_long()
            return self._answer(line.rstrip("\r\n")) if line else None
        while True:
            ready = self._line_ready()
            if ready is not None or self._eof:
                return ready
            readable, _, _ = select.select([self.fd], [], [], timeout)
            if not readable:
                return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                self._eof = True
            self._pending += chunk

    @property
    def ended(self) -> bool:
        """True once the input has ended and every line was read."""
        return self._eof and not self._pending

    def ask(self, prompt: str) -> str | None:
        """Ask for a line without a clock; None at the end of input. A script's line is
        echoed after the prompt."""
        self.write(prompt)
        line = self.read_line(None)
        if not self.interactive:
            self.write((line if line is not None else "") + "\n")
        else:
            self.fresh = True
        return line

    # Keys (a terminal only) -----------------------------------------------------------
    @contextmanager
    def keys(self) -> Iterator[None]:
        """Within the block the terminal gives each keypress at once (cbreak mode: no
        echo, no line editing; Ctrl-C still interrupts). A no-op when input is not a
        terminal. Keys typed before the block (during a reveal) are dropped."""
        if not self.interactive or self.fd is None:
            yield
            return
        import termios
        import tty

        saved = termios.tcgetattr(self.fd)
        try:
            termios.tcflush(self.fd, termios.TCIFLUSH)
            self._pending = b""
            self._typed = ""
            tty.setcbreak(self.fd)
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def read_keys(self, timeout: float | None) -> str | None:
        """The keys typed within *timeout* seconds ("" when none); None at end of input."""
        assert self.fd is not None
        if self._typed:
            typed, self._typed = self._typed, ""
            return typed
        if self._pending:
            data, self._pending = self._pending, b""
        else:
            readable, _, _ = select.select([self.fd], [], [], timeout)
            if not readable:
                return ""
            data = os.read(self.fd, 1024)
            if not data:
                return None
        return self._decoder.decode(data)

    def key(self, prompt: str) -> str | None:
        """One keypress (inside keys()), without Enter; None for Ctrl-D or end of input."""
        self.write(prompt)
        while True:
            keys = self.read_keys(None)
            if keys is None or keys.startswith(CTRL_D):
                return None
            if keys:
                self._typed = keys[1:] + self._typed
                return keys[0]
