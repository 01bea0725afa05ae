"""Reading WordNet 3.0's database files, and Morphy: an inflected form to its base forms.

Standard library only. The files are Debian wordnet-base's (/usr/share/wordnet), laid out
as wndb(5WN) describes them:

    index.POS  LEMMA POS SYNSET_CNT P_CNT [PTR...] SENSE_CNT TAGSENSE_CNT OFFSET...
               one line a lemma, its synsets in sense order (most frequent first)
    data.POS   OFFSET LEX_FILENUM SS_TYPE W_CNT(hex) [WORD LEX_ID]... P_CNT
               [PTR_SYMBOL OFFSET POS SOURCE/TARGET(hex)]... [FRAMES] | GLOSS
    POS.exc    INFLECTED BASE... (the exception lists Morphy reads first)
    cntlist.rev  SENSE_KEY SENSE_NUMBER TAG_CNT  (how often the sense was tagged in the
               Semantic Concordance texts; senseidx(5WN) gives the sense key's grammar)

Lines starting with two spaces are the licence, at the top of each file. Lemmas are lower
case with ``_`` for spaces. morphy(7WN) gives Morphy's rules, implemented in ``morphy``:
look the word up in the exception list of the part of speech; only when it is not there,
detach each suffix of RULES that it ends with and add the ending; keep the results that
are lemmas of that part of speech. Nouns ending in "ss", and nouns of at most two
letters, are not detached (as WordNet's morph.c does), and a noun ending in "ful" has
the part before "ful" processed (``boxesful`` -> ``boxful``).
"""

from __future__ import annotations

import os
from collections.abc import Container, Iterator
from dataclasses import dataclass, field

WORDNET_DIRECTORY = "/usr/share/wordnet"
PARTS = ("n", "v", "a", "r")  # noun, verb, adjective, adverb: the files' names
FILE_NAMES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
# morphy(7WN), "Rules of Detachment": (suffix, ending) in the order Morphy tries them.
RULES = {
    "n": (
        ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"),
        ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"),
    ),
    "v": (
        ("s", ""), ("ies", "y"), ("es", "e"), ("es", ""),
        ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
    ),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}  # fmt: skip
# Pointer symbols to domains whose names are labels: region and usage (wninput(5WN)).
LABEL_POINTERS = (";r", ";u")
TOPIC_POINTER = ";c"  # a topic domain (sport, heraldry): a signal for ranking, not a label
HYPERNYM_POINTERS = ("@", "@i")
SATELLITE_HEAD = "&"  # a satellite adjective's pointer to the head of its cluster
SS_TYPES = {"n": 1, "v": 2, "a": 3, "r": 4, "s": 5}  # the sense key's number of each type


@dataclass
class Synset:
    """One synset of data.POS: its words (lower case, ``_`` for spaces), gloss, labels."""

    offset: int
    pos: str  # n, v, a (satellites too) or r
    words: list[str]  # lower case
    written: list[str]  # as WordNet writes them: capitals mark proper nouns ("United_Kingdom")
    gloss: str
    # (source word number, 0 for every word; target synset offset, its pos) of each
    # region or usage pointer
    domains: list[tuple[int, int, str]] = field(default_factory=list)
    topics: list[tuple[int, int, str]] = field(default_factory=list)  # the same, topic domains
    lex_file: int = 0  # the lexicographer file's number (senseidx(5WN): part of a sense key)
    lex_ids: list[int] = field(default_factory=list)  # each word's lex_id, in word order
    satellite: bool = False  # an adjective satellite (ss_type "s")
    head: int = 0  # a satellite's head synset (its "&" pointer's target)
    pointers: int = 0  # how many pointers it has: how connected it is
    hypernyms: list[int] = field(default_factory=list)  # "@" and "@i" targets, same pos


def licence_lines(path: str) -> Iterator[str]:
    """The lines of a WordNet file that are not its leading licence (two spaces first)."""
    with open(path, encoding="utf-8", errors="strict") as handle:
        for line in handle:
            if not line.startswith("  "):
                yield line.rstrip("\n")


def read_index(directory: str, pos: str) -> dict[str, list[int]]:
    """index.POS: lemma -> its synset offsets in sense order."""
    senses: dict[str, list[int]] = {}
    for line in licence_lines(os.path.join(directory, f"index.{FILE_NAMES[pos]}")):
        fields = line.split()
        pointer_count = int(fields[3])
        offsets_from = 4 + pointer_count + 2
        senses[fields[0]] = [int(offset) for offset in fields[offsets_from:]]
    return senses


