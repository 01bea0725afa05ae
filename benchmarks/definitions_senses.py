"""How often the first sense shown is the everyday one, on the judged sample (issue 29).

    python benchmarks/definitions_senses.py [--definitions PATH] [--wrong]

Reads benchmarks/judged_senses.txt (best words of seeded racks, each word with a choice
of senses judged: the WordNet senses, as POS:OFFSET, a British viewer takes for its
everyday meaning) and a definitions file (the packaged one, or PATH: an older file to
compare). For each group it counts the words defined, and the defined words whose first
sense shown (the first entry's first sense, as every front end shows it) is an everyday
one: over all defined words (a word with one sense, or defined by the supplement, counts
as right) and over the judged words with a choice. Needs WordNet 3.0 (Debian's
wordnet-base) to tell which synset a gloss is.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))

from make_definitions import WordNet, entries  # tools/, on sys.path above
from sense_rank import split_gloss
from wordnet import WORDNET_DIRECTORY

from anagramdb.definitions import Definitions

JUDGED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "judged_senses.txt")


def read_judged(path: str) -> dict[str, tuple[list[str], dict[str, set[str]]]]:
    """Group -> (its words in order, word -> the everyday senses as POS:OFFSET)."""
    groups: dict[str, tuple[list[str], dict[str, set[str]]]] = {}
    current = ""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            if line.startswith("["):
                name, _, words = line.partition("] ")
                current = name[1:]
                groups[current] = (words.split(), {})
            else:
                word, _, senses = line.rstrip("\n").partition("\t")
                groups[current][1][word] = set(senses.split())
    return groups


def first_synset(wordnet: WordNet, word: str, definitions: Definitions) -> str | None:
    """POS:OFFSET of the synset whose gloss the first sense shown for *word* holds."""
    entry = definitions.define(word).entries[0]
    gloss = entry.senses[0].gloss
    for _, pos, lemma in entries(wordnet, word):
        if lemma.replace("_", " ") != entry.lemma:
            continue
        for offset in wordnet.lemmas[pos][lemma]:
            definition = split_gloss(wordnet.synsets[pos][offset].gloss)[0]
            # shown_gloss puts an example after a definition ending "e.g." (crumpled)
            if definition.removesuffix(" e.g.").removesuffix(" e.g") in gloss:
                return f"{pos}:{offset}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--definitions", default=None)
    parser.add_argument("--wrong", action="store_true", help="list the words judged wrong")
    args = parser.parse_args()
    wordnet = WordNet(WORDNET_DIRECTORY)
    with Definitions(args.definitions) as definitions:
        for group, (words, judged) in read_judged(JUDGED).items():
            defined = right = chosen = chosen_right = 0
            wrong = []
            for word in words:
                if not definitions.define(word).defined:
                    continue
                defined += 1
                if word not in judged:
                    right += 1
                    continue
                chosen += 1
                if first_synset(wordnet, word, definitions) in judged[word]:
                    right += 1
                    chosen_right += 1
                else:
                    wrong.append(word)
            print(
                f"{group}: {len(words)} words, {defined} defined; everyday sense first: "
                f"{right} of {defined} ({100 * right / defined:.1f}%), of the {chosen} with "
                f"a choice {chosen_right} ({100 * chosen_right / chosen:.1f}%)"
            )
            if args.wrong and wrong:
                print("  wrong: " + " ".join(wrong))
    return 0


if __name__ == "__main__":
    sys.exit(main())
