"""Prefix-compress a word list, or expand one, in the "Solving Countdown" format.

    python tools/prefix_compress.py compress words.txt > words.pfx
    python tools/prefix_compress.py expand words.pfx > words.txt

Each line after the first may start with a digit 1-9: that many leading characters are
shared with the previous word (``abandon``, ``7ed`` -> ``abandoned``). Compression works
best on alphabetically sorted input; ``-`` (the default) reads stdin.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from anagramdb.errors import AnagramDBError
from anagramdb.wordlist import compress_prefixes, read_words


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["compress", "expand"])
    parser.add_argument(
        "wordlist", nargs="?", default="-", help="input word list (plain or gzip); - for stdin"
    )
    args = parser.parse_args()
    try:
        if args.action == "expand":
            lines = (word for _, word in read_words(args.wordlist, "prefix"))
        else:
            lines = compress_prefixes(word for _, word in read_words(args.wordlist, "plain"))
        for line in lines:
            sys.stdout.write(line + "\n")
    except (AnagramDBError, ValueError) as exc:
        print(f"prefix_compress: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
