"""The stored-keys file: the key of every dictionary line, beside the index, read with pread.

Files on disk: a dictionary ``NAME``, its index ``NAME.idx`` and, optionally, ``NAME.keys``
(docs/FORMAT.md is the full specification). In short, all integers little-endian::

    header  56 bytes  magic "ANAGRKEY", version, block size, dictionary size, word count,
                      entry count n, key bytes, dictionary CRC-32, header CRC-32
    table   (n+1) x 16 bytes  per block: where its record starts in the key area (u64),
                      the record's CRC-32 (u32), flags (u32; bit 0: aligned); the last
                      entry's start is the key area's length
    keys    for each dictionary line, its key and LF: block i's record is the keys of
            its lines, so ``"\\n" + record`` is the block's cached form (block_cache.py)

A block is *aligned* when each of its words is as long in UTF-8 bytes as its key: then
a key's position in the record is its word's position in the block. Without this file a
block's keys are computed in Python when the cache first keeps it; with it, a block the
walk reaches is one pread of its record, and no word is decoded until a key is found:
what keeps lookups flat on dictionaries of millions of words.

The file describes one dictionary content: it is *fresh* when its header's block size,
size, word count, entry count and CRC-32 equal the (verified) index header's. A stale or
damaged file is ignored by lookups and rebuilt (atomically, as the index is) when the
dictionary is opened where it may be written; ``anagramdb index DICT --keys`` builds it,
and ``anagramdb check index DICT`` checks every key in it.
"""

from __future__ import annotations

import os
import struct
import zlib

from .errors import IndexCorruptError, OutputRefusedError, StorageError, describe_os_error
from .index import KEYS_SUFFIX, read_scattered

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .index import SparseIndex

MAGIC = b"ANAGRKEY"
VERSION = 1
HEADER = struct.Struct("<8sIIQQQQII")
HEADER_CRC = HEADER.size - 4
ENTRY = struct.Struct("<QII")
ALIGNED = 1
WRITE_CHUNK = 1 << 16  # bytes of key records gathered before a write


def keys_path_for(dict_path: str) -> str:
    """Where the stored keys of *dict_path* live: beside it, with ``.keys`` appended."""
    return dict_path + KEYS_SUFFIX


def _describes(values: tuple[object, ...], index: SparseIndex) -> bool:
    header = index.header
    return values[2:6] + values[7:8] == (
        header.block_size,
        header.dict_size,
        header.word_count,
        header.entry_count,
        header.dict_crc,
    )


class StoredKeys:
    """An open, fresh stored-keys file: :meth:`record` reads one block's keys with pread."""

    def __init__(self, fd: int, path: str, entries: int) -> None:
        self.fd = fd
        self.path = path
        self.entries = entries
        self.area = HEADER.size + ENTRY.size * (entries + 1)
        self.damaged = False

    def record(self, number: int) -> tuple[str, bool] | None:
        """Block *number*'s keys as ``"\\nKEY\\n...\\n"`` and whether it is aligned; None
        (with one warning per file) when the record fails its checksum."""
        table = os.pread(self.fd, 2 * ENTRY.size, HEADER.size + ENTRY.size * number)
        if len(table) == 2 * ENTRY.size:
            start, crc, flags = ENTRY.unpack_from(table)
            stop = ENTRY.unpack_from(table, ENTRY.size)[0]
            if 0 <= start <= stop:
                data = os.pread(self.fd, stop - start, self.area + start)
                if zlib.crc32(data) == crc:
                    try:
                        return "\n" + data.decode("utf-8"), bool(flags & ALIGNED)
                    except UnicodeDecodeError:
                        pass
        if not self.damaged:
            from .errors import warn

            self.damaged = True
            warn(
                f"{self.path}: block {number} fails its checksum; lookups compute keys "
                "instead (rebuild it with: anagramdb index --keys)",
                stacklevel=4,
            )
        return None

    def close(self) -> None:
        """Close the file. Idempotent."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def read_header(fd: int) -> tuple[object, ...] | None:
    """The header's fields when the file starts with a sound header, else None."""
    head = os.pread(fd, HEADER.size, 0)
    if len(head) != HEADER.size:
        return None
    values = HEADER.unpack(head)
    if values[0] != MAGIC or values[1] != VERSION or zlib.crc32(head[:HEADER_CRC]) != values[8]:
        return None
    size = os.fstat(fd).st_size
    entries, area = values[5], values[6]
    if not isinstance(entries, int) or not isinstance(area, int):
        return None
    if size != HEADER.size + ENTRY.size * (entries + 1) + area:
        return None
    return values


def open_stored_keys(dict_path: str, index: SparseIndex, refresh: bool = True) -> StoredKeys | None:
    """The fresh stored keys of *dict_path*, or None when there is no ``.keys`` file.

    A stale or damaged one is rebuilt when *refresh* (not packaged data) and the directory
    allows; otherwise (or when the rebuild fails) lookups go on without it.
    """
    path = keys_path_for(dict_path)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        values = read_header(fd)
        if values is not None and _describes(values, index):
            read_scattered(fd)  # a record here and there
            return StoredKeys(fd, path, index.entry_count)
    except OSError:
        pass
    os.close(fd)
    if refresh and _ours(path):
        try:
            write_stored_keys(dict_path, index)
        except (StorageError, OutputRefusedError, IndexCorruptError):
            return None
        return open_stored_keys(dict_path, index, refresh=False)
    return None


