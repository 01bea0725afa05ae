"""Make the packaged definitions file, anagramdb/data/definitions.txt.gz, from WordNet 3.0.

    apt-get install wordnet-base
    python tools/make_definitions.py [--wordnet /usr/share/wordnet] [--output DIR]

For every word of the packaged lists (PACKAGED, read from the output directory, so run it
after tools/make_default_dictionary.py), the file gets a line when WordNet can say what
the word means: the word's own senses where it is a WordNet lemma, and a link to each
base form Morphy finds for it (tools/wordnet.py: exception lists, then the rules of
detachment). Where neither finds anything, three spellings are tried, in order, each
then looked up the same way (lemma, then Morphy):

1. British spellings as WordNet spells them (American): -ise/-isation/-yse to -ize/
   -ization/-yze, -our to -or, -tre/-bre to -ter/-ber, doubled l before -ed, -ing,
   -er to one (travelled, jeweller);
2. a doubled final consonant before -ing, -ed, -er or -est undoubled (gutting -> gut,
   which Morphy's rules leave as "gutt");
3. WordNet lemmas written as one word: half-wit and slide show are found as halfwit and
   slideshow;
4. a Latin or Greek plural of a noun (CLASSICAL: deliria -> delirium, curiae -> curia).

Each linked lemma gets a line of its own, even when it is not in the lists (half-wit).
A line's senses and links come in rank order for a British viewer (tools/sense_rank.py:
tagged counts from cntlist.rev across the parts of speech, the part of speech the form
asks for, marked senses after general ones, slurs last and labelled "offensive"); a
gloss keeps no quoted example unless it says too little alone; region and usage domains
become labels (United Kingdom is "Britain", United States "US"). Then the reviewed
supplement (tools/supplement.py) adds what WordNet lacks. The line grammar is in
docs/FORMAT.md ("Definitions file").

Reproducible: the file's bytes depend only on WordNet's files, the lists and this tool
(gzip members with mtime 0), and its mtime is pinned to WordNet 3.0's release, so two
runs give the same bytes. PROVENANCE.json gets a "definitions" record (source, version,
counts, coverage); WordNet's licence is copied beside the data as COPYING.WordNet.
"""

from __future__ import annotations

import argparse
import calendar
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import chain

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_default_dictionary import package_version, sha256
from sense_rank import (
    BRITAIN,
    FIELD_FIRST,
    OFFENSIVE,
    SPECIALIST_TOPICS,
    Signals,
    fitting_part,
    is_marked,
    is_offensive,
    named_by_other,
    rank,
    self_named,
    shown_gloss,
    split_gloss,
)
from supplement import SUPPLEMENT_FILE, SupplementError, apply_supplement, read_supplement
from wordnet import (
    PARTS,
    WORDNET_DIRECTORY,
    morphy,
    read_counts,
    read_data,
    read_exceptions,
    read_index,
    sense_key,
)

from anagramdb.atomic import packaging
from anagramdb.builder import write_keyed
from anagramdb.definitions import DEFINITIONS_FILE, DERIVED, FROM, LINK, format_sense
from anagramdb.packaged import DATA_DIRECTORY, PACKAGED, PROVENANCE_FILE

