"""Write tools/scowl_inflections.txt and tools/scowl_drop_forms.txt: the regular inflections
SCOWL files at a larger size than their base, so that each packaged list holding the base
gets the form too, and the forms that leave with a word of the drop list.

    pip install wordfreq   # tools only; hunspell-en-gb and wordnet-base from Debian
    python tools/derive_inflections.py [--scowl DIR] [--output FILE] [--drop-forms FILE]

Debian's scowl package does not ship SCOWL's inflection database, so the forms are derived
here (tools/inflect.py spells them), and only where SCOWL itself lists the form at some
size (british and british_z words, sizes up to 95). For a base of SCOWL size at most 80
(the largest list), WordNet says which parts of speech it has, and the regular forms of
each are tried. A form is kept only with evidence that it is used, beyond hunspell en_GB
accepting it (its affix rules accept dreader and bathoses):

- a verb's -s, -ed and -ing: hunspell en_GB accepts the form;
- an adjective's -er and -est: hunspell, and wordfreq has the form at Zipf GRADED or more
  or WordNet's exception list names it, since an adjective that does not grade has no
  comparative (immenser, moderner, dreader are out; bolder, cosier are in);
- a noun's plural: hunspell, and either wordfreq has the form at Zipf ATTESTED or more, or
  the noun is countable: WordNet files its first sense as a person, animal, object or
  shape (COUNT_LEXFILES: abseilers, tilapias) and it does not look like a mass noun
  (likely_mass: MASS_SUFFIXES such as -ness, -ism, -ware, -ing, or a first sense that is a
  substance, food, attribute, state or feeling). So bathoses, dotages, rapines, worsteds and
  silverwares are out, and a plural in real use (wisdoms, absences) is in.

A form SCOWL files only at size 95 needs the wordfreq evidence too. A word of the
reviewed add-back list (tools/scowl_addback.txt: Oxford has it) is never refused for want
of evidence, nor does it leave with a dropped word (ragbags, overlander, vittles).

The drop forms: for each word of the drop list whose reason condemns the word itself
(FAMILY_REASONS: not in Oxford, hyphenated, phrase-only, an abbreviation, a US spelling),
its regular forms in the largest list (beermat: beermats), and, when the reason is how the
word is written (WRITTEN_REASONS), the word a dropped form inflects and its other forms
(preempted: preempt, preempts, preempting), each
unless the form is a WordNet lemma of its own (eide: eider; mol: molest) or on WordNet's
exception lists (wharve: wharves, which is wharf's), or a regular form
of another word the lists keep (instill: instilled, which is instil's). A mass-noun plural
or a wrong inflection takes nothing with it (acedias goes, acedia stays).

The outputs are sorted, so a rerun with the same sources gives the same files; the drop
list still removes any form the review refuses.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import word_signals
from inflect import bases, forms, plural, suffixed
from make_default_dictionary import (
    ADDBACK,
    CATEGORIES,
    IZE_CATEGORY,
    LISTS,
    SCOWL_DIRECTORY,
    SIZES,
    category_words,
    read_addback,
)
from scowl_reviews import DROP_FORMS, INFLECTIONS, UNATTESTED_FILE, Drop, read_drops

MASS_SUFFIXES = (
    "ness", "ism", "istry", "ity", "ance", "ence", "ancy", "ency", "ics",
    "ware", "work", "ing", "ery", "ology", "ography", "ation", "ition", "ment",
)  # fmt: skip
MASS_LEXFILES = frozenset(
    ("noun.substance", "noun.food", "noun.attribute", "noun.state", "noun.feeling")
)
# A noun whose first sense is one of these is countable (a person, an animal, a thing).
COUNT_LEXFILES = frozenset(("noun.person", "noun.animal", "noun.object", "noun.shape"))
ATTESTED = 1.0  # Zipf: about once in 100 million words
GRADED = 1.5  # Zipf for -er/-est: the adjective grades in real use
# Why a form hunspell accepts was refused, for `check` (the reasons file).
UNATTESTED = {"graded": "no-comparative", "plural": "no-plural"}
# Drop reasons that condemn the whole word, not one form of it.
FAMILY_REASONS = ("not-in-oxford", "hyphenated", "phrase-only", "abbreviation", "us-spelling")
# Drop reasons about how the word is written: the base of a dropped form goes too.
WRITTEN_REASONS = ("hyphenated", "phrase-only", "abbreviation")
DROP_FORMS_HEADER = """\
# Forms that leave every packaged list with a word of the drop list (scowl_drops.txt): FORM
# goes wherever BASE's entry is, with its reason. Made by tools/derive_inflections.py (its
# docstring has the rules: a dropped word's regular forms, the word a dropped hyphenated or
# two-word form inflects, never a WordNet word of its own); do not edit by hand.
#
# Format (docs/FORMAT.md): one entry a line, `FORM BASE`.
"""
UNATTESTED_HEADER = """\
# Inflections hunspell en_GB accepts that the evidence refuses (tools/derive_inflections.py):
# a comparative of an adjective that does not grade in real use, a plural of a noun with no
# countable use. No list takes them; `check` says why. Do not edit by hand.
#
# Format (docs/FORMAT.md): one entry a line, `FORM REASON BASE`, REASON no-comparative or
# no-plural.
"""
HEADER = """\
# Regular inflections that SCOWL files at a larger size than their base: FORM joins every
# packaged list that holds BASE. Made by tools/derive_inflections.py (read its docstring for
# the rules: WordNet's parts of speech, hunspell en_GB, wordfreq for comparatives and plurals);
# do not edit by hand: correct a wrong form through the drop list (scowl_drops.txt).
#
# Format (docs/FORMAT.md): one entry a line, `FORM BASE`.
"""


def regular_forms(base: str) -> list[tuple[str, str]]:
    """``(form, kind)`` for each regular inflection of *base*: kind 'plural', 'verb' or
    'graded' (-er, -est)."""
    lemmas, _ = word_signals.wordnet_tables()
    found: list[tuple[str, str]] = []
    if base in lemmas["noun"]:
        found.append((plural(base), "plural"))
    if base in lemmas["verb"]:
        found.append((plural(base), "verb"))
        found += [(form, "verb") for form in suffixed(base, ("ed", "ing"))]
    if base in lemmas["adj"]:
        found += [(form, "graded") for form in suffixed(base, ("er", "est"))]
    return found


def likely_mass(noun: str) -> bool:
    """True when *noun* looks like a mass noun (MASS_SUFFIXES, or MASS_LEXFILES first)."""
    senses = word_signals.noun_senses().get(noun, ())
    return noun.endswith(MASS_SUFFIXES) or bool(senses and senses[0] in MASS_LEXFILES)


def countable(noun: str) -> bool:
    """True when WordNet files *noun*'s first sense as a person, animal, object or shape
    and it does not look like a mass noun."""
    senses = word_signals.noun_senses().get(noun, ())
    return bool(senses and senses[0] in COUNT_LEXFILES) and not likely_mass(noun)


def used(form: str, kind: str, base: str, zipf: float) -> bool:
    """True when the evidence says *form* (of *kind*, made from *base*) is in use."""
    if kind == "graded":
        _, exceptions = word_signals.wordnet_tables()
        return zipf >= GRADED or base in exceptions["adj"].get(form, ())
    if kind == "plural":
        return zipf >= ATTESTED or countable(base)
    return True


def smallest_sizes(directory: str) -> dict[str, int]:
    """Each SCOWL British word (british_z included) with the smallest size listing it."""
    sizes: dict[str, int] = {}
    for size in SIZES:
        for word in category_words(directory, (*CATEGORIES, IZE_CATEGORY), size):
            sizes.setdefault(word, size)
    return sizes


def derive(
    directory: str, reviewed: frozenset[str] = frozenset()
) -> tuple[list[tuple[str, str]], list[tuple[str, str, str]]]:
    """The sorted ``(form, base)`` pairs to write, and the sorted ``(form, reason, base)``
    of the forms hunspell accepts that the evidence refuses (UNATTESTED reasons), never
    a word of *reviewed* (the add-back list, which Oxford has)."""
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
    refused: dict[str, tuple[str, str, str]] = {}
    for (form, base), kind in sorted(candidates.items()):
        evidence = signals[form]
        if not evidence.hunspell:
            continue
        if not used(form, kind, base, evidence.zipf):
            if kind in UNATTESTED and form not in reviewed:
                refused.setdefault(form, (form, UNATTESTED[kind], base))
            continue
        if sizes[form] > largest and evidence.zipf < ATTESTED:
            continue
        kept.append((form, base))
    forms_kept = {form for form, _ in kept}
    return sorted(kept), sorted(row for form, row in refused.items() if form not in forms_kept)


def drop_forms(
    words: set[str], drops: dict[str, Drop], reviewed: frozenset[str] = frozenset()
) -> list[tuple[str, str]]:
    """The sorted ``(form, dropped word)`` pairs of *words* (the largest list, before the
    drop list) that leave with a dropped word (the module's docstring gives the rules),
    never a word of *reviewed* (vittles stays when vittle goes)."""
    lemmas, exceptions = word_signals.wordnet_tables()
    wordnet = set().union(*lemmas.values(), *exceptions.values())  # wharves: wharf's
    kept = words - drops.keys()
    pairs: dict[str, str] = {}
    for drop in sorted(drops.values()):
        if drop.reason not in FAMILY_REASONS:
            continue
        written = set()
        if drop.reason in WRITTEN_REASONS:  # the compound itself, however it is inflected
            written = {base for base in bases(drop.word) if drop.word in forms(base)}
        related = forms(drop.word).union(*(forms(base) for base in written))
        for form in sorted((related | written) & words - drops.keys() - reviewed):
            if form in wordnet and form not in written:
                continue
            if any(
                base in kept and base not in written and base != drop.word for base in bases(form)
            ):
                # instilled stays with instil; costarring goes with costar, costarred's base
                continue
            pairs.setdefault(form, drop.word)
    return sorted(pairs.items())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl", default=SCOWL_DIRECTORY, help="SCOWL's categorized lists")
    parser.add_argument("--output", default=INFLECTIONS, help="the file to write")
    parser.add_argument("--drop-forms", default=DROP_FORMS, help="the drop forms to write")
    parser.add_argument("--unattested", default=UNATTESTED_FILE, help="refused forms to write")
    args = parser.parse_args()
    reviewed = frozenset(word for word, _ in read_addback(ADDBACK))
    pairs, refused = derive(args.scowl, reviewed)
    write(args.output, HEADER, pairs)
    with open(args.unattested, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(UNATTESTED_HEADER + "".join(" ".join(row) + "\n" for row in refused))
    print(f"{os.path.relpath(args.unattested)}: {len(refused)} forms without evidence")
    print(f"{os.path.relpath(args.output)}: {len(pairs)} inflections")
    largest = category_words(args.scowl, (*CATEGORIES, IZE_CATEGORY), max(LISTS.values()))
    largest |= {form for form, _ in pairs}
    going = drop_forms(largest, read_drops(), reviewed)
    write(args.drop_forms, DROP_FORMS_HEADER, going)
    print(f"{os.path.relpath(args.drop_forms)}: {len(going)} forms of dropped words")
    return 0


def write(path: str, header: str, pairs: list[tuple[str, str]]) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(header + "".join(f"{form} {base}\n" for form, base in pairs))


if __name__ == "__main__":
    sys.exit(main())
