"""HTTP/1.1 over socketserver, without http.server: a request line, its header fields, the
answer's status line and headers, keep-alive. handler.py builds the server's requests on it.

It keeps http.server's limits and answers: a request line of at most MAX_LINE bytes (414),
header lines of at most MAX_LINE bytes and at most MAX_HEADERS of them (431), a malformed
request line or header field (400), a version past 1.x (505), a method with no ``do_``
method (501); a subclass's send_error() gives each refusal its form. A connection is kept
open for HTTP/1.1 unless its ``Connection`` header says close (and for 1.0 when it says
keep-alive); a two-word request line is HTTP/0.9, answered with the body alone. Why not
http.server itself: with http.client and the email package it parses headers with, it was
3 MiB of every serving process's 19 (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import socketserver
import sys
import time
from collections.abc import Iterable
from io import BufferedIOBase
from typing import overload

MAX_LINE = 65536  # bytes of the request line or of a header line
MAX_HEADERS = 100  # header lines of one request
REASONS = {
    100: "Continue",
    200: "OK",
    204: "No Content",
    301: "Moved Permanently",
    302: "Found",
    303: "See Other",
    304: "Not Modified",
    307: "Temporary Redirect",
    308: "Permanent Redirect",
    400: "Bad Request",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    410: "Gone",
    411: "Length Required",
    413: "Request Entity Too Large",
    414: "Request-URI Too Long",
    415: "Unsupported Media Type",
    422: "Unprocessable Entity",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
    500: "Internal Server Error",
    501: "Not Implemented",
    503: "Service Unavailable",
    505: "HTTP Version Not Supported",
}
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# A logged request line shows control characters (and backslashes) escaped.
CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0))} | {0x5C: "\\\\"}


class Headers:
    """A request's header fields in the order they came; names match whatever their case.
    ``get`` gives the first value of a name, ``get_all`` every value (or None)."""

    __slots__ = ("_fields",)

    def __init__(self, fields: Iterable[tuple[str, str]] = ()) -> None:
        self._fields = [(name.lower(), name, value) for name, value in fields]

    @overload
    def get(self, name: str) -> str | None: ...

    @overload
    def get(self, name: str, default: str) -> str: ...

    def get(self, name: str, default: str | None = None) -> str | None:
        key = name.lower()
        for lower, _, value in self._fields:
            if lower == key:
                return value
        return default

    def __getitem__(self, name: str) -> str | None:
        return self.get(name)

    def get_all(self, name: str) -> list[str] | None:
        key = name.lower()
        values = [value for lower, _, value in self._fields if lower == key]
        return values or None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def __len__(self) -> int:
        return len(self._fields)

    def items(self) -> list[tuple[str, str]]:
        return [(name, value) for _, name, value in self._fields]

    def __repr__(self) -> str:
        return f"Headers({self.items()!r})"


class BadHeaders(Exception):
    """Header fields refused: their status (400 or 431) and why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def read_headers(rfile: BufferedIOBase) -> Headers | None:
    """The header fields up to the blank line that ends them, or None if the connection
    ended first. Raises BadHeaders for a line too long, too many lines, or a line that is
    no header field (a folded line continues the one before it)."""
    fields: list[tuple[str, str]] = []
    lines = 0
    readline = rfile.readline
    while True:
        line: bytes = readline(MAX_LINE + 1)
        if len(line) > MAX_LINE:
            raise BadHeaders(431, "Line too long")
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            return Headers(fields)
        lines += 1
        if lines > MAX_HEADERS:
            raise BadHeaders(431, "Too many headers")
        text = line.decode("iso-8859-1").rstrip("\r\n")
        if text[:1] in (" ", "\t") and fields:  # obsolete line folding
            name, value = fields[-1]
            fields[-1] = (name, f"{value} {text.strip()}".strip())
            continue
        name, colon, value = text.partition(":")
        if not colon or not name or name != name.strip() or " " in name or "\t" in name:
            raise BadHeaders(400, f"Bad header line ({text[:100]!r})")
        fields.append((name, value.strip(" \t")))


def http_date(timestamp: float | None = None) -> str:
    """The date of a Date header: 'Wed, 02 Dec 2026 06:19:45 GMT' (RFC 9110's IMF-fixdate)."""
    t = time.gmtime(time.time() if timestamp is None else timestamp)
    return (
        f"{DAYS[t.tm_wday]}, {t.tm_mday:02d} {MONTHS[t.tm_mon - 1]} {t.tm_year:04d} "
        f"{t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d} GMT"
    )


