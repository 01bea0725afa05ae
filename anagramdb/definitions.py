"""Definitions: what a word means, from the packaged definitions file (WordNet 3.0).

The file ``data/definitions.txt.gz`` is gzip-blocked keyed text (kinds.py, keyed.py) with
its sparse index beside it; tools/make_definitions.py makes it. docs/FORMAT.md
("Definitions file") is the full specification. One line a word or WordNet lemma::

    cat<TAB>n:feline mammal usually having thick soft fur ...<TAB>n:an informal term ...
    cats<TAB>=n:cat<TAB>=v:cat
    lorry<TAB>n:a large truck designed to carry heavy loads; usually without sides<TAB>...
    torch<TAB>n[Britain]:a small portable battery-powered lamp<TAB>...

An item is a sense (``POS[LABELS]:GLOSS``, LABELS optional and comma-separated) or a link
to another line: ``=POS:LEMMA``, the word is a form or spelling of LEMMA, or
``+POS<BASE:LEMMA``, the word is a POS derived from LEMMA, a BASE (``easeful``
``+a<n:ease``: an adjective from the noun); LEMMA's senses of that part of speech are on
LEMMA's line.
A lookup reads the word's line, then each linked lemma's: one block each.
"""

from __future__ import annotations

from .errors import InvalidArgumentError, quoted
from .keyed import KeyedFile
from .keys import fold
from .kinds import KEYED_GZIP
from .packaged import data_path

DEFINITIONS_FILE = "definitions.txt.gz"
DEFINITIONS_PATH = data_path(DEFINITIONS_FILE)
OFFENSIVE = "offensive"  # the label of a slur or obscenity (tools/sense_rank.py decides)
SUPPLEMENT = "*"  # *POS:GLOSS, a sense from the project's reviewed supplement, not WordNet
LINK = "="  # =POS:LEMMA, the word is a form or a spelling of LEMMA
DERIVED = "+"  # +POS<BASE:LEMMA, the word is a POS derived from the BASE LEMMA (abider)
FROM = "<"  # between a derived link's own part of speech and its base's
PARTS_OF_SPEECH = {
    "n": "noun", "v": "verb", "a": "adjective", "r": "adverb",  # WordNet's
    "p": "preposition", "c": "conjunction", "d": "determiner", "o": "pronoun",
    "i": "interjection",  # the supplement's too: words WordNet has no place for
}  # fmt: skip
MAX_WORD = 64  # characters of a word looked up: no definition is longer


def format_sense(pos: str, labels: list[str], gloss: str) -> str:
    """One sense item of a line: ``n:gloss`` or ``n[Britain,slang]:gloss``."""
    if any(char in label for label in labels for char in ",[]\t") or "\t" in gloss:
        raise ValueError(f"a label or gloss holds a separator: {labels!r} {gloss!r}")
    return f"{pos}[{','.join(labels)}]:{gloss}" if labels else f"{pos}:{gloss}"


class Sense:
    """One meaning: its gloss, its usage labels ('Britain', 'slang', 'offensive') and its
    source: "WordNet", or "anagramdb" for the project's reviewed supplement."""

    __slots__ = ("gloss", "labels", "source")

    def __init__(self, gloss: str, labels: list[str], source: str = "WordNet") -> None:
        self.gloss, self.labels, self.source = gloss, labels, source

    @property
    def offensive(self) -> bool:
        return OFFENSIVE in self.labels

    def to_dict(self) -> dict[str, object]:
        return {"gloss": self.gloss, "labels": self.labels, "source": self.source}


class Entry:
    """The senses of one lemma in one part of speech. *relation* says what the looked-up
    word is to *lemma*: "" (the word itself), "form" (an inflection, or another spelling:
    cats, colour) or "derived" (abider from abide). *pos* is the looked-up word's part of
    speech; a derived word's may differ from its lemma's, *lemma_pos*, whose senses these
    are (easeful, an adjective, from the noun ease)."""

    __slots__ = ("lemma", "lemma_pos", "pos", "relation", "senses")

    def __init__(
        self,
        lemma: str,
        pos: str,
        senses: list[Sense],
        relation: str = "",
        lemma_pos: str | None = None,
    ) -> None:
        self.lemma, self.pos, self.senses, self.relation = lemma, pos, senses, relation
        self.lemma_pos = lemma_pos or pos

    def to_dict(self) -> dict[str, object]:
        found: dict[str, object] = {
            "lemma": self.lemma,
            "pos": self.pos,
            "relation": self.relation,
            "senses": [sense.to_dict() for sense in self.senses],
        }
        if self.relation == "derived":  # the lemma's part of speech (easeful from ease, noun)
            found["lemma_pos"] = self.lemma_pos
        return found


