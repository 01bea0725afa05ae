"""What the server refuses to do for a request: too much work, another site's embeds,
bodies and queries past their bounds; and what its routes let a module add (POST forms)."""

from __future__ import annotations

import http.client
import json
import socket
import threading

import pytest

from anagramdb.countdown.budget import Budget, WorkLimitError
from anagramdb.countdown.letters import solve_letters
from anagramdb.countdown.numbers import solutions
from anagramdb.web import routes
from anagramdb.web.defaults import WORK_BUDGET
from anagramdb.web.handler import MAX_BODY, MAX_FIELDS
from anagramdb.web.server import BACKLOG, Options, make_server

from ..support.web import serving

WAIT = 60


@pytest.fixture(scope="module")
def port():
    with serving() as server:
        yield server.server_address[1]


def ask(port: int, method: str, path: str, body: bytes | None = None, **headers: str):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        named = {name.replace("_", "-"): value for name, value in headers.items()}
        connection.request(method, path, body=body, headers=named)
        response = connection.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if kind == "application/json" else data
    finally:
        connection.close()


def test_the_budget_counts_work_and_stops_a_search_where_it_has_got_to(full):
    budget = Budget(10**9)
    # gyroscope, every length: one walk over its 511 sub-keys of 3 letters or more ...
    solve_letters(full, "gyroscope", all=True, budget=budget)
    assert 0 < budget.spent < WORK_BUDGET
    # ... a 16-letter rack with two blanks checks most of the dictionary one word at a time.
    with pytest.raises(WorkLimitError, match="more work than the 300,000 units"):
        solve_letters(full, "etaoinshrdlucm??", all=True, budget=Budget(WORK_BUDGET))
    spent = Budget(10**9)
    solutions([25, 50, 75, 100, 3, 6], 952, budget=spent)
    with pytest.raises(WorkLimitError):
        solutions([25, 50, 75, 100, 3, 6], 952, budget=Budget(spent.spent - 1))


@pytest.mark.parametrize(
    "path",
    [
        "/api/letters?rack=etaoinshrdlucm%3F%3F&all=1",
        "/api/letters?rack=abcdefghijklmn%3F%3F",
    ],
)
def test_a_request_past_its_work_budget_gets_422_with_the_reason(port, path):
    status, record = ask(port, "GET", path)
    assert status == 422 and "more work than the 300,000 units allowed" in record["error"]
    assert "ask for less" in record["error"]


def test_the_show_s_racks_are_well_within_the_budget(port):
    for path in (
        "/api/letters?rack=gyrosco%3F%3F&all=1",
        "/api/numbers?numbers=101+203+307+409+503+607&target=871&all=1",
    ):
        assert ask(port, "GET", path)[0] == 200


@pytest.mark.parametrize("path", ["/api/letters?rack=countdown", "/letters?rack=countdown"])
def test_another_site_cannot_make_us_work_for_an_embed(port, path):
    # <img src=...> or <script src=...> on another site: no Origin, but Chromium says where
    # the request comes from.
    status, record = ask(port, "GET", path, Sec_Fetch_Site="cross-site", Sec_Fetch_Mode="no-cors")
    assert status == 403 and "another site" in record["error"]


def test_a_link_from_another_site_to_a_page_still_works(port):
    status, _ = ask(
        port,
        "GET",
        "/letters?rack=countdown",
        Sec_Fetch_Site="cross-site",
        Sec_Fetch_Mode="navigate",
        Sec_Fetch_Dest="document",
    )
    assert status == 200


def test_same_origin_requests_are_served(port):
    assert ask(port, "GET", "/api/letters?rack=abc", Sec_Fetch_Site="same-origin")[0] == 200


def test_too_many_fields_in_a_query_is_400(port):
    status, record = ask(port, "GET", "/api/letters?" + "&".join(["rack=abc"] * (MAX_FIELDS + 1)))
    assert status == 400 and f"more than {MAX_FIELDS} fields" in record["error"]


def test_the_listen_backlog_queues_128_connections_nobody_has_accepted():
    import selectors

    server = make_server(Options(port=0, quiet=True))  # listening, but not accepting
    opened = []
    try:
        with selectors.DefaultSelector() as selector:
            for _ in range(BACKLOG + 20):
                connection = socket.socket()
                connection.setblocking(False)
                connection.connect_ex(server.server_address)
                selector.register(connection, selectors.EVENT_WRITE)
                opened.append(connection)
            connected: set[socket.socket] = set()
            # The kernel completes the handshake of each queued connection at once; those
            # past the backlog stay unanswered (a bound on a stuck kernel, not a timing).
            while len(connected) < BACKLOG:
                ready = selector.select(timeout=5)
                if not ready:
                    break
                for key, _ in ready:
                    selector.unregister(key.fileobj)
                    if not key.fileobj.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                        connected.add(key.fileobj)
        assert BACKLOG >= 128 and len(connected) >= 128
    finally:
        for connection in opened:
            connection.close()
        server.server_close()
        server.solvers.close()


