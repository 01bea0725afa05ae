"""The daily challenge: on a given date everyone gets the same racks, numbers and
conundrum, because every pick comes from the date (``picks="seeded"``: the letters are
called and the large numbers chosen like a contestant would, from the date's seed), never
from the player. DAILY_FORMAT rounds, DAILY_SECONDS on the clock, no computer.

The seed is the first four bytes of SHA-256 of ``anagramdb daily YYYY-MM-DD``, so any
copy of anagramdb of this version makes the same game for a date. The history keeps one
attempt a date (history.py); share_text() is the result to paste to friends, with the
points of each round and none of the answers.
"""

from __future__ import annotations

import datetime
import hashlib
import re
from typing import Any

from ..dictionary import Dictionary
from ..errors import InvalidGameError, quoted
from .game import FORMATS, PLAYER, Game
from .round_kinds import LETTERS

DAILY_FORMAT = FORMATS["daily"]
DAILY_SECONDS = 30
FIRST_DAY = datetime.date(2026, 1, 1)
DATE_FORM = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_day(text: str | None, today: datetime.date | None = None) -> datetime.date:
    """The date of a challenge: *text* as YYYY-MM-DD, or today (UTC; history.now()) when
    None or ``today``.
    Raises InvalidGameError for another form, a date before FIRST_DAY, or a future one."""
    if today is None:
        from .history import now

        today = datetime.datetime.fromtimestamp(now(), datetime.timezone.utc).date()
    if text is None or text.strip().lower() == "today":
        return today
    try:
        # fromisoformat alone also takes 20261130 and 2026-W49-1 (Python 3.11 and later)
        day = (
            datetime.date.fromisoformat(text.strip()) if DATE_FORM.fullmatch(text.strip()) else None
        )
    except ValueError:
        day = None
    if day is None:
        raise InvalidGameError(f"a daily challenge's date is YYYY-MM-DD, not {quoted(text)}")
    if day < FIRST_DAY:
        raise InvalidGameError(f"the daily challenges start on {FIRST_DAY}, not {day}")
    if day > today:
        raise InvalidGameError(f"the daily challenge of {day} is not out yet (today is {today})")
    return day


def daily_seed(day: datetime.date) -> int:
    """The date's seed (see the module docstring)."""
    digest = hashlib.sha256(f"anagramdb daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def daily_game(
    dictionary: Dictionary,
    common: Dictionary,
    day: datetime.date,
    players: list[str] | None = None,
    dictionary_name: str | None = None,
) -> Game:
    """The challenge of *day*, for *players* (the first one's attempt is recorded)."""
    return Game(
        dictionary,
        common,
        DAILY_FORMAT,
        seed=daily_seed(day),
        seconds=DAILY_SECONDS,
        dictionary_name=dictionary_name,
        players=players or [PLAYER],
        picks="seeded",
    )


def share_text(day: datetime.date, record: dict[str, Any], player: str | None = None) -> str:
    """The result to share: the score against the most available, and each round's
    points (L letters, N numbers, C conundrum), no answers."""
    player = player or (record.get("players") or [PLAYER])[0]
    rounds = [
        f"{LETTERS[r['kind']]} {r['points'].get(player, 0)}/{r.get('available', 0)}"
        for r in record["results"]
    ]
    scored = sum(r["points"].get(player, 0) for r in record["results"])
    available = sum(r.get("available", 0) for r in record["results"])
    return f"anagramdb daily {day.isoformat()}: {scored} of {available}\n" + " · ".join(rounds)
