"""Routes: which function answers which path, and how a module adds its own.

A module that serves pages or endpoints registers them when it is imported, and server.py
imports it once (its ROUTE_MODULES line); nothing else in the server changes::

    from .routes import Request, Response, route

    @route("/game", methods=("GET", "POST"))
    def game_page(request: Request) -> Response:
        name = request.form.get("name", [""])[0]      # POST: the urlencoded body, bounded
        return Response.html(200, layout(...))        # or Response.json(...), .redirect(...)

    @route("/game/events", waits=True)
    def game_events(request: Request) -> EventStream:  # Server-Sent Events
        room = find_room(request.one("room"))
        def events() -> Iterator[Event | None]:
            seen = -1
            while True:
                now = room.updates.wait(seen, POLL_SECONDS, request.stopping)
                if now is None:  # the server is stopping
                    return
                if now == seen:  # nothing new: the server looks at the client
                    yield None
                    continue
                seen = now
                yield Event("state", json.dumps(room.state()))
        return EventStream(events())

What the server does around a handler: it refuses what no route allows (404, 405), bounds
the request (address, body, fields), checks Host, Origin and Sec-Fetch-Site, gives the
handler a Request with the process's Solvers and a fresh work Budget, and sends what the
handler returns with the security headers. A handler raises params.ApiError for a clean 4xx.

Concurrency: an ordinary handler runs in a *work slot* (at most Options.max_working at
once in a process; a request waits up to Options.queue_seconds for one, then gets 503). A
handler registered with ``waits=True`` (an event stream, or a long poll that sleeps until
something changes) runs in a *wait slot* instead (at most Options.max_waiting at once), so
clients that wait never take the slots of requests that work. It must wait on an Updates
(below) or check ``request.stopping``, so that the server can stop it: Updates.wait
returns None once the server is stopping, and an EventStream's generator is closed.

State lives in one process: with ``serve --workers N`` each request may reach any of the N
processes, so state that outlives a request (rooms) must live in files or be served with
one worker.
"""

from __future__ import annotations

import json
import threading
import weakref
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from ..countdown.budget import Budget
from .http11 import Headers
from .params import Params, one

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .solvers import Solvers

NO_STORE = "no-store"
POLL_SECONDS = 1.0  # how often a waiting event stream lets the server see its client
CACHE_SOLVED = "public, max-age=300"
METHODS = ("GET", "HEAD", "POST")


class Request(NamedTuple):
    """One request as a handler sees it."""

    method: str  # GET, HEAD (answered as GET, the body dropped) or POST
    path: str  # without the query
    query: Params  # parse_qs of the query string (blank values kept)
    form: Params  # parse_qs of an application/x-www-form-urlencoded POST body; {} otherwise
    headers: Headers  # Host, Cookie, Accept...: get(), get_all(), names in any case
    solvers: Solvers
    budget: Budget  # the work this request may do (countdown.budget)
    stopping: threading.Event  # set once the server has begun to stop
    client: str = ""  # the client's address (rooms bound the games one address starts)

    def one(self, name: str, default: str | None = None) -> str:
        """The single value of *name*, from the form or else the query (ApiError if absent
        without a default, or repeated: params.one)."""
        return one(self.form if name in self.form else self.query, name, default)


class Response(NamedTuple):
    """What a handler returns: a status, a body, and headers of its own."""

    status: int
    body: bytes
    content_type: str
    cache: str = NO_STORE
    headers: dict[str, str] = {}  # noqa: RUF012  (a NamedTuple's default, never mutated)

    @classmethod
    def html(cls, status: int, text: str, cache: str = NO_STORE) -> Response:
        return cls(status, text.encode(), "text/html; charset=utf-8", cache)

    @classmethod
    def json(
        cls, status: int, record: Any, cache: str = NO_STORE, headers: dict[str, str] | None = None
    ) -> Response:
        data = json.dumps(record, ensure_ascii=False).encode()
        return cls(status, data, "application/json", cache, headers or {})

    @classmethod
    def redirect(cls, location: str, status: int = 302) -> Response:
        """A redirect (303 after a POST: the browser then GETs *location*)."""
        return cls(status, b"", "text/plain; charset=utf-8", NO_STORE, {"Location": location})


class Event(NamedTuple):
    """One Server-Sent Event: its name (the browser's addEventListener type) and data."""

    name: str
    data: str


class EventStream(NamedTuple):
    """A ``text/event-stream`` answer: the server sends each Event *events* yields as it
    comes. None means nothing new: the server looks whether the client has closed its end
    and sends a comment line when it has sent nothing for a while (a heartbeat), so a
    generator yields None every POLL_SECONDS while it waits. The generator is closed when
    the client goes away or the server stops."""

    events: Iterator[Event | None]


Handler = Callable[[Request], "Response | EventStream"]


class Route(NamedTuple):
    path: str
    handler: Handler
    methods: tuple[str, ...]
    prefix: bool  # answers every path under *path* (which ends with "/")
    waits: bool  # may sleep until something changes: a wait slot, not a work slot


ROUTES: dict[str, Route] = {}


def route(
    path: str, methods: tuple[str, ...] = ("GET",), prefix: bool = False, waits: bool = False
) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of *path* (and, with *prefix*, of
    every path below it). GET routes answer HEAD too. Registering a path twice is a bug."""
    unknown = set(methods) - set(METHODS)
    if unknown or (prefix and not path.endswith("/")):
        raise ValueError(f"route {path!r}: methods {methods!r}, prefix {prefix!r}")
    allowed = (*methods, "HEAD") if "GET" in methods and "HEAD" not in methods else methods

    def register(handler: Handler) -> Handler:
        if path in ROUTES:
            raise ValueError(f"the path {path!r} has two routes")
        ROUTES[path] = Route(path, handler, allowed, prefix, waits)
        return handler

    return register


def find(path: str) -> Route | None:
    """The route of *path*: its own, else the longest prefix route above it."""
    exact = ROUTES.get(path)
    if exact is not None:
        return exact
    above = [found for found in ROUTES.values() if found.prefix and path.startswith(found.path)]
    return max(above, key=lambda found: len(found.path), default=None)


class Updates:
    """A version number that waiting handlers watch: publish() moves it on and wakes them.

    ``wait(seen, timeout, stopping)`` returns the version as soon as it differs from *seen*
    (at once if it already does), or after *timeout* seconds; it returns None once
    *stopping* (the request's) is set: the server wakes every waiter when it stops
    (wake_all()), so a waiting handler ends and its slot is freed."""

    _every: weakref.WeakSet[Updates] = weakref.WeakSet()  # noqa: RUF012  (all of them)

    def __init__(self) -> None:
        self.version = 0
        self._changed = threading.Condition()
        Updates._every.add(self)

    def publish(self) -> int:
        with self._changed:
            self.version += 1
            self._changed.notify_all()
            return self.version

    def wait(self, seen: int, timeout: float, stopping: threading.Event) -> int | None:
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or stopping.is_set(), timeout)
            return None if stopping.is_set() else self.version

    @classmethod
    def wake_all(cls) -> None:
        """Wake every waiter, to look at its *stopping* again (the server is stopping)."""
        for updates in list(cls._every):
            with updates._changed:
                updates._changed.notify_all()
