"""``Dictionary``: open a dictionary file, memory-map it, and look words up by key.

Files on disk: the dictionary ``NAME`` is plain UTF-8 text, one word a line, LF endings,
sorted by (key, word) where the key is the word's folded letters in code-point order::

    enlist        <- key "eilnst"
    inlets        <- key "eilnst"
    listen        <- key "eilnst"
    silent        <- key "eilnst"

Keys are not stored, so any Unix tool reads the file as a word list. ``NAME.idx`` is the
sparse index (see index.py): the key and byte offset of every BLOCK_SIZE-th line.

A lookup is two steps: bisect the sparse index, then scan one block of the mapped file.
"""

from __future__ import annotations

import mmap
import os
from _thread import allocate_lock

from .errors import (
    DictionaryFormatError,
    IndexCorruptError,
    InvalidArgumentError,
    StorageError,
    describe_os_error,
)
from .index import (
    BLOCK_SIZE,
    SparseIndex,
    index_path_for,
    open_index,
    require_block_size,
    require_regular_file,
    unclosed_guard,
)
from .keys import letters_key, word_key
from .kinds import ANAGRAM

# Annotations only: the modules below cost a cold start more than the lookup itself.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterable, Iterator

    from .index import UnclosedGuard

DATA_DIRECTORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
# The packaged dictionaries, by name, and their files in DATA_DIRECTORY (built from SCOWL by
# tools/make_default_dictionary.py; PROVENANCE_FILE says from what, and how).
PACKAGED = {"full": "words.txt", "common": "common.txt", "huge": "huge.txt"}
PROVENANCE_FILE = "PROVENANCE.json"
DEFAULT_NAME = "full"
ENVIRONMENT_VARIABLE = "ANAGRAMDB_DICT"
SCAN_CHUNK = 1 << 20  # bytes of the mapping a scan reads before releasing them
# Where the platform has no madvise(MADV_DONTNEED) a scan still works; pages are then
# released by the kernel under memory pressure rather than after each chunk.
RELEASE_PAGES: int | None = (
    getattr(mmap, "MADV_DONTNEED", None) if hasattr(mmap.mmap, "madvise") else None
)
# Decoded blocks kept per Dictionary: up to about 24 MiB (some 12 KiB a block of 64
# short words with its key tables). Enough for every block of the default dictionary, so
# that a long-running process answers racks from memory; a cold lookup touches ~60.
CACHE_BLOCKS = 2048


def packaged_names() -> str:
    """The packaged dictionaries' names for a message: 'full, common or huge'."""
    names = list(PACKAGED)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def display_name(spec: str | None = None) -> str:
    """The name a dictionary is shown by (in word checks and game records): *spec* as
    given, else the ANAGRAMDB_DICT environment variable, else the default's name."""
    return spec or os.environ.get(ENVIRONMENT_VARIABLE) or DEFAULT_NAME


def resolve_path(spec: str | os.PathLike[str] | None = None) -> str:
    """The dictionary file meant by *spec*: a path, a packaged name, or None for the default.

    None falls back to the ANAGRAMDB_DICT environment variable (set but empty: an
    InvalidArgumentError), then to the packaged ``full`` dictionary. A name in PACKAGED
    ("full", "common", "huge") always means the packaged file, whatever the current
    directory holds; a local file of that name is reached as a path (``./full``), and so
    is any os.PathLike (``Path("full")``).
    """
    if isinstance(spec, os.PathLike):
        return os.fspath(spec)
    if not spec:
        spec = os.environ.get(ENVIRONMENT_VARIABLE, DEFAULT_NAME)
        if not spec:  # set but empty: an error, as an empty --dict is, not the default
            raise InvalidArgumentError(
                f"{ENVIRONMENT_VARIABLE} is set but empty: set it to a dictionary file, or "
                f"{packaged_names()}, or unset it"
            )
    if spec in PACKAGED:
        return os.path.join(DATA_DIRECTORY, PACKAGED[spec])
    return spec


