"""The sparse index file: its format, and reading it (``pread``, never mapped).

Files on disk: a dictionary ``NAME`` (one word a line, sorted by key, see dictionary.py)
and its index ``NAME.idx``, which holds the key and byte offset of every BLOCK_SIZE-th
line (lines 0, 64, 128, ...). docs/FORMAT.md is the full specification. In short, all
integers little-endian::

    header  72 bytes  magic "ANAGRIDX", version, kind, block size, dictionary size,
                      mtime (ns), word count, entry count n, key bytes, summary bytes,
                      dictionary CRC-32, index CRC-32
    offsets (n+1) x u64  byte offset of line i*block_size; the last is the dictionary size
    starts  (n+1) x u32  where key i starts in the key area; the last is its length
    keys    UTF-8 keys, concatenated
    summary the keys of entries 0, 64, 128, ... (every SUMMARY_STRIDE-th), joined by LF

The index CRC-32 covers every byte of the file except its own four (bytes 68-71), so a
flipped bit anywhere is caught when the index is opened. Only the header and the small
summary are read into memory; a lookup bisects the summary in memory, reads and bisects
one stretch of at most SUMMARY_STRIDE entries, then scans one block of the mapped
dictionary.

The kind (kinds.py) says what the indexed file holds and what its keys are: a dictionary
of words keyed by their letters, or ``KEY<TAB>VALUE`` text (plain, or gzip-blocked), so
keyed text such as the definitions file shares this index. "Dictionary" below means the
indexed file, of whatever kind. Writing an index is index_build.py; deciding whether it
still describes its dictionary, index_stale.py; listing every problem, index_check.py.
Both a reader and a writer first require a regular file (require_regular_file).
"""

from __future__ import annotations

import _struct as struct  # struct.py's C module: a cold lookup is spared struct.py (0.4M instr.)
import os
import sys
import zlib
from _bisect import bisect_left  # and bisect.py, the same way
from _thread import allocate_lock
from itertools import pairwise
from time import time_ns

from .errors import (
    IndexCorruptError,
    IndexVersionError,
    InvalidArgumentError,
    StorageError,
    describe_os_error,
)
from .guard import UnclosedGuard, unclosed_guard
from .kinds import NAMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

MAGIC = b"ANAGRIDX"
VERSION = 1
BLOCK_SIZE = 64
MAX_BLOCK_SIZE = 65536  # words a block: a lookup scans one block, so far fewer is sensible
INDEX_SUFFIX = ".idx"
KEYS_SUFFIX = ".keys"  # the optional stored keys beside it (stored_keys.py)
SUMMARY_STRIDE = 64
STRETCH_BYTES = 256 << 10  # stretches of index keys kept decoded (a Dictionary sets its own)
HEADER = struct.Struct("<8sHHIQqQQQQII")  # version and kind: one u32 before kinds
CRC_FIELD = 68  # byte offset of the index CRC-32, the header's last field
CRC_CHUNK = 1 << 18  # bytes file_crc reads at a time, into one reused buffer
# The verification stamp (docs/FORMAT.md, "Verified once"): an extended attribute of the
# index file recording the size, mtime and inode under which its CRC last held, written
# only once the file's mtime is SETTLED_NS old (an mtime is as coarse as the kernel's
# clock tick, so a write in the same tick as the last one would not move it).
STAMP_ATTRIBUTE = "user.anagramdb.verified"
STAMP = struct.Struct("<QqQI")  # size, mtime (ns), inode, the header's index CRC
SETTLED_NS = 2_000_000_000
# Victims of the caches (stretches here, blocks in block_cache.py) are drawn by a 32-bit
# LCG (Numerical Recipes): its seed, and where the high bits a slot is taken from start
# (its low bits cycle).
LCG_MULTIPLIER, LCG_INCREMENT, LCG_MASK = 1664525, 1013904223, 0xFFFFFFFF
LCG_SEED, LCG_HIGH = 0, 16
# What a cached stretch key costs beyond its bytes (a bytes object's header and the list's
# pointer to it, CPython 64-bit: sys.getsizeof(b"") + 8).
STRETCH_KEY_OVERHEAD = 41
# Bounds for find_block's memo of its last stretch: no key is below NO_KEY, none above
# ALL_KEYS (keys are UTF-8, which never holds the byte 0xFF).
NO_KEY, ALL_KEYS = b"", b"\xff"


