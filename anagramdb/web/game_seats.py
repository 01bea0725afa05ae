"""A seat's hold on its room from the browser: the seat cookie, read leniently and renewed,
and the seat's one update stream (game_http.py serves both).

The cookie is ``seat_CODE=TOKEN`` (Path=/game, HttpOnly, SameSite=Lax), renewed for
SEAT_COOKIE_SECONDS by every page and action of the seat, so that it outlives any game.
Cookies are read pair by pair, not by http.cookies: another application on the same host
(cookies know no port) may set one that a strict parser gives up on, with everything
after it, and the seat's cookie must still be found beside it.

A seat has one update stream at a time (rooms.Seat.stream numbers them): a new one (a
reload, a second tab) takes over and the old one ends with a ``replaced`` event, so a
player never holds more than one of the server's wait slots. A stream ends with
``closed`` when the room is removed or the seat is no longer this browser's (the host
removed it, or let another browser into it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

from .match import Match, MoveError
from .rooms import SEAT_COOKIE_SECONDS, Room, Seat
from .routes import POLL_SECONDS, Event, Request

TYPE_CHECKING = False
if TYPE_CHECKING:
    import threading


def cookies(request: Request) -> dict[str, str]:
    """The request's cookies by name (the first of a name wins, as browsers send the most
    specific path first); pairs without ``=`` are passed over."""
    found: dict[str, str] = {}
    for header in request.headers.get_all("Cookie") or []:
        for pair in header.split(";"):
            name, equals, value = pair.strip().partition("=")
            if equals and name and name not in found:
                found[name] = value.strip().strip('"')
    return found


def seat_cookie(room: Room[Any], token: str) -> dict[str, str]:
    """The Set-Cookie header that keeps (or renews) a seat."""
    return {
        "Set-Cookie": f"seat_{room.code}={token}; Path=/game; Max-Age={SEAT_COOKIE_SECONDS}; "
        "HttpOnly; SameSite=Lax"
    }


def room_view(room: Room[Any], seat: Seat | None, now: float, epoch: float) -> dict[str, Any]:
    """The room and its game (a match.Match) as *seat* sees it (None: a visitor), at *now*
    on the rooms' clock, whose zero is *epoch* on the wall clock (hold the lock)."""
    assert room.game is not None
    shown = room.game.view(seat.name if seat else None, now)
    current = shown.get("round") or {}
    if current.get("deadline") is not None:  # as wall-clock time, for the page to show
        current["ends"] = round(epoch + current["deadline"], 1)
    current.pop("deadline", None)
    host = room.host
    if seat is not None and seat is host:  # who asks to be let in (rooms.Room.claim)
        shown["claims"] = sorted({claimed.name for claimed in room.claims.values()})
    players = [
        {"name": s.name, "here": s.connected(now), "live": s.streams > 0, "host": s is host}
        for s in room.seats
    ]
    return {
        "game": room.code,
        "solo": room.solo,
        "version": room.version,
        "you": seat.name if seat else None,
        "host": host.name if host else None,
        "server_time": time.time(),
        "players": players,
        **shown,
    }


def host_action(room: Room[Match], action: str, name: str, now: float) -> None:
    """The host's say over another seat (hold the lock): ``admit`` a new browser into it
    (rooms.Room.admit), ``remove`` it (away for good if the game has begun), or ``skip``
    it when the game waits for it and it has no stream open (match.Match.skip)."""
    match = room.game
    assert match is not None
    seat = room.named(name)
    if seat is room.host:
        raise MoveError("the host cannot do that to their own seat")
    if action == "admit":
        room.admit(seat, now)
    elif action == "remove":
        room.leave(seat)
        if match.game is not None:
            match.gone.add(seat.name)
    elif seat.streams and seat.connected(now):
        raise MoveError(f"{seat.name} is here: the host can skip only a player who is away")
    else:
        match.skip(seat.name, now)


def stream(
    room: Room[Any],
    seat: Seat,
    mine: int,
    stopping: threading.Event,
    render: Callable[[Room[Any], Seat, int], str],
    left: Callable[[Room[Any], Seat], None],
) -> Iterator[Event | None]:
    """The events of *seat*'s stream number *mine* (its count of open streams already
    raised by one): an ``update`` (data from *render*, under the room's lock) at every
    version; None every POLL_SECONDS while nothing changes; ``replaced`` or ``closed`` to
    end. When it ends, *left* is called under the lock."""
    token = seat.token
    seen = -1
    try:
        while True:
            version = room.updates.wait(seen, POLL_SECONDS, stopping)
            if version is None:  # the server is stopping
                return
            if room.closed or seat.token != token or seat not in room.seats:
                yield Event("closed", "{}")
                return
            if seat.stream != mine:
                yield Event("replaced", "{}")
                return
            if version == seen:
                yield None
                continue
            with room.lock:
                data = render(room, seat, version)
            seen = version
            yield Event("update", data)
    finally:
        with room.lock:
            seat.streams -= 1
            left(room, seat)
            room.changed()
