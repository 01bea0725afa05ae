"""The letters-round contenders, each answering racks in this process the same way.

A contender is built once from a dictionary file (``load``), then answers a rack with
``answer(rack, everything, min_length)``: the words the rack makes, grouped by length,
longest first, each group sorted, whole lengths until there are ENOUGH words (or every
length down to *min_length* with ``everything``): exactly what ``anagramdb letters``
prints. Each returns its natural result (no text formatting is timed for anyone);
``canonical`` turns any of them into one comparable form, outside the timers.

- anagramdb: a warm ``Dictionary`` and ``solve_letters``.
- sqlite: a ``(key, word)`` table WITHOUT ROWID, primary key (key, word), and ONE
  ``SELECT key, word FROM words WHERE key IN (...)`` per rack (all the rack's sub-keys).
- marisa: a marisa-trie BytesTrie (key -> words) opened with mmap, searched depth first
  over the rack's letters, pruned by ``iterkeys`` (optional: pip install
  marisa-trie).
- memory: the usual approach, a dict from key to words loaded at start-up.
- tst: a ternary search tree as in the "Solving Countdown" articles.

Keys are anagramdb's (``word_key``: folded case and accents), computed when building, so
every contender answers the same question on any dictionary.
"""

from __future__ import annotations

import os
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Callable
from itertools import combinations

from anagramdb.keys import word_key

ENOUGH = 10
Answer = list[tuple[int, list[str]]]
Solver = Callable[[str, bool, int], object]


def sub_keys(letters: str, length: int) -> list[str]:
    """The distinct sub-keys of *length* letters of a sorted *letters*, ascending."""
    return sorted({"".join(chosen) for chosen in combinations(letters, length)})


def cut(by_length: dict[int, list[str]], everything: bool) -> Answer:
    """Longest first, each length sorted; whole lengths until ENOUGH words."""
    answer: Answer = []
    total = 0
    for length in sorted(by_length, reverse=True):
        if not everything and total >= ENOUGH:
            break
        words = sorted(by_length[length])
        answer.append((length, words))
        total += len(words)
    return answer


def canonical(name: str, result: object) -> Answer:
    """Any contender's result as ``[(length, sorted words), ...]``, longest first."""
    if name != "anagramdb":
        return result  # type: ignore[return-value]
    grouped: dict[int, list[str]] = {}
    for word in result:  # type: ignore[attr-defined]
        grouped.setdefault(word.length, []).append(word.word)
    return [(length, grouped[length]) for length in sorted(grouped, reverse=True)]


def read_groups(path: str) -> dict[str, list[str]]:
    """The dictionary's words grouped by key, in file order."""
    groups: dict[str, list[str]] = defaultdict(list)
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            word = line.rstrip("\n")
            if word:
                groups[word_key(word)].append(word)
    return groups


def anagramdb_solver(path: str) -> Solver:
    from anagramdb import Dictionary
    from anagramdb.countdown.letters import solve_letters

    dictionary = Dictionary(path)
    return lambda rack, everything, min_length: solve_letters(
        dictionary, rack, min_length, ENOUGH, everything
    )


def build_sqlite(path: str, database: str) -> None:
    """The (key, word) table, WITHOUT ROWID, filled in key order in one transaction."""
    if os.path.exists(database):
        os.unlink(database)
    connection = sqlite3.connect(database)
    connection.execute(
        "CREATE TABLE words (key TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY (key, word)) "
        "WITHOUT ROWID"
    )
    groups = read_groups(path)
    connection.executemany(
        "INSERT INTO words VALUES (?, ?)",
        ((key, word) for key in sorted(groups) for word in groups[key]),
    )
    connection.commit()
    connection.execute("VACUUM")
    connection.close()


def sqlite_solver(database: str) -> Solver:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)

    def answer(rack: str, everything: bool, min_length: int) -> Answer:
        letters = "".join(sorted(rack))
        keys = [
            key
            for length in range(len(letters), min_length - 1, -1)
            for key in sub_keys(letters, length)
        ]
        by_length: dict[int, list[str]] = {}
        query = f"SELECT key, word FROM words WHERE key IN ({','.join('?' * len(keys))})"
        for key, word in connection.execute(query, keys):
            by_length.setdefault(len(key), []).append(word)
        return cut(by_length, everything)

    return answer


