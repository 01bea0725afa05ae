"""Opening a sorted file for reading: the file mapped read-only with its index, checked
fresh or rebuilt first (open_mapped); one open file as a reader holds it (MappedFile);
and a reader that notices, before each query, that its file was replaced or changed in
place (Reopening). docs/RELIABILITY.md states the rules; in short:

- *replaced* (another file at the path, as an atomic rebuild leaves it): the reader
  reopens the path (its index rebuilt by index_stale's rules) and answers from it;
- *changed in place* (the open file's size or mtime moved: truncated, appended,
  rewritten): DictionaryChangedError, one line, until the file is whole again, that is
  until it is replaced, or what is at the path is again what its index describes (the
  same bytes rewritten, or ``anagramdb index`` run on it since).

The check is one ``lseek`` of the kept descriptor (a size that moved, the change that
can end a read of the mapping with SIGBUS), and at most every RECHECK_NS one ``stat``
of the path (replaced, or rewritten at the same size). A file truncated between the
check and a read still ends the process with SIGBUS: Python cannot catch that fault.

Dictionary (dictionary.py) and KeyedFile (keyed.py) open their files here. The file must
be a regular file (a FIFO would block the open forever, a directory cannot be mapped); it
is opened with O_NONBLOCK where the platform has it, for the same reason.
"""

from __future__ import annotations

import mmap
import os
from _thread import allocate_lock
from errno import ENOMEM
from time import monotonic_ns

from .errors import DictionaryChangedError, StorageError, describe_os_error
from .guard import UnclosedGuard, unclosed_guard
from .index import (
    BLOCK_SIZE,
    SparseIndex,
    index_path_for,
    read_scattered,
    require_regular_file,
)
from .index_stale import open_index
from .kinds import ANAGRAM
from .packaged import is_packaged

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

RECHECK_NS = 100_000_000  # the path is looked at again at most every 0.1 s
# Advice for the mapping (None where the platform takes none): lookups read a block here
# and there, so the kernel is told not to read ahead (by default a fault on one page of a
# mapped file reads up to 128 KiB around it, so one cold lookup read a whole 1.1 MB
# dictionary); a scan tells it the opposite for the stretch it reads.
_ADVISING = hasattr(mmap.mmap, "madvise")
SCATTERED: int | None = getattr(mmap, "MADV_RANDOM", None) if _ADVISING else None
IN_ORDER: int | None = getattr(mmap, "MADV_SEQUENTIAL", None) if _ADVISING else None
# Advice that gives a mapping's pages back (None where the platform has no
# madvise(MADV_DONTNEED)): they stay in the page cache, and the next read of one is a
# minor fault. Without it pages leave the process's RSS only under memory pressure.
RELEASE_PAGES: int | None = getattr(mmap, "MADV_DONTNEED", None) if _ADVISING else None


class FileBytes:
    """The bytes of an open file, sliced as a mapping is (``data[start:stop]``) but read
    with ``pread``: what lookups read of a dictionary so large that the pages they touch
    in its mapping would pile up in the process's memory (MappedDictionary's LARGE_BYTES).
    A read leaves no page mapped, so there is nothing to count or release, and the
    kernel is told the reads are scattered, so it reads no more than asked."""

    __slots__ = ("fd",)

    def __init__(self, fd: int) -> None:
        self.fd = fd
        read_scattered(fd)

    def __getitem__(self, where: slice) -> bytes:
        start = where.start or 0
        return os.pread(self.fd, where.stop - start, start)


def identity(status: os.stat_result) -> tuple[int, int, int, int]:
    """What says a file is the one opened, unchanged: device, inode, size and mtime."""
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


def open_mapped(
    path: str, block_size: int = BLOCK_SIZE, kind: int = ANAGRAM, rebuild: bool = True
) -> tuple[mmap.mmap | bytes, SparseIndex, os.stat_result, int]:
    """``(mapping, index, status, fd)`` of the file *path* of *kind* (kinds.py): the file
    mapped read-only (b"" when empty), its index, rebuilt first when missing or stale (see
    index_stale.open_index; *block_size* applies then; without *rebuild*, a stale index
    raises DictionaryChangedError instead), the status the index was checked against, and
    the open descriptor. The caller closes all three. No address space left to map the
    file (ENOMEM) is a MemoryError, as any other allocation that fails: the file is not at
    fault, and the command line says out of memory."""
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
            if SCATTERED is not None:
                mapping.madvise(SCATTERED)
        index = open_index(
            path, fd, status, block_size, packaged=is_packaged(path), kind=kind, rebuild=rebuild
        )
    except BaseException as exc:
        if isinstance(mapping, mmap.mmap):
            mapping.close()
        os.close(fd)
        if isinstance(exc, OSError) and exc.errno == ENOMEM:  # no address space to map it
            raise MemoryError(f"cannot map dictionary {path}: {describe_os_error(exc)}") from exc
        if isinstance(exc, OSError):
            raise StorageError(f"cannot open dictionary {path}: {describe_os_error(exc)}") from exc
        raise
    return mapping, index, status, fd


