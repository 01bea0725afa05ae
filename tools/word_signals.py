"""Independent build-time signals on English words, for reviewing and measuring the lists.

Three sources, none of them shipped and none read at run time:

- ``hunspell``: does Debian's hunspell en_GB dictionary (``hunspell-en-gb``) accept the word
  in lower case? Its affix rules cover inflections; it refuses US spellings, names in lower
  case, and most hyphenated compounds written solid.
- ``wordfreq``: the word's Zipf frequency in PyPI's wordfreq (English, its largest list);
  at least FREQUENT counts as support. Install it into a tools venv only.
- ``wordnet``: is the word a WordNet 3.0 lemma (Debian ``wordnet-base``), or a regular or
  listed irregular inflection of one (WordNet's own "morphy" rules and exception files)?

``signals(words)`` answers all three for many words at once; ``versions()`` names the
versions for PROVENANCE.json. Used by tools/review_candidates.py and tools/measure_lists.py.
"""

from __future__ import annotations

import functools
import os
import subprocess
from collections.abc import Iterable
from typing import NamedTuple

HUNSPELL_DICTIONARY = "en_GB"
WORDNET_DIRECTORY = "/usr/share/wordnet"
FREQUENT = 1.5  # Zipf >= 1.5: seen about once in 30 million words or more
POS = ("noun", "verb", "adj", "adv")
# WordNet's morphy detachment rules: (suffix, replacement) per part of speech.
DETACH = {
    "noun": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
             ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
             ("ing", "e"), ("ing", "")),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}  # fmt: skip


class Signals(NamedTuple):
    """What each independent source says about one word."""

    hunspell: bool
    zipf: float
    wordnet: bool

    @property
    def wordfreq(self) -> bool:
        return self.zipf >= FREQUENT

    @property
    def count(self) -> int:
        """How many of the three sources support the word."""
        return int(self.hunspell) + int(self.wordfreq) + int(self.wordnet)


def hunspell_refused(words: Iterable[str]) -> set[str]:
    """The words hunspell en_GB does not accept, as typed (one batch run)."""
    text = "".join(word + "\n" for word in words)
    result = subprocess.run(
        ["hunspell", "-d", HUNSPELL_DICTIONARY, "-l"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(result.stdout.split())


@functools.lru_cache(maxsize=1)
def wordnet_tables() -> tuple[dict[str, frozenset[str]], dict[str, dict[str, list[str]]]]:
    """WordNet's lemmas and exception lists per part of speech (collocations skipped)."""
    lemmas: dict[str, frozenset[str]] = {}
    exceptions: dict[str, dict[str, list[str]]] = {}
    for pos in POS:
        with open(os.path.join(WORDNET_DIRECTORY, f"index.{pos}"), encoding="utf-8") as handle:
            lemmas[pos] = frozenset(
                line.split(" ", 1)[0] for line in handle if not line.startswith(" ")
            )
        table: dict[str, list[str]] = {}
        with open(os.path.join(WORDNET_DIRECTORY, f"{pos}.exc"), encoding="utf-8") as handle:
            for line in handle:
                form, *bases = line.split()
                table[form] = bases
        exceptions[pos] = table
    return lemmas, exceptions


# WordNet's lexicographer files (lexnames), by number, for the nouns.
NOUN_LEXFILES = (
    "noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body noun.cognition "
    "noun.communication noun.event noun.feeling noun.food noun.group noun.location "
    "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession "
    "noun.process noun.quantity noun.relation noun.shape noun.state noun.substance "
    "noun.time"
).split()


@functools.lru_cache(maxsize=1)
def noun_senses() -> dict[str, tuple[str, ...]]:
    """Each WordNet noun lemma with the lexicographer file of each of its senses."""
    lexfile: dict[str, str] = {}
    with open(os.path.join(WORDNET_DIRECTORY, "data.noun"), encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith(" "):
                offset, number = line.split(" ", 2)[:2]
                lexfile[offset] = NOUN_LEXFILES[int(number) - 3]
    senses: dict[str, tuple[str, ...]] = {}
    with open(os.path.join(WORDNET_DIRECTORY, "index.noun"), encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith(" "):
                fields = line.split()
                count = int(fields[2])
                senses[fields[0]] = tuple(lexfile[offset] for offset in fields[-count:])
    return senses


def wordnet_bases(word: str) -> set[str]:
    """The WordNet lemmas *word* is, or inflects (morphy: exceptions, then detachment)."""
    lemmas, exceptions = wordnet_tables()
    found: set[str] = set()
    for pos in POS:
        if word in lemmas[pos]:
            found.add(word)
        found.update(base for base in exceptions[pos].get(word, ()) if base in lemmas[pos])
        for suffix, replacement in DETACH[pos]:
            if word.endswith(suffix) and len(word) > len(suffix):
                base = word[: len(word) - len(suffix)] + replacement
                if base in lemmas[pos]:
                    found.add(base)
    return found


def zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


def signals(words: Iterable[str]) -> dict[str, Signals]:
    """Every source's verdict on each of *words* (lower-case a-z)."""
    words = sorted(set(words))
    refused = hunspell_refused(words)
    return {
        word: Signals(word not in refused, zipf(word), bool(wordnet_bases(word))) for word in words
    }


def versions() -> dict[str, str]:
    """The name and version of each source, for PROVENANCE.json."""
    from importlib.metadata import version

    def debian(package: str) -> str:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True
        )
        return result.stdout.strip() or "unknown"

    return {
        "hunspell": f"Debian hunspell-en-gb {debian('hunspell-en-gb')}",
        "wordfreq": f"PyPI wordfreq {version('wordfreq')} (English, Zipf >= {FREQUENT})",
        "wordnet": f"Debian wordnet-base {debian('wordnet-base')} (WordNet 3.0)",
    }
