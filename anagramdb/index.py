"""The sparse index file: format, build, staleness check, atomic rebuild.

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
keyed text such as the definitions file shares this index, its staleness rules and its
atomic rebuild. "Dictionary" below means the indexed file, of whatever kind.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from _thread import allocate_lock
from _weakref import ref as weak_reference
from bisect import bisect_left
from itertools import pairwise

from .errors import (
    DictionaryFormatError,
    IndexCorruptError,
    IndexVersionError,
    InputTooLongError,
    InvalidArgumentError,
    OutputRefusedError,
    StorageError,
    describe_os_error,
)
from .kinds import ANAGRAM, KEYED_GZIP, NAMES, describe_disorder, gzip_members, line_key

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
MAX_PROBLEMS = 100
CRC_CHUNK = 1 << 18  # bytes file_crc reads at a time, into one reused buffer
# A new file: the input is never overwritten.
HINT = "make a sorted copy with: anagramdb build {path} -o {copy}"
KEYED_HINT = "make it again from its source ({path} is keyed text, see docs/FORMAT.md)"


def sorted_copy_path(path: str) -> str:
    """Where HINT suggests writing a sorted copy of *path*: beside it, ``.sorted`` before
    the extension (``notes.txt`` -> ``notes.sorted.txt``)."""
    root, extension = os.path.splitext(path)
    return f"{root}.sorted{extension}"


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
        self.magic, self.version, self.kind, self.block_size, self.dict_size = (
            magic,
            version,
            kind,
            block_size,
            dict_size,
        )
        self.dict_mtime_ns, self.word_count, self.entry_count = (
            dict_mtime_ns,
            word_count,
            entry_count,
        )
        self.keys_size, self.summary_size, self.dict_crc, self.index_crc = (
            keys_size,
            summary_size,
            dict_crc,
            index_crc,
        )

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


class IndexBuilder:
    """Collects the sparse index while a dictionary is read or written line by line.

    Each line is validated by its file's *kind* (kinds.line_key: for a dictionary, a word
    in strictly increasing (key, word) order), and must end with LF. With
    ``problems=None`` the first problem raises :class:`DictionaryFormatError`; with a
    list, problems are appended (up to MAX_PROBLEMS) and the scan goes on.
    """

    def __init__(
        self,
        path: str,
        block_size: int = BLOCK_SIZE,
        problems: list[str] | None = None,
        kind: int = ANAGRAM,
    ) -> None:
        require_block_size(block_size)
        self.path = path
        self.block_size = block_size
        self.problems = problems
        self.kind = kind
        self.offsets: list[int] = []
        self.keys: list[bytes] = []
        self.size = 0
        self.crc = 0
        self.words = 0
        self._last: tuple[str, ...] | None = None

    def _problem(self, line_no: int, message: str) -> None:
        text = f"{self.path}: line {line_no}: {message}" if line_no else f"{self.path}: {message}"
        if self.problems is None:
            from shlex import quote  # the hint is pasted into a shell as it is

            hint = HINT if self.kind == ANAGRAM else KEYED_HINT
            copy = sorted_copy_path(self.path)
            raise DictionaryFormatError(
                f"{text}; {hint.format(path=quote(self.path), copy=quote(copy))}"
            )
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)

    def add_bytes(self, raw: bytes) -> None:
        """Account for *raw*, the next bytes of the file, in its size and CRC-32."""
        self.size += len(raw)
        self.crc = zlib.crc32(raw, self.crc)

    def add_line(self, raw: bytes) -> None:
        """Account for one raw line of a plain-text file, newline included."""
        offset = self.size
        self.add_bytes(raw)
        self.line(raw, offset)

    def add_member(self, offset: int, content: bytes) -> None:
        """Account for the lines of one gzip member (KEYED_GZIP) starting at byte *offset*
        (its bytes go to add_bytes): a member holds exactly one block, so the first
        member's line count is the block size, whatever the builder was given."""
        if self.words % self.block_size:
            self._problem(
                0,
                f"the gzip member at byte {offset} starts inside block"
                f" {self.words // self.block_size}",
            )
        if not content.endswith(b"\n"):
            self._problem(0, f"the gzip member at byte {offset} does not end with LF")
        lines = content.split(b"\n")
        if lines[-1] == b"":
            lines.pop()
        if not self.offsets:  # the first member sets the block size: a member is a block
            self.block_size = max(1, min(len(lines), MAX_BLOCK_SIZE))
        if len(lines) > self.block_size:
            self._problem(
                0,
                f"the gzip member at byte {offset} holds {len(lines)} lines,"
                f" a block {self.block_size}",
            )
        for raw in lines:
            self.line(raw + b"\n", offset)

    def line(self, raw: bytes, offset: int) -> None:
        """Validate one line (newline included); *offset* is where its block would start."""
        line_no = self.words + 1
        self.words = line_no
        body = raw[:-1] if raw.endswith(b"\n") else raw
        if body.endswith(b"\r"):
            self._problem(line_no, "ends with a carriage return; dictionary lines end with LF only")
            body = body.rstrip(b"\r")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._problem(line_no, f"not valid UTF-8 (byte {exc.start + 1})")
            text = body.decode("utf-8", "replace")
        key, current, problem = line_key(self.kind, text)
        if problem is not None:
            self._problem(line_no, problem)
        if self._last is not None and current <= self._last:
            self._problem(line_no, describe_disorder(self.kind, current, self._last))
        self._last = current
        if (line_no - 1) % self.block_size == 0:
            self.offsets.append(offset)
            self.keys.append(key.encode("utf-8"))

    def encode(self, mtime_ns: int) -> bytes:
        """The complete index file for the lines seen so far."""
        entries = len(self.keys)
        starts = [0]
        for key in self.keys:
            starts.append(starts[-1] + len(key))
        body = struct.pack(f"<{entries + 1}Q", *self.offsets, self.size)
        body += struct.pack(f"<{entries + 1}I", *starts)
        body += b"".join(self.keys)
        summary = b"\n".join(self.keys[::SUMMARY_STRIDE])
        body += summary
        head = HEADER.pack(
            MAGIC,
            VERSION,
            self.kind,
            self.block_size,
            self.size,
            mtime_ns,
            self.words,
            entries,
            starts[-1],
            len(summary),
            self.crc,
            0,
        )
        crc = zlib.crc32(body, zlib.crc32(head[:CRC_FIELD]))
        return head[:CRC_FIELD] + struct.pack("<I", crc) + body


