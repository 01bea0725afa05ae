"""The game's addresses: pages and forms that work without JavaScript, their JSON twins,
and a Server-Sent Events stream of updates for each seat::

    GET  /game                     start a game alone, make a room
    POST /game                     make it (mode=solo|room, name, rounds, seconds, opponent)
    GET  /game/CODE                the game as this seat sees it (a join form for a newcomer)
    POST /game/CODE                an action: do=join|start|pick|large|enter|line|buzz|
                                   declare|finish|next|rematch, or the host's
                                   remove|skip|admit (player=NAME)
    GET  /game/CODE/state          the same as JSON (the view of match.Match.view)
    GET  /game/events/CODE         text/event-stream: the page's changing parts, pushed

A seat is known by its cookie (``seat_CODE``, Path=/game, HttpOnly, SameSite=Lax, renewed
for SEAT_COOKIE_SECONDS by every page and action of the seat): the same browser gets its
seat back after a reload or a lost connection. A seat has one update stream: a new one (a
reload, another tab) ends the old with a ``replaced`` event. A form answers with a 303
to the page (so Reload never repeats an action); a fetch that asks for JSON gets
``{"ok": true}`` or ``{"error": ...}``. The server bounds the body and checks where a post
comes from (handler.py); each field is read by the rules of params.py (a name then by
rooms.clean_name), and each room and seat has its rate of actions (rooms.Bucket).

The games of a server process live in its Games, found from the process's Solvers
(games_for): with ``serve --workers N`` each process would have rooms of its own, so the
game pages say games are not available here (PLAYERS_MESSAGE, 503), and the operator is
told why when the server starts (game_routes.WORKERS_MESSAGE, workers.py).
"""

from __future__ import annotations

import json
import re
import threading
import time
import weakref
from typing import Any

from ..countdown.game import (
    DEFAULT_FORMAT,
    DEFAULT_OPPONENT,
    DEFAULT_SECONDS,
    FORMATS,
    MAX_SECONDS,
)
from ..countdown.opponent import OPPONENTS
from ..countdown.picks import DEFAULT_LARGE
from ..countdown.show import MAX_LARGE
from ..errors import AnagramDBError
from .alarms import Alarms
from .assets import SCRIPT, STYLE, content_security_policy
from .game_assets import GAME_SCRIPT, GAME_STYLE
from .game_history import (
    challenge,
    challenge_day,
    champion_level,
    history_html,
    history_state,
    not_recorded,
    record,
)
from .game_pages import page, refresh, regions, room_page
from .game_seats import cookies, host_action, room_view, seat_cookie, stream
from .game_start import join_page, start_page
from .match import LOBBY, OVER, Match, MoveError
from .params import ApiError, Params, integer, one
from .rooms import (
    Registry,
    Room,
    RoomError,
    Seat,
    SeatAway,
    clean_name,
    is_loopback,
)
from .routes import EventStream, Request, Response
from .solvers import Solvers

CODE = re.compile(r"/game/([A-Za-z0-9_-]{16})(/state)?")
EVENTS = re.compile(r"/game/events/([A-Za-z0-9_-]{16})")
PLAYERS_MESSAGE = "games are not available on this server just now: ask whoever runs it"
ACTIONS = (
    "join", "start", "pick", "large", "enter", "line", "buzz", "declare", "finish", "next",
    "rematch", "remove", "skip", "admit",
)  # fmt: skip
HOST_ACTIONS = ("start", "remove", "skip", "admit")
NO_SCRIPT_TURN = 45.0  # seconds a page without the script is held here while its player acts


# The game's pages carry their own script and style sheet beside the site's.
POLICY = content_security_policy((SCRIPT, GAME_SCRIPT), (STYLE, GAME_STYLE))


def html(status: int, text: str) -> Response:
    """A game page (never cached: it is one seat's view of a game that moves on)."""
    return Response.html(status, text)._replace(headers={"Content-Security-Policy": POLICY})


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


