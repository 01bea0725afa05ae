"""The web server as an API client sees it: a real server on port 0, spoken to with urllib."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import pytest

from anagramdb.web import api
from anagramdb.web.handler import host_allowed
from anagramdb.web.server import Options

from ..support import ROOT
from ..support.waiting import wait_until, workers
from ..support.web import Client, serving, start_server


@pytest.fixture(scope="module")
def served():
    with serving() as server:
        yield server


@pytest.fixture
def client(served) -> Client:
    return Client(served.server_address[1])


def cli_json(*args: str):
    """What ``anagramdb ARGS --json`` prints, one record a line."""
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb", *args, "--json"], capture_output=True, text=True
    )
    assert result.returncode in (0, 1), result.stderr  # 1: a checked answer that is not valid
    return [json.loads(line) for line in result.stdout.splitlines()]


GAME = ["numbers", "100", "75", "50", "25", "6", "3", "--target", "952"]


@pytest.mark.parametrize(
    ("path", "command"),
    [
        ("/api/anagrams?letters=listen", ["anagrams", "listen"]),
        (
            "/api/letters?rack=gyroscope&min=6&all=1",
            ["letters", "gyroscope", "--min", "6", "--all"],
        ),
        ("/api/letters?rack=cat%3F&enough=5", ["letters", "cat?", "--enough", "5"]),
        (
            "/api/phrases?letters=countdown&max-words=2&min=4",
            ["phrases", "countdown", "--max-words", "2", "--min", "4"],
        ),
        ("/api/conundrum?letters=canedanon", ["conundrum", "canedanon"]),
        (
            "/api/numbers?numbers=25+50+75+100+3+6&target=952&all=1",
            ["numbers", "25", "50", "75", "100", "3", "6", "--target", "952", "--all"],
        ),
        (
            "/api/numbers?numbers=100,4,7,1,1,1&target=728&ascii=1",
            ["numbers", "100", "4", "7", "1", "1", "1", "--target", "728", "--ascii"],
        ),
        ("/api/draw/letters?vowels=5&seed=3", ["draw", "letters", "--vowels", "5", "--seed", "3"]),
        ("/api/draw/numbers?large=2&seed=9", ["draw", "numbers", "--large", "2", "--seed", "9"]),
        (
            "/api/check/letters?rack=gyroscope&word=scrooge",
            ["check", "letters", "gyroscope", "scrooge"],
        ),
        (
            "/api/check/numbers?numbers=100+75+50+25+6+3&target=952&answer="
            + urllib.parse.quote("((100+6)*3*75-50)/25"),
            ["check", "numbers", *GAME[1:], "((100+6)*3*75-50)/25"],
        ),
        # The old forms answer as they did, as the old command forms do.
        ("/api/check?rack=gyroscope&word=scrooge", ["check", "gyroscope", "scrooge"]),
        ("/api/check?rack=countdown&word=cutdowns", ["check", "countdown", "cutdowns"]),
        (
            "/api/check?numbers=100+75+50+25+6+3&target=952&check="
            + urllib.parse.quote("((100+6)*3*75-50)/25"),
            [*GAME, "--check", "((100+6)*3*75-50)/25"],
        ),
        (
            "/api/check?numbers=100+75+50+25+6+3&target=952&check=75/50*100",
            [*GAME, "--check", "75/50*100"],
        ),
        (
            "/api/numbers?numbers=100+75+50+25+6+3&target=952&check="
            + urllib.parse.quote("(100+6)*3*75/25"),
            [*GAME, "--check", "(100+6)*3*75/25"],
        ),
    ],
)
def test_every_endpoint_answers_with_the_cli_json_record(client, path, command):
    status, record = client.json(path)
    assert status == 200
    assert [record] == cli_json(*command)


def test_the_api_root_lists_the_endpoints_and_their_parameters(client):
    status, record = client.json("/api/")
    assert status == 200 and record["endpoints"]["/api/letters"] == [
        "rack",
        "min",
        "enough",
        "all",
        "define",
    ]
    assert sorted(record["endpoints"]) == sorted(f"/api/{name}" for name in api.ENDPOINTS)


def test_generated_conundrums_are_the_cli_records_as_a_list(client):
    made = cli_json("draw", "conundrum", "--count", "3", "--seed", "42")
    assert made == cli_json("conundrum", "--generate", "--count", "3", "--seed", "42")
    for path in (
        "/api/draw/conundrum?count=3&seed=42",
        "/api/conundrum?generate=1&count=3&seed=42",
    ):
        status, records = client.json(path)
        assert status == 200 and records == made


@pytest.mark.parametrize(
    ("path", "form", "successor"),
    [
        ("/api/check?rack=gyroscope&word=scrooge", "/api/check", "/api/check/letters"),
        ("/api/check?numbers=1+2&target=3&check=1%2B2", "/api/check", "/api/check/numbers"),
        (
            "/api/numbers?numbers=1+2&target=3&check=1%2B2",
            "/api/numbers?check=",
            "/api/check/numbers",
        ),
        ("/api/conundrum?generate=1&seed=7", "/api/conundrum?generate=", "/api/draw/conundrum"),
    ],
)
def test_an_old_form_answers_and_names_what_replaces_it(client, path, form, successor):
    status, headers, data = client.get(path)
    assert status == 200 and json.loads(data)
    assert headers["Deprecation"] == api.DEPRECATED_SINCE
    assert headers["Link"] == f'<{successor}>; rel="successor-version"'
    assert headers["X-Anagramdb-Warning"] == f"{form} is an old form: use {successor}"
    listed = client.json("/api/")[1]["old"]
    assert successor in listed[form] and successor.removeprefix("/api/") in api.ENDPOINTS


def test_the_current_forms_carry_no_deprecation(client):
    for path in ("/api/numbers?numbers=1+2&target=3", "/api/draw/conundrum?seed=7"):
        status, headers, _ = client.get(path)
        assert status == 200 and "Deprecation" not in headers and "Link" not in headers


def test_numbers_warnings_go_in_a_header_not_the_record(client):
    status, headers, data = client.get("/api/numbers?numbers=50+2+3+7+8+9&target=100")
    assert status == 200 and "outside 101-999" in headers["X-Anagramdb-Warning"]
    assert (
        json.loads(data) == cli_json("numbers", "50", "2", "3", "7", "8", "9", "--target", "100")[0]
    )
    status, record = client.json("/api/numbers?numbers=50+2+3+7+8+9&target=100&strict=1")
    assert status == 400 and "not a game from the show" in record["error"]


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/api/letters?rack=a1", 400, "neither letters nor ? blanks: '1'"),
        ("/api/letters", 400, "missing parameter 'rack'"),
        ("/api/letters?rack=abc&rack=def", 400, "given 2 times"),
        ("/api/letters?rack=abc&colour=red", 400, "unknown parameter 'colour'"),
        ("/api/letters?rack=abc&min=0", 400, "from 1 to"),
        ("/api/letters?rack=abc&all=maybe", 400, "must be 1 or 0"),
        ("/api/letters?rack=" + "a" * 17, 413, "longer than 16 characters"),
        ("/api/letters?rack=ab%3F%3F%3F", 400, "at most 2 blanks"),
        ("/api/anagrams?letters=" + "a" * 65, 413, "longer than 64 characters"),
        ("/api/numbers?numbers=1+2+3+4+5+6+7&target=100", 400, "give 1 to 6 numbers"),
        ("/api/numbers?numbers=1+2+x&target=100", 400, "positive whole numbers"),
        ("/api/numbers?numbers=1+2", 400, "missing parameter 'target'"),
        ("/api/phrases?letters=" + "abcdefghij" * 5, 400, "at most 40 letters"),
        ("/api/conundrum?letters=abc&generate=1", 400, "not both"),
        ("/api/conundrum?generate=1&count=11", 400, "from 1 to 10"),
        ("/api/draw/letters?vowels=6", 400, "from 3 to 5"),
        ("/api/check?rack=abc&word=cab&numbers=1+2&target=3&check=1%2B2", 400, "not both"),
        ("/api/check?rack=abc", 400, "missing parameter 'word'"),
        ("/api/check?numbers=1+2&target=3&check=1%2B%2B2", 400, ""),
        ("/api/check?numbers=1+2&target=3&check=" + "1" * 201, 413, "longer than 200 characters"),
        ("/api/nothing", 404, "no such endpoint"),
        ("/api/draw/words", 404, "no such endpoint"),
    ],
)
def test_bad_requests_get_one_json_error_and_the_status(client, path, status, message):
    got, headers, data = client.get(path)
    assert got == status
    assert headers["Cache-Control"] == "no-store"
    assert message in json.loads(data)["error"]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_methods_other_than_get_and_head_get_405(client, method):
    status, headers, data = client.request(method, "/api/letters?rack=abc", body=b"x=1")
    assert status == 405 and headers["Allow"] == "GET, HEAD"
    assert "not allowed" in json.loads(data)["error"]


def test_http_servers_own_refusals_are_json_with_our_headers(client):
    status, headers, data = client.request("BREW", "/api/letters?rack=abc")
    assert (
        status == 405
        and headers["Allow"] == "GET, HEAD"
        and "not allowed" in json.loads(data)["error"]
    )
    with socket.create_connection(("127.0.0.1", client.port), timeout=60) as raw:
        raw.sendall(b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
        reply = raw.makefile("rb").read()
    head, _, body = reply.partition(b"\r\n\r\n")
    assert (
        head.startswith(b"HTTP/1.1 414")
        and b"X-Content-Type-Options: nosniff" in head
        and "error" in json.loads(body)
    )


def test_connections_past_the_limit_are_closed_at_once():
    server, thread = start_server(Options(port=0, quiet=True, max_connections=2))
    try:
        idle = [
            socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=60)
            for _ in range(2)
        ]
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=60) as third:
            third.sendall(b"GET /api/letters?rack=abc HTTP/1.1\r\nHost: localhost\r\n\r\n")
            try:
                assert third.recv(100) == b""
            except ConnectionResetError:
                pass
        for connection in idle:
            connection.close()

        def served() -> bool:
            try:
                return Client(server.server_address[1]).get("/api/letters?rack=abc")[0] == 200
            except (http.client.RemoteDisconnected, ConnectionResetError):
                return False  # still refused: not yet

        # The two threads notice their connections closed.
        wait_until(served, "the server to take connections again")
    finally:
        server.shutdown()
        server.server_close()
        server.solvers.close()
        thread.join()


def test_head_sends_the_headers_without_the_body(client):
    status, headers, data = client.request("HEAD", "/api/letters?rack=countdown")
    assert status == 200 and data == b"" and int(headers["Content-Length"]) > 0


def test_oversize_requests_get_413_and_414(client):
    status, _, data = client.request(
        "GET", "/api/letters?rack=abc", body=b"x" * 10, headers={"Content-Length": "10"}
    )
    assert status == 413 and "body" in json.loads(data)["error"]
    status, _, data = client.get("/api/letters?rack=" + "a" * 3000)
    assert status == 414 and "longer than 2048 bytes" in json.loads(data)["error"]


def test_an_answer_of_too_many_words_is_refused(client, monkeypatch):
    monkeypatch.setattr(api, "MAX_RESULT_WORDS", 5)
    status, record = client.json("/api/letters?rack=countdown&all=1")
    assert status == 413 and "more than the 5 one request returns" in record["error"]


def test_a_search_past_its_time_limit_is_refused(client, monkeypatch):
    monkeypatch.setattr(api, "SEARCH_SECONDS", -1.0)  # every deadline already passed
    status, record = client.json("/api/phrases?letters=anagramdatabase")
    assert status == 400 and "took too long" in record["error"]


def test_busy_worker_answers_503(client, served):
    taken = 0
    # A request just answered may not have given its slot back yet: wait for each.
    while taken < served.options.max_working and served.working.acquire(timeout=60):
        taken += 1
    queue_seconds = served.options.queue_seconds
    served.options = served.options._replace(queue_seconds=0.01)
    try:
        status, headers, data = client.get("/api/letters?rack=abc")
        assert (
            status == 503
            and headers["Retry-After"] == "1"
            and "too many" in json.loads(data)["error"]
        )
    finally:
        served.options = served.options._replace(queue_seconds=queue_seconds)
        for _ in range(taken):
            served.working.release()
    assert client.get("/api/letters?rack=abc")[0] == 200


def test_a_bug_is_a_500_and_one_line_on_stderr(client, monkeypatch, capsys):
    def broken(*args):
        raise KeyError("oops")

    monkeypatch.setitem(api.ENDPOINTS, "letters", (broken, ("rack",)))
    status, record = client.json("/api/letters?rack=abc")
    assert status == 500 and record == {"error": "internal error"}
    assert (
        capsys.readouterr().err
        == "anagramdb: error: KeyError: 'oops' (answering '/api/letters?rack=abc')\n"
    )


def test_concurrent_requests_from_threads_all_get_their_own_answer(client):
    racks = [
        "gyroscope",
        "countdown",
        "aeinrstlo",
        "listen",
        "stone",
        "zebra",
        "quartzy",
        "jukebox",
    ] * 8

    def fetch(rack: str):
        return client.json(f"/api/letters?rack={rack}&enough=1")

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(fetch, racks))
    for rack, (status, record) in zip(racks, answers, strict=True):
        assert status == 200 and record["rack"] == rack and record["words"]


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8000", "localhost.evil.example", ""]
)
def test_a_host_header_naming_another_site_is_refused(client, host):
    status, _, data = client.get("/letters", Host=host)
    assert status == 400 and "Host header" in json.loads(data)["error"]


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1:8000", "[::1]:80", "app.localhost"])
def test_host_headers_naming_this_machine_are_served(client, host):
    assert client.get("/api/letters?rack=abc", Host=host)[0] == 200


def test_host_allowed_strips_ports_and_brackets():
    assert host_allowed("LOCALHOST:80", {"localhost"}) and host_allowed("[fe80::1]:8000", set())
    assert not host_allowed("evil.example:80", {"localhost"}) and not host_allowed(
        None, {"localhost"}
    )


def test_cross_origin_api_requests_are_refused(client):
    own = f"http://127.0.0.1:{client.port}"
    assert client.get("/api/letters?rack=abc", Origin=own)[0] == 200
    status, headers, data = client.get("/api/letters?rack=abc", Origin="http://evil.example")
    assert status == 403 and "cross-origin" in json.loads(data)["error"]
    assert "Access-Control-Allow-Origin" not in headers


def test_cors_lets_one_origin_in():
    server, thread = start_server(Options(port=0, quiet=True, cors="http://allowed.example"))
    try:
        client = Client(server.server_address[1])
        status, headers, _ = client.get("/api/letters?rack=abc", Origin="http://allowed.example")
        assert status == 200 and headers["Access-Control-Allow-Origin"] == "http://allowed.example"
        assert client.get("/api/letters?rack=abc", Origin="http://evil.example")[0] == 403
    finally:
        server.shutdown()
        server.server_close()
        server.solvers.close()
        thread.join()


def test_security_and_cache_headers(client):
    status, headers, _ = client.get("/letters?rack=countdown")
    assert status == 200
    policy = headers["Content-Security-Policy"]
    assert (
        "default-src 'none'" in policy
        and "script-src 'sha256-" in policy
        and "unsafe-inline" not in policy
    )
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["X-Frame-Options"] == "DENY"
    assert headers["Cache-Control"].startswith("public")
    assert client.get("/api/draw/letters")[1]["Cache-Control"] == "no-store"
    assert client.get("/api/draw/letters?seed=1")[1]["Cache-Control"].startswith("public")
    assert client.get("/practice?round=letters&seed=1")[1]["Cache-Control"] == "no-store"


def test_the_page_links_no_external_asset(client):
    _, html = client.page("/letters?rack=countdown")
    assert "http://" not in html and "https://" not in html and " src=" not in html


@pytest.mark.parametrize(
    "path",
    [
        "/letters?rack={}",
        "/conundrum?letters={}",
        "/numbers?numbers={}&target=100",
        "/numbers?numbers=1+2&target={}",
        "/practice?round=letters&seed=1&answer={}",
        "/practice?round={}",
        "/nowhere/{}",
    ],
)
def test_input_is_never_echoed_unescaped(client, path):
    attack = '<script>alert("x")</script>"\'&'
    status, headers, data = client.get(path.format(urllib.parse.quote(attack)))
    html = data.decode()
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert "<script>alert" not in html and "\"'&<" not in html
    assert html.count("<script>") == 1  # the page's own script
    assert status in (200, 400, 404, 413)


@pytest.mark.parametrize(
    "path",
    [
        "/etc/passwd",
        "/../README.md",
        "/%2e%2e/pyproject.toml",
        "/static/style.css",
        "/api/../anagramdb/data/words.txt",
    ],
)
def test_no_file_is_served_from_disk(client, path):
    status, _, data = client.get(path)
    assert status == 404 and b"root:" not in data and b"[project]" not in data


def test_pages_render_the_answers_server_side(client):
    status, html = client.page("/letters?rack=gyroscope")
    assert (
        status == 200
        and "<h2>9 letters" in html
        and "<li>gyroscope</li>" in html
        and 'value="gyroscope"' in html
    )
    assert client.page("/")[0] == 200
    status, html = client.page("/conundrum?letters=canedanon")
    assert "<li>cannonade</li>" in html and "the unique answer" in html
    status, html = client.page("/numbers?numbers=25+50+75+100+3+6&target=952")
    assert "952: exact" in html and "<li>100 + 3 = 103</li>" in html
    status, headers, data = client.get("/letters?rack=a1")
    assert (
        status == 400 and 'role="alert"' in data.decode() and headers["Cache-Control"] == "no-store"
    )
    assert client.page("/nowhere")[0] == 404


def test_random_states_redirect_to_a_url_with_their_seed(client):
    for path, start_of in [
        ("/conundrum?generate=1", "/conundrum?generate=1&seed="),
        ("/practice?round=letters&seconds=5", "/practice?round=letters&seed="),
    ]:
        status, headers, _ = client.get(path)
        assert status == 302 and headers["Location"].startswith(start_of)
        status, html = client.page(headers["Location"])
        assert status == 200
    made = cli_json("draw", "conundrum", "--seed", "42")[0]
    status, html = client.page("/conundrum?generate=1&seed=42")
    assert (
        "".join(f"<li>{letter.upper()}</li>" for letter in made["clue"]) in html
        and made["answer"].upper() in html
    )


def test_practice_draws_as_the_contestant_chooses(client):
    status, html = client.page("/practice")
    assert (
        status == 200
        and "round=letters&amp;vowels=5&amp;seconds=30" in html
        and "round=numbers&amp;large=4&amp;seconds=30" in html
    )
    status, headers, _ = client.get("/practice?round=numbers&large=4")
    assert status == 302 and headers["Location"].startswith("/practice?round=numbers&large=4&seed=")
    drawn = cli_json("draw", "numbers", "--large", "4", "--seed", "8")[0]
    status, html = client.page("/practice?round=numbers&large=4&seed=8")
    assert (
        "".join(f"<li>{n}</li>" for n in drawn["numbers"]) in html
        and 'name="large" value="4"' in html
    )
    rack = cli_json("draw", "letters", "--vowels", "5", "--seed", "8")[0]["letters"]
    status, html = client.page("/practice?round=letters&vowels=5&seed=8")
    assert "".join(f"<li>{letter}</li>" for letter in rack) in html
    assert client.page("/practice?round=letters&vowels=6&seed=8")[0] == 400


def test_practice_checks_and_scores_a_letters_answer(client):
    rack = cli_json("draw", "letters", "--seed", "11")[0]["letters"]
    best = cli_json("letters", rack, "--enough", "1")[0]["words"][0]
    status, html = client.page(f"/practice?round=letters&seed=11&seconds=30&answer={best['word']}")
    assert (
        status == 200
        and f"{best['word']}: valid, {best['length']} letters, {best['score']} points" in html
    )
    assert "<h2>The best answers</h2>" in html and f"<li>{best['word']}</li>" in html
    status, html = client.page("/practice?round=letters&seed=11&answer=qqq")
    assert "qqq: 0 points" in html and "can&#x27;t make qqq: needs 3 q, rack has 0" in html
    status, html = client.page("/practice?round=letters&seed=11&timeup=1")
    assert "Time&#x27;s up!" in html or "Time's up!" in html
    assert "No answer: 0 points" in html


def test_practice_numbers_round_shows_the_target_and_the_best_answer(client):
    drawn = cli_json("draw", "numbers", "--seed", "5")[0]
    status, html = client.page("/practice?round=numbers&seed=5")
    assert (
        status == 200
        and f'<span class="target">{drawn["target"]}</span>' in html
        and 'id="clock"' in html
    )
    status, html = client.page("/practice?round=numbers&seed=5&timeup=1")
    best = cli_json("numbers", *map(str, drawn["numbers"]), "--target", str(drawn["target"]))[0]
    assert best["solutions"][0]["infix"] in html
    working = best["solutions"][0]["infix"]
    status, html = client.page(
        "/practice?round=numbers&seed=5&answer=" + urllib.parse.quote(working)
    )
    points = {0: 10, 1: 7, 2: 7, 3: 7, 4: 7, 5: 7}.get(
        best["distance"], 5 if best["distance"] <= 10 else 0
    )
    assert (
        f"= {best['value']}: valid" in html
        and f"{points} points" in html
        and '<ol class="steps">' in html
    )
    status, html = client.page("/practice?round=numbers&seed=5&answer=1000000")
    assert "0 points" in html and 'class="error"' in html


def serve_process(
    *args: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``anagramdb serve --port 0 ARGS`` in a child process, and the URL it prints."""
    command = [sys.executable, "-m", "anagramdb", "serve", "--port", "0", *args]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("anagramdb: serving http://"), line + process.stderr.read()
    return process, line.split()[2]


