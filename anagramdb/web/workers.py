"""Running the server: until SIGINT or SIGTERM in one process, or pre-forked.

With ``workers`` > 1 the parent binds the socket and opens the dictionary, then forks the
workers: each serves the one listening socket (the kernel hands each connection to one of
them) with the mapped dictionary it inherited, so they share its pages through the page
cache. The parent waits; a signal to it stops them all, and a worker that dies is reported.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable

from .server import Options, Server, make_server, url_of


class Stopped(BaseException):
    """Raised in the main thread by SIGTERM (and SIGINT) to stop serving.

    A BaseException, as KeyboardInterrupt is: the signal can land anywhere in the main
    thread, also inside socketserver's ``except Exception`` around starting a request's
    thread, which swallowed an Exception there and kept serving (seen: a server that
    outlived its SIGTERM)."""


def _stop(signum: int, frame: object) -> None:
    raise Stopped


def run(server: Server) -> None:
    """Serve until SIGINT or SIGTERM, then close the server (its threads are daemons)."""
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    try:
        server.serve_forever()
    except Stopped:
        pass
    finally:
        server.server_close()


def serve(options: Options, ready: Callable[[str], None] | None = None) -> int:
    """Serve *options* until stopped; return the exit code (0). *ready* gets the URL once
    the socket listens. With several workers the parent forks them after binding, each
    serves the one socket with the dictionary it inherited, and the parent waits."""
    server = make_server(options)
    url = url_of(server)
    if ready is not None:
        ready(url)
    if options.workers <= 1:
        run(server)
        server.solvers.close()
        return 0
    # The workers inherit these handlers until run() sets its own: a signal that comes
    # while forking stops them too, without a traceback.
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    children: list[int] = []
    lost = 0
    try:
        for _ in range(options.workers):
            pid = os.fork()
            if pid == 0:
                os._exit(worker(server))
            children.append(pid)
        while children:
            pid, status = os.wait()
            children.remove(pid)
            lost += 1
            print(
                f"anagramdb: warning: worker {pid} stopped (wait status {status}); "
                f"{len(children)} left",
                file=sys.stderr,
            )
    except Stopped:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for pid in children:
            os.waitpid(pid, 0)
        server.server_close()
        server.solvers.close()
    return 1 if lost == options.workers else 0


def worker(server: Server) -> int:
    """A forked worker's life: serve until stopped; its exit code."""
    try:
        run(server)
    except Stopped:
        pass
    except BaseException as error:
        print(
            f"anagramdb: error: worker {os.getpid()}: {type(error).__name__}: {error}",
            file=sys.stderr,
        )
        return 1
    return 0
