"""Opening a sorted file for reading: the file mapped read-only with its index, checked
fresh or rebuilt first (open_mapped), and the guard of a reader that holds both.

Dictionary (dictionary.py) and KeyedFile (keyed.py) open their files here. The file must
be a regular file (a FIFO would block the open forever, a directory cannot be mapped); it
is opened with O_NONBLOCK where the platform has it, for the same reason.
"""

from __future__ import annotations

import mmap
import os

from .errors import StorageError, describe_os_error
from .guard import UnclosedGuard, unclosed_guard
from .index import BLOCK_SIZE, SparseIndex, require_regular_file
from .index_stale import open_index
from .kinds import ANAGRAM
from .packaged import is_packaged


def mapped_guard(
    owner: object, what: str, path: str, mapping: mmap.mmap | bytes, index: SparseIndex
) -> UnclosedGuard:
    """The guard that warns once and closes *index* and *mapping* (of open_mapped) when
    *owner*, a reader of *what*, is dropped unclosed. Closing the index detaches the
    index's own guard, so a dropped reader warns once, not twice."""
    closers = (index.close, mapping.close) if isinstance(mapping, mmap.mmap) else (index.close,)
    return unclosed_guard(owner, what, path, *closers)


def open_mapped(
    path: str, block_size: int = BLOCK_SIZE, kind: int = ANAGRAM
) -> tuple[mmap.mmap | bytes, SparseIndex, int]:
    """``(mapping, index, size)`` of the file *path* of *kind* (kinds.py): the file mapped
    read-only (b"" when empty) and its index, rebuilt first when missing or stale (see
    index_stale.open_index; *block_size* applies then). The caller closes both."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise StorageError(f"cannot open dictionary {path}: {describe_os_error(exc)}") from exc
    mapping: mmap.mmap | bytes = b""
    try:
        status = os.fstat(fd)
        require_regular_file(path, status)
        if status.st_size:
            mapping = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
        index = open_index(path, fd, status, block_size, packaged=is_packaged(path), kind=kind)
    except BaseException as exc:
        if isinstance(mapping, mmap.mmap):
            mapping.close()
        if isinstance(exc, OSError):
            raise StorageError(f"cannot open dictionary {path}: {describe_os_error(exc)}") from exc
        raise
    finally:
        os.close(fd)
    return mapping, index, status.st_size
