"""The sparse index file: format, build, staleness check, atomic rebuild.

Files on disk: a dictionary ``NAME`` (one word a line, sorted by key, see dictionary.py)
and its index ``NAME.idx``, which holds the key and byte offset of every BLOCK_SIZE-th
line (lines 0, 64, 128, ...). docs/FORMAT.md is the full specification. In short, all
integers little-endian::

    header  64 bytes  magic "ANAGRIDX", version, block size, dictionary size, mtime (ns),
                      word count, entry count n, key bytes, dictionary CRC-32, index CRC-32
    offsets (n+1) x u64  byte offset of line i*block_size; the last is the dictionary size
    starts  (n+1) x u32  where key i starts in the key area; the last is its length
    keys    UTF-8 keys, concatenated

The index CRC-32 covers every byte of the file except its own four (bytes 60-63), so a
flipped bit anywhere is caught when the index is opened.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from array import array
from typing import NamedTuple

from .atomic import atomic_writer, describe_os_error
from .errors import DictionaryFormatError, IndexCorruptError, IndexVersionError, StorageError
from .keys import bad_characters, describe, is_word, word_key

MAGIC = b"ANAGRIDX"
VERSION = 1
BLOCK_SIZE = 64
INDEX_SUFFIX = ".idx"
HEADER = struct.Struct("<8sIIQqQQQII")
CRC_FIELD = 60  # byte offset of the index CRC-32, the header's last field
MAX_PROBLEMS = 100
HINT = "rebuild it with: anagramdb build {path} -o {path}"


class Header(NamedTuple):
    """The fixed 64-byte header of an index file."""

    magic: bytes
    version: int
    block_size: int
    dict_size: int
    dict_mtime_ns: int
    word_count: int
    entry_count: int
    keys_size: int
    dict_crc: int
    index_crc: int


def index_path_for(dict_path: str) -> str:
    """Where the index of *dict_path* lives: beside it, with ``.idx`` appended."""
    return dict_path + INDEX_SUFFIX


class IndexBuilder:
    """Collects the sparse index while a dictionary is read or written line by line.

    Each line is validated (a word, in strictly increasing (key, word) order, LF ending).
    With ``problems=None`` the first problem raises :class:`DictionaryFormatError`;
    with a list, problems are appended (up to MAX_PROBLEMS) and the scan goes on.
    """

    def __init__(self, path: str, block_size: int = BLOCK_SIZE, problems: list[str] | None = None) -> None:
        if block_size < 1:
            raise ValueError("block size must be at least 1")
        self.path = path
        self.block_size = block_size
        self.problems = problems
        self.offsets: list[int] = []
        self.keys: list[bytes] = []
        self.size = 0
        self.crc = 0
        self.words = 0
        self._last: tuple[str, str] | None = None

    def _problem(self, line_no: int, message: str) -> None:
        text = f"{self.path}: line {line_no}: {message}"
        if self.problems is None:
            raise DictionaryFormatError(f"{text}; {HINT.format(path=self.path)}")
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)

    def add_line(self, raw: bytes) -> None:
        """Account for one raw line of the dictionary, newline included."""
        line_no = self.words + 1
        offset = self.size
        self.size += len(raw)
        self.crc = zlib.crc32(raw, self.crc)
        self.words = line_no
        body = raw[:-1] if raw.endswith(b"\n") else raw
        if body.endswith(b"\r"):
            self._problem(line_no, "ends with a carriage return; dictionary lines end with LF only")
            body = body.rstrip(b"\r")
        try:
            word = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._problem(line_no, f"not valid UTF-8 (byte {exc.start + 1})")
            word = body.decode("utf-8", "replace")
        if not is_word(word):
            reason = "an empty line" if not word else f"{word!r} is not a word (it contains {describe(bad_characters(word))})"
            self._problem(line_no, reason)
            key = word
        else:
            key = word_key(word)
        current = (key, word)
        if self._last is not None and current <= self._last:
            if current == self._last:
                self._problem(line_no, f"duplicate word {word!r}")
            else:
                self._problem(line_no, f"{word!r} (key {key!r}) is out of order after {self._last[1]!r} (key {self._last[0]!r})")
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
        head = HEADER.pack(MAGIC, VERSION, self.block_size, self.size, mtime_ns, self.words, entries, starts[-1], self.crc, 0)
        crc = zlib.crc32(body, zlib.crc32(head[:CRC_FIELD]))
        return head[:CRC_FIELD] + struct.pack("<I", crc) + body


def scan_dictionary(path: str, block_size: int = BLOCK_SIZE, problems: list[str] | None = None, fd: int | None = None) -> IndexBuilder:
    """Read a dictionary file once, validating it and collecting its sparse index.

    *fd*, when given, is an open descriptor of the file to read (from its start), so that
    the index describes exactly the file a caller has mapped. Cost: one sequential pass;
    memory holds only the index (one key per block).
    """
    builder = IndexBuilder(path, block_size, problems)
    try:
        with open(path if fd is None else os.dup(fd), "rb") as handle:
            handle.seek(0)
            for raw in handle:
                builder.add_line(raw)
    except OSError as exc:
        raise StorageError(f"cannot read dictionary {path}: {describe_os_error(exc)}") from exc
    return builder


def dictionary_crc(fd: int) -> int:
    """CRC-32 of the content of an open file, read in 1 MiB chunks (memory stays flat)."""
    crc, position = 0, 0
    while chunk := os.pread(fd, 1 << 20, position):
        crc = zlib.crc32(chunk, crc)
        position += len(chunk)
    return crc


class SparseIndex:
    """A parsed, checksum-verified index over a buffer (an mmap of the file, or bytes).

    Entry i is the key of line ``i * block_size`` and that line's byte offset. Nothing is
    copied out of the buffer: keys are read as they are probed.
    """

    def __init__(self, buffer: bytes, path: str) -> None:
        self.path = path
        self._buffer = buffer
        if len(buffer) < HEADER.size:
            if buffer[:8] != MAGIC[: len(buffer[:8])]:
                raise IndexCorruptError(f"{path}: bad magic {bytes(buffer[:8])!r}, expected {MAGIC!r}")
            raise IndexCorruptError(f"{path}: truncated header: {len(buffer)} bytes, expected {HEADER.size}")
        header = Header(*HEADER.unpack_from(buffer, 0))
        if header.magic != MAGIC:
            raise IndexCorruptError(f"{path}: bad magic {header.magic!r}, expected {MAGIC!r}")
        if header.version != VERSION:
            raise IndexVersionError(f"{path}: format version {header.version}, this anagramdb reads version {VERSION}")
        entries = header.entry_count
        expected = HEADER.size + 12 * (entries + 1) + header.keys_size
        if len(buffer) != expected:
            state = "truncated" if len(buffer) < expected else "has trailing bytes"
            raise IndexCorruptError(f"{path}: {state}: {len(buffer)} bytes, the header promises {expected}")
        crc = zlib.crc32(memoryview(buffer)[HEADER.size :], zlib.crc32(memoryview(buffer)[:CRC_FIELD]))
        if crc != header.index_crc:
            raise IndexCorruptError(f"{path}: checksum mismatch: stored {header.index_crc:08x}, computed {crc:08x}")
        if header.block_size < 1 or entries != -(-header.word_count // header.block_size):
            raise IndexCorruptError(f"{path}: {entries} entries do not fit {header.word_count} words in blocks of {header.block_size}")
        self.header = header
        self.block_size = header.block_size
        self.entry_count = entries
        self._keys_base = HEADER.size + 12 * (entries + 1)
        starts_base = HEADER.size + 8 * (entries + 1)
        self._views: list[memoryview] = []
        if sys.byteorder == "little":
            whole = memoryview(buffer)
            self._offsets = whole[HEADER.size : starts_base].cast("Q")
            self._starts = whole[starts_base : self._keys_base].cast("I")
            self._views = [self._offsets, self._starts, whole]
        else:  # pragma: no cover - big-endian hosts copy the two small arrays and swap them
            self._offsets = array("Q", bytes(buffer[HEADER.size : starts_base]))
            self._starts = array("I", bytes(buffer[starts_base : self._keys_base]))
            self._offsets.byteswap()
            self._starts.byteswap()
        if self._offsets[0] != 0 or self._offsets[entries] != header.dict_size:
            raise IndexCorruptError(f"{path}: offsets do not span the dictionary (0 to {header.dict_size})")

    def key(self, i: int) -> bytes:
        """The UTF-8 key of entry *i*: the key of line ``i * block_size``."""
        base = self._keys_base
        return self._buffer[base + self._starts[i] : base + self._starts[i + 1]]

    def offset(self, i: int) -> int:
        """Byte offset of block *i*; ``offset(entry_count)`` is the dictionary size."""
        return self._offsets[i]

    def find_block(self, key: bytes) -> int:
        """The first block that can hold *key*: O(log n) bisection of the index.

        Contract: with i = bisect_left(keys, key), every entry before i is < key and every
        entry from i on is >= key, so the first line with *key* is in block i - 1 (its
        tail) or at the start of block i. Returns max(i - 1, 0).
        """
        lo, hi = 0, self.entry_count
        base, starts, buffer = self._keys_base, self._starts, self._buffer
        while lo < hi:
            mid = (lo + hi) // 2
            if buffer[base + starts[mid] : base + starts[mid + 1]] < key:
                lo = mid + 1
            else:
                hi = mid
        return lo - 1 if lo > 0 else 0

    def close(self) -> None:
        """Release the views into the buffer and close the buffer if it is an mmap."""
        for view in self._views:
            view.release()
        self._views = []
        close = getattr(self._buffer, "close", None)
        if close is not None:
            close()


def read_index(index_path: str) -> SparseIndex | None:
    """Open and verify an index file; None when it does not exist."""
    import mmap

    try:
        with open(index_path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            buffer = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise IndexCorruptError(f"{index_path}: cannot read: {describe_os_error(exc)}") from exc
    try:
        return SparseIndex(buffer, index_path)
    except BaseException:
        if not isinstance(buffer, bytes):
            buffer.close()
        raise


def write_index(index_path: str, data: bytes) -> None:
    """Replace the index file atomically (temporary file, fsync, rename, fsync directory)."""
    with atomic_writer(index_path) as handle:
        handle.write(data)


def with_mtime(index: SparseIndex, mtime_ns: int) -> bytes:
    """A copy of *index*'s file with a new dictionary mtime and a recomputed checksum."""
    head = HEADER.pack(*index.header._replace(dict_mtime_ns=mtime_ns, index_crc=0))[:CRC_FIELD]
    body = bytes(index._buffer[HEADER.size :])
    return head + struct.pack("<I", zlib.crc32(body, zlib.crc32(head))) + body


