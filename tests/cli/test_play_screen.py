"""The terminal layer of play, without a terminal: wrapping at word boundaries from 40 to
200 columns, the live area's rows and its arithmetic after a resize, what a redraw leaves
on a model terminal wherever the cursor is, the echo that stands in for it when output is
not a terminal (no escapes, no clock frames), and NO_COLOR. (tests/cli/test_play_tmux.py
checks the same in a real terminal; the line editor is tests/cli/test_play_editor.py.)"""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import re
import struct
import termios

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anagramdb.cli import play_clock
from anagramdb.cli.play_clock import beat
from anagramdb.cli.play_command import run_game
from anagramdb.cli.play_editor import LineEditor
from anagramdb.cli.play_screen import EchoArea, LiveArea, Styles, Width, use_color, wrap
from anagramdb.cli.play_terminal import Terminal
from anagramdb.countdown.game import Game

from ..support.games import play_through
from ..support.terminals import ModelTerminal, Typist
from ..support.waiting import wait_until

REVEAL = (
    "  computer: 7 × 3 = 21; 25 + 21 = 46; 46 × 9 = 414, 1 away, 7 points (it combines up "
    "to 4 numbers)"
)


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


LEFT, RIGHT, HOME, END, DELETE = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F", "\x1b[3~"
EDITS = st.lists(
    st.sampled_from(
        ["a", "b", " ", "9", "+", "xyz " * 6, LEFT, RIGHT, HOME, END, DELETE, "\x7f", "\x15",
         "\x0b", "\x17", "\x1bb", "\x1b[1;5C"]
    ),
    max_size=30,
)  # fmt: skip


@given(EDITS, st.sampled_from([20, 33, 40, 80]))
def test_a_redraw_shows_the_line_and_puts_the_cursor_in_it(keys, columns):
    """After every key, on a model terminal: the row above the area untouched, one status
    row, the prompt and text broken at the width, nothing left below, and the terminal's
    cursor where the editor's is."""
    out = io.StringIO()
    area = LiveArea(out, FixedWidth(columns), Styles(True))
    screen = ModelTerminal(columns)
    screen.feed("the letters\n")
    editor = LineEditor()
    prompt = "  your working > "
    for key in keys:
        editor.feed(key)
        area.draw(f"  {len(editor.text)} s ###", prompt, editor.text, cursor=editor.cursor)
        screen.feed(out.getvalue())
        out.truncate(0), out.seek(0)
        room = columns - 1
        line = prompt + editor.text
        rows = [line[i : i + room] for i in range(0, len(line), room)]
        if len(line) % room == 0:
            rows.append("")
        if len(rows) > 6:
            continue  # scrolled: checked below
        assert screen.text()[0] == "the letters"
        assert screen.text()[1] == f"  {len(editor.text)} s ###"
        shown, meant = screen.text()[2:], [row.rstrip() for row in rows]
        while shown and not shown[-1]:
            shown.pop()  # an empty row is no row on a screen
        while meant and not meant[-1]:
            meant.pop()
        assert shown == meant
        at = len(prompt) + editor.cursor
        assert (screen.row, screen.col) == (2 + at // room, at % room)


def test_a_long_line_shows_the_rows_around_the_cursor():
    area = LiveArea(io.StringIO(), FixedWidth(40), Styles(False))
    text = "".join(f"{i:03d} " for i in range(100))  # 400 characters: 11 rows of 39
    area.draw("  5 s", "> ", text, cursor=0)
    assert area.rows[1].startswith("> 000") and area.rows[-1].endswith("…")
    assert len(area.rows) == 7 and area.at == (1, 2)
    area.draw("  5 s", "> ", text, cursor=200)  # row 5 of the line: rows 0-5 shown
    assert area.rows[1].startswith("> 000") and area.at == (6, (2 + 200) % 39)
    area.draw("  5 s", "> ", text, cursor=300)
    assert area.rows[1].startswith("…") and area.rows[-1].endswith("…")
    assert area.at == (6, (2 + 300) % 39)


def teletype(output: str) -> ModelTerminal:
    assert "\x1b" not in output  # no escape sequence: not one goes into a transcript
    screen = ModelTerminal(1000)
    screen.feed(output)
    return screen


@given(EDITS)
def test_the_echo_shows_the_line_with_backspaces_alone(keys):
    """With output not a terminal, each edit is echoed with characters and BS: shown on a
    teletype (or by cat on a terminal), the line is the editor's, the cursor where its is."""
    out = io.StringIO()
    area = EchoArea(out)
    editor = LineEditor()
    for key in ["", *keys]:
        editor.feed(key)
        area.draw("  9 s ###", "  your working > ", editor.text, cursor=editor.cursor)
        screen = teletype(out.getvalue())
        assert screen.text()[-1] == ("  your working > " + editor.text).rstrip()
        assert screen.col == len("  your working > ") + editor.cursor
    area.close()
    assert out.getvalue().endswith("\n") and teletype(out.getvalue()).col == 0


def test_the_echo_writes_notes_once_and_never_the_clock():
    out = io.StringIO()
    area = EchoArea(out)
    editor = LineEditor()
    for second in range(30, 20, -1):  # ten seconds of redraws: the clock never shown
        area.draw(f"  {second} s " + "#" * second, "  your word > ", editor.text)
    for key in "sto" + LEFT + "r\r":
        for line in editor.feed(key):
            area.entered(line or "")
            assert line == "stro"
        area.draw("  20 s ####", "  your word > ", editor.text, cursor=editor.cursor,
                  note="  entered: stro" if not editor.text else "")  # fmt: skip
    area.close()
    assert teletype(out.getvalue()).text() == [
        "  your word > stro", "  entered: stro", "  your word >", ""
    ]  # fmt: skip


@pytest.fixture
def pty_stdin():
    """A pseudo-terminal: its master (what the keyboard writes to) and its slave, open as
    the game's stdin."""
    master, slave = os.openpty()
    with os.fdopen(slave, "r", closefd=True) as stdin:
        yield master, stdin
    os.close(master)


def test_a_game_typed_at_a_terminal_with_its_output_piped(full, common, pty_stdin):
    """``play | tee``: keys from a terminal, output to a pipe. The transcript has no escape
    sequence and no clock frame (the round's clock and the declaration's said once), the
    typing echoed as typed, and the beat between the rounds is a line that waits for
    Enter."""
    master, stdin = pty_stdin
    out = io.StringIO()
    term = Terminal(stdin, out, ansi=False)
    game = Game(full, common, "LL", seed=3, opponent="none", seconds=60)
    typist = Typist(master, out.getvalue, [
        ("pick nine", "a"), ("your word > ", "sane" + LEFT * 2 + "r\r"),
        ("entered: sarne", "ear" + LEFT * 3 + "\x04"),  # Ctrl-D: done, "ear" on the line
        ("declare 1-2, Enter keeps sarne > ", "2"),
        ("press Enter for round 2", "x\r"), ("pick nine", "a"), ("your word > ", "\x04"),
    ])  # fmt: skip
    with term.owned():
        run_game(term, game)
    assert typist.done()
    transcript = out.getvalue()
    assert "\x1b" not in transcript and "#" not in transcript
    assert "  your word > ear\b\b\bear\n" in transcript  # the cursor moved by BS, then back
    shown = teletype(transcript).text()
    first = shown.index("  (60 seconds)")
    assert shown[first:first + 12] == [
        "  (60 seconds)",
        "  your word > sarne",  # typed in one read: echoed whole at Enter
        "  entered: sarne",
        "  your word > ear",
        "  you wrote: 1 sarne  2 ear",  # the declaration window: its clock said once
        "  to declare (10 seconds)",
        "  declare 1-2, Enter keeps sarne >",
        "  declared: ear (chosen)",
        "  you: ear, 3 letters, 3 points",
        "  best: arrears (7 letters)",
        "  points: you 3; score: you 3",
        "  press Enter for round 2",
    ]  # fmt: skip
    assert shown.count("  (60 seconds)") == 2 and len(shown) == 30


def waiting(fd: int) -> int:
    """Bytes in a terminal's input queue, not read yet."""
    return int(struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0])


@pytest.mark.parametrize("ending", [None, KeyboardInterrupt, OSError])
def test_the_terminal_is_given_back_however_the_game_ends(pty_stdin, ending):
    """Within owned(): no echo, a key at a time. After it (the game's end, Ctrl-C or
    SIGTERM as a KeyboardInterrupt, an error): the settings as they were, and the keys
    typed but not read thrown away, so the shell never runs a half-typed answer."""
    master, stdin = pty_stdin
    before = termios.tcgetattr(stdin.fileno())
    term = Terminal(stdin, io.StringIO(), ansi=False)
    with contextlib.suppress(KeyboardInterrupt, OSError):
        with term.owned():
            held = termios.tcgetattr(stdin.fileno())
            assert not held[3] & (termios.ECHO | termios.ICANON)
            assert before[3] & termios.ECHO and before[3] & termios.ICANON
            os.write(master, b"handbrake\r")
            wait_until(lambda: waiting(stdin.fileno()) == 10, "the keys in the queue")
            if ending is not None:
                raise ending()
    assert termios.tcgetattr(stdin.fileno()) == before
    assert waiting(stdin.fileno()) == 0


@pytest.mark.parametrize(
    ("interactive_output", "seconds", "paused"), [(True, 30, [3]), (False, 30, []), (True, 0, [])]
)
def test_a_script_pauses_between_rounds_only_when_someone_watches(
    full, common, monkeypatch, interactive_output, seconds, paused
):
    """stdin not a terminal: a beat of BEAT seconds when the game is shown on a terminal,
    none when it goes to a pipe or a file (nobody reads it as it plays), none without a
    clock (nothing runs while the reveal is read)."""
    slept: list[float] = []
    monkeypatch.setattr(play_clock.time, "sleep", slept.append)
    out = io.StringIO()
    term = Terminal(io.StringIO(""), out, ansi=interactive_output)
    game = Game(full, common, "LL", seed=3, opponent="none", seconds=seconds)
    play_through(game, {})
    beat(term, game, game.next_round())
    assert slept == paused
    assert out.getvalue() == ("  round 2 in 3 s\r\x1b[K" if paused else "")


@pytest.mark.parametrize("width", [20, 40, 80])
def test_the_entered_echo_keeps_its_end_in_view(width):
    """A long working entered shows its result (577, never 57): the start is cut."""
    from anagramdb.cli.play_clock import fit

    note = "  entered: 100 + 75 = 175, 175 x 3 = 525, 525 + 50 = 575, 575 + 2 = 577"
    shown = fit(note, width - 8)
    assert len(shown) <= width - 8 and shown.endswith("577")
    assert shown == note or shown.startswith("  entered: …") or width - 8 < 16
    assert (shown == note) == (len(note) <= width - 8)
    assert fit("  entered: adown", 40) == "  entered: adown"  # what fits is kept whole
