"""The server's own HTTP/1.1 (web/http11.py) at the socket level: what it refuses and how,
keep-alive, HEAD, and clients that go away mid-request, with nothing in the server's log."""

from __future__ import annotations

import contextlib
import email.utils
import json
import re
import socket
from collections.abc import Iterator
from typing import BinaryIO

import pytest

from anagramdb import __version__
from anagramdb.web.http11 import MAX_HEADERS, MAX_LINE, Headers, http_date

from ..support.waiting import wait_until
from ..support.web import serving

OK = b"GET /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\n\r\n"
LAST = b"GET /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
DATE = re.compile(
    r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
    r"\d{4} \d\d:\d\d:\d\d GMT"
)


@pytest.fixture(scope="module")
def server():
    with serving() as server:
        yield server


@pytest.fixture(scope="module")
def port(server):
    return server.server_address[1]


@contextlib.contextmanager
def connect(port: int) -> Iterator[tuple[socket.socket, BinaryIO]]:
    """A connection to the server and a file that reads it, both closed after."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as raw:
        with raw.makefile("rb") as reader:
            yield raw, reader


def response(reader) -> tuple[int, dict[str, str], bytes]:
    """One response from *reader* (a socket's binary file): status, headers, body (read by
    its Content-Length; none for HEAD is the caller's to say by passing ``head``)."""
    status_line = reader.readline()
    assert status_line.startswith(b"HTTP/1.1 "), status_line
    headers = {}
    while (line := reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name] = value.strip()
    return int(status_line.split()[1]), headers, b""


def exchange(port: int, data: bytes) -> tuple[int, dict[str, str], bytes, bytes]:
    """Send *data* on a new connection; (status, headers, body, what came after the body
    until the server closed the connection)."""
    with connect(port) as (raw, reader):
        raw.sendall(data)
        status, headers, _ = response(reader)
        body = reader.read(int(headers["Content-Length"]))
        return status, headers, body, reader.read()


def refused(port: int, data: bytes) -> tuple[int, str]:
    """The status and JSON error of a refusal, which closes the connection."""
    status, headers, body, rest = exchange(port, data)
    assert headers["Connection"] == "close" and rest == b""
    assert headers["Server"] == f"anagramdb/{__version__}" and DATE.fullmatch(headers["Date"])
    assert headers["X-Content-Type-Options"] == "nosniff"
    return status, json.loads(body)["error"]


def test_a_request_line_too_long_is_414(port):
    status, error = refused(port, b"GET /" + b"a" * MAX_LINE + b" HTTP/1.1\r\n\r\n")
    assert status == 414 and error == "Request-URI Too Long"


def test_a_header_line_too_long_or_too_many_headers_is_431(port):
    long_line = b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Long: " + b"a" * MAX_LINE + b"\r\n\r\n"
    assert refused(port, long_line) == (431, "Line too long")
    many = b"".join(b"X-%d: 1\r\n" % n for n in range(MAX_HEADERS))
    assert refused(port, b"GET / HTTP/1.1\r\nHost: localhost\r\n" + many + b"\r\n") == (
        431,
        "Too many headers",
    )


@pytest.mark.parametrize(
    ("line", "status", "error"),
    [
        (b"GET", 400, "Bad request syntax ('GET')"),
        (b"GET / HTTP/1.1 more", 400, "Bad request version ('more')"),
        (b"GET / HTTX/1.1", 400, "Bad request version ('HTTX/1.1')"),
        (b"GET / HTTP/1.1.1", 400, "Bad request version ('HTTP/1.1.1')"),
        (b"GET / HTTP/2.0", 505, "Invalid HTTP version (2.0)"),
        (b"POST /api/letters", 400, "Bad HTTP/0.9 request type ('POST')"),
    ],
)
def test_bad_request_lines_get_one_clear_answer(port, line, status, error):
    assert refused(port, line + b"\r\nHost: localhost\r\n\r\n") == (status, error)


def test_a_header_line_that_is_no_header_field_is_400(port):
    for bad in (b"no colon here", b"Host : localhost", b": no name"):
        status, error = refused(port, b"GET / HTTP/1.1\r\n" + bad + b"\r\n\r\n")
        assert status == 400 and error.startswith("Bad header line"), bad


def test_an_unknown_method_is_refused_by_the_routes_allow(port):
    status, error = refused(port, b"BREW /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\n\r\n")
    assert status == 405 and "method BREW is not allowed here" in error


def test_a_body_on_a_get_is_413_and_the_body_is_not_read(port):
    request = (
        b"GET /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n\r\nabc"
    )
    assert refused(port, request) == (413, "requests other than POST must not have a body")


def test_http_1_1_keeps_the_connection_for_the_next_request_and_head_sends_no_body(port):
    head = b"HEAD /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\n\r\n"
    with connect(port) as (raw, reader):
        raw.sendall(OK)
        status, headers, _ = response(reader)
        body = reader.read(int(headers["Content-Length"]))
        assert status == 200 and "Connection" not in headers and json.loads(body)["rack"]
        raw.sendall(head + OK)  # two requests in one write: each answered in turn
        status, head_headers, _ = response(reader)
        assert status == 200 and head_headers["Content-Length"] == headers["Content-Length"]
        status, headers, _ = response(reader)  # straight after HEAD's headers: no body came
        assert status == 200 and json.loads(reader.read(int(headers["Content-Length"])))
        raw.sendall(
            b"GET /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        status, headers, _ = response(reader)
        reader.read(int(headers["Content-Length"]))
        assert headers["Connection"] == "close" and reader.read() == b""


def test_http_1_0_closes_unless_it_asks_to_keep_alive(port):
    status, headers, _, rest = exchange(port, OK.replace(b"HTTP/1.1", b"HTTP/1.0"))
    assert status == 200 and rest == b""
    keep = (
        b"GET /api/letters?rack=abc HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n"
    )
    with connect(port) as (raw, reader):
        for _ in range(2):
            raw.sendall(keep)
            status, headers, _ = response(reader)
            assert status == 200 and json.loads(reader.read(int(headers["Content-Length"])))


def test_http_0_9_gets_the_body_alone(port):
    with connect(port) as (raw, reader):
        raw.sendall(b"GET /api/letters?rack=abc\r\nHost: localhost\r\n\r\n")
        assert json.loads(reader.read())["rack"]


@pytest.mark.parametrize(
    ("partial", "answer"),
    [
        (b"GET /api/letters?rack=abc HTTP/1.1\r\nHost: local", b""),
        (b"GET /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\n", b""),
        (b"GET /api/letters?rack=ab", b""),
        (
            b"POST /game HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-"
            b"urlencoded\r\nContent-Length: 100\r\n\r\nname=a",
            b"HTTP/1.1 400 Bad Request\r\n",
        ),
    ],
)
def test_a_client_that_closes_mid_request_leaves_nothing_in_the_log(
    server, port, partial, answer, capfd
):
    """Headers cut short are no request: the connection just ends. A body cut short is
    refused (400) to whoever may still read."""
    with connect(port) as (raw, reader):
        raw.sendall(partial)
        raw.shutdown(socket.SHUT_WR)
        assert reader.read().startswith(answer)
        if not answer:
            assert raw.recv(1) == b""
    assert exchange(port, LAST)[0] == 200  # the server answers the next client
    wait_until(lambda: server.open_connections() == 0, "the connections' threads to end")
    assert capfd.readouterr().err == ""


def test_a_client_that_resets_mid_request_leaves_nothing_in_the_log(server, port, capfd):
    with connect(port) as (raw, _):
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        raw.sendall(b"GET /api/letters?rack=abc HTTP/1.1\r\nHo")
    assert exchange(port, LAST)[0] == 200
    wait_until(lambda: server.open_connections() == 0, "the connections' threads to end")
    assert capfd.readouterr().err == ""


def test_expect_100_continue_gets_continue_before_the_body(port):
    with connect(port) as (raw, reader):
        raw.sendall(
            b"POST /game HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-"
            b"urlencoded\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n"
        )
        assert reader.readline() == b"HTTP/1.1 100 Continue\r\n" and reader.readline() == b"\r\n"
        raw.sendall(b"x=1")
        status, _, _ = response(reader)
        assert status < 500


def test_headers_match_names_in_any_case_and_keep_every_value():
    headers = Headers([("Host", "a"), ("cookie", "x=1"), ("COOKIE", "y=2")])
    assert headers.get("HOST") == "a" and headers["host"] == "a" and "hOsT" in headers
    assert headers.get("Cookie") == "x=1" and headers.get_all("Cookie") == ["x=1", "y=2"]
    assert headers.get("Accept") is None and headers.get("Accept", "") == ""
    assert headers.get_all("Accept") is None and "Accept" not in headers and len(headers) == 3


def test_the_date_is_in_the_form_email_utils_gives():
    for moment in (0, 951782400, 1_800_000_000.5, 4_102_444_799):
        assert http_date(moment) == email.utils.formatdate(moment, usegmt=True)
