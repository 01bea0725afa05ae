"""Where the letters solver should switch from sub-multiset lookups to one pass.

    python benchmarks/letters_crossover.py [--dict PATH]

For racks of growing size (random letters at Countdown frequencies, fixed seed), times
both strategies on a freshly opened Dictionary and prints the number of keys looked up,
the time of each, and the time per key and per word: the constants of the cost model in
anagramdb/countdown/letters.py (COST_PER_KEY, COST_PER_WORD).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from anagramdb import Dictionary
from anagramdb.countdown.letters import count_sub_keys, parse_rack, solve_letters

LETTERS = (
    "aaaaaaaaaaaaaaabbcccddddddeeeeeeeeeeeeeeeeeeeeeffggghhiiiiiiiiiiiiijklllllmmmmnnnnnnnn"
    "oooooooooooooppppqrrrrrrrrrsssssssssttttttttttuuuuuvwxyz"
)


def timed(function, *args, **options) -> float:
    start = time.perf_counter()
    function(*args, **options)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=None)
    parser.add_argument("--racks", type=int, default=3, help="racks per size")
    args = parser.parse_args()
    rng = random.Random(7)
    with Dictionary(args.dict) as probe:
        words = probe.word_count
    print(f"{'size':>4} {'keys':>9} {'lookup ms':>10} {'scan ms':>9} {'us/key':>7} {'us/word':>8}")
    for size in [9, 11, 13, 15, 17, 19, 21, 23, 25]:
        lookups, scans, keys = [], [], []
        for _ in range(args.racks):
            rack = "".join(rng.sample(LETTERS, size))
            key, blanks = parse_rack(rack)
            keys.append(count_sub_keys(key, blanks))
            with Dictionary(args.dict) as dictionary:
                lookups.append(timed(solve_letters, dictionary, rack, 3, all=True, method="lookup"))
            with Dictionary(args.dict) as dictionary:
                scans.append(timed(solve_letters, dictionary, rack, 3, all=True, method="scan"))
        lookup, scan, count = (
            statistics.median(lookups),
            statistics.median(scans),
            statistics.median(keys),
        )
        print(
            f"{size:>4} {count:>9.0f} {lookup * 1e3:>10.1f} {scan * 1e3:>9.1f} "
            f"{lookup * 1e6 / count:>7.2f} {scan * 1e6 / words:>8.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