PACKAGE = "wordnet-base"
COPYRIGHT = "/usr/share/doc/wordnet-base/copyright"
LICENCE_FILE = "COPYING.WordNet"
RELEASE_NS = calendar.timegm((2006, 12, 6, 0, 0, 0)) * 1_000_000_000  # the .exc files' date
REGION_NAMES = {"united kingdom": "Britain", "united states": "US"}
BRITISH = (
    (re.compile(r"(?<=[^aeiou])is(e|es|ed|ing|er|ers|ation|ations)$"), r"iz\1"),
    (re.compile(r"ys(e|es|ed|ing|er|ers)$"), r"yz\1"),
    (re.compile(r"(?<=[^aeiou])our(s|ed|ing|ful|less|able|ite|ites)?$"), r"or\1"),
    (re.compile(r"(?<=[^aeiou][tb])re(s|d)?$"), r"er\1"),
    (re.compile(r"(?<=[aeiou])ll(ed|ing|er|ers|ery)$"), r"l\1"),
    (re.compile(r"(?<=[^aeiou])oe(?=[^aeiou])"), "e"),  # foetus
    (re.compile(r"(?<=[^aeiou])oea(s?)$"), r"ea\1"),  # apnoea, diarrhoeas
    (re.compile(r"(?<=[^aeiou])one(s?)$"), r"on\1"),  # neurone
    (re.compile(r"(?<=[^aeiou])ae(?=[^aeiou])"), "e"),  # haemal, faecal
)
DOUBLED = re.compile(r"([b-df-hj-np-tv-z])\1(ing|ed|er|est)$")
CONSONANT_ENDED = re.compile(r"[^aeiouy]*[aeiou][b-df-hj-np-tvz]")  # can, hop, plan: doubled
DOUBLED_END = re.compile(r"([b-df-hj-np-tv-z])\1$")
# comparatives of -y adjectives (artsier), plurals of -o nouns (condoes): not in Morphy's rules
INFLECTED = (
    (re.compile(r"ier$"), "y"),
    (re.compile(r"iest$"), "y"),
    (re.compile(r"ier$"), "ey"),  # gluier: gluey
    (re.compile(r"iest$"), "ey"),
    (re.compile(r"oes$"), "o"),
    (re.compile(r"ied$"), "y"),  # epoxied: epoxy
)
# plurals of Latin and Greek nouns (deliria, eidola, sensoria, curiae, rubati), tried last
CLASSICAL = (
    ("a", "um"), ("a", "on"), ("i", "us"), ("i", "o"), ("ae", "a"), ("ices", "ex"),
    ("ices", "ix"), ("ina", "en"), ("ata", "a"), ("eaux", "eau"),
)  # fmt: skip
# suffix, the part of speech of the stem, the derived word's own, and (letters cut from the
# rest, ending added) to try
DERIVATIONS = (
    ("er", "v", "n", ((0, ""), (0, "e"), (1, "y"))),  # one who does: abider, decrier
    ("or", "v", "n", ((0, ""), (0, "e"))),  # depictor
    ("ly", "a", "r", ((0, ""), (1, "y"), (0, "le"), (2, ""))),  # errantly, archaically
    ("ness", "a", "n", ((0, ""), (1, "y"))),  # tenuousness, dopiness
    ("ish", "n", "a", ((0, ""), (0, "e"))),  # boarish
    ("ish", "a", "a", ((0, ""), (0, "e"))),  # lowish
    ("less", "n", "a", ((0, ""),)),  # tameless
    ("able", "v", "a", ((0, ""), (0, "e"))),  # mineable, citable
    ("ment", "v", "n", ((0, ""),)),  # assailment
    ("ist", "n", "n", ((0, ""), (0, "e"))),  # atomist
    ("ism", "n", "n", ((0, ""), (0, "e"))),  # tzarism
    ("ism", "a", "n", ((0, ""),)),  # expertism
    ("ful", "n", "a", ((0, ""),)),  # easeful
    ("al", "n", "a", ((0, "a"), (0, ""), (0, "e"))),  # faunal, scleral
    ("ic", "n", "a", ((0, "e"), (0, ""))),  # ozonic
    ("ity", "a", "n", ((0, ""),)),  # orality
    ("ier", "n", "a", ((0, ""),)),  # nerdier, dorkier: more like a nerd
    ("iest", "n", "a", ((0, ""),)),
)
PREFIXES = (
    "re", "un", "out", "over", "under", "mis", "non", "pre", "fore", "up",
    "inter", "anti", "counter", "semi", "multi", "super",
)  # fmt: skip
NOT_DERIVED = frozenset({"unless", "until", "under", "upon", "another", "outwith"})  # not prefixed
SUFFIXES = ("s", "es", "ed", "ing", "er", "est")


