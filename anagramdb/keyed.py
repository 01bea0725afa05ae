"""``KeyedFile``: look values up by key in a sorted keyed text file, through its sparse index.

Files on disk (kinds.py; docs/FORMAT.md is the full specification): ``NAME`` holds
``KEY<TAB>VALUE`` lines sorted by KEY (code point order), keys unique, either as plain
text (kind KEYED) or compressed one block of BLOCK_SIZE lines to a gzip member (kind
KEYED_GZIP); ``NAME.idx`` is the same sparse index a dictionary has, recording the kind::

    cat<TAB>n:feline mammal ...          <- key "cat"
    cats<TAB>=n:cat                      <- key "cats"

The lookup is the dictionary's: bisect the sparse index, then read one block of the
mapped file (inflating it, for KEYED_GZIP), and bisect its lines by key. The index is
rebuilt, atomically, when missing or stale, by the rules a dictionary's follows.
"""

from __future__ import annotations

from _bisect import bisect_left  # not bisect.py, its wrapper (as index.py)

from .errors import DictionaryFormatError, IndexCorruptError, StorageError
from .index import BLOCK_SIZE, SparseIndex, index_path_for
from .kinds import KEYED_GZIP, block_text
from .mapped import MappedFile, Reopening
from .resolve import resolve_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

CACHE_BLOCKS = 16  # inflated blocks kept between lookups: a few KiB each
# A keyed file's pages read through the mapping stay in the process's RSS (the kernel maps
# 64 KiB around each page read), so a server that defines many words came to hold the
# whole 3.6 MiB definitions file (measured after 8 rooms had played). Once lookups have
# touched more than RELEASE_BYTES (in REGION_BYTES regions), every page is released: it
# stays in the page cache, and the next read of it is a minor fault.
RELEASE_BYTES = 512 << 10
REGION_BYTES = 1 << 16


