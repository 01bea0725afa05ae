"""What ``play`` draws on a terminal: text wrapped at word boundaries, styles that honour
NO_COLOR, and the live area under everything said, where the clock and the input line
are redrawn together so that the clock never overwrites what is typed.

The live area is a status row (the clock, what has been entered) and the input: the
prompt and the text typed, broken onto as many rows as it needs (at most INPUT_ROWS, the
start scrolled off with an ellipsis). Every row is shorter than the terminal, so the
terminal never wraps one on its own, and the area knows how many rows it holds. To
redraw, the cursor goes up to the area's first row, the screen is cleared below it and
the rows are written again. After a resize (SIGWINCH) the rows drawn at the old width
are counted at the new one, as terminals that reflow their lines (tmux, VTE, kitty,
iTerm2) show them, before the redraw at the new width.
"""

from __future__ import annotations

import os
import shutil
import signal
import textwrap
from typing import TextIO

BOLD, YELLOW, GREEN, RED, RESET = "\x1b[1m", "\x1b[33m", "\x1b[32m", "\x1b[31m", "\x1b[0m"
MIN_WIDTH, MAX_WIDTH = 20, 200  # columns the layout uses, whatever the terminal says
INPUT_ROWS = 6  # rows the input may take before its start scrolls off


def use_color() -> bool:
    """False when NO_COLOR is set to anything but the empty string (no-color.org)."""
    return not os.environ.get("NO_COLOR")


class Styles:
    """ANSI styles, or none (not a terminal, or NO_COLOR)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, style: str) -> str:
        return f"{style}{text}{RESET}" if self.enabled and text else text


def wrap(text: str, width: int) -> list[str]:
    """*text* broken at spaces into rows shorter than *width*, continuation rows indented
    two more than the first (a word longer than a row is broken, nothing else is)."""
    indent = len(text) - len(text.lstrip(" "))
    return textwrap.wrap(
        text,
        width=max(width - 1, 10),
        initial_indent="",
        subsequent_indent=" " * min(indent + 2, width // 3),
        break_on_hyphens=False,
        drop_whitespace=True,
        replace_whitespace=False,
    ) or [""]


class Width:
    """The terminal's width, clamped to MIN_WIDTH-MAX_WIDTH, re-read after SIGWINCH."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.changed = False
        self.columns = self._read()

    def _read(self) -> int:
        try:
            columns = os.get_terminal_size(self.out.fileno()).columns
        except (AttributeError, OSError, ValueError):
            columns = shutil.get_terminal_size().columns
        return max(MIN_WIDTH, min(MAX_WIDTH, columns or 80))

    def watch(self) -> None:
        """Note resizes from now on (main thread only)."""
        try:
            signal.signal(signal.SIGWINCH, self._resized)
        except (AttributeError, ValueError):  # no SIGWINCH here, or not the main thread
            pass

    def _resized(self, signum: int, frame: object) -> None:
        self.changed = True

    def current(self) -> int:
        if self.changed:
            self.changed = False
            self.columns = self._read()
        return self.columns