class Header:
    """The fixed 72-byte header of an index file, field by field (see the table above).

    A plain class rather than a NamedTuple: creating a NamedTuple class costs about a
    millisecond at import, and import time is on every CLI lookup.
    """

    FIELDS = (
        "magic", "version", "kind", "block_size", "dict_size", "dict_mtime_ns", "word_count",
        "entry_count", "keys_size", "summary_size", "dict_crc", "index_crc",
    )  # fmt: skip
    __slots__ = FIELDS

    magic: bytes
    version: int
    kind: int
    block_size: int
    dict_size: int
    dict_mtime_ns: int
    word_count: int
    entry_count: int
    keys_size: int
    summary_size: int
    dict_crc: int
    index_crc: int

    def __init__(
        self, magic: bytes, version: int, kind: int, block_size: int, dict_size: int,
        dict_mtime_ns: int, word_count: int, entry_count: int, keys_size: int, summary_size: int,
        dict_crc: int, index_crc: int,
    ) -> None:  # fmt: skip
        values = (
            magic, version, kind, block_size, dict_size, dict_mtime_ns, word_count, entry_count,
            keys_size, summary_size, dict_crc, index_crc,
        )  # fmt: skip
        for name, value in zip(self.FIELDS, values, strict=True):
            setattr(self, name, value)

    def values(self) -> tuple[bytes | int, ...]:
        """The fields in file order, as HEADER.pack takes them."""
        return tuple(getattr(self, name) for name in self.FIELDS)


def require_block_size(block_size: int) -> None:
    """Raise InvalidArgumentError unless 1 <= *block_size* <= MAX_BLOCK_SIZE."""
    if not 1 <= block_size <= MAX_BLOCK_SIZE:
        raise InvalidArgumentError(
            f"the block size must be from 1 to {MAX_BLOCK_SIZE} words, not {block_size}"
        )


def index_path_for(dict_path: str) -> str:
    """Where the index of *dict_path* lives: beside it, with ``.idx`` appended."""
    return dict_path + INDEX_SUFFIX


def require_regular_file(path: str, status: os.stat_result | None = None) -> None:
    """Raise StorageError unless *path* is a regular file: a dictionary must be mappable,
    and opening a FIFO would wait for a writer forever."""
    import stat as stat_module

    if status is None:
        try:
            status = os.stat(path)
        except OSError as exc:
            raise StorageError(f"cannot open dictionary {path}: {describe_os_error(exc)}") from exc
    if not stat_module.S_ISREG(status.st_mode):
        kind = "a directory" if stat_module.S_ISDIR(status.st_mode) else "not a regular file"
        raise StorageError(f"cannot open dictionary {path}: it is {kind}")


def read_scattered(fd: int) -> None:
    """Advise the kernel that the file *fd* is read a few scattered pieces at a time (an
    index, stored keys): it then reads no more than asked, where by default a 4 KiB
    ``pread`` brings in 128 KiB."""
    advise = getattr(os, "posix_fadvise", None)
    if advise is not None:
        try:
            advise(fd, 0, 0, os.POSIX_FADV_RANDOM)
        except OSError:
            pass


def file_crc(fd: int, start: int = 0, crc: int = 0) -> int:
    """CRC-32 of an open file from byte *start* to its end, continuing from *crc*.

    Reads CRC_CHUNK bytes at a time into one reused buffer (``os.preadv``; plain ``os.pread`` where
    the platform lacks it): memory stays flat, and no page of a mapping is
    touched (touched pages would count in the process's RSS). This runs on every open,
    for the index body and for a dictionary whose mtime was reset, so it is on the
    lookup path.
    """
    position = start
    if not hasattr(os, "preadv"):  # not on macOS before 11: a fresh buffer per read instead
        while chunk := os.pread(fd, CRC_CHUNK, position):
            crc = zlib.crc32(chunk, crc)
            position += len(chunk)
        return crc
    buffer = bytearray(CRC_CHUNK)
    view = memoryview(buffer)
    while count := os.preadv(fd, [buffer], position):
        crc = zlib.crc32(view[:count], crc)
        position += count
    return crc


