"""The HTTP server: http.server.ThreadingHTTPServer, one Solvers shared by a process's
threads (workers.py runs it, in one process or pre-forked).

A request goes through, in order: the size of the request line (414) and any body (413),
the Host header (400 unless it names this machine: DNS rebinding), the method (405 for
anything but GET and HEAD), the Origin of an API request (403 for another site unless
allowed by ``cors``), the number of requests already in flight in this process (503),
then the page or the API. Every response carries the security headers of SECURITY_HEADERS
and a Cache-Control; nothing is ever read from disk but the dictionaries.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import sys
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, NamedTuple
from urllib.parse import parse_qs, urlsplit

from .. import __version__
from .api import ApiError, Solvers, answer, cacheable
from .assets import CONTENT_SECURITY_POLICY
from .defaults import DEFAULT_HOST, DEFAULT_PORT
from .pages import Redirect, conundrum_page, letters_page, not_found_page, numbers_page
from .practice import practice_page

MAX_IN_FLIGHT = 32  # requests one process answers at once; more get 503
MAX_CONNECTIONS = 256  # open connections (a thread each) one process keeps; more are closed at once
MAX_URL = 2048  # bytes of path and query
IDLE_SECONDS = 10  # a connection silent this long is closed
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
}
CACHE_SOLVED = "public, max-age=300"
NO_STORE = "no-store"
PAGES: dict[str, Callable[[Solvers, dict[str, list[str]]], tuple[int, str]]] = {
    "/": letters_page,
    "/letters": letters_page,
    "/conundrum": conundrum_page,
    "/numbers": numbers_page,
    "/practice": practice_page,
}


class Options(NamedTuple):
    """How to serve: address, processes, dictionary, logging, the origin allowed to call the API."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    workers: int = 1
    dictionary: str | None = None
    quiet: bool = False
    cors: str | None = None
    max_in_flight: int = MAX_IN_FLIGHT
    max_connections: int = MAX_CONNECTIONS


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def machine_names(host: str) -> set[str]:
    """The names a browser may use for this server besides IP literals (lower case)."""
    names = {"localhost", host.lower()}
    hostname = socket.gethostname().lower()
    names |= {hostname, f"{hostname}.local", socket.getfqdn().lower()}
    return names


def host_allowed(header: str | None, names: set[str]) -> bool:
    """Whether a Host header names this machine: an IP literal, localhost, or one of *names*.
    Any other name may be an attacker's domain pointed at us (DNS rebinding)."""
    if not header:
        return False
    name = header.lower()
    if name.startswith("["):
        name = name[1 : name.find("]")] if "]" in name else name
    elif name.count(":") == 1:
        name = name.rsplit(":", 1)[0]
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in names or name.endswith(".localhost")


class Server(ThreadingHTTPServer):
    """One process's server: its Solvers, its limits, and the names it answers to."""

    daemon_threads = True
    solvers: Solvers
    options: Options
    names: set[str]
    slots: threading.BoundedSemaphore
    connections: threading.BoundedSemaphore

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Answer a connection in its thread, unless max_connections are open: then close
        it. Counted here, in the thread, so that a signal landing in the main thread while
        it starts the thread cannot upset the count."""
        if not self.connections.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line on stderr instead of socketserver's traceback; nothing for a connection
        that failed (the client went away, or the server is stopping)."""
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):
            print(
                f"anagramdb: error: {type(error).__name__}: {error} (a request from "
                f"{client_address[0]})",
                file=sys.stderr,
            )

    def configure(self, solvers: Solvers, options: Options) -> None:
        self.solvers = solvers
        self.options = options
        self.names = machine_names(options.host)
        self.slots = threading.BoundedSemaphore(options.max_in_flight)
        self.connections = threading.BoundedSemaphore(options.max_connections)


