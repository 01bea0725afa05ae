"""The floor: a minimal script of anagramdb's own design, to measure how close it comes.

    python benchmarks/floor.py DICT RACK [--all] [--min N] [--enough N]

It does what a cold ``anagramdb letters`` must do and nothing else: read the index file
(docs/FORMAT.md) and check its header and CRC-32, check the dictionary's size and mtime
against the header (or its ctime against the index's mtime), map the dictionary, then for
each length from the longest down generate the rack's distinct sub-keys in ascending order,
bisect the in-memory summary, read and bisect one stretch of index keys, decode one block
and bisect it by key, and print the words grouped by length exactly as ``anagramdb letters``
prints them. No validation beyond that, no error messages, no rebuild: only the standard
library's mmap, os, struct, sys, zlib, bisect and itertools. benchmarks/compare.py checks
that its output is identical to anagramdb's on every rack it runs.
"""

import mmap
import os
import struct
import sys
import zlib
from bisect import bisect_left
from itertools import combinations, pairwise

HEADER = struct.Struct("<8sIIQqQQQQII")
STRIDE = 64


def main(argv: list[str]) -> int:
    path, rack = argv[0], argv[1]
    everything = "--all" in argv
    min_length = int(argv[argv.index("--min") + 1]) if "--min" in argv else 3
    enough = int(argv[argv.index("--enough") + 1]) if "--enough" in argv else 10
    with open(path + ".idx", "rb") as handle:
        data = handle.read()
        index_mtime_ns = os.fstat(handle.fileno()).st_mtime_ns
    magic, version, _, dict_size, mtime_ns, _, entries, keys_size, summary_size, _, crc = (
        HEADER.unpack_from(data)
    )
    if magic != b"ANAGRIDX" or version != 1 or zlib.crc32(data[72:], zlib.crc32(data[:68])) != crc:
        raise SystemExit("bad index")
    status = os.stat(path)
    # Fresh: same size, and the same mtime or (docs/FORMAT.md) not changed since the index
    # was written.
    if status.st_size != dict_size or (
        status.st_mtime_ns != mtime_ns and status.st_ctime_ns > index_mtime_ns
    ):
        raise SystemExit("stale index")
    starts_base = 72 + 8 * (entries + 1)
    keys_base = starts_base + 4 * (entries + 1)
    summary = data[keys_base + keys_size : keys_base + keys_size + summary_size].split(b"\n")
    with open(path, "rb") as handle:
        mapping = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)

    stretches: dict[int, list[bytes]] = {}

    def find_block(key: bytes) -> int:
        top = bisect_left(summary, key)
        first = (top - 1) * STRIDE + 1 if top else 0
        if top not in stretches:
            stop = min(top * STRIDE, entries)
            starts = struct.unpack_from(f"<{stop - first + 1}I", data, starts_base + 4 * first)
            stretches[top] = [data[keys_base + a : keys_base + b] for a, b in pairwise(starts)]
        i = first + bisect_left(stretches[top], key)
        return i - 1 if i > 0 else 0

    blocks: dict[int, tuple[list[str], list[str | None]]] = {}

    def lookup(key: str) -> list[str]:
        number = find_block(key.encode())
        found: list[str] = []
        while True:
            if number not in blocks:
                start, end = struct.unpack_from("<2Q", data, 72 + 8 * number)
                text = mapping[start:end].decode("utf-8").split("\n")
                if text[-1] == "":
                    text.pop()
                blocks[number] = (text, [None] * len(text))
            words, keys = blocks[number]
            # Bisect by key, computing a word's key only when a probe reaches it.
            lo, hi = 0, len(words)
            while lo < hi:
                mid = (lo + hi) // 2
                probe = (
                    keys[mid]
                    or keys.__setitem__(mid, "".join(sorted(words[mid].lower())))
                    or keys[mid]
                )
                if probe < key:  # type: ignore[operator]
                    lo = mid + 1
                else:
                    hi = mid
            while (
                lo < len(words)
                and (
                    keys[lo] or keys.__setitem__(lo, "".join(sorted(words[lo].lower()))) or keys[lo]
                )
                == key
            ):
                found.append(words[lo])
                lo += 1
            if lo < len(words) or number + 1 >= entries:
                return found
            number += 1

    letters = "".join(sorted(rack.lower()))
    lines = [rack]
    total = 0
    for length in range(len(letters), min_length - 1, -1):
        found = sorted(
            word
            for sub in sorted({"".join(c) for c in combinations(letters, length)})
            for word in lookup(sub)
        )
        if found:
            points = 2 * length if length == 9 else length
            lines.append(f"  {length} letters, {points} points: {' '.join(found)}")
            total += len(found)
        if not everything and total >= enough:
            break
    print("\n".join(lines) if total else f"{rack}: no words")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
