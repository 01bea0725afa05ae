"""The daily challenge and the player's history on the web, kept by the engine
(countdown/daily.py, history.py, history_stats.py) in the same file as ``anagramdb play``.

The server is its owner's machine, so the history is the owner's: a game played alone
from the machine itself (a loopback address) is recorded when it ends, and /game/history
(with its JSON twin /game/history/state) is shown to the machine only. A game played
from elsewhere on the network, and every room, is not recorded. The daily challenge is
the same game for everyone on a date (picks from the date's seed); only its first attempt
from the machine counts, and its end shows the result to share.
"""

from __future__ import annotations

import datetime
from typing import Any

from ..countdown import daily, history, history_stats
from ..countdown.game import champion_opponent
from ..errors import AnagramDBError
from .markup import escape
from .pages import plural
from .rooms import RoomError

RECENT_GAMES = 20  # games listed on the history page


def challenge_day(text: str) -> datetime.date:
    """The date of a daily challenge asked for (``today`` or YYYY-MM-DD; RoomError 400)."""
    try:
        return daily.parse_day(text or None)
    except AnagramDBError as exc:
        raise RoomError(400, str(exc)) from None


def challenge(day: datetime.date) -> dict[str, Any]:
    """The settings of *day*'s challenge, as web.match.Match takes them."""
    return {
        "rounds": daily.DAILY_FORMAT,
        "seconds": daily.DAILY_SECONDS,
        "opponent": "none",
        "seed": daily.daily_seed(day),
        "seeded_picks": True,
    }


def record(
    game: dict[str, Any], day: datetime.date | None, champion: bool = False
) -> dict[str, Any]:
    """Record a finished game (Game.record()) in the history; what its last page says:
    ``note``, for a daily challenge ``share``, the result to paste to friends, and for a
    game of a champion's run (*champion*) ``run``, the run as it stands."""
    share = daily.share_text(day, game) if day else None
    said: list[str] = []  # a damaged history moved aside: said on the game's last page
    try:
        done = history.record_game(
            game,
            daily=day.isoformat() if day else None,
            share=share or "",
            warn=said.append,
            champion=champion,
        )
    except (AnagramDBError, OSError) as exc:
        return {"note": f"This game is not in your history: {exc}", "share": share}
    noted = _note(day, done)
    practice = day is not None and not done["daily_recorded"]  # nothing to share
    if done["run"] is not None:
        noted += " " + run_note(done["run"])
    kept = {"note": " ".join([*said, noted]), "share": None if practice else share}
    return kept | ({"run": done["run"]} if done["run"] is not None else {})


def champion_level(mode: str, day: datetime.date | None, mine: bool) -> str:
    """The opponent of a game of a champion's run: the level the wins of the run that goes
    on call for (*mine*: from the server's machine, whose history it is; else a new run).
    RoomError 400 unless the game is alone and not a daily challenge."""
    if mode != "solo" or day is not None:
        raise RoomError(400, "a champion's run is played alone")
    try:
        run = history_stats.current_run(history.load_history()) if mine else None
    except (AnagramDBError, OSError):
        run = None
    return champion_opponent(run["wins"] if run else 0)


def run_note(run: dict[str, Any]) -> str:
    wins = plural(run["wins"], "win")
    if run["ended"] is None:
        return f"Your champion's run: {wins}; the champion plays on."
    if run["ended"] == "octochamp":
        return f"{wins}: an octochamp! You retire undefeated."
    return f"Your champion's run ends after {wins}."


def _note(day: datetime.date | None, done: dict[str, Any]) -> str:
    owner = done["entry"]["scores"][done["entry"]["players"][0]]
    if day is not None and not done["daily_recorded"]:
        note = f"The challenge of {day} was played before: this attempt is not recorded."
    elif done["new_best"]:
        note = f"Recorded in your history: {owner} is a new best for these settings."
    elif done["best"]:
        note = f"Recorded in your history; your best for these settings is {done['best']['score']}."
    else:
        note = "Recorded in your history."
    return note


def not_recorded() -> dict[str, Any]:
    return {"note": "Games played from another machine are not kept in this server's history."}


def history_state() -> dict[str, Any]:
    """The history and its statistics (the JSON twin of the history page); ``warnings``:
    a damaged history file, moved aside as this page read it."""
    said: list[str] = []
    kept = history.load_history(warn=said.append)
    return {
        "warnings": said,
        "statistics": history_stats.statistics(kept),
        "games": kept["games"][-RECENT_GAMES:][::-1],
        "best": kept["best"],
        "daily": kept["daily"],
    }


def share_of(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


def statistics_rows(weeks: dict[str, dict[str, Any]]) -> str:
    rows = []
    for week, figures in weeks.items():
        cells = [
            week,
            str(figures["games"]),
            f"{figures['wins']}-{figures['draws']}-{figures['losses']}",
            "–" if figures["mean_length"] is None else f"{figures['mean_length']:.1f}",
            share_of(figures["maxima"]),
            share_of(figures["exact"]),
            share_of(figures["solved"]),
            f"{figures['points']} of {figures['available']}",
        ]
        rows.append(
            f"<tr><th scope=row>{escape(cells[0])}</th>"
            + "".join(f"<td>{escape(cell)}</td>" for cell in cells[1:])
            + "</tr>"
        )
    return "".join(rows)


def history_html(state: dict[str, Any]) -> str:
    """The history page's content: statistics overall and by week, recent games, bests."""
    overall = state["statistics"]["overall"]
    weeks = {**state["statistics"]["weeks"], "All": overall}
    head = "".join(
        f"<th scope=col>{name}</th>"
        for name in ("Week", "Games", "Won-drawn-lost", "Mean word", "Longest found",
                     "Numbers exact", "Conundrums", "Points")
    )  # fmt: skip
    games = "".join(
        f"<tr><td>{escape(game['date'][:16].replace('T', ' '))}</td>"
        f"<td>{escape(game.get('format') or game['rounds'])}"
        f"{' (daily ' + escape(game['daily']) + ')' if game.get('daily') else ''}</td>"
        f"<td>{escape(game['opponent'])}</td><td>{escape(str(game.get('seconds')))}</td>"
        f"<td>{escape(', '.join(f'{n} {s}' for n, s in game['scores'].items()))}</td>"
        f"<td>{escape(game.get('result') or '–')}</td></tr>"
        for game in state["games"]
    )
    bests = "".join(
        f"<li>{escape(key)}: {best['score']} ({escape(best['date'][:10])})</li>"
        for key, best in state["best"].items()
    )
    warned = "".join(f'<p class="status">{escape(text)}</p>' for text in state["warnings"])
    return (
        f"<h1>Your history</h1>{warned}"
        f"<p>{plural(overall['games'], 'game')} recorded, by this machine's games alone "
        "(the same history as <code>anagramdb history</code>).</p>"
        '<div class="table-wrap"><table class="history"><caption>Statistics</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{statistics_rows(weeks)}</tbody></table></div>"
        f"<h2>Best scores</h2><ul>{bests or '<li>none yet (timed games alone set them)</li>'}</ul>"
        '<div class="table-wrap"><table><caption>Recent games</caption><thead><tr>'
        "<th scope=col>Date</th><th scope=col>Rounds</th><th scope=col>Against</th>"
        "<th scope=col>Clock</th><th scope=col>Scores</th><th scope=col>Result</th></tr>"
        f"</thead><tbody>{games}</tbody></table></div>"
        '<p class="status"><a href="/game/history/state">This history as JSON</a></p>'
    )
