"""A letters batch as an SQLite user would script it (the batch peer of compare.py).

    python benchmarks/batch_sqlite.py DATABASE [--min N] < racks > json-lines

The database is benchmarks/contenders.py's ``(key, word)`` table WITHOUT ROWID. For each
rack read from stdin, one ``SELECT ... WHERE key IN (...)`` fetches the words of every
sub-key, and one JSON line is printed exactly as ``anagramdb letters - --all --json``
prints it (compare.py checks the output is byte for byte the same). The JSON is made a
length at a time (words escaped by json's C encoder and joined), as a user after speed
would write it, so that the two processes differ in their lookups, not their printing.
Only sqlite3, sys, json and itertools are imported.
"""

import json
import sqlite3
import sys
from itertools import combinations


def main(argv: list[str]) -> int:
    database = argv[0]
    min_length = int(argv[argv.index("--min") + 1]) if "--min" in argv else 3
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    escape = json.encoder.encode_basestring
    out = sys.stdout
    for line in sys.stdin:
        rack = line.strip()
        if not rack:
            continue
        letters = "".join(sorted(rack.lower()))
        keys = sorted(
            {
                "".join(c)
                for n in range(min_length, len(letters) + 1)
                for c in combinations(letters, n)
            }
        )
        by_length: dict[int, list[str]] = {}
        for key, word in connection.execute(
            f"SELECT key, word FROM words WHERE key IN ({','.join('?' * len(keys))})", keys
        ):
            by_length.setdefault(len(key), []).append(word)
        groups = []
        for length in sorted(by_length, reverse=True):
            tail = f', "length": {length}, "score": {2 * length if length == 9 else length}}}'
            words = sorted(by_length[length])
            groups.append('{"word": ' + (tail + ', {"word": ').join(map(escape, words)) + tail)
        out.write('{"rack": ' + escape(rack) + ', "words": [' + ", ".join(groups) + "]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
