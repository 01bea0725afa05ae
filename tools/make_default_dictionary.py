"""Make the packaged dictionaries in anagramdb/data/ from SCOWL's categorized word lists.

    apt-get install scowl
    python tools/make_default_dictionary.py [--scowl /usr/share/dict/scowl] [--output DIR]

Debian's ``scowl`` package installs SCOWL's lists by category and size, one file each
(``CATEGORY-words.SIZE``, ``CATEGORY-abbreviations.SIZE``, ...). Only the *words* files of
CATEGORIES are read (never abbreviations, contractions, proper names, upper-case words,
Roman numerals or hacker slang), up to each list's size limit (LISTS):

- ``common`` (common.txt): sizes up to 55, where SCOWL adds the 12dicts list of everyday words;
- ``full`` (words.txt, the default): sizes up to 70;
- ``huge`` (huge.txt): sizes up to 80, mostly words the Oxford dictionary does not list.

The rules (``clean``): lower-case words only; accents folded to a-z; nothing but letters
(no apostrophe or hyphen); no single letters but "a"; no word without a vowel (a, e, i, o,
u, y) except VOWELLESS_WORDS. Then the reviewed add-back list (tools/scowl_addback.txt:
words SCOWL files only as abbreviations, and the letter names) joins each list whose size
limit reaches the entry's size.

Reproducible: the output depends only on the input files and this tool. The dictionaries'
mtimes are set to the SCOWL release date (from the package version) and their indexes
record it, so two runs give the same bytes. PROVENANCE.json records the package version,
sizes, rules and counts; SCOWL's copyright notice is copied beside the data (COPYING.SCOWL).
reasons.txt (keyed text, with its index; tools/scowl_reasons.py) tells ``check`` why the
review accepts or refuses a word: the -ize spellings taken, the drop list, US spellings.
Then run tools/make_conundrum_data.py and tools/make_definitions.py, which read the lists.
"""

from __future__ import annotations

import argparse
import calendar
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from scowl_reasons import reasons as reason_rows
from scowl_reviews import (
    DROP_FORMS,
    DROPS,
    INFLECTIONS,
    RECALL,
    RECALL_FLOORS,
    UNATTESTED_FILE,
    VARIANTS,
    Drop,
    read_drops,
    read_inflections,
    read_recall,
    read_unattested,
    read_variants,
    variant_reasons,
)

from anagramdb.atomic import packaging
from anagramdb.builder import build, write_keyed
from anagramdb.index_build import save_index
from anagramdb.keys import fold
from anagramdb.kinds import KEYED
from anagramdb.packaged import DATA_DIRECTORY, PACKAGED, PROVENANCE_FILE

TOOLS = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "scowl"
SCOWL_DIRECTORY = "/usr/share/dict/scowl"
COPYRIGHT = "/usr/share/doc/scowl/copyright"
ADDBACK = os.path.join(TOOLS, "scowl_addback.txt")
CATEGORIES = ("english", "british", "british_variant_1", "british_variant_2")
IZE_CATEGORY = "british_z"  # british with Oxford's -ize spellings
NOT_IZE = re.compile("yz")  # -yse stays British (analyse, paralyse): never analyze
REVIEWED_CATEGORIES = ("variant_3", "australian")  # read through tools/scowl_variants.txt
US_CATEGORY = "american"  # its spellings the lists lack are explained in REASONS_FILE
REASONS_FILE = "reasons.txt"
# The independent signals the reviewed files were made with (tools/word_signals.py);
# the build itself reads none of them.
SIGNALS = {
    "hunspell": "Debian hunspell-en-gb 1:7.5.0-1",
    "wordfreq": "PyPI wordfreq 3.1.1 (English, Zipf >= 1.5)",
    "wordnet": "Debian wordnet-base 1:3.0-37 (WordNet 3.0)",
}
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
RECALL_SIZE = 70  # a word the recall review keeps joins the lists of this size and up
LISTS = {"common": 55, "full": 70, "huge": 80}
DEFAULT_LIST = "full"  # an unattested form it holds (SCOWL's own, at its size) gets no reason
VOWELLESS_WORDS = frozenset("brr crwth crwths cwm cwms hmm nth pfft psst shh tsk tsks zzz".split())
VOWEL = re.compile("[aeiouy]")
RULES = (
    "words files only "
    "(no abbreviations, contractions, proper names, upper, Roman numerals, hacker)",
    "lower-case words only",
    "accents folded to a-z; nothing but letters (no apostrophes or hyphens)",
    'no single letters except "a"',
    "no word without a vowel (a, e, i, o, u, y) except: " + " ".join(sorted(VOWELLESS_WORDS)),
    "plus the reviewed add-back list (abbreviation-only words that are real words; letter names)",
)


