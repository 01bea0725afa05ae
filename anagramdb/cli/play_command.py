"""``anagramdb play``: a game of Countdown in the terminal, against the clock and, if
chosen, the computer. The game itself (draws, checks, opponent, scoring, log) is
anagramdb.countdown.game; this module asks, shows and keeps the history."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from ..countdown.game import (
    DEFAULT_FORMAT,
    DEFAULT_OPPONENT,
    DEFAULT_SECONDS,
    FORMATS,
    MAX_PLAYERS,
    PLAYER,
    Game,
)
from ..countdown.opponent import OPPONENTS
from ..dictionary import display_name
from .common import JSON_OPTION, command, emit_json, open_dictionary, option, reported, state
from .play_rounds import play_round
from .play_terminal import Terminal
from .play_text import final_lines, round_lines, summary_lines

FORMAT_HELP = ", ".join(f"{name} ({rounds})" for name, rounds in FORMATS.items())
COMMON = "common"  # conundrums and the easier opponents' words come from the packaged common words
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


def run_game(term: Terminal, game: Game) -> None:
    """Every round at the terminal, each revealed as it ends, then the final score."""
    while (rnd := game.next_round()) is not None:
        term.say()
        if rnd.crucial:
            term.say(term.bold("A tie: the crucial conundrum decides."))
        result = play_round(term, game, rnd)
        for line in round_lines(result.to_dict(), game.totals):
            term.say(line)
    term.say()
    for line in final_lines(game.totals):
        term.say(term.bold(line))


@command
def play(
    format: Annotated[
        str,
        typer.Option(
            "--format",
            help=f"Rounds: {FORMAT_HELP}, or letters such as LLNC.",
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
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help=f"A player's name; up to {MAX_PLAYERS} of them share the keyboard.",
        ),
    ] = None,
    log: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Write the game log to FILE as JSON (an existing FILE must be a game log, "
            "unless --force).",
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
            players=player or [PLAYER],
        )
        # Checked before round 1: a game must not be lost to a bad log or history file at its end.
        if log is not None:
            check_output(log, not_a_game_log, "a game log", force)
            probe_directory(log)
        if not no_history:
            check_history()
        people = "" if game.humans == [PLAYER] else f", players {', '.join(game.humans)}"
        against = "" if vs == "none" else f", against the computer ({vs})"
        clock = f"{seconds} s to answer" if seconds else "no clock"
        count = len(game.rounds)
        term.say(
            term.bold(
                f"anagramdb play: {count} round{'s' * (count > 1)} ({game.rounds}), "
                f"seed {game.seed}, {clock}{people}{against}"
            )
        )
        try:
            run_game(term, game)
            owner = game.humans[0]
            for line in summary_lines(game.record(), owner):
                term.say(line)
            if not no_history:
                best, new = record_game(game.record())
                term.say(
                    "a new best score for these rounds!"
                    if new
                    else f"your best for these rounds: {best['score']} "
                    f"(seed {best['seed']}, {best['date'][:10]})"
                )
        except KeyboardInterrupt:
            if not term.fresh:
                term.write("\n")
            raise
        finally:
            if log is not None:
                record: dict[str, Any] = game.record()
                with atomic_writer(log) as handle:
                    handle.write((to_json(record) + "\n").encode("utf-8"))
        if as_json:
            emit_json(game.record())
