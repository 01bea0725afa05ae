"""Inflections from evidence and the drop list reaching inflections (issue 28 items 1, 3):
tools/inflect.py's spelling rules, the forms that leave with a dropped word
(tools/derive_inflections.py), and the packaged lists free of the study's refused words."""

from __future__ import annotations

import importlib
import os
import sys

import pytest

from anagramdb.countdown.reasons import explain

from ..support import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
inflect = importlib.import_module("inflect")
# The drop forms' tests read WordNet (derive_inflections asks it for parts of speech).
needs_wordnet = pytest.mark.skipif(
    not os.path.exists("/usr/share/wordnet/index.noun"), reason="needs Debian's wordnet-base"
)


def derive_tools():
    """tools/derive_inflections.py, and the drop list's entry type (tools/scowl_reviews.py)."""
    return importlib.import_module("derive_inflections"), importlib.import_module(
        "scowl_reviews"
    ).Drop


# Issue 28's study: best words the show refuses (invented inflections, forms of dropped
# words, hyphenated and two-word Oxford forms, US spellings, names, phrase-only words).
REFUSED = (
    "dreader beetler alexias bathoses carrions dotages incests rapines immenser moderner "
    "wisdoms worsteds anilest plaices cutout beermats pinups preempted reelected timeouts "
    "startups onetime seagirt alfresco antihero deicers gumtree multiyear preexist sitemap "
    "colters garrotes percent carolus ceteris agisms cesura karat inpour toeas initio acnes "
    "herculean sugarcane"
).split()


def test_no_packaged_list_holds_a_refused_word(packaged_words):
    for name in ("common", "full"):  # huge: SCOWL's size 80, mostly words Oxford lacks
        assert sorted(packaged_words[name] & set(REFUSED)) == [], name


def test_every_refused_word_has_a_reason():
    for word in REFUSED:
        reason = explain(word)
        assert reason is not None and not reason.accepted, word


def test_check_s_reasons_are_right():
    assert str(explain("apprize")) == "not in the Oxford dictionary, which has apprise"
    assert str(explain("centering")) == "US spelling; British centring"
    assert str(explain("coathanger")) == "not in the Oxford dictionary"
    assert explain("ager") is None  # agre: SCOWL's British form, in no list below huge
    assert explain("surprise") is None and explain("organize").accepted


def test_a_form_without_evidence_says_why():
    assert str(explain("dreader")) == "dread does not grade: no -er or -est form in use"
    assert str(explain("bathoses")) == "no plural of bathos in use (a mass noun)"


def test_a_form_of_a_dropped_word_says_why():
    assert str(explain("beermats")) == "a form of beermat: Oxford has it only as beer mat"
    assert str(explain("cutout")) == "a form of cutouts: Oxford writes cut-outs"


def test_the_drop_forms_leave_every_list(packaged_words):
    path = os.path.join(ROOT, "tools", "scowl_drop_forms.txt")
    with open(path, encoding="utf-8") as handle:
        forms = {line.split()[0] for line in handle if line.strip() and not line.startswith("#")}
    assert len(forms) > 1000
    for name, words in packaged_words.items():
        assert not words & forms, name


@pytest.mark.parametrize(
    ("word", "made"),
    [
        ("cat", {"cats", "cates", "cated", "cating", "catted", "catting", "cater", "catest",
                 "catter", "cattest"}),
        ("hero", {"heros", "heroes", "heroed", "heroing", "heroer", "heroest"}),
        ("fly", {"flies", "flys", "flyes", "flied", "flying", "flier", "fliest"}),
    ],
)  # fmt: skip
def test_regular_forms_by_rule(word, made):
    assert inflect.forms(word) == made
    assert all(word in inflect.bases(form) for form in made)


def test_bases_undo_the_rules():
    assert "stop" in inflect.bases("stopped")
    assert "cutout" in inflect.bases("cutouts")
    assert "eide" in inflect.bases("eider")  # the rules alone cannot tell; WordNet can


