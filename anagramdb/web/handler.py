"""One connection's requests: checked, bounded, routed (routes.py), answered.

A request goes through, in order: the size of the request line (414) and of the query
(MAX_FIELDS fields: 400), the Host header (400 unless it names this machine: DNS
rebinding), the route (404) and its methods (405), the body (only a POST may have one, of
at most MAX_BODY bytes, urlencoded: 411, 413, 415), where it came from (403 for an API
request or a POST marked ``Sec-Fetch-Site: cross-site``, or with another site's Origin
unless allowed by ``cors``; for a page, anything but a top-level navigation from another
site), then a slot (503 when none frees within QUEUE_SECONDS), then the handler, with a
work budget (countdown.budget: 422 when it runs out; 503 with its one line while a
dictionary it reads is changed in place: mapped.py). Every response carries the security
headers of SECURITY_HEADERS and a Cache-Control. No file is ever served from disk: every
answer is made by a handler.
"""

from __future__ import annotations

import select
import socket
import sys
import threading
import time
from typing import Any, Protocol
from urllib.parse import parse_qs, urlsplit

from .. import __version__
from ..countdown.budget import Budget
from ..errors import DictionaryChangedError
from .assets import CONTENT_SECURITY_POLICY
from .defaults import Options
from .http11 import REASONS, RequestHandler
from .params import ApiError, Params
from .routes import NO_STORE, EventStream, Request, Response, find
from .solvers import Solvers

MAX_URL = 2048  # bytes of path and query
MAX_FIELDS = 32  # fields in a query or a form body
MAX_BODY = 8192  # bytes of a POST body
IDLE_SECONDS = 10  # a connection silent this long is closed
HEARTBEAT_SECONDS = 15.0  # a comment line on a quiet event stream, at most this far apart
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
}
FORM = "application/x-www-form-urlencoded"


class Serving(Protocol):
    """What a request needs of the server that took its connection (server.Server): its
    options and dictionaries, the names it answers to, its slots, whether it is stopping,
    the connections it may close when it stops, and its 404 page."""

    options: Options
    solvers: Solvers
    names: set[str]
    working: threading.BoundedSemaphore
    waiting: threading.BoundedSemaphore
    stopping: threading.Event

    def busy(self, sock: Any, busy: bool) -> None: ...

    def not_found(self, path: str) -> Response: ...


