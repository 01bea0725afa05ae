"""Waiting for something another process or thread does: a condition polled until it holds,
with a deadline. The one way a test waits (never a fixed sleep); the browser's own waits are
in browsers.py, the terminal's screen in tests/cli/test_play_tmux.py, on the same rule.

The deadline is a bound on a stuck program, generous for a loaded 2-core machine (two CPU
burners beside the suite: docs/TESTING.md): reaching it fails the test, and nothing here
measures how fast anything is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

PATIENCE = 60.0  # seconds before a condition that never holds fails its test
POLL = 0.01  # seconds between two looks

T = TypeVar("T")


def wait_until(check: Callable[[], T], what: str, seconds: float = PATIENCE) -> T:
    """What *check*() returns once it is true, looked at every POLL seconds; an
    AssertionError saying *what* was awaited once *seconds* have passed without it."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}, in vain")
        time.sleep(POLL)


def children(pid: int) -> list[int]:
    """The process ids of *pid*'s children, from Linux's /proc."""
    with open(f"/proc/{pid}/task/{pid}/children") as listing:
        return [int(child) for child in listing.read().split()]


def workers(pid: int, count: int) -> list[int]:
    """*pid*'s children once there are *count* of them (a server's workers, forked after it
    says where it listens)."""

    def made() -> list[int]:
        found = children(pid)
        return found if len(found) == count else []

    return wait_until(made, f"{count} children of process {pid}")


def asleep(pid: int) -> bool:
    """Whether process *pid* is sleeping (state S in /proc): waiting for time or input, not
    running."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "S"