class KeyedFile(Reopening):
    """A sorted keyed text file, memory-mapped, with its sparse index. Each lookup first
    checks that the file is the one opened, as a Dictionary does (mapped.Reopening). A
    context manager::

    with KeyedFile("definitions.txt.gz") as f:
        f.get("cat")      # the VALUE of the line whose KEY is "cat", or None
    """

    what = "keyed file"
    _opened: MappedKeyed | None

    def __init__(
        self,
        path: str,
        kind: int = KEYED_GZIP,
        *,
        block_size: int = BLOCK_SIZE,
        cache_blocks: int = CACHE_BLOCKS,
    ) -> None:
        """Open *path*, a keyed text file of *kind*; *block_size* applies if the index is
        rebuilt; *cache_blocks* bounds the blocks kept split into lines between lookups."""
        super().__init__()
        self.path = resolve_path(path)
        self.index_path = index_path_for(self.path)
        self.kind = kind
        self._options = (block_size, cache_blocks)
        self._opened = MappedKeyed(self.path, kind, block_size, cache_blocks)

    def _open(self, rebuild: bool) -> MappedKeyed:
        return MappedKeyed(self.path, self.kind, *self._options, rebuild=rebuild)

    def __enter__(self) -> KeyedFile:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Unmap the file and close the index. Idempotent."""
        opened, self._opened = self._opened, None
        if opened is not None:
            opened.close()

    @property
    def _file(self) -> MappedKeyed:
        """The file open now, unchecked; raises StorageError once closed."""
        if self._opened is None:
            raise StorageError(f"{self.path} is closed")
        return self._opened

    @property
    def index(self) -> SparseIndex:
        """The open sparse index; raises StorageError once the file is closed."""
        return self._file.index

    @property
    def size(self) -> int:
        """Bytes of the file open now."""
        return self._file.size

    @property
    def line_count(self) -> int:
        """Lines (keys) in the file, as recorded in the index header."""
        return self.index.header.word_count

    def block(self, number: int) -> list[str]:
        """The lines of block *number* (without their LFs). Cost: one slice of the mapping,
        inflated (KEYED_GZIP) and decoded."""
        return self._checked().block(number)

    def _checked(self) -> MappedKeyed:
        return self.current()  # type: ignore[return-value]  # _open makes only these

    def get(self, key: str) -> str | None:
        """The value of the line whose key is *key*, or None.

        Cost: O(log n) to bisect the index, then one block (the next one too when *key*
        is the first key of a block: the index's bisection stops before it).
        """
        return self._checked().get(key)

    def get_many(self, keys: Iterable[str]) -> dict[str, str]:
        """The values of those of *keys* the file holds, by key (the file checked once)."""
        opened = self._checked()
        found: dict[str, str] = {}
        for key in keys:
            value = opened.get(key)
            if value is not None:
                found[key] = value
        return found

    def __iter__(self) -> Iterator[tuple[str, str]]:
        """Every ``(key, value)``, in file order, one block at a time."""
        return iter(self._checked())


class MappedKeyed(MappedFile):
    """One open of a keyed text file: mapped, with its index and a few blocks kept split
    into lines (a KeyedFile reads through the one open now)."""

    what = "keyed file"

    def __init__(
        self,
        path: str,
        kind: int = KEYED_GZIP,
        block_size: int = BLOCK_SIZE,
        cache_blocks: int = CACHE_BLOCKS,
        rebuild: bool = True,
    ) -> None:
        super().__init__(path, block_size, kind, rebuild)
        self.kind = kind
        self.index_path = index_path_for(path)
        self._cache: dict[int, tuple[list[str], list[str]]] = {}
        self._cache_limit = cache_blocks
        self._regions: set[int] = set()  # REGION_BYTES regions read since the last release
        self.guard()

    def _touched(self, start: int, end: int) -> None:
        """Note that bytes *start* to *end* of the mapping were read; past RELEASE_BYTES of
        regions, release every page of the mapping (see RELEASE_BYTES)."""
        regions = self._regions
        regions.update(range(start // REGION_BYTES, (end - 1) // REGION_BYTES + 1))
        if len(regions) * REGION_BYTES > RELEASE_BYTES:
            regions.clear()
            self.release_pages()  # nothing where the platform has no madvise

    def block(self, number: int) -> list[str]:
        """The lines of block *number* (without their LFs). Cost: one slice of the mapping,
        inflated (KEYED_GZIP) and decoded."""
        start, end = self.index.offsets(number, number + 2)
        if end <= start or (self.kind != KEYED_GZIP and start and self._map[start - 1] != 10):
            raise IndexCorruptError(
                f"{self.index_path}: block {number} offset {start} is not on a block start"
            )
        where = f"{self.path}: block {number}"
        try:
            text = block_text(self.kind, self._map[start:end], where)
            self._touched(start, end)
        except ValueError as exc:
            raise DictionaryFormatError(
                f"{exc}; anagramdb check index lists every problem"
            ) from exc
        try:
            lines = text.decode().split("\n")
        except UnicodeDecodeError as exc:
            raise DictionaryFormatError(f"{where}: invalid UTF-8 near byte {exc.start}") from exc
        if lines[-1] == "":
            lines.pop()
        return lines

    def _keyed_block(self, number: int) -> tuple[list[str], list[str]]:
        """Block *number*'s keys and lines, through the small cache."""
        found = self._cache.get(number)
        if found is None:
            lines = self.block(number)
            found = [line.partition("\t")[0] for line in lines], lines
            if self._cache_limit:
                if len(self._cache) >= self._cache_limit:
                    try:  # the oldest goes, unless a thread sharing the file took it first
                        del self._cache[next(iter(self._cache))]
                    except (KeyError, RuntimeError, StopIteration):
                        pass
                self._cache[number] = found
        return found

    def get(self, key: str) -> str | None:
        """The value of the line whose key is *key*, or None.

        Cost: O(log n) to bisect the index, then one block (the next one too when *key*
        is the first key of a block: the index's bisection stops before it).
        """
        index = self.index
        if not index.entry_count:
            return None
        number = index.find_block(key.encode())
        for block in (number, number + 1):
            if block >= index.entry_count:
                return None
            keys, lines = self._keyed_block(block)
            at = bisect_left(keys, key)
            if at < len(keys):
                return lines[at][len(key) + 1 :] if keys[at] == key else None
        return None

    def __iter__(self) -> Iterator[tuple[str, str]]:
        """Every ``(key, value)``, in file order, one block at a time."""
        for number in range(self.index.entry_count):
            for line in self.block(number):
                key, _, value = line.partition("\t")
                yield key, value
