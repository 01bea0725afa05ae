"""A whole dictionary's keys in one hash table: what a batch looks keys up in, once it pays.

A lookup through the index bisects the index, then searches a block (block_cache.py): a
few microseconds of Python a key, which a batch of thousands of racks, each hundreds of
sub-keys, pays again and again. A batch (``Dictionary(batch=True)``: the command line's
``-`` and the web server's shared dictionaries) instead reads the dictionary once and keeps:

- its keys as one buffer of bytes, one line per word, framed by LF (``b"\\nk0\\nk1\\n...\\n"``):
  for an ASCII dictionary, the position of a key's line in it is its word's byte position
  in the file (the *aligned* form of block_cache.KeyedBlock, over the whole file), written
  in place as the file is read, a piece at a time;
- an open-addressing hash table (linear probing, TABLE_SLOTS slots a line rounded up to a
  power of 2, 32-bit slots) from each distinct key to its first line, 0 for empty. A slot
  holds the line's position in the keys in its low bits, then a bit set when the key has
  one word alone (most do: its run needs no looking for its end), and, in the bits left
  (9 or more for a dictionary of up to 4 MiB), a *tag*: high bits of the key's hash, so
  that a probe of another key's slot is told apart without comparing text.

A lookup is then a probe or two and, on a hit, one ``str.startswith``; most keys a rack
makes are not words, and they cost no string comparison at all. A hit slices the run of
words from the mapped file. For the default list (118,407 words) the table costs about 2.2 MB
and 0.1 s of CPU to build, about 0.3 s less than the walk over a 2,000-rack batch.

Built only when it fits the memory the Dictionary's cache may use (table_cost against the
cache budget: the table replaces the block cache), when the dictionary is ASCII (a
non-ASCII word's key can be shorter than the word in bytes: positions would no longer be
byte offsets), and once the batch has looked up as many keys as half the dictionary's
words (so a short batch never pays for it). docs/PERFORMANCE.md has the measurements.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    import mmap
    from array import array
    from collections.abc import Iterable, Iterator

TABLE_SLOTS = 2  # slots a line, at least: about 0.4 full once keys repeat
SLOT_BYTES = 4
CHUNK_BYTES = 1 << 12  # bytes of the dictionary read (by pread) and keyed at a time: small, so
# that the words and keys of one piece, freed after it, do not leave 1 MiB of allocator
# arenas behind (measured: peak RSS 15.3 MiB with 64 KiB pieces, 13.9 with 4 KiB)
# Keys a batch looks up, as a share of the dictionary's words, before it builds the table:
# building costs about 0.8 us a word, a lookup saves about 1.5 us (PERFORMANCE.md).
PAYS_AFTER = 0.25


def slots_for(lines: int) -> int:
    """The table's slots for a dictionary of *lines* words: TABLE_SLOTS x lines, rounded up
    to a power of 2 (at least 8)."""
    return max(8, 1 << (TABLE_SLOTS * max(lines, 1) - 1).bit_length())


def table_cost(size: int, lines: int) -> int:
    """Bytes the table of a dictionary of *size* bytes and *lines* words keeps resident:
    its keys (one byte a byte of the file, for ASCII), its slots, and the mapped file's
    pages, which its lookups read words from and leave mapped (up to *size* bytes)."""
    return 2 * size + 2 + SLOT_BYTES * slots_for(lines)


TAG_FROM = 40  # the hash's bits a tag is taken from (the slot takes the low ones)


def position_bits(size: int) -> int:
    """Bits of a slot that hold a position in the keys of a file of *size* bytes."""
    return (size + 2).bit_length()


class KeyTable:
    """Every key of one open dictionary file, hashed (see the module docstring)."""

    __slots__ = ("base", "bits", "keys", "mask", "source", "table")

    def __init__(
        self, keys: bytearray, table: array[int], source: mmap.mmap | bytes, base: int, bits: int
    ) -> None:
        """The table made by build_table: *keys* in the keyed form above, *table* its slots
        (a power of 2 of them; a position in *bits* low bits, the bit of a key of one word
        above them, its tag above that), *source* the
        mapped file, its first line at byte *base*."""
        self.keys, self.table, self.mask, self.bits = keys, table, len(table) - 1, bits
        self.source, self.base = source, base

    @property
    def cost(self) -> int:
        """Bytes the table keeps alive: its keys and slots, and the mapped file, whose
        pages stay mapped once read (table_cost, once built)."""
        return len(self.keys) + self.table.itemsize * len(self.table) + len(self.source)

    def find_keys(self, keys: Iterable[str]) -> Iterator[tuple[str, list[str]]]:
        """``(key, words)`` for each of *keys* the dictionary holds, in the order given."""
        table, mask, text, source, base = self.table, self.mask, self.keys, self.source, self.base
        bits = self.bits
        lone, tag_at, positions = 1 << bits, bits + 1, (1 << bits) - 1
        tags = (1 << (8 * SLOT_BYTES - tag_at)) - 1
        for key in keys:
            hashed = hash(key)
            slot = hashed & mask
            entry = table[slot]
            if not entry:  # most keys a rack makes are not words: one probe
                continue
            tag = (hashed >> TAG_FROM) & tags
            while entry:
                if entry >> tag_at == tag:
                    position = entry & positions
                    tail = key.encode() + b"\n"
                    if text.startswith(tail, position):
                        start = base + position - 1
                        if entry & lone:  # its word alone: as long as the key (ASCII)
                            yield key, [source[start : start + len(key)].decode()]
                            break
                        step = len(tail)
                        stop = position + 2 * step
                        while text.startswith(tail, stop):
                            stop += step
                        yield key, source[start : base + stop - 2].decode().split("\n")
                        break
                slot = (slot + 1) & mask
                entry = table[slot]


def build_table(
    fd: int, offsets: list[int], source: mmap.mmap | bytes, lines: int
) -> KeyTable | None:
    """The key table of the dictionary open as *fd* (mapped as *source*) of *lines* words,
    read with ``pread`` in pieces cut at *offsets* (block starts, ascending, the last the
    file's size), so that no page of the mapping is touched and only one piece's words are
    held at a time (the keys are written in place into their one buffer); None when a
    piece is not ASCII (the table is for ASCII only)."""
    from array import array  # not at the top: a cold lookup never loads this module
    from itertools import pairwise

    size = slots_for(lines)
    table = array("I", [0]) * size  # made in place: no bytes of zeros to copy first
    mask = size - 1
    bits = position_bits(offsets[-1])
    if bits >= 8 * SLOT_BYTES:
        return None  # positions would not fit (table_cost keeps files this large away)
    lone, tag_at = 1 << bits, bits + 1
    tags, shared = (1 << (8 * SLOT_BYTES - tag_at)) - 1, (1 << 8 * SLOT_BYTES) - 1 - lone
    keyed = bytearray(offsets[-1] - offsets[0] + 2)  # LF, each line's key and LF
    keyed[0] = 10
    position = 1  # of the next line's key in the keyed form
    previous = None
    slot = 0  # of the last key put in the table
    for start, end in pairwise(offsets):
        data = os.pread(fd, end - start, start)
        if len(data) != end - start or not data.isascii():
            return None
        words = data.lower().decode("ascii").split("\n")
        if words[-1] == "":
            words.pop()
        keys = list(map("".join, map(sorted, words)))
        first = position
        for key in keys:
            if key != previous:
                hashed = hash(key)
                slot = hashed & mask
                while table[slot]:
                    slot = (slot + 1) & mask
                table[slot] = ((hashed >> TAG_FROM) & tags) << tag_at | lone | position
                previous = key
            else:  # a second word (or more) of the key: not alone
                table[slot] &= shared
            position += len(key) + 1
        keyed[first:position] = ("\n".join(keys) + "\n").encode("ascii")
    del keyed[position:]  # no LF was missing at the end
    return KeyTable(keyed, table, source, offsets[0], bits)
