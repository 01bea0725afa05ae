"""The terminal under ``anagramdb play``: output wrapped to the screen, keys and lines in.

No curses. When stdin is a terminal, the game owns it from start to end (owned()): keys
come at once and unechoed (cbreak mode) into a play_editor.LineEditor, read with select()
so the clock runs while the player types; play_screen.LiveArea redraws the clock and the
line together, or, when output is not a terminal (``play | tee``), play_screen.EchoArea
echoes the typing with no clock frames. Every way out gives the terminal its settings
back and drops the keys not read; Ctrl-Z and ``fg`` give it back and take it again. When
stdin is not a terminal, answers are read one a line and echoed, so a script's transcript
reads like a game; output is then not wrapped and carries no escapes, and the clock (if
any) still bounds the wait for each line.
"""

from __future__ import annotations

import codecs
import io
import os
import select
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, TextIO

from ..errors import InputTooLongError, StorageError
from ..lines import MAX_LINE as MAX_INPUT_LINE
from .play_screen import BOLD, EchoArea, LiveArea, Styles, Width, use_color, wrap

TICK = 0.2  # seconds between looks at the clock while waiting for keys
CTRL_D = "\x04"


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
        self.area: LiveArea | EchoArea | None = None  # the last live area
        self._saved: list[Any] | None = None  # the terminal's settings, while owned()
        self._resumed = False

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

    def live(self) -> LiveArea | EchoArea:
        """The rows where the clock and the typing are drawn: redrawn in place on a
        terminal, echoed as a transcript (no clock frames) when output is not one."""
        self.area = LiveArea(self.out, self.width, self.styles) if self.ansi else EchoArea(self.out)
        self.fresh = True  # drawn under what was said; closed, it leaves a new line
        return self.area

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
    def owned(self) -> Iterator[None]:
        """The terminal for a whole game (a no-op when input is not a terminal): keys
        come at once and unechoed (cbreak mode; Ctrl-C still interrupts) from start to
        end, so nothing typed during a reveal shows or reaches the shell. However the
        block ends (the last round, Ctrl-C, SIGTERM, an error) the terminal gets its
        settings back and the keys not read yet are thrown away (TCIFLUSH), so a
        half-typed answer never runs as a shell command. Ctrl-Z gives the terminal back
        and stops; ``fg`` takes it again and asks for a redraw (resumed())."""
        if not self.interactive or self.fd is None or self._saved is not None:
            yield
            return
        import termios

        try:
            self._saved = termios.tcgetattr(self.fd)
        except termios.error:  # a terminal that will not say: leave it be
            yield
            return
        ours: list[tuple[int, Any]] = [
            (signal.SIGTSTP, self._suspend), (signal.SIGCONT, self._continued)
        ]  # fmt: skip
        before: list[tuple[int, Any]] = []
        try:
            for signum, handler in ours:
                with suppress(ValueError):  # not the main thread: no job control
                    before.append((signum, signal.signal(signum, handler)))
            self._cbreak()
            yield
        finally:
            for signum, handler in before:
                signal.signal(signum, handler)
            self._give_back(flush=True)
            self._saved = None

    def _cbreak(self) -> None:
        """Keys at once, unechoed: the saved settings less ECHO and ICANON."""
        import termios

        assert self.fd is not None and self._saved is not None
        mode = list(self._saved)
        mode[3] &= ~(termios.ECHO | termios.ICANON)  # the local modes
        mode[6] = list(mode[6])
        mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
        with suppress(termios.error, OSError):
            termios.tcsetattr(self.fd, termios.TCSANOW, mode)

    def _give_back(self, flush: bool) -> None:
        """The terminal's own settings again; *flush*: drop the keys not read."""
        import termios

        assert self.fd is not None and self._saved is not None
        with suppress(termios.error, OSError):  # after SIGHUP the terminal may be gone
            termios.tcsetattr(
                self.fd, termios.TCSAFLUSH if flush else termios.TCSADRAIN, self._saved
            )
            if flush:
                termios.tcflush(self.fd, termios.TCIFLUSH)
        if flush:
            self._pending, self._typed = b"", ""

    def _suspend(self, signum: int, frame: object) -> None:
        """Ctrl-Z (SIGTSTP): the cursor below what is drawn, the terminal given back, and
        the process stopped as the default action would; on ``fg`` cbreak mode again and
        a redraw asked for. Written with os.write: the game's own writer may be midway."""
        moved = self.area.suspend() if self.area is not None else ""
        if not moved and not self.fresh:
            moved = "\r\n" if self.ansi else "\n"
        with suppress(OSError, ValueError):
            os.write(self.out.fileno(), moved.encode("utf-8"))
        self.fresh = True
        self._give_back(flush=False)
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)  # stops here until SIGCONT
        signal.signal(signal.SIGTSTP, self._suspend)
        self._cbreak()
        self._resumed = True

    def _continued(self, signum: int, frame: object) -> None:
        """SIGCONT (after ``kill -STOP``, or ``fg`` while a suspend is under way): the
        keys mode again, whatever the terminal was left in."""
        if self._saved is not None:
            self._cbreak()

    def resumed(self) -> bool:
        """Whether the game came back from Ctrl-Z since last asked (the screen changed
        under it: redraw from where the cursor is)."""
        resumed, self._resumed = self._resumed, False
        return resumed

    @contextmanager
    def keys(self) -> Iterator[None]:
        """Keys at once (owned(), if the game does not hold it already). Keys typed before
        the block (during a reveal) are dropped. A no-op when input is not a terminal."""
        if not self.interactive or self.fd is None:
            yield
            return
        import termios

        with suppress(termios.error, OSError):
            termios.tcflush(self.fd, termios.TCIFLUSH)
        self._pending, self._typed = b"", ""
        self._decoder.reset()
        with self.owned():
            yield

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

    def key(self, prompt: str, again: Callable[[], str] | None = None) -> str | None:
        """One keypress (inside keys()), without Enter; None for Ctrl-D or end of input.
        After Ctrl-Z and ``fg``, *again*() (else the prompt) is written anew."""
        self.write(prompt)
        while True:
            keys = self.read_keys(TICK)
            if self.resumed():
                self.write(again() if again is not None else prompt)
            if keys is None or (keys or "").startswith(CTRL_D):
                return None
            if keys:
                self._typed = keys[1:] + self._typed
                return keys[0]
