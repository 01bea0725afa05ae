"""Atomic file replacement: readers see the old file or the new one, never a partial one.

The new content goes to a temporary file in the target's own directory, hidden and named
``.NAME.tmp-PID-XXXXXXXX`` (PID: the writing process), created exclusively. It is
flushed and fsynced, renamed over the target with ``os.replace``, and the directory is
fsynced so that the rename survives a power cut. On any error the temporary file is
removed and the target is left untouched. A writer killed outright leaves its temporary
file behind; the next writer in that directory removes the leftovers of processes that
no longer exist (never those of a live writer).

For crash tests, ``ANAGRAMDB_PAUSE_AT="STEP NAME"`` makes a writer stop at one named step
(see checkpoint) and wait to be killed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from .errors import StorageError, describe_os_error

TEMP_MARK = ".tmp-"
PAUSE_VARIABLE = "ANAGRAMDB_PAUSE_AT"


def checkpoint(step: str, path: str) -> None:
    """A named point in a write ('created', 'written', 'synced', 'replaced', ...). When
    ANAGRAMDB_PAUSE_AT is ``"STEP NAME"`` for this step and file name, say so on stderr
    and wait: crash tests kill the process there."""
    wanted = os.environ.get(PAUSE_VARIABLE)
    if wanted and wanted == f"{step} {os.path.basename(path)}":
        import sys
        import time

        print(f"anagramdb: paused at {wanted}", file=sys.stderr, flush=True)
        while True:
            time.sleep(60)


def temp_prefix(name: str) -> str:
    """The prefix of this process's temporary files for *name*: ``.NAME.tmp-PID-``."""
    return f".{name}{TEMP_MARK}{os.getpid()}-"


def remove_leftovers(directory: str, name: str) -> list[str]:
    """Delete temporary files for *name* left by processes that no longer exist; return them."""
    removed: list[str] = []
    start = f".{name}{TEMP_MARK}"
    try:
        entries = os.listdir(directory)
    except OSError:
        return removed
    for entry in entries:
        if not entry.startswith(start):
            continue
        pid_text = entry[len(start) :].split("-", 1)[0]
        if not pid_text.isdigit() or _alive(int(pid_text)):
            continue
        try:
            os.unlink(os.path.join(directory, entry))
            removed.append(entry)
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but belongs to someone else
    return True


@contextmanager
def atomic_writer(path: str) -> Iterator[BinaryIO]:
    """Yield a binary file whose content replaces *path* atomically when the block ends.

    Raises :class:`StorageError` (naming the path and the reason) when the directory is
    not writable, the disk is full, or the rename fails.
    """
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    name = os.path.basename(path)
    remove_leftovers(directory, name)
    try:
        fd, temp = tempfile.mkstemp(prefix=temp_prefix(name), dir=directory)
    except OSError as exc:
        raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
    try:
        checkpoint("created", path)
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            checkpoint("written", path)
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        checkpoint("synced", path)
        os.replace(temp, path)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
        raise
    checkpoint("replaced", path)
    fsync_directory(directory)


def fsync_directory(directory: str) -> None:
    """Flush a directory entry to disk; a no-op where directories cannot be opened."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
