"""``Dictionary``: words looked up by key in a sorted dictionary file (opened by mapped.py).

Files on disk: the dictionary ``NAME`` is plain UTF-8 text, one word a line, LF endings,
sorted by (key, word) where the key is the word's folded letters in code-point order::

    enlist        <- key "eilnst"
    inlets        <- key "eilnst"
    listen        <- key "eilnst"
    silent        <- key "eilnst"

Keys are not stored, so any Unix tool reads the file as a word list. ``NAME.idx`` is the
sparse index (see index.py): the key and byte offset of every BLOCK_SIZE-th line.

A lookup is two steps: bisect the sparse index, then scan one block of the mapped file
(mapped_dictionary.py, one open of the file). Before each query the Dictionary checks
that the file is still the one it opened (mapped.Reopening): a replaced file is reopened,
one changed in place raises DictionaryChangedError. The blocks a lookup reads, and their
cache, are block_cache.py's; which file a name means is resolve.py's.
"""

from __future__ import annotations

import os

from .block_cache import cache_budget
from .errors import StorageError
from .index import BLOCK_SIZE, SparseIndex, index_path_for, require_block_size
from .keys import letters_key
from .mapped import RELEASE_PAGES, Reopening
from .mapped_dictionary import REGION_BYTES, RELEASE_BYTES, SCAN_CHUNK, MappedDictionary
from .packaged import provenance
from .resolve import resolve_path

# Annotations only: the modules below cost a cold start more than the lookup itself.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Iterable, Iterator
    from typing import Any

__all__ = ["REGION_BYTES", "RELEASE_BYTES", "RELEASE_PAGES", "SCAN_CHUNK", "Dictionary"]

# The key of a lookup's memo (Dictionary.find_keys) under which it keeps the open file its
# walk began with: block numbers mean nothing in another.
MEMO_FILE = -1


