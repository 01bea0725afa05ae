"""How many words of a list of show-valid words each word list holds (issue 28 item 2's
recall aim: at least 90%), by category.

    python tools/recall_words.py [--words FILE] [LIST ...]

FILE is ``WORD CATEGORY`` a line (tools/show_valid_words.txt by default; text after
``#`` is a note). A LIST is a packaged name (full, common, huge) or LABEL=FILE, a word list
or dictionary file with one word a line (so an older words.txt can be compared).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from anagramdb.packaged import PACKAGED, data_path

WORDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "show_valid_words.txt")


def read_words(path: str) -> list[tuple[str, str]]:
    found = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split("#", 1)[0].split()
            if fields:
                found.append((fields[0], fields[1]))
    return found


def read_list(spec: str) -> tuple[str, set[str]]:
    label, _, path = spec.rpartition("=")
    if not label:
        label, path = spec, data_path(PACKAGED[spec]) if spec in PACKAGED else spec
    with open(path, encoding="utf-8") as handle:
        return label, set(handle.read().split())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lists", nargs="*", default=["common", "full", "huge"])
    parser.add_argument("--words", default=WORDS)
    args = parser.parse_args()
    words = read_words(args.words)
    categories = sorted({category for _, category in words})
    print(f"{len(words)} show-valid words ({os.path.basename(args.words)})")
    for spec in args.lists:
        label, found = read_list(spec)
        held = [word for word, _ in words if word in found]
        parts = ", ".join(
            f"{category} {sum(1 for w, c in words if c == category and w in found)}"
            f"/{sum(1 for _, c in words if c == category)}"
            for category in categories
        )
        share = 100 * len(held) / len(words)
        print(f"{label}: {len(held)} of {len(words)} ({share:.0f}%): {parts}")
        missing = [word for word, _ in words if word not in found]
        if missing:
            print(f"  missing: {' '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