class Handler(BaseHTTPRequestHandler):
    """Answers GET and HEAD for the pages and the API; refuses everything else."""

    server: Server
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    # Headers and body are two writes: with Nagle's algorithm a keep-alive client's delayed
    # ACK holds the body back 40 ms (measured: 46 ms a request instead of 1.5).
    disable_nagle_algorithm = True

    def version_string(self) -> str:
        return f"anagramdb/{__version__}"

    def do_GET(self) -> None:
        self.respond(head=False)

    def do_HEAD(self) -> None:
        self.respond(head=True)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a malformed or oversize request line or header, an
        unknown method) in the same JSON form and with the same headers as ours."""
        if code == 501:  # an unknown method
            return self.refuse_method()
        self.head = False
        self.close_connection = True
        self.send(code, {"error": message or self.responses.get(code, ("refused",))[0]})

    def refuse_method(self) -> None:
        self.head = False
        self.close_connection = True  # a body, if any, is not read
        self.send(
            405,
            {"error": f"method {self.command} is not allowed: use GET"},
            extra={"Allow": "GET, HEAD"},
        )

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = refuse_method

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.options.quiet:
            super().log_message(format, *args)

    def respond(self, head: bool) -> None:
        self.head = head
        url = urlsplit(self.path)
        is_api = url.path.startswith("/api/")
        if len(self.path) > MAX_URL:
            return self.send(414, {"error": f"the address is longer than {MAX_URL} bytes"})
        if self.headers.get("Content-Length", "0") != "0" or "Transfer-Encoding" in self.headers:
            self.close_connection = True  # the body is not read
            return self.send(413, {"error": "requests must not have a body"})
        if not host_allowed(self.headers.get("Host"), self.server.names):
            return self.send(400, {"error": "the Host header does not name this server"})
        origin = self.headers.get("Origin")
        if (
            is_api
            and origin is not None
            and origin not in (f"http://{self.headers.get('Host')}", self.server.options.cors)
        ):
            return self.send(403, {"error": f"cross-origin requests from {origin} are refused"})
        if not self.server.slots.acquire(blocking=False):
            return self.send(
                503, {"error": "too many requests at once; try again"}, extra={"Retry-After": "1"}
            )
        try:
            params = parse_qs(url.query, keep_blank_values=True)
            if is_api:
                self.api(url.path[len("/api/") :], params)
            else:
                self.page(url.path, params)
        except (ConnectionError, TimeoutError):
            raise
        except Exception as error:  # a bug: one line in the log, a 500 to the client
            print(
                f"anagramdb: error: {type(error).__name__}: {error}"
                f" (answering {self.path[:200]!r})",
                file=sys.stderr,
            )
            self.send(500, {"error": "internal error"})
        finally:
            self.server.slots.release()

    def api(self, name: str, params: dict[str, list[str]]) -> None:
        try:
            record, warnings = answer(self.server.solvers, name, params)
        except ApiError as exc:
            return self.send(exc.status, {"error": str(exc)})
        extra = {"X-Anagramdb-Warning": "; ".join(warnings)} if warnings else {}
        self.send(
            200, record, cache=CACHE_SOLVED if cacheable(name, params) else NO_STORE, extra=extra
        )

    def page(self, path: str, params: dict[str, list[str]]) -> None:
        show = PAGES.get(path)
        try:
            status, html = show(self.server.solvers, params) if show else not_found_page(path)
        except Redirect as move:
            return self.send(302, None, extra={"Location": move.location})
        self.send(
            status, html, cache=CACHE_SOLVED if status == 200 and path != "/practice" else NO_STORE
        )

    def send(
        self, status: int, body: object, cache: str = NO_STORE, extra: dict[str, str] | None = None
    ) -> None:
        """Send *body*: HTML if a str, nothing if None, else JSON; with every header."""
        if isinstance(body, str):
            data, kind = body.encode(), "text/html; charset=utf-8"
        elif body is None:
            data, kind = b"", "text/plain; charset=utf-8"
        else:
            data, kind = json.dumps(body, ensure_ascii=False).encode(), "application/json"
        self.send_response(status)
        headers = {
            **SECURITY_HEADERS,
            "Content-Type": kind,
            "Content-Length": str(len(data)),
            "Cache-Control": cache,
            **(extra or {}),
        }
        if self.server.options.cors:
            headers |= {"Access-Control-Allow-Origin": self.server.options.cors, "Vary": "Origin"}
        for name, text in headers.items():
            self.send_header(name, text)
        self.end_headers()
        if not getattr(self, "head", False):
            self.wfile.write(data)


class Server6(Server):
    address_family = socket.AF_INET6


def make_server(options: Options, solvers: Solvers | None = None) -> Server:
    """A bound, listening server (port 0: any free port) with *solvers*, or with the
    dictionary of *options* opened (the socket is closed again if that fails)."""
    server = (Server6 if ":" in options.host else Server)((options.host, options.port), Handler)
    try:
        server.configure(solvers or Solvers(options.dictionary), options)
    except BaseException:
        server.server_close()
        raise
    return server


def url_of(server: Server) -> str:
    host, port = server.server_address[:2]
    shown = f"[{host!s}]" if ":" in str(host) else str(host)
    return f"http://{shown}:{port}/"