class WordNet:
    """WordNet's lemmas, synsets and exception lists, read once."""

    def __init__(self, directory: str) -> None:
        self.lemmas = {pos: read_index(directory, pos) for pos in PARTS}
        self.exceptions = {pos: read_exceptions(directory, pos) for pos in PARTS}
        self.synsets = {pos: read_data(directory, pos) for pos in PARTS}
        self.counts = read_counts(directory)
        # one-word spellings of lemmas written with a hyphen or a space (WordNet's "_")
        self.joined: dict[str, dict[str, str]] = {pos: {} for pos in PARTS}
        for pos in PARTS:
            for lemma in sorted(self.lemmas[pos]):
                one_word = lemma.replace("-", "").replace("_", "")
                if one_word != lemma and one_word.isalpha():
                    self.joined[pos].setdefault(one_word, lemma)
        self.known = {pos: self.lemmas[pos].keys() | self.joined[pos].keys() for pos in PARTS}

    def labels(self, synset_pos: str, offset: int, word_number: int) -> list[str]:
        """The region and usage labels of sense *offset* for its word *word_number*."""
        found: list[str] = []
        for source, target, target_pos in self.synsets[synset_pos][offset].domains:
            if source in (0, word_number):
                name = self.synsets[target_pos][target].written[0].replace("_", " ")
                label = REGION_NAMES.get(name.lower(), name)
                if label not in found:
                    found.append(label)
        return found

    def specialist(self, pos: str, offset: int) -> bool:
        """Whether the topic domain *offset* is a specialist one (SPECIALIST_TOPICS or a
        kind of one, following hypernyms)."""
        seen, todo = set(), [offset]
        while todo:
            synset = self.synsets[pos][todo.pop()]
            if (synset.words[0], synset.lex_file) in SPECIALIST_TOPICS:
                return True
            seen.add(synset.offset)
            todo.extend(target for target in synset.hypernyms if target not in seen)
        return False

    def senses(self, lemma: str, pos: str) -> list[tuple[Signals, str]]:
        """The senses of *lemma* as *pos*, each its ranking signals (sense_rank.py) and its
        formatted item (definitions.format_sense), in WordNet's order; but those where
        WordNet writes the lemma with a capital (China the country, ABB the brigade):
        proper nouns and abbreviations, which Countdown does not allow."""
        found = []
        synsets = self.synsets[pos]
        for order, offset in enumerate(self.lemmas[pos][lemma]):
            synset = synsets[offset]
            number = synset.words.index(lemma) + 1
            written = synset.written[number - 1]
            if written != written.lower():
                continue
            labels = self.labels(pos, offset, number)
            definition, examples = split_gloss(synset.gloss)
            offensive = is_offensive(labels, definition)
            specialist = any(
                self.specialist(target_pos, target)
                for source, target, target_pos in synset.topics
                if source in (0, number)
            )
            others = [
                self.counts.get(sense_key(synsets, synset, i + 1), 0)
                for i in range(len(synset.words))
                if i != number - 1
            ]
            count = self.counts.get(sense_key(synsets, synset, number), 0)
            signals = Signals(
                offensive,
                BRITAIN in labels,
                is_marked(labels, specialist, definition),
                FIELD_FIRST.match(definition) is not None,
                count,
                named_by_other(number, count, lemma, synset.words, max(others, default=0)),
                max(others, default=0),
                synset.pointers,
                order,
                self_named(definition, lemma),
            )
            shown = shown_gloss(definition, examples, lemma, synset.written)
            item = format_sense(pos, [OFFENSIVE, *labels] if offensive else labels, shown)
            found.append((signals, item))
        return found

    def bases(self, word: str, pos: str, joined: bool = False, respelt: bool = False) -> list[str]:
        """The lemmas of *word* as *pos*: itself and the base forms Morphy finds; with
        *joined*, instead the lemmas written as two words or hyphenated that they spell.
        A base whose final consonant the word should have doubled is no base of it
        (caning is not a form of can), unless *word* is itself a respelling (guting)."""
        lemmas, spelt = self.lemmas[pos], self.joined[pos]
        known = self.known[pos] if joined else lemmas
        found: list[str] = []
        for form in [word, *morphy(word, pos, known, self.exceptions[pos])]:
            if not respelt and word not in self.exceptions[pos] and undoubled(word, form):
                continue  # caning is not a form of can, nor hoped of hop
            lemma = (form if form in lemmas else None) if not joined else spelt.get(form)
            if lemma is not None and lemma not in found:
                found.append(lemma)
        return found


