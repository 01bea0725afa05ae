"""Writing the sparse index (format in index.py): the scan that validates a dictionary
and collects its index (IndexBuilder, scan_dictionary), and the atomic rebuild
(write_index, rebuild_index, save_index).

Every line is checked by its file's kind (kinds.line_key) while it is read, so a bad
dictionary is refused with the file, line and problem named, and a hint that cannot lose
the user's data (a sorted copy to a new file). The index is written as atomic.py writes
every output: a temporary file beside it, fsynced, renamed over the old one, the directory
fsynced; never over a file that is not an index, nor into the packaged data.
"""

from __future__ import annotations

import os
import struct
import zlib

from .errors import (
    DictionaryFormatError,
    InputTooLongError,
    OutputRefusedError,
    StorageError,
    describe_os_error,
)
from .index import (
    BLOCK_SIZE,
    CRC_FIELD,
    HEADER,
    MAGIC,
    MAX_BLOCK_SIZE,
    SUMMARY_STRIDE,
    VERSION,
    Header,
    SparseIndex,
    index_path_for,
    require_block_size,
    require_regular_file,
)
from .kinds import ANAGRAM, BOM, KEYED_GZIP, describe_disorder, gzip_members, line_key

MAX_PROBLEMS = 100
# A new file: the input is never overwritten.
HINT = "make a sorted copy with: anagramdb build {path} -o {copy}"
KEYED_HINT = "make it again from its source ({path} is keyed text, see docs/FORMAT.md)"


def sorted_copy_path(path: str) -> str:
    """Where HINT suggests writing a sorted copy of *path*: beside it, ``.sorted`` before
    the extension (``notes.txt`` -> ``notes.sorted.txt``)."""
    root, extension = os.path.splitext(path)
    return f"{root}.sorted{extension}"


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
        """Account for one raw line of a plain-text file, newline included. A UTF-8
        byte-order mark before the first line is part of the file (its size and CRC) but
        not of the line: the first block starts after it (docs/FORMAT.md)."""
        if not self.size and raw.startswith(BOM):
            self.add_bytes(BOM)
            raw = raw[len(BOM) :]
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
    from .lines import read_in_order

    builder = IndexBuilder(path, block_size, problems, kind)
    try:
        if fd is None:
            require_regular_file(path)
        with open(path if fd is None else os.dup(fd), "rb") as handle:
            handle.seek(0)
            read_in_order(handle.fileno())
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


def rebuild_index(
    dict_path: str,
    fd: int,
    stat: os.stat_result,
    block_size: int,
    reason: str,
    kind: int = ANAGRAM,
) -> SparseIndex:
    """Scan the dictionary, save its index atomically, and return it (see open_index)."""
    from .errors import warn

    data = scan_dictionary(dict_path, block_size, fd=fd, kind=kind).encode(stat.st_mtime_ns)
    index_path = index_path_for(dict_path)
    try:
        write_index(index_path, data)
    except (StorageError, OutputRefusedError) as exc:
        from .atomic import NEW_OUTPUT

        warn(
            f"index {reason}, and {str(exc).removesuffix(NEW_OUTPUT)}; using an in-memory "
            "index for this process",
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
    from .atomic import check_output

    check_output(index_path_for(dict_path), not_an_index, "an anagramdb index", force)
    builder = scan_dictionary(dict_path, block_size, kind=kind)
    write_index(index_path_for(dict_path), builder.encode(mtime_ns), force)
    return builder