def clean(word: str) -> tuple[str | None, str]:
    """``(folded word, "")`` when *word* is kept, else ``(None, reason)``."""
    if word != word.lower():
        return None, "capitalised"
    folded = fold(word)
    if not (folded.isascii() and folded.isalpha()):
        return None, "not letters"
    if len(folded) == 1 and folded != "a":
        return None, "single letter"
    if not VOWEL.search(folded) and folded not in VOWELLESS_WORDS:
        return None, "no vowel"
    return folded, ""


def read_addback(path: str = ADDBACK) -> list[tuple[str, int]]:
    """The ``(word, size)`` entries of an add-back list (format in docs/FORMAT.md)."""
    entries: list[tuple[str, int]] = []
    with open(path, encoding="utf-8") as handle:
        for line_no, line in enumerate(handle, 1):
            fields = line.split("#", 1)[0].split()
            if not fields:
                continue
            if len(fields) != 2 or not fields[1].isdigit() or int(fields[1]) not in SIZES:
                raise ValueError(
                    f"{path}: line {line_no}: expected 'WORD SIZE' with SIZE one of {SIZES}, "
                    f"got {line.strip()!r}"
                )
            word, size = fields[0], int(fields[1])
            if clean(word) != (word, ""):
                raise ValueError(
                    f"{path}: line {line_no}: {word!r} is not a lower-case a-z word "
                    "that the rules keep"
                )
            entries.append((word, size))
    return entries


def source_files(directory: str, limit: int, categories: Iterable[str] = CATEGORIES) -> list[str]:
    """The SCOWL words files of *categories* with sizes up to *limit*, in a fixed order."""
    names = [
        f"{category}-words.{size}" for size in SIZES if size <= limit for category in categories
    ]
    return [
        os.path.join(directory, name)
        for name in names
        if os.path.exists(os.path.join(directory, name))
    ]


def category_words(
    directory: str, categories: Iterable[str], limit: int, skipped: dict[str, int] | None = None
) -> set[str]:
    """The words the rules keep from the words files of *categories* up to size *limit*;
    lines the rules refuse are counted by reason into *skipped*."""
    words: set[str] = set()
    for path in source_files(directory, limit, categories):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                word, reason = clean(line.strip())
                if word is not None:
                    words.add(word)
                elif line.strip() and skipped is not None:
                    skipped[reason] = skipped.get(reason, 0) + 1
    return words


class Reviews(NamedTuple):
    """The reviewed files a build reads (tools/scowl_reviews.py)."""

    addback: list[tuple[str, int]]
    variants: dict[str, bool]
    inflections: list[tuple[str, str]]
    drops: dict[str, Drop]
    drop_forms: dict[str, str]  # form: the dropped word it leaves with
    unattested: dict[str, tuple[str, str]]  # form: (reason, base), for reasons.txt only
    recall: list[str]  # the words the recall review keeps (tools/recall_review.txt)

    @classmethod
    def read(cls, paths: ReviewPaths) -> Reviews:
        drops = read_drops(paths.drops)
        drop_forms = {
            form: base
            for form, base in read_inflections(paths.drop_forms)
            if base in drops and form not in drops
        }
        return cls(
            read_addback(paths.addback),
            read_variants(paths.variants),
            read_inflections(paths.inflections),
            drops,
            drop_forms,
            read_unattested(paths.unattested),
            sorted(word for word, entry in read_recall(paths.recall).items() if entry.keep),
        )

    def refused(self) -> set[str]:
        """Every word the review keeps out: the drop list and the forms that go with it."""
        return set(self.drops) | set(self.drop_forms)


class ReviewPaths(NamedTuple):
    addback: str = ADDBACK
    variants: str = VARIANTS
    inflections: str = INFLECTIONS
    drops: str = DROPS
    drop_forms: str = DROP_FORMS
    unattested: str = UNATTESTED_FILE
    recall: str = RECALL


