"""One round of ``play`` at the terminal, driving the engine's Round (countdown/answers.py):
the picks, the clock with entries that replace each other, the conundrum's buzzer, and
declarations in turn when people share the keyboard.

One player types during the clock: each Enter writes an answer down, an empty Enter does
nothing, and the line when the clock stops is written too. With more than one answer
written the player declares one (a digit) in a short window, Enter keeping the default
(the engine's: the longest word, the closest working). Without a clock, Enter declares.
Players sharing a keyboard think during the clock, then each types a declaration in turn,
hidden from the others, in a window of their own; in the conundrum each has a buzzer key
(1, 2, ...). With stdin not a terminal, answers are read one a line.
"""

from __future__ import annotations

from ..countdown.answers import Round
from ..countdown.game import COMPUTER, Game
from ..countdown.picks import DEFAULT_LARGE
from ..countdown.round_kinds import RoundKind
from ..countdown.show import MAX_LARGE
from ..countdown.verdicts import RoundResult
from .play_clock import announce_stop, clock_turn, status
from .play_clock import now as _now
from .play_declarations import declare_choice
from .play_editor import LineEditor
from .play_shared import shared_round
from .play_terminal import TICK, Terminal

PROMPTS = {
    RoundKind.LETTERS: "your word > ",
    RoundKind.NUMBERS: "your working > ",
    RoundKind.CONUNDRUM: "buzz > ",
}


def play_round(term: Terminal, game: Game, rnd: Round) -> RoundResult:
    """Play *rnd* at the terminal and return its result."""
    title = "crucial conundrum" if rnd.crucial else rnd.kind
    count = len(game.base_rounds)
    where = f"Round {rnd.number + 1} of {count}" if rnd.number < count else "Tie-break"
    picker = (
        f" ({_possessive(rnd.picker)} pick)" if rnd.picker and len(game.participants) > 1 else ""
    )
    term.say(term.bold(f"{where}: {title}{picker}"))
    if rnd.phase == "pick":
        _picks(term, game, rnd)
    if rnd.kind == RoundKind.LETTERS:
        term.say(f"  letters: {' '.join(rnd.letters)}")
    elif rnd.kind == RoundKind.NUMBERS:
        assert rnd.draw is not None
        term.say(f"  numbers: {' '.join(map(str, rnd.draw.numbers))}   target: {rnd.draw.target}")
    else:
        assert rnd.puzzle is not None
        term.say(f"  conundrum: {' '.join(rnd.puzzle.clue.upper())}")
    if len(game.humans) == 1:
        _solo(term, rnd, game.humans[0])
    else:
        shared_round(term, game, rnd)
    return rnd.finish()


def _possessive(name: str) -> str:
    return "your" if name == "you" else f"the {name}'s" if name == COMPUTER else f"{name}'s"


# The picks ------------------------------------------------------------------------------
def _picks(term: Terminal, game: Game, rnd: Round) -> None:
    if rnd.picker is None or rnd.picker == COMPUTER:
        calls = rnd.pick_for_computer()
        who = "the computer" if rnd.picker else "the day's picks"
        if rnd.kind == RoundKind.NUMBERS:
            term.say(f"  {who}: {calls} large, {6 - int(calls)} small")
        else:
            vowels = calls.count("v")
            term.say(f"  {who}: {vowels} vowels, {len(calls) - vowels} consonants")
        return
    if rnd.kind == RoundKind.NUMBERS:
        rnd.choose_large(_choose_large(term))
    elif term.interactive:
        _pick_by_key(term, rnd)
    else:
        _pick_by_line(term, rnd)


def _pick_by_line(term: Terminal, rnd: Round) -> None:
    """A script's picks: a line such as vcvcvccvc, or auto (or empty) for the rest."""
    while rnd.phase == "pick":
        shown = " ".join(rnd.letters) or "none yet"
        line = term.ask(f"  letters: {shown}; vowel or consonant? [v/c, Enter: auto] > ")
        text = (line or "").strip().lower()
        if line is None or text in ("", "a", "auto"):
            rnd.pick_rest()
            return
        for char in text.replace(" ", "").replace(",", ""):
            refused = rnd.picks.refusal(char)
            if refused and char in "vc" and not rnd.picks.done:
                other = "c" if char == "v" else "v"
                term.say(f"  {refused.split(':')[0]}: {rnd.pick(other)}")
            elif refused:
                term.say(f"  {refused}")
            else:
                rnd.pick(char)
            if rnd.phase != "pick":
                return


def _pick_by_key(term: Terminal, rnd: Round) -> None:
    """Picks one key each: v, c, or a (Enter) for the rest; a refused pick is said and
    asked again. After Ctrl-Z and ``fg`` the letters so far are shown again."""
    prompt = "  pick nine: v vowel, c consonant, a (or Enter) the rest at random: "
    if len(prompt) + 2 * 3 > term.width.current():  # a narrow terminal: a short prompt
        prompt = "  pick: v, c, or a (the rest): "
    bell = "\a" if term.ansi else ""  # never into a transcript
    column = 0

    def again() -> str:
        nonlocal column
        shown = f"  picked: {' '.join(rnd.letters)} " if rnd.letters else prompt
        column = len(shown)
        return shown

    with term.keys():
        while rnd.phase == "pick":
            key = (term.key(prompt if not column else "", again) or "a").lower()
            if not column:  # the letters on a row of their own, with room for the count
                term.write("\n    ")
                column = 4
            if key in ("a", "\n", "\r"):
                before = len(rnd.letters)
                rnd.pick_rest()
                shown = [f"{letter} " for letter in rnd.letters[before:]]
            elif key in ("v", "c"):
                refused = rnd.picks.refusal(key)
                shown = [f"{bell}({refused.split(':')[0]}) " if refused else rnd.pick(key) + " "]
            else:
                shown = [bell]
            if term.ansi:
                term.write("\x1b[K")  # the running count, written again below
            for piece in shown:  # broken between pieces, never inside one
                width = len(piece.lstrip("\a"))
                if column + width >= term.width.current():
                    term.write("\n    ")
                    column = 4
                term.write(piece)
                column += width
            _count(term, rnd, column)
    term.write("\x1b[K\n" if term.ansi else "\n")


