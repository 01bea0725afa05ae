"""Atomic file replacement: readers see the old file or the new one, never a partial one.

The new content goes to a temporary file in the target's own directory (hidden, named
``.NAME.tmp-XXXX`` and created exclusively), is flushed and fsynced, then renamed over
the target with ``os.replace``, and the directory is fsynced so the rename survives a
power cut. On any error the temporary file is removed and the target is left untouched.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from .errors import StorageError

TEMP_MARK = ".tmp-"


def describe_os_error(exc: OSError) -> str:
    """The short reason of an OSError: 'No space left on device', 'Permission denied'."""
    return exc.strerror or exc.__class__.__name__


@contextmanager
def atomic_writer(path: str) -> Iterator[BinaryIO]:
    """Yield a binary file whose content replaces *path* atomically when the block ends.

    Raises :class:`StorageError` (naming the path and the reason) when the directory is
    not writable, the disk is full, or the rename fails.
    """
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    name = os.path.basename(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{name}{TEMP_MARK}", dir=directory)
    except OSError as exc:
        raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
        raise
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
