"""Read the reviewed files beside make_default_dictionary.py (formats in docs/FORMAT.md).

(The add-back list, ``scowl_addback.txt``, is read by make_default_dictionary.py itself.)

- ``scowl_variants.txt``: ``WORD keep|drop``: the verdict on each word of SCOWL's variant_3
  and australian lists that the British lists lack at that size;
- ``scowl_inflections.txt``: ``FORM BASE``: a regular inflection that joins every list
  holding BASE, whatever size SCOWL files FORM under (made by tools/derive_inflections.py);
- ``scowl_drop_forms.txt``: ``FORM BASE``: a form that leaves every list with BASE, a word
  of the drop list (made by tools/derive_inflections.py; read with read_inflections);
- ``scowl_unattested.txt``: ``FORM REASON BASE``: an inflection hunspell accepts that the
  evidence refuses (UNATTESTED_REASONS), for the reasons file only;
- ``scowl_drops.txt``: ``WORD REASON [OXFORD FORM]``: words the show refuses, kept out of
  every list, each with its reason (REASONS) and, where one exists, the form Oxford uses;
- ``recall_review.txt``: ``WORD VERDICT REASON SOURCE``: the verdict on each recall
  candidate (tools/recall_candidates.py): ``keep oxford`` joins ``full`` and ``huge``;
  ``drop`` with a reason of RECALL_REASONS leaves it where it was.

Every reader checks each line and raises ValueError naming the file and line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import NamedTuple

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = os.path.join(HERE, "scowl_variants.txt")
INFLECTIONS = os.path.join(HERE, "scowl_inflections.txt")
DROPS = os.path.join(HERE, "scowl_drops.txt")
DROP_FORMS = os.path.join(HERE, "scowl_drop_forms.txt")
UNATTESTED_FILE = os.path.join(HERE, "scowl_unattested.txt")
RECALL = os.path.join(HERE, "recall_review.txt")
UNATTESTED_REASONS = ("no-comparative", "no-plural")
VERDICTS = ("keep", "drop")
REASONS = (
    "not-in-oxford",
    "hyphenated",
    "mass-plural",
    "us-spelling",
    "phrase-only",
    "abbreviation",
    "inflection",
)
RECALL_REASONS = {
    "keep": ("oxford",),  # Oxford lists it in lower case, one word: a headword or its form
    "drop": (
        "not-in-oxford",
        "capitalised",  # Oxford has it only as a name or trademark
        "phrase-only",  # only inside a phrase or as two words (in absentia, road map)
        "hyphenated",
        "us-spelling",
        "abbreviation",
        "numeral",  # a Roman numeral
        "offensive",  # a slur: Oxford has it, the show would not say it
    ),
}
RECALL_SOURCES = ("huge", "huge-frequent", "wordfreq", "wordfreq-frequent", "huge-racks", "issue")
WORDFREQ_SOURCES = ("wordfreq", "wordfreq-frequent")  # the sources of words huge lacked
# The Zipf floor (wordfreq 3.1.1, English) each signal-filtered source was taken at
# (tools/recall_candidates.py); named in PROVENANCE.json's recall record.
RECALL_FLOORS = {"huge": 1.5, "huge-frequent": 1.5, "wordfreq": 1.5, "wordfreq-frequent": 2.25}
WORD = re.compile("[a-z]+")
FORM = re.compile("[A-Za-z][A-Za-z' -]*[A-Za-z]")


class Drop(NamedTuple):
    """One entry of the drop list: the word, why the show refuses it, Oxford's form."""

    word: str
    reason: str
    oxford: str


def entries(path: str) -> Iterator[tuple[int, list[str], str]]:
    """``(line number, fields, line)`` for each line of *path* that is not blank or a comment."""
    with open(path, encoding="utf-8") as handle:
        for line_no, line in enumerate(handle, 1):
            fields = line.split("#", 1)[0].split()
            if fields:
                yield line_no, fields, line.strip()


def problem(path: str, line_no: int, expected: str, line: str) -> ValueError:
    return ValueError(f"{path}: line {line_no}: expected {expected}, got {line!r}")


