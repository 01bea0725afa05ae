"""The server's clock for games: one thread a process calls each room back when its
deadline comes (a round's time up, the computer's buzz), on the server's monotonic clock.

The deadline of a round belongs to the server: a page only shows it. Alarms run each due
callback in a thread of its own, so that a room whose round takes a while to score never
delays another room's time-up.
"""

from __future__ import annotations

import heapq
import itertools
import sys
import threading
import time
from collections.abc import Callable


class Alarms:
    """Callbacks at monotonic times; the thread starts with the first alarm set."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._heap: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopped = False

    def at(self, when: float, callback: Callable[[], None]) -> None:
        """Call *callback* (in a thread of its own) once the clock reaches *when*."""
        with self._wake:
            heapq.heappush(self._heap, (when, next(self._order), callback))
            if self._thread is None and not self._stopped:
                self._thread = threading.Thread(target=self._run, name="alarms", daemon=True)
                self._thread.start()
            self._wake.notify()

    def __len__(self) -> int:
        return len(self._heap)

    def stop(self) -> None:
        with self._wake:
            self._stopped = True
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._stopped and (not self._heap or self._heap[0][0] > self.clock()):
                    delay = self._heap[0][0] - self.clock() if self._heap else None
                    self._wake.wait(delay)
                if self._stopped:
                    return
                _, _, callback = heapq.heappop(self._heap)
            threading.Thread(target=_call, args=(callback,), daemon=True).start()


def _call(callback: Callable[[], None]) -> None:
    try:
        callback()
    except Exception as error:  # a bug: one line, and the other alarms go on
        print(f"anagramdb: error: alarm: {type(error).__name__}: {error}", file=sys.stderr)
