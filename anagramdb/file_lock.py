"""A lock beside a shared file, so that writers who re-read it, merge and replace it
(atomic.py) take turns: two processes (or two threads) finishing at once both keep their
change.

The lock is ``fcntl.flock`` on ``NAME.lock`` beside the file, created on first use and
never removed (removing it would let a third writer lock a new file while the second
holds the old one). It is exclusive, waited for at most LOCK_WAIT seconds, and released
when the block ends or the process dies, so a killed writer never leaves it held. Readers
take no lock: the file is only ever replaced whole, so they see the old or the new one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import StorageError, describe_os_error

LOCK_SUFFIX = ".lock"
LOCK_WAIT = 10.0  # seconds: a history update takes milliseconds; this is a stuck process
POLL = 0.005  # seconds between attempts while another writer holds the lock


def lock_path(path: str) -> str:
    """The lock file of *path*: ``PATH.lock`` beside it."""
    return path + LOCK_SUFFIX


@contextmanager
def locked(path: str, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold the lock of *path* for the block: StorageError when the lock file cannot be
    opened, or another writer holds it for more than *wait* seconds."""
    import fcntl

    name = lock_path(path)
    try:
        fd = os.open(name, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise StorageError(f"cannot lock {path}: {describe_os_error(exc)}") from exc
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise StorageError(
                        f"cannot lock {path}: another anagramdb has held {name} for more than "
                        f"{wait:g} s"
                    ) from None
                time.sleep(POLL)
            except OSError as exc:
                raise StorageError(f"cannot lock {path}: {describe_os_error(exc)}") from exc
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