def undoubled(word: str, base: str) -> bool:
    """Whether *word* is *base* with -ing, -ed, -er or -est added to a final consonant that
    English would have doubled (a one-vowel word ending vowel, consonant: can -> canning)."""
    return bool(CONSONANT_ENDED.fullmatch(base)) and any(
        word == base + suffix for suffix in ("ing", "ed", "er", "est")
    )


def respellings(word: str) -> list[str]:
    """The spellings tried when WordNet knows *word* in no part of speech (module docstring)."""
    found: list[str] = []
    for pattern, replacement in (*BRITISH, *INFLECTED):
        american = pattern.sub(replacement, word)
        if american != word:
            found.append(american)
    single = DOUBLED.sub(r"\1\2", word)
    if single != word:
        found.append(single)
    return found


def lazy(function: Callable[[str], list[str]], word: str) -> Iterator[str]:
    """The items of ``function(word)``, computed when the first is asked for."""
    yield from function(word)


def inflections(wordnet: WordNet, word: str) -> list[tuple[str, str]]:
    """``(pos, lemma)`` of each lemma *word* is (or is a form or spelling of), in PARTS order."""
    for spelling in chain([word], lazy(respellings, word)):  # respelt only when needed
        for joined in (False, True):
            found = [
                (pos, lemma)
                for pos in PARTS
                for lemma in wordnet.bases(spelling, pos, joined, spelling != word)
            ]
            if found:
                return found
    for ending, replacement in CLASSICAL:
        base = word[: -len(ending)] + replacement
        if word.endswith(ending) and base in wordnet.lemmas["n"]:
            return [("n", base)]
    return []


def derivation_stems(word: str) -> list[tuple[str, str, str]]:
    """``(pos, stem, own)`` triples a derived *word* may come from (the suffixes of
    DERIVATIONS): the stem's part of speech, the stem, and the derived word's own."""
    stems: list[tuple[str, str, str]] = []
    singular = [word, word[:-1]] if word.endswith("s") and not word.endswith("ss") else [word]
    for form in singular:
        for suffix, pos, own, cuts in DERIVATIONS:
            if form.endswith(suffix) and len(form) - len(suffix) >= 3:
                base = form[: -len(suffix)]
                for cut, ending in cuts:
                    stem = (base[:-cut] if cut else base) + ending
                    if len(stem) >= 3 and (pos, stem, own) not in stems:
                        stems.append((pos, stem, own))
                undoubled = DOUBLED_END.sub(r"\1", base)
                if undoubled != base and (pos, undoubled, own) not in stems:
                    stems.append((pos, undoubled, own))
    return stems


def entries(wordnet: WordNet, word: str) -> list[tuple[str, str, str]]:
    """``(link, pos, lemma)`` for each lemma and part of speech that tells what *word*
    means, in PARTS order: link "=" for the word itself or a form or spelling of it,
    "+" and the word's own part of speech ("+a": easeful, an adjective from the noun ease)
    for a lemma it is derived from (DERIVATIONS and PREFIXES, whose words keep their
    base's part of speech; tried only when WordNet has no form of the word)."""
    found = [("=", pos, lemma) for pos, lemma in inflections(wordnet, word)]
    if found or word in NOT_DERIVED:
        return found
    for pos, stem, own in derivation_stems(word):
        for lemma in wordnet.bases(stem, pos):
            if not any(item[1:] == (pos, lemma) for item in found):
                found.append(("+" + own, pos, lemma))
    for prefix in PREFIXES:
        rest = word[len(prefix) :]
        if word.startswith(prefix) and len(rest) >= (3 if len(prefix) >= 3 else 4):
            for pos, lemma in inflections(wordnet, rest):
                if not any(item[1:] == (pos, lemma) for item in found):
                    found.append(("+" + pos, pos, lemma))
    return sorted(found, key=lambda item: PARTS.index(item[1]))


