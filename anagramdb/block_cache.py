"""Blocks of a Dictionary as lookups search them, and the cache that keeps them, bounded in bytes.

A lookup bisects the sparse index, then searches one block (BLOCK_SIZE lines) of the
mapped dictionary. A block takes one of two forms:

- :class:`Block`, the words of a block decoded for one walk and bisected lazily by key (a
  cold lookup computes about six keys a block). It lives in the walk's memo only.
- :class:`KeyedBlock`, the form the cache keeps: the block's keys as one string, one line
  per word (``"\\nk0\\nk1\\n...\\n"``), and where the block starts in the file. A lookup
  is one ``str.find`` of ``"\\nKEY\\n"``; only on a hit are words read, sliced from the
  mapping. When every word of the block is as long in UTF-8 bytes as its key is in
  characters (always so for ASCII words: the block is *aligned*), the key's position in
  the string is the word's byte position in the block, so the run of words is one slice.
  About 1 KB a block of 64 short words, against some 12 KB for decoded words and tables.

The cache (:class:`BlockCache`) holds KeyedBlocks under a budget in bytes (CACHE_BYTES,
the ANAGRAMDB_CACHE environment variable, or a Dictionary's *cache_bytes*), each entry's
cost counted with ``sys.getsizeof``. A block enters on its second touch (the first walk
that reaches it keeps it in its memo only, so a cold lookup never pays for a key table).
When the cache is full a new block replaces a pseudo-random victim only if it has been
touched more often (a small saturating counter per block, halved now and then so old
popularity fades): a walk over more blocks than the cache holds then leaves most of the
cache in place instead of evicting each block just before the next walk needs it. Once it
has had to evict (a dictionary larger than the cache), blocks are kept without their key
table: a third less each, so more blocks fit, and one ``str.find`` finds a key as fast.
"""

from __future__ import annotations

import os
import sys
from _thread import allocate_lock

from .errors import InvalidArgumentError
from .index import LCG_HIGH, LCG_INCREMENT, LCG_MASK, LCG_MULTIPLIER, LCG_SEED
from .keys import word_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from array import array
    from typing import Protocol

    class Source(Protocol):
        """What a block's words are sliced from: a mapping, bytes, or mapped.FileBytes."""

        def __getitem__(self, where: slice, /) -> bytes: ...

    # What Dictionary.find_keys reads of a block, in one tuple: first and last key; for a
    # KeyedBlock its keys, key table (None until made) and the table's mask, whether it is
    # aligned and where it starts in the file ("", None, 0, False, 0 for a lazy Block).
    View = tuple[str, str, str, array[int] | None, int, bool, int]

CACHE_BYTES = 4 << 20  # the default budget: every block of the packaged full list fits
CACHE_VARIABLE = "ANAGRAMDB_CACHE"
STRETCH_SHARE = 8  # the index's stretch cache may use 1/8 of the budget
MAX_COUNTERS = 1 << 16  # one byte a block, blocks beyond this share counters (number % size)
SATURATED = 255
VICTIM_TRIES = 4  # cached blocks compared with a newcomer before it is turned away
# The fixed cost of an entry beyond its strings: the KeyedBlock object, its dict entry and
# slot, and the int of its number (measured on CPython 3.11-3.13, 64-bit).
ENTRY_OVERHEAD = 200
SIZE_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
# The most digits of a number a user gives: a size here, and every whole-number option of
# the command line (cli/program.py); int() itself fails at 4,300, and a size of 19 digits
# is already past any machine's memory.
MAX_DIGITS = 18


def parse_size(text: str, what: str = "size") -> int:
    """``"4M"`` -> 4194304: a number of at most MAX_DIGITS digits with an optional K, M
    or G (KiB, MiB, GiB; ``4MiB`` and ``4mb`` too). Raises InvalidArgumentError naming
    *what*."""
    number, unit = text.strip().upper().removesuffix("B").removesuffix("I"), ""
    if number and number[-1] in SIZE_UNITS:
        number, unit = number[:-1], number[-1]
    whole, _, fraction = number.partition(".")
    digits = whole + fraction
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        raise InvalidArgumentError(
            f"{what} {text[:40]!r} is not a size like 4M or 512K (at most {MAX_DIGITS} digits)"
        )
    # In whole numbers, so every size of up to MAX_DIGITS digits is exact (a float is not
    # past 2**53); a fraction of a byte is dropped.
    scale: int = 10 ** len(fraction)
    return int(digits) * SIZE_UNITS[unit] // scale


def cache_budget(cache_bytes: int | None) -> int:
    """The cache budget in bytes: *cache_bytes*, else ANAGRAMDB_CACHE, else CACHE_BYTES."""
    if cache_bytes is None:
        setting = os.environ.get(CACHE_VARIABLE)
        if setting is None:
            return CACHE_BYTES
        return parse_size(setting, CACHE_VARIABLE)
    if cache_bytes < 0:
        raise InvalidArgumentError(f"the cache budget must be 0 or more bytes, not {cache_bytes}")
    return cache_bytes


