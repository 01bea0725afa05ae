"""Terminals for the tests of ``play``: a model of the few escapes the game writes (to
check what a redraw leaves on the screen without a terminal), and tmux, a real one (its
own server and socket, no user configuration), whose screen the tests poll.

The model follows xterm and the Linux console where play relies on them: a character
written in the last column leaves the cursor there with a wrap pending, which the next
character takes and anything moving the cursor cancels; ``\\n`` is ``\\r\\n`` (the tty's
ONLCR); ``\\b`` stops at the left edge; CUU, CUD, CUF, ED and EL (``ESC [ n A/B/C``,
``ESC [ J``, ``ESC [ K``) act as ECMA-48 says; SGR (colours) is ignored. Anything else is
an error, so a sequence the game starts writing is noticed here first.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable

from .waiting import wait_until

SEQUENCE = re.compile(r"\x1b\[(\d*)([ABCJKm])|\x1b\[[\d;]*m")
PATIENCE = 90.0  # seconds to wait for a screen before failing: generous, for a loaded machine


class ModelTerminal:
    """A screen *columns* wide and as tall as it needs to be, written by feed()."""

    def __init__(self, columns: int) -> None:
        self.columns = columns
        self.lines: list[list[str]] = [[]]
        self.row = self.col = 0
        self.pending = False  # a character was written in the last column

    def _cell(self, char: str) -> None:
        if self.pending:
            self.pending = False
            self.row, self.col = self.row + 1, 0
        while len(self.lines) <= self.row:
            self.lines.append([])
        line = self.lines[self.row]
        line.extend(" " * (self.col + 1 - len(line)))
        line[self.col] = char
        if self.col == self.columns - 1:
            self.pending = True
        else:
            self.col += 1

    def feed(self, text: str) -> None:
        at = 0
        while at < len(text):
            char = text[at]
            if char == "\x1b":
                found = SEQUENCE.match(text, at)
                assert found, f"an escape the model does not know: {text[at : at + 8]!r}"
                count = int(found.group(1) or 1) if found.group(2) else 0
                self._escape(found.group(2), count)
                at = found.end()
                continue
            if char == "\r":
                self.col, self.pending = 0, False
            elif char == "\n":
                self.row, self.col, self.pending = self.row + 1, 0, False
            elif char == "\b":
                self.col, self.pending = max(0, self.col - 1), False
            elif char != "\a":
                assert char.isprintable(), f"a control character the model does not know: {char!r}"
                self._cell(char)
            at += 1
        while len(self.lines) <= self.row:
            self.lines.append([])

    def _escape(self, final: str | None, count: int) -> None:
        self.pending = False
        if final == "A":
            self.row = max(0, self.row - count)
        elif final == "B":
            self.row += count
        elif final == "C":
            self.col = min(self.columns - 1, self.col + count)
        elif final in ("J", "K"):
            if self.row < len(self.lines):
                del self.lines[self.row][self.col :]
            if final == "J":
                del self.lines[self.row + 1 :]

    def text(self) -> list[str]:
        """The screen's rows, trailing spaces dropped."""
        return ["".join(line).rstrip() for line in self.lines]


class Tmux:
    """One tmux server of our own with one pane *width* x *height*, running *command* (a
    shell command line; None: an interactive bash, prompt ``$ ``, without start-up files)."""

    def __init__(self, command: str | None, width: int = 80, height: int = 24) -> None:
        self.base = ["tmux", "-L", f"anagramdb-test-{os.getpid()}-{id(self)}", "-f", os.devnull]
        if command is None:
            command = "env PS1='$ ' bash --norc --noprofile -i"
        self.tmux("new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height), command)

    def tmux(self, *args: str) -> str:
        return subprocess.run(
            [*self.base, *args], capture_output=True, text=True, check=True, timeout=30
        ).stdout

    def text(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", "-300", "-t", "game")

    def rows(self) -> list[str]:
        """The visible rows as drawn (not joined)."""
        return self.tmux("capture-pane", "-p", "-t", "game").splitlines()

    def wait_for(self, pattern: str, after: int = 0, flat: bool = False) -> re.Match[str]:
        """Poll the screen until *pattern* appears (searching from character *after*);
        *flat*: in the screen with the game's wrapped lines joined again."""
        deadline = time.monotonic() + PATIENCE
        while True:
            screen = self.text()
            if flat:
                screen = re.sub(r"\n {4,}(?=\S)", " ", screen)
            found = re.compile(pattern, re.M).search(screen, after)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def keys(self, text: str) -> None:
        self.tmux("send-keys", "-t", "game", "-l", text)

    def press(self, *names: str) -> None:
        """Keys by tmux's names: Enter, Left, Home, C-z, BSpace ..."""
        self.tmux("send-keys", "-t", "game", *names)

    def enter(self) -> None:
        self.press("Enter")

    def tty(self) -> str:
        """The pane's terminal device (/dev/pts/N)."""
        return self.tmux("display", "-p", "-t", "game", "#{pane_tty}").strip()

    def waiting_input(self) -> int:
        """Bytes typed into the pane that nobody has read yet (the tty's input queue)."""
        import fcntl
        import struct
        import termios

        fd = os.open(self.tty(), os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            raw = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
            return int(struct.unpack("i", raw)[0])
        finally:
            os.close(fd)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=30)


def play_command(data_home: object, args: str) -> str:
    """The shell words that run ``anagramdb play ARGS`` from this work tree, its history
    under *data_home*, on the packaged default dictionary."""
    return (
        f"env -u ANAGRAMDB_DICT XDG_DATA_HOME={shlex.quote(str(data_home))} "
        f"{shlex.quote(sys.executable)} -m anagramdb play {args}"
    )


class Typist:
    """Keys typed into a pseudo-terminal when a prompt appears in what a game wrote: a
    thread that waits (waiting.wait_until) for each expected text in *said*() after the
    last one, then writes its keys to *master*. done() says whether every key went in."""

    def __init__(self, master: int, said: Callable[[], str], script: list[tuple[str, str]]):
        self.master, self.said, self.script = master, said, script
        self.typed = 0
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        seen = 0
        try:
            for expected, keys in self.script:

                def shown(expected: str = expected, seen: int = seen) -> int:
                    return self.said().find(expected, seen) + 1  # 0: not yet

                seen = wait_until(shown, f"{expected!r} in the game's output") - 1 + len(expected)
                os.write(self.master, keys.encode("utf-8"))
                self.typed += 1
        except BaseException as exc:  # handed to the test by done()
            self.error = exc

    def done(self) -> bool:
        self.thread.join(PATIENCE)
        if self.error is not None:
            raise self.error
        return self.typed == len(self.script)
