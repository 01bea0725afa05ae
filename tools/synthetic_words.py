"""Write a deterministic synthetic word list of N distinct words, for scale benchmarks.

    python tools/synthetic_words.py 1000000 -o words-1m.txt [--seed 1]

Letters follow English letter frequencies (the commonly published table of Lewand,
"Cryptological Mathematics", 2000, in percent), and lengths 2-15 follow roughly the shape
of a large dictionary's (most words 6-10 letters). The same N and seed give the same file.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from itertools import accumulate

LETTER_PERCENT = {
    "a": 8.167, "b": 1.492, "c": 2.782, "d": 4.253, "e": 12.702, "f": 2.228, "g": 2.015,
    "h": 6.094, "i": 6.966, "j": 0.153, "k": 0.772, "l": 4.025, "m": 2.406, "n": 6.749,
    "o": 7.507, "p": 1.929, "q": 0.095, "r": 5.987, "s": 6.327, "t": 9.056, "u": 2.758,
    "v": 0.978, "w": 2.360, "x": 0.150, "y": 1.974, "z": 0.074,
}  # fmt: skip
# Relative weights of lengths 2..15.
LENGTH_WEIGHTS = [1, 4, 9, 14, 17, 18, 17, 14, 11, 8, 5, 3, 2, 1]


def synthetic_words(count: int, seed: int = 1) -> Iterator[str]:
    """Yield *count* distinct pseudo-words, deterministically for a given seed."""
    rng = random.Random(seed)
    letters = list(LETTER_PERCENT)
    letter_cum = list(accumulate(LETTER_PERCENT.values()))
    lengths = list(range(2, 2 + len(LENGTH_WEIGHTS)))
    length_cum = list(accumulate(LENGTH_WEIGHTS))
    seen: set[str] = set()
    while len(seen) < count:
        length = rng.choices(lengths, cum_weights=length_cum)[0]
        word = "".join(rng.choices(letters, cum_weights=letter_cum, k=length))
        if word not in seen:
            seen.add(word)
            yield word


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("-o", "--output", default="-")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    with out:
        for word in synthetic_words(args.count, args.seed):
            out.write(word + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
