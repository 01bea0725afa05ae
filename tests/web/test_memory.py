"""What keeps a server's memory bounded: freed memory given back once the server is quiet
(Server.quiet(), workers.run), event streams not counted as work, and the small caches of
the dictionaries besides the server's own (solvers.OTHER_CACHE_BYTES). The figures are
benchmarks/serve_memory.py's; these tests hold the behaviour, never a size or a time.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading

import pytest

from anagramdb.packaged import COMMON_NAME
from anagramdb.web import routes
from anagramdb.web.server import Options, make_server
from anagramdb.web.solvers import OTHER_CACHE_BYTES, Solvers
from anagramdb.web.workers import StopFlag, memory_releaser, run

from ..support.dictionaries import make_dictionary
from ..support.measure import mapped_rss, needs_smaps_and_madvise
from ..support.waiting import wait_until
from ..support.web import held_route, start_server, stop_server

WAIT = 60


@pytest.fixture
def held():
    """A route /test/held-memory whose requests wait until the test lets them go."""
    with held_route("/test/held-memory", WAIT) as pair:
        yield pair


def ask(port: int, path: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_quiet_once_requests_were_answered_and_none_is_in_flight(held):
    entered, release = held
    server, thread = start_server(Options(port=0, quiet=True))
    port = server.server_address[1]
    try:
        assert server.quiet() is False  # nothing answered yet: nothing to give back
        answers: list[int] = []
        asking = threading.Thread(target=lambda: answers.append(ask(port, "/test/held-memory")))
        asking.start()
        assert entered.acquire(timeout=WAIT)
        assert server.quiet() is False  # a request is being answered
        release.set()
        asking.join(WAIT)
        assert answers == [200]
        wait_until(server.quiet, "the server to be quiet once the request was answered")
        assert server.quiet() is False  # said once: nothing answered since
        assert ask(port, "/api/letters?rack=abc") == 200
        wait_until(server.quiet, "the server to be quiet after one more request")
    finally:
        stop_server(server, thread)


def test_an_open_event_stream_does_not_keep_the_server_from_being_quiet():
    updates = routes.Updates()

    def handler(request: routes.Request) -> routes.EventStream:
        def events():
            seen = 0
            while True:
                now = updates.wait(seen, 0.05, request.stopping)
                if now is None:
                    return
                seen = now
                yield routes.Event("version", str(now)) if now else None

        return routes.EventStream(events())

    routes.route("/test/events-memory", waits=True)(handler)
    server, thread = start_server(Options(port=0, quiet=True))
    try:
        with socket.create_connection(("127.0.0.1", server.server_address[1]), WAIT) as stream:
            stream.sendall(b"GET /test/events-memory HTTP/1.1\r\nHost: localhost\r\n\r\n")
            received = stream.recv(4096)
            while b"\r\n\r\n" not in received:
                received += stream.recv(4096)
            assert b"text/event-stream" in received
            assert ask(server.server_address[1], "/api/letters?rack=abc") == 200
            wait_until(server.quiet, "the server to be quiet with a stream open")
            updates.publish()  # the stream still works
            while b"event: version\ndata: 1\n\n" not in received:
                received += stream.recv(4096)
    finally:
        del routes.ROUTES["/test/events-memory"]
        stop_server(server, thread)


@contextlib.contextmanager
def accept_loop(options: Options):
    """A server run by workers.run in a thread, with a semaphore its release() posts;
    stopped on the way out, which must have finished every request in time."""
    server = make_server(options)
    released = threading.Semaphore(0)
    flag = StopFlag()
    finished: list[bool] = []
    loop = threading.Thread(target=lambda: finished.append(run(server, flag, released.release)))
    loop.start()
    try:
        yield server, released
    finally:
        flag(0, None)
        loop.join(WAIT)
        flag.close()
        server.server_close()
        server.solvers.close()
    assert finished == [True]


def test_the_accept_loop_releases_memory_when_quiet_and_only_then():
    with accept_loop(Options(port=0, quiet=True)) as (server, released):
        assert ask(server.server_address[1], "/api/letters?rack=abc") == 200
        assert released.acquire(timeout=WAIT)  # within a look of the loop
        assert server.quiet() is False  # the loop took the quiet moment: nothing since
        assert ask(server.server_address[1], "/api/anagrams?letters=listen") == 200
        assert released.acquire(timeout=WAIT)


@needs_smaps_and_madvise
def test_the_accept_loop_gives_back_the_pages_requests_read_when_quiet(tmp_path):
    # About 2 MiB of a worker's RSS after 10,000 requests were the dictionary's and the
    # definitions' pages (benchmarks/serve_memory.py); the page cache keeps them.
    path = make_dictionary(tmp_path, ["stone", "tones", "notes", "onset", "steno"])
    with accept_loop(Options(port=0, quiet=True, dictionary=path)) as (server, released):
        assert ask(server.server_address[1], "/api/anagrams?letters=stone") == 200
        assert released.acquire(timeout=WAIT)  # release() comes after the pages went
        assert mapped_rss(path) == 0
        assert ask(server.server_address[1], "/api/anagrams?letters=notes") == 200


def test_the_accept_loop_removes_rooms_whose_time_is_up_without_new_games():
    from anagramdb.web.game_http import Games, install
    from anagramdb.web.rooms import Registry

    from ..support.web import FakeClock

    server = make_server(Options(port=0, quiet=True))
    clock = FakeClock()
    games = Games(Registry(idle_seconds=600, clock=clock, finished_seconds=60))
    install(server.solvers, games)
    over = games.rooms.create(False, "10.0.0.1")
    over.finished = True
    flag = StopFlag()
    loop = threading.Thread(target=run, args=(server, flag, lambda: None))
    loop.start()
    try:
        clock.now += 61
        wait_until(lambda: over.closed, "the loop to remove the finished game")
        assert len(games.rooms) == 0
    finally:
        flag(0, None)
        loop.join(WAIT)
        flag.close()
        server.server_close()
        server.solvers.close()


def test_the_memory_releaser_can_be_called_anywhere():
    release = memory_releaser()
    release()
    release()


def test_the_other_dictionaries_have_small_caches_and_common_is_opened_once():
    solvers = Solvers()
    try:
        assert solvers.packaged  # the packaged lists are installed with the package
        assert solvers.common() is solvers.packaged[COMMON_NAME]
        for dictionary in solvers.packaged.values():
            # Every block looked up twice (a block is cached on its second touch), which
            # the default budget would keep: this one keeps a fraction of it.
            words = [dictionary.block(n)[0] for n in range(0, dictionary.block_count, 3)] * 2
            for word in words:
                assert word in dictionary.anagrams(word)
            assert 0 < dictionary.cache_bytes <= OTHER_CACHE_BYTES
    finally:
        solvers.close()
