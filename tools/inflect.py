"""English regular inflection by spelling rule, for the tools that make the packaged lists.

- ``plural(noun)``: -s, -es after s/x/z/ch/sh, consonant + y -> -ies;
- ``suffixed(base, ("ed", "ing"))`` and ``suffixed(base, ("er", "est"))``: a final e
  dropped, consonant + y -> i, a final consonant after one vowel doubled or not;
- ``forms(word)``: every regular form the rules make of *word* as a noun, verb or
  adjective, whatever its part of speech (a superset: the caller checks them);
- ``bases(form)``: the words whose regular forms include *form* (the rules run backwards).

No source is read here: which forms are real is for the evidence (derive_inflections.py).
"""

from __future__ import annotations

import re

CONSONANT_Y = re.compile("[^aeiou]y$")
SIBILANT = re.compile("(s|x|z|ch|sh)$")
DOUBLING = re.compile("[^aeiou][aeiou][bdgklmnprt]$")
# (ending of a form, what replaces it in the base), tried for bases(); a doubled final
# consonant is undone as well (stopped -> stop).
DETACH = (
    ("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ied", "y"),
    ("ing", ""), ("ing", "e"), ("er", ""), ("er", "e"), ("est", ""), ("est", "e"),
    ("ier", "y"), ("iest", "y"),
)  # fmt: skip


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


def forms(word: str) -> set[str]:
    """Every regular form of *word* as noun, verb and adjective (the word itself left out)."""
    made = {plural(word), word + "s", word + "es"}  # -es: heroes, tomatoes
    made.update(suffixed(word, ("ed", "ing")), suffixed(word, ("er", "est")))
    return made - {word}


def bases(form: str) -> set[str]:
    """Each word of two or more letters whose forms() include *form*."""
    found: set[str] = set()
    for ending, replacement in DETACH:
        if form.endswith(ending) and len(form) - len(ending) >= 2:
            base = form[: len(form) - len(ending)] + replacement
            found.add(base)
            if base[-1] == base[-2]:
                found.add(base[:-1])
    return {base for base in found if form in forms(base)}
