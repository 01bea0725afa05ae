"""Declarations at the terminal: the window in which a player who wrote several answers
declares one (a digit; Enter keeps the engine's default), and the hidden line a player
sharing the keyboard types in their own window. The rules (the default, the windows,
refusing a late one) are the engine's (countdown/declarations.py).

The window is drawn as the round's clock was: what was written, numbered, said once;
then the live area, a clock row with its own bar counting the window down and the
default named, and the question under it. A digit declares at once; Enter, or the end
of the window, keeps the default; either way one line says what was declared. With
output not a terminal the clock is said once, never redrawn.
"""

from __future__ import annotations

from ..countdown.answers import Round
from ..errors import InvalidGameError
from .play_clock import now as _now
from .play_editor import LineEditor
from .play_screen import YELLOW
from .play_terminal import TICK, Terminal


def _clock_row(left: float | None, window: float | None, width: int, note: str) -> str:
    """The window's clock: seconds left and a bar, as the round's (play_clock.status)."""
    if left is None or not window:
        return note
    head = f"  {int(left + 0.999):2d} s "
    room = max(0, width - 1 - len(head) - len(note) - 1)
    bar = "#" * round(room * left / window) if room >= 5 else ""
    return f"{head}{bar}{note}"


def declare_choice(term: Terminal, rnd: Round, player: str) -> None:
    """The declaration window of a player who wrote several answers: a digit declares
    one, Enter (or the window's end) keeps the default."""
    words = rnd.written(player)[:9]
    default = rnd.default_declaration(player) or ""
    term.say("  you wrote: " + "  ".join(f"{n} {word}" for n, word in enumerate(words, 1)))
    window = rnd.declaration_left(player, _now())
    note = "  to declare"
    if window and not term.ansi:
        note += f" ({int(window + 0.999)} seconds)"
    ask = f"  declare 1-{len(words)}, Enter keeps {default} > "
    area = term.live()
    chosen: str | None = None
    with term.keys():
        try:
            while rnd.phase == "declaring":
                now = _now()
                rnd.tick(now)
                left = rnd.declaration_left(player, now)
                if rnd.phase != "declaring" or left == 0:
                    break
                if term.resumed():
                    area.lost()
                row = _clock_row(left, window, term.width.current(), note)
                area.draw(row, ask, "", YELLOW, note=note)
                chosen = _chosen(term.read_keys(TICK), words)
                if chosen is not None:
                    declare(term, rnd, player, chosen)
                    break
        finally:
            area.close(keep=False)
    how = "chosen" if chosen else "the default"
    term.say(f"  declared: {rnd.default_declaration(player)} ({how})")


def _chosen(keys: str | None, words: list[str]) -> str | None:
    """The declaration the keys make: a written answer by its digit, "" for the default
    (Enter, or the end of input); None: not yet."""
    if keys is None:
        return ""
    for key in keys:
        if key in "\r\n":
            return ""
        if key.isdigit() and 1 <= int(key) <= len(words):
            return words[int(key) - 1]
    return None


def declare(term: Terminal, rnd: Round, player: str, text: str) -> None:
    """Declare *text* for *player*; a refusal (too late) is said, the default stands."""
    try:
        rnd.declare(player, text, _now())
    except InvalidGameError as exc:
        term.say(f"  {exc}")


def hidden(term: Terminal, prompt: str, rnd: Round, name: str) -> str | None:
    """A line typed with each key shown as *, so the others cannot read it, within
    *name*'s declaration window (None: the window closed first)."""
    if not term.interactive:
        return term.ask(prompt + " > ") or ""
    editor = LineEditor()
    area = term.live()
    window = rnd.declaration_left(name, _now())
    note = prompt + " (hidden; Enter when done"
    note += f", {int(window + 0.999)} seconds)" if window and not term.ansi else ")"
    with term.keys():
        try:
            while True:
                left = rnd.declaration_left(name, _now())
                if left == 0:
                    return None
                if term.resumed():
                    area.lost()
                row = _clock_row(left, window, term.width.current(), note)
                masked = "*" * len(editor.text)
                area.draw(row, "  > ", masked, YELLOW, cursor=editor.cursor, note=note)
                keys = term.read_keys(TICK if left is None else min(TICK, left))
                if keys is None:
                    return editor.text
                for line in editor.feed(keys):
                    if line is not None:
                        area.entered("*" * len(line))  # hidden, in a transcript too
                    return line if line is not None else editor.text
        finally:
            area.close()