class SparseIndex:
    """A parsed, checksum-verified index, read from an open file (or from bytes in memory).

    Entry i is the key of line ``i * block_size`` and that line's byte offset. Only the
    header and the summary (every SUMMARY_STRIDE-th key) are held in memory; a lookup
    reads one stretch of at most SUMMARY_STRIDE entries with ``pread``. The index is not
    memory-mapped: on kernels that map whole large folios on a fault, touching one page of
    a mapping can add a megabyte to the process's RSS, and RSS must stay flat.
    """

    def __init__(self, source: int | bytes, path: str, trust: bool = False) -> None:
        """Parse and verify an index from an open descriptor (which this object then owns
        and closes) or from the bytes of a whole index file. With *trust*, a file whose
        verification stamp matches it is not read whole for its CRC (see STAMP_ATTRIBUTE),
        and one verified now is stamped."""
        self.path = path
        self._fd = source if isinstance(source, int) else None
        self._data = b"" if isinstance(source, int) else source
        self._guard: UnclosedGuard | None = None
        status = os.fstat(source) if isinstance(source, int) else None
        size = status.st_size if status is not None else len(self._data)
        # When the index file was last written (0 in memory): see open_index's installed rule.
        self.file_mtime_ns = status.st_mtime_ns if status is not None else 0
        head = self._read(0, min(size, HEADER.size))
        if size < HEADER.size:
            if head[:8] != MAGIC[: len(head[:8])]:
                raise IndexCorruptError(f"{path}: bad magic {head[:8]!r}, expected {MAGIC!r}")
            raise IndexCorruptError(
                f"{path}: truncated header: {size} bytes, expected {HEADER.size}"
            )
        header = Header(*HEADER.unpack(head))
        if header.magic != MAGIC:
            raise IndexCorruptError(f"{path}: bad magic {header.magic!r}, expected {MAGIC!r}")
        if header.version != VERSION:
            raise IndexVersionError(
                f"{path}: format version {header.version}, this anagramdb reads version {VERSION}"
            )
        if header.kind not in NAMES:
            raise IndexVersionError(
                f"{path}: kind {header.kind}, this anagramdb reads kinds"
                f" {min(NAMES)} to {max(NAMES)}"
            )
        entries = header.entry_count
        summary_base = HEADER.size + 12 * (entries + 1) + header.keys_size
        expected = summary_base + header.summary_size
        if size != expected:
            state = "truncated" if size < expected else "has trailing bytes"
            raise IndexCorruptError(
                f"{path}: {state}: {size} bytes, the header promises {expected}"
            )
        stamp = b""
        if trust and status is not None and self._fd is not None:
            stamp = STAMP.pack(size, status.st_mtime_ns, status.st_ino, header.index_crc)
        if not stamp or _stamp_of(self._fd) != stamp:
            crc = zlib.crc32(head[:CRC_FIELD])
            crc = (
                file_crc(self._fd, HEADER.size, crc)
                if self._fd is not None
                else zlib.crc32(memoryview(self._data)[HEADER.size :], crc)
            )
            if crc != header.index_crc:
                raise IndexCorruptError(
                    f"{path}: checksum mismatch: stored {header.index_crc:08x}, computed {crc:08x}"
                )
            if stamp and status is not None and time_ns() - status.st_mtime_ns > SETTLED_NS:
                _put_stamp(self._fd, stamp)
        if header.block_size < 1 or entries != -(-header.word_count // header.block_size):
            raise IndexCorruptError(
                f"{path}: {entries} entries do not fit {header.word_count} words in blocks of "
                f"{header.block_size}"
            )
        self.header = header
        self.size = size
        self.block_size = header.block_size
        self.entry_count = entries
        self._starts_base = HEADER.size + 8 * (entries + 1)
        self._keys_base = HEADER.size + 12 * (entries + 1)
        # The first block starts at 0, or at 3 after a UTF-8 byte-order mark (the
        # dictionary's reader checks that the mark is there: Dictionary._block_range).
        if self.offset(0) not in (0, 3) or self.offset(entries) != header.dict_size:
            raise IndexCorruptError(
                f"{path}: offsets do not span the dictionary (0 to {header.dict_size})"
            )
        summary = self._read(summary_base, header.summary_size)
        self._summary = summary.split(b"\n") if entries else []
        self._stretches: dict[int, list[bytes]] = {}
        self._stretch_costs: dict[int, int] = {}
        self._stretch_order: list[int] = []  # the cached stretches, for picking a victim
        self._victim = LCG_SEED
        # The stretch find_block used last: the keys it serves (low < key <= high), its
        # first entry and its keys.
        self._current: tuple[bytes, bytes, int, list[bytes]] = (ALL_KEYS, NO_KEY, 0, [])
        self.stretch_budget = STRETCH_BYTES  # bytes the decoded stretches may cost
        self.stretch_bytes = 0
        self._stretch_lock = allocate_lock()
        if len(self._summary) != -(-entries // SUMMARY_STRIDE):
            raise IndexCorruptError(
                f"{path}: the summary holds {len(self._summary)} keys, expected "
                f"{-(-entries // SUMMARY_STRIDE)}"
            )
        # Only a verified index owns its descriptor (read_index closes it on a failure).
        if self._fd is not None:
            self._guard = unclosed_guard(self, "index", path, _closer(self._fd))

    @property
    def summary(self) -> list[bytes]:
        """The summary keys held in memory: the keys of entries 0, SUMMARY_STRIDE,
        2 x SUMMARY_STRIDE, ..."""
        return list(self._summary)

    def _read(self, position: int, length: int) -> bytes:
        if self._fd is None:
            return self._data[position : position + length]
        data = os.pread(self._fd, length, position)
        if len(data) != length:
            raise IndexCorruptError(
                f"{self.path}: truncated while reading byte {position + len(data)}"
            )
        return data

    def offsets(self, first: int, stop: int) -> tuple[int, ...]:
        """The byte offsets of blocks *first* to *stop* - 1 (block n is the dictionary size)."""
        return struct.unpack(
            f"<{stop - first}Q", self._read(HEADER.size + 8 * first, 8 * (stop - first))
        )

    def offset(self, i: int) -> int:
        """Byte offset of block *i*; ``offset(entry_count)`` is the dictionary size."""
        return self.offsets(i, i + 1)[0]

    def _stretch(self, first: int, stop: int) -> tuple[tuple[int, ...], bytes]:
        """Key positions (rebased to 0) and key bytes of entries *first* to *stop* - 1."""
        starts = struct.unpack(
            f"<{stop - first + 1}I",
            self._read(self._starts_base + 4 * first, 4 * (stop - first + 1)),
        )
        base = starts[0]
        area = self._read(self._keys_base + base, starts[-1] - base)
        return (tuple(start - base for start in starts) if base else starts), area

    def keys(self, first: int, stop: int) -> list[bytes]:
        """The UTF-8 keys of entries *first* to *stop* - 1, with two reads."""
        if stop <= first:
            return []
        starts, area = self._stretch(first, stop)
        return [area[a:b] for a, b in pairwise(starts)]

    def find_block(self, key: bytes) -> int:
        """The first block that can hold *key*: O(log n) bisection of the index.

        Contract: with i = bisect_left(keys, key), every entry before i is < key and every
        entry from i on is >= key, so the first line with *key* is in block i - 1 (its
        tail) or at the start of block i. Returns max(i - 1, 0).

        Two steps: bisect the in-memory summary, which puts i in one stretch of at most
        SUMMARY_STRIDE entries, then read that stretch's keys (two preads) and bisect them.
        A key in the stretch of the key before it (a walk's keys come in ascending order,
        most of them near the last) skips the first step.
        """
        low, high, first, stretch = self._current
        if not low < key <= high:
            summary = self._summary
            top = bisect_left(summary, key)
            first = (top - 1) * SUMMARY_STRIDE + 1 if top else 0
            found = self._stretches.get(top)
            if found is None:
                found = self.keys(first, min(top * SUMMARY_STRIDE, self.entry_count))
                self._keep_stretch(top, found)
            stretch = found
            # The keys the stretch serves: summary[top - 1] < key <= summary[top] (bytes
            # compare below every key and above none when there is no such neighbour).
            low = summary[top - 1] if top else NO_KEY
            self._current = low, summary[top] if top < len(summary) else ALL_KEYS, first, stretch
        i = first + bisect_left(stretch, key)
        return i - 1 if i > 0 else 0

    def _keep_stretch(self, top: int, stretch: list[bytes]) -> None:
        """Cache a decoded stretch within stretch_budget bytes (its list and keys counted),
        evicting random stretches: walks go through the index front to back, so evicting
        the oldest would evict each just before the next walk needs it. Threads share an
        index (the web server's), hence the lock."""
        cost = sys.getsizeof(stretch) + STRETCH_KEY_OVERHEAD * len(stretch) + sum(map(len, stretch))
        with self._stretch_lock:
            if cost > self.stretch_budget or top in self._stretch_costs:
                return
            costs, order = self._stretch_costs, self._stretch_order
            while self.stretch_bytes + cost > self.stretch_budget:
                self._victim = (self._victim * LCG_MULTIPLIER + LCG_INCREMENT) & LCG_MASK
                position = (self._victim >> LCG_HIGH) % len(order)
                victim = order[position]
                order[position] = order[-1]
                order.pop()
                self.stretch_bytes -= costs.pop(victim)
                del self._stretches[victim]
            self._stretches[top] = stretch
            costs[top] = cost
            order.append(top)
            self.stretch_bytes += cost

    def close(self) -> None:
        """Close the index file. Idempotent."""
        if self._guard is not None:
            self._guard.detach()
            self._guard = None
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self._data = b""


def _stamp_of(fd: int | None) -> bytes | None:
    """The verification stamp of the index file *fd*, or None (none, or no xattrs here)."""
    getxattr = getattr(os, "getxattr", None)
    if fd is None or getxattr is None:
        return None
    try:
        found: bytes = getxattr(fd, STAMP_ATTRIBUTE)
    except OSError:
        return None
    return found


def _put_stamp(fd: int | None, stamp: bytes) -> None:
    """Stamp the index file *fd* as verified, where the file system and its owner allow
    (not: a read-only file system, another user's file, no user xattrs)."""
    setxattr = getattr(os, "setxattr", None)
    if fd is not None and setxattr is not None:
        try:
            setxattr(fd, STAMP_ATTRIBUTE, stamp)
        except OSError:
            pass


def _closer(fd: int) -> Callable[[], None]:
    """A function that closes *fd* (and refers to nothing else)."""
    return lambda: os.close(fd)


def read_index(index_path: str, trust: bool = False) -> SparseIndex | None:
    """Open and verify an index file; None when it does not exist. *trust*: see
    SparseIndex (a stamp saves reading the whole file for its CRC).

    Raises IndexCorruptError (or IndexVersionError) for a damaged file, StorageError when
    it cannot be read at all (permissions, I/O errors): the file is not at fault then.
    """
    try:
        fd = os.open(index_path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StorageError(f"cannot read index {index_path}: {describe_os_error(exc)}") from exc
    read_scattered(fd)  # lookups read a stretch of it here and there
    try:
        return SparseIndex(fd, index_path, trust)
    except BaseException as exc:
        os.close(fd)
        if isinstance(exc, OSError):
            raise StorageError(f"cannot read index {index_path}: {describe_os_error(exc)}") from exc
        raise
