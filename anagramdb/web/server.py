"""The HTTP server: one listening socket, a thread a connection with a small stack, one
Solvers shared by a process's threads (workers.py runs it, in one process or pre-forked).

What a request may do is in handler.py, and which function answers it in routes.py: the
modules of ROUTE_MODULES register their paths when imported (a new module of pages adds
itself to that line, and nothing else here changes).

Bounds, per process (defaults.py names them, Options sets them): MAX_CONNECTIONS open
connections (more are closed at once), each served by its own thread of STACK_BYTES of
stack, so the address space stays small (the default 8 MiB a thread made 256 connections
need 2 GiB; see also workers.one_malloc_arena); MAX_WORKING requests answered at once, and
MAX_WAITING clients waiting for updates, each kind in its own slots so that waiting
clients never hold up work; a listen backlog of BACKLOG. stop() ends it all gracefully: no
new connections, idle ones closed, requests in flight given GRACE_SECONDS.
"""

from __future__ import annotations

import socket
import socketserver
import sys
import threading
import time
from typing import Any

from . import api, game_routes, pages, practice  # ROUTE_MODULES: they register their routes
from .defaults import Options as Options  # importable from here too (serve, tests)
from .handler import Handler
from .pages import not_found_page
from .routes import Response, Updates
from .solvers import Solvers

ROUTE_MODULES = (api, game_routes, pages, practice)
BACKLOG = 128  # connections the kernel queues before accept()
# A thread's stack: Python frames live on the heap (3.11+), so C recursion is all that
# uses it; every endpoint's heaviest request runs in 64 KiB (measured), so 256 KiB is 4x
# that, and MAX_CONNECTIONS threads reserve 64 MiB of address space, not 2 GiB.
STACK_BYTES = 256 * 1024


def is_loopback(host: str) -> bool:
    import ipaddress

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
    names |= {hostname, f"{hostname}.local", fully_qualified(hostname).lower()}
    return names


def fully_qualified(hostname: str) -> str:
    """socket.getfqdn(*hostname*), asking with the name as bytes: a str would be encoded by
    the "idna" codec, whose import (with stringprep and unicodedata) costs every serving
    process 0.4 MiB (docs/PERFORMANCE.md)."""
    try:
        name, aliases, _ = socket.gethostbyaddr(hostname.encode())  # type: ignore[arg-type]  # bytes work
    except (OSError, UnicodeError):
        return hostname
    return next((alias for alias in (name, *aliases) if "." in alias), name)


class Server(socketserver.TCPServer):
    """One process's server: its Solvers, its limits, its connections, the names it
    answers to."""

    allow_reuse_address = True  # a restarted server binds its port at once
    request_queue_size = BACKLOG
    solvers: Solvers
    options: Options
    names: set[str]

    def configure(self, solvers: Solvers, options: Options) -> None:
        self.solvers = solvers
        self.options = options
        self.names = machine_names(options.host)
        self.working = threading.BoundedSemaphore(options.max_working)
        self.waiting = threading.BoundedSemaphore(options.max_waiting)
        self.connections = threading.BoundedSemaphore(options.max_connections)
        self.stopping = threading.Event()
        self._lock = threading.Condition()
        self._open: dict[threading.Thread, Any] = {}  # connection threads and their sockets
        self._busy: set[Any] = set()  # sockets with a request being answered
        self._answered = 0  # requests answered (or refused) so far
        self._released = 0  # of them, answered before memory was last released (quiet())

    def busy(self, sock: Any, busy: bool) -> None:
        """Mark a connection as answering a request (stop() leaves it be) or idle."""
        with self._lock:
            if busy:
                self._busy.add(sock)
            elif sock in self._busy:
                self._busy.discard(sock)
                self._answered += 1

    def quiet(self) -> bool:
        """Whether requests have been answered since the last time this said so, and none
        is being answered now: the moment to give the memory they freed back to the
        system (workers.run). An event stream counts once its headers are sent: from then on
        it waits rather than works (handler.py)."""
        with self._lock:
            if self._answered == self._released or self._busy:
                return False
            self._released = self._answered
            return True

    def process_request(self, request: Any, client_address: Any) -> None:
        """Answer a connection in a thread of its own, unless max_connections are open (or
        no thread can be started): then close it at once."""
        if self.stopping.is_set() or not self.connections.acquire(blocking=False):
            self.shutdown_request(request)
            return
        thread = threading.Thread(
            target=self._connection, args=(request, client_address), daemon=True
        )
        with self._lock:
            self._open[thread] = request
        try:
            with small_stacks():
                thread.start()
        except RuntimeError:  # "can't start new thread": out of memory or threads
            with self._lock:
                del self._open[thread]
            self.connections.release()
            self.shutdown_request(request)

    def _connection(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)
            with self._lock:
                self._open.pop(threading.current_thread(), None)
                self._busy.discard(request)
                self._lock.notify_all()
            self.connections.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """One line on stderr instead of socketserver's traceback; nothing for a connection
        that failed (the client went away, or the server is stopping)."""
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):
            print(
                f"anagramdb: error: {type(error).__name__}: {error} "
                f"(a request from {client_address[0]})",
                file=sys.stderr,
            )

    def not_found(self, path: str) -> Response:
        status, html = not_found_page(path)
        return Response.html(status, html)

    def open_connections(self) -> int:
        with self._lock:
            return len(self._open)

    def stop(self, grace: float | None = None) -> bool:
        """Stop gracefully: accept nothing more, end waiting clients and idle keep-alive
        connections, and give requests in flight *grace* seconds (the options' by default)
        to finish. True when every connection has ended (the dictionaries may then be
        closed), False if some request is still running."""
        self.stopping.set()
        Updates.wake_all()
        self.socket.close()  # this process's copy: new connections go to no one here
        deadline = time.monotonic() + (self.options.grace_seconds if grace is None else grace)
        with self._lock:
            while self._open:
                for sock in self._open.values():
                    # A thread reading the next request of a keep-alive connection sees the
                    # end of it; one answering a request finishes, then closes (handler.py).
                    if sock not in self._busy:
                        idle_reader(sock)
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(min(left, 0.05))
        return True


def idle_reader(sock: Any) -> None:
    """Shut the reading side of a connection: a thread waiting for its next request
    wakes at once and ends; a response being written is unaffected."""
    try:
        sock.shutdown(socket.SHUT_RD)
    except OSError:
        pass


class small_stacks:
    """threading.stack_size(STACK_BYTES) while threads are started, the old size after."""

    _lock = threading.Lock()

    def __enter__(self) -> None:
        self._lock.acquire()
        self._old = threading.stack_size(STACK_BYTES)

    def __exit__(self, *exc_info: object) -> None:
        threading.stack_size(self._old)
        self._lock.release()


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