@needs_wordnet
def test_drop_forms_spare_words_of_their_own():
    derive, drop = derive_tools()
    drops = {
        word: drop(word, reason, form)
        for word, reason, form in (
            ("beermat", "phrase-only", "beer mat"),
            ("cutouts", "hyphenated", "cut-outs"),
            ("eide", "not-in-oxford", ""),
            ("instill", "us-spelling", "instil"),
            ("acedias", "mass-plural", ""),
            ("wharve", "not-in-oxford", ""),
        )
    }
    words = set(drops) | {"beermats", "cutout", "eider", "instil", "instilled", "acedia"}
    words |= {"wharves"}
    assert derive.drop_forms(words, drops) == [("beermats", "beermat"), ("cutout", "cutouts")]


@pytest.mark.rebuild
@pytest.mark.timeout(900)  # minutes of CPU on a loaded machine: run the tools
def test_the_committed_inflection_files_are_what_the_tool_makes(tmp_path):
    pytest.importorskip("wordfreq", reason="needs PyPI wordfreq (a tools-only dependency)")
    maker = importlib.import_module("make_default_dictionary")
    if not os.path.isdir(maker.SCOWL_DIRECTORY):
        pytest.skip("needs Debian's scowl package (apt-get install scowl)")
    signals = importlib.import_module("word_signals")
    if signals.versions() != maker.SIGNALS:
        pytest.skip(f"the signals installed are {signals.versions()}, not {maker.SIGNALS}")
    derive = importlib.import_module("derive_inflections")
    outputs = {
        "scowl_inflections.txt": tmp_path / "inflections.txt",
        "scowl_drop_forms.txt": tmp_path / "drop_forms.txt",
        "scowl_unattested.txt": tmp_path / "unattested.txt",
    }
    argv = [
        "derive_inflections.py",
        "--output", str(outputs["scowl_inflections.txt"]),
        "--drop-forms", str(outputs["scowl_drop_forms.txt"]),
        "--unattested", str(outputs["scowl_unattested.txt"]),
    ]  # fmt: skip
    old = sys.argv
    sys.argv = argv
    try:
        assert derive.main() == 0
    finally:
        sys.argv = old
    for name, made in outputs.items():
        with open(os.path.join(ROOT, "tools", name), "rb") as handle:
            assert made.read_bytes() == handle.read(), name


# Issue 28 item 3's fourth pass (every 7+ letter best word of 20,000 seeded racks and the
# short ones hunspell en_GB refuses): one word of each kind refused, and forms with them.
FOURTH_PASS = {
    "airstrike": "Oxford has it only as air strike",
    "postwar": "Oxford writes post-war",
    "foramens": "Oxford's form is foramina",
    "mueslis": "a mass noun in Oxford, with no plural",
    "apothegm": "US spelling; British apophthegm",
    "dumpster": "not in the Oxford dictionary, which has Dumpster",
    "costarring": "a form of costarred: Oxford writes co-starred",
    "deicing": "a form of deicer: Oxford writes de-icer",
    "malodourousness": "not in the Oxford dictionary",
}
# Oxford has these: restored after the evidence rules or a US reason had kept them out.
OXFORD_WORDS = (
    "rearguards ragbags dints inlander overlander vittles venter preprogram cacodemon artsier"
).split()


def test_the_fourth_pass_refuses_with_a_reason(packaged_words):
    for name in ("common", "full", "huge"):
        assert sorted(packaged_words[name] & set(FOURTH_PASS)) == [], name
    for word, text in FOURTH_PASS.items():
        assert str(explain(word)) == text, word


def test_oxford_words_are_in_and_never_called_refused(packaged_words):
    assert sorted(set(OXFORD_WORDS) - packaged_words["full"]) == []
    assert [word for word in OXFORD_WORDS if explain(word) is not None] == []
    assert "vittle" not in packaged_words["full"]  # vittles stays, vittle does not
    # a US reason only where the British form is Oxford's: malodourous is not
    assert explain("malodorousness") is None


@needs_wordnet
def test_drop_forms_take_the_written_base_s_forms_and_spare_reviewed_words():
    derive, drop = derive_tools()
    drops = {
        "costarred": drop("costarred", "hyphenated", "co-starred"),
        "vittle": drop("vittle", "not-in-oxford", ""),
    }
    words = set(drops) | {"costar", "costars", "costarring", "vittles", "vittled"}
    assert derive.drop_forms(words, drops, frozenset({"vittles"})) == [
        ("costar", "costarred"),
        ("costarring", "costarred"),
        ("costars", "costarred"),
        ("vittled", "vittle"),
    ]
