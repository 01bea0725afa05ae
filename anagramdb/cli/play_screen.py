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

    def _rows_above_cursor(self, columns: int) -> int:
        """Rows from the area's first row to the cursor's, the rows drawn counted at
        *columns* (a terminal that reflows wraps a row that became too long)."""
        if not self.rows:
            return 0
        above = sum(max(1, -(-len(row) // columns)) for row in self.rows[:-1])
        last = len(self.rows[-1])
        return above + (last // columns if last % columns else max(0, last // columns - 1))

    def draw(self, status: str, prompt: str, text: str, status_style: str = YELLOW) -> None:
        """Redraw the area: the *status* row, then *prompt* and *text* on the rows after."""
        columns = self.width.current()
        room = columns - 1
        rows = [status[:room]]
        line = prompt + text
        chunks = [line[i : i + room] for i in range(0, max(len(line), 1), room)] or [""]
        if len(line) and len(line) % room == 0:
            chunks.append("")  # the cursor goes on the next row, never past the edge
        if len(chunks) > INPUT_ROWS:
            chunks = chunks[-INPUT_ROWS:]
            chunks[0] = "…" + chunks[0][1:]
        rows += chunks
        up = self._rows_above_cursor(columns)
        move = f"\x1b[{up}A" if up else ""
        shown = [self.styles(rows[0], status_style), *rows[1:]]
        self.out.write(f"{move}\r\x1b[J" + "\r\n".join(shown))
        self.out.flush()
        self.rows = rows

    def close(self, keep: bool = True) -> None:
        """End the area: leave it as drawn (*keep*) or clear it; the cursor goes to a new
        line below, for what is said next."""
        if not keep and self.rows:
            up = self._rows_above_cursor(self.width.current())
            self.out.write((f"\x1b[{up}A" if up else "") + "\r\x1b[J")
        elif self.rows:
            self.out.write("\r\n")
        self.out.flush()
        self.rows = []