def check_word(path: str, line_no: int, word: str, line: str) -> str:
    if not WORD.fullmatch(word) or (len(word) == 1 and word != "a"):
        raise problem(path, line_no, "a lower-case a-z word", line)
    return word


def read_variants(path: str = VARIANTS) -> dict[str, bool]:
    """Each reviewed word of variant_3 and australian: True to keep it, False to drop it."""
    found: dict[str, bool] = {}
    for line_no, fields, line in entries(path):
        if len(fields) != 2 or fields[1] not in VERDICTS:
            raise problem(path, line_no, "'WORD keep' or 'WORD drop'", line)
        word = check_word(path, line_no, fields[0], line)
        if word in found:
            raise problem(path, line_no, "each word once", line)
        found[word] = fields[1] == "keep"
    return found


def variant_reasons(path: str = VARIANTS) -> dict[str, str]:
    """Each dropped variant with the drop list's reason its note gives: ``us-spelling``
    for "US or misformed spelling", else ``not-in-oxford``."""
    drops: dict[str, str] = {}
    for word, keep in read_variants(path).items():
        if not keep:
            drops[word] = "not-in-oxford"
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            word, _, note = line.partition("#")
            fields = word.split()
            if len(fields) == 2 and fields[0] in drops and "US or misformed" in note:
                drops[fields[0]] = "us-spelling"
    return drops


def read_inflections(path: str = INFLECTIONS) -> list[tuple[str, str]]:
    """The ``(form, base)`` entries of the inflection list."""
    found: list[tuple[str, str]] = []
    for line_no, fields, line in entries(path):
        if len(fields) != 2:
            raise problem(path, line_no, "'FORM BASE'", line)
        found.append(
            (check_word(path, line_no, fields[0], line), check_word(path, line_no, fields[1], line))
        )
    return found


def read_unattested(path: str = UNATTESTED_FILE) -> dict[str, tuple[str, str]]:
    """Each refused form with its ``(reason, base)``."""
    found: dict[str, tuple[str, str]] = {}
    for line_no, fields, line in entries(path):
        if len(fields) != 3 or fields[1] not in UNATTESTED_REASONS:
            raise problem(
                path, line_no, f"'FORM REASON BASE', REASON in {UNATTESTED_REASONS}", line
            )
        form = check_word(path, line_no, fields[0], line)
        found[form] = (fields[1], check_word(path, line_no, fields[2], line))
    return found


class Recall(NamedTuple):
    """One verdict of the recall review: keep or drop, why, and where the word was found."""

    word: str
    verdict: str
    reason: str
    source: str

    @property
    def keep(self) -> bool:
        return self.verdict == "keep"


def read_recall(path: str = RECALL) -> dict[str, Recall]:
    """The recall review by word: each word once, a verdict, its reason, a known source."""
    found: dict[str, Recall] = {}
    for line_no, fields, line in entries(path):
        if (
            len(fields) != 4
            or fields[2] not in RECALL_REASONS.get(fields[1], ())
            or fields[3] not in RECALL_SOURCES
        ):
            raise problem(
                path,
                line_no,
                f"'WORD VERDICT REASON SOURCE' (reasons by verdict {RECALL_REASONS}, "
                f"SOURCE one of {RECALL_SOURCES})",
                line,
            )
        word = check_word(path, line_no, fields[0], line)
        if word in found:
            raise problem(path, line_no, "each word once", line)
        found[word] = Recall(word, *fields[1:])
    return found


def read_drops(path: str = DROPS) -> dict[str, Drop]:
    """The drop list by word: each word once, a known reason, an optional Oxford form."""
    found: dict[str, Drop] = {}
    for line_no, fields, line in entries(path):
        if len(fields) < 2 or fields[1] not in REASONS:
            raise problem(path, line_no, f"'WORD REASON [FORM]' with REASON one of {REASONS}", line)
        word = check_word(path, line_no, fields[0], line)
        oxford = " ".join(fields[2:])
        if oxford and not FORM.fullmatch(oxford):
            raise problem(path, line_no, "Oxford's form in letters, spaces, hyphens", line)
        if word in found:
            raise problem(path, line_no, "each word once", line)
        found[word] = Drop(word, fields[1], oxford)
    return found
