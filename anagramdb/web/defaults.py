"""How to serve, stated once below the server: the address, the Options of ``anagramdb
serve``, and the bounds of one process. The command line imports them without loading the
server, and handler.py reads them without importing server.py (which imports it)."""

from __future__ import annotations

from typing import NamedTuple

DEFAULT_HOST = "127.0.0.1"  # loopback: nobody else can reach the server
DEFAULT_PORT = 8000
MAX_WORKERS = 64
MAX_CONNECTIONS = 256  # open connections (a thread each) one process keeps
MAX_WORKING = 8  # requests one process answers at once (the GIL runs one at a time anyway)
MAX_WAITING = 64  # event streams and long polls one process holds at once
QUEUE_SECONDS = 5.0  # how long a request waits for a slot before 503
GRACE_SECONDS = 10.0  # how long stop() lets requests in flight finish
WORK_BUDGET = 300_000  # work units of one request (countdown.budget): about 0.3 s of CPU


class Options(NamedTuple):
    """How to serve: address, processes, dictionary, logging, the origin allowed to call the
    API, and the bounds of one process."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    workers: int = 1
    dictionary: str | None = None
    quiet: bool = False
    cors: str | None = None
    max_working: int = MAX_WORKING
    max_connections: int = MAX_CONNECTIONS
    max_waiting: int = MAX_WAITING
    queue_seconds: float = QUEUE_SECONDS
    grace_seconds: float = GRACE_SECONDS
    work_budget: int = WORK_BUDGET
