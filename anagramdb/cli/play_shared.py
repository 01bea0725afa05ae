"""People sharing one keyboard at ``play`` (``--player`` twice or more): everyone thinks
during the clock, then each types a declaration in turn, hidden from the others (each
key shown as ``*``), in a window of their own (play_declarations.py); in the conundrum
each has a buzzer key (1, 2, ...), and the one who buzzed types the answer with the
clock stopped. With stdin not a terminal, a line each in turn.
"""

from __future__ import annotations

from ..countdown.answers import Round
from ..countdown.game import Game
from ..countdown.round_kinds import RoundKind
from .play_clock import announce_stop, clock_turn, status
from .play_clock import now as _now
from .play_declarations import declare, hidden
from .play_editor import LineEditor
from .play_screen import GREEN, RED, YELLOW
from .play_terminal import TICK, Terminal


def shared_round(term: Terminal, game: Game, rnd: Round) -> None:
    """People sharing the keyboard: the clock, then declarations in turn (or buzzers)."""
    if rnd.kind == RoundKind.CONUNDRUM:
        _buzzers(term, game, rnd)
        announce_stop(term, rnd)
        return
    rnd.start(_now())
    if term.interactive:
        _think(term, rnd, "  think: each declares in turn when the clock stops")
    elif rnd.seconds:
        term.write(f"  ({rnd.seconds} seconds)\n")
    if rnd.phase == "clock":
        rnd.time_up(_now())
    announce_stop(term, rnd)
    for name in game.humans:
        if rnd.phase != "declaring":
            break
        what = "word" if rnd.kind == RoundKind.LETTERS else "working"
        rnd.open_declaration(name, _now())
        line = hidden(term, f"  {name}, your {what}", rnd, name)
        if line is None:
            term.say(f"  {name}: the time to declare is up")
        elif line.strip():
            declare(term, rnd, name, line)
    rnd.tick(_now())


def _think(term: Terminal, rnd: Round, message: str) -> None:
    """Show the clock until it stops (no clock: until Enter)."""
    area = term.live()
    note = message if rnd.seconds else f"{message}; Enter when ready"
    if rnd.seconds and not term.ansi:
        note += f" ({rnd.seconds} seconds)"
    with term.keys():
        try:
            while rnd.phase == "clock":
                now = _now()
                rnd.tick(now)
                if rnd.phase != "clock":
                    break
                if term.resumed():
                    area.lost()
                area.draw(status(rnd, now, term.width.current(), note), "", "", note=note)
                keys = term.read_keys(TICK)
                if keys is None or (not rnd.seconds and keys and keys[-1] in "\r\n"):
                    rnd.time_up(_now())
        finally:
            area.close(keep=False)


def _buzzers(term: Terminal, game: Game, rnd: Round) -> None:
    """The conundrum for people sharing the keyboard: each has a buzzer key."""
    keys_of = {str(i): name for i, name in enumerate(game.humans, 1)}
    rnd.start(_now())
    if not term.interactive:
        for name in game.humans:
            line = term.ask(f"  {name}: buzz > ")
            if line and line.strip() and rnd.phase == "clock":
                rnd.buzz(name, _now(), line)
        if rnd.phase == "clock":
            rnd.time_up(_now())
        return
    hint = "  buzz: " + ", ".join(f"{key} {name}" for key, name in keys_of.items())
    area = term.live()
    note = ""
    with term.keys():
        try:
            while (turn := clock_turn(term, rnd, area, note)) is not None:
                now, note = turn
                shown = hint + note
                area.draw(status(rnd, now, term.width.current(), shown), "", "", note=shown)
                keys = term.read_keys(TICK)
                if keys is None:
                    rnd.time_up(_now())
                    break
                for key in keys:
                    who = keys_of.get(key)
                    if who is None or rnd.phase != "clock":
                        continue
                    outcome = rnd.buzz(who, _now())
                    if outcome != "buzzed":
                        note = f"  {who}: {outcome}"
                        continue
                    area.close()
                    answer = _typed_answer(term, f"  {who} buzzed! answer > ") or ""
                    area = term.live()
                    note = f"  {who}: {rnd.answer(who, answer, _now())}"
                    term.say(term.styles(note.strip(), GREEN if "right" in note else RED))
                    break
            if rnd.phase == "clock" and not rnd.seconds:
                rnd.time_up(_now())
        finally:
            area.close()


def _typed_answer(term: Terminal, prompt: str) -> str:
    editor = LineEditor()
    area = term.live()
    note = "  the clock is stopped"
    try:
        while True:
            if term.resumed():
                area.lost()
            area.draw(note, prompt, editor.text, YELLOW, cursor=editor.cursor, note=note)
            keys = term.read_keys(TICK)
            if keys is None:
                return editor.text
            for line in editor.feed(keys):
                if line is not None:
                    area.entered(line)
                return line or ""
    finally:
        area.close()