@pytest.mark.parametrize(
    ("workers", "stop"),
    [("1", signal.SIGTERM), ("1", signal.SIGINT), ("2", signal.SIGTERM), ("2", signal.SIGINT)],
)
def test_serve_stops_cleanly_on_a_signal(workers, stop):
    process, url = serve_process("--workers", workers)
    port = int(url.rsplit(":", 1)[1].strip("/"))
    try:
        with ThreadPoolExecutor(4) as pool:
            statuses = list(
                pool.map(lambda _: Client(port).get("/api/letters?rack=countdown")[0], range(8))
            )
        assert statuses == [200] * 8
    finally:
        process.send_signal(stop)  # to the parent alone: it stops its workers itself
        _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "Traceback" not in err and '"GET /api/letters?rack=countdown HTTP/1.1" 200' in err


def test_the_parent_reports_lost_workers_and_fails_when_none_are_left():
    process, _ = serve_process("--workers", "2", "--quiet")
    try:
        # The URL is printed before the workers are forked.
        for child in workers(process.pid, 2):
            os.kill(child, signal.SIGKILL)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 1
    assert (
        err.count("anagramdb: warning: worker") == 2
        and "1 left" in err
        and "0 left" in err
        and "Traceback" not in err
    )


def test_open_shows_the_page_in_the_browser(tmp_path):
    opened = tmp_path / "opened"
    # webbrowser runs $BROWSER with the URL in place of %s.
    write = "import sys, pathlib; pathlib.Path(sys.argv[1]).write_text(sys.argv[2])"
    browser = f"{sys.executable} -c '{write}' {opened} %s"
    process, url = serve_process(
        "--open", "--host", "0.0.0.0", "--quiet", env={**os.environ, "BROWSER": browser}
    )
    try:
        wait_until(lambda: opened.exists() and opened.read_text(), "the browser to be run")
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=60)
    assert url.startswith("http://0.0.0.0:")
    assert opened.read_text() == url.replace(
        "0.0.0.0", "127.0.0.1"
    )  # a wildcard address is not one to browse to