@pytest.fixture
def form_route():
    def handler(request: routes.Request) -> routes.Response:
        return routes.Response.json(200, {"name": request.one("name"), "method": request.method})

    routes.route("/test/form", methods=("GET", "POST"))(handler)
    yield
    del routes.ROUTES["/test/form"]


def test_a_route_may_take_posted_forms(port, form_route):
    form = b"name=Ann+Smith"
    headers = {"Content_Type": "application/x-www-form-urlencoded"}
    assert ask(port, "POST", "/test/form", form, **headers) == (
        200,
        {"name": "Ann Smith", "method": "POST"},
    )
    assert ask(port, "GET", "/test/form?name=Bo")[1] == {"name": "Bo", "method": "GET"}


@pytest.mark.parametrize(
    ("body", "headers", "status", "message"),
    [
        (
            b"x" * (MAX_BODY + 1),
            {"Content_Type": "application/x-www-form-urlencoded"},
            413,
            "longer",
        ),
        (b'{"name": 1}', {"Content_Type": "application/json"}, 415, "urlencoded"),
        (
            b"name=x",
            {"Content_Type": "application/x-www-form-urlencoded", "Origin": "http://evil.example"},
            403,
            "cross-origin",
        ),
        (
            b"name=x",
            {"Content_Type": "application/x-www-form-urlencoded", "Sec_Fetch_Site": "cross-site"},
            403,
            "another site",
        ),
        (b"name=%ff", {"Content_Type": "application/x-www-form-urlencoded"}, 200, ""),
    ],
)
def test_posted_bodies_are_bounded_and_from_our_own_pages(
    port, form_route, body, headers, status, message
):
    got, record = ask(port, "POST", "/test/form", body, **headers)
    assert got == status and message in record.get("error", "")


def test_post_where_no_route_takes_it_is_405(port):
    status, record = ask(port, "POST", "/api/letters?rack=abc", b"", Content_Length="0")
    assert status == 405 and "use GET" in record["error"]


ADDRESS_SPACE = 128 * 1024 * 1024  # issue 20's aim for serve: it worked only from 256 MiB
HELD = 200  # connections open at once: a thread each


def limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_works_under_a_128_mib_address_space_limit(workers):
    import signal
    import subprocess
    import sys

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "anagramdb",
            "serve",
            "--port",
            "0",
            "--quiet",
            "--workers",
            workers,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limited,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("anagramdb: serving"), line + process.stderr.read()
        port = int(line.split()[2].rsplit(":", 1)[1].strip("/"))
        held = [socket.create_connection(("127.0.0.1", port), timeout=WAIT) for _ in range(HELD)]
        answers: list[bytes] = []

        def ask(connection: socket.socket, path: str) -> None:
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
            answers.append(connection.recv(64))

        # Every connection asks at once (each a thread of the server), a few of them a
        # search that builds large answers.
        paths = ["/api/letters?rack=countdown"] * (HELD - 4) + [
            "/api/letters?rack=gyrosco%3F%3F&all=1"
        ] * 4
        asking = [threading.Thread(target=ask, args=pair) for pair in zip(held, paths, strict=True)]
        for thread in asking:
            thread.start()
        for thread in asking:
            thread.join(WAIT)
        for connection in held:
            connection.close()
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            process.kill()
    assert [answer[:12] for answer in answers] == [b"HTTP/1.1 200"] * HELD
    assert process.returncode == 0 and err == ""


def test_a_phrase_search_is_paid_for_from_the_budget(port, full, monkeypatch):
    from anagramdb.countdown.phrases import phrases
    from anagramdb.web import api

    # The wall-clock backstop must not fire first on a loaded machine: the budget is tested.
    monkeypatch.setattr(api, "SEARCH_SECONDS", 3600.0)

    small = Budget(10**9)
    phrases(full, "countdown", 3, 3, 1000, budget=small)
    assert 0 < small.spent < 1000
    # Thirty letters, three words of four or more: about half a second of work (measured).
    with pytest.raises(WorkLimitError, match="phrase words tried"):
        phrases(full, "anagramdatabasecountdownsolver", 3, 4, 1000, budget=Budget(WORK_BUDGET))
    status, record = ask(
        port, "GET", "/api/phrases?letters=anagramdatabasecountdownsolver&max-words=3&min=4"
    )
    assert status == 422 and "phrase words tried" in record["error"]
