"""``anagramdb play``: a game of Countdown in the terminal, against the clock and, if
chosen, the computer. The game itself (draws, checks, opponent, scoring, log) is
anagramdb.countdown.game; this module asks, shows and keeps the history."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from ..countdown.game import (
    DEFAULT_FORMAT,
    DEFAULT_LARGE,
    DEFAULT_OPPONENT,
    DEFAULT_SECONDS,
    FORMATS,
    Game,
    LetterPicker,
    RoundResult,
)
from ..countdown.opponent import OPPONENTS
from ..dictionary import display_name
from ..errors import InvalidGameError
from .common import JSON_OPTION, command, emit_json, open_dictionary, option, reported, state
from .play_terminal import Terminal

COMMON = "common"  # conundrums and the easier opponents' words come from the packaged common words


def _points(value: int) -> str:
    return f"{value} point{'s' * (value != 1)}"


def play_text(result: RoundResult, totals: dict[str, int]) -> list[str]:
    """What a round's end shows: each answer, the best answers, points and scores."""
    lines = []
    for play in result.plays:
        note = f" ({play.reasoning})" if play.reasoning else ""
        if play.answer is None:
            lines.append(f"  {play.player}: {play.reason}{note}")
        elif not play.valid:
            lines.append(f"  {play.player}: {play.answer}: not valid: {play.reason}{note}")
        elif result.kind == "letters":
            lines.append(
                f"  {play.player}: {play.answer}, {play.value} letters, {_points(play.score)}{note}"
            )
        elif result.kind == "numbers":
            target: Any = result.puzzle["target"]  # the puzzle's JSON (typed as object): an int
            away = abs((play.value or 0) - target)
            near = "exact" if not away else f"{away} away"
            shown = (
                play.answer if "=" in play.answer else f"{play.answer} = {play.value}"
            )  # steps end with their value
            lines.append(f"  {play.player}: {shown}, {near}, {_points(play.score)}{note}")
        else:
            when = f" at {play.seconds:g} s" if play.seconds and not play.reasoning else ""
            lines.append(f"  {play.player}: {play.answer}, right{when}{note}")
    best: Any = result.best  # the best answer's JSON record (typed as object)
    if result.kind == "letters":
        more = (
            f"; {best['count']} words, {len(best['words'])} shown"
            if best["count"] > len(best["words"])
            else ""
        )
        lines.append(
            f"  best: {' '.join(best['words']) or 'no word'} ({best['length']} letters{more})"
        )
    elif result.kind == "numbers":
        lines.append(
            f"  best: {best['infix']} = {best['value']}"
            + (f" ({best['distance']} away)" if best["distance"] else "")
        )
        lines.extend(f"    {step}" for step in best["steps"])
    else:
        lines.append(f"  answer: {str(best['answer']).upper()}")
    awarded = ", ".join(
        f"{play.player} {points}" for play, points in zip(result.plays, result.points, strict=True)
    )
    lines.append(
        f"  points: {awarded}; score: "
        f"{', '.join(f'{name} {total}' for name, total in totals.items())}"
    )
    return lines


def _pick_letters(term: Terminal, game: Game, number: int) -> str:
    """Letters picked one line at a time (scripts), or one key at a time at a terminal."""
    picker = game.letters(number)
    if term.interactive:
        return _pick_letters_by_key(term, picker)
    while not picker.done:
        shown = " ".join(picker.letters) or "none yet"
        line = term.ask(f"  letters: {shown}; vowel or consonant? [v/c, Enter: auto] > ")
        text = (line or "").strip().lower()
        if line is None or text in ("", "a", "auto"):
            picker.auto()
            break
        for char in text.replace(" ", "").replace(",", ""):
            allowed = picker.allowed()
            try:
                letter = picker.pick(char, forced=True)
            except InvalidGameError as exc:
                term.say(f"  {exc}")
                continue
            if {"v": "vowel", "c": "consonant"}.get(char) not in allowed:
                term.say(
                    f"  no more {'vowels' if char == 'v' else 'consonants'} (nine letters need 3 "
                    f"vowels and 4 consonants): {letter}"
                )
            if picker.done:
                break
    return picker.letters


def _pick_letters_by_key(term: Terminal, picker: LetterPicker) -> str:
    prompt = "  pick nine: v vowel, c consonant, a (or Enter) the rest at random: "
    with term.keys():
        while not picker.done:
            prompt = _pick_key(term, picker, prompt)
    term.say()
    return picker.letters


def _pick_key(term: Terminal, picker: LetterPicker, prompt: str) -> str:
    """Read one key of the letter picks and act on it; returns the next prompt (none)."""
    choice = (term.key(prompt) or "a").lower()
    if choice in ("a", "\n", "\r"):
        before = len(picker.letters)
        picker.auto()
        term.out.write(" ".join(picker.letters[before:]))
    elif choice in ("v", "c"):
        term.out.write(
            picker.pick(choice, forced=True) + " "
        )  # forced: a refused pick comes from the other pile
    else:
        term.out.write("\a")
    term.out.flush()
    return ""


def _choose_large(term: Terminal) -> int:
    prompt = f"  how many large numbers? [0-4, Enter: {DEFAULT_LARGE}] > "
    if term.interactive:
        with term.keys():
            while True:
                key = term.key(prompt)
                prompt = ""
                if key in (None, "\n", "\r") or (key and key in "01234"):
                    chosen = DEFAULT_LARGE if key in (None, "\n", "\r") else int(str(key))
                    term.say(str(chosen))
                    return chosen
                term.out.write("\a")
    while True:
        line = term.ask(prompt)
        text = (line or "").strip()
        if not text:
            return DEFAULT_LARGE
        if text in ("0", "1", "2", "3", "4"):
            return int(text)
        term.say("  type 0, 1, 2, 3 or 4")


