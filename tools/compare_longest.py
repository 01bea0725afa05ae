"""How the longest letters answer changes between two dictionaries, on drawn racks.

    python tools/compare_longest.py [--racks 2000] [--seed 1] [--dicts huge full common]

Draws racks as ``anagramdb draw letters`` does (rack i uses seed SEED + i), finds the
longest words each dictionary allows, and compares every dictionary with the first: on
how many racks the first finds a longer word, by how many letters, and examples of the
words only the first has. Used to judge the packaged lists (docs/DATA.md, "Which list for the
show"): a longer best word from ``huge`` is usually one the show would refuse.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from anagramdb.countdown.draw import draw_letters
from anagramdb.countdown.letters import solve_letters
from anagramdb.dictionary import Dictionary


def longest(dictionary: Dictionary, rack: str) -> tuple[int, list[str]]:
    """The length of the longest words *rack* makes in *dictionary*, and those words."""
    found = solve_letters(dictionary, rack, min_length=1, enough=1)
    if not found:
        return 0, []
    best = found[0].length
    return best, [word.word for word in found if word.length == best]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--racks", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--dicts",
        nargs="+",
        default=["huge", "full", "common"],
        help="the first is compared with each other",
    )
    parser.add_argument("--examples", type=int, default=12)
    args = parser.parse_args()
    racks = [draw_letters(seed=args.seed + i).letters for i in range(args.racks)]
    results: dict[str, list[tuple[int, list[str]]]] = {}
    for name in args.dicts:
        with Dictionary(name) as dictionary:
            results[name] = [longest(dictionary, rack) for rack in racks]
    first = args.dicts[0]
    print(f"{args.racks} racks from draw letters (seeds {args.seed}-{args.seed + args.racks - 1})")
    for name in args.dicts:
        lengths = Counter(length for length, _ in results[name])
        mean = sum(length for length, _ in results[name]) / len(racks)
        spread = ", ".join(
            f"{length}: {lengths[length]}" for length in sorted(lengths, reverse=True)
        )
        print(f"  {name}: mean longest {mean:.2f} letters; racks by longest length: {spread}")
    for name in args.dicts[1:]:
        gains: Counter[int] = Counter()
        examples: list[str] = []
        for rack, (long_length, long_words), (length, _) in zip(
            racks, results[first], results[name], strict=True
        ):
            gain = long_length - length
            gains[gain] += 1
            if gain > 0 and len(examples) < args.examples:
                examples.append(f"{rack} {'/'.join(long_words[:2])} ({long_length} vs {length})")
        longer = sum(count for gain, count in gains.items() if gain > 0)
        detail = ", ".join(f"+{gain}: {gains[gain]}" for gain in sorted(gains) if gain > 0)
        print(
            f"{first} vs {name}: {first} has a longer best word on {longer} of {len(racks)} "
            f"racks ({100 * longer / len(racks):.1f}%; {detail})"
        )
        print(f"  the same length on {gains[0]}; for example: " + "; ".join(examples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
