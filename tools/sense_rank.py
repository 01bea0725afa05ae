"""The order senses are shown in, for a British viewer, and the gloss a sense shows.

tools/make_definitions.py ranks every sense of a word (all its parts of speech and the
lemmas it links to) by the key ``rank`` builds, smallest first. The signals, in the order
they are compared (docs/DATA.md "How senses are ranked" has the evidence for each):

1. offensive senses last (``offensive``: a slur or obscenity by WordNet's usage domain or
   its gloss);
2. a sense WordNet labels British first, then unmarked senses, then marked ones: a usage
   or non-British region domain (slang, archaism, US), a topic domain that is a sport, a
   game, law, the military, religion or mythology (quoits, football), a gloss that says
   "a former", "obsolete", "archaic", "informal", "slang" or "colloquial";
3. the part of speech the word's form fits: an -er/-est form of an adjective is the
   adjective, an -ed/-en (past) form of a verb is the verb, but a participle WordNet lists
   as an adjective of its own is the adjective (remaining, pained, crumpled): before the
   counts, which are the base's (remain, tagged 128 times) and not the form's;
3a. a sense tagged at least twice in the Semantic Concordance (cntlist), by that count;
3b. a gloss that does not name its field first ("(anatomy) a long narrow slit"): a weaker
   mark than 2, as WordNet names fields on everyday senses too ("(botany)" on root);
4. a gloss that does not name its own lemma ("break into fissures", the verb fissure, is
   defined through the noun): counted only against another part of speech of the same
   lemma (make_definitions.scoped);
5. a synset where the word is the first lemma over one named by another (named_by_other:
   famine the shortage of food over dearth, famine, shortage; chute the slide over
   parachute, chute);
6. a synset whose other lemmas are common (tagged often) over one whose are rare (aerial
   the antenna over aerial the forward pass);
7. the sense tagged once over the one never tagged;
8. the better connected synset (more pointers: hyponyms, parts, domains) first;
9. WordNet's own order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

OFFENSIVE = "offensive"
OFFENSIVE_DOMAINS = frozenset({"ethnic slur", "obscenity"})  # disparagement: airhead, marked
OFFENSIVE_GLOSS = re.compile(
    r"\b(offensive|derogatory|disparaging|contemptuous) (terms?|names?|words?)\b"
    r"|\bethnic slur\b|\bobscene terms?\b|\bvulgar slang\b"
)
MARKED_GLOSS = re.compile(
    r"\ba former\b|\bobsolete\b|\barchaic\b|\binformal\b|\bslang\b|\bcolloquial"
)
FIELD_FIRST = re.compile(r"\([a-z]+\) ")  # "(anatomy) a long narrow slit": a weaker mark
# A topic domain is specialist when it is one of these (first lemma, lexicographer file) or
# a kind of one: sports and games (acts), law, the military, religion, mythology (groups).
# Not the sciences: WordNet files everyday senses under them (root, botany). Nor cooking,
# music, commerce or computers.
SPECIALIST_TOPICS = frozenset({
    ("sport", 4), ("game", 4), ("law", 14), ("military", 14), ("religion", 14),
    ("mythology", 14),
})  # fmt: skip
BRITAIN = "Britain"
UNMARKED_LABELS = frozenset({BRITAIN, "plural", "comparative", "combining form"})  # grammar
FORM_FIT = (("er", "a"), ("est", "a"), ("ed", "v"), ("en", "v"))  # not -ing: remaining
PARTICIPLE = ("ed", "en", "ing")  # a participle WordNet lists as an adjective is one
SHORT_GLOSS = 2  # words: a gloss this short, or ending in "e.g.", shows its synonyms
MAX_SYNONYMS = 5
COMMON_SYNONYM = 5  # tagged this often, another lemma is a word everyone knows


@dataclass(frozen=True)
class Signals:
    """What ranking knows of one sense of a lemma (module docstring)."""

    offensive: bool
    britain: bool
    marked: bool
    field: bool  # the gloss names its field first
    count: int  # this lemma in this synset, tagged (cntlist)
    secondary: bool  # another lemma names the synset first
    synonyms: int  # the highest tagged count of the synset's other lemmas
    pointers: int
    order: int  # WordNet's sense number, from 0
    self_named: bool = False  # the gloss names the lemma itself: "break into fissures"


def rank(signals: Signals, fits: bool, entry: int) -> tuple[int, ...]:
    """The sort key of a sense: *fits* whether its part of speech fits the word's form,
    *entry* where its lemma and part of speech come in WordNet's order for the word."""
    return (
        signals.offensive,
        0 if signals.britain and not signals.marked else 2 if signals.marked else 1,
        not fits,
        -(signals.count if signals.count >= 2 else 0),
        signals.field,
        signals.self_named,
        signals.secondary,
        -signals.synonyms,
        -signals.count,
        -signals.pointers,
        entry,
        signals.order,
    )