class Block:
    """The words of one block, searched by key in two ways.

    A block decoded for one walk is bisected by key, computing the key of a word only
    when a probe reaches it (about six a search) and keeping it: a cold lookup computes
    few keys. A block that a later walk finds in the Dictionary's cache is worth more:
    :meth:`tabulate` computes every key at once (in C, for an ASCII block) and maps each
    key to the start and end of its run, so from then on a lookup in the block is one dict
    probe, whether the key is there or not.
    """

    __slots__ = ("ends", "first", "keys", "last", "starts", "words")

    def __init__(self, words: list[str]) -> None:
        self.words = words
        self.keys: list[str | None] = [None] * len(words)
        self.starts: dict[str, int] | None = None
        self.ends: dict[str, int] = {}
        self.first = self.key(0) if words else ""
        self.last = self.key(len(words) - 1) if words else ""

    def key(self, index: int) -> str:
        """The key of word *index*, computed once."""
        found = self.keys[index]
        if found is None:
            found = self.keys[index] = word_key(self.words[index])
        return found

    def tabulate(self) -> None:
        """Compute every key and the run tables (see the class docstring)."""
        words = self.words
        if "".join(words).isascii():
            keys = list(map("".join, map(sorted, map(str.lower, words))))
        else:
            keys = [word_key(word) for word in words]
        count = len(keys)
        # Later duplicates overwrite earlier ones: zipped backwards, each key keeps its
        # first position; zipped forwards, the position after its last word.
        # ends before starts: a thread that sees starts set finds ends set too. The lazy
        # keys list stays, for a thread still bisecting this block the lazy way.
        self.ends = dict(zip(keys, range(1, count + 1), strict=True))
        self.starts = dict(zip(reversed(keys), range(count - 1, -1, -1), strict=True))

    def run(self, key: str) -> list[str]:
        """The words of the block whose key is *key* (empty when there are none)."""
        starts = self.starts
        if starts is not None:
            start = starts.get(key)
            return [] if start is None else self.words[start : self.ends[key]]
        lo, hi = 0, len(self.words)
        keys = self.keys
        while lo < hi:
            mid = (lo + hi) // 2
            probe = keys[mid]
            if probe is None:
                probe = self.key(mid)
            if probe < key:
                lo = mid + 1
            else:
                hi = mid
        end = lo
        while end < len(keys) and (keys[end] or self.key(end)) == key:
            end += 1
        return self.words[lo:end]


EMPTY_BLOCK = Block([])