def open_index(dict_path: str, fd: int, stat: os.stat_result, block_size: int = BLOCK_SIZE, refresh: bool = True) -> SparseIndex:
    """The index of the open dictionary *fd*, rebuilt first when missing, corrupt or stale.

    Fresh means: the header's dictionary size matches, and either its mtime matches or
    (mtimes are reset by pip, git and cp) the dictionary's CRC-32 does. A fresh index whose
    mtime differs is rewritten with the new mtime when *refresh* is true and the directory
    allows, so the CRC is computed once. A rebuilt index is written atomically; where it cannot be written
    (read-only directory, full disk) it is kept in memory with one AnagramDBWarning.
    """
    index_path = index_path_for(dict_path)
    reason = "missing"
    try:
        index = read_index(index_path)
    except IndexCorruptError as exc:
        index, reason = None, str(exc)
    if index is not None:
        header = index.header
        if header.dict_size == stat.st_size:
            if header.dict_mtime_ns == stat.st_mtime_ns:
                return index
            if dictionary_crc(fd) == header.dict_crc:
                if refresh:
                    try:
                        write_index(index_path, with_mtime(index, stat.st_mtime_ns))
                    except StorageError:
                        pass
                return index
        reason = "older than the dictionary"
        index.close()
    return rebuild_index(dict_path, fd, stat, block_size, reason)


