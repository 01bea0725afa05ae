"""Check generated conundrums as a broadcaster would: no offensive word, no second answer
in any packaged list, no name, trademark or abbreviation among the answers and clue words.

    python tools/check_conundrums.py [--count 2000] [--seed 1] [--from common full]

Generates COUNT conundrums from each source (``anagramdb draw conundrum --from
SOURCE``), then checks each against sources the generator does not read: the offensive list
as a whole word and spelt inside the clue; every packaged list for a second anagram of the
answer; SCOWL's capitalised, proper-name and abbreviation files (any category, any size)
for each answer and clue word. A word SCOWL also lists capitalised is reported two ways:
at the word's own size or a smaller one (a name at least as common as the word: the rule
the generator applies), and at any size (for information: rose, bill, china).
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from make_conundrum_data import other_forms, word_sizes
from make_default_dictionary import SCOWL_DIRECTORY

from anagramdb.countdown.conundrum import Conundrum, generate, spells_out
from anagramdb.dictionary import Dictionary
from anagramdb.keys import letters_key
from anagramdb.packaged import PACKAGED
from anagramdb.wordlist import offensive_words


def check(made: list[Conundrum], lists: dict[str, Dictionary], directory: str) -> list[str]:
    """One line a finding: counts first, then up to ten examples of each problem."""
    offensive = offensive_words()
    forms = other_forms(directory)
    sizes = word_sizes(directory)
    problems: dict[str, list[str]] = {
        "offensive word": [],
        "second answer": [],
        "name or abbreviation at its size": [],
        "also capitalised at some size": [],
    }
    for puzzle in made:
        words = (puzzle.answer, *puzzle.words)
        if any(word in offensive for word in words) or spells_out(puzzle.clue, offensive):
            problems["offensive word"].append(f"{puzzle.clue}/{puzzle.answer}")
        for name, dictionary in lists.items():
            others = [
                word
                for word in dictionary.words_with_key(letters_key(puzzle.answer))
                if word != puzzle.answer
            ]
            if others:
                problems["second answer"].append(f"{puzzle.answer}/{others[0]} ({name})")
        for word in words:
            if word in forms and forms[word] <= sizes.get(word, 99):
                problems["name or abbreviation at its size"].append(word)
            elif word in forms:
                problems["also capitalised at some size"].append(word)
    return [
        f"  {kind}: {len(found)}" + (f" (e.g. {', '.join(found[:10])})" if found else "")
        for kind, found in problems.items()
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--from", dest="sources", nargs="+", default=["common", "full"])
    parser.add_argument("--scowl", default=SCOWL_DIRECTORY, help="SCOWL's categorized lists")
    args = parser.parse_args()
    lists = {name: Dictionary(name) for name in PACKAGED}
    try:
        for source in args.sources:
            made = generate(lists["full"], lists[source], args.count, args.seed)
            answers = len({puzzle.answer for puzzle in made})
            print(f"{len(made)} conundrums from {source} (seed {args.seed}), {answers} answers:")
            print("\n".join(check(made, lists, args.scowl)))
    finally:
        for dictionary in lists.values():
            dictionary.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
