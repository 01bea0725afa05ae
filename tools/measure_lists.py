"""Judge word lists as the show would: their best letters-round words on seeded racks,
against independent sources (tools/word_signals.py: hunspell en_GB, wordfreq, WordNet).

    pip install wordfreq   # tools only
    python tools/measure_lists.py [--racks 1000] [--seed 1] [LIST ...]
    python tools/measure_lists.py before=/tmp/old/words.txt full --unsupported words.txt

A LIST is a packaged name (full, common, huge), a dictionary file, or LABEL=FILE. Racks are
drawn as ``anagramdb draw letters`` draws them (rack i uses seed SEED + i). For each list:
its distinct best words (the longest the rack allows) and the share that no source
supports (review candidates), and that all three support; then, for each other list
against the first, on how many racks the best length is longer, the same or shorter.
``--unsupported FILE`` writes the best words that no source supports, one a line, for
review (tools/scowl_drops.txt records the verdicts).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import word_signals

from anagramdb.countdown.draw import draw_letters
from anagramdb.countdown.letters import solve_letters
from anagramdb.dictionary import Dictionary

Best = tuple[int, list[str]]


def best_words(dictionary: Dictionary, rack: str) -> Best:
    """The length of the longest words *rack* makes in *dictionary*, and those words."""
    found = solve_letters(dictionary, rack, min_length=1, enough=1)
    if not found:
        return 0, []
    length = found[0].length
    return length, sorted(word.word for word in found if word.length == length)


def measure(lists: dict[str, str], racks: list[str]) -> dict[str, list[Best]]:
    results: dict[str, list[Best]] = {}
    for label, path in lists.items():
        with Dictionary(path) as dictionary:
            results[label] = [best_words(dictionary, rack) for rack in racks]
    return results


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report(results: dict[str, list[Best]], racks: int) -> list[str]:
    """The report's lines, and the signals of every best word (looked up once)."""
    words = {word for best in results.values() for _, found in best for word in found}
    signals = word_signals.signals(words)
    lines = []
    for label, best in results.items():
        distinct = {word for _, found in best for word in found}
        none = sum(1 for word in distinct if signals[word].count == 0)
        every = sum(1 for word in distinct if signals[word].count == 3)
        racks_none = sum(1 for _, found in best if any(signals[word].count == 0 for word in found))
        mean = sum(length for length, _ in best) / racks
        lines.append(
            f"{label}: {len(distinct)} distinct best words; no source supports {none} "
            f"({percent(none, len(distinct))}), all three {every} "
            f"({percent(every, len(distinct))}); racks showing an unsupported best word: "
            f"{racks_none} ({percent(racks_none, racks)}); mean best length {mean:.2f}"
        )
    first, *others = results
    for label in others:
        moves = Counter(
            (length - base > 0) - (length - base < 0)
            for (base, _), (length, _) in zip(results[first], results[label], strict=True)
        )
        lines.append(
            f"{label} against {first}: best word longer on {moves[1]} racks, "
            f"shorter on {moves[-1]}, the same on {moves[0]}"
        )
    return lines


def resolve(spec: str) -> tuple[str, str]:
    label, _, path = spec.rpartition("=")
    return (label or spec), path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lists", nargs="*", default=["full", "common", "huge"])
    parser.add_argument("--racks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unsupported", help="write the unsupported best words here")
    args = parser.parse_args()
    lists = dict(resolve(spec) for spec in args.lists)
    racks = [draw_letters(seed=args.seed + i).letters for i in range(args.racks)]
    results = measure(lists, racks)
    print(f"{args.racks} racks from draw letters (seeds {args.seed}-{args.seed + args.racks - 1})")
    print("\n".join(report(results, args.racks)))
    if args.unsupported:
        words = {word for best in results.values() for _, found in best for word in found}
        signals = word_signals.signals(words)
        with open(args.unsupported, "w", encoding="utf-8") as handle:
            handle.writelines(word + "\n" for word in sorted(words) if signals[word].count == 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
