"""The plain terminal under ``anagramdb play``: prompts, a visible clock, timed answers.

No curses: lines in, lines out. When stdout is a terminal, ANSI escapes add bold headings
and a clock line above the prompt that counts down each second (the cursor is saved,
moved up to rewrite the clock, and restored, so typing goes on undisturbed). Answers are
read from the file descriptor with select(), so the clock runs while the player types;
a line that was not finished when the time ran out is discarded (the terminal's input
queue is flushed) and never accepted late. When stdin is not a terminal, answers are
read one a line and echoed, so a script's transcript reads like a game.
"""

from __future__ import annotations

import io
import os
import select
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple, TextIO

BOLD, YELLOW, RESET = "\x1b[1m", "\x1b[33m", "\x1b[0m"
TICK = 0.2  # seconds between looks at the clock while waiting for a line


class Reply(NamedTuple):
    """A line typed in answer (None: nothing, or end of input), after how many seconds, and
    whether the time ran out before it came."""

    text: str | None
    seconds: float | None
    late: bool = False


class Terminal:
    """Line input with optional deadlines, and output with optional ANSI styling."""

    def __init__(
        self, stdin: TextIO | None = None, stdout: TextIO | None = None, ansi: bool | None = None
    ) -> None:
        self.stdin = stdin or sys.stdin
        self.out = stdout or sys.stdout
        try:
            self.fd: int | None = self.stdin.fileno()
        except (AttributeError, OSError, io.UnsupportedOperation):
            self.fd = None
        self.interactive = self.fd is not None and os.isatty(self.fd)
        self.ansi = self.out.isatty() if ansi is None else ansi
        self._pending = b""
        self._eof = False

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.ansi else text

    def _line_ready(self) -> str | None:
        if b"\n" in self._pending:
            line, self._pending = self._pending.split(b"\n", 1)
            return line.decode("utf-8", "replace").rstrip("\r")
        if self._eof and self._pending:
            line, self._pending = self._pending, b""
            return line.decode("utf-8", "replace")
        return None

    def _read(self, timeout: float | None) -> str | None:
        """The next line, waiting at most *timeout* seconds (None: for ever); None when
        none came in time or the input has ended."""
        if self.fd is None:
            line = self.stdin.readline()
            return line.rstrip("\r\n") if line else None
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
        """Ask for a line without a clock; None at the end of input."""
        self.out.write(prompt)
        self.out.flush()
        line = self._read(None)
        if not self.interactive:
            self.out.write((line if line is not None else "") + "\n")
        return line

    @contextmanager
    def keys(self) -> Iterator[None]:
        """Within the block, the terminal gives each keypress at once (cbreak mode: no
        echo, no line editing; Ctrl-C still interrupts), so key() reads single keys and
        keys typed ahead are kept in order. A no-op when input is not a terminal."""
        if not self.interactive or self.fd is None:
            yield
            return
        import termios
        import tty

        saved = termios.tcgetattr(self.fd)
        try:
            tty.setcbreak(self.fd)
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def key(self, prompt: str) -> str | None:
        """One keypress (inside keys()), without Enter; None for Ctrl-D or end of input."""
        assert self.fd is not None
        self.out.write(prompt)
        self.out.flush()
        if self._pending:
            data, self._pending = self._pending[:1], self._pending[1:]
        else:
            data = os.read(self.fd, 1)
        return None if data in (b"", b"\x04") else data.decode("latin-1")

    def _clock(self, left: int) -> str:
        text = f"  clock: {left:2d} s  " + "#" * left
        return f"{YELLOW}{text}{RESET}" if self.ansi else text

    def timed(
        self, prompt: str, seconds: float, stop_at: float | None = None, stop_note: str = ""
    ) -> Reply:
        """Ask for a line with *seconds* on the clock (0: no clock). *stop_at* (seconds)
        ends the wait early, as when the opponent buzzes in the conundrum."""
        if seconds <= 0:
            return Reply(self.ask(prompt), None)
        start = time.monotonic()
        stopped = stop_at is not None and stop_at < seconds
        end = start + (stop_at if stopped and stop_at is not None else seconds)
        shown = int(seconds)
        if self.ansi:
            self.out.write(self._clock(shown) + "\n")
        else:
            self.out.write(f"  ({seconds:g} seconds)\n")
        self.out.write(prompt)
        self.out.flush()
        while True:
            now = time.monotonic()
            left = max(0, int(start + seconds - now + 0.999))
            if self.ansi and left != shown:
                shown = left
                self.out.write(f"\x1b7\x1b[1A\r\x1b[2K{self._clock(left)}\x1b8")
                self.out.flush()
            if now >= end:
                break
            line = self._read(min(TICK, end - now))
            if line is not None:
                taken = round(time.monotonic() - start, 1)
                if time.monotonic() > end + TICK:
                    break  # it came in too late (the check above was a tick ago)
                if not self.interactive:
                    self.out.write(line + "\n")
                return Reply(line, taken)
            if self.ended:
                self.out.write("\n")
                return Reply(None, None)
        self.discard_typing()
        self.out.write(
            "\n"
            + (self.bold(stop_note) if stopped and stop_note else self.bold("time's up!"))
            + "\n"
        )
        self.out.flush()
        return Reply(None, round(time.monotonic() - start, 1), late=True)

    def discard_typing(self) -> None:
        """Drop a half-typed line at a terminal, so that it is never taken as the next
        answer (a script's later lines are kept)."""
        if self.interactive and self.fd is not None:
            import termios

            self._pending = b""
            try:
                termios.tcflush(self.fd, termios.TCIFLUSH)
            except termios.error:
                pass
