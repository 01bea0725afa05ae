"""A real server on a free port, served from a thread, and the HTTP clients that speak to
it: Client (the API's: one request a connection, no redirects followed, no errors raised)
and Player (the game's: a browser at the game, with its seat cookie, speaking JSON or forms)."""

from __future__ import annotations

import contextlib
import http.client
import json
import threading
import urllib.parse
from collections.abc import Iterator

from anagramdb.web import routes
from anagramdb.web.game_http import Games, install
from anagramdb.web.rooms import Registry
from anagramdb.web.server import Options, Server, make_server


def start_server(server: Server | Options | None = None) -> tuple[Server, threading.Thread]:
    """Serve *server* (made from *server* when it is Options; by default a quiet one on a
    free port) from a daemon thread, started before this returns."""
    if not isinstance(server, Server):
        server = make_server(server or Options(port=0, quiet=True))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


def stop_server(server: Server, thread: threading.Thread) -> None:
    """Stop serving, close the socket and the dictionaries, and wait for the thread."""
    server.shutdown()
    server.server_close()
    server.solvers.close()
    thread.join()


@contextlib.contextmanager
def serving(server: Server | Options | None = None) -> Iterator[Server]:
    """start_server() for the length of a with block, stop_server() after it."""
    server, thread = start_server(server)
    try:
        yield server
    finally:
        stop_server(server, thread)


def url_of(server: Server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}"


class Client:
    """Requests to one server, without urllib's redirects or error raising."""

    def __init__(self, port: int) -> None:
        self.port = port

    def request(
        self,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        body: bytes | None = None,
    ):
        """(status, headers, body) of one request on a connection of its own."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return response.status, dict(response.getheaders()), data
        finally:
            connection.close()

    def get(self, path: str, **headers: str):
        """GET with headers given as keywords (``If_None_Match`` is If-None-Match)."""
        return self.request(
            "GET", path, {name.replace("_", "-"): value for name, value in headers.items()}
        )

    def json(self, path: str):
        status, headers, data = self.get(path)
        assert headers["Content-Type"] == "application/json"
        return status, json.loads(data)

    def page(self, path: str) -> tuple[int, str]:
        status, headers, data = self.get(path)
        assert headers["Content-Type"] == "text/html; charset=utf-8"
        return status, data.decode()


class Player:
    """One browser at the game: its cookie jar (the seat cookie), speaking JSON or forms."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.game = ""

    def request(self, method: str, path: str, fields=None, accept="application/json", **headers):
        """(status, headers, body) of one request, *fields* posted as a form."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        body = urllib.parse.urlencode(fields).encode() if fields is not None else None
        sent = {"Accept": accept, **headers}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            name, value = cookie.split(";")[0].split("=", 1)
            self.cookies[name] = value
        return response.status, dict(response.getheaders()), data

    def create(self, **settings: str) -> dict:
        status, _, data = self.request("POST", "/game", settings)
        assert status == 200, data
        self.game = json.loads(data)["game"]
        return json.loads(data)

    def act(self, action: str, expect: int = 200, **fields: str) -> dict:
        status, _, data = self.request("POST", self.game, {"do": action, **fields})
        assert status == expect, data
        return json.loads(data)

    def state(self) -> dict:
        status, _, data = self.request("GET", self.game + "/state")
        assert status == 200, data
        return json.loads(data)

    def page(self) -> str:
        status, _, data = self.request("GET", self.game, accept="text/html")
        assert status == 200
        return data.decode()


class FakeClock:
    """A clock the test moves by hand (``clock.now += 31``): rooms and games read it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@contextlib.contextmanager
def served_on_a_fake_clock(start: float = 5000.0) -> Iterator[Server]:
    """A quiet server whose rooms and games run on a FakeClock (``server.clock``) starting at
    *start*, served for the length of a with block; its games closed after it."""
    server = make_server(Options(port=0, quiet=True))
    server.clock = FakeClock(start)  # type: ignore[attr-defined]
    server.games = Games(Registry(clock=server.clock))  # type: ignore[attr-defined]
    install(server.solvers, server.games)
    with serving(server):
        yield server
    server.games.close()


@contextlib.contextmanager
def held_route(
    path: str, wait: float = 60
) -> Iterator[tuple[threading.Semaphore, threading.Event]]:
    """A route *path* whose requests wait (up to *wait* seconds) until the test lets them
    go: yields (entered, release), a semaphore released as each request arrives and the
    event that lets them all answer; the route is removed afterwards."""
    release = threading.Event()
    entered = threading.Semaphore(0)

    def handler(request: routes.Request) -> routes.Response:
        entered.release()
        release.wait(wait)
        return routes.Response.json(200, {"held": True})

    routes.route(path)(handler)
    try:
        yield entered, release
    finally:
        release.set()
        del routes.ROUTES[path]
