"""The reviewed supplement to WordNet (tools/definitions_supplement.txt): read and applied.

tools/make_definitions.py adds the supplement's senses, each item marked ``*`` (its source
is anagramdb, definitions.SUPPLEMENT), to the lines WordNet gives, for the words of the
packaged lists (and the lemmas the supplement links them to) and only in parts of speech
WordNet leaves empty for that word: an entry WordNet covers is stale and stops the build,
so the supplement never hides or duplicates WordNet's own senses. A regular form of a
supplement word that WordNet leaves undefined (a plural, a verb form, a comparative, by
inflect.py's rules) links to it, as a form WordNet's Morphy finds links to its lemma.
"""

from __future__ import annotations

import os
import re

from inflect import bases

from anagramdb.definitions import LINK, PARTS_OF_SPEECH, SUPPLEMENT, format_sense

SUPPLEMENT_FILE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "definitions_supplement.txt"
)
HEAD = re.compile(r"(=?)([a-z])(?:\[([^\]\t]+)\])?")

Item = tuple[str, str, list[str], str]  # link ("=" or ""), POS, labels, gloss or lemma
# the endings of a regular form of each part of speech (plurals, verb forms, comparatives)
FORM_PARTS = {"n": ("s",), "v": ("s", "ed", "ing"), "a": ("er", "est")}


class SupplementError(ValueError):
    """A line of the supplement breaks its grammar, or WordNet now covers it."""


def read_supplement(path: str = SUPPLEMENT_FILE) -> dict[str, list[Item]]:
    """WORD -> its items in the file's order (the file's header gives the grammar)."""
    found: dict[str, list[Item]] = {}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            head = HEAD.fullmatch(fields[1]) if len(fields) == 3 else None
            if head is None or head[2] not in PARTS_OF_SPEECH or not fields[2] or not fields[0]:
                raise SupplementError(f"{path}:{number}: not WORD<TAB>HEAD<TAB>TEXT: {line!r}")
            labels = head[3].split(",") if head[3] else []
            if head[1] and labels:
                raise SupplementError(f"{path}:{number}: a link has no labels")
            found.setdefault(fields[0], []).append((head[1], head[2], labels, fields[2]))
    return found


def needed(supplement: dict[str, list[Item]], words: set[str]) -> list[str]:
    """The supplement's words that go in the file: those of *words*, and the lemmas
    their links name, in sorted order."""
    wanted = {word for word in supplement if word in words}
    for word in list(wanted):
        wanted.update(text for link, _, _, text in supplement[word] if link)
    return sorted(wanted)


def inflected(
    supplement: dict[str, list[Item]], words: set[str], defined: set[str]
) -> dict[str, list[Item]]:
    """Links for the regular forms of the supplement's words (inflect.py's rules): each
    word of *words* neither in *defined* (by WordNet) nor in the supplement that is a
    plural, a verb form or a comparative of a supplement word with senses of that part
    of speech (taigas: taiga, cooeed: cooee) gets ``=POS`` links to it, or to the lemma
    the supplement word links to (enures: inure)."""
    links: dict[str, list[Item]] = {}
    for word in sorted(words - defined - supplement.keys()):
        for base in sorted(bases(word)):
            # a form of a word the supplement links (enures, of enure, to inure) links on
            items = supplement.get(base, [])
            lemmas = {pos: text if link else base for link, pos, _, text in items}
            for pos, lemma in lemmas.items():
                if any(word.endswith(end) for end in FORM_PARTS.get(pos, ())):
                    links.setdefault(word, []).append(("=", pos, [], lemma))
    return links


def apply_supplement(
    lines: dict[str, list[str]], supplement: dict[str, list[Item]], words: set[str]
) -> tuple[set[str], int]:
    """Add the supplement's items to *lines* (KEY -> items, WordNet's first) for the
    words that need them; return the words it defines and how many senses it added.
    Raises SupplementError for an entry WordNet covers or a link to nothing."""
    added: set[str] = set()
    senses = 0
    problems: list[str] = []
    supplement = {**supplement, **inflected(supplement, words, set(lines))}
    for word in needed(supplement, words):
        own = wordnet_parts(lines, word)
        for link, pos, labels, text in supplement.get(word, []):
            if link:
                if pos not in wordnet_parts(lines, text) and not any(
                    not other and part == pos for other, part, _, _ in supplement.get(text, [])
                ):
                    problems.append(f"{word}: links to {text} as {pos}, which has none")
                lines.setdefault(word, []).append(f"{LINK}{pos}:{text}")
            elif pos in own:
                problems.append(f"{word}: WordNet defines it as {pos}: remove it")
            else:
                lines.setdefault(word, []).append(SUPPLEMENT + format_sense(pos, labels, text))
                senses += 1
        if word in words:
            added.add(word)
    if problems:
        raise SupplementError("; ".join(problems))
    return added, senses


def wordnet_parts(lines: dict[str, list[str]], key: str) -> set[str]:
    """The parts of speech of WordNet's own senses on the line of *key*."""
    return {item[0] for item in lines.get(key, []) if item[0] in PARTS_OF_SPEECH}