def list_words(
    directory: str, limit: int, reviews: Reviews
) -> tuple[list[str], dict[str, object], set[str]]:
    """The sorted words of the list with size *limit*, how each step changed it, and the
    -ize words it took from british_z.

    The steps: the British words files and the add-back list; british_z's -ize spellings
    (never -yze); the kept entries of variant_3 and australian; the words the recall
    review keeps (lists of RECALL_SIZE and up); the drop list; then each listed inflection
    whose base is in, if SCOWL lists the form at any size."""
    skipped: dict[str, int] = {}
    words = category_words(directory, CATEGORIES, limit, skipped)
    words.update(word for word, size in reviews.addback if size <= limit)
    ize = {
        word
        for word in category_words(directory, (IZE_CATEGORY,), limit) - words
        if not NOT_IZE.search(word)
    }
    words |= ize
    reviewed = category_words(directory, REVIEWED_CATEGORIES, limit) - words
    kept = {word for word in reviewed if reviews.variants.get(word)}
    words |= kept
    recalled = set(reviews.recall) - words if limit >= RECALL_SIZE else set()
    words |= recalled
    refused = reviews.refused()
    dropped = words & refused
    words -= dropped
    anywhere = category_words(directory, (*CATEGORIES, IZE_CATEGORY), max(SIZES))
    inflections = {
        form
        for form, base in reviews.inflections
        if base in words and form in anywhere and form not in refused
    } - words
    words |= inflections
    reasons = Counter(reviews.drops[word].reason for word in dropped if word in reviews.drops)
    forms_dropped = sum(1 for word in dropped if word not in reviews.drops)
    steps: dict[str, object] = {
        "skipped": dict(sorted(skipped.items())),
        "added_back": sum(1 for _, size in reviews.addback if size <= limit),
        "added_ize": len(ize),
        "added_variants": len(kept),
        "added_recall": len(recalled - dropped),
        "unreviewed_variants": sum(1 for word in reviewed if word not in reviews.variants),
        "added_inflections": len(inflections),
        "dropped": dict(sorted(reasons.items())),
        "dropped_forms": forms_dropped,
    }
    return sorted(words), steps, ize - refused


def recall_record(path: str) -> dict[str, object]:
    """The recall review's provenance: its verdicts counted by reason and by source."""
    entries = read_recall(path).values()
    return {
        "file": "tools/" + os.path.basename(path),
        "entries": len(entries),
        "kept": sum(1 for entry in entries if entry.keep),
        "by_reason": dict(sorted(Counter(entry.reason for entry in entries).items())),
        "by_source": dict(
            sorted(Counter(f"{entry.source} {entry.verdict}" for entry in entries).items())
        ),
        "sha256": sha256(path),
        "zipf_floors": RECALL_FLOORS,
    }


def package_version(package: str = PACKAGE) -> str:
    """The installed Debian version of *package*, or 'unknown' off Debian."""
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return result.stdout.strip()


def release_mtime_ns(version: str) -> int:
    """The SCOWL release date in a version like ``2020.12.07-2``, as ns since the epoch
    (0 when the version names no date), used as the dictionaries' fixed mtime."""
    found = re.match(r"(\d{4})\.(\d{2})\.(\d{2})", version)
    if not found:
        return 0
    year, month, day = map(int, found.groups())
    return calendar.timegm((year, month, day, 0, 0, 0)) * 1_000_000_000


def sha256(path: str) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def write_dictionary(words: list[str], output: str, mtime_ns: int) -> None:
    """Build *output* and its index from *words*, with the dictionary's mtime fixed."""
    directory = os.path.dirname(os.path.abspath(output))
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=directory, prefix=".wordlist-", suffix=".tmp", delete=False
    ) as handle:
        handle.write("".join(word + "\n" for word in words))
    try:
        report = build([handle.name], output)
    finally:
        os.unlink(handle.name)
    if report.kept != len(words):
        raise RuntimeError(
            f"{output}: the builder kept {report.kept} of {len(words)} words: {report.summary()}"
        )
    os.utime(output, ns=(mtime_ns, mtime_ns))
    save_index(output)


