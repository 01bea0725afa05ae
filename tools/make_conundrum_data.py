"""Make the conundrum data in anagramdb/data/ from the packaged lists (format in
docs/FORMAT.md), after tools/make_default_dictionary.py:

    pip install wordfreq   # tools only; hunspell-en-gb from Debian
    python tools/make_conundrum_data.py [--scowl DIR] [--output DIR]

- ``conundrum_unfit.txt``: the words of clue length (CLUE_LENGTHS) in ``full`` that are not
  fit to show in a clue: SCOWL also lists them capitalised (a name or trademark: Brie, Noel)
  or as an abbreviation (AWOL) at the same size or a smaller one, or lists such a form and
  hunspell en_GB refuses the word in lower case (lilo), or hunspell en_GB refuses the word
  at all (thru, jello). Generated conundrums never use one as a clue word or answer.
- ``conundrum_answers.txt``: the nine-letter words of the packaged lists fit to be a
  conundrum's answer: known to a contestant (wordfreq's Zipf frequency at least FLOOR),
  fit as above, not on the offensive or vulgar lists, and the only word with their letters
  in every packaged list (``huge``, which holds the others, after the review).

Both are sorted word lists with a comment header naming the sources and their versions.
The commonness floor is applied here, at build time: anagramdb never reads wordfreq. A
rerun with the same lists and sources gives the same bytes.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import word_signals
from make_default_dictionary import (
    CATEGORIES,
    IZE_CATEGORY,
    REVIEWED_CATEGORIES,
    SCOWL_DIRECTORY,
    SIZES,
    category_words,
)

from anagramdb.countdown.conundrum import VULGAR_FILE
from anagramdb.keys import fold, letters_key
from anagramdb.packaged import DATA_DIRECTORY, PACKAGED
from anagramdb.wordlist import OFFENSIVE_FILE, read_word_set

FLOOR = 2.5  # Zipf: about 3 uses in 10 million words (swordfish, erstwhile, amphibian)
ANSWER_LENGTH = 9
CLUE_LENGTHS = range(3, 7)  # two or three clue words of three or more letters make nine
KINDS = ("upper", "proper-names", "abbreviations")
ANSWERS_FILE = "conundrum_answers.txt"
UNFIT_FILE = "conundrum_unfit.txt"


def scowl_categories(directory: str) -> list[str]:
    """Every SCOWL category with a file in *directory* (british, american, ...), sorted."""
    return sorted({name.split("-", 1)[0] for name in os.listdir(directory) if "-" in name})


def other_forms(directory: str) -> dict[str, int]:
    """Each word, folded to lower case, that SCOWL lists capitalised or as an abbreviation
    in any category, with the smallest size listing such a form."""
    sizes: dict[str, int] = {}
    for category in scowl_categories(directory):
        for kind in KINDS:
            for size in SIZES:
                path = os.path.join(directory, f"{category}-{kind}.{size}")
                if not os.path.exists(path):
                    continue
                with open(path, encoding="utf-8") as handle:
                    for line in handle:
                        word = fold(line.strip())
                        if word.isalpha() and word.isascii() and sizes.get(word, 99) > size:
                            sizes[word] = size
    return sizes


def word_sizes(directory: str) -> dict[str, int]:
    """Each lower-case SCOWL word the packaged lists read, with its smallest size."""
    sizes: dict[str, int] = {}
    for size in SIZES:
        categories = (*CATEGORIES, IZE_CATEGORY, *REVIEWED_CATEGORIES)
        for word in category_words(directory, categories, size):
            sizes.setdefault(word, size)
    return sizes


def read_list(path: str) -> list[str]:
    with open(path, encoding="utf-8") as handle:
        return handle.read().split()


def unfit_words(words: list[str], directory: str) -> set[str]:
    """The words of *words* not fit for a conundrum (see the module's docstring)."""
    forms = other_forms(directory)
    sizes = word_sizes(directory)
    refused = word_signals.hunspell_refused(words)
    return {
        word
        for word in words
        if word in refused or (word in forms and forms[word] <= sizes.get(word, 99))
    }


def header(title: str, lines: list[str]) -> str:
    return "".join(f"# {line}\n".replace("# \n", "#\n") for line in [title, "", *lines])


def make(directory: str, output: str) -> dict[str, int]:
    """Write both files into *output*; return their word counts."""
    lists = {name: read_list(os.path.join(output, PACKAGED[name])) for name in PACKAGED}
    versions = word_signals.versions()
    clue_words = [word for word in lists["full"] if len(word) in CLUE_LENGTHS]
    unfit = unfit_words(clue_words, directory)
    keys = Counter(letters_key(word) for word in lists["huge"] if len(word) == ANSWER_LENGTH)
    offensive = read_word_set(OFFENSIVE_FILE, "plain") | read_word_set(VULGAR_FILE, "plain")
    nine = sorted({word for name in lists for word in lists[name] if len(word) == ANSWER_LENGTH})
    refused = unfit_words(nine, directory)
    answers = [
        word
        for word in nine
        if keys[letters_key(word)] == 1
        and word not in refused
        and word not in offensive
        and word_signals.zipf(word) >= FLOOR
    ]
    sources = [
        "Made by tools/make_conundrum_data.py from the packaged lists, SCOWL's capitalised",
        f"and abbreviation lists, {versions['hunspell']} and PyPI wordfreq {version('wordfreq')}.",
    ]
    files = {
        UNFIT_FILE: (
            header(
                "Words of clue length (3-6 letters) in full that a conundrum never shows:",
                [
                    "names, trademarks and abbreviations (SCOWL lists the word capitalised or as",
                    "an abbreviation at its own size or a smaller one, or lists such a form and",
                    "hunspell en_GB refuses the word) and words hunspell en_GB refuses.",
                    *sources,
                    "Format (docs/FORMAT.md): one word a line; text after # is a comment.",
                ],
            ),
            sorted(unfit),
        ),
        ANSWERS_FILE: (
            header(
                "Nine-letter words fit to be a conundrum's answer: Zipf frequency at least "
                f"{FLOOR},",
                [
                    "not a name, trademark or abbreviation, not offensive or vulgar, and the only",
                    "word with its letters in every packaged list.",
                    *sources,
                    "Format (docs/FORMAT.md): one word a line; text after # is a comment.",
                ],
            ),
            answers,
        ),
    }
    for name, (text, words) in files.items():
        with open(os.path.join(output, name), "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text + "".join(word + "\n" for word in words))
    return {name: len(words) for name, (_, words) in files.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl", default=SCOWL_DIRECTORY, help="SCOWL's categorized lists")
    parser.add_argument("--output", default=DATA_DIRECTORY, help="the packaged data directory")
    args = parser.parse_args()
    for name, count in make(args.scowl, args.output).items():
        print(f"{name}: {count} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
