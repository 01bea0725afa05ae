"""Find the recall candidates: words Oxford may have that ``full`` lacks (issue 28 item 2),
for review into tools/recall_review.txt (format in docs/FORMAT.md).

    pip install '.[tools]'   # wordfreq, pinned; hunspell-en-gb from Debian
    python tools/recall_candidates.py [--unreviewed] [--classes] [--racks N --seed S]

Two sources, each filtered by the independent signals of tools/word_signals.py:

- ``huge``: the words of the packaged ``huge`` list (SCOWL size 80) that ``full`` lacks;
- ``wordfreq``: the words of wordfreq's large English list in no packaged list;

a candidate is lower-case a-z, of 2 to 9 letters (a letters round's rack), on no review
list that refuses it (the drop list, its forms, a dropped variant), accepted by hunspell
en_GB, and at least FLOOR on wordfreq's Zipf scale; as ``huge-frequent``, a word of
``huge`` that hunspell en_GB (2020: no halloumi, churros, bants) refuses but that reaches
FLOOR, unless it is an -ize spelling (which hunspell en_GB refuses by design); and, as
``wordfreq-frequent``, a word of wordfreq in no packaged list that hunspell refuses too
(neither SCOWL nor hunspell has matcha, paneer, prosecco), of 3 to 9 letters, at
FREQUENT_FLOOR or more. Each is printed as ``WORD SOURCE ZIPF``. A word the recall
review keeps is in ``full`` by then, so ``full`` here means the list less the reviewed
words: a rerun after the review finds the same candidates.

``--classes`` adds, for the ``wordfreq-frequent`` candidates, what SCOWL makes of the
word in any of its categories (``name``, ``abbreviation``, ``us``: only in the American or
Canadian words, ``contraction`` written without its apostrophe, or ``none``): shown to the
reviewer beside each candidate, with the reason it suggests (capitalised, abbreviation,
us-spelling, not-in-oxford), which the reviewer changes where the word is more than that.

``--unreviewed`` prints only the candidates tools/recall_review.txt has no verdict on
(none, when the review is complete: a test holds it). ``--racks N`` prints instead the
``huge-racks`` candidates: on racks ``draw letters --seed S`` ... ``S+N-1``, the best words
of ``huge`` that ``full`` lacks where ``huge``'s best is longer, whatever the signals say.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import sys
from collections.abc import Iterable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import word_signals
from make_default_dictionary import SCOWL_DIRECTORY
from scowl_reviews import (
    DROP_FORMS,
    RECALL,
    RECALL_FLOORS,
    WORDFREQ_SOURCES,
    read_drops,
    read_inflections,
    read_recall,
    read_variants,
)

from anagramdb.packaged import PACKAGED, data_path

FLOOR = RECALL_FLOORS["wordfreq"]  # word_signals.FREQUENT: once in 30 million words or more
# wordfreq's words that hunspell refuses too: mostly names, abbreviations and US spellings
# (about 19,300 of 3 to 9 letters at 2.25, 12,000 at 2.5, 4,400 at 3.0), so a higher floor
FREQUENT_FLOOR = RECALL_FLOORS["wordfreq-frequent"]
# -ize spellings hunspell en_GB refuses by design: the lists take british_z's at each size
IZE_FORM = re.compile("iz(e|ed|es|ing|er|ers|ation|ations|able)$")
LENGTHS = range(2, 10)


def packaged(name: str) -> set[str]:
    with open(data_path(PACKAGED[name]), encoding="utf-8") as handle:
        return set(handle.read().split())


def refused() -> set[str]:
    """Every word a review keeps out of the lists, whatever recall says."""
    dropped_variants = {word for word, keep in read_variants().items() if not keep}
    forms = {form for form, _ in read_inflections(DROP_FORMS)}
    return set(read_drops()) | dropped_variants | forms


def wordfreq_words() -> Iterable[str]:
    from wordfreq import iter_wordlist

    return iter_wordlist("en", "large")


def candidates(recall_path: str = RECALL) -> list[tuple[str, str, float]]:
    """``(word, source, zipf)`` for every candidate, sorted by word."""
    reviewed = read_recall(recall_path)
    full = packaged("full") - set(reviewed)
    # a wordfreq word the review keeps is in huge by now: it is still wordfreq's
    wordfreq_kept = {
        word for word, entry in reviewed.items() if entry.keep and entry.source in WORDFREQ_SOURCES
    }
    huge = packaged("huge") - wordfreq_kept
    out = refused() | full

    def fit(word: str) -> bool:
        return len(word) in LENGTHS and word.isascii() and word.isalpha() and word.islower()

    sources = {word: "huge" for word in huge - out if fit(word)}
    for word in wordfreq_words():
        if word not in sources and word not in out and word not in huge and fit(word):
            sources[word] = "wordfreq"
    zipf = {word: word_signals.zipf(word) for word in sources}
    frequent = {word for word, value in zipf.items() if value >= FLOOR}
    accepted = frequent - word_signals.hunspell_refused(frequent)
    for word in frequent - accepted:
        if sources[word] == "huge" and not IZE_FORM.search(word):
            sources[word] = "huge-frequent"
            accepted.add(word)
        elif sources[word] == "wordfreq" and zipf[word] >= FREQUENT_FLOOR and len(word) > 2:
            sources[word] = "wordfreq-frequent"
            accepted.add(word)
    return sorted((word, sources[word], zipf[word]) for word in accepted)


def scowl_classes(directory: str = SCOWL_DIRECTORY) -> dict[str, str]:
    """What SCOWL makes of a lower-cased word outside its lists of words (``--classes``):
    ``us`` first, then ``contraction``, ``abbreviation``, ``name``."""
    kinds: dict[str, set[str]] = {
        kind: set() for kind in ("us", "words", "contraction", "abbreviation", "name")
    }
    for path in glob.glob(os.path.join(directory, "*-*.*")):
        variety, category = os.path.basename(path).rsplit(".", 1)[0].split("-", 1)
        with open(path, encoding="latin-1") as handle:
            entries = handle.read().split()
        if category == "words":
            kind = "us" if variety.startswith(("american", "canadian")) else "words"
            kinds[kind].update(entries)
        elif category == "contractions":
            kinds["contraction"].update(entry.lower().replace("'", "") for entry in entries)
        elif category == "abbreviations":
            kinds["abbreviation"].update(entry.lower().replace(".", "") for entry in entries)
        elif category in ("proper-names", "upper"):
            kinds["name"].update(entry.lower() for entry in entries)
    kinds["us"] -= kinds.pop("words")
    found: dict[str, str] = {}
    for kind, words in reversed(kinds.items()):
        found.update(dict.fromkeys(words, kind))
    return found


def rack_candidates(racks: int, seed: int) -> list[tuple[str, int]]:
    """``(word, racks)``: huge's longer best words that full lacks, with how many racks."""
    from measure_lists import measure

    from anagramdb.countdown.draw import draw_letters

    drawn = [draw_letters(seed=seed + i).letters for i in range(racks)]
    lists = {name: data_path(PACKAGED[name]) for name in ("full", "huge")}
    results = measure(lists, drawn)
    full = packaged("full")
    counts: dict[str, int] = {}
    for (full_length, _), (huge_length, words) in zip(
        results["full"], results["huge"], strict=True
    ):
        if huge_length > full_length:
            for word in words:
                if word not in full:
                    counts[word] = counts.get(word, 0) + 1
    return sorted(counts.items())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--unreviewed", action="store_true", help="only those with no verdict")
    parser.add_argument(
        "--classes", action="store_true", help="SCOWL's class of each wordfreq-frequent word"
    )
    parser.add_argument("--racks", type=int, help="huge's longer best words on N racks")
    parser.add_argument("--seed", type=int, default=1, help="the first rack's seed")
    args = parser.parse_args()
    reviewed = read_recall()
    if args.racks:
        for word, count in rack_candidates(args.racks, args.seed):
            if not (args.unreviewed and word in reviewed):
                print(word, "huge-racks", count)
        return 0
    classes = scowl_classes() if args.classes else {}
    for word, source, zipf in candidates():
        if not (args.unreviewed and word in reviewed):
            shown = [word, source, f"{zipf:.2f}"]
            if args.classes and source == "wordfreq-frequent":
                shown.append(classes.get(word, "none"))
            print(*shown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