def fitting_part(word: str, links: list[tuple[str, str, str]]) -> str | None:
    """The part of speech *word*'s form asks for, given its ``(link, pos, lemma)``
    entries: an adjective for a comparative, a verb for a past form;
    None when its form says nothing (it is no inflection of such a lemma)."""
    if word.endswith(PARTICIPLE) and ("=", "a", word) in links:
        return "a"  # remaining, pained, crumpled: an adjective of its own before the verb
    for suffix, pos in FORM_FIT:
        if word.endswith(suffix) and any(
            link == "=" and part == pos and lemma != word for link, part, lemma in links
        ):
            return pos
    return None


def is_offensive(labels: list[str], gloss: str) -> bool:
    """A slur or obscenity: WordNet's usage domain says so, or its gloss does."""
    return any(label in OFFENSIVE_DOMAINS for label in labels) or bool(
        OFFENSIVE_GLOSS.search(gloss)
    )


def is_marked(labels: list[str], specialist_topic: bool, gloss: str) -> bool:
    """A sense a viewer meets less often than the general ones (module docstring, 2)."""
    return (
        any(label not in UNMARKED_LABELS for label in labels)
        or specialist_topic
        or bool(MARKED_GLOSS.search(gloss))
    )


def named_by_other(number: int, count: int, lemma: str, words: list[str], synonyms: int) -> bool:
    """Whether the synset is named by another lemma rather than by *lemma*, word *number*
    of its *words*: another comes first, *lemma* was never tagged in it (*count* 0) or is a
    shortening of another lemma (chute of parachute), and the other lemmas are not common
    themselves (*synonyms*, their highest tagged count, below COMMON_SYNONYM: aerial is a
    familiar name for an antenna)."""
    clipping = any(
        other != lemma and "_" not in other and (other.endswith(lemma) or other.startswith(lemma))
        for other in words
    )
    return number > 1 and (count == 0 or clipping) and synonyms < COMMON_SYNONYM


def split_gloss(text: str) -> tuple[str, list[str]]:
    """A WordNet gloss as its definition and its quoted examples:
    'big; "a big house"' -> ('big', ['a big house'])."""
    kept, examples = [], []
    for part in text.split("; "):
        stripped = part.strip()
        if stripped.startswith('"'):
            if stripped.endswith('"') and stripped.count('"') == 2:  # not '"..."-Shakespeare'
                examples.append(stripped.strip('"').strip())
        else:
            kept.append(part)
    definition = "; ".join(kept).strip().rstrip(";").strip()
    return definition or text.strip(), examples


def needs_help(definition: str, lemma: str) -> bool:
    """Whether a definition says too little alone: very short, ending in "e.g.", or
    using the word it defines (cabbage: "any of various types of cabbage")."""
    words = definition.split()
    return (
        len(words) <= SHORT_GLOSS
        or definition.endswith(("e.g.", "e.g", "etc."))
        or re.search(rf"\b{re.escape(lemma.replace('_', ' '))}\b", definition.lower()) is not None
    )


def shown_gloss(definition: str, examples: list[str], lemma: str, synonyms: list[str]) -> str:
    """The gloss shown, as WordNet's own browser would help it: the synset's lemmas
    before a definition that says too little, and an example (one using the word
    first) after it: 'bent, crumpled, dented: of metal, e.g. a car with a crumpled front end'."""
    if not needs_help(definition, lemma):
        return definition
    named = [name.replace("_", " ") for name in synonyms[:MAX_SYNONYMS]]
    text = f"{', '.join(named)}: {definition}" if len(named) > 1 else definition
    spelt = lemma.replace("_", " ")
    using = [example for example in examples if spelt in example.lower()]
    example = (using or examples or [""])[0]
    if example:
        text = text.removesuffix(" e.g.").removesuffix(" e.g") + f", e.g. {example}"
    return text


def self_named(definition: str, lemma: str) -> bool:
    """Whether *definition* names *lemma* itself or a regular form of it ("break into
    fissures"): a sense defined through another sense of the word."""
    spelt = re.escape(lemma.replace("_", " "))
    return re.search(rf"\b{spelt}(s|es|d|ed|ing)?\b", definition.lower()) is not None