class Definition:
    """What a word means: an entry for each lemma and part of speech (none: undefined)."""

    __slots__ = ("entries", "word")

    def __init__(self, word: str, entries: list[Entry]) -> None:
        self.word, self.entries = word, entries

    @property
    def defined(self) -> bool:
        return bool(self.entries)

    @property
    def offensive(self) -> bool:
        """Whether it is defined and every sense is offensive (a slur and nothing else)."""
        return self.defined and all(s.offensive for e in self.entries for s in e.senses)

    def to_dict(self) -> dict[str, object]:
        return {
            "word": self.word,
            "defined": self.defined,
            "entries": [entry.to_dict() for entry in self.entries],
        }


RELATIONS = {LINK: "form", DERIVED: "derived"}
SOURCES = {"sense": "WordNet", "supplement": "anagramdb"}  # an item's kind -> Sense.source


Item = tuple[str, str, list[str], str]  # (kind, pos, labels, text): parse_items


def parse_items(line: str) -> list[Item]:
    """The items of a line's value as ``(kind, pos, labels, text)``: kind "sense" (text the
    gloss; "supplement" for a sense of the reviewed supplement), or "form" or "derived"
    for a link (text the lemma; a derived link's labels hold its base's part of speech,
    ``["n"]`` for ``+a<n:ease``). Raises ValueError for an item breaking the grammar."""
    items = []
    for item in line.split("\t"):
        relation = RELATIONS.get(item[:1])
        link = relation is not None
        supplement = item[:1] == SUPPLEMENT
        body = item[1:] if link or supplement else item
        head, colon, text = body.partition(":")
        pos, labels = head[:1], head[1:]
        if not colon or pos not in PARTS_OF_SPEECH or not text:
            raise ValueError(f"not a sense or a link: {item[:40]!r}")
        if relation == "derived" and labels:
            if labels[:1] != FROM or labels[1:] not in PARTS_OF_SPEECH:
                raise ValueError(f"bad base part of speech in {item[:40]!r}")
            items.append((relation, pos, [labels[1:]], text))
            continue
        if labels and (link or labels[0] != "[" or labels[-1] != "]"):
            raise ValueError(f"bad labels in {item[:40]!r}")
        label_list = labels[1:-1].split(",") if labels else []
        items.append((relation or ("supplement" if supplement else "sense"), pos, label_list, text))
    return items


def normalise(word: str) -> str:
    """The key *word* is looked up under: folded, spaces collapsed. Raises
    InvalidArgumentError for an empty word or one that is not valid UTF-8."""
    if any("\udc80" <= char <= "\udcff" for char in word):
        raise InvalidArgumentError(f"word {quoted(word)} is not valid UTF-8")
    key = " ".join(fold(word).split())
    if not key:
        raise InvalidArgumentError("no word given")
    return key


class Definitions:
    """The definitions file, open for lookups. A context manager::

    with Definitions() as definitions:
        definitions.define("cats").entries[0].lemma   # 'cat'
    """

    def __init__(self, path: str | None = None) -> None:
        """Open *path*, or the packaged definitions file."""
        self.path = path or DEFINITIONS_PATH
        self._file = KeyedFile(self.path, KEYED_GZIP)
        self._file.what = "definitions"  # as its messages call it (changed while in use)

    def __enter__(self) -> Definitions:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file. Idempotent."""
        self._file.close()

    def release_pages(self) -> None:
        """Give the mapped file's pages back to the system (mapped.MappedFile)."""
        self._file.release_pages()

    def _items(self, key: str) -> list[Item]:
        value = self._file.get(key) if len(key) <= MAX_WORD else None
        if value is None:
            return []
        try:
            return parse_items(value)
        except ValueError as exc:
            from .errors import DictionaryFormatError

            raise DictionaryFormatError(f"{self.path}: the line of {key!r}: {exc}") from exc

    def define(self, word: str) -> Definition:
        """What *word* means (case and accents folded). Cost: one block read for the word,
        and one for each lemma it links to (a few, at most)."""
        key = normalise(word)
        entries: list[Entry] = []
        for kind, pos, labels, text in self._items(key):
            if kind in RELATIONS.values():
                base = labels[0] if labels else pos  # a derived word's base's part of speech
                senses = [
                    Sense(gloss, found_labels, SOURCES[found_kind])
                    for found_kind, found_pos, found_labels, gloss in self._items(text)
                    if found_kind in SOURCES and found_pos == base
                ]
                if senses:
                    name = PARTS_OF_SPEECH[pos]
                    entries.append(Entry(text, name, senses, kind, PARTS_OF_SPEECH[base]))
                continue
            name = PARTS_OF_SPEECH[pos]
            sense = Sense(text, labels, SOURCES[kind])
            if entries and entries[-1].lemma == key and entries[-1].pos == name:
                entries[-1].senses.append(sense)
            else:
                entries.append(Entry(key, name, [sense]))
        return Definition(key, entries)
