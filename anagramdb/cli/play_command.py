"""``anagramdb play``: a game of Countdown in the terminal, against the clock and, if
chosen, the computer. The game itself (draws, checks, opponent, scoring, log) is
anagramdb.countdown.game; this module asks, shows and keeps the history."""

from __future__ import annotations

import sys
from contextlib import ExitStack, suppress
from typing import Annotated, Any

import typer

from ..countdown.game import (
    DEFAULT_FORMAT,
    DEFAULT_OPPONENT,
    DEFAULT_SECONDS,
    FORMATS,
    MAX_PLAYERS,
    MAX_SECONDS,
    PLAYER,
    Game,
)
from ..countdown.opponent import OPPONENTS
from ..packaged import COMMON_NAME
from ..resolve import display_name
from .common import (
    JSON_OPTION,
    command,
    emit_json,
    open_dictionary,
    option,
    reported,
    state,
    usage_error,
)
from .play_clock import beat
from .play_rounds import play_round
from .play_terminal import Terminal
from .play_text import best_line, final_lines, replay_lines, round_lines, summary_lines

FORMAT_HELP = ", ".join(f"{name} ({rounds})" for name, rounds in FORMATS.items())


def run_game(term: Terminal, game: Game) -> None:
    """Every round at the terminal, each revealed as it ends and held until it is read
    (the beat), then the final score."""
    first = True
    while (rnd := game.next_round()) is not None:
        if not first:
            beat(term, game, rnd)
        first = False
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
        str, typer.Option("--format", help=f"Rounds: {FORMAT_HELP}, or letters such as LLNC.")
    ] = DEFAULT_FORMAT,
    rounds: Annotated[
        str | None,
        typer.Option(
            help="Custom rounds, e.g. LLNC: L letters, N numbers, C conundrum (overrides --format)."
        ),
    ] = None,
    seconds: Annotated[
        int,
        typer.Option(
            min=0,
            max=MAX_SECONDS,
            help="Seconds on the clock for each answer (0: no clock).",
        ),
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
            help=f"A player's name; up to {MAX_PLAYERS} people share the keyboard (give it "
            "once for each).",
        ),
    ] = None,
    daily: Annotated[
        str | None,
        typer.Option(
            "--daily",
            metavar="[DATE]",
            help="The daily challenge: everyone gets the same rounds on a date (today, or "
            "YYYY-MM-DD); one attempt a day is recorded.",
        ),
    ] = None,
    replay: Annotated[str | None, typer.Option(metavar="LOG", hidden=True)] = None,
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
    define: Annotated[
        bool,
        typer.Option(
            "--define/--no-define",
            help="After each letters round and conundrum, say what the words mean.",
        ),
    ] = True,
    no_history: Annotated[
        bool,
        typer.Option("--no-history", help="Do not record the game in the history."),
    ] = False,
    champion: Annotated[
        bool,
        typer.Option(
            "--champion",
            help="A champion's run: game after game against a rising opponent until a "
            "loss; eight wins make an octochamp (the run is kept in the history).",
        ),
    ] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Play Countdown in the terminal: pick letters and numbers, answer against the clock.

    During the clock, Enter writes down what you typed (as often as you like); what is
    on the line when the clock stops is written down too, and with more than one you
    declare one (a digit; Enter keeps the longest word, or the closest working). The
    line edits as in bash: Left, Right, Home, End, Backspace, Delete, Ctrl-U, Ctrl-W.
    The conundrum is a buzzer: type the answer and press Enter. Without a clock, Enter
    answers. After each round, Enter goes on to the next. Ctrl-Z and fg stop and resume
    the game. People sharing the keyboard (--player) think during the clock, then
    declare in turn, hidden.

    With stdin not a terminal, answers are read one a line (a letters round reads its
    picks, such as vcvccvccc or auto, then the word; a numbers round the count of large
    numbers, then the working; a conundrum the answer). With --json the game log is
    printed at the end and the game itself goes to stderr.
    """
    if replay is not None:  # the old form of replay
        if daily is not None or log is not None:
            raise usage_error("--replay shows a logged game: leave out --daily and --log")
        from .messages import superseded

        superseded("play --replay LOG", "replay LOG")
        show_replay(replay, as_json)
        return
    term = Terminal(stdout=sys.stderr if as_json else sys.stdout)
    with reported():
        if champion:
            given = [
                name for name, changed in (
                    ("--vs", vs != DEFAULT_OPPONENT), ("--player", bool(player)),
                    ("--daily", daily is not None), ("--log", log is not None),
                    ("--no-history", no_history), ("--json", as_json),
                ) if changed
            ]  # fmt: skip
            if given:
                raise usage_error(
                    "--champion plays game after game against its own opponents, kept in "
                    f"the history: leave out {', '.join(given)}"
                )
            from .play_champion import champion_run

            spec = format if rounds is None else rounds
            champion_run(term, spec, seconds, seed, define, play_one)
            return
        if daily is not None:
            given = [
                name for name, changed in (
                    ("--format", format != DEFAULT_FORMAT), ("--rounds", rounds is not None),
                    ("--seconds", seconds != DEFAULT_SECONDS), ("--seed", seed is not None),
                    ("--vs", vs != DEFAULT_OPPONENT),
                ) if changed
            ]  # fmt: skip
            if given:
                raise usage_error(
                    f"--daily sets its own rounds, seed and clock: leave out {', '.join(given)}"
                )
        with (
            open_dictionary() as dictionary,
            open_dictionary(COMMON_NAME) as common,
            ExitStack() as stack,
        ):
            game, day = _new_game(
                dictionary, common, format if rounds is None else rounds, seed, vs, seconds,
                player, daily,
            )  # fmt: skip
            if define:  # Dictionary Corner in each reveal
                from ..definitions import Definitions

                game.definitions = stack.enter_context(Definitions())
            with term.owned():  # however the game ends, the terminal is given back
                _play(term, game, day, log, force, no_history)
        if as_json:
            emit_json(game.record())


@command
def replay(
    log: Annotated[
        str, typer.Argument(help="A game log, written by play --log FILE.", metavar="LOG")
    ],
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Review a logged game, round by round (--json: the log's record)."""
    show_replay(log, as_json)


