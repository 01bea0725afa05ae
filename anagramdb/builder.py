"""Building a dictionary: external sort of words by key, then atomic writes of both files.

Words are read and filtered into runs of ``"key<TAB>word"`` strings. Because keys hold
only letters, and TAB sorts before every letter, plain string order on these is exactly
(key, word) order. A run is sorted and spilled to a temporary file when it reaches its
share of the memory budget; the runs are then merged (k-way, at most MAX_FAN_IN files at
a time) into the dictionary, whose index is collected on the way. The destination is not
touched until every input has been read and validated, and never replaced when it holds
something other than a dictionary or when no word would be written (BuildRefusedError).
"""

from __future__ import annotations

import heapq
import os
import tempfile
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import ExitStack, closing
from dataclasses import dataclass, field

from .atomic import atomic_writer, check_output, checkpoint, remove_leftovers, temp_prefix
from .errors import (
    AnagramDBError,
    BuildRefusedError,
    InputTooLongError,
    StorageError,
    describe_os_error,
)
from .index import BLOCK_SIZE, HEADER, MAGIC, index_path_for
from .index_build import IndexBuilder, not_an_index, write_index
from .keys import fold, is_word, word_key
from .kinds import ANAGRAM, GZIP_WBITS, KEYED_GZIP
from .lines import bounded_lines
from .wordlist import WordFilter, read_words

DEFAULT_MEMORY = 64 * 1024 * 1024
MIN_MEMORY = 16 * 1024 * 1024
RESERVED_MEMORY = 24 * 1024 * 1024  # the interpreter, buffers and the index itself
ENTRY_OVERHEAD = 64  # bytes a short str costs beyond its characters, plus its list slot
MAX_FAN_IN = 64
RUN_NAME = "anagramdb-run"  # sorted runs are hidden temporary files: .anagramdb-run.tmp-PID-XXXX
Progress = Callable[[str, int, int], None]  # (phase, done, total or 0 when unknown)