def _ours(path: str) -> bool:
    """Whether *path* is empty or begins with MAGIC: a file this tool may replace."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(len(MAGIC))
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return start in (b"", MAGIC)


def _not_ours(path: str) -> str | None:
    return None if _ours(path) else "it does not begin with " + MAGIC.decode()


def _records(dict_path: str, index: SparseIndex) -> Iterator[tuple[bytes, bool]]:
    """Each block's (record, aligned), read block by block from the dictionary file."""
    from .keys import word_key

    try:
        handle = open(dict_path, "rb")
    except OSError as exc:
        raise StorageError(f"cannot read dictionary {dict_path}: {describe_os_error(exc)}") from exc
    with handle:
        for number in range(index.entry_count):
            start, end = index.offsets(number, number + 2)
            handle.seek(start)
            raw = handle.read(end - start)
            if len(raw) != end - start:
                raise IndexCorruptError(f"{dict_path}: shorter than its index says")
            words = raw.decode("utf-8").split("\n")
            if words[-1] == "":
                words.pop()
            if raw.isascii():
                keys = list(map("".join, map(sorted, map(str.lower, words))))
                aligned = True
            else:
                keys = [word_key(word) for word in words]
                aligned = all(
                    len(word.encode("utf-8")) == len(key)
                    for word, key in zip(words, keys, strict=True)
                )
            yield ("\n".join(keys) + "\n").encode("utf-8"), aligned


def write_stored_keys(dict_path: str, index: SparseIndex) -> str:
    """Write ``DICT.keys`` for the dictionary *index* describes, atomically; its path.

    Refuses (OutputRefusedError) to replace a file that is not a stored-keys file. Cost:
    one pass over the dictionary, keys computed in C for ASCII blocks; memory holds the
    table (16 bytes a block) and one chunk of records.
    """
    from .atomic import atomic_writer, check_output

    path = keys_path_for(dict_path)
    check_output(path, _not_ours, "a stored-keys file")
    entries = index.entry_count
    table = bytearray(ENTRY.size * (entries + 1))
    position = 0
    with atomic_writer(path) as handle:
        handle.write(bytes(HEADER.size) + table)
        pending: list[bytes] = []
        gathered = 0
        for number, (record, aligned) in enumerate(_records(dict_path, index)):
            ENTRY.pack_into(
                table, ENTRY.size * number, position, zlib.crc32(record), ALIGNED * aligned
            )
            position += len(record)
            pending.append(record)
            gathered += len(record)
            if gathered >= WRITE_CHUNK:
                handle.write(b"".join(pending))
                pending, gathered = [], 0
        handle.write(b"".join(pending))
        ENTRY.pack_into(table, ENTRY.size * entries, position, 0, 0)
        header = index.header
        head = HEADER.pack(
            MAGIC,
            VERSION,
            header.block_size,
            header.dict_size,
            header.word_count,
            entries,
            position,
            header.dict_crc,
            0,
        )[:HEADER_CRC]
        handle.seek(0)
        handle.write(head + struct.pack("<I", zlib.crc32(head)) + table)
    return path


def check_stored_keys(dict_path: str, index: SparseIndex) -> list[str]:
    """Every problem with *dict_path*'s stored keys (none when there is no file): a bad
    header, a file that describes another dictionary, a record whose checksum, alignment
    flag or keys differ from the dictionary's."""
    path = keys_path_for(dict_path)
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return []
    except OSError as exc:
        return [f"cannot read {path}: {describe_os_error(exc)}"]
    problems: list[str] = []
    try:
        values = read_header(fd)
        if values is None:
            return [f"{path}: not a stored-keys file of this version, or its header is damaged"]
        if not _describes(values, index):
            return [f"{path}: stale: it describes another dictionary than {dict_path}"]
        stored = StoredKeys(fd, path, index.entry_count)
        stored.damaged = True  # no warnings: problems are listed instead
        for number, (record, aligned) in enumerate(_records(dict_path, index)):
            found = stored.record(number)
            expected = "\n" + record.decode("utf-8")
            if found is None:
                problems.append(f"{path}: block {number}: fails its checksum")
            elif found != (expected, aligned):
                problems.append(f"{path}: block {number}: keys differ from the dictionary's")
            if len(problems) >= 100:
                break
    finally:
        os.close(fd)
    return problems


def save_stored_keys(dict_path: str | os.PathLike[str]) -> str:
    """Write the stored keys of *dict_path*, whose index must be fresh (save_index first);
    returns the path written. Raises StorageError, IndexCorruptError or OutputRefusedError."""
    from .index import index_path_for, read_index

    dict_path = os.fspath(dict_path)
    index = read_index(index_path_for(dict_path))
    if index is None:
        raise StorageError(
            f"{index_path_for(dict_path)}: missing; run: anagramdb index {dict_path}"
        )
    try:
        return write_stored_keys(dict_path, index)
    finally:
        index.close()


def refresh_stored_keys(dict_path: str) -> str | None:
    """Rewrite *dict_path*'s stored keys if there is such a file (and it is one): what
    ``build`` and ``index`` do after writing the index, so that it stays in step."""
    path = keys_path_for(dict_path)
    if not os.path.exists(path) or not _ours(path):
        return None
    return save_stored_keys(dict_path)
