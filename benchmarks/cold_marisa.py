"""A cold letters lookup with marisa-trie, memory-mapped (the other cold-process peer).

    python benchmarks/cold_marisa.py TRIE RACK [--all] [--min N]

The trie is benchmarks/contenders.py's BytesTrie (key -> words joined by LF), opened
with mmap and searched depth first over the rack's letters, pruned by
``iterkeys``; the words are printed grouped by length exactly as
``anagramdb letters`` prints them (compare.py checks the text is identical).
"""

import sys
from collections import Counter

import marisa_trie


def main(argv: list[str]) -> int:
    path, rack = argv[0], argv[1]
    everything = "--all" in argv
    min_length = int(argv[argv.index("--min") + 1]) if "--min" in argv else 3
    trie = marisa_trie.BytesTrie()
    trie.mmap(path)
    counts = sorted(Counter(rack.lower()).items())
    by_length: dict[int, list[str]] = {}

    def walk(start: int, prefix: str) -> None:
        for i in range(start, len(counts)):
            letter, count = counts[i]
            key = prefix
            for _ in range(count):
                key += letter
                if next(trie.iterkeys(key), None) is None:
                    break
                found = trie.get(key) if len(key) >= min_length else None
                if found:
                    by_length.setdefault(len(key), []).extend(found[0].decode().split("\n"))
                walk(i + 1, key)

    walk(0, "")
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
