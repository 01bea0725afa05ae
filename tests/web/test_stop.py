"""Stopping the server gracefully: in process (Server.stop() with a request held in flight)
and as ``anagramdb serve`` under load, for one worker and for several.

The load is bounded request loops on loopback (LOAD_CLIENTS clients, at most
MAX_REQUESTS requests each); the signal is sent once every client has had an answer, so
requests are in flight when it lands. Waits are bounds on a stuck server, not timings.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import threading

import pytest

from anagramdb.web import routes
from anagramdb.web.server import Options

from ..support.processes import threads
from ..support.waiting import wait_until, workers
from ..support.web import held_route, start_server

LOAD_CLIENTS = 6
MAX_REQUESTS = 400
WAIT = 60
# A 9-letter rack with two blanks: tens of milliseconds of work, well within the budget.
HEAVY = "/api/letters?rack=gyrosco%3F%3F&all=1"


@pytest.fixture
def held():
    """A route /test/held whose requests wait until the test lets them go."""
    with held_route("/test/held", WAIT) as pair:
        yield pair


def test_stop_lets_a_request_in_flight_finish_then_the_dictionaries_close(held):
    entered, release = held
    server, thread = start_server(Options(port=0, quiet=True))
    port = server.server_address[1]
    answers: list[int] = []
    in_flight = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    idle = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    idle.request("GET", "/api/letters?rack=abc")
    assert idle.getresponse().read() and idle.sock is not None  # kept alive, now idle

    def ask() -> None:
        in_flight.request("GET", "/test/held")
        response = in_flight.getresponse()
        answers.append(response.status)
        assert response.getheader("Connection") == "close"
        response.read()

    asking = threading.Thread(target=ask)
    asking.start()
    assert entered.acquire(timeout=WAIT)  # the request is being answered
    server.shutdown()  # the accept loop (serve_forever here; workers.run in serve)
    stopped: list[bool] = []
    stopping = threading.Thread(target=lambda: stopped.append(server.stop(grace=WAIT)))
    stopping.start()
    for _ in range(WAIT * 100):  # the idle connection is closed at once
        if idle.sock.recv(1) == b"":
            break
    with pytest.raises(OSError):  # nobody accepts any more
        socket.create_connection(("127.0.0.1", port), timeout=WAIT).sendall(
            b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n" * 1000
        )
    assert stopping.is_alive() and not answers  # still waiting for the request in flight
    release.set()
    asking.join(WAIT)
    stopping.join(WAIT)
    assert answers == [200] and stopped == [True]
    server.solvers.close()  # no BufferError: nothing reads the map any more
    server.server_close()
    thread.join(WAIT)
    in_flight.close()
    idle.close()


def test_stop_gives_up_after_its_grace_period(held):
    entered, release = held
    server, thread = start_server(Options(port=0, quiet=True))
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=WAIT)
    asking = threading.Thread(target=lambda: connection.request("GET", "/test/held"))
    asking.start()
    assert entered.acquire(timeout=WAIT)
    server.shutdown()
    assert server.stop(grace=0.05) is False and server.open_connections() == 1
    release.set()
    asking.join(WAIT)
    assert connection.getresponse().status == 200
    server.server_close()
    server.solvers.close()
    thread.join(WAIT)
    connection.close()


def test_stop_ends_clients_waiting_for_updates():
    updates = routes.Updates()

    def handler(request: routes.Request) -> routes.EventStream:
        def events():
            seen = 0
            while True:
                now = updates.wait(seen, WAIT, request.stopping)
                if now is None:
                    return
                seen = now
                yield routes.Event("version", str(now))

        return routes.EventStream(events())

    routes.route("/test/events", waits=True)(handler)
    server, thread = start_server(Options(port=0, quiet=True))
    try:
        with socket.create_connection(("127.0.0.1", server.server_address[1]), WAIT) as stream:
            stream.sendall(b"GET /test/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            received = stream.recv(4096)
            while b"\r\n\r\n" not in received:
                received += stream.recv(4096)
            assert b"text/event-stream" in received
            updates.publish()
            while b"event: version\ndata: 1\n\n" not in received:
                received += stream.recv(4096)
            server.shutdown()
            assert server.stop(grace=WAIT) is True
            while chunk := stream.recv(4096):
                received += chunk
    finally:
        del routes.ROUTES["/test/events"]
        server.server_close()
        server.solvers.close()
        thread.join(WAIT)


def serve_process(*args: str) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "anagramdb", "serve", "--port", "0", "--quiet", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("anagramdb: serving http://"), line + process.stderr.read()
    return process, int(line.split()[2].rsplit(":", 1)[1].strip("/"))


class Load:
    """LOAD_CLIENTS clients sending HEAVY on keep-alive connections until told to stop."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.stop = threading.Event()
        self.answered = [0] * LOAD_CLIENTS
        self.bad: list[str] = []
        self.threads = [
            threading.Thread(target=self.client, args=(n,)) for n in range(LOAD_CLIENTS)
        ]
        for thread in self.threads:
            thread.start()

    def client(self, n: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
        for _ in range(MAX_REQUESTS):
            if self.stop.is_set():
                break
            try:
                connection.request("GET", HEAVY)
                response = connection.getresponse()
                body = response.read()
            except (ConnectionError, http.client.RemoteDisconnected, OSError):
                # Refused, or closed before an answer began: the server had stopped
                # taking requests. Nothing was half-answered.
                connection.close()
                if self.stop.wait(0.01):
                    break
                continue
            if response.status != 200 or not body.endswith(b"}"):
                self.bad.append(f"{response.status} {body[:80]!r}")
            self.answered[n] += 1
        connection.close()

    def running(self) -> bool:
        """Wait until every client has had an answer (so requests are flowing)."""
        return bool(wait_until(lambda: all(self.answered), "an answer to every client", WAIT))

    def end(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(WAIT)


@pytest.mark.parametrize(
    ("workers", "stop"),
    [("1", signal.SIGTERM), ("1", signal.SIGINT), ("2", signal.SIGTERM), ("2", signal.SIGINT)],
)
def test_serve_stops_gracefully_under_load(workers, stop):
    process, port = serve_process("--workers", workers)
    load = Load(port)
    try:
        assert load.running()
        process.send_signal(stop)  # to the parent alone: it passes the stop on
        _, err = process.communicate(timeout=WAIT)
    finally:
        load.end()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and err == ""
    assert load.bad == []


def test_ctrl_c_reaches_the_parent_and_the_workers_together():
    # A terminal's Ctrl-C signals the whole process group, workers and parent at once:
    # the parent's bookkeeping of workers that stop meanwhile must not fail.
    process = subprocess.Popen(
        [sys.executable, "-m", "anagramdb", "serve", "--port", "0", "--quiet", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().split()[2].rsplit(":", 1)[1].strip("/"))
        load = Load(port)
        try:
            assert load.running()
            os.killpg(process.pid, signal.SIGINT)
            _, err = process.communicate(timeout=WAIT)
        finally:
            load.end()
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and err == ""
    assert load.bad == []


def test_a_worker_dying_as_the_stop_comes_is_reported_once():
    process, _ = serve_process("--workers", "2")
    try:
        os.kill(workers(process.pid, 2)[0], signal.SIGKILL)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0
    assert err.count("anagramdb: warning: worker") == 1 and "Traceback" not in err


def stop_the_process_group(count: str, name: str) -> None:
    """Start serve in a session of its own, wait until it answers (with every worker
    started), then signal its whole process group, as a terminal's Ctrl-C or a service
    manager does: the parent and the workers get the signal at once, in any order."""
    command = ["-m", "anagramdb", "serve", "--port", "0", "--quiet", "--workers", count]
    process = subprocess.Popen(
        [sys.executable, *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().split()[2].rsplit(":", 1)[1].strip("/"))
        if count != "1":
            workers(process.pid, int(count))
            assert threads(process.pid) == 1  # it forked them with no other thread running
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        connection.request("GET", "/api/letters?rack=abc")
        assert connection.getresponse().status == 200
        connection.close()
        os.killpg(process.pid, getattr(signal, name))
        _, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, err) == (0, "")


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGHUP"])
@pytest.mark.parametrize("count", ["1", "2"])
def test_a_stop_signal_to_the_process_group_exits_0(count, name):
    for _ in range(2):
        stop_the_process_group(count, name)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("count", ["1", "2", "3"])
def test_a_stop_signal_to_the_process_group_exits_0_20_times_of_20(count, name):
    for _ in range(20):
        stop_the_process_group(count, name)
