"""``anagramdb history``: the games played, statistics by week, best scores and daily
challenges, from the history file that ``play`` (and the web page) keep
(countdown/history.py)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .common import JSON_OPTION, command, emit_json, reported

DEFAULT_SHOWN = 10
WIDE = 72  # columns the one-line tables need; narrower screens get two lines a game


def _percent(share: float | None) -> str:
    return "-" if share is None else f"{share:.0%}"


def _scores(game: dict[str, Any]) -> str:
    return "-".join(str(score) for score in game["scores"].values())


def _game_lines(game: dict[str, Any], wide: bool) -> list[str]:
    clock = f"{game['seconds']} s" if game.get("seconds") else "none"
    opponent = game.get("opponent") or "none"
    if len(game.get("players") or []) > 1:
        opponent = " & ".join(game["players"][1:]) + ("" if opponent == "none" else f" +{opponent}")
    what = f"daily {game['daily']}" if game.get("daily") else game.get("format") or game["rounds"]
    result = game.get("result") or "-"
    date = str(game["date"])[:10]
    if not wide:  # two lines of at most 40 columns
        return [f"  {date}  {what[:26]}", f"    {opponent[:16]}, {clock}: {_scores(game)} {result}"]
    return [f"  {date}  {what:<16} {opponent:<10} {clock:>6}  {_scores(game):<9} {result}"]


def _week_line(week: str, s: dict[str, Any], wide: bool) -> str:
    mean = "-" if s["mean_length"] is None else f"{s['mean_length']:.1f}"
    solved = "-" if not s["conundrums"] else f"{_percent(s['solved'])} of {s['conundrums']}"
    if not wide:
        solved = "-" if not s["conundrums"] else _percent(s["solved"])
        return (
            f"  {week:<9}{s['games']:>4}{s['wins']:>4}{mean:>5}{_percent(s['maxima']):>5}"
            f"{_percent(s['exact']):>5}{solved:>5}"
        )
    return (
        f"  {week:<9} {s['games']:>5} {s['wins']:>4}  {mean:>6} {_percent(s['maxima']):>7}"
        f"  {_percent(s['exact']):>6}  {solved}"
    )


def _run(run: dict[str, Any]) -> str:
    wins = f"{run['wins']} win{'s' * (run['wins'] != 1)}"
    ended = {None: "going on", "octochamp": "an octochamp"}.get(run.get("ended"), "then a")
    if ended == "then a":
        ended = f"then a {run['ended']}"
    return f"{wins} from {str(run['started'])[:10]}, {ended}"


def history_lines(
    history: dict[str, Any], stats: dict[str, Any], shown: int, width: int = 80
) -> list[str]:
    """The text of ``anagramdb history``, its tables for *width* columns (under WIDE: a
    game on two lines, the weeks' table narrower, all within 40 columns)."""
    wide = width >= WIDE
    games = history["games"]
    if not games:
        return ["no games yet: play one with anagramdb play"]
    overall = stats["overall"]
    lines = [
        f"{overall['games']} game{'s' * (overall['games'] != 1)} since "
        f"{str(games[0]['date'])[:10]}:"
        f" {overall['wins']} won, {overall['draws']} drawn, {overall['losses']} lost;"
        f" {overall['points']} of {overall['available']} points available",
        "",
        f"last {min(shown, len(games))} games:",
        "  date        format           opponent    clock  score     result"
        if wide
        else "  date        format\n    opponent, clock: score result",
        *(line for game in reversed(games[-shown:]) for line in _game_lines(game, wide)),
        "",
        "by week:        (letters: mean length, share of maxima; numbers: share exact)"
        if wide
        else "by week: letters (mean length, maxima),\nnumbers exact, conundrums solved",
        "  week      games  won  letters maxima   exact  conundrums"
        if wide
        else "  week      gms won mean  max  exa  con",
        *(_week_line(week, summary, wide) for week, summary in stats["weeks"].items()),
    ]
    if history["best"]:
        lines += ["", "best scores (timed games of one player):"]
        for key, best in sorted(history["best"].items()):
            rounds, opponent, clock = key.rsplit("/", 2)
            lines.append(
                f"  {rounds} against {opponent}, {clock} s: {best['score']}"
                f" ({best['date'][:10]}, seed {best['seed']})"
            )
    runs = stats.get("runs") or {}
    if runs.get("count"):
        best, current = runs["best"], runs["current"]
        lines += ["", f"champion's runs (play --champion): {runs['count']}"]
        lines.append(f"  best: {_run(best)}")
        lines.append(f"  current: {_run(current) if current else 'none (the next starts afresh)'}")
    if history["daily"]:
        lines += ["", "daily challenges:"]
        for day, attempt in sorted(history["daily"].items())[-shown:]:
            lines.append(f"  {day}: {attempt['score']} of {attempt['available']}")
    if wide:
        return lines
    import textwrap

    room = max(20, width - 1)
    return [
        part
        for line in "\n".join(lines).split("\n")
        for part in (
            textwrap.wrap(line, room, subsequent_indent="    ", break_on_hyphens=False) or [""]
        )
    ]


@command
def history(
    games: Annotated[
        int,
        typer.Option(
            "--games", min=1, max=5000, metavar="N", help="How many recent games to list."
        ),
    ] = DEFAULT_SHOWN,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Show your games, statistics by week, best scores and daily challenges.

    The history is kept by play in $XDG_DATA_HOME/anagramdb/history.json. With --json,
    the whole history and its statistics are printed as one object.
    """
    from ..countdown.history import history_path, load_history
    from ..countdown.history_stats import statistics

    with reported():
        path = history_path()
        record = load_history(path)
        stats = statistics(record)
        if as_json:
            emit_json({**record, "statistics": stats})
            return
        import shutil

        width = shutil.get_terminal_size().columns
        for line in history_lines(record, stats, games, width):
            typer.echo(line)