@dataclass
class BuildReport:
    """What a build read, kept and skipped."""

    output: str
    index_path: str = ""
    lines: int = 0
    kept: int = 0
    included: int = 0
    duplicates: int = 0
    runs: int = 0
    skipped: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for the user, e.g. 'read 10 lines: kept 7 words; skipped 1 duplicate, ...'."""
        parts = [f"{count} {reason}" for reason, count in sorted(self.skipped.items()) if count]
        if self.duplicates:
            parts.append(f"{self.duplicates} duplicates")
        skipped = "; skipped " + ", ".join(parts) if parts else ""
        included = f" ({self.included} words from include lists)" if self.included else ""
        return f"read {self.lines} lines: kept {self.kept} words{included}{skipped}"


def run_capacity(memory: int) -> int:
    """Bytes of run entries held in memory at once under a *memory* budget."""
    if memory < MIN_MEMORY:
        raise AnagramDBError(
            f"memory budget {memory} bytes is below the minimum of {MIN_MEMORY // 1024 // 1024} MiB"
        )
    return max(memory - RESERVED_MEMORY, MIN_MEMORY // 2)


class _Runs:
    """Sorted runs of entries: the last one in memory, earlier ones spilled to files."""

    def __init__(self, stack: ExitStack, directory: str, capacity: int) -> None:
        self._stack = stack
        self._directory = directory
        self._capacity = capacity
        self.files: list[str] = []
        self.buffer: list[str] = []
        self._used = 0

    def add(self, entry: str) -> None:
        self.buffer.append(entry)
        # A str holds 1, 2 or 4 bytes a character: count the most unless it is ASCII.
        self._used += (len(entry) if entry.isascii() else 4 * len(entry)) + ENTRY_OVERHEAD
        if self._used >= self._capacity:
            self.spill()

    def spill(self) -> None:
        self.buffer.sort()
        self.files.append(self._write(self.buffer))
        self.buffer = []
        self._used = 0

    def _write(self, entries: Iterable[str]) -> str:
        try:
            fd, path = tempfile.mkstemp(prefix=temp_prefix(RUN_NAME), dir=self._directory)
        except OSError as exc:
            raise StorageError(
                f"cannot write a temporary file in {self._directory}: {describe_os_error(exc)}"
            ) from exc
        self._stack.callback(_remove_quietly, path)
        try:
            with open(fd, "w", encoding="utf-8", newline="\n") as handle:
                for entry in entries:
                    handle.write(entry + "\n")
            checkpoint("spilled", RUN_NAME)
        except OSError as exc:
            raise StorageError(
                f"cannot write a temporary file in {self._directory}: {describe_os_error(exc)}"
            ) from exc
        return path

    def merged(self) -> Iterator[str]:
        """All entries in order, merging at most MAX_FAN_IN runs at a time."""
        self.buffer.sort()
        while len(self.files) > MAX_FAN_IN:
            group, self.files = self.files[:MAX_FAN_IN], self.files[MAX_FAN_IN:]
            self.files.append(self._write(self._merge_files(group)))
            for path in group:
                _remove_quietly(path)
        return heapq.merge(self.buffer, *[self._lines(path) for path in self.files])

    @staticmethod
    def _lines(path: str) -> Iterator[str]:
        with open(path, encoding="utf-8", newline="\n") as handle:
            for line in handle:
                yield line[:-1]

    def _merge_files(self, paths: list[str]) -> Iterator[str]:
        return heapq.merge(*[self._lines(path) for path in paths])


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def not_a_dictionary(path: str) -> str | None:
    """None when *path* holds an anagramdb dictionary: an empty file, one whose index beside
    it was written for exactly this file (magic, size and mtime match), or failing that one
    whose every line passes the format's checks; else the first problem ("line 1: ...").
    Cost: at most one pass, stopping at the first problem."""
    try:
        status = os.stat(path)
        if not status.st_size:
            return None
        with open(index_path_for(path), "rb") as handle:
            head = handle.read(HEADER.size)
        if len(head) == HEADER.size:
            magic, _, kind, _, size, mtime_ns, *_ = HEADER.unpack(head)
            if (
                magic == MAGIC
                and kind == ANAGRAM
                and size == status.st_size
                and mtime_ns == status.st_mtime_ns
            ):
                return None
    except OSError:
        pass
    problems: list[str] = []
    checker = IndexBuilder(path, problems=problems)
    try:
        with open(path, "rb") as handle:
            for raw in bounded_lines(handle, path):
                checker.add_line(raw)
                if problems:
                    return problems[0].removeprefix(f"{path}: ")
    except InputTooLongError as exc:
        return str(exc).removeprefix(f"{path}: ")
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {describe_os_error(exc)}") from exc
    return None


def require_replaceable(output: str, force: bool = False) -> None:
    """Raise BuildRefusedError when *output*, or the index beside it, exists and is not
    anagramdb's (not_a_dictionary, index.not_an_index; unless *force*), or is not a
    regular file or lies in the packaged data (even with *force*): atomic.check_output."""
    check_output(output, not_a_dictionary, "an anagramdb dictionary", force, BuildRefusedError)
    check_output(
        index_path_for(output), not_an_index, "an anagramdb index", force, BuildRefusedError
    )


def build(
    sources: Iterable[str | os.PathLike[str]],
    output: str | os.PathLike[str],
    *,
    fmt: str = "auto",
    encoding: str = "utf-8",
    word_filter: WordFilter | None = None,
    memory: int = DEFAULT_MEMORY,
    block_size: int = BLOCK_SIZE,
    progress: Progress | None = None,
    exclude: Collection[str] = frozenset(),
    include: Sequence[str | os.PathLike[str]] = (),
    force: bool = False,
) -> BuildReport:
    """Build the dictionary *output* (and its index) from word lists.

    Words of *sources* pass *word_filter*, and are dropped when their folded form is in
    *exclude*; every word of the *include* lists is added, whatever the filter and
    *exclude* say. Peak memory stays near *memory* however large the input (external
    merge sort). Each file is replaced atomically: an error before the dictionary is
    written leaves both as they were; once it is in place, its index is written next, and a
    failure there leaves the old index, which the next open sees is stale and rebuilds.
    Raises BuildRefusedError, before reading anything, when *output* exists and is not a
    dictionary (unless *force*), and after reading when no word would be written.
    """
    sources = [os.fspath(path) for path in sources]
    include = [os.fspath(path) for path in include]
    output = os.fspath(output)
    word_filter = word_filter or WordFilter()
    capacity = run_capacity(memory)
    report = BuildReport(output=output, index_path=index_path_for(output))
    directory = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(directory):
        raise StorageError(f"cannot write {output}: directory {directory} does not exist")
    require_replaceable(output, force)
    remove_leftovers(directory, RUN_NAME)
    with ExitStack() as stack:
        runs = _Runs(stack, directory, capacity)
        for path, included in [(path, False) for path in sources] + [
            (path, True) for path in include
        ]:
            # Closed here, not when collected: an error mid-file must not leave the file open.
            for _line_no, word in stack.enter_context(closing(read_words(path, fmt, encoding))):
                report.lines += 1
                if included:
                    reason = None if is_word(word) else "not letters"
                    report.included += reason is None
                else:
                    reason = word_filter.reason_to_skip(word)
                    if reason is None and exclude and fold(word) in exclude:
                        reason = "excluded"
                if reason is None:
                    runs.add(f"{word_key(word)}\t{word}")
                else:
                    report.skipped[reason] = report.skipped.get(reason, 0) + 1
                if progress is not None and report.lines % 65536 == 0:
                    progress("reading", report.lines, 0)
        report.runs = len(runs.files) + 1
        entries = report.lines - sum(report.skipped.values())
        index = IndexBuilder(output, block_size)
        previous = None
        with atomic_writer(output) as handle:
            for entry in runs.merged():
                if entry == previous:
                    report.duplicates += 1
                    continue
                previous = entry
                raw = (entry[entry.index("\t") + 1 :] + "\n").encode("utf-8")
                handle.write(raw)
                index.add_line(raw)
                if progress is not None and index.words % 65536 == 0:
                    progress("writing", index.words, entries)
            report.kept = index.words
            if not report.kept:
                # Raised inside the atomic writer, so the output is left as it was.
                raise BuildRefusedError(
                    f"no words to write to {output} ({report.summary()}); nothing was written"
                )
    try:
        mtime_ns = os.stat(output).st_mtime_ns
    except OSError as exc:
        raise StorageError(f"cannot read back {output}: {describe_os_error(exc)}") from exc
    write_index(report.index_path, index.encode(mtime_ns), force)
    from .stored_keys import refresh_stored_keys

    refresh_stored_keys(output)  # an existing DICT.keys follows its dictionary
    return report


def write_keyed(
    output: str,
    lines: Iterable[str],
    kind: int = KEYED_GZIP,
    block_size: int = BLOCK_SIZE,
    mtime_ns: int | None = None,
) -> IndexBuilder:
    """Write *lines* (``KEY<TAB>VALUE``, without LF, sorted by key, keys unique) as the
    keyed text file *output* of *kind* (kinds.py), then its index; both atomically.

    Every line is validated as it is written: the first problem raises
    DictionaryFormatError and leaves *output* as it was. KEYED_GZIP compresses each block
    to one gzip member (level 9, header mtime 0), so the same lines give the same bytes.
    *mtime_ns*, when given, is set as the file's mtime before the index records it.
    """
    import zlib

    index = IndexBuilder(output, block_size, kind=kind)
    with atomic_writer(output) as handle:
        block: list[bytes] = []

        def flush() -> None:
            if kind == KEYED_GZIP:
                content = b"".join(block)
                packer = zlib.compressobj(9, zlib.DEFLATED, GZIP_WBITS)
                member = packer.compress(content) + packer.flush()
                offset = index.size
                index.add_bytes(member)
                index.add_member(offset, content)
                handle.write(member)
            else:
                for raw in block:
                    index.add_line(raw)
                    handle.write(raw)
            block.clear()

        for line in lines:
            block.append((line + "\n").encode("utf-8"))
            if len(block) == block_size:
                flush()
        if block:
            flush()
    if mtime_ns is not None:
        os.utime(output, ns=(mtime_ns, mtime_ns))
    try:
        stamp = os.stat(output).st_mtime_ns
    except OSError as exc:
        raise StorageError(f"cannot read back {output}: {describe_os_error(exc)}") from exc
    write_index(index_path_for(output), index.encode(stamp))
    return index