def show_replay(path: str, as_json: bool) -> None:
    """Print the game logged in *path*: its rounds as play revealed them, or its record."""
    if not path:
        raise usage_error("no game log given (an empty name)")
    from ..countdown.game_log import load_log

    with reported():
        record = load_log(path)
    if as_json:
        emit_json(record)
        return
    for line in replay_lines(record):
        typer.echo(line)


def _new_game(
    dictionary: Any,
    common: Any,
    spec: str,
    seed: int | None,
    vs: str,
    seconds: int,
    player: list[str] | None,
    daily: str | None,
) -> tuple[Game, Any]:
    name = display_name(state["dict"])
    day = None
    if daily is None:
        game = Game(dictionary, common, spec, seed, vs, seconds, name, players=player or [PLAYER])
    else:
        from ..countdown.daily import daily_game, parse_day

        day = parse_day(daily)
        game = daily_game(dictionary, common, day, player, name)
    if len(game.humans) > 1:  # one keyboard: each declares in turn, in a window of their own
        game.declarations = "in turn"
    return game, day


def _play(
    term: Terminal,
    game: Game,
    day: Any,
    log: str | None,
    force: bool,
    no_history: bool,
    champion: bool = False,
) -> dict[str, Any] | None:
    """Check the log and history, play every round, then sum up and record the game
    (*champion*: on the champion's run); what the history said (None: not recorded)."""
    from ..atomic import atomic_writer, check_output, probe_directory
    from ..countdown.game_log import not_a_game_log
    from ..countdown.history import check_history, record_game
    from .render import to_json

    # Checked before round 1: a game must not be lost to a bad log or history file at its end.
    if log is not None:
        check_output(log, not_a_game_log, "a game log", force)
        probe_directory(log)
    history = None if no_history else check_history()
    practice = day is not None and history is not None and day.isoformat() in history["daily"]
    try:  # from the header on, the log is written however the game ends (Ctrl-C, SIGTERM)
        term.say(term.bold(_header(game, day)))
        if practice and history is not None:
            done = history["daily"][day.isoformat()]
            term.say(
                f"your attempt on {day} is recorded ({done['score']} of {done['available']}): "
                "this one is practice"
            )
        run_game(term, game)
        record = game.record()
        for line in summary_lines(record, game.humans[0]):
            term.say(line)
        share = ""
        if practice:  # the date's attempt is kept: nothing to share, nothing counted
            term.say(f"practice: not recorded (the attempt on {day} is)")
        elif day is not None:
            from ..countdown.daily import share_text

            share = share_text(day, record)
            term.say()
            term.say("share your result:")
            for line in share.splitlines():
                term.say(line)
        if history is not None and not practice:
            daily = day.isoformat() if day is not None else None
            # a best only for a game played live, not answers fed by a script
            recorded = record_game(
                record, daily=daily, share=share, live=term.interactive, champion=champion
            )
            said = best_line(record, recorded)
            if said:
                term.say(said)
            return recorded
        return None
    except KeyboardInterrupt:
        if not term.fresh:
            with suppress(OSError):  # after SIGHUP the terminal may be gone
                term.write("\n")
        raise
    finally:
        if log is not None:
            with atomic_writer(log) as handle:
                handle.write((to_json(game.record()) + "\n").encode("utf-8"))


def play_one(term: Terminal, game: Game, define: bool) -> dict[str, Any] | None:
    """One game of a champion's run, with Dictionary Corner if *define*; what the
    history said of it."""
    with ExitStack() as stack:
        if define:
            from ..definitions import Definitions

            game.definitions = stack.enter_context(Definitions())
        with term.owned():
            return _play(term, game, None, None, False, False, champion=True)


def _header(game: Game, day: Any) -> str:
    people = "" if game.humans == [PLAYER] else f", players {', '.join(game.humans)}"
    level = game.opponent_level
    against = "" if level == "none" else f", against the computer ({level})"
    clock = f"{game.seconds} s to answer" if game.seconds else "no clock"
    count = len(game.rounds)
    what = f"daily challenge {day}" if day is not None else f"seed {game.seed}"
    return (
        f"anagramdb play: {count} round{'s' * (count > 1)} ({game.rounds}), {what}, "
        f"{clock}{people}{against}"
    )