class Dictionary:
    """A sorted dictionary file, memory-mapped, with its sparse index.

    Only the index is parsed on open (and only its header is read into Python objects);
    words are read from the mapping as lookups touch them. A context manager::

        with Dictionary("words.txt") as d:
            d.anagrams("listen")   # ['enlist', 'inlets', 'listen', 'silent', 'tinsel']
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        block_size: int = BLOCK_SIZE,
        cache_blocks: int = CACHE_BLOCKS,
    ) -> None:
        """Open *path* (see resolve_path). *block_size* applies if the index is rebuilt;
        *cache_blocks* bounds the decoded blocks kept between lookups (0 keeps none)."""
        require_block_size(block_size)
        if cache_blocks < 0:
            raise InvalidArgumentError(
                f"the block cache must hold 0 or more blocks, not {cache_blocks}"
            )
        self.path = resolve_path(path)
        self.index_path = index_path_for(self.path)
        self._map: mmap.mmap | bytes = b""
        self._index: SparseIndex | None = None
        self._cache: dict[int, Block] = {}
        self._slots: list[int] = []  # the cached block numbers, for eviction
        self._victim = 0
        self._hits = self._misses = 0  # lookups served by the cache, and not
        self._cache_limit = cache_blocks
        self._cache_lock = allocate_lock()
        self._guard: UnclosedGuard | None = None
        self._map, self._index, self.size = open_mapped(self.path, block_size)
        # Closing the index detaches its own guard, so a dropped Dictionary warns once.
        closers = (
            (self._index.close, self._map.close)
            if isinstance(self._map, mmap.mmap)
            else (self._index.close,)
        )
        self._guard = unclosed_guard(self, "dictionary", self.path, *closers)

    def __enter__(self) -> Dictionary:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Unmap the dictionary and the index. Idempotent."""
        if self._guard is not None:
            self._guard.detach()
            self._guard = None
        self._cache, self._slots = {}, []
        if self._index is not None:
            self._index.close()
            self._index = None
        if isinstance(self._map, mmap.mmap):
            self._map.close()
        self._map = b""

    @property
    def index(self) -> SparseIndex:
        """The open sparse index; raises StorageError once the dictionary is closed."""
        if self._index is None:
            raise StorageError(f"dictionary {self.path} is closed")
        return self._index

    @property
    def word_count(self) -> int:
        """Number of words (lines) in the dictionary, as recorded in the index header."""
        return self.index.header.word_count

    @property
    def block_count(self) -> int:
        """Number of blocks, which is the number of index entries."""
        return self.index.entry_count

    def block(self, number: int) -> list[str]:
        """The words of block *number*: lines ``number * block_size`` up to the next block.

        Cost: one slice of the mapping (about 64 short lines) and one decode.
        """
        index = self.index
        start, end = index.offsets(number, number + 2)
        if end <= start or (start and self._map[start - 1] != 10):
            raise IndexCorruptError(
                f"{self.index_path}: block {number} offset {start} is not on a line start; run: "
                f"anagramdb index {self.path}"
            )
        try:
            text = self._map[start:end].decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DictionaryFormatError(
                f"{self.path}: invalid UTF-8 near byte {start + exc.start}; the index checker "
                "lists every problem of the file"
            ) from exc
        words = text.split("\n")
        if words[-1] == "":
            words.pop()
        return words

    def cached_block(self, number: int, memo: dict[int, Block] | None = None) -> Block:
        """Block *number* as a :class:`Block`, through *memo* (one caller's) and a bounded
        cache shared by the Dictionary's lookups, so memory stays flat while repeated and
        neighbouring lookups find their blocks decoded.

        A full cache evicts an entry chosen pseudo-randomly, not the oldest: a walk that
        touches more blocks than the cache holds, repeated (the same rack again, or racks
        sharing most blocks), then still finds about ``cache_blocks / touched`` of them,
        where first-in-first-out would evict each block just before it is needed again.
        """
        if memo is not None:
            block = memo.get(number)
            if block is not None:
                return block
        block = self._cache.get(number)
        if block is not None:
            self._hits += 1
            if block.starts is None and (
                len(self._slots) < self._cache_limit or self._hits > self._misses
            ):
                # Reused across walks, in a cache that keeps what it is given or hits more
                # often than it misses: worth every key (see Block). In a thrashing cache
                # it would soon be evicted, so there it stays lazy.
                block.tabulate()
        else:
            self._misses += 1
            block = Block(self.block(number))
            if self._cache_limit:
                with self._cache_lock:
                    cache, slots = self._cache, self._slots
                    if len(slots) >= self._cache_limit:
                        # A 32-bit LCG (Numerical Recipes): cheap, and no import of random.
                        # Its low bits cycle (mod 128 they visit the slots in a fixed order,
                        # which is first-in-first-out again), so the slot comes from the high.
                        self._victim = (self._victim * 1664525 + 1013904223) & 0xFFFFFFFF
                        position = (self._victim >> 16) % len(slots)
                        cache.pop(slots[position], None)
                        slots[position] = number
                    else:
                        slots.append(number)
                    cache[number] = block
        if memo is not None:
            memo[number] = block
        return block

    def find_keys(
        self, keys: Iterable[str], memo: dict[int, Block] | None = None
    ) -> Iterator[tuple[str, list[str]]]:
        """Yield ``(key, words)`` for each of *keys* that the dictionary holds.

        Give the keys in ascending order: then the walk goes front to back through the file,
        consecutive keys in one block cost one dict probe each, and each block is decoded at
        most once per call (or per *memo*, a dict a caller keeps across calls). Any order
        gives correct answers, more slowly. Cost: O(1) per key in the current block, plus
        one index bisection and at most one block decode per block reached.
        """
        index = self.index
        if not index.entry_count:
            return
        last_block = index.entry_count - 1
        number, block = -1, EMPTY_BLOCK
        first = last = ""
        starts: dict[str, int] | None = None
        for key in keys:
            # key == first goes to the index: its run may begin in the block before.
            if not first < key <= last:
                target = index.find_block(key.encode("utf-8"))
                if target != number:
                    number = target
                    block = self.cached_block(number, memo)
                    first, last, starts = block.first, block.last, block.starts
            if starts is None:
                found = block.run(key)
            else:  # the common warm case, inline: one dict probe
                start = starts.get(key)
                found = [] if start is None else block.words[start : block.ends[key]]
            # A run of equal keys, or the key's first word, may be in the next block.
            while key >= last and number < last_block:
                number += 1
                block = self.cached_block(number, memo)
                first, last, starts = block.first, block.last, block.starts
                if first != key:
                    break
                found += block.run(key)
            if found:
                yield key, found

    def scan(self, pattern: re.Pattern[bytes]) -> Iterator[str]:
        """Every line matching *pattern* (bytes, compiled with re.MULTILINE so that ``^``
        and ``$`` anchor whole lines), in file order: one sequential pass in C.

        The mapping is scanned SCAN_CHUNK bytes at a time, cut at block starts, and each
        chunk's pages are released after it, so a pass over a huge dictionary does not
        grow the process's memory.
        """
        index = self.index
        blocks = index.entry_count
        if not blocks or not isinstance(self._map, mmap.mmap):
            return
        step = max(1, SCAN_CHUNK * blocks // max(self.size, 1))
        for first in range(0, blocks, step):
            start, end = index.offset(first), index.offset(min(first + step, blocks))
            for match in pattern.finditer(self._map, start, end):
                yield match.group().decode("utf-8")
            if RELEASE_PAGES is not None:
                aligned = start - start % mmap.PAGESIZE
                self._map.madvise(RELEASE_PAGES, aligned, end - aligned)

    def words_with_key(self, key: str) -> list[str]:
        """The words whose key is *key* (already computed), in file order.

        Cost: O(log(N / block_size)) to bisect the index, then one block (two or more only
        when a run of equal keys crosses a block boundary), bisected by key.
        """
        for _, words in self.find_keys((key,)):
            return words
        return []

    def lookup(self, letters: str, action: Callable[[str], object]) -> None:
        """Call ``action(word)`` for each word that is an anagram of *letters*.

        Raises InvalidRackError when *letters* holds anything but letters. Case and accents
        are folded as in the key.
        """
        for word in self.words_with_key(letters_key(letters)):
            action(word)

    def anagrams(self, letters: str) -> list[str]:
        """The exact anagrams of *letters* in the dictionary (as :meth:`lookup`)."""
        return self.words_with_key(letters_key(letters))

    def __iter__(self) -> Iterator[str]:
        """Every word, in file order, one block at a time (memory stays flat)."""
        for number in range(self.block_count):
            yield from self.block(number)

    def info(self) -> dict[str, object]:
        """What ``anagramdb info`` prints: paths, word count, size, index entries, block
        size, and for a packaged dictionary its provenance (None for any other file)."""
        index = self.index
        return {
            "path": self.path,
            "index_path": self.index_path,
            "words": index.header.word_count,
            "bytes": self.size,
            "index_entries": index.entry_count,
            "block_size": index.block_size,
            "provenance": packaged_provenance(self.path),
        }


def open_mapped(
    path: str, block_size: int = BLOCK_SIZE, kind: int = ANAGRAM
) -> tuple[mmap.mmap | bytes, SparseIndex, int]:
    """``(mapping, index, size)`` of the file *path* of *kind* (kinds.py): the file mapped
    read-only (b"" when empty) and its index, rebuilt first when missing or stale (see
    index.open_index; *block_size* applies then). The caller closes both."""
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
        installed, packaged = packaged_data(path)
        index = open_index(
            path, fd, status, block_size, installed=installed, refresh=not packaged, kind=kind
        )
    except BaseException as exc:
        if isinstance(mapping, mmap.mmap):
            mapping.close()
        if isinstance(exc, OSError):
            raise StorageError(f"cannot open dictionary {path}: {describe_os_error(exc)}") from exc
        raise
    finally:
        os.close(fd)
    return mapping, index, status.st_size


def packaged_data(path: str) -> tuple[bool, bool]:
    """``(installed, packaged)`` for the dictionary at *path*: installed, a file in this
    installation's DATA_DIRECTORY; packaged, installed or in any directory that holds a
    PROVENANCE_FILE (another installation's or a source tree's anagramdb/data/).
    Packaged files belong to their installer or to version control: their index is never
    rewritten just to record a new mtime."""
    directory = os.path.dirname(os.path.abspath(path))
    installed = directory == DATA_DIRECTORY
    return installed, installed or os.path.isfile(os.path.join(directory, PROVENANCE_FILE))


def packaged_provenance(path: str) -> dict[str, object] | None:
    """Where the packaged dictionary at *path* came from, from PROVENANCE_FILE (format in
    docs/FORMAT.md): its name, source package and version, categories, size limit and word
    count. None for a file outside DATA_DIRECTORY or one the provenance file does not list."""
    import json

    if not packaged_data(path)[0]:
        return None
    try:
        with open(os.path.join(DATA_DIRECTORY, PROVENANCE_FILE), encoding="utf-8") as handle:
            record = json.load(handle)
        source = record["source"]
        for name, entry in record["dictionaries"].items():
            if entry["file"] == os.path.basename(path):
                return {
                    "name": name,
                    "source": f"{source['package']} {source['version']}",
                    "categories": source["categories"],
                    "max_size": entry["max_size"],
                    "words": entry["words"],
                }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return None