class RequestHandler(socketserver.StreamRequestHandler):
    """The requests of one connection, one after the other while it is kept alive: each is
    parsed into command, path, request_version and headers, then given to ``do_COMMAND``,
    which answers with send_response(), send_header(), end_headers() and wfile.write()."""

    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/0.9"
    close_connection = True
    command = ""
    path = ""
    request_version = default_request_version
    requestline = ""
    raw_requestline = b""
    headers = Headers()

    def handle(self) -> None:
        self.close_connection = True
        self.handle_one_request()
        while not self.close_connection:
            self.handle_one_request()

    def handle_one_request(self) -> None:
        try:
            self.raw_requestline = self.rfile.readline(MAX_LINE + 1)
            if len(self.raw_requestline) > MAX_LINE:
                self.requestline = self.request_version = self.command = ""
                self.send_error(414)
                return
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            method = getattr(self, f"do_{self.command}", None)
            if method is None:
                self.send_error(501, f"Unsupported method ({self.command!r})")
                return
            method()
            self.wfile.flush()
        except TimeoutError as error:  # a read or a write timed out: the connection ends
            self.log_message("Request timed out: %r", error)
            self.close_connection = True

    def parse_request(self) -> bool:
        """Read the request line and the headers; False (after any refusal was sent) when
        there is no request to answer."""
        self.command = ""
        self.request_version = version = self.default_request_version
        self.close_connection = True
        self.requestline = self.raw_requestline.decode("iso-8859-1").rstrip("\r\n")
        words = self.requestline.split()
        if not words:
            return False
        if len(words) >= 3:
            version = words[-1]
            number = http_version(version)
            if number is None:
                return self.refuse_line(400, f"Bad request version ({version!r})")
            if number >= (1, 1):
                self.close_connection = False
            if number >= (2, 0):
                return self.refuse_line(505, f"Invalid HTTP version ({version.split('/', 1)[1]})")
            self.request_version = version
        if not 2 <= len(words) <= 3:
            return self.refuse_line(400, f"Bad request syntax ({self.requestline!r})")
        command, path = words[:2]
        if len(words) == 2:
            self.close_connection = True
            if command != "GET":
                return self.refuse_line(400, f"Bad HTTP/0.9 request type ({command!r})")
        # '//host/path' would be another site's address to a browser: one slash instead.
        self.command = command
        self.path = "/" + path.lstrip("/") if path.startswith("//") else path
        try:
            headers = read_headers(self.rfile)
        except BadHeaders as error:
            self.send_error(error.status, str(error))
            return False
        if headers is None:  # the client went away before the end of its headers
            self.close_connection = True
            return False
        self.headers = headers
        connection = headers.get("Connection", "").lower()
        if connection == "close":
            self.close_connection = True
        elif connection == "keep-alive":
            self.close_connection = False
        expects = headers.get("Expect", "").lower() == "100-continue"
        if expects and self.request_version >= "HTTP/1.1":
            self.wfile.write(f"{self.protocol_version} 100 Continue\r\n\r\n".encode())
        return True

    def refuse_line(self, code: int, message: str) -> bool:
        """Refuse a request line that is no HTTP/1.x request, with a status line and headers
        (http.server sent the body alone, as to an HTTP/0.9 client: docs/DECISIONS.md)."""
        self.request_version = self.protocol_version
        self.send_error(code, message)
        return False

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Refuse the request with *code*: a subclass gives the answer its form."""
        self.close_connection = True
        self.send_response(code)
        self.send_header("Connection", "close")
        self.end_headers()

    def send_response(self, code: int) -> None:
        """Log the request and begin the answer: the status line, Server and Date."""
        self.log_request(code)
        self._headers: list[str] = []
        if self.request_version != "HTTP/0.9":
            self._headers.append(f"{self.protocol_version} {code} {REASONS.get(code, '')}\r\n")
        self.send_header("Server", self.version_string())
        self.send_header("Date", http_date())

    def send_header(self, name: str, value: str) -> None:
        if self.request_version != "HTTP/0.9":
            self._headers.append(f"{name}: {value}\r\n")
        if name.lower() == "connection":
            if value.lower() == "close":
                self.close_connection = True
            elif value.lower() == "keep-alive":
                self.close_connection = False

    def end_headers(self) -> None:
        if self.request_version != "HTTP/0.9":
            self._headers.append("\r\n")
            self.wfile.write("".join(self._headers).encode("latin-1"))
        self._headers = []

    def version_string(self) -> str:
        return "anagramdb"

    def log_request(self, code: int) -> None:
        self.log_message('"%s" %s %s', self.requestline, str(code), "-")

    def log_message(self, format: str, *args: object) -> None:
        """One line on stderr: the client, the local time, the message (escaped)."""
        t = time.localtime()
        when = f"{t.tm_mday:02d}/{MONTHS[t.tm_mon - 1]}/{t.tm_year:04d} {t.tm_hour:02d}:"
        when += f"{t.tm_min:02d}:{t.tm_sec:02d}"
        message = (format % args).translate(CONTROLS)
        sys.stderr.write(f"{self.client_address[0]} - - [{when}] {message}\n")


def http_version(word: str) -> tuple[int, int] | None:
    """(major, minor) of 'HTTP/1.1', or None for anything that is no HTTP version."""
    if not word.startswith("HTTP/"):
        return None
    numbers = word[5:].split(".")
    if len(numbers) != 2 or not all(n.isascii() and n.isdigit() and len(n) <= 10 for n in numbers):
        return None
    return int(numbers[0]), int(numbers[1])
