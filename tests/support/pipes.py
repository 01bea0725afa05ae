"""A reader given a pipe that never ends: whether it stops after the bytes it needs."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from .waiting import PATIENCE


def through_a_pipe(tmp_path: Any, size: int, read: Callable[[str], Any]) -> tuple[Any, bool]:
    """*read*(path) of a pipe that *size* bytes are written to and then stay open: the
    result, and whether *read* returned without waiting for the end of the input (a bounded
    read: it stops after the bytes it needs, as on /dev/zero or an endless pipe)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = threading.Event()
    waited: list[bool] = []

    def feed() -> None:
        with open(fifo, "wb") as pipe:
            pipe.write(b" " * size)
            # Then the end of input (a read(None) returns), after a bound on a stuck reader.
            waited.append(not done.wait(PATIENCE))

    thread = threading.Thread(target=feed)
    thread.start()
    try:
        result = read(str(fifo))
    finally:
        done.set()
        thread.join()
    return result, waited == [False]
