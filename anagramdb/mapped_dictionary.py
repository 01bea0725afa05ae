"""One dictionary file as a Dictionary reads it (MappedDictionary): mapped, with its
index, the blocks a lookup reaches and their cache, and its stored keys when it has them.

dictionary.py holds the format and the public ``Dictionary``, which reopens its path when
the file is replaced (mapped.Reopening) and reads through the MappedDictionary open now;
a query in flight keeps the one it began with.
"""

from __future__ import annotations

import mmap
import os
from _thread import allocate_lock

from .block_cache import (
    EMPTY_BLOCK,
    SATURATED,
    STRETCH_SHARE,
    Block,
    BlockCache,
    KeyedBlock,
    block_keys,
)
from .errors import DictionaryFormatError, IndexCorruptError
from .index import BLOCK_SIZE, KEYS_SUFFIX, index_path_for
from .kinds import ANAGRAM, BOM
from .mapped import IN_ORDER, RELEASE_PAGES, SCATTERED, FileBytes, MappedFile
from .packaged import is_packaged

# Annotations only: the modules below cost a cold start more than the lookup itself.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

    from .key_table import KeyTable
    from .short_answers import ShortAnswers
    from .stored_keys import StoredKeys

SCAN_CHUNK = 1 << 20  # bytes of the mapping a scan reads before releasing them
# Where the platform has no madvise(MADV_DONTNEED) (RELEASE_PAGES is None) a scan still
# works; pages are then released by the kernel under memory pressure rather than after
# each chunk.
# Bytes of the mapping read for blocks that the cache does not keep (or has evicted)
# before their pages are released, so that walks over a large dictionary keep its pages
# out of the process's RSS.
RELEASE_BYTES = 2 << 20
# The kernel maps a file's pages in folios of up to this many bytes (measured: touching one
# byte of a mapped 32 MB word list added 64 KiB to RSS), so touched regions are counted
# in these units.
REGION_BYTES = 1 << 16
# Past this size, lookups read the dictionary with pread (mapped.FileBytes), not from the
# mapping: on a file of millions of words the blocks a batch reaches are spread over the
# whole file, so pages touched in the mapping had to be released after nearly every rack
# (one madvise over the whole file) and were faulted in again by the next. The packaged
# lists are below it and read from the mapping, as a cold lookup is fastest that way.
LARGE_BYTES = 8 << 20