@pytest.mark.parametrize("answered", [1, 20, 80])
def test_serve_stops_cleanly_while_connections_keep_coming(answered):
    process, url = serve_process("--quiet")
    port = int(url.rsplit(":", 1)[1].strip("/"))
    stop = threading.Event()
    done: list[int] = []

    def hammer() -> None:  # a new connection each time: the server starts a thread each time
        while not stop.is_set():
            try:
                done.append(Client(port).get("/api/draw/letters?seed=1")[0])
            except (OSError, http.client.HTTPException):
                pass

    threads = [threading.Thread(target=hammer) for _ in range(4)]
    for thread in threads:
        thread.start()
    try:
        # When, among the requests, the signal lands: after the first answer, or more.
        wait_until(lambda: len(done) >= answered, f"{answered} answers")
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and err == ""


def test_the_stop_signal_only_sets_a_flag_and_wakes_the_loop():
    from anagramdb.web.workers import StopFlag

    # A handler that raised could land anywhere: inside socketserver's `except Exception`
    # (swallowed: the server kept running) or between os.wait() and the bookkeeping.
    flag = StopFlag()
    try:
        assert flag(signal.SIGTERM, None) is None and flag.set
        assert os.read(flag.read, 10) == b"!"
    finally:
        flag.close()


def test_serve_warns_when_reachable_by_others_and_quiet_silences_the_log():
    process, url = serve_process("--host", "0.0.0.0", "--quiet")
    try:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        assert Client(port).get("/api/letters?rack=abc")[0] == 200
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 0
    assert err.splitlines() == [
        "anagramdb: warning: listening on 0.0.0.0: "
        "anyone who can reach this machine can use the server"
    ]


