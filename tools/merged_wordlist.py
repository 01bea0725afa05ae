"""Write a realistic large word list: Debian's word lists merged, folded to a-z.

    python tools/merged_wordlist.py -o merged.txt [LIST ...]

Reads the given lists (default: every plain list in /usr/share/dict, which Debian's ``w*``
packages install: apt-get install wamerican-insane wbritish-insane wcanadian-insane wngerman
wfrench wspanish witalian wdutch wportuguese wbrazilian wcatalan wswedish wdanish; Polish
and Norwegian are left out), folds each word as anagramdb does (case and accents), keeps the
words that fold to 2-20 letters a-z, drops duplicates and writes them sorted, one a line.
Real words from many languages: their keys collide and cluster as a real dictionary's do,
which synthetic words do not. benchmarks/scale.py uses it when it exists; nothing in the
tests needs it.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from anagramdb.keys import fold

ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
# Polish (4.3M inflected forms) and Norwegian (1.6M) would swamp the others: without
# them the merge is about 2.8M words.
SKIP = {
    "README.select-wordlist",
    "words",
    "words.pre-dictionaries-common",
    "polish",
    "bokmaal",
    "nynorsk",
}


def default_lists() -> list[str]:
    """The plain word lists under /usr/share/dict (not the alternatives symlink)."""
    return sorted(
        path
        for path in glob.glob("/usr/share/dict/*")
        if os.path.isfile(path) and not os.path.islink(path) and os.path.basename(path) not in SKIP
    )


def merged_words(paths: list[str]) -> list[str]:
    """The distinct folded a-z words of *paths* (2-20 letters), sorted."""
    words: set[str] = set()
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                word = fold(line.strip())
                if 2 <= len(word) <= 20 and ASCII_LETTERS.issuperset(word):
                    words.add(word)
    return sorted(words)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lists", nargs="*")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    paths = args.lists or default_lists()
    if not paths:
        parser.error(
            "no word lists: apt-get install wamerican-insane wbritish-insane wngerman wfrench ... "
            "(see the docstring)"
        )
    words = merged_words(paths)
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.writelines(word + "\n" for word in words)
    print(f"{len(words):,} words from {len(paths)} lists -> {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
