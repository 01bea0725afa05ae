"""Rooms: the games the server keeps, each behind an unguessable code.

A room is one game of Countdown with its seats: one for a game played alone (against the
computer or not), 2 to MAX_SEATS for friends on the same network. Every room has::

    code       ROOM_CODE_BYTES random bytes, URL-safe (a link to /game/CODE is the invitation)
    seats      a name each, and a secret token kept in the player's cookie: the same browser
               comes back to its seat after a reload or a dropped connection (rejoin); a
               seat changes browser only when the host lets in a claim to it (Room.claim)
    updates    the room's version (routes.Updates), moved on by every change that others
               should see; the update streams wait on it
    lock       held by every change to the room or its game (re-entrant), so that one
               room's work never holds up another room's requests

The Registry owns the rooms of one server process and bounds them: at most MAX_ROOMS at
once (finished games given up first), at most MAX_ROOMS_PER_CLIENT of them created by
one address (its oldest given up for a new one), rooms idle for IDLE_SECONDS removed,
and finished games idle for FINISHED_SECONDS (Registry.sweep, run when rooms are made and
once a minute while the server runs: game_http.Games.sweep), and each room's actions limited to a
steady ACTIONS_PER_SECOND (Room.actions), each seat's typing to TYPING_PER_SECOND
(Seat.typing), so that one busy room cannot take the server's time from the others.
"""

from __future__ import annotations

import ipaddress
import secrets
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

from ..countdown.names import MAX_NAME as MAX_NAME  # the engine's bound, for the forms
from ..countdown.names import clean_name as engine_name
from ..countdown.names import too_alike
from ..errors import InvalidGameError
from .params import ApiError
from .routes import Updates

ROOM_CODE_BYTES = 12  # 96 bits: 16 URL-safe characters; guessing one is hopeless
TOKEN_BYTES = 18  # a seat's secret
MAX_SEATS = 8
MAX_ROOMS = 32  # rooms one server process keeps at once
MAX_ROOMS_PER_CLIENT = 6  # of them created by one address
IDLE_SECONDS = 30 * 60  # a room nobody has touched this long is removed
# A finished game is kept this long after its last touch: its players read the scores and
# may ask for a rematch; then its memory (about 100 KiB for a full game of four) goes.
FINISHED_SECONDS = 10 * 60
SEAT_COOKIE_SECONDS = 12 * 3600  # a seat cookie's life, renewed by every page and action
AWAY_SECONDS = 15.0  # a player with no stream and no request this long is away
ACTIONS_PER_SECOND = 25.0  # a room's steady rate of actions that everyone sees
ACTIONS_BURST = 50.0
TYPING_PER_SECOND = 10.0  # a seat's steady rate of sending its box as typed
TYPING_BURST = 20.0

Game = TypeVar("Game")


class RoomError(ApiError):
    """A request about a room refused: an HTTP status and a one-line message."""


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def new_code() -> str:
    return secrets.token_urlsafe(ROOM_CODE_BYTES)


def clean_name(text: str) -> str:
    """A player's name as shown, by the engine's rule (countdown/names.py); RoomError 400
    with the rule's sentence when it breaks it."""
    try:
        return engine_name(text)
    except InvalidGameError as exc:
        raise RoomError(400, str(exc)) from None