def read_data(directory: str, pos: str) -> dict[int, Synset]:
    """data.POS: offset -> synset."""
    synsets: dict[int, Synset] = {}
    for line in licence_lines(os.path.join(directory, f"data.{FILE_NAMES[pos]}")):
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        offset, ss_type, count = int(fields[0]), fields[2], int(fields[3], 16)
        written = [strip_marker(fields[4 + 2 * i]) for i in range(count)]
        words = [word.lower() for word in written]
        at = 4 + 2 * count
        pointers = int(fields[at])
        domains, topics, head, hypernyms = [], [], 0, []
        for i in range(pointers):
            symbol, target, target_pos, source_target = fields[at + 1 + 4 * i : at + 5 + 4 * i]
            if symbol in LABEL_POINTERS:
                domains.append((int(source_target[:2], 16), int(target), target_pos))
            elif symbol == TOPIC_POINTER:
                topics.append((int(source_target[:2], 16), int(target), target_pos))
            elif symbol == SATELLITE_HEAD and ss_type == "s":
                head = int(target)
            elif symbol in HYPERNYM_POINTERS and target_pos == ss_type:
                hypernyms.append(int(target))
        synsets[offset] = Synset(
            offset, "a" if ss_type == "s" else ss_type, words, written, gloss.strip(), domains,
            topics, int(fields[1]), [int(fields[5 + 2 * i], 16) for i in range(count)],
            ss_type == "s", head, pointers, hypernyms,
        )  # fmt: skip
    return synsets


def sense_key(synsets: dict[int, Synset], synset: Synset, number: int) -> str:
    """The sense key (senseidx(5WN)) of word *number* (1-based) of *synset*; *synsets*
    holds the synset's part of speech, where a satellite's head is found."""
    lemma = synset.words[number - 1]
    kind = SS_TYPES["s" if synset.satellite else synset.pos]
    head = ":"
    if synset.satellite:
        cluster = synsets[synset.head]
        head = f"{cluster.words[0]}:{cluster.lex_ids[0]:02d}"
    return f"{lemma}%{kind}:{synset.lex_file:02d}:{synset.lex_ids[number - 1]:02d}:{head}"


def read_counts(directory: str) -> dict[str, int]:
    """cntlist.rev: sense key -> how often the sense was tagged (absent: never)."""
    counts: dict[str, int] = {}
    with open(os.path.join(directory, "cntlist.rev"), encoding="utf-8") as handle:
        for line in handle:
            fields = line.split()
            if len(fields) == 3:
                counts[fields[0]] = int(fields[2])
    return counts


def strip_marker(word: str) -> str:
    """An adjective's word without its syntactic marker: ``galore(ip)`` -> ``galore``."""
    return word.split("(", 1)[0] if word.endswith(")") else word


def read_exceptions(directory: str, pos: str) -> dict[str, list[str]]:
    """POS.exc: inflected form -> its base forms, in the file's order."""
    exceptions: dict[str, list[str]] = {}
    with open(os.path.join(directory, f"{FILE_NAMES[pos]}.exc"), encoding="utf-8") as handle:
        for line in handle:
            fields = line.split()
            if len(fields) >= 2:
                exceptions.setdefault(fields[0], []).extend(fields[1:])
    return exceptions


def detach(word: str, pos: str) -> list[str]:
    """Every string the rules of detachment make of *word* as part of speech *pos*."""
    return [
        word[: len(word) - len(suffix)] + ending
        for suffix, ending in RULES[pos]
        if word.endswith(suffix)
    ]


def morphy(
    word: str, pos: str, lemmas: Container[str], exceptions: dict[str, list[str]]
) -> list[str]:
    """The base forms of *word* as part of speech *pos* that are lemmas of that part of
    speech (in *lemmas*, such as index.POS), other than *word* itself, in Morphy's order."""
    if word in exceptions:
        candidates = exceptions[word]
    elif pos == "n" and word.endswith("ful") and len(word) > 3:
        candidates = [base + "ful" for base in morphy(word[:-3], pos, lemmas, exceptions)]
    elif pos == "n" and (word.endswith("ss") or len(word) <= 2):
        candidates = []
    else:
        candidates = detach(word, pos)
    found: list[str] = []
    for base in candidates:
        if base != word and base in lemmas and base not in found:
            found.append(base)
    return found