def play_round(term: Terminal, game: Game, number: int) -> RoundResult:
    """Ask for one round's choices and answer, and return its result."""
    kind = game.kind(number)
    term.say(term.bold(f"Round {number + 1} of {len(game.rounds)}: {kind}"))
    if kind == "letters":
        letters = _pick_letters(term, game, number)
        term.discard_typing()
        term.say(f"  letters: {' '.join(letters)}")
        reply = term.timed("  your word > ", game.seconds)
        return game.play_letters(number, letters, reply.text, reply.seconds, reply.late)
    if kind == "numbers":
        draw = game.numbers(number, _choose_large(term))
        term.discard_typing()
        term.say(f"  numbers: {' '.join(map(str, draw.numbers))}   target: {draw.target}")
        reply = term.timed("  your answer > ", game.seconds)
        return game.play_numbers(number, draw, reply.text, reply.seconds, reply.late)
    puzzle = game.conundrum(number)
    move = game.conundrum_move(number, puzzle)
    term.say(f"  conundrum: {' '.join(puzzle.clue.upper())}")
    buzz = move.seconds if move is not None and move.answer is not None else None
    reply = term.timed(
        "  your answer > ",
        game.seconds,
        buzz,
        f"the computer buzzes at {buzz:g} s!" if buzz else "",
    )
    return game.play_conundrum(number, puzzle, reply.text, reply.seconds, reply.late)


LOG_KEYS = ("seed", "rounds", "results", "totals")


def not_a_game_log(path: str) -> str | None:
    """None when *path* is empty or holds a game log (a JSON object with LOG_KEYS); else why not."""
    import json

    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        return f"cannot read it as UTF-8 text: {exc}"
    if not text.strip():
        return None
    try:
        record = json.loads(text)
    except ValueError:
        return "not JSON"
    if not isinstance(record, dict) or not all(key in record for key in LOG_KEYS):
        return "not a game log"
    return None


def final_lines(game: Game) -> list[str]:
    totals = game.totals
    if len(totals) == 1:
        return [f"final score: {totals['you']}"]
    you, computer = totals["you"], totals["computer"]
    verdict = "you win" if you > computer else "the computer wins" if computer > you else "a draw"
    return [f"final score: you {you}, computer {computer}: {verdict}"]


@command
def play(
    format: Annotated[
        str,
        typer.Option(
            "--format",
            help=f"Rounds: {', '.join(f'{k} ({v})' for k, v in FORMATS.items())}, or letters such "
            "as LLNC.",
        ),
    ] = DEFAULT_FORMAT,
    rounds: Annotated[
        str | None,
        typer.Option(
            help="Custom rounds, e.g. LLNC: L letters, N numbers, C conundrum (overrides --format)."
        ),
    ] = None,
    seconds: Annotated[
        int, typer.Option(min=0, help="Seconds on the clock for each answer (0: no clock).")
    ] = DEFAULT_SECONDS,
    seed: Annotated[
        int | None, option("--seed", help="Seed: the same seed and choices replay the same game.")
    ] = None,
    vs: Annotated[
        str, typer.Option("--vs", help=f"Computer opponent: {', '.join(OPPONENTS)}.")
    ] = DEFAULT_OPPONENT,
    log: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Write the game log to FILE as JSON (an existing FILE must be a game log, unless "
            "--force).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace the --log file even if it is not a game log.")
    ] = False,
    no_history: Annotated[
        bool,
        typer.Option("--no-history", help="Do not record the game in the history of best scores."),
    ] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Play Countdown in the terminal: pick letters and numbers, answer against the clock.

    With stdin not a terminal, answers are read one a line (a letters round reads its
    picks, such as vcvccvccc or auto, then the word; a numbers round the count of large
    numbers, then the answer; a conundrum the answer). With --json the game log is
    printed at the end and the game itself goes to stderr.
    """
    from ..atomic import atomic_writer, check_output, probe_directory
    from .play_history import check_history, record_game
    from .render import to_json

    term = Terminal(stdout=sys.stderr if as_json else sys.stdout)
    with reported(), open_dictionary() as dictionary, open_dictionary(COMMON) as common:
        game = Game(
            dictionary,
            common,
            format if rounds is None else rounds,
            seed,
            vs,
            seconds,
            display_name(state["dict"]),
        )
        # Checked before round 1: a game must not be lost to a bad log or history file at its end.
        if log is not None:
            check_output(log, not_a_game_log, "a game log", force)
            probe_directory(log)
        if not no_history:
            check_history()
        against = "" if vs == "none" else f", against the computer ({vs})"
        clock = f"{seconds} s to answer" if seconds else "no clock"
        term.say(
            term.bold(
                f"anagramdb play: {len(game.rounds)} round{'s' * (len(game.rounds) > 1)} "
                f"({game.rounds}), seed {game.seed}, {clock}{against}"
            )
        )
        try:
            for number in range(len(game.rounds)):
                term.say()
                result = play_round(term, game, number)
                for line in play_text(result, game.totals):
                    term.say(line)
            term.say()
            for line in final_lines(game):
                term.say(term.bold(line))
            if not no_history:
                best, new = record_game(game.record())
                term.say(
                    "a new best score for these rounds!"
                    if new
                    else f"your best for these rounds: {best['score']} (seed {best['seed']}, "
                    f"{best['date'][:10]})"
                )
        finally:
            if log is not None:
                record: dict[str, Any] = game.record()
                with atomic_writer(log) as handle:
                    handle.write((to_json(record) + "\n").encode("utf-8"))
        if as_json:
            emit_json(game.record())