class Handler(RequestHandler):
    """Answers the routes of routes.ROUTES; refuses everything else in the same JSON form."""

    # The server.Server that made this handler; named by what it does for a request, so
    # that this module need not import the server that imports it.
    server: Serving  # type: ignore[assignment]  # a socketserver.BaseServer too
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    # Headers and body are two writes: with Nagle's algorithm a keep-alive client's delayed
    # ACK holds the body back 40 ms (measured: 46 ms a request instead of 1.5).
    disable_nagle_algorithm = True
    head = False

    def version_string(self) -> str:
        return f"anagramdb/{__version__}"

    def handle_one_request(self) -> None:
        """One request; the connection is closed after it once the server is stopping."""
        try:
            super().handle_one_request()
        finally:
            self.server.busy(self.connection, False)
        if self.server.stopping.is_set():
            self.close_connection = True

    def parse_request(self) -> bool:
        """Mark the connection busy as soon as a request line has come (server.stop())."""
        self.server.busy(self.connection, True)
        return super().parse_request()

    def do_GET(self) -> None:
        self.respond()

    do_HEAD = do_POST = do_GET

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The refusals of http11.py (a malformed or oversize request line or header, an
        unknown method) in the same JSON form and with the same headers as ours."""
        self.head = False
        self.close_connection = True
        if code == 501:  # an unknown method
            return self.refuse_method(("GET", "HEAD"))
        self.send(Response.json(code, {"error": message or REASONS.get(code, "refused")}))

    def refuse_method(self, allowed: tuple[str, ...]) -> None:
        self.close_connection = True  # a body, if any, is not read
        shown = " or ".join(method for method in allowed if method != "HEAD")
        self.send(
            Response.json(
                405,
                {"error": f"method {self.command} is not allowed here: use {shown}"},
                headers={"Allow": ", ".join(allowed)},
            )
        )

    def log_message(self, format: str, *args: object) -> None:
        if not self.server.options.quiet:
            super().log_message(format, *args)

    def refuse(self, status: int, message: str, **headers: str) -> None:
        self.send(Response.json(status, {"error": message}, headers=headers))

    def respond(self) -> None:
        self.head = self.command == "HEAD"
        if len(self.path) > MAX_URL:
            self.close_connection = True
            return self.refuse(414, f"the address is longer than {MAX_URL} bytes")
        url = urlsplit(self.path)
        if not host_allowed(self.headers.get("Host"), self.server.names):
            self.close_connection = True
            return self.refuse(400, "the Host header does not name this server")
        route = find(url.path)
        if route is None:
            self.close_connection = self.has_body()
            return self.send(self.server.not_found(url.path))
        if self.command not in route.methods:
            return self.refuse_method(route.methods)
        try:
            query = fields(url.query)
            form = self.read_form()
        except ApiError as error:
            self.close_connection = True
            return self.refuse(error.status, str(error))
        refusal = self.cross_site(url.path.startswith("/api/") or self.command == "POST")
        if refusal:
            return self.refuse(403, refusal)
        slots = self.server.waiting if route.waits else self.server.working
        if not slots.acquire(timeout=self.server.options.queue_seconds):
            return self.refuse(503, "too many requests at once; try again", **{"Retry-After": "1"})
        try:
            request = Request(
                self.command,
                url.path,
                query,
                form,
                self.headers,
                self.server.solvers,
                Budget(self.server.options.work_budget),
                self.server.stopping,
                str(self.client_address[0]),
            )
            try:
                answer = route.handler(request)
            except ApiError as error:
                answer = Response.json(error.status, {"error": str(error)})
            except DictionaryChangedError as error:  # until the file is whole again
                answer = Response.json(503, {"error": str(error)}, headers={"Retry-After": "1"})
            if isinstance(answer, EventStream):
                self.stream(answer)
            else:
                self.send(answer)
        except (ConnectionError, TimeoutError):
            raise
        except Exception as error:  # a bug: one line in the log, a 500 to the client
            print(
                f"anagramdb: error: {type(error).__name__}: {error} "
                f"(answering {self.path[:200]!r})",
                file=sys.stderr,
            )
            self.close_connection = True
            self.refuse(500, "internal error")
        finally:
            slots.release()

    def has_body(self) -> bool:
        return self.headers.get("Content-Length", "0") != "0" or "Transfer-Encoding" in self.headers

    def read_form(self) -> Params:
        """The urlencoded body of a POST (bounded), or {}; a body on anything else: 413."""
        if self.command != "POST":
            if self.has_body():
                raise ApiError(413, "requests other than POST must not have a body")
            return {}
        if "Transfer-Encoding" in self.headers:
            raise ApiError(411, "send the body with a Content-Length, not chunked")
        length = self.headers.get("Content-Length", "")
        if not length.isascii() or not length.isdigit():
            raise ApiError(411, "a POST needs a Content-Length")
        if int(length) > MAX_BODY:
            raise ApiError(413, f"the body is longer than {MAX_BODY} bytes")
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if int(length) and kind != FORM:
            raise ApiError(415, f"send the body as {FORM}, not {kind or 'nothing'}")
        body = self.rfile.read(int(length))
        if len(body) != int(length):
            raise ApiError(400, "the body ended before its Content-Length")
        try:
            return fields(body.decode())
        except UnicodeDecodeError:
            raise ApiError(400, "the body is not valid UTF-8") from None

    def cross_site(self, guarded: bool) -> str | None:
        """Why a request from another site is refused, or None. API requests and POSTs
        (*guarded*) must come from this server's own pages (or the ``cors`` origin); a page
        may be reached from another site only by following a link (a top-level
        navigation), never as an image, script or frame that would make us work for it."""
        site = self.headers.get("Sec-Fetch-Site")
        origin = self.headers.get("Origin")
        own = (f"http://{self.headers.get('Host')}", self.server.options.cors)
        if origin is not None and origin in own:
            return None
        if origin == "null" and site == "same-origin":
            return None  # a form of our own page: no-referrer makes its Origin "null"
        if guarded:
            if origin is not None:
                return f"cross-origin requests from {origin} are refused"
            if site == "cross-site":
                return "requests from another site are refused (Sec-Fetch-Site: cross-site)"
            return None
        navigation = (
            self.headers.get("Sec-Fetch-Mode") == "navigate"
            and self.headers.get("Sec-Fetch-Dest", "document") == "document"
        )
        if site == "cross-site" and not navigation:
            return "another site may link to this page, not embed or fetch it"
        return None

    def send(self, answer: Response) -> None:
        """Send *answer* with every header (the body left out for HEAD)."""
        self.send_response(answer.status)
        headers = {
            **SECURITY_HEADERS,
            "Content-Type": answer.content_type,
            "Content-Length": str(len(answer.body)),
            "Cache-Control": answer.cache,
            **answer.headers,
        }
        if self.server.options.cors:
            headers |= {"Access-Control-Allow-Origin": self.server.options.cors, "Vary": "Origin"}
        if self.server.stopping.is_set():
            self.close_connection = True
        if self.close_connection:
            headers["Connection"] = "close"
        for name, text in headers.items():
            self.send_header(name, text)
        self.end_headers()
        if not self.head:
            self.wfile.write(answer.body)

    def stream(self, answer: EventStream) -> None:
        """Send Server-Sent Events as the handler's generator yields them; the connection
        closes when it ends (the server is stopping, or the client went away)."""
        self.close_connection = True
        self.send_response(200)
        for name, text in {
            **SECURITY_HEADERS,
            "Content-Type": "text/event-stream; charset=utf-8",
            "Cache-Control": NO_STORE,
            "Connection": "close",
        }.items():
            self.send_header(name, text)
        self.end_headers()
        if self.head:
            close_events(answer)
            return
        # From here the connection waits rather than works: the server may release memory
        # while it is open (Server.quiet()), and stop() may shut its reading side.
        self.server.busy(self.connection, False)
        last = time.monotonic()
        try:
            for event in answer.events:
                if self.server.stopping.is_set() or self.client_gone():
                    break
                if event is None:  # nothing new: a comment line now and then
                    if time.monotonic() - last < HEARTBEAT_SECONDS:
                        continue
                    self.wfile.write(b": still here\n\n")
                else:
                    lines = "".join(f"data: {line}\n" for line in event.data.split("\n"))
                    self.wfile.write(f"event: {event.name}\n{lines}\n".encode())
                self.wfile.flush()
                last = time.monotonic()
        except OSError:
            pass  # the client went away
        finally:
            close_events(answer)

    def client_gone(self) -> bool:
        """Whether the client of a stream has closed its end (it sends nothing after its
        request, so a readable socket with nothing to read is the end of it)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and not self.connection.recv(1, socket.MSG_PEEK)
        except (OSError, ValueError):
            return True


def close_events(answer: EventStream) -> None:
    """Close the handler's generator (its finally blocks run: it may hold a room's lock)."""
    close = getattr(answer.events, "close", None)
    if close is not None:
        close()


def fields(text: str) -> Params:
    """parse_qs of a query or a form body: blank values kept, at most MAX_FIELDS fields."""
    if text.count("&") >= MAX_FIELDS:
        raise ApiError(400, f"more than {MAX_FIELDS} fields in one request")
    return parse_qs(text, keep_blank_values=True)


def host_allowed(header: str | None, names: set[str]) -> bool:
    """Whether a Host header names this machine: an IP literal, localhost, or one of *names*.
    Any other name may be an attacker's domain pointed at us (DNS rebinding)."""
    import ipaddress

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