class Block:
    """The words of one block, decoded for one walk and bisected by key, computing the key
    of a word only when a probe reaches it (about six a search) and keeping it."""

    __slots__ = ("first", "keys", "last", "view", "words")

    def __init__(self, words: list[str]) -> None:
        self.words = words
        self.keys: list[str | None] = [None] * len(words)
        self.first = self.key(0)  # a block holds a word at least
        self.last = self.key(len(words) - 1)
        self.view: View = (self.first, self.last, "", None, 0, False, 0)

    def key(self, index: int) -> str:
        """The key of word *index*, computed and kept (asked only for one not kept yet)."""
        found = self.keys[index] = word_key(self.words[index])
        return found

    def run(self, key: str) -> list[str]:
        """The words of the block whose key is *key* (empty when there are none)."""
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


def block_keys(words: list[str]) -> tuple[str, bool]:
    """A block's keys in the cached form (``"\n" + key + "\n"`` for each word, joined),
    and whether the block is aligned (every word as long in UTF-8 bytes as its key)."""
    if all(map(str.isascii, words)):
        keys = "\n".join(map("".join, map(sorted, map(str.lower, words))))
        return "\n" + keys + "\n", True
    listed = [word_key(word) for word in words]
    aligned = list(map(len, map(str.encode, words))) == list(map(len, listed))
    return "\n" + "\n".join(listed) + "\n", aligned


