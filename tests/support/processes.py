"""What a test reads of a child process's tree (Linux /proc): every process below one, how
many threads one runs, whether one has ended. Waiting for any of it is waiting.py's."""

from __future__ import annotations

import os

from .waiting import children


def descendants(pid: int) -> list[int]:
    """Every process below *pid*: its children, theirs, and so on ([] once it ended)."""
    found: list[int] = []
    waiting = [pid]
    while waiting:
        try:
            below = children(waiting.pop())
        except OSError:  # ended meanwhile
            continue
        found += below
        waiting += below
    return found


def threads(pid: int) -> int:
    """How many threads *pid* runs."""
    return len(os.listdir(f"/proc/{pid}/task"))


def gone(pid: int) -> bool:
    """True once *pid* has ended (reaped, or a zombie nobody has reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            state = stat.read().rpartition(")")[2].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")