class MappedDictionary(MappedFile):
    """A sorted dictionary file, memory-mapped, with its sparse index (see dictionary.py):
    what one open of the path holds. Only the index is parsed on open (and only its header
    is read into Python objects); words are read from the mapping as lookups touch them."""

    what = "dictionary"

    def __init__(
        self,
        path: str,
        block_size: int = BLOCK_SIZE,
        budget: int = 0,
        rebuild: bool = True,
        batch: bool = False,
    ) -> None:
        """Open *path*; *block_size* applies if the index is rebuilt (never without
        *rebuild*: see mapped.open_mapped); *budget* bounds the cache in bytes; with
        *batch*, lookups move to a whole-dictionary key table (key_table.py) once it pays
        and when it fits *budget*."""
        # The REGION_BYTES regions of the mapping touched since its pages were last released
        # (counted only for a dictionary larger than RELEASE_BYTES: a smaller one may stay).
        self._regions: set[int] | None = None
        self._release_after = RELEASE_BYTES // REGION_BYTES  # regions touched before release
        self._stored: StoredKeys | None = None
        super().__init__(path, block_size, ANAGRAM, rebuild)
        self.index_path = index_path_for(path)
        self._cache = BlockCache(budget - budget // STRETCH_SHARE, self.index.entry_count)
        self.index.stretch_budget = budget // STRETCH_SHARE
        if os.path.exists(path + KEYS_SUFFIX):  # stored_keys.py is imported only then
            from .stored_keys import open_stored_keys

            try:
                self._stored = open_stored_keys(path, self.index, refresh=not is_packaged(path))
            except BaseException:
                self.close()
                raise
        # What lookups read words and keys from: the mapping, or pread beyond LARGE_BYTES.
        self._source: mmap.mmap | bytes | FileBytes = self._map
        if self.size > LARGE_BYTES and isinstance(self._map, mmap.mmap):
            self._source = FileBytes(self.fd)
        elif self.size > RELEASE_BYTES and RELEASE_PAGES is not None:
            self._regions = set()
        self._table: KeyTable | None = None
        # Keys still to look up before the key table is built; -1: never (not a batch, or
        # the table would not fit the budget, or the file is not ASCII).
        self._table_due = -1
        if batch and isinstance(self._map, mmap.mmap):  # key_table.py is imported only then
            from .key_table import PAYS_AFTER, table_cost

            words = self.index.header.word_count
            cost = table_cost(self.size, words)
            if cost <= budget:
                self._table_due = int(words * PAYS_AFTER)
                self._table_lock = allocate_lock()
                # Until then no block is cached: the cache would only be dropped for the
                # table, and the memory it took would stay the process's.
                self._cache.budget = 0
        self._short: ShortAnswers | None = None
        if batch and self._table_due < 0 and budget:  # a walking batch: short_answers.py
            from .short_answers import SHARE, ShortAnswers

            self._short = ShortAnswers(budget // SHARE)
            self._cache.budget -= budget // SHARE
        self.guard()

    def closers(self) -> tuple[Callable[[], object], ...]:
        stored = self._stored
        return super().closers() + ((stored.close,) if stored is not None else ())

    def close(self) -> None:
        """Unmap the dictionary, close the index and the stored keys. Idempotent."""
        self._cache.clear()
        self._table, self._table_due, self._short = None, -1, None
        super().close()
        self._stored = None

    def _block_range(self, number: int) -> tuple[int, int]:
        """The byte range of block *number* in the dictionary (one pread of the index)."""
        start, end = self.index.offsets(number, number + 2)
        if start:  # the byte read below maps its page (and its folio) too
            self._touched(start - 1, start)
        if end <= start or (
            start and self._source[start - 1 : start] != b"\n" and not self._after_bom(start)
        ):
            from shlex import quote  # the hint is pasted into a shell as it is

            raise IndexCorruptError(
                f"{self.index_path}: block {number} offset {start} is not on a line start; "
                f"run: anagramdb index {quote(self.path)}"
            )
        return start, end

    def _after_bom(self, start: int) -> bool:
        """Whether *start* is the first line's, after a byte-order mark (FORMAT.md)."""
        return start == len(BOM) and self._source[:start] == BOM

    def block(self, number: int) -> list[str]:
        """The words of block *number*: lines ``number * block_size`` up to the next block.

        Cost: one slice of the mapping (about 64 short lines) and one decode.
        """
        start, end = self._block_range(number)
        return self._decode(start, end)

    def _decode(self, start: int, end: int) -> list[str]:
        try:
            text = self._source[start:end].decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DictionaryFormatError(
                f"{self.path}: invalid UTF-8 near byte {start + exc.start}; the index checker "
                "lists every problem of the file"
            ) from exc
        words = text.split("\n")
        if words[-1] == "":
            words.pop()
        return words

    def _keyed_block(self, number: int) -> KeyedBlock:
        """Block *number* in the form the cache keeps (block_cache.KeyedBlock): its keys
        from the stored-keys file when there is a fresh one (no word is decoded), else
        computed from its words."""
        start, end = self._block_range(number)
        stored = self._stored
        if stored is not None:
            record = stored.record(number)
            if record is not None:
                return KeyedBlock(record[0], self._source, start, end, record[1])
        words = self._decode(start, end)
        self._touched(start, end)
        keys, aligned = block_keys(words)
        return KeyedBlock(keys, self._source, start, end, aligned)

    def _cached_block(self, number: int, memo: dict[int, Any] | None = None) -> Block | KeyedBlock:
        """Block *number*, through *memo* (one caller's) and the cache shared by the
        Dictionary's lookups (block_cache.BlockCache: bounded in bytes, a block kept from
        its second touch). A block the cache does not keep comes as a lazy Block (or,
        with stored keys, a KeyedBlock read from them), for this walk only."""
        if memo is not None:
            found: Block | KeyedBlock | None = memo.get(number)
            if found is not None:
                return found
        cache = self._cache
        counts = cache.counts
        if counts:  # BlockCache.get, inline: this runs at every block a walk reaches
            slot = number % len(counts)
            if counts[slot] < SATURATED:
                counts[slot] += 1
            cache.touches += 1
        block: Block | KeyedBlock | None = cache.entries.get(number)
        if block is None:
            if cache.touches > cache.age_after:
                cache.age()
            if cache.wanted(number):
                block = self._keyed_block(number)
                cache.admit(number, block)
            elif self._stored is not None:
                block = self._keyed_block(number)
            else:
                start, end = self._block_range(number)
                block = Block(self._decode(start, end))
                self._touched(start, end)
        regions = self._regions
        if cache.released or (regions is not None and len(regions) > RELEASE_BYTES // REGION_BYTES):
            self._release()
        if memo is not None:
            memo[number] = block
        return block

    def _touched(self, start: int, end: int) -> None:
        """Note that bytes *start* to *end* of the mapping were read (see _release)."""
        regions = self._regions
        if regions is not None:
            regions.add(start // REGION_BYTES)
            regions.add((end - 1) // REGION_BYTES)

    def _read_from(self, block: Block | KeyedBlock) -> None:
        """Note that a hit read words of *block* from the mapping: a KeyedBlock's are
        sliced from it (a lazy Block's were counted when it was decoded)."""
        if self._regions is not None and isinstance(block, KeyedBlock):
            self._touched(block.start, block.end)

    def _release(self) -> None:
        """Release mapped pages, so that the dictionary's pages do not pile up in the
        process's RSS: those of blocks evicted from the cache, and, once a walk has touched
        more than RELEASE_BYTES of a large dictionary (in REGION_BYTES regions), every page
        (cached blocks keep keys, not words, so none of them needs its pages)."""
        cache = self._cache
        with cache.lock:
            ranges, cache.released = cache.released, []
        if RELEASE_PAGES is None or not isinstance(self._map, mmap.mmap):
            return
        regions = self._regions
        if regions is not None and len(regions) > self._release_after:
            ranges = [(0, self.size)]  # one call for all
            regions.clear()
        for start, end in ranges:
            aligned = start - start % mmap.PAGESIZE
            self._map.madvise(RELEASE_PAGES, aligned, end - aligned)

    @property
    def cache_bytes(self) -> int:
        """Bytes the cache's entries (blocks, index stretches, key table, short answers) hold."""
        table, short = self._table, self._short
        held = (table.cost if table else 0) + (short.used if short else 0)
        return self._cache.used + self.index.stretch_bytes + held

    @property
    def any_order(self) -> bool:
        """Whether lookups are as quick with keys in any order (the key table is built)."""
        return self._table is not None

    def expect(self, keys: int) -> None:
        """A batch is about to look up about *keys* keys: when they alone pay for the key
        table, it is built at the next lookup, not after PAYS_AFTER of the words' count."""
        if self._table is None and 0 <= self._table_due <= keys:
            self._table_due = 0

    def find_keys(
        self, keys: Iterable[str], memo: dict[int, Any] | None = None
    ) -> Iterator[tuple[str, list[str]]]:
        """Yield ``(key, words)`` for each of *keys* that the dictionary holds: from the
        key table once a batch has built it (key_table.py), else by the walk (:meth:`walk`).
        The same answers either way."""
        table = self._table
        if table is None and self._table_due >= 0:
            self._table_due -= len(keys) if isinstance(keys, list | tuple) else 1
            if self._table_due < 0:
                table = self._build_table()
        if table is not None:
            return table.find_keys(keys)
        if self._short is not None:
            return self._short.find_keys(keys, lambda rest: self.walk(rest, memo))
        return self.walk(keys, memo)

    def _build_table(self) -> KeyTable | None:
        """Build the key table (one thread does; the others walk meanwhile), and drop the
        block cache it replaces; None when the dictionary is not ASCII."""
        from .key_table import CHUNK_BYTES, build_table

        if not self._table_lock.acquire(blocking=False):
            return None
        try:
            index = self.index
            blocks = index.entry_count
            step = max(1, CHUNK_BYTES * blocks // max(self.size, 1))
            offsets = [*map(index.offset, range(0, blocks, step)), index.offset(blocks)]
            table = build_table(self.fd, offsets, self._map, index.header.word_count)
            if table is not None:
                self._table = table
                self._cache.clear()
                # The pages runs of words are read from stay mapped: table_cost counts
                # them (releasing them as they were read cost more CPU than they hold).
                self._regions = None
            return table
        finally:
            self._table_lock.release()

    def walk(
        self, keys: Iterable[str], memo: dict[int, Any] | None = None
    ) -> Iterator[tuple[str, list[str]]]:
        """Yield ``(key, words)`` for each of *keys* that the dictionary holds, through the
        index and the blocks.

        Give the keys in ascending order: then the walk goes front to back through the file,
        consecutive keys in one block cost one ``str.find`` each (in a cached block), and
        each block is read at most once per call (or per *memo*, a dict a caller keeps
        across calls). Any order gives correct answers, more slowly. Cost: O(block) in C
        per key in the current block, plus one index bisection and at most one block read
        per block reached.
        """
        index = self.index
        if not index.entry_count:
            return
        last_block = index.entry_count - 1
        number = -1
        block: Any = EMPTY_BLOCK  # a Block or a KeyedBlock: its view says which
        # The block before the current one, kept: a key equal to a block's first key goes
        # back to it (its run may begin there), then on to the current one again.
        behind: Any = EMPTY_BLOCK
        behind_number = -1
        first = last = ""
        text = ""  # a KeyedBlock's keys
        table = None  # and its key table (block_cache.KeyedBlock.tabulate), when made
        mask = 0
        aligned, base, source = False, 0, self._source
        regions = self._regions
        for key in keys:
            # key == first goes to the index: its run may begin in the block before.
            if not first < key <= last:
                target = index.find_block(key.encode("utf-8"))
                if target != number:
                    reached = (
                        behind if target == behind_number else self._cached_block(target, memo)
                    )
                    behind, behind_number = block, number
                    block, number = reached, target
                    first, last, text, table, mask, aligned, base = block.view
            if table is not None:  # the common warm case, KeyedBlock.find inline
                slot = hash(key) & mask
                position = table[slot]
                found: list[str] = []
                if position:
                    tail = key + "\n"
                    while position:
                        if text.startswith(tail, position):
                            if aligned:  # KeyedBlock.words_at, inline: a slice of the map
                                step = len(tail)
                                stop = position + step
                                while text.startswith(tail, stop):
                                    stop += step
                                run = source[base + position - 1 : base + stop - 2]
                                found = run.decode().split("\n")
                                if regions is not None:
                                    regions.add((base + position) // REGION_BYTES)
                            else:
                                found = block.words_at(key, position - 1)
                                self._read_from(block)
                            break
                        slot = (slot + 1) & mask
                        position = table[slot]
            elif text:  # a KeyedBlock without its table (a cache that is full)
                at = text.find("\n" + key + "\n")
                found = []
                if at >= 0:
                    if aligned:  # as above, from the line at + 1
                        tail = key + "\n"
                        step = len(tail)
                        stop = at + 1 + step
                        while text.startswith(tail, stop):
                            stop += step
                        found = source[base + at : base + stop - 2].decode().split("\n")
                        if regions is not None:
                            regions.add((base + at) // REGION_BYTES)
                    else:
                        found = block.words_at(key, at)
                        self._read_from(block)
            else:
                found = block.run(key)
            # A run of equal keys, or the key's first word, may be in the next block.
            while key >= last and number < last_block:
                reached = (
                    behind if number + 1 == behind_number else self._cached_block(number + 1, memo)
                )
                behind, behind_number = block, number
                block, number = reached, number + 1
                first, last, text, table, mask, aligned, base = block.view
                if first != key:
                    break
                found += block.run(key)
                self._read_from(block)
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
            if first == 0 and self._after_bom(start):  # ^ anchors at no BOM: its line alone
                line_end = self._map.find(b"\n", start, end) + 1 or end
                whole = pattern.match(self._map[start:line_end])
                if whole is not None:
                    yield whole.group().decode("utf-8")
                start = line_end
            aligned = start - start % mmap.PAGESIZE
            if IN_ORDER is not None:  # read ahead in this chunk, as lookups do not
                self._map.madvise(IN_ORDER, aligned, end - aligned)
            for match in pattern.finditer(self._map, start, end):
                yield match.group().decode("utf-8")
            if RELEASE_PAGES is not None:
                self._map.madvise(RELEASE_PAGES, aligned, end - aligned)
            if SCATTERED is not None:
                self._map.madvise(SCATTERED, aligned, end - aligned)

    def __iter__(self) -> Iterator[str]:
        """Every word, in file order, one block at a time (memory stays flat)."""
        for number in range(self.index.entry_count):
            yield from self.block(number)