class MappedFile:
    """One open file of a reader: its mapping, index, status and descriptor (kept to
    notice a change of size). Warns and closes when dropped unclosed (guard.py), unless
    retired (:meth:`retire`) by a reader that reopened its path."""

    what = "file"  # what messages call it

    def __init__(
        self, path: str, block_size: int = BLOCK_SIZE, kind: int = ANAGRAM, rebuild: bool = True
    ) -> None:
        self.path = path
        self._map, self.index, status, self.fd = open_mapped(path, block_size, kind, rebuild)
        self.size = status.st_size
        self.seen = identity(status)
        self.due = monotonic_ns() + RECHECK_NS
        self._guard: UnclosedGuard | None = None

    def guard(self) -> None:
        """Start warning when dropped unclosed (once the subclass holds all it closes)."""
        self._guard = unclosed_guard(self, self.what, self.path, *self.closers())

    def closers(self) -> tuple[Callable[[], object], ...]:
        """What closes this file's resources; none of them refers to the object itself.
        Closing the index detaches the index's own guard, so a drop warns once."""
        fd = self.fd
        mapping = (self._map.close,) if isinstance(self._map, mmap.mmap) else ()
        return (self.index.close, *mapping, lambda: os.close(fd))

    def release_pages(self) -> None:
        """Give every page of the mapping back to the system (RELEASE_PAGES): what a quiet
        server does with the pages its requests read (web/workers.py)."""
        mapping = self._map
        if RELEASE_PAGES is not None and isinstance(mapping, mmap.mmap):
            try:
                mapping.madvise(RELEASE_PAGES)
            except (OSError, ValueError):  # closed meanwhile, or not allowed here
                pass

    def changed(self) -> bool:
        """Whether this is no longer the file at the path as it was opened: its size moved
        (one lseek), or, looked at no more often than every RECHECK_NS, the path holds
        another file or this one's mtime moved. A path that is gone changes nothing: the
        open file, unlinked, can no longer be written by name."""
        if os.lseek(self.fd, 0, os.SEEK_END) != self.size:
            return True
        now = monotonic_ns()
        if now < self.due:
            return False
        self.due = now + RECHECK_NS
        try:
            return identity(os.stat(self.path)) != self.seen
        except OSError:
            return False

    def close(self) -> None:
        """Close the mapping, the index and the descriptor. Idempotent."""
        if self.fd < 0:
            return
        if self._guard is not None:
            self._guard.detach()
            self._guard = None
        for close in self.closers():
            close()
        self.fd = -1
        self._map = b""

    def retire(self) -> None:
        """The reader reopened its path: close this file once nothing holds it any more
        (a query in flight in another thread may still read it), without a warning."""
        if self._guard is not None:
            self._guard.detach()
        self._guard = unclosed_guard(self, "", self.path, *self.closers())


class Reopening:
    """The part of a reader that, before a query, gives the open file to read from
    (:meth:`current`): the same one, the path reopened when it holds another file or the
    file is whole again, or DictionaryChangedError (see the module docstring).

    Subclasses set ``what`` and ``_opened`` and define :meth:`_open`."""

    what = "file"
    path: str
    _opened: MappedFile | None

    def __init__(self) -> None:
        self._reopening = allocate_lock()
        self._tried: tuple[object, ...] | None = None  # what the last failed reopening saw
        self._broken = ""  # its message

    def _open(self, rebuild: bool) -> MappedFile:
        raise NotImplementedError

    def release_pages(self) -> None:
        """Give the open file's mapped pages back to the system (MappedFile.release_pages);
        nothing once closed."""
        opened = self._opened
        if opened is not None:
            opened.release_pages()

    def current(self) -> MappedFile:
        """The open file to answer a query from, checked first. Cost: one lseek, and a
        stat of the path at most every RECHECK_NS. Raises DictionaryChangedError while
        the file stays changed in place, StorageError once the reader is closed."""
        opened = self._opened
        if opened is None:
            raise StorageError(f"{self.what} {self.path} is closed")
        if self._broken or opened.changed():
            return self._renewed(opened)
        return opened

    def _renewed(self, opened: MappedFile) -> MappedFile:
        with self._reopening:
            if self._opened is opened:
                return self._reopen(opened)
        # Another thread reopened it, or closed it: check what it left, the lock released
        # (it is not reentrant, and that file may have changed too).
        return self.current()

    def _reopen(self, opened: MappedFile) -> MappedFile:
        """The file at the path in place of *opened*, or *opened* as it is (called with
        _reopening held)."""
        try:
            status: os.stat_result | None = os.stat(self.path)
        except OSError:
            status = None
        if status is None or (identity(status) == opened.seen and not self._broken):
            if self._broken:
                raise DictionaryChangedError(self._broken)
            opened.due = monotonic_ns() + RECHECK_NS
            return opened  # gone, or as it was: its mtime moved and back, say
        tried = (identity(status), _status_of(index_path_for(self.path)))
        if tried == self._tried:  # as when the last reopening failed
            if self._broken:
                raise DictionaryChangedError(self._broken)
            opened.due = monotonic_ns() + RECHECK_NS
            return opened  # a replacement that could not be opened: the old file is whole
        self._tried = tried
        replaced = (status.st_dev, status.st_ino) != opened.seen[:2]
        if not replaced:
            self._broken = self._message(opened.seen[2], status.st_size)
        try:
            fresh = self._open(rebuild=replaced)
        except DictionaryChangedError:
            raise DictionaryChangedError(self._broken) from None
        self._opened, self._tried, self._broken = fresh, None, ""
        opened.retire()
        return fresh

    def _message(self, was: int, now: int) -> str:
        """The one line of DictionaryChangedError for the file at the path now."""
        sizes = f"{was:,} bytes when opened, {now:,} now" if now != was else "written in place"
        return (
            f"{self.what} {self.path} changed while in use: {sizes}; write a new file and "
            "rename it over this one instead (anagramdb build does)"
        )


def _status_of(path: str) -> tuple[int, int, int, int] | None:
    try:
        return identity(os.stat(path))
    except OSError:
        return None