def list_words(directory: str) -> dict[str, list[str]]:
    """The words of each packaged list in *directory*, by name."""
    words: dict[str, list[str]] = {}
    for name, file in PACKAGED.items():
        with open(os.path.join(directory, file), encoding="utf-8") as handle:
            words[name] = handle.read().split()
    return words


def definition_lines(
    wordnet: WordNet, words: set[str]
) -> tuple[dict[str, list[str]], dict[str, bool]]:
    """The items of each line of the definitions file (KEY -> items), and for each word
    whether it has one. A line's items come in rank order (sense_rank.py): the senses of
    each part of speech together, the parts of speech and links ordered by their
    best-ranked sense."""
    ranked: dict[str, list[tuple[tuple[int, ...], int, str]]] = {}
    has_own: dict[str, set[str]] = {}
    defined: dict[str, bool] = {}
    for word in sorted(words):
        defined[word] = False
        links = entries(wordnet, word)
        fit = fitting_part(word, links)
        for number, (link, pos, lemma) in enumerate(links):
            senses = wordnet.senses(lemma, pos)
            if not senses:
                continue  # proper nouns only
            defined[word] = True
            key = lemma.replace("_", " ")
            best = min(
                rank(scoped(signals, links, lemma), fit in (None, pos), number)
                for signals, _ in senses
            )
            if key != word:
                own = f"{LINK}" if link == "=" else f"{DERIVED}{link[1]}{FROM}"
                item = f"{own}{pos}:{key}"
                ranked.setdefault(word, []).append((best, len(PARTS) + number, item))
            if pos not in has_own.setdefault(key, set()):
                has_own[key].add(pos)
                own = lemma_rank(wordnet, key, lemma, pos)
                group = PARTS.index(pos)  # a line's own senses of one POS stay together
                ranked.setdefault(key, []).extend((own, group, item) for item in ordered(senses))
    return {
        key: [item for *_, item in sorted(items, key=lambda kept: kept[:2])]
        for key, items in ranked.items()
    }, defined


def ordered(senses: list[tuple[Signals, str]]) -> list[str]:
    """The items of one lemma's senses in one part of speech, best ranked first (a gloss
    naming the lemma matters between parts of speech only: ``scoped``)."""
    return [
        item
        for _, item in sorted(
            senses, key=lambda pair: rank(replace(pair[0], self_named=False), True, 0)
        )
    ]


def scoped(signals: Signals, links: list[tuple[str, str, str]], lemma: str) -> Signals:
    """*signals* of a sense of *lemma* among a word's *links*: its gloss naming the lemma
    (the verb fissure, "break into fissures") counts only where the word links to the
    lemma in another part of speech too, the sense it is defined through (the noun
    fissure); caning's verb, "beat with a cane", competes with caning the noun, no sense
    of cane."""
    named = signals.self_named and sum(item[2] == lemma for item in links) > 1
    return signals if named == signals.self_named else replace(signals, self_named=named)


def lemma_rank(wordnet: WordNet, key: str, lemma: str, pos: str) -> tuple[int, ...]:
    """Where the *pos* senses of *lemma* come on its own line (under *key*): ranked by
    their best sense, with the form of the lemma itself deciding the fitting part of
    speech, and the parts of speech in WordNet's order (PARTS) last."""
    links = entries(wordnet, key)
    fit = fitting_part(key, links)
    senses = wordnet.senses(lemma, pos)
    return min(
        rank(scoped(signals, links, lemma), fit in (None, pos), PARTS.index(pos))
        for signals, _ in senses
    )