def rebuild_index(dict_path: str, fd: int, stat: os.stat_result, block_size: int, reason: str) -> SparseIndex:
    """Scan the dictionary, save its index atomically, and return it (see open_index)."""
    import warnings

    from .errors import AnagramDBWarning

    data = scan_dictionary(dict_path, block_size, fd=fd).encode(stat.st_mtime_ns)
    index_path = index_path_for(dict_path)
    try:
        write_index(index_path, data)
    except StorageError as exc:
        warnings.warn(f"index {reason}, and {exc}; using an in-memory index for this process", AnagramDBWarning, stacklevel=3)
    return SparseIndex(data, index_path)


def save_index(dict_path: str, block_size: int = BLOCK_SIZE) -> IndexBuilder:
    """Rebuild the index of *dict_path* unconditionally, validating the dictionary, and
    write it atomically. Raises DictionaryFormatError or StorageError; returns the scan."""
    try:
        mtime_ns = os.stat(dict_path).st_mtime_ns
    except OSError as exc:
        raise StorageError(f"cannot read dictionary {dict_path}: {describe_os_error(exc)}") from exc
    builder = scan_dictionary(dict_path, block_size)
    write_index(index_path_for(dict_path), builder.encode(mtime_ns))
    return builder


def check_index(dict_path: str) -> list[str]:
    """Every problem with a dictionary and its index, without changing anything.

    Checks the dictionary's lines (words, order, LF endings), the index header (magic,
    version, checksum, size), that the header describes this dictionary (size, CRC-32 of
    the content, word count), and that every entry's key and offset are those of line
    ``i * block_size``. An empty list means both files are sound.
    """
    index_path = index_path_for(dict_path)
    problems: list[str] = []
    try:
        index = read_index(index_path)
    except IndexCorruptError as exc:
        index = None
        problems.append(str(exc))
    else:
        if index is None:
            problems.append(f"{index_path}: missing")
    block_size = index.block_size if index is not None else BLOCK_SIZE
    expected = scan_dictionary(dict_path, block_size, problems)
    if index is None:
        return problems
    try:
        header = index.header
        if header.dict_size != expected.size:
            problems.append(f"{index_path}: records a dictionary of {header.dict_size} bytes, but {dict_path} has {expected.size}")
        elif header.dict_crc != expected.crc:
            problems.append(f"{index_path}: records dictionary CRC-32 {header.dict_crc:08x}, but {dict_path} has {expected.crc:08x}")
        if header.word_count != expected.words:
            problems.append(f"{index_path}: records {header.word_count} words, but {dict_path} has {expected.words}")
        for i in range(min(index.entry_count, len(expected.keys))):
            if index.offset(i) != expected.offsets[i]:
                problems.append(f"{index_path}: entry {i}: offset {index.offset(i)}, but line {i * block_size + 1} starts at byte {expected.offsets[i]}")
            elif index.key(i) != expected.keys[i]:
                problems.append(f"{index_path}: entry {i}: key {bytes(index.key(i))!r}, but line {i * block_size + 1} has key {expected.keys[i]!r}")
            if len(problems) >= MAX_PROBLEMS:
                break
    finally:
        index.close()
    return problems