def make(
    directory: str,
    output: str,
    version: str,
    addback_path: str = ADDBACK,
    copyright_path: str | None = COPYRIGHT,
    review_paths: ReviewPaths | None = None,
) -> dict[str, object]:
    """Write every list of LISTS, the provenance file and the copyright notice into
    *output*; return the provenance record. *review_paths* name the reviewed files (the
    ones in tools/ by default); *addback_path* overrides its add-back list."""
    paths = (review_paths or ReviewPaths())._replace(addback=addback_path)
    reviews = Reviews.read(paths)
    mtime_ns = release_mtime_ns(version)
    dictionaries: dict[str, object] = {}
    ize_words: set[str] = set()
    largest: list[str] = []
    default: set[str] = set()
    for name, limit in sorted(LISTS.items(), key=lambda item: item[1]):
        words, steps, ize = list_words(directory, limit, reviews)
        ize_words |= ize
        largest = words
        if name == DEFAULT_LIST:
            default = set(words)
        path = os.path.join(output, PACKAGED[name])
        with packaging():  # the packaged data, which no command writes
            write_dictionary(words, path, mtime_ns)
        dictionaries[name] = {
            "file": PACKAGED[name],
            "max_size": limit,
            "words": len(words),
            "nine_letter_words": sum(1 for word in words if len(word) == 9),
            "sha256": sha256(path),
            **steps,
        }
    american = category_words(directory, (US_CATEGORY,), max(LISTS.values()))
    rows = reason_rows(
        ize_words,
        reviews.drops,
        american,
        set(largest),
        reviews.drop_forms,
        {form: row for form, row in reviews.unattested.items() if form not in default},
        variant_reasons(paths.variants),
        default,
    )
    reasons_path = os.path.join(output, REASONS_FILE)
    with packaging():  # read by anagramdb/countdown/reasons.py
        write_keyed(reasons_path, ("\t".join(row) for row in rows), KEYED, mtime_ns=mtime_ns)
    record: dict[str, object] = {
        "source": {
            "name": "SCOWL (Spell Checker Oriented Word Lists), http://wordlist.aspell.net/",
            "package": PACKAGE,
            "version": version,
            "categories": [*CATEGORIES, IZE_CATEGORY, *REVIEWED_CATEGORIES],
            "kind": "words",
        },
        "rules": list(RULES),
        "addback": {
            "file": "tools/" + os.path.basename(addback_path),
            "entries": len(reviews.addback),
            "sha256": sha256(addback_path),
        },
        "reviews": {
            kind: {
                "file": "tools/" + os.path.basename(getattr(paths, kind)),
                "entries": len(getattr(reviews, kind)),
                "sha256": sha256(getattr(paths, kind)),
            }
            for kind in ("variants", "inflections", "drops", "drop_forms", "unattested")
        }
        | {"recall": recall_record(paths.recall)},
        "signals": SIGNALS,
        "reasons": {
            "file": REASONS_FILE,
            "entries": len(rows),
            "by_reason": dict(sorted(Counter(row[1] for row in rows).items())),
            "sha256": sha256(reasons_path),
        },
        "dictionaries": dictionaries,
    }
    provenance_path = os.path.join(output, PROVENANCE_FILE)
    if os.path.exists(provenance_path):  # tools/make_definitions.py's record: rerun that tool
        with open(provenance_path, encoding="utf-8") as handle:
            record.update({k: v for k, v in json.load(handle).items() if k == "definitions"})
    with open(provenance_path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(json.dumps(record, indent=2, sort_keys=True) + "\n")
    if copyright_path is not None:
        shutil.copyfile(copyright_path, os.path.join(output, "COPYING.SCOWL"))
    return record


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--scowl",
        default=SCOWL_DIRECTORY,
        help=f"SCOWL's categorized lists (default: {SCOWL_DIRECTORY})",
    )
    parser.add_argument(
        "--output",
        default=DATA_DIRECTORY,
        help="directory to write into (default: the package's data/)",
    )
    args = parser.parse_args()
    if not source_files(args.scowl, max(LISTS.values())) or not os.path.exists(COPYRIGHT):
        print(f"no SCOWL word lists in {args.scowl}: apt-get install {PACKAGE}", file=sys.stderr)
        return 1
    record = make(args.scowl, args.output, package_version())
    for name, details in record["dictionaries"].items():  # type: ignore[attr-defined]
        print(
            f"{name}: {details['file']}: {details['words']} words, "
            f"{details['nine_letter_words']} of nine letters "
            f"(SCOWL sizes <= {details['max_size']})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
