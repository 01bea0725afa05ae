"""Baselines that anagramdb is compared with, each runnable as its own process.

    python benchmarks/baselines.py memory|sqlite|tst DICT [DB] < racks

Each reads the racks (one a line) from stdin and prints, per rack, the number of words
of any length that can be made from it, then reports its own timings on stderr as one
JSON line: ``{"load": seconds, "answer": seconds, "racks": n}``.

- memory: the usual approach, a dict from sorted letters to words, loaded at start-up;
  a rack is answered by looking up each distinct sub-multiset.
- sqlite: a table (key, word) with an index on key (stdlib sqlite3, built by
  ``build_sqlite``), the same sub-multiset lookups, in sorted order.
- tst: a ternary search tree as in the "Solving Countdown" articles, built balanced from
  the sorted key list, searched with a letter-count map (the arrangements search).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections import Counter, defaultdict
from itertools import combinations


def sub_keys(rack: str) -> list[str]:
    """Every distinct sub-multiset of the rack, as sorted strings (the empty one excluded)."""
    letters = sorted(rack)
    return sorted({"".join(c) for size in range(1, len(letters) + 1) for c in combinations(letters, size)})


def read_words(path: str) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        return handle.read().split()


def memory_solver(path: str):  # type: ignore[no-untyped-def]
    table: dict[str, list[str]] = defaultdict(list)
    for word in read_words(path):
        table["".join(sorted(word))].append(word)

    def answer(rack: str) -> list[str]:
        return [word for key in sub_keys(rack) for word in table.get(key, ())]

    return answer


def build_sqlite(path: str, database: str) -> None:
    """A table of (key, word) with an index on key, committed in one transaction."""
    if os.path.exists(database):
        os.unlink(database)
    connection = sqlite3.connect(database)
    connection.execute("CREATE TABLE words (key TEXT NOT NULL, word TEXT NOT NULL)")
    connection.executemany("INSERT INTO words VALUES (?, ?)", (("".join(sorted(w)), w) for w in read_words(path)))
    connection.execute("CREATE INDEX words_key ON words (key)")
    connection.commit()
    connection.close()


def sqlite_solver(database: str):  # type: ignore[no-untyped-def]
    connection = sqlite3.connect(database)

    def answer(rack: str) -> list[str]:
        cursor = connection.cursor()
        found: list[str] = []
        for key in sub_keys(rack):
            found.extend(row[0] for row in cursor.execute("SELECT word FROM words WHERE key = ?", (key,)))
        return found

    return answer


class _Node:
    __slots__ = ("equal", "high", "letter", "low", "words")

    def __init__(self, letter: str) -> None:
        self.letter = letter
        self.low = self.equal = self.high = None
        self.words: list[str] = []


def tst_solver(path: str):  # type: ignore[no-untyped-def]
    groups: dict[str, list[str]] = defaultdict(list)
    for word in read_words(path):
        groups["".join(sorted(word))].append(word)
    keys = sorted(groups)

    def insert(node, key, position):  # type: ignore[no-untyped-def]
        letter = key[position]
        if node is None:
            node = _Node(letter)
        if letter < node.letter:
            node.low = insert(node.low, key, position)
        elif letter > node.letter:
            node.high = insert(node.high, key, position)
        elif position + 1 < len(key):
            node.equal = insert(node.equal, key, position + 1)
        else:
            node.words.extend(groups[key])
        return node

    root = None
    # Balanced insertion: middles first, so the low/high links form a balanced tree.
    stack = [(0, len(keys))]
    while stack:
        lo, hi = stack.pop()
        if lo < hi:
            mid = (lo + hi) // 2
            root = insert(root, keys[mid], 0)
            stack.extend([(lo, mid), (mid + 1, hi)])

    def answer(rack: str) -> list[str]:
        counts = Counter(rack)
        found: list[str] = []

        def arrangements(node):  # type: ignore[no-untyped-def]
            if node is None:
                return
            arrangements(node.low)
            if counts[node.letter] > 0:
                counts[node.letter] -= 1
                found.extend(node.words)
                arrangements(node.equal)
                counts[node.letter] += 1
            arrangements(node.high)

        arrangements(root)
        return found

    return answer


def main() -> int:
    mode, path = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    if mode == "memory":
        answer = memory_solver(path)
    elif mode == "sqlite":
        answer = sqlite_solver(sys.argv[3])
    elif mode == "sqlite-build":
        build_sqlite(path, sys.argv[3])
        print(json.dumps({"load": time.perf_counter() - start, "answer": 0.0, "racks": 0}), file=sys.stderr)
        return 0
    else:
        answer = tst_solver(path)
    loaded = time.perf_counter()
    racks = [line.strip() for line in sys.stdin if line.strip()]
    out = [str(len(answer(rack))) for rack in racks]
    done = time.perf_counter()
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    print(json.dumps({"load": loaded - start, "answer": done - loaded, "racks": len(racks)}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
