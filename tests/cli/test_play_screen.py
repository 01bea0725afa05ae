"""The terminal layer of play, without a terminal: the line editor, wrapping at word
boundaries from 40 to 200 columns, the live area's rows and its arithmetic after a resize,
and NO_COLOR. (tests/cli/test_play_tmux.py checks the same in a real terminal.)"""

from __future__ import annotations

import io
import re

import pytest

from anagramdb.cli.play_screen import LiveArea, Styles, Width, use_color, wrap
from anagramdb.cli.play_terminal import LineEditor, Terminal
from anagramdb.countdown.rules import MAX_ANSWER

REVEAL = (
    "  computer: 7 × 3 = 21; 25 + 21 = 46; 46 × 9 = 414, 1 away, 7 points (it combines up "
    "to 4 numbers)"
)


def test_the_line_editor():
    editor = LineEditor()
    assert editor.feed("stone") == [] and editor.text == "stone"
    assert editor.feed("\x7f\x7fne\r") == ["stone"] and editor.text == ""
    assert editor.feed("\r") == [""]  # an empty Enter is a line: the round ignores it
    assert editor.feed("25 x 4 = 100, 100 - 3\x17\x17\x17") == []  # Ctrl-W: a word each
    assert editor.text == "25 x 4 = 100, "
    assert editor.feed("\x15") == [] and editor.text == ""
    assert editor.feed("a\x1b[Db\x1bOAc\x1b[3~d") == [] and editor.text == "abcd"  # keys ignored
    assert editor.feed("\x04") == [None]
    assert editor.feed("x" * 3000) == [] and len(editor.text) == MAX_ANSWER == 200  # as the web


@pytest.mark.parametrize("width", [40, 41, 57, 80, 100, 133, 200])
def test_wrapping_never_breaks_a_word(width):
    rows = wrap(REVEAL, width)
    assert all(len(row) < width for row in rows)
    assert " ".join(row.strip() for row in rows) == " ".join(REVEAL.split())
    words = set(REVEAL.split())
    assert all(part in words for row in rows for part in row.split())
    assert all(row.startswith("    ") for row in rows[1:])  # continuation indented


def test_the_width_is_clamped():
    width = Width(io.StringIO())
    assert 20 <= width.current() <= 200


class FixedWidth(Width):
    def __init__(self, columns: int) -> None:
        self.columns = columns
        self.changed = False


def test_the_live_area_redraws_from_its_first_row():
    out = io.StringIO()
    width = FixedWidth(40)
    area = LiveArea(out, width, Styles(False))
    working = "25 x 4 = 100, 100 - 3 = 97, 97 x 2 = 194, 194 + 7 = 201"
    area.draw("  12 s ####", "  your working > ", working)
    assert all(len(row) < 40 for row in area.rows) and len(area.rows) == 3
    assert "".join(area.rows[1:]) == "  your working > " + working
    area.draw("  11 s ###", "  your working > ", working)
    second = out.getvalue().split("\x1b[J")[2]
    assert out.getvalue().count("\x1b[2A\r\x1b[J") == 1  # up to the clock row, then clear
    assert second.startswith("  11 s ###")
    width.columns = 20  # a terminal that reflows wraps each old row at 20
    drawn = len(out.getvalue())
    area.draw("  10 s ##", "  your working > ", working)
    # Up 1 + 2 + 1 rows: the old rows rewrapped, the cursor on the last row's 2nd piece.
    assert out.getvalue()[drawn:].startswith("\x1b[4A\r\x1b[J  10 s ##")
    area.close()
    assert out.getvalue().endswith("\r\n") and area.rows == []


def test_a_long_input_scrolls_off_the_top():
    area = LiveArea(io.StringIO(), FixedWidth(40), Styles(False))
    area.draw("  5 s", "> ", "x" * 1000)
    assert len(area.rows) == 1 + 6 and area.rows[1].startswith("…")


def test_no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color()
    out = io.StringIO()
    term = Terminal(io.StringIO(), out, ansi=True)
    term.say(term.bold("final score: you 7"))
    area = term.live()
    area.draw("  3 s ###", "> ", "word")
    assert not re.search(r"\x1b\[[0-9;]*m", out.getvalue())  # no styles, cursor moves only
    monkeypatch.setenv("NO_COLOR", "")
    assert use_color()  # set but empty: ignored, as no-color.org says
    assert Styles(True)("x", "\x1b[1m") == "\x1b[1mx\x1b[0m"
