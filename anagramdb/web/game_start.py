"""The game's first pages: /game (play alone, the daily challenge, make a room) and the
form a newcomer to a room joins by; game_pages.py renders the game itself."""

from __future__ import annotations

from typing import Any

from ..countdown.daily import DAILY_FORMAT, DAILY_SECONDS, FIRST_DAY, parse_day
from ..countdown.game import (
    DEFAULT_FORMAT,
    DEFAULT_OPPONENT,
    DEFAULT_SECONDS,
    FORMATS,
    MAX_SECONDS,
)
from ..countdown.opponent import OPPONENTS
from .game_pages import WAIT_REFRESH, page
from .markup import escape
from .pages import error_html, plural
from .rooms import MAX_NAME, MAX_SEATS, Room, Seat

NAME_RULE = (
    f"Up to {MAX_NAME} characters; not the computer's name, nor one too like another player's."
)


def option_list(name: str, choices: list[tuple[str, str]], chosen: str) -> str:
    options = "".join(
        f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>'
        f"{escape(text)}</option>"
        for value, text in choices
    )
    return f'<select id="{name}" name="{name}">{options}</select>'


def start_page(error: str | None = None) -> str:
    """/game: play alone, make a room, or join one by its link."""
    formats = [
        (name, f"{name}: {plural(len(rounds), 'round')}") for name, rounds in FORMATS.items()
    ]
    settings = (
        f'<div class="field"><label for="rounds">Rounds</label>'
        f"{option_list('rounds', formats, DEFAULT_FORMAT)}</div>"
        f'<div class="field"><label for="seconds">Seconds on the clock</label>'
        f'<input type="number" id="seconds" name="seconds" min="0" max="{MAX_SECONDS}" '
        f'value="{DEFAULT_SECONDS}">'
        "<small>0: no clock; a round ends when every player is done</small></div>"
    )
    opponents = [(level, "nobody" if level == "none" else level) for level in OPPONENTS]
    solo = (
        '<h2>Play alone</h2><form method="post" action="/game" class="settings">'
        '<input type="hidden" name="mode" value="solo">'
        + settings
        + '<div class="field"><label for="opponent">Against the computer</label>'
        + option_list("opponent", opponents, DEFAULT_OPPONENT)
        + "</div><button>Play</button></form>"
    )
    room = (
        "<h2>Play with friends</h2><p>Make a room, then send its link to 1 to "
        f"{MAX_SEATS - 1} friends on the same network.</p>"
        '<form method="post" action="/game" class="settings">'
        '<input type="hidden" name="mode" value="room">'
        f'<div class="field"><label for="name">Your name</label><input type="text" id="name" '
        f'name="name" required maxlength="{MAX_NAME}" autocomplete="nickname" '
        f'aria-describedby="name-rule"><small id="name-rule">{NAME_RULE}</small></div>'
        + settings.replace('id="', 'id="room-').replace('for="', 'for="room-')
        + "<button>Make a room</button></form>"
    )
    today_is = parse_day(None).isoformat()
    today = (
        f"<h2>The daily challenge</h2><p>The same {len(DAILY_FORMAT)} rounds for everyone "
        f"today, {DAILY_SECONDS} s each; "
        "only your first attempt counts.</p>"
        '<form method="post" action="/game" class="settings">'
        '<input type="hidden" name="mode" value="solo">'
        '<div class="field"><label for="daily">Day</label>'
        f'<input type="date" id="daily" name="daily" value="{today_is}" min="{FIRST_DAY}" '
        f'max="{today_is}" required></div>'
        "<button>Play the challenge</button></form>"
    )
    champion = (
        "<h2>A champion's run</h2><p>Game after game against a computer that rises with "
        "your wins (easy, medium, then hard) until a loss; eight wins make an octochamp. "
        "The run is kept in your history, as <code>anagramdb play --champion</code> keeps it."
        "</p>"
        '<form method="post" action="/game" class="settings">'
        '<input type="hidden" name="mode" value="solo">'
        '<input type="hidden" name="champion" value="1">'
        "<button>Play as champion</button></form>"
    )
    content = (
        "<h1>Countdown</h1>"
        + (error_html(error) if error else "")
        + "<p>Letters, numbers and the conundrum, scored as on the show. "
        '<a href="/game/history">Your history and statistics</a>.</p>'
        + solo
        + today
        + champion
        + room
    )
    return page("Countdown", content)


def join_page(
    room: Room[Any], view: dict[str, Any], claim: Seat | None = None, error: str | None = None
) -> str:
    """The form a newcomer joins by; for a browser that asked for an away player's seat,
    the wait for the host to let it in (the page reloads itself)."""
    names = ", ".join(escape(player["name"]) for player in view["players"]) or "nobody yet"
    if claim is not None:
        content = (
            f'<noscript><meta http-equiv="refresh" content="{WAIT_REFRESH}"></noscript>'
            f'<h1 id="claim" data-state="/game/{room.code}/state">Waiting for the host</h1>'
            f"<p>You asked for {escape(claim.name)}'s seat. {escape(view['host'] or '')} "
            "(the host) can let you in; this page looks again every few seconds.</p>"
            f"<p>Playing: {names}.</p>"
        )
        return page("Waiting for the host", content)
    started = view["phase"] != "lobby"
    content = (
        "<h1>Join the game</h1>"
        + (error_html(error) if error else "")
        + f"<p>Playing: {names}."
        + (" The game has started: only its players can rejoin." if started else "")
        + "</p>"
        f'<form method="post" action="/game/{room.code}" class="settings">'
        '<input type="hidden" name="do" value="join">'
        f'<div class="field"><label for="name">Your name</label><input type="text" id="name" '
        f'name="name" required maxlength="{MAX_NAME}" autocomplete="nickname" autofocus '
        f'aria-describedby="name-rule"><small id="name-rule">{NAME_RULE}</small></div>'
        "<button>Join</button></form>"
    )
    return page("Join the game", content)
