"""How often the best letters answers get a definition, on drawn racks (issue 23).

    python benchmarks/definitions_coverage.py [--racks 2000] [--seed 1] [--dict full]
        [--definitions PATH] [--undefined 20]

Draws racks as ``anagramdb draw letters`` does (rack i uses seed SEED + i), finds the
longest words the dictionary allows on each (the best answers: every word of the longest
length), and counts how many of them the definitions file defines: as words, and as racks
with at least one defined best word. Also the share of the whole list defined. Prints
examples of undefined best words.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from anagramdb.countdown.draw import draw_letters
from anagramdb.countdown.letters import solve_letters
from anagramdb.definitions import Definitions
from anagramdb.dictionary import Dictionary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--racks", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dict", default="full")
    parser.add_argument("--definitions", default=None)
    parser.add_argument("--undefined", type=int, default=20)
    args = parser.parse_args()
    best_words = defined_words = racks_defined = 0
    undefined: list[str] = []
    with Dictionary(args.dict) as dictionary, Definitions(args.definitions) as definitions:
        for i in range(args.racks):
            rack = draw_letters(seed=args.seed + i).letters
            found = solve_letters(dictionary, rack, min_length=1, enough=1)
            if not found:
                continue
            best = [word.word for word in found if word.length == found[0].length]
            known = [word for word in best if definitions.define(word).defined]
            best_words += len(best)
            defined_words += len(known)
            racks_defined += bool(known)
            undefined.extend(word for word in best if word not in known)
        listed = sum(1 for _ in dictionary)
        listed_defined = sum(definitions.define(word).defined for word in dictionary)
    last = args.seed + args.racks - 1
    print(
        f"{args.racks} racks from draw letters (seeds {args.seed}-{last}), dictionary {args.dict}"
    )
    for what, count, total in (
        ("best words defined", defined_words, best_words),
        ("racks with a defined best word", racks_defined, args.racks),
        (f"words of {args.dict} defined", listed_defined, listed),
    ):
        print(f"  {what}: {count} of {total} ({100 * count / total:.1f}%)")
    examples = " ".join(sorted(set(undefined))[: args.undefined])
    print(f"  undefined best words, for example: {examples}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
