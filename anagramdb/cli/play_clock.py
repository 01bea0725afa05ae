"""The clock as ``play`` shows it at the terminal, for one player's rounds
(play_rounds.py) and a shared keyboard's (play_shared.py) alike: the status row with
its bar, what is said when the clock stops, and the beat between two rounds.

The beat: after a round's reveal, the next round (and its clock, when the computer
picks) waits until the reveal has been read: for Enter at a terminal; for BEAT seconds
when a script plays and the game is shown on a terminal (someone watches); not at all
when nobody can be reading as it happens (neither is a terminal) or without a clock
(nothing runs while the reveal is read).
"""

from __future__ import annotations

import time

from ..countdown.answers import Round
from ..countdown.game import COMPUTER, Game
from ..countdown.round_kinds import RoundKind
from .play_screen import GREEN, EchoArea, LiveArea
from .play_terminal import Terminal

BEAT = 3  # seconds between rounds of a script shown on a terminal


def now() -> float:
    """The terminal's clock: the engine's events carry it (countdown/answers.py)."""
    return time.monotonic()


def clock_turn(
    term: Terminal, rnd: Round, area: LiveArea | EchoArea, note: str
) -> tuple[float, str] | None:
    """One turn of a round's clock at the terminal, for one player and for buzzers alike:
    (the time, the note) after the engine's events since the last turn (the newest is the
    note) and the live area made whole again if the game was suspended and resumed; None
    once the clock has stopped, before the turn or by its events."""
    if rnd.phase != "clock":
        return None
    at = now()
    for event in rnd.tick(at):
        note = f"  {event}"
    if rnd.phase != "clock":
        return None
    if term.resumed():
        area.lost()
    return at, note


def status(rnd: Round, at: float, width: int, note: str) -> str:
    """The status row: seconds left and a bar as wide as *width* allows, then *note*."""
    left = rnd.left(at)
    if left is None:
        return f"  no clock{fit(note, width - 11)}"
    head = f"  {int(left + 0.999):2d} s "
    note = fit(note, width - 1 - len(head))
    room = max(0, width - 1 - len(head) - len(note) - 1)
    bar = "#" * round(room * left / max(rnd.seconds, 1)) if room >= 5 else ""
    return f"{head}{bar}{note}" if room >= 5 else f"{head}{note}"


def fit(note: str, room: int) -> str:
    """*note* within *room* columns: its label ("entered: ") kept and the start of what
    follows cut, so that the end of an entry (a working's result: 577, not 57) shows."""
    if len(note) <= room:
        return note
    cut = note.find(": ") + 2
    if cut < 2 or room - cut < 4:
        return "…" + note[len(note) - room + 1 :] if room > 1 else ""
    return note[:cut] + "…" + note[len(note) - (room - cut - 1) :]


def announce_stop(term: Terminal, rnd: Round) -> None:
    """Say why the clock stopped: a buzz that won the conundrum, or time's up."""
    if rnd.kind == RoundKind.CONUNDRUM:
        winner = rnd.winner
        if winner is not None:
            buzz = rnd.buzzes[winner]
            who = "the computer" if winner == COMPUTER else winner
            when = f" at {buzz.seconds:g} s" if rnd.seconds or winner == COMPUTER else ""
            term.say(term.styles(f"{who} buzzed{when}: {buzz.text}", GREEN))
            return
    if rnd.seconds and not rnd.left(now()):
        term.say(term.bold("time's up!"))


def beat(term: Terminal, game: Game, upcoming: Round) -> None:
    """Hold the reveal until it is read, before *upcoming* (see the module doc)."""
    if not game.seconds:
        return
    count = len(game.base_rounds)
    what = "the crucial conundrum" if upcoming.crucial else f"round {upcoming.number + 1}"
    if upcoming.number >= count and not upcoming.crucial:
        what = "the tie-break"
    if not term.interactive:
        if term.ansi:
            term.write(f"  {what} in {BEAT} s")
            time.sleep(BEAT)
            term.write("\r\x1b[K")
            term.fresh = True
        return
    prompt = f"  press Enter for {what} "
    if term.ansi and len(prompt) >= term.width.current():  # one row, to be cleared
        prompt = "  Enter > "
    with term.keys():
        key = term.key(prompt, lambda: prompt)
        while key is not None and key not in "\r\n":
            key = term.key("", lambda: prompt)
    if term.ansi:
        term.write("\r\x1b[K")  # the reveal stays as it was
        term.fresh = True
    else:
        term.write("\n")