class Bucket:
    """A token bucket: *rate* a second, at most *burst* at once."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.filled = now

    def take(self, now: float) -> bool:
        """Whether one more may go ahead now (and count it)."""
        self.tokens = min(self.burst, self.tokens + (now - self.filled) * self.rate)
        self.filled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class SeatAway(RoomError):
    """A newcomer asks for the seat of a player who is away: the host may let them in."""

    def __init__(self, seat: Seat, host: str) -> None:
        super().__init__(
            409,
            f"{seat.name} is away: {seat.name}'s own browser gets the seat back by opening the "
            f"link again, or {host} (the host) can let you in",
        )
        self.seat = seat


class Seat:
    """One player's place in a room: name, secret token, when it was last heard from, and
    its one update stream."""

    def __init__(self, name: str, now: float) -> None:
        self.name = name
        self.token = secrets.token_urlsafe(TOKEN_BYTES)
        self.seen = now
        self.streams = 0  # update streams open now: 0 or 1, for a moment 2 (the new one wins)
        self.stream = 0  # the newest stream's number: an older one ends ("replaced")
        self.alarm = 0.0  # when the server looks again whether the player is away (0: not set)
        self.typing = Bucket(TYPING_PER_SECOND, TYPING_BURST, now)  # the box as typed

    def connected(self, now: float) -> bool:
        """Whether the player is here: an update stream open, or a request in the last
        AWAY_SECONDS (a page without the script is held here until its next reload)."""
        return self.streams > 0 or now - self.seen < AWAY_SECONDS

    def away_at(self) -> float:
        """When the player is away if nothing more is heard (with no stream open)."""
        return self.seen + AWAY_SECONDS


class Room(Generic[Game]):
    """A room: its seats, its game (made by the caller), its version and its lock."""

    def __init__(self, code: str, solo: bool, creator: str, now: float) -> None:
        self.code = code
        self.solo = solo
        self.creator = creator  # the address that made it (Registry's per-client bound)
        self.seats: list[Seat] = []
        self.claims: dict[str, Seat] = {}  # a newcomer's token -> the away seat it asks for
        self.game: Game | None = None
        self.updates = Updates()
        self.lock = threading.RLock()
        self.touched = now
        self.closed = False
        self.finished = False  # the game is over: the first room given up when space is short
        self.actions = Bucket(ACTIONS_PER_SECOND, ACTIONS_BURST, now)

    @property
    def host(self) -> Seat | None:
        return self.seats[0] if self.seats else None

    @property
    def version(self) -> int:
        return self.updates.version

    def changed(self) -> None:
        """Move the version on and wake the update streams."""
        self.updates.publish()

    def seat(self, token: str | None) -> Seat | None:
        """The seat whose token is *token* (compared in constant time), or None."""
        if not token:
            return None
        for seat in self.seats:
            if secrets.compare_digest(seat.token, token):
                return seat
        return None

    def named(self, name: str) -> Seat:
        """The seat of the player called *name*; RoomError 404 if none."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise RoomError(404, f"nobody called {name!r} plays here")

    def claimed(self, token: str | None) -> Seat | None:
        """The seat a newcomer's *token* asks for (Room.claim), or None."""
        if not token:
            return None
        for claim, seat in self.claims.items():
            if secrets.compare_digest(claim, token):
                return seat
        return None

    def join(self, name: str, now: float, open_to_join: bool = True) -> Seat:
        with self.lock:
            return self._join(name, now, open_to_join)

    def _join(self, name: str, now: float, open_to_join: bool) -> Seat:
        """A new seat for *name*. RoomError when the room is full, the name is taken by a
        player or too like one (countdown/names.py), or the game no longer takes new
        players; SeatAway when it is the name of a player who is away (Room.claim)."""
        name = clean_name(name)
        for seat in self.seats:
            if not too_alike(seat.name, name):
                continue
            if seat.name.casefold() != name.casefold():
                raise RoomError(
                    409, f"{name} looks too like {seat.name}, who plays here: choose another name"
                )
            if seat.connected(now) or self.host is None or seat is self.host:
                raise RoomError(409, f"{seat.name} is already playing here: choose another name")
            raise SeatAway(seat, self.host.name)
        if self.solo and self.seats:
            raise RoomError(403, "this game is played alone: start your own or a room")
        if not open_to_join:
            raise RoomError(409, "the game has started: only its players can rejoin")
        if len(self.seats) >= MAX_SEATS:
            raise RoomError(409, f"the room is full ({MAX_SEATS} players)")
        seat = Seat(name, now)
        self.seats.append(seat)
        self.changed()
        return seat

    def claim(self, seat: Seat) -> str:
        """A newcomer's token asking for *seat* (its player away): it becomes the seat's
        when the host lets it in (Room.admit). A seat keeps its newest claim only."""
        for token in [token for token, claimed in self.claims.items() if claimed is seat]:
            del self.claims[token]
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.claims[token] = seat
        self.changed()
        return token

    def admit(self, seat: Seat, now: float) -> None:
        """The host lets *seat*'s newest claim in: the claimant's browser holds the seat and
        the old browser's cookie no longer does (its stream ends)."""
        tokens = [token for token, claimed in self.claims.items() if claimed is seat]
        if not tokens:
            raise RoomError(409, f"nobody asks for {seat.name}'s seat")
        seat.token = tokens[-1]
        for token in tokens:
            del self.claims[token]
        seat.seen = now
        seat.stream += 1
        self.changed()

    def hand_over(self, now: float) -> bool:
        """A host away gives the room to the first player here (before a game starts, so
        that nobody is left waiting for Start); whether it changed hands."""
        host = self.host
        if host is None or host.connected(now):
            return False
        here = next((seat for seat in self.seats if seat.connected(now)), None)
        if here is None:
            return False
        self.seats.remove(here)
        self.seats.insert(0, here)
        self.changed()
        return True

    def leave(self, seat: Seat) -> None:
        """*seat* removed from the room (the host's choice): its cookie and stream end."""
        self.seats.remove(seat)
        for token in [token for token, claimed in self.claims.items() if claimed is seat]:
            del self.claims[token]
        seat.stream += 1
        self.changed()


