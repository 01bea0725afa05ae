"""A cold letters lookup as an SQLite user would script it (the cold-process peer).

    python benchmarks/cold_sqlite.py DATABASE RACK [--all] [--min N]

The database is benchmarks/contenders.py's ``(key, word)`` table WITHOUT ROWID; one
``SELECT ... WHERE key IN (...)`` fetches the words of every sub-key of the rack, and
the words are printed grouped by length exactly as ``anagramdb letters`` prints them
(compare.py checks the text is identical). Only sqlite3, sys and itertools are imported.
"""

import sqlite3
import sys
from itertools import combinations


def main(argv: list[str]) -> int:
    database, rack = argv[0], argv[1]
    everything = "--all" in argv
    min_length = int(argv[argv.index("--min") + 1]) if "--min" in argv else 3
    letters = "".join(sorted(rack.lower()))
    keys = sorted(
        {"".join(c) for n in range(min_length, len(letters) + 1) for c in combinations(letters, n)}
    )
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    by_length: dict[int, list[str]] = {}
    for key, word in connection.execute(
        f"SELECT key, word FROM words WHERE key IN ({','.join('?' * len(keys))})", keys
    ):
        by_length.setdefault(len(key), []).append(word)
    lines, total = [rack], 0
    for length in sorted(by_length, reverse=True):
        if not everything and total >= 10:
            break
        lines.append(
            f"  {length} letters, {2 * length if length == 9 else length} points: "
            f"{' '.join(sorted(by_length[length]))}"
        )
        total += len(by_length[length])
    print("\n".join(lines) if total else f"{rack}: no words")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