def _count(term: Terminal, rnd: Round, column: int) -> None:
    """The vowels and consonants picked so far, after the letters (the next pick writes
    over it), where the row has room."""
    vowels, consonants = rnd.picks.vowels, len(rnd.letters) - rnd.picks.vowels
    tag = f"({vowels} vowel{'s' * (vowels != 1)}, {consonants} consonant{'s' * (consonants != 1)})"
    if term.ansi and rnd.phase == "pick" and column + len(tag) < term.width.current():
        term.write(tag + "\b" * len(tag))


def _choose_large(term: Terminal) -> int:
    prompt = f"  how many large numbers? [0-{MAX_LARGE}, Enter: {DEFAULT_LARGE}] > "
    if term.ansi and len(prompt) + 2 > term.width.current():
        prompt = f"  large numbers? [0-{MAX_LARGE}, {DEFAULT_LARGE}] > "
    if term.interactive:
        with term.keys():
            shown = prompt
            while True:
                key = term.key(shown, lambda: prompt)
                shown = ""
                if key in (None, "\n", "\r") or (key and key in "01234"):
                    chosen = DEFAULT_LARGE if key in (None, "\n", "\r") else int(str(key))
                    term.write(f"{chosen}\n")
                    return chosen
                if term.ansi:
                    term.write("\a")
    while True:
        text = (term.ask(prompt) or "").strip()
        if not text:
            return DEFAULT_LARGE
        if text in ("0", "1", "2", "3", "4"):
            return int(text)
        term.say("  type 0, 1, 2, 3 or 4")


# One player ---------------------------------------------------------------------------
def _solo(term: Terminal, rnd: Round, player: str) -> None:
    if not term.interactive:
        _solo_script(term, rnd, player)
        announce_stop(term, rnd)
        return
    editor = LineEditor()
    area = term.live()
    entered = ""
    note = ""
    prompt = "  " + PROMPTS[rnd.kind]
    if rnd.seconds and not term.ansi:  # a transcript: the clock said once, never drawn
        term.write(f"  ({rnd.seconds} seconds)\n")
    with term.keys():
        rnd.start(_now())
        try:
            while (turn := clock_turn(term, rnd, area, note)) is not None:
                now, note = turn
                shown = f"  entered: {entered}" if entered else ""
                width = term.width.current()
                area.draw(
                    status(rnd, now, width, shown + note), prompt, editor.text,
                    cursor=editor.cursor, note=shown + note,
                )  # fmt: skip
                keys = term.read_keys(min(TICK, rnd.left(now) or TICK))
                now = _now()
                if keys is None:
                    rnd.time_up(now, {player: editor.text})
                    break
                for line in editor.feed(keys):
                    if line is not None:
                        area.entered(line)
                    entered, note = _line(rnd, player, line, now, entered, editor.text)
                    if rnd.phase != "clock":
                        break
                if rnd.phase == "clock":
                    rnd.type(player, editor.text, now)
            if rnd.phase == "clock":
                rnd.time_up(_now(), {player: editor.text})
            shown = f"  entered: {entered}" if entered else ""
            area.draw(
                status(rnd, _now(), term.width.current(), shown), prompt, editor.text,
                cursor=editor.cursor, note=shown,
            )  # fmt: skip
        finally:
            area.close()
    announce_stop(term, rnd)
    if rnd.phase == "declaring":
        declare_choice(term, rnd, player)


def _line(
    rnd: Round, player: str, line: str | None, now: float, entered: str, typing: str
) -> tuple[str, str]:
    """Act on a line ended at the keyboard; returns (what is entered, a note to show)."""
    if line is None:  # Ctrl-D: done with this round
        rnd.time_up(now, {player: typing})
        return entered, ""
    if rnd.kind == RoundKind.CONUNDRUM:
        if not line.strip():
            return entered, ""
        outcome = rnd.buzz(player, now, line)
        if outcome == "wrong" and rnd.phase == "clock" and not rnd.seconds:
            rnd.time_up(now)
        return line.strip(), {"wrong": "  wrong: you are locked out", "locked": "  locked out"}.get(
            outcome, ""
        )
    if not rnd.seconds:  # no clock: Enter declares
        rnd.enter(player, line, now)
        rnd.time_up(now)
        return line.strip(), ""
    if rnd.enter(player, line, now):
        return line.strip(), ""
    return entered, ""


def _solo_script(term: Terminal, rnd: Round, player: str) -> None:
    """One line is the player's answer, read while the clock (if any) runs."""
    rnd.start(_now())
    if rnd.seconds:
        term.write(f"  ({rnd.seconds} seconds)\n")
    term.write("  " + PROMPTS[rnd.kind])
    while rnd.phase == "clock":
        now = _now()
        rnd.tick(now)
        if rnd.phase != "clock":
            term.write("\n")
            break
        left = rnd.left(now)
        line = term.read_line(min(TICK, left) if left is not None else None)
        if line is not None:
            term.write(line + "\n")
            if rnd.kind == RoundKind.CONUNDRUM and line.strip():
                rnd.buzz(player, _now(), line)
            elif rnd.kind != RoundKind.CONUNDRUM:
                rnd.enter(player, line, _now())
            rnd.time_up(_now())
        elif term.ended:
            term.write("\n")
            rnd.time_up(_now())