class LiveArea:
    """The rows under the game's text that the clock loop redraws (see the module doc)."""

    def __init__(self, out: TextIO, width: Width, styles: Styles) -> None:
        self.out = out
        self.width = width
        self.styles = styles
        self.rows: list[str] = []
        self.at = (0, 0)  # the cursor: which of the rows, which column

    def _rows_above_cursor(self, columns: int) -> int:
        """Rows from the area's first row to the cursor's, the rows drawn counted at
        *columns* (a terminal that reflows wraps a row that became too long). A cursor
        just past a full row's last column is still on that row (the pending wrap)."""
        if not self.rows:
            return 0
        row, column = self.at
        above = sum(max(1, -(-len(drawn) // columns)) for drawn in self.rows[:row])
        pending = column and column == len(self.rows[row]) and not column % columns
        return above + column // columns - bool(pending)

    def draw(
        self,
        status: str,
        prompt: str,
        text: str,
        status_style: str = YELLOW,
        cursor: int | None = None,
        note: str = "",
    ) -> None:
        """Redraw the area: the *status* row, then *prompt* and *text* on the rows after,
        the cursor at *cursor* in *text* (None: its end). *note* is the status without
        the clock, for EchoArea; the status row already holds it."""
        columns = self.width.current()
        room = columns - 1
        line = prompt + text
        at = len(prompt) + (len(text) if cursor is None else cursor)
        chunks = [line[i : i + room] for i in range(0, max(len(line), 1), room)] or [""]
        if len(line) and len(line) % room == 0:
            chunks.append("")  # the cursor goes on the next row, never past the edge
        row, column = divmod(at, room)
        if len(chunks) > INPUT_ROWS:  # the rows around the cursor, the rest cut off
            first = min(max(0, row - INPUT_ROWS + 1), len(chunks) - INPUT_ROWS)
            shown = chunks[first : first + INPUT_ROWS]
            if first:
                shown[0] = "…" + shown[0][1:]
            if first + INPUT_ROWS < len(chunks):
                shown[-1] = shown[-1][:-1] + "…"
            chunks, row = shown, row - first
        rows = [status[:room], *chunks]
        up = self._rows_above_cursor(columns)
        move = f"\x1b[{up}A" if up else ""
        drawn = [self.styles(rows[0], status_style), *rows[1:]]
        back = len(rows) - 1 - (row + 1)  # rows from the last drawn up to the cursor's
        place = (f"\x1b[{back}A" if back else "") + "\r" + (f"\x1b[{column}C" if column else "")
        if not back and column == len(rows[-1]):
            place = ""  # already there
        self.out.write(f"{move}\r\x1b[J" + "\r\n".join(drawn) + place)
        self.out.flush()
        self.rows = rows
        self.at = (row + 1, column)

    def entered(self, line: str) -> None:
        """*line* was ended by Enter (the next draw shows it cleared)."""

    def lost(self) -> None:
        """The screen under the area is no longer known (the game was suspended and the
        shell wrote there): the next draw starts afresh where the cursor is."""
        self.rows = []
        self.at = (0, 0)

    def suspend(self) -> str:
        """What takes the cursor below the area, for the shell, before the game stops
        (Ctrl-Z); written by the caller (a signal handler), lost() on resuming."""
        if not self.rows:
            return ""
        down = len(self.rows) - 1 - self.at[0]
        return (f"\x1b[{down}B" if down else "") + "\r\n"

    def _below(self) -> None:
        self.out.write(self.suspend())
        self.out.flush()

    def close(self, keep: bool = True) -> None:
        """End the area: leave it as drawn (*keep*) or clear it; the cursor goes to a new
        line below, for what is said next."""
        if not keep and self.rows:
            up = self._rows_above_cursor(self.width.current())
            self.out.write((f"\x1b[{up}A" if up else "") + "\r\x1b[J")
            self.out.flush()
        else:
            self._below()
        self.rows = []
        self.at = (0, 0)


class EchoArea:
    """The live area when the output is not a terminal (``play | tee``, ``> file``): no
    escape sequence and no clock frame ever goes into the transcript. A note is written
    as a line when it changes, the prompt once, and the typing as it is typed: added
    characters are written, removed ones rubbed out with backspaces (BS, space, BS), a
    cursor moved with BS or by writing the characters it passes over, as a teletype's
    echo does. Enter ends the line. The transcript reads as the screen did (``cat``)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.note = ""
        self.prompt: str | None = None  # None: no prompt on the current line yet
        self.shown = ""  # the text written after the prompt
        self.cursor = 0  # where in it the terminal's cursor is

    def draw(
        self,
        status: str,
        prompt: str,
        text: str,
        status_style: str = YELLOW,
        cursor: int | None = None,
        note: str = "",
    ) -> None:
        """Write what changed since the last draw (the *status* with its clock is never
        written: *note* is its steady part)."""
        cursor = len(text) if cursor is None else cursor
        if note.strip() and note != self.note:
            self._end_line()
            self.out.write(note.rstrip() + "\n")
        self.note = note
        if prompt != self.prompt and (prompt or text):
            self._end_line()
            self.out.write(prompt)
            self.prompt, self.shown, self.cursor = prompt, "", 0
        if self.prompt is None:
            return
        self.out.write(self._edit(text, cursor))
        self.out.flush()
        self.shown, self.cursor = text, cursor

    def _edit(self, text: str, cursor: int) -> str:
        """The bytes that turn the line shown into *text*, the cursor at *cursor*."""
        if text == self.shown:  # the cursor alone moved
            if cursor < self.cursor:
                return "\b" * (self.cursor - cursor)
            return text[self.cursor : cursor]
        same = 0
        limit = min(len(text), len(self.shown))
        while same < limit and text[same] == self.shown[same]:
            same += 1
        out = ""
        if same < self.cursor:
            out += "\b" * (self.cursor - same)
        else:
            out += self.shown[self.cursor : same]
        tail = text[same:]
        extra = max(0, len(self.shown) - len(text))  # old characters past the new end
        out += tail + " " * extra + "\b" * (len(tail) + extra - (cursor - same))
        return out

    def entered(self, line: str) -> None:
        """Enter ended *line*: the echo shows it whole (typed in one read, it was not
        yet) and goes on to a new line, where the next draw writes the prompt again."""
        if self.prompt is not None:
            self.out.write(self._edit(line, len(line)) + "\n")
            self.out.flush()
        self.prompt, self.shown, self.cursor = None, "", 0

    def _end_line(self) -> None:
        if self.prompt is not None:
            self.out.write(self.shown[self.cursor :] + "\n")
        self.prompt, self.shown, self.cursor = None, "", 0

    def lost(self) -> None:
        self.prompt = None
        self.note = ""

    def suspend(self) -> str:
        return self.shown[self.cursor :] + "\n" if self.prompt is not None else ""

    def close(self, keep: bool = True) -> None:
        self._end_line()
        self.out.flush()
        self.note = ""
