"""The recall review (issue 28 item 2): tools/recall_review.txt's verdicts, read by
tools/make_default_dictionary.py, and the candidates tools/recall_candidates.py finds for it."""

from __future__ import annotations

import importlib
import os
import sys

import pytest

from ..support import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
reviews = importlib.import_module("scowl_reviews")

# Longer words Oxford has that only `huge` held (issue 28's own examples).
ISSUE_WORDS = "grimoire gaieties amassers denarii fantod waldoes".split()


@pytest.fixture(scope="module")
def recall():
    return reviews.read_recall()


def test_kept_words_are_in_full_and_huge_and_never_refused(packaged_words, recall):
    kept = {word for word, entry in recall.items() if entry.keep}
    assert len(kept) > 1000
    refused = set(reviews.read_drops()) | {
        word for word, keep in reviews.read_variants().items() if not keep
    }
    assert not kept & refused
    assert kept <= packaged_words["full"] and kept <= packaged_words["huge"]


def test_dropped_words_stay_out_of_full(packaged_words, recall):
    dropped = {word for word, entry in recall.items() if not entry.keep}
    assert len(dropped) > 1000
    assert not dropped & packaged_words["full"]
    wordfreq_only = {word for word in dropped if recall[word].source in reviews.WORDFREQ_SOURCES}
    assert not wordfreq_only & packaged_words["huge"]


def test_the_issue_s_words_are_found(packaged_words):
    assert sorted(set(ISSUE_WORDS) - packaged_words["full"]) == []


def test_every_verdict_has_its_reason(recall):
    for entry in recall.values():
        assert entry.reason in reviews.RECALL_REASONS[entry.verdict], entry
    assert {entry.source for entry in recall.values()} == set(reviews.RECALL_SOURCES)


def test_wordfreq_frequent_entries_are_at_their_floor():
    # the Zipf note of each entry of the source, and its length (3 to 9 letters)
    floor = reviews.RECALL_FLOORS["wordfreq-frequent"]
    found = 0
    for _, fields, line in reviews.entries(reviews.RECALL):
        if fields[3] == "wordfreq-frequent":
            found += 1
            assert 3 <= len(fields[0]) <= 9, line
            assert float(line.split("# Zipf ")[1]) >= floor, line
    assert found > 10000


def test_scowl_classes_name_what_scowl_makes_of_a_word(tmp_path):
    files = {
        "american-words.50": "color\ncenter\n",
        "british-words.50": "colour\ncentre\n",
        "canadian-words.50": "center\n",
        "english-words.10": "vlog\n",
        "english-upper.50": "Paris\nBBC\n",
        "english-proper-names.50": "Kate\n",
        "english-abbreviations.50": "etc.\nBBC\n",
        "english-contractions.50": "don't\n",
        "special-roman-numerals.50": "xiv\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="latin-1")
    classes = importlib.import_module("recall_candidates").scowl_classes(str(tmp_path))
    assert classes == {
        "color": "us",
        "center": "us",
        "paris": "name",
        "kate": "name",
        "bbc": "abbreviation",
        "etc": "abbreviation",
        "dont": "contraction",
    }


@pytest.mark.parametrize(
    "line",
    [
        "grimoire keep oxford",  # no source
        "grimoire keep not-in-oxford huge",  # a refusal's reason on a keep
        "grimoire drop oxford huge",
        "grimoire maybe oxford huge",
        "grimoire keep oxford scrabble",
        "Grimoire keep oxford huge",
    ],
)
def test_bad_recall_lines_are_refused(tmp_path, line):
    path = tmp_path / "recall.txt"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"recall\.txt: line 1: expected"):
        reviews.read_recall(str(path))


def test_a_word_reviewed_twice_is_refused(tmp_path):
    path = tmp_path / "recall.txt"
    path.write_text("bokeh keep oxford wordfreq\nbokeh drop not-in-oxford huge\n", "utf-8")
    with pytest.raises(ValueError, match="line 2: expected each word once"):
        reviews.read_recall(str(path))


@pytest.mark.rebuild
@pytest.mark.timeout(900)  # minutes of CPU on a loaded machine: run the tools
def test_every_candidate_has_a_verdict():
    pytest.importorskip("wordfreq", reason="needs PyPI wordfreq (a tools-only dependency)")
    signals = importlib.import_module("word_signals")
    maker = importlib.import_module("make_default_dictionary")
    if signals.versions() != maker.SIGNALS:
        pytest.skip(f"the signals installed are {signals.versions()}, not {maker.SIGNALS}")
    candidates = importlib.import_module("recall_candidates").candidates()
    recall = reviews.read_recall()
    assert len(candidates) > 3000
    assert [word for word, _, _ in candidates if word not in recall] == []
    for word, source, _ in candidates:  # a word of the racks or the issue may be one too
        assert recall[word].source in (source, "huge-racks", "issue"), word