class Dictionary(Reopening):
    """A sorted dictionary file, memory-mapped, with its sparse index.

    Only the index is parsed on open (and only its header is read into Python objects);
    words are read from the mapping as lookups touch them. Each query first checks that the
    file is the one opened (one lseek; a stat of the path at most every 0.1 s): a file
    replaced at the path is reopened, one changed in place raises DictionaryChangedError
    until it is whole again (docs/RELIABILITY.md). A context manager::

        with Dictionary("words.txt") as d:
            d.anagrams("listen")   # ['enlist', 'inlets', 'listen', 'silent', 'tinsel']
    """

    what = "dictionary"
    _opened: MappedDictionary | None

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        block_size: int = BLOCK_SIZE,
        cache_bytes: int | None = None,
        batch: bool = False,
    ) -> None:
        """Open *path* (see resolve_path). *block_size* applies if the index is rebuilt;
        *cache_bytes* bounds the memory of the blocks (and index stretches) kept between
        lookups: None takes ANAGRAMDB_CACHE or CACHE_BYTES (block_cache.py); 0 keeps none.
        *batch*: this Dictionary answers many queries (a batch, a server): once they have
        looked up as many keys as a quarter of its words (or :meth:`expect` says they will),
        it builds a key table of the whole dictionary and answers from it, if that fits
        *cache_bytes* (key_table.py)."""
        super().__init__()
        require_block_size(block_size)
        self._budget = cache_budget(cache_bytes)
        self._block_size = block_size
        self._batch = batch
        self.path = resolve_path(path)
        self.index_path = index_path_for(self.path)
        self._opened = MappedDictionary(self.path, block_size, self._budget, batch=batch)

    def _open(self, rebuild: bool) -> MappedDictionary:
        return MappedDictionary(self.path, self._block_size, self._budget, rebuild, self._batch)

    def expect(self, keys: int) -> None:
        """A batch is about to look up about *keys* keys (its input already waiting): a
        batch Dictionary builds its key table at the next lookup when they pay for it,
        rather than after looking up a quarter as many keys as it has words. Only a hint:
        answers are the same either way."""
        self._file.expect(keys)

    def _checked(self) -> MappedDictionary:
        return self.current()  # type: ignore[return-value]  # _open makes only these

    def __enter__(self) -> Dictionary:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Unmap the dictionary and close the index. Idempotent."""
        opened, self._opened = self._opened, None
        if opened is not None:
            opened.close()

    @property
    def _file(self) -> MappedDictionary:
        """The file open now, unchecked; raises StorageError once closed."""
        opened = self._opened
        if opened is None:
            raise StorageError(f"dictionary {self.path} is closed")
        return opened

    @property
    def index(self) -> SparseIndex:
        """The open sparse index; raises StorageError once the dictionary is closed."""
        return self._file.index

    @property
    def size(self) -> int:
        """Bytes of the dictionary file open now."""
        return self._file.size

    @property
    def word_count(self) -> int:
        """Number of words (lines) in the dictionary, as recorded in the index header."""
        return self.index.header.word_count

    @property
    def block_count(self) -> int:
        """Number of blocks, which is the number of index entries."""
        return self.index.entry_count

    @property
    def any_order(self) -> bool:
        """Whether :meth:`find_keys` is as quick with its keys in any order: a batch's key
        table answers each key alone, where the walk wants them ascending."""
        return self._file.any_order

    @property
    def cache_bytes(self) -> int:
        """Bytes the cache's entries (blocks and index stretches) cost now."""
        return self._file.cache_bytes

    def block(self, number: int) -> list[str]:
        """The words of block *number*: lines ``number * block_size`` up to the next block.

        Cost: one slice of the mapping (about 64 short lines) and one decode.
        """
        return self._checked().block(number)

    def find_keys(
        self, keys: Iterable[str], memo: dict[int, Any] | None = None
    ) -> Iterator[tuple[str, list[str]]]:
        """Yield ``(key, words)`` for each of *keys* that the dictionary holds.

        Give the keys in ascending order: then the walk goes front to back through the file,
        consecutive keys in one block cost one ``str.find`` each (in a cached block), and
        each block is read at most once per call (or per *memo*, a dict a caller keeps
        across calls: its calls read the file the first one checked). Any order gives
        correct answers, more slowly. Cost: O(block) in C per key in the current block,
        plus one index bisection and at most one block read per block reached.
        """
        opened = memo.get(MEMO_FILE) if memo else None
        if opened is None:
            opened = self._checked()
            if memo is not None:
                memo[MEMO_FILE] = opened
        return opened.find_keys(keys, memo)

    def scan(self, pattern: re.Pattern[bytes]) -> Iterator[str]:
        """Every line matching *pattern* (bytes, compiled with re.MULTILINE so that ``^``
        and ``$`` anchor whole lines), in file order: one sequential pass in C.

        The mapping is scanned SCAN_CHUNK bytes at a time, cut at block starts, and each
        chunk's pages are released after it, so a pass over a huge dictionary does not
        grow the process's memory.
        """
        return self._checked().scan(pattern)

    def words_with_key(self, key: str) -> list[str]:
        """The words whose key is *key* (already computed), in file order.

        Cost: O(log(N / block_size)) to bisect the index, then one block (two or more only
        when a run of equal keys crosses a block boundary), bisected by key.
        """
        for _, words in self._checked().find_keys((key,)):
            return words
        return []

    def anagrams(self, letters: str) -> list[str]:
        """The exact anagrams of *letters* in the dictionary, in file order.

        Raises InvalidRackError when *letters* holds anything but letters. Case and accents
        are folded as in the key. Cost: as :meth:`words_with_key`.
        """
        return self.words_with_key(letters_key(letters))

    def __iter__(self) -> Iterator[str]:
        """Every word, in file order, one block at a time (memory stays flat)."""
        return iter(self._checked())

    def info(self) -> dict[str, object]:
        """What ``anagramdb info`` prints: paths, word count, size, index entries, block
        size, and for a packaged dictionary its provenance (None for any other file)."""
        opened = self._checked()
        index = opened.index
        return {
            "path": self.path,
            "index_path": self.index_path,
            "words": index.header.word_count,
            "bytes": opened.size,
            "index_entries": index.entry_count,
            "block_size": index.block_size,
            "provenance": provenance(self.path),
        }