class Registry(Generic[Game]):
    """The rooms of one server process, by code, within the bounds of the module."""

    def __init__(
        self,
        max_rooms: int = MAX_ROOMS,
        per_client: int = MAX_ROOMS_PER_CLIENT,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        finished_seconds: float = FINISHED_SECONDS,
    ) -> None:
        self.max_rooms = max_rooms
        self.per_client = per_client
        self.idle_seconds = idle_seconds
        self.finished_seconds = min(finished_seconds, idle_seconds)
        self.clock = clock
        self._rooms: dict[str, Room[Game]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._rooms)

    def create(self, solo: bool, creator: str) -> Room[Game]:
        """A new empty room (the caller seats its host and makes its game).

        An address that has its most rooms open gives up its least recently used one
        (a player who starts one game after another only ever ends their own); loopback,
        the server's own machine, has no such bound. A server
        with its most rooms gives up its least recently used finished game, and when it
        has none, refuses: RoomError 503."""
        now = self.clock()
        self.sweep()
        with self._lock:
            mine = sorted(
                (room for room in self._rooms.values() if room.creator == creator),
                key=lambda room: room.touched,
            )
            finished = sorted(
                (room for room in self._rooms.values() if room.finished),
                key=lambda room: room.touched,
            )
            if len(mine) >= self.per_client and not is_loopback(creator):
                given_up: Room[Game] | None = mine[0]
            elif len(self._rooms) >= self.max_rooms:
                given_up = finished[0] if finished else None
                if given_up is None:
                    raise RoomError(
                        503, f"the server has its most games at once ({self.max_rooms}); try later"
                    )
            else:
                given_up = None
            code = new_code()
            room: Room[Game] = Room(code, solo, creator, now)
            self._rooms[code] = room
        if given_up is not None:
            self.remove(given_up)
        return room

    def get(self, code: str) -> Room[Game]:
        """The room of *code*, touched (it stays open); RoomError 404 if there is none."""
        room = self._rooms.get(code)
        if room is None or room.closed:
            raise RoomError(404, "there is no such game: it has ended, or the link is wrong")
        room.touched = self.clock()
        return room

    def rooms(self) -> list[Room[Game]]:
        return list(self._rooms.values())

    def remove(self, room: Room[Game]) -> None:
        with self._lock:
            self._rooms.pop(room.code, None)
        room.closed = True
        room.changed()  # its streams wake, see it closed and end

    def sweep(self) -> int:
        """Remove the rooms idle for idle_seconds, and the finished games idle for
        finished_seconds (their streams end); how many."""
        now = self.clock()
        # An open update stream does not keep a room: a tab left open is not a player.
        idle = [
            room
            for room in list(self._rooms.values())
            if now - room.touched >= (self.finished_seconds if room.finished else self.idle_seconds)
        ]
        for room in idle:
            self.remove(room)
        return len(idle)