def licence_text(path: str = COPYRIGHT) -> str:
    """WordNet's licence, from the Debian copyright file's WordNet3.0 paragraph."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    block = text.split("License: WordNet3.0\n", 1)[1].split("\n\n", 1)[0]
    lines = [line[1:] if line.startswith(" ") else line for line in block.split("\n")]
    return "\n".join("" if line == "." else line for line in lines).strip() + "\n"


def make(
    wordnet_directory: str,
    output: str,
    version: str,
    copyright_path: str | None = COPYRIGHT,
    supplement_path: str | None = SUPPLEMENT_FILE,
) -> dict[str, object]:
    """Write the definitions file and its index into *output*, record it in the
    provenance file there and copy WordNet's licence; return the provenance record.
    The reviewed supplement (supplement.py) is added from *supplement_path*."""
    wordnet = WordNet(wordnet_directory)
    lists = list_words(output)
    words = {word for found in lists.values() for word in found}
    items, defined = definition_lines(wordnet, words)
    supplement = read_supplement(supplement_path) if supplement_path else {}
    supplemented, supplement_senses = apply_supplement(items, supplement, words)
    defined.update(dict.fromkeys(supplemented, True))
    lines = [f"{key}\t" + "\t".join(found) for key, found in sorted(items.items())]
    path = os.path.join(output, DEFINITIONS_FILE)
    with packaging():  # the packaged data, which no command writes
        scan = write_keyed(path, lines, mtime_ns=RELEASE_NS)
    coverage = {
        name: {"words": len(words), "defined": sum(defined[word] for word in words)}
        for name, words in lists.items()
    }
    record: dict[str, object] = {
        "file": DEFINITIONS_FILE,
        "source": {
            "name": "WordNet 3.0, https://wordnet.princeton.edu/",
            "package": PACKAGE,
            "version": version,
        },
        "licence": LICENCE_FILE,
        "supplement": {
            "file": "tools/" + os.path.basename(supplement_path) if supplement_path else None,
            "source": "written and reviewed for anagramdb (issue 29)",
            "words": len(supplemented & supplement.keys()),
            "forms": len(supplemented - supplement.keys()),  # its words' forms, linked by rule
            "senses": supplement_senses,
        },
        "lines": scan.words,
        "bytes": scan.size,
        "coverage": coverage,
        "sha256": sha256(path),
    }
    provenance_path = os.path.join(output, PROVENANCE_FILE)
    with open(provenance_path, encoding="utf-8") as handle:
        provenance = json.load(handle)
    provenance["definitions"] = record
    with open(provenance_path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(json.dumps(provenance, indent=2, sort_keys=True) + "\n")
    if copyright_path is not None:
        with open(
            os.path.join(output, LICENCE_FILE), "w", encoding="utf-8", newline="\n"
        ) as handle:
            handle.write(licence_text(copyright_path))
    return record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--wordnet",
        default=WORDNET_DIRECTORY,
        help=f"WordNet's database files (default: {WORDNET_DIRECTORY})",
    )
    parser.add_argument(
        "--output",
        default=DATA_DIRECTORY,
        help="the packaged lists' directory, written into (default: the package's data/)",
    )
    args = parser.parse_args()
    if not os.path.exists(os.path.join(args.wordnet, "data.noun")) or not os.path.exists(COPYRIGHT):
        print(f"no WordNet database in {args.wordnet}: apt-get install {PACKAGE}", file=sys.stderr)
        return 1
    try:
        record = make(args.wordnet, args.output, package_version(PACKAGE))
    except SupplementError as exc:
        print(f"the supplement is stale: {exc}", file=sys.stderr)
        return 1
    print(f"{record['file']}: {record['lines']} lines, {record['bytes']} bytes")
    for name, counts in record["coverage"].items():  # type: ignore[attr-defined]
        share = 100 * counts["defined"] / counts["words"]
        print(f"  {name}: {counts['defined']} of {counts['words']} words defined ({share:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
