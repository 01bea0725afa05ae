"""The line a player types at ``anagramdb play``: the text, a cursor in it, and the keys
that edit it, as a terminal in cbreak mode sends them (one byte a key, escape sequences
for the cursor keys).

The keys are readline's (bash, python's own prompt), the ones people already know:

| key | does |
| --- | --- |
| Left, Right (Ctrl-B, Ctrl-F) | move a character |
| Ctrl-Left, Ctrl-Right (Alt-B, Alt-F) | move a word |
| Home, End (Ctrl-A, Ctrl-E) | go to the start, the end |
| Backspace (Ctrl-H), Delete | remove the character before, at the cursor |
| Ctrl-U, Ctrl-K | remove everything before, after the cursor |
| Ctrl-W (Alt-Backspace) | remove the word before the cursor |
| Enter | end the line (wherever the cursor is) |
| Ctrl-D | end the round (``None``), as before |

Other escape sequences (F-keys, Up, Down, Insert) are read whole and ignored, so their
bytes never land in an answer; a sequence split across two reads is finished by the
next. Tab is a space; the text holds at most MAX_ANSWER characters, as the web's field.
"""

from __future__ import annotations

from ..countdown.rules import MAX_ANSWER

CTRL_A, CTRL_B, CTRL_D, CTRL_E, CTRL_F = "\x01", "\x02", "\x04", "\x05", "\x06"
CTRL_H, CTRL_K, CTRL_U, CTRL_W, ESC, DEL = "\x08", "\x0b", "\x15", "\x17", "\x1b", "\x7f"

# What an escape sequence (after ESC) does: CSI (ESC [) and SS3 (ESC O) forms, xterm's,
# VT220's and rxvt's Home and End, Ctrl- and Alt-modified arrows, and Alt-letter.
SEQUENCES = {
    "[D": "left", "OD": "left", "[C": "right", "OC": "right",
    "[H": "home", "OH": "home", "[1~": "home", "[7~": "home",
    "[F": "end", "OF": "end", "[4~": "end", "[8~": "end",
    "[3~": "delete",
    "[1;5D": "word-left", "[1;3D": "word-left", "b": "word-left", "B": "word-left",
    "[1;5C": "word-right", "[1;3C": "word-right", "f": "word-right", "F": "word-right",
    DEL: "rub-word", CTRL_H: "rub-word",
}  # fmt: skip
CONTROLS = {
    CTRL_A: "home", CTRL_E: "end", CTRL_B: "left", CTRL_F: "right",
    DEL: "backspace", CTRL_H: "backspace", CTRL_U: "kill-start", CTRL_K: "kill-end",
    CTRL_W: "rub-word",
}  # fmt: skip


def _escape_done(sequence: str) -> bool:
    """Whether *sequence* (the keys after ESC) is complete: ESC X for a letter or
    control X, ESC [ ... final byte (@ to ~), ESC O X."""
    if not sequence:
        return False
    if sequence[0] not in "[O":
        return True
    if sequence[0] == "O":
        return len(sequence) == 2
    return len(sequence) > 1 and "@" <= sequence[-1] <= "~"


class LineEditor:
    """The line being typed and where the cursor is in it (0 to len(text)).

    feed() takes keys as read and returns the lines ended by Enter, in order; ``None``
    stands for Ctrl-D. Cost: each key is O(length of the line)."""

    def __init__(self) -> None:
        self.text = ""
        self.cursor = 0
        self._escape: str | None = None  # the keys after an ESC, while a sequence lasts

    def feed(self, keys: str) -> list[str | None]:
        done: list[str | None] = []
        for key in keys:
            if self._escape is not None:
                self._escape += key
                if _escape_done(self._escape):
                    self.act(SEQUENCES.get(self._escape, ""))
                    self._escape = None
            elif key == ESC:
                self._escape = ""
            elif key in "\r\n":
                done.append(self.text)
                self.text, self.cursor = "", 0
            elif key == CTRL_D:
                done.append(None)
            elif key in CONTROLS:
                self.act(CONTROLS[key])
            elif key == "\t":
                self.insert(" ")
            elif key.isprintable():
                self.insert(key)
        return done

    def insert(self, text: str) -> None:
        """*text* at the cursor, as much as fits in MAX_ANSWER."""
        text = text[: MAX_ANSWER - len(self.text)]
        self.text = self.text[: self.cursor] + text + self.text[self.cursor :]
        self.cursor += len(text)

    def _word_start(self) -> int:
        """Where the word before the cursor starts (spaces before it skipped)."""
        at = self.cursor
        while at and self.text[at - 1] == " ":
            at -= 1
        while at and self.text[at - 1] != " ":
            at -= 1
        return at

    def _word_end(self) -> int:
        at, end = self.cursor, len(self.text)
        while at < end and self.text[at] == " ":
            at += 1
        while at < end and self.text[at] != " ":
            at += 1
        return at

    def act(self, action: str) -> None:
        """Do one editing *action* (a value of SEQUENCES or CONTROLS; "" does nothing)."""
        text, cursor = self.text, self.cursor
        if action == "left":
            self.cursor = max(0, cursor - 1)
        elif action == "right":
            self.cursor = min(len(text), cursor + 1)
        elif action == "home":
            self.cursor = 0
        elif action == "end":
            self.cursor = len(text)
        elif action == "word-left":
            self.cursor = self._word_start()
        elif action == "word-right":
            self.cursor = self._word_end()
        elif action == "backspace" and cursor:
            self.text, self.cursor = text[: cursor - 1] + text[cursor:], cursor - 1
        elif action == "delete":
            self.text = text[:cursor] + text[cursor + 1 :]
        elif action == "kill-start":
            self.text, self.cursor = text[cursor:], 0
        elif action == "kill-end":
            self.text = text[:cursor]
        elif action == "rub-word":
            start = self._word_start()
            self.text, self.cursor = text[:start] + text[cursor:], start