def scan_dictionary(
    path: str,
    block_size: int = BLOCK_SIZE,
    problems: list[str] | None = None,
    fd: int | None = None,
    kind: int = ANAGRAM,
) -> IndexBuilder:
    """Read a dictionary file (of *kind*) once, validating it and collecting its index.

    *fd*, when given, is an open descriptor of the file to read (from its start), so that
    the index describes exactly the file a caller has mapped. Cost: one sequential pass;
    memory holds only the index (one key per block) and one gzip member.
    """
    builder = IndexBuilder(path, block_size, problems, kind)
    try:
        if fd is None:
            require_regular_file(path)
        with open(path if fd is None else os.dup(fd), "rb") as handle:
            handle.seek(0)
            if kind == ANAGRAM:
                # A dictionary line holds one word: a file without line breaks is refused
                # after MAX_LINE bytes, not read whole into memory.
                from .lines import MAX_LINE, bounded_lines

                try:
                    for raw in bounded_lines(handle, path):
                        builder.add_line(raw)
                except InputTooLongError:
                    builder._problem(
                        builder.words + 1, f"longer than {MAX_LINE:,} bytes (not a word list)"
                    )
                return builder
            if kind != KEYED_GZIP:
                for raw in handle:
                    builder.add_line(raw)
                return builder
            try:
                for offset, content in gzip_members(handle, builder.add_bytes):
                    builder.add_member(offset, content)
            except ValueError as exc:
                builder._problem(0, str(exc))
    except OSError as exc:
        raise StorageError(f"cannot read dictionary {path}: {describe_os_error(exc)}") from exc
    return builder


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

    def __init__(self, source: int | bytes, path: str) -> None:
        """Parse and verify an index from an open descriptor (which this object then owns
        and closes) or from the bytes of a whole index file."""
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
        if self.offset(0) != 0 or self.offset(entries) != header.dict_size:
            raise IndexCorruptError(
                f"{path}: offsets do not span the dictionary (0 to {header.dict_size})"
            )
        summary = self._read(summary_base, header.summary_size)
        self._summary = summary.split(b"\n") if entries else []
        self._stretches: dict[int, list[bytes]] = {}
        self._stretch_costs: dict[int, int] = {}
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
        """
        top = bisect_left(self._summary, key)
        first = (top - 1) * SUMMARY_STRIDE + 1 if top else 0
        stretch = self._stretches.get(top)
        if stretch is None:
            stretch = self.keys(first, min(top * SUMMARY_STRIDE, self.entry_count))
            self._keep_stretch(top, stretch)
        i = first + bisect_left(stretch, key)
        return i - 1 if i > 0 else 0

    def _keep_stretch(self, top: int, stretch: list[bytes]) -> None:
        """Cache a decoded stretch within stretch_budget bytes (its list and its keys
        counted), evicting the oldest: a stretch is read again with two preads. Threads
        share an index (the web server's), hence the lock."""
        cost = sys.getsizeof(stretch) + sum(map(sys.getsizeof, stretch))
        with self._stretch_lock:
            costs = self._stretch_costs
            while costs and self.stretch_bytes + cost > self.stretch_budget:
                oldest = next(iter(costs))
                self.stretch_bytes -= costs.pop(oldest)
                self._stretches.pop(oldest, None)
            if cost <= self.stretch_budget and top not in costs:
                self._stretches[top] = stretch
                costs[top] = cost
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


class UnclosedGuard:
    """Calls *closers* (which must not refer to *owner*) when *owner* is collected without
    having been closed, with a ResourceWarning as for an unclosed file. The owner's
    close() calls :meth:`detach`. Not run at interpreter exit: the process's descriptors
    and mappings go with it then.

    weakref.finalize does the same, but importing weakref (with types, atexit and
    _weakrefset) costs a cold lookup more than opening the dictionary; the builtin
    _weakref.ref with a callback, kept alive in a module-level set, is all it needs.
    """

    __slots__ = ("_arguments", "_reference")

    def __init__(
        self, owner: object, what: str, path: str, closers: tuple[Callable[[], object], ...]
    ) -> None:
        self._arguments = (what, path, closers)
        self._reference = weak_reference(owner, self._collected)
        _LIVE_GUARDS.add(self)

    def _collected(self, _reference: object) -> None:
        if self in _LIVE_GUARDS and not sys.is_finalizing():
            _LIVE_GUARDS.discard(self)
            _release_unclosed(*self._arguments)

    def detach(self) -> None:
        """The owner was closed: never warn or close for it."""
        _LIVE_GUARDS.discard(self)


_LIVE_GUARDS: set[UnclosedGuard] = set()


def unclosed_guard(
    owner: object, what: str, path: str, *closers: Callable[[], object]
) -> UnclosedGuard:
    """An :class:`UnclosedGuard` for *owner* (see there)."""
    return UnclosedGuard(owner, what, path, closers)


def _closer(fd: int) -> Callable[[], None]:
    """A function that closes *fd* (and refers to nothing else)."""
    return lambda: os.close(fd)


def _release_unclosed(what: str, path: str, closers: tuple[Callable[[], object], ...]) -> None:
    import warnings

    warnings.warn(f"unclosed {what} {path!r}", ResourceWarning, stacklevel=2)
    for close in closers:
        close()


def read_index(index_path: str) -> SparseIndex | None:
    """Open and verify an index file; None when it does not exist.

    Raises IndexCorruptError (or IndexVersionError) for a damaged file, StorageError when
    it cannot be read at all (permissions, I/O errors): the file is not at fault then.
    """
    try:
        fd = os.open(index_path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StorageError(f"cannot read index {index_path}: {describe_os_error(exc)}") from exc
    try:
        return SparseIndex(fd, index_path)
    except BaseException as exc:
        os.close(fd)
        if isinstance(exc, OSError):
            raise StorageError(f"cannot read index {index_path}: {describe_os_error(exc)}") from exc
        raise


def not_an_index(index_path: str) -> str | None:
    """None when the file *index_path* may be replaced by an index: it is empty, or it
    starts with MAGIC (an anagramdb index, however damaged after that); else why not."""
    try:
        with open(index_path, "rb") as handle:
            head = handle.read(len(MAGIC))
    except FileNotFoundError:
        return None  # removed meanwhile (another process rebuilding it): nothing to lose
    except OSError as exc:
        return f"cannot read it: {describe_os_error(exc)}"
    if head and not MAGIC.startswith(head):
        return "it does not start with the index magic"
    return None


def write_index(index_path: str, data: bytes, force: bool = False) -> None:
    """Replace the index file atomically (temporary file, fsync, rename, fsync directory).
    Raises OutputRefusedError when *index_path* exists and is not an anagramdb index
    (unless *force*) or lies in the packaged data (atomic.check_output)."""
    from .atomic import atomic_writer, check_output  # only writers pay for importing it

    check_output(index_path, not_an_index, "an anagramdb index", force)
    with atomic_writer(index_path) as handle:
        handle.write(data)


def with_mtime(index: SparseIndex, mtime_ns: int) -> bytes:
    """A copy of *index*'s file with a new dictionary mtime and a recomputed checksum."""
    values = list(index.header.values())
    values[Header.FIELDS.index("dict_mtime_ns")] = mtime_ns
    head = HEADER.pack(*values)[:CRC_FIELD]
    body = index._read(HEADER.size, index.size - HEADER.size)
    return head + struct.pack("<I", zlib.crc32(body, zlib.crc32(head))) + body


def open_index(
    dict_path: str,
    fd: int,
    stat: os.stat_result,
    block_size: int = BLOCK_SIZE,
    packaged: bool = False,
    kind: int = ANAGRAM,
) -> SparseIndex:
    """The index of the open dictionary *fd*, rebuilt first when missing, corrupt, stale,
    or written for another *kind* of file (kinds.py).

    Fresh means: the header's dictionary size matches, and either its mtime matches or
    (mtimes are reset by pip, git and cp) the dictionary's CRC-32 does. A fresh index whose
    mtime differs is rewritten with the new mtime where the directory allows, so the CRC
    is computed once. A rebuilt index is written atomically; where it cannot be written
    (read-only directory, full disk) it is kept in memory with one AnagramDBWarning.

    A *packaged* dictionary (packaged.is_packaged: inside anagramdb/data/, written only
    by its installer, which writes each dictionary before its index) is never rewritten to
    record an mtime, so the CRC would be paid on every open. Instead, the installed rule:
    when the dictionary's status has not changed (st_ctime_ns, which no tool can set back)
    since the index file was last written, the index is fresh without reading the
    dictionary. Any later write to the dictionary moves its ctime past the index's mtime
    and brings the CRC back.
    """
    index_path = index_path_for(dict_path)
    reason = "missing"
    try:
        index = read_index(index_path)
    except (IndexCorruptError, StorageError) as exc:  # unreadable is rebuilt like damaged
        index, reason = None, str(exc)
    if index is not None and index.header.kind != kind:
        reason = f"written for {NAMES[index.header.kind]}"
        index.close()
        index = None
    if index is not None:
        header = index.header
        if header.dict_size == stat.st_size:
            if header.dict_mtime_ns == stat.st_mtime_ns:
                return index
            if packaged and stat.st_ctime_ns <= index.file_mtime_ns:
                return index
            if file_crc(fd) == header.dict_crc:
                if not packaged:
                    try:
                        write_index(index_path, with_mtime(index, stat.st_mtime_ns))
                    except (StorageError, OutputRefusedError):
                        pass
                return index
        reason = "older than the dictionary"
        index.close()
    return rebuild_index(dict_path, fd, stat, block_size, reason, kind)


def rebuild_index(
    dict_path: str,
    fd: int,
    stat: os.stat_result,
    block_size: int,
    reason: str,
    kind: int = ANAGRAM,
) -> SparseIndex:
    """Scan the dictionary, save its index atomically, and return it (see open_index)."""
    import warnings

    from .errors import AnagramDBWarning

    data = scan_dictionary(dict_path, block_size, fd=fd, kind=kind).encode(stat.st_mtime_ns)
    index_path = index_path_for(dict_path)
    try:
        write_index(index_path, data)
    except (StorageError, OutputRefusedError) as exc:
        from .atomic import NEW_OUTPUT

        warnings.warn(
            f"index {reason}, and {str(exc).removesuffix(NEW_OUTPUT)}; using an in-memory "
            "index for this process",
            AnagramDBWarning,
            stacklevel=3,
        )
    return SparseIndex(data, index_path)


def save_index(
    dict_path: str | os.PathLike[str],
    block_size: int = BLOCK_SIZE,
    kind: int = ANAGRAM,
    force: bool = False,
) -> IndexBuilder:
    """Rebuild the index of *dict_path* (a file of *kind*) unconditionally, validating the
    file, and write it atomically. Raises DictionaryFormatError or StorageError, and
    OutputRefusedError when the index path holds something else than an anagramdb index
    (unless *force*) or the packaged data; returns the scan."""
    dict_path = os.fspath(dict_path)
    try:
        mtime_ns = os.stat(dict_path).st_mtime_ns
    except OSError as exc:
        raise StorageError(f"cannot read dictionary {dict_path}: {describe_os_error(exc)}") from exc
    if not dict_path:
        raise InvalidArgumentError("no dictionary given (an empty name)")
    from .atomic import check_output

    check_output(index_path_for(dict_path), not_an_index, "an anagramdb index", force)
    builder = scan_dictionary(dict_path, block_size, kind=kind)
    write_index(index_path_for(dict_path), builder.encode(mtime_ns), force)
    return builder
