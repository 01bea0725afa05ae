"""The line a player types at ``play`` (cli/play_editor.py): the cursor keys, Home and End,
Backspace and Delete at the cursor, Ctrl-U, Ctrl-K and Ctrl-W as readline has them (bash,
python's prompt), checked on hand-worked lines; and the escape sequences, however the reads
cut them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from anagramdb.cli.play_editor import LineEditor
from anagramdb.countdown.rules import MAX_ANSWER

LEFT, RIGHT, HOME, END, DELETE = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F", "\x1b[3~"
BACKSPACE, CTRL_U, CTRL_K, CTRL_W = "\x7f", "\x15", "\x0b", "\x17"


def typed(keys: str) -> LineEditor:
    editor = LineEditor()
    assert editor.feed(keys) == []
    return editor


def test_typing_and_enter():
    editor = LineEditor()
    assert editor.feed("stone") == [] and (editor.text, editor.cursor) == ("stone", 5)
    assert editor.feed("\x7f\x7fne\r") == ["stone"] and (editor.text, editor.cursor) == ("", 0)
    assert editor.feed("\r") == [""]  # an empty Enter is a line: the round ignores it
    assert editor.feed("ab\tc\n") == ["ab c"]  # Tab is a space; \n is Enter too
    assert editor.feed("\x04") == [None]  # Ctrl-D: the round is over


def test_the_cursor_moves_and_typing_goes_in_at_it():
    editor = typed("stone" + LEFT + LEFT + "x")
    assert (editor.text, editor.cursor) == ("stoxne", 4)
    editor.feed(HOME + "a")
    assert (editor.text, editor.cursor) == ("astoxne", 1)
    editor.feed(END + "s")
    assert (editor.text, editor.cursor) == ("astoxnes", 8)
    editor.feed(LEFT * 20)  # stops at the start
    assert editor.cursor == 0
    editor.feed(RIGHT * 3 + "\x01" + "<" + "\x05" + ">")  # Ctrl-A, Ctrl-E
    assert editor.text == "<astoxnes>"
    editor.feed("\x02\x02\x06")  # Ctrl-B, Ctrl-B, Ctrl-F: one left of the end
    assert editor.cursor == 9
    assert editor.feed(HOME + "\r") == ["<astoxnes>"]  # Enter takes the whole line


def test_the_other_forms_of_the_keys():
    for home in ("\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~", "\x01"):
        assert typed("abc" + home).cursor == 0, repr(home)
    for end in ("\x1b[F", "\x1bOF", "\x1b[4~", "\x1b[8~", "\x05"):
        assert typed("abc" + HOME + end).cursor == 3, repr(end)
    for left in ("\x1b[D", "\x1bOD", "\x02"):
        assert typed("abc" + left).cursor == 2, repr(left)
    for rub in ("\x7f", "\x08"):  # Backspace sends one or the other
        assert typed("abc" + rub).text == "ab", repr(rub)


def test_backspace_and_delete_at_the_cursor():
    editor = typed("abcd" + LEFT + BACKSPACE)
    assert (editor.text, editor.cursor) == ("abd", 2)
    editor.feed(DELETE)
    assert (editor.text, editor.cursor) == ("ab", 2)
    editor.feed(DELETE)  # at the end: nothing
    assert editor.text == "ab"
    editor.feed(HOME + BACKSPACE)  # at the start: nothing
    assert (editor.text, editor.cursor) == ("ab", 0)
    editor.feed(DELETE)
    assert (editor.text, editor.cursor) == ("b", 0)


def test_ctrl_u_and_ctrl_k_cut_before_and_after_the_cursor():
    editor = typed("25 x 4 = 100" + LEFT * 3 + CTRL_U)
    assert (editor.text, editor.cursor) == ("100", 0)
    editor = typed("25 x 4 = 100" + HOME + RIGHT * 6 + CTRL_K)
    assert (editor.text, editor.cursor) == ("25 x 4", 6)
    editor = typed("word" + CTRL_U)
    assert (editor.text, editor.cursor) == ("", 0)


def test_ctrl_w_rubs_out_the_word_before_the_cursor():
    editor = typed("25 x 4 = 100, 100 - 3" + CTRL_W * 3)
    assert editor.text == "25 x 4 = 100, "  # the word, then the spaces and word before
    editor = typed("one two three" + LEFT * 6 + CTRL_W)
    assert (editor.text, editor.cursor) == ("one  three", 4)
    editor = typed("one two   " + "\x1b\x7f")  # Alt-Backspace, as readline
    assert editor.text == "one "


def test_words_at_a_time():
    editor = typed("one two three")
    for key, where in (("\x1b[1;5D", 8), ("\x1bb", 4), ("\x1b[1;3D", 0), ("\x1b[1;5C", 3),
                       ("\x1bf", 7), ("\x1b[1;5C", 13)):  # fmt: skip
        editor.feed(key)
        assert editor.cursor == where, repr(key)


def test_other_keys_never_land_in_the_answer():
    keys = "a\x1b[Ab\x1bOPc\x1b[15~d\x1b[2~e\x1b[1;2Bf\x1b\x1bg\x07\x0c\x00h"
    # Up, F1, F5, Insert, Shift-Down, Escape twice (Esc then Alt-Esc), Bell, Ctrl-L, NUL
    assert typed(keys).text == "abcdefgh"


def test_the_line_holds_at_most_max_answer_characters():
    editor = typed("x" * 3000)
    assert len(editor.text) == MAX_ANSWER == 200  # as the web's field
    editor.feed(HOME + "yy")  # full: nothing goes in, wherever the cursor is
    assert editor.text == "x" * MAX_ANSWER and editor.cursor == 0
    editor.feed(DELETE + "yy")
    assert editor.text == "y" + "x" * (MAX_ANSWER - 1)


KEYS = st.sampled_from(
    ["a", "b", " ", "é", LEFT, RIGHT, HOME, END, DELETE, BACKSPACE, CTRL_U, CTRL_K, CTRL_W,
     "\x1bOD", "\x1b[1;5C", "\x1bb", "\x1b[A", "\x1b[15~", "\r"]
)  # fmt: skip


@given(st.lists(KEYS, max_size=40), st.lists(st.integers(0, 400), max_size=6))
def test_reads_cut_anywhere_change_nothing(keys, cuts):
    """The terminal may hand a sequence over in pieces (a read ends inside ESC [ 3 ~): the
    line, the cursor and the lines ended are the same however the keys are cut."""
    stream = "".join(keys)
    whole = LineEditor()
    lines = whole.feed(stream)
    cut = LineEditor()
    pieces, start = [], 0
    for at in sorted(min(c, len(stream)) for c in cuts):
        pieces.append(stream[start:at])
        start = at
    pieces.append(stream[start:])
    assert [line for piece in pieces for line in cut.feed(piece)] == lines
    assert (cut.text, cut.cursor) == (whole.text, whole.cursor)
    assert 0 <= whole.cursor <= len(whole.text) <= MAX_ANSWER