class Games:
    """The games of one server process: the rooms and their clock."""

    def __init__(self, registry: Registry[Match] | None = None) -> None:
        self.rooms: Registry[Match] = Registry() if registry is None else registry
        self.alarms = Alarms(self.rooms.clock)
        self.epoch = time.time() - self.rooms.clock()  # the wall clock at the clock's zero
        self.processes = 1  # that serve the socket (workers.serve): rooms need it to be one
        self._sweep_at = 0.0

    def close(self) -> None:
        self.alarms.stop()
        for room in self.rooms.rooms():
            self.rooms.remove(room)

    # --- routing --------------------------------------------------------------------

    def handle(self, request: Request) -> Response:
        """The reply to a request for /game or under it (an ApiError becomes its status)."""
        try:
            if self.processes > 1:
                raise RoomError(503, PLAYERS_MESSAGE)
            return self._route(request)
        except ApiError as exc:  # RoomError, or a field that breaks its rule (params.py)
            if wants_json(request) or request.path.endswith("/state"):
                return Response.json(exc.status, {"error": str(exc)})
            return html(exc.status, start_page(error=str(exc)))

    def _route(self, request: Request) -> Response:
        if request.path in ("/game/history", "/game/history/state"):
            return self.history(request)
        if request.path in ("/game", "/game/"):
            if request.method == "POST":
                return self.create(request)
            return html(200, start_page())
        matched = CODE.fullmatch(request.path)
        if not matched:
            raise RoomError(404, f"there is no page {request.path[:80]}")
        room, seat = self.find(matched.group(1), request)
        if request.method == "POST":
            if matched.group(2):
                raise RoomError(405, "actions are posted to the game's page")
            return self.act(room, seat, request)
        with room.lock:
            if seat is None:
                if matched.group(2):
                    return Response.json(200, self.view(room, None))
                claim = room.claimed(cookies(request).get(f"seat_{room.code}"))
                return html(200, join_page(room, self.view(room, None), claim))
            renew = seat_cookie(room, seat.token)
            if matched.group(2):
                return Response.json(200, self.view(room, seat), headers=renew)
            view = self.view(room, seat)
            if seat.streams == 0:  # a page without the script is here until it reloads
                wait = refresh(view)
                hold = NO_SCRIPT_TURN if wait is None else wait
                seat.seen = max(seat.seen, self.rooms.clock() + hold)
            answer = html(200, room_page(room, seat, view))
            return answer._replace(headers={**answer.headers, **renew})

    def history(self, request: Request) -> Response:
        """The history page or its JSON twin: for the server's own machine only."""
        if not is_loopback(request.client):
            raise RoomError(403, "the history is shown on the server's own machine only")
        try:
            state = history_state()
        except AnagramDBError as exc:
            raise RoomError(500, str(exc)) from None
        if request.path.endswith("/state"):
            return Response.json(200, state)
        return html(200, page("Your history", history_html(state)))

    def find(self, code: str, request: Request) -> tuple[Room[Match], Seat | None]:
        """The room of *code* and the seat of the request's cookie (None: a visitor)."""
        room = self.rooms.get(code)
        seat = room.seat(cookies(request).get(f"seat_{code}"))
        if seat is not None:
            with room.lock:
                seat.seen = max(seat.seen, self.rooms.clock())
                self._watch(room, seat)
        return room, seat

    # --- making and joining ---------------------------------------------------------

    def create(self, request: Request) -> Response:
        form = request.form
        mode = one(form, "mode", "solo")
        if mode not in ("solo", "room"):
            raise RoomError(400, f"mode is solo or room, not {mode!r}")
        rounds = one(form, "rounds", DEFAULT_FORMAT).strip() or DEFAULT_FORMAT
        seconds = integer(form, "seconds", DEFAULT_SECONDS, 0, MAX_SECONDS)
        opponent = one(form, "opponent", DEFAULT_OPPONENT)
        if opponent not in OPPONENTS:
            raise RoomError(400, f"the opponent is one of {', '.join(OPPONENTS)}, not {opponent!r}")
        name = clean_name(one(form, "name", "" if mode == "room" else "You"))
        day = challenge_day(one(form, "daily")) if "daily" in form else None
        if day is not None and mode != "solo":
            raise RoomError(400, "the daily challenge is played alone")
        if champion := one(form, "champion", "") == "1":  # the opponent rises with the run
            opponent = champion_level(mode, day, is_loopback(client_of(request)))
        try:
            if day is None:
                match = Match(request.solvers, FORMATS.get(rounds, rounds), seconds, opponent)
            else:
                match = Match(request.solvers, **challenge(day))
        except MoveError as exc:
            raise RoomError(400, str(exc)) from None
        match.daily = day
        match.champion = champion
        self.sweep()
        room = self.rooms.create(mode == "solo", client_of(request))
        with room.lock:
            room.game = match
            try:
                seat = room.join(name, self.rooms.clock())
                if room.solo:
                    self._do(room, seat, "start", {})
            except (RoomError, MoveError) as exc:
                self.rooms.remove(room)
                raise RoomError(getattr(exc, "status", 400), str(exc)) from None
        return self._seated(room, seat.token, request)

    def _seated(self, room: Room[Match], token: str, request: Request) -> Response:
        cookie = seat_cookie(room, token)
        if wants_json(request):
            return Response.json(200, {"ok": True, "game": f"/game/{room.code}"}, headers=cookie)
        answer = Response.redirect(f"/game/{room.code}", 303)
        return answer._replace(headers={**answer.headers, **cookie})

    # --- actions --------------------------------------------------------------------

    def act(self, room: Room[Match], seat: Seat | None, request: Request) -> Response:
        form = request.form
        action = one(form, "do", "")
        if action not in ACTIONS:
            raise RoomError(400, f"do is one of {', '.join(ACTIONS)}, not {action!r}")
        now = self.rooms.clock()
        with room.lock:
            bucket = seat.typing if seat is not None and action == "line" else room.actions
            if not bucket.take(now):
                raise RoomError(429, "too many actions in this game at once; slow down")
            if action == "join":
                if seat is not None:
                    return self._seated(room, seat.token, request)
                assert room.game is not None
                try:
                    seat = room.join(one(form, "name", ""), now, room.game.phase == LOBBY)
                except SeatAway as away:  # the host may let this browser in
                    token = room.claim(away.seat)
                    if wants_json(request):
                        return Response.json(
                            202, {"waiting": str(away)}, headers=seat_cookie(room, token)
                        )
                    return self._seated(room, token, request)
                except RoomError as refused:  # the form again, saying why
                    if wants_json(request):
                        raise
                    view = self.view(room, None)
                    return html(refused.status, join_page(room, view, error=str(refused)))
                return self._seated(room, seat.token, request)
            if seat is None:
                raise RoomError(403, "join the game first (your seat is kept by a cookie)")
            assert room.game is not None
            try:
                self._do(room, seat, action, form)
                room.game.refusals.pop(seat.name, None)
            except MoveError as exc:
                if wants_json(request):
                    return Response.json(409, {"error": str(exc)})
                room.game.refusals[seat.name] = str(exc)  # shown on the page it comes back to
        renew = seat_cookie(room, seat.token)
        if wants_json(request):
            return Response.json(200, {"ok": True}, headers=renew)
        answer = Response.redirect(f"/game/{room.code}", 303)
        return answer._replace(headers={**answer.headers, **renew})

    def _do(self, room: Room[Match], seat: Seat, action: str, form: Params) -> None:
        """Apply one action to the room's game (hold the lock); MoveError if refused."""
        match = room.game
        assert match is not None
        now = self.rooms.clock()
        text = one(form, "text", "")
        name = seat.name
        if action in HOST_ACTIONS and seat is not room.host:
            raise MoveError(
                "the host starts the game"
                if action == "start"
                else "only the host can remove, skip or let in a player"
            )
        if action in ("remove", "skip", "admit"):
            host_action(room, action, one(form, "player", ""), now)
        elif action == "start":
            match.start([s.name for s in room.seats], now)
        elif action == "rematch":
            match.rematch([s.name for s in room.seats], now)
        elif action == "pick":
            match.pick(name, one(form, "kind", ""), now)
        elif action == "large":
            match.choose_large(name, integer(form, "large", DEFAULT_LARGE, 0, MAX_LARGE), now)
        elif action in ("enter", "line"):
            match.enter(name, text, now, line=action == "line")
            if action == "line":
                return  # the box as typed: nobody else sees it, nothing to push
        elif action == "buzz":
            match.buzz(name, text, now)
        elif action == "declare":
            match.declare(name, text, now)
        elif action == "finish":
            match.finish(name, now, frozenset(self.away(room, now)))
        elif action == "next":
            match.next_round(now)
        self._changed(room)

    def away(self, room: Room[Match], now: float) -> set[str]:
        """The names of the room's players who are away now (hold the lock); none in a
        game alone, which waits for its player as long as the room lasts."""
        if room.solo:
            return set()
        return {seat.name for seat in room.seats if not seat.connected(now)}

    def _changed(self, room: Room[Match]) -> None:
        """After a change (hold the lock): the room moved on without its away players,
        the streams woken, the next alarm set."""
        match = room.game
        assert match is not None
        now = self.rooms.clock()
        for _ in range(3):  # a pick made for someone may start a round that ends at once
            if not match.settle_away(self.away(room, now), now):
                break
        room.finished = match.phase == OVER
        if room.finished and room.solo and match.recorded is None and match.game is not None:
            mine = is_loopback(room.creator)  # the server's machine: its owner's history
            kept = record(match.game.record(), match.daily, match.champion) if mine else None
            match.recorded = kept or not_recorded()
        room.changed()
        when = match.alarm()
        if when is not None:
            self.alarms.at(when, lambda: self.tick(room))

    def tick(self, room: Room[Match]) -> None:
        """Let *room*'s clock run to now, and the room move on without its away players
        (the alarms' call; tests call it too)."""
        with room.lock:
            if room.game is None or room.closed:
                return
            now = self.rooms.clock()
            if room.game.phase == LOBBY and not room.solo:
                room.hand_over(now)
            moved = room.game.tick(now) or room.game.settle_away(self.away(room, now), now)
            for seat in room.seats:
                if seat.alarm <= now:
                    seat.alarm = 0.0
                self._watch(room, seat)
            if moved:
                self._changed(room)
            else:
                room.changed()  # "away" shown

    def _watch(self, room: Room[Match], seat: Seat) -> None:
        """An alarm for when *seat* will be away (hold the lock): the others see it, and
        the room moves on without it."""
        now = self.rooms.clock()
        if seat.streams or seat.alarm > now or not seat.connected(now):
            return  # a stream open, an alarm coming, or away already: nothing to look at
        seat.alarm = seat.away_at() + 0.1
        self.alarms.at(seat.alarm, lambda: self.tick(room))

    def sweep(self) -> None:
        now = self.rooms.clock()  # rooms whose time is up go, once a minute (workers.run)
        if now >= self._sweep_at:
            self._sweep_at = now + 60
            self.rooms.sweep()

    # --- what a seat sees -----------------------------------------------------------

    def view(self, room: Room[Match], seat: Seat | None) -> dict[str, Any]:
        """The room and its game as *seat* sees it (hold the lock)."""
        return room_view(room, seat, self.rooms.clock(), self.epoch)

    def events(self, request: Request) -> EventStream:
        """The seat's event stream: one ``update`` event a change (the version, the seat's
        view, and the page's regions rendered); ``replaced`` when a newer stream of the
        seat takes over, ``closed`` when the room ends or the seat is no longer this
        browser's. A seat has one stream: a new one ends the old."""
        if self.processes > 1:
            raise ApiError(503, PLAYERS_MESSAGE)
        matched = EVENTS.fullmatch(request.path)
        if not matched:
            raise ApiError(404, f"there is no event stream {request.path[:80]}")
        room, seat = self.find(matched.group(1), request)
        if seat is None:
            raise ApiError(403, "join the game first")
        with room.lock:
            seat.stream += 1
            seat.streams += 1
            mine = seat.stream
            room.changed()
        return EventStream(stream(room, seat, mine, request.stopping, self._render, self._left))

    def _render(self, room: Room[Match], seat: Seat, version: int) -> str:
        """An update event's data for *seat* (hold the lock)."""
        view = self.view(room, seat)
        return json.dumps({"version": version, "view": view, **regions(room, seat, view)})

    def _left(self, room: Room[Match], seat: Seat) -> None:
        """*seat*'s stream has ended (hold the lock): away in AWAY_SECONDS, unless heard."""
        seat.seen = self.rooms.clock()
        self._watch(room, seat)


def client_of(request: Request) -> str:
    return request.client


_GAMES: weakref.WeakKeyDictionary[Solvers, Games] = weakref.WeakKeyDictionary()
_GAMES_LOCK = threading.Lock()


def games_for(solvers: Solvers) -> Games:
    """The Games of the server process whose dictionaries are *solvers*."""
    with _GAMES_LOCK:
        games = _GAMES.get(solvers)
        if games is None:
            games = _GAMES[solvers] = Games()
        return games


def install(solvers: Solvers, games: Games) -> None:
    """Give a server (by its *solvers*) these Games (tests: a registry on a fake clock)."""
    with _GAMES_LOCK:
        _GAMES[solvers] = games