def build_marisa(path: str, trie_path: str) -> None:
    """A BytesTrie from key to the key's words joined by LF, saved for mmap."""
    import marisa_trie

    groups = read_groups(path)
    marisa_trie.BytesTrie((key, "\n".join(words).encode()) for key, words in groups.items()).save(
        trie_path
    )


def marisa_solver(trie_path: str) -> Solver:
    import marisa_trie

    trie = marisa_trie.BytesTrie()
    trie.mmap(trie_path)
    keys_from, get = trie.iterkeys, trie.get

    def answer(rack: str, everything: bool, min_length: int) -> Answer:
        counts = sorted(Counter(rack).items())
        by_length: dict[int, list[str]] = {}

        def walk(start: int, prefix: str) -> None:
            for i in range(start, len(counts)):
                letter, count = counts[i]
                key = prefix
                for _ in range(count):
                    key += letter
                    if next(keys_from(key), None) is None:
                        break
                    if len(key) >= min_length:
                        found = get(key)
                        if found:
                            by_length.setdefault(len(key), []).extend(found[0].decode().split("\n"))
                    walk(i + 1, key)

        walk(0, "")
        return cut(by_length, everything)

    return answer


def memory_solver(path: str) -> Solver:
    table = read_groups(path)

    def answer(rack: str, everything: bool, min_length: int) -> Answer:
        letters = "".join(sorted(rack))
        by_length: dict[int, list[str]] = {}
        total = 0
        for length in range(len(letters), min_length - 1, -1):
            found = [word for key in sub_keys(letters, length) for word in table.get(key, ())]
            if found:
                by_length[length] = found
                total += len(found)
            if not everything and total >= ENOUGH:
                break
        return cut(by_length, everything)

    return answer


class _Node:
    __slots__ = ("equal", "high", "letter", "low", "words")

    def __init__(self, letter: str) -> None:
        self.letter = letter
        self.low: _Node | None = None
        self.equal: _Node | None = None
        self.high: _Node | None = None
        self.words: list[str] = []


def tst_solver(path: str) -> Solver:
    groups = read_groups(path)
    keys = sorted(groups)

    def insert(node: _Node | None, key: str, position: int) -> _Node:
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

    root: _Node | None = None
    # Balanced insertion: middles first, so the low/high links form a balanced tree.
    stack = [(0, len(keys))]
    while stack:
        lo, hi = stack.pop()
        if lo < hi:
            mid = (lo + hi) // 2
            root = insert(root, keys[mid], 0)
            stack.extend([(lo, mid), (mid + 1, hi)])

    def answer(rack: str, everything: bool, min_length: int) -> Answer:
        counts = Counter(rack)
        by_length: dict[int, list[str]] = {}

        def arrangements(node: _Node | None, depth: int) -> None:
            if node is None:
                return
            arrangements(node.low, depth)
            if counts[node.letter] > 0:
                counts[node.letter] -= 1
                if node.words and depth >= min_length:
                    by_length.setdefault(depth, []).extend(node.words)
                arrangements(node.equal, depth + 1)
                counts[node.letter] += 1
            arrangements(node.high, depth)

        arrangements(root, 1)
        return cut(by_length, everything)

    return answer


def marisa_available() -> bool:
    try:
        import marisa_trie  # noqa: F401
    except ImportError:
        return False
    return True


def load(name: str, path: str, data: dict[str, str]) -> Solver:
    """Contender *name* on dictionary *path*; *data* holds the built SQLite and trie files."""
    if name == "anagramdb":
        return anagramdb_solver(path)
    if name == "sqlite":
        return sqlite_solver(data["sqlite"])
    if name == "marisa":
        return marisa_solver(data["marisa"])
    if name == "memory":
        return memory_solver(path)
    if name == "tst":
        return tst_solver(path)
    raise ValueError(f"unknown contender {name!r}")