class KeyedBlock:
    """A block as the cache keeps it (see the module docstring): its keys, one line per
    word, framed by LF; its byte range in *source*; whether it is aligned. A block that
    is not aligned decodes its whole byte range on a hit."""

    __slots__ = ("aligned", "end", "first", "keys", "last", "source", "start", "table", "view")

    def __init__(
        self,
        keys: str,
        source: Source,
        start: int,
        end: int,
        aligned: bool,
    ) -> None:
        self.keys = keys
        self.source = source
        self.start, self.end = start, end
        self.aligned = aligned
        self.table: array[int] | None = None  # made by tabulate()
        # keys is "\n" + each key + "\n": the first and last without splitting all of them
        self.first = keys[1 : keys.index("\n", 1)]
        self.last = keys[keys.rindex("\n", 0, len(keys) - 1) + 1 : -1]
        self.view: View = (self.first, self.last, keys, None, 0, aligned, start)

    def tabulate(self) -> None:
        """Make the key table: an open-addressing hash table (linear probing) of at least
        four slots a key, each slot 0 or the position in ``keys`` of a distinct key's
        first line, so that a lookup is a probe or two of small ints and at most one
        ``str.startswith`` (a key the block lacks usually meets an empty slot at once)."""
        from array import array

        keys = self.keys
        lines = keys.count("\n") - 1
        size = max(8, 4 << (lines - 1).bit_length())  # 4 x the least power of 2 >= lines
        # 16-bit slots while every position fits: the last line starts at len(keys) - 2.
        table = array("H" if len(keys) - 2 < 1 << 16 else "I", bytes(size * 4))[:size]
        mask = size - 1
        position = 1
        previous = None
        for key in keys.split("\n")[1:-1]:
            if key != previous:
                slot = hash(key) & mask
                while table[slot]:
                    slot = (slot + 1) & mask
                table[slot] = position
                previous = key
            position += len(key) + 1
        self.table = table
        self.view = (self.first, self.last, keys, table, mask, self.aligned, self.start)

    def find(self, key: str) -> int:
        """Where ``"\nKEY\n"`` starts in the keys, or -1 (through the table when made)."""
        table = self.table
        if table is None:
            return self.keys.find("\n" + key + "\n")
        mask = len(table) - 1
        slot = hash(key) & mask
        position = table[slot]
        tail = key + "\n"
        while position:
            if self.keys.startswith(tail, position):
                return position - 1
            slot = (slot + 1) & mask
            position = table[slot]
        return -1

    def cost(self) -> int:
        """Bytes this entry keeps alive in the cache."""
        return (
            sys.getsizeof(self.table)
            + sys.getsizeof(self.view)
            + sys.getsizeof(self.keys)
            + sys.getsizeof(self.first)
            + sys.getsizeof(self.last)
            + ENTRY_OVERHEAD
        )

    def run(self, key: str) -> list[str]:
        """The words of the block whose key is *key* (empty when there are none)."""
        at = self.find(key)
        return [] if at < 0 else self.words_at(key, at)

    def words_at(self, key: str, at: int) -> list[str]:
        """The run of *key*, whose first line starts at *at* in the keys (where
        ``"\nKEY\n"`` was found)."""
        keys = self.keys
        step = len(key) + 1
        end = at + step  # the LF after the run's last key, so far
        tail = key + "\n"
        while keys.startswith(tail, end + 1):
            end += step
        if self.aligned:  # keys[p + 1] is the block's byte p
            return self.source[self.start + at : self.start + end - 1].decode().split("\n")
        words = self.source[self.start : self.end].decode().split("\n")
        first = keys.count("\n", 0, at)
        return words[first : first + (end - at) // step]


# What a walk holds before its first block: no keys, never read (mapped_dictionary.py).
EMPTY_BLOCK = KeyedBlock("\n\n", b"", 0, 0, True)


class BlockCache:
    """KeyedBlocks by block number, under a budget in bytes (see the module docstring).

    Thread-safe for the web server's threads: reads are single dict probes; admission and
    eviction hold a lock. ``used`` is the bytes its entries and counters cost.
    """

    def __init__(self, budget: int, blocks: int) -> None:
        self.budget = budget
        self.entries: dict[int, KeyedBlock] = {}
        self.slots: list[int] = []  # the cached block numbers, for picking a victim
        self.costs: dict[int, int] = {}
        # One counter a block (up to MAX_COUNTERS), when the budget can spare them.
        self.counts = bytearray(min(blocks, MAX_COUNTERS, budget // 16) if budget >= 1024 else 0)
        self.used = self.fixed = sys.getsizeof(self.counts) if self.counts else 0
        self.touches = 0
        # Touches between two halvings: 16 a counter, and 4096 more.
        self.age_after = 16 * len(self.counts) + 4096
        self.victim = LCG_SEED
        self.typical = ENTRY_OVERHEAD  # the cost of the last entry kept (at first, a least)
        self.lock = allocate_lock()
        self.released: list[tuple[int, int]] = []  # byte ranges of evicted blocks
        # Whether the cache has had to evict: from then on, entries come without a key
        # table (KeyedBlock.tabulate), a third of their cost, so that the cache holds half
        # as many blocks again of a dictionary larger than itself; a block's keys are then
        # one str.find, about as fast as the table's probes in Python.
        self.full = False

    def get(self, number: int) -> KeyedBlock | None:
        """The cached block *number*, or None; counts the touch either way."""
        counts = self.counts
        if counts:
            slot = number % len(counts)
            if counts[slot] < SATURATED:
                counts[slot] += 1
            self.touches += 1
            if self.touches > self.age_after:
                self.age()
        return self.entries.get(number)

    def age(self) -> None:
        """Halve every counter: popularity from long ago fades."""
        self.counts[:] = self.counts.translate(bytes(n >> 1 for n in range(256)))
        self.touches = 0

    def wanted(self, number: int) -> bool:
        """Whether block *number*, just missed, should be keyed and kept: it has been
        touched before, and the cache has room for a typical entry or a less popular
        victim for it (checked before the block is keyed, so a block that would be
        refused costs nothing)."""
        counts = self.counts
        if not counts or counts[number % len(counts)] < 2:
            return False
        if self.used + self.typical <= self.budget:
            return True
        self.full = True
        return self._weaker(number) >= 0

    def _weaker(self, number: int) -> int:
        """The slot of a pseudo-random cached block less popular than *number*, trying up
        to VICTIM_TRIES, or -1."""
        counts, slots = self.counts, self.slots
        popularity = counts[number % len(counts)]
        for _ in range(VICTIM_TRIES if slots else 0):
            # The LCG: cheap, and no import of random.
            self.victim = (self.victim * LCG_MULTIPLIER + LCG_INCREMENT) & LCG_MASK
            position = (self.victim >> LCG_HIGH) % len(slots)
            if counts[slots[position] % len(counts)] < popularity:
                return position
        return -1

    def admit(self, number: int, entry: KeyedBlock) -> bool:
        """Keep *entry* (keyed, given its key table here) if it fits the budget, evicting
        less popular blocks for it; False when it is not kept."""
        if entry.table is None and not self.full:
            entry.tabulate()
        cost = entry.cost()
        with self.lock:
            if number in self.entries or cost > self.budget:
                return number in self.entries
            while self.used + cost > self.budget:
                self.full = True
                position = self._weaker(number)
                if position < 0:
                    return False
                self.evict(position)
            self.entries[number] = entry
            self.costs[number] = cost
            self.slots.append(number)
            self.used += cost
            self.typical = cost
            return True

    def evict(self, position: int) -> None:
        """Drop the entry in slot *position* (the lock is held)."""
        slots = self.slots
        number = slots[position]
        slots[position] = slots[-1]
        slots.pop()
        entry = self.entries.pop(number)
        self.used -= self.costs.pop(number)
        self.released.append((entry.start, entry.end))

    def clear(self) -> None:
        """Drop every entry."""
        with self.lock:
            self.entries, self.slots, self.costs = {}, [], {}
            self.used = self.fixed
            self.full = False
