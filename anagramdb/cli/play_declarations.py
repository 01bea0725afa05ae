"""Declarations at the terminal: the window in which a player who wrote several answers
declares one (a digit; Enter keeps the engine's default), and the hidden line a player
sharing the keyboard types in their own window. The rules (the default, the windows,
refusing a late one) are the engine's (countdown/declarations.py).
"""

from __future__ import annotations

import time

from ..countdown.answers import Round
from ..errors import InvalidGameError
from .play_terminal import TICK, LineEditor, Terminal


def _now() -> float:
    return time.monotonic()


def declare_choice(term: Terminal, rnd: Round, player: str) -> None:
    """The declaration window of a player who wrote several answers: a digit declares
    one, Enter (or the window's end) keeps the default."""
    words = rnd.written(player)[:9]
    default = rnd.default_declaration(player)
    listing = "  ".join(f"{number} {word}" for number, word in enumerate(words, 1))
    area = term.live()
    with term.keys():
        try:
            while rnd.phase == "declaring":
                now = _now()
                rnd.tick(now)
                left = rnd.declaration_left(player, now)
                if rnd.phase != "declaring" or left == 0:
                    break
                clock = f" ({int(left + 0.999)} s)" if left is not None else ""
                ask = f"  1-{len(words)}, Enter: {default} > "
                area.draw(f"  declare{clock}: {listing}", ask, "")
                keys = term.read_keys(TICK)
                choice = _chosen(keys, words)
                if choice is not None:
                    declare(term, rnd, player, choice)
                    break
        finally:
            area.close(keep=False)
    term.say(f"  declared: {rnd.default_declaration(player)}")


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
    with term.keys():
        try:
            while True:
                left = rnd.declaration_left(name, _now())
                if left == 0:
                    return None
                clock = f", {int(left + 0.999)} s" if left is not None else ""
                note = f" (hidden; Enter when done{clock})"
                area.draw(prompt + note, "  > ", "*" * len(editor.text))
                keys = term.read_keys(None if left is None else min(TICK, left))
                if keys is None:
                    return editor.text
                for line in editor.feed(keys):
                    return line
        finally:
            area.close()