def test_serve_reports_a_port_in_use_in_one_line(served):
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb", "serve", "--port", str(served.server_address[1])],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert (
        result.stderr.startswith("anagramdb: error: cannot listen on 127.0.0.1:")
        and len(result.stderr.splitlines()) == 1
    )


def test_the_load_benchmark_runs_and_counts_no_errors():
    script = os.path.join(
        ROOT,
        "benchmarks",
        "serve_load.py",
    )
    result = subprocess.run(
        [sys.executable, script, "--clients", "2", "--seconds", "0.5", "--workers", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    (figures,) = json.loads(result.stdout.splitlines()[-1])
    assert (
        figures["workers"] == 1
        and figures["requests"] > 0
        and figures["errors"] == 0
        and figures["server_exit"] == 0
    )
    assert len(figures["rss_mib"]) == 1 and figures["rss_mib"][0] > 1


WEB_DOC = os.path.join(ROOT, "docs", "WEB.md")


def documented_api_examples() -> list[tuple[str, dict[str, str], str]]:
    """(path, headers, the response docs/WEB.md shows) of each
    ``$ curl -s [-H 'NAME: VALUE']... 'http://127.0.0.1:8000/...'``."""
    import shlex

    with open(WEB_DOC, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    examples = []
    for number, line in enumerate(lines):
        if not line.startswith("$ curl -s "):
            continue
        words = shlex.split(line[2:])
        url = words[-1]
        if not url.startswith("http://127.0.0.1:8000"):
            continue
        pairs = zip(words[2:-1:2], words[3:-1:2], strict=True)
        headers = dict(value.split(": ", 1) for flag, value in pairs if flag == "-H")
        examples.append((url[len("http://127.0.0.1:8000") :], headers, lines[number + 1]))
    return examples


@pytest.mark.parametrize(("path", "headers", "shown"), documented_api_examples())
def test_the_web_doc_shows_real_api_responses(client, path, headers, shown):
    status, _, data = client.get(path, **{name.replace("-", "_"): v for name, v in headers.items()})
    assert data.decode() == shown
    assert status == 200 or "error" in json.loads(shown)


def test_the_web_doc_has_api_examples():
    assert len(documented_api_examples()) >= 4


def test_the_web_doc_shows_the_real_headers_of_an_error(client):
    with open(WEB_DOC, encoding="utf-8") as handle:
        text = handle.read()
    command = "$ curl -si 'http://127.0.0.1:8000"
    start = text.index(command)
    path, _, shown = text[start + len(command) :].partition("'\n")
    shown_head, _, shown_body = shown.split("\n```", 1)[0].partition("\n\n")
    status, headers, data = client.get(path)
    head = [f"HTTP/1.1 {status} Bad Request"] + [
        f"{name}: {value}" for name, value in headers.items() if name != "Date"
    ]
    assert [line for line in shown_head.splitlines() if not line.startswith("Date: ")] == head
    assert shown_body == data.decode()
