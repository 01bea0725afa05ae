"""Write tools/scowl_inflections.txt: regular inflections SCOWL files at a larger size than
their base, so that each packaged list holding the base gets the form too.

    pip install wordfreq   # tools only; hunspell-en-gb and wordnet-base from Debian
    python tools/derive_inflections.py [--scowl DIR] [--output FILE]

Debian's scowl package does not ship SCOWL's inflection database, so the forms are derived
here, and only where SCOWL itself lists the form at some size (british and british_z words,
sizes up to 95). For a base of SCOWL size at most 80 (the largest list), WordNet says which
parts of speech it has, and the regular forms of each are tried:

- a noun: the plural (-s, -es after s/x/z/ch/sh, consonant + y -> -ies);
- a verb: -s, -ed and -ing (final e dropped, consonant + y -> -ied, a final consonant
  after one vowel doubled or not);
- an adjective: -er and -est (the same spelling rules).

A form is kept only when hunspell en_GB accepts it, and, when it is the plural of a likely
mass noun, also appears in wordfreq (Zipf >= ATTESTED). A noun is likely mass when it ends
in MASS_SUFFIXES (-ness, -ism, -istry, -ity, -ance, -ence, -ancy, -ency, -ics) or WordNet
files its first (most frequent) sense as a substance, food, attribute, state or feeling
(MASS_LEXFILES: casein, linseed, fealty, angina). A form SCOWL files only at size 95 needs the same
wordfreq evidence. The output is sorted, so a rerun with the same sources gives the same
file; the drop list (tools/scowl_drops.txt) still removes any form the review refuses.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import word_signals
from make_default_dictionary import (
    CATEGORIES,
    IZE_CATEGORY,
    LISTS,
    SCOWL_DIRECTORY,
    SIZES,
    category_words,
)
from scowl_reviews import INFLECTIONS

MASS_SUFFIXES = ("ness", "ism", "istry", "ity", "ance", "ence", "ancy", "ency", "ics")
MASS_LEXFILES = frozenset(
    ("noun.substance", "noun.food", "noun.attribute", "noun.state", "noun.feeling")
)
ATTESTED = 1.0  # Zipf: about once in 100 million words
CONSONANT_Y = re.compile("[^aeiou]y$")
SIBILANT = re.compile("(s|x|z|ch|sh)$")
DOUBLING = re.compile("[^aeiou][aeiou][bdgklmnprt]$")
HEADER = """\
# Regular inflections that SCOWL files at a larger size than their base: FORM joins every
# packaged list that holds BASE. Made by tools/derive_inflections.py (read its docstring for
# the rules: WordNet's parts of speech, hunspell en_GB, wordfreq for mass-noun plurals);
# do not edit by hand: correct a wrong form through the drop list (scowl_drops.txt).
#
# Format (docs/FORMAT.md): one entry a line, `FORM BASE`.
"""


def plural(base: str) -> str:
    if SIBILANT.search(base):
        return base + "es"
    if CONSONANT_Y.search(base):
        return base[:-1] + "ies"
    return base + "s"


def suffixed(base: str, suffixes: tuple[str, str]) -> list[str]:
    """*base* with each of *suffixes* (``("ed", "ing")`` or ``("er", "est")``) by the
    regular spelling rules, doubled-consonant forms included."""
    first, second = suffixes
    if base.endswith("e"):
        return (
            [base + first[1:], base[:-1] + second]
            if first == "ed"
            else [base + first[1:], base + second[1:]]
        )
    if CONSONANT_Y.search(base):
        stem = base[:-1] + "i"
        return [stem + first, base + second] if first == "ed" else [stem + first, stem + second]
    forms = [base + first, base + second]
    if DOUBLING.search(base):
        forms += [base + base[-1] + first, base + base[-1] + second]
    return forms


def regular_forms(base: str) -> list[tuple[str, str]]:
    """``(form, kind)`` for each regular inflection of *base*, kind 'plural' or 'other'."""
    lemmas, _ = word_signals.wordnet_tables()
    forms: list[tuple[str, str]] = []
    if base in lemmas["noun"]:
        forms.append((plural(base), "plural"))
    if base in lemmas["verb"]:
        forms.append((plural(base), "other"))
        forms += [(form, "other") for form in suffixed(base, ("ed", "ing"))]
    if base in lemmas["adj"]:
        forms += [(form, "other") for form in suffixed(base, ("er", "est"))]
    return forms


def likely_mass(noun: str) -> bool:
    """True when *noun* looks like a mass noun (MASS_SUFFIXES, or MASS_LEXFILES first)."""
    senses = word_signals.noun_senses().get(noun, ())
    return noun.endswith(MASS_SUFFIXES) or bool(senses and senses[0] in MASS_LEXFILES)


def smallest_sizes(directory: str) -> dict[str, int]:
    """Each SCOWL British word (british_z included) with the smallest size listing it."""
    sizes: dict[str, int] = {}
    for size in SIZES:
        for word in category_words(directory, (*CATEGORIES, IZE_CATEGORY), size):
            sizes.setdefault(word, size)
    return sizes


def derive(directory: str) -> list[tuple[str, str]]:
    """The sorted ``(form, base)`` pairs to write."""
    sizes = smallest_sizes(directory)
    largest = max(LISTS.values())
    candidates: dict[tuple[str, str], str] = {}
    for base, size in sizes.items():
        if size > largest:
            continue
        for form, kind in regular_forms(base):
            if form != base and sizes.get(form, 0) > size:
                candidates.setdefault((form, base), kind)
    signals = word_signals.signals(form for form, _ in candidates)
    kept = []
    for (form, base), kind in candidates.items():
        evidence = signals[form]
        if not evidence.hunspell:
            continue
        attested = evidence.zipf >= ATTESTED
        if kind == "plural" and likely_mass(base) and not attested:
            continue
        if sizes[form] > largest and not attested:
            continue
        kept.append((form, base))
    return sorted(kept)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl", default=SCOWL_DIRECTORY, help="SCOWL's categorized lists")
    parser.add_argument("--output", default=INFLECTIONS, help="the file to write")
    args = parser.parse_args()
    pairs = derive(args.scowl)
    with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(HEADER + "".join(f"{form} {base}\n" for form, base in pairs))
    print(f"{args.output}: {len(pairs)} inflections")
    return 0


if __name__ == "__main__":
    sys.exit(main())
