"""The reviewed layers of the packaged lists (tools/make_default_dictionary.py with
tools/scowl_reviews.py and tools/scowl_reasons.py): -ize spellings from british_z (never
-yze), reviewed variant_3 and australian entries, inflections at their base's size, the
drop list, and the reasons file that ``check`` reads (anagramdb/countdown/reasons.py)."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import random
import shutil
import sys

import pytest

from anagramdb.countdown.reasons import Reason, explain
from anagramdb.index_check import check_index
from anagramdb.packaged import PACKAGED, PROVENANCE_FILE

from ..support import ROOT

spec = importlib.util.spec_from_file_location(
    "make_default_dictionary", os.path.join(ROOT, "tools", "make_default_dictionary.py")
)
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)
reviews = sys.modules["scowl_reviews"]

SCOWL = {
    "english-words.10": ["cat", "torpedo", "flareup"],
    "english-words.20": ["colour", "analyse"],
    "english-words.35": ["organise", "ribcage"],
    "english-words.80": ["ribcages", "cats", "flareups"],
    "british_z-words.35": ["organize", "analyze"],
    "british_z-words.80": ["realize"],
    "variant_3-words.35": ["annexe", "advertize"],
    "australian-words.35": ["arvo", "brekkie"],
    "american-words.10": ["color", "analyze"],
}
REVIEWED = {
    "variants": "annexe keep\nadvertize drop  # US or misformed spelling\narvo keep\n",
    "inflections": "ribcages ribcage\ncats cat\nzebras zebra\n",
    "drops": "# a comment\nflareup  hyphenated  flare-up\ntorpedos inflection torpedoes\n",
    "drop_forms": "flareups flareup\ncats torpedo\n",  # cats: torpedo is not dropped
    # a form no list holds gets its reason; one the default list holds (SCOWL's) does not
    "unattested": "colours no-plural colour\ncats no-plural cat\n",
    # kept: joins full and huge (size 70), never common; a dropped verdict or the drop
    # list keeps a word out
    "recall": (
        "grimoire keep oxford huge\nwaldo drop capitalised wordfreq\n"
        "flareup keep oxford huge-racks\n"
    ),
}


@pytest.fixture
def made(tmp_path):
    directory = tmp_path / "scowl"
    directory.mkdir()
    for name, words in SCOWL.items():
        (directory / name).write_text("".join(word + "\n" for word in words), encoding="utf-8")
    paths = {}
    for kind, text in REVIEWED.items():
        paths[kind] = tmp_path / f"{kind}.txt"
        paths[kind].write_text(text, encoding="utf-8")
    addback = tmp_path / "addback.txt"
    addback.write_text("", encoding="utf-8")
    output = tmp_path / "out"
    output.mkdir()
    review_paths = tool.ReviewPaths(
        str(addback),
        str(paths["variants"]),
        str(paths["inflections"]),
        str(paths["drops"]),
        str(paths["drop_forms"]),
        str(paths["unattested"]),
        str(paths["recall"]),
    )
    record = tool.make(
        str(directory), str(output), "2020.12.07-2", str(addback), None, review_paths
    )
    lists = {
        name: set((output / PACKAGED[name]).read_text(encoding="utf-8").split())
        for name in PACKAGED
    }
    return record, lists, output


def test_each_layer_joins_at_its_own_size(made):
    record, lists, _ = made
    common = {"cat", "torpedo", "colour", "analyse", "organise", "ribcage"}
    common |= {"organize", "annexe", "arvo", "ribcages", "cats"}
    assert lists["common"] == lists["full"] - {"grimoire"} == common
    assert lists["huge"] == common | {"realize", "grimoire"}
    for word in ("analyze", "flareup", "flareups", "brekkie", "advertize", "zebras", "color"):
        assert word not in lists["huge"]
    steps = record["dictionaries"]
    assert steps["common"]["added_ize"] == 1 and steps["huge"]["added_ize"] == 2
    assert steps["common"]["added_variants"] == 2
    assert (steps["common"]["added_recall"], steps["full"]["added_recall"]) == (0, 1)
    assert record["reviews"]["recall"]["by_source"] == {
        "huge keep": 1,
        "huge-racks keep": 1,
        "wordfreq drop": 1,
    }
    assert steps["common"]["unreviewed_variants"] == 1  # brekkie: no verdict, left out
    assert steps["common"]["added_inflections"] == 2  # zebras: SCOWL lacks it
    assert steps["huge"]["dropped"] == {"hyphenated": 1}
    assert steps["huge"]["dropped_forms"] == 1  # flareups goes with flareup
    assert steps["common"]["dropped_forms"] == 0
    assert record["reviews"]["drops"]["entries"] == 2


def test_the_reasons_file(made):
    record, _, output = made
    assert check_index(str(output / "reasons.txt")) == []
    text = (output / "reasons.txt").read_text(encoding="utf-8")
    assert text == (
        "advertize\tus-spelling\t\n"  # a dropped variant: its note says why
        "analyze\tus-spelling\tanalyse\n"
        "color\tus-spelling\tcolour\n"
        "colours\tno-plural\tcolour\n"
        "flareup\thyphenated\tflare-up\n"
        "flareups\tform-of\tflareup\n"
        "organize\tize\torganise\n"
        "realize\tize\t\n"
        "torpedos\tinflection\ttorpedoes\n"
    )
    assert record["reasons"]["entries"] == 9
    reasons = str(output / "reasons.txt")
    assert str(explain("advertize", reasons)) == "a US or misformed spelling"
    assert str(explain("flareups", reasons)) == "a form of flareup: Oxford writes flare-up"
    with open(output / PROVENANCE_FILE, encoding="utf-8") as handle:
        assert json.load(handle) == record


@pytest.mark.parametrize(
    ("reader", "line"),
    [
        ("read_variants", "annexe"),
        ("read_variants", "annexe maybe"),
        ("read_variants", "Annexe keep"),
        ("read_inflections", "ribcages"),
        ("read_inflections", "rib-cages ribcage"),
        ("read_drops", "flareup"),
        ("read_drops", "flareup dubious"),
        ("read_drops", "flareup hyphenated flare_up"),
    ],
)
def test_bad_review_lines_are_refused(tmp_path, reader, line):
    path = tmp_path / "review.txt"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"review\.txt: line 1: expected"):
        getattr(reviews, reader)(str(path))


def test_a_word_reviewed_twice_is_refused(tmp_path):
    path = tmp_path / "drops.txt"
    path.write_text("aeq abbreviation\naeq not-in-oxford\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2: expected each word once"):
        reviews.read_drops(str(path))


def test_explain_finds_every_line_and_nothing_else(tmp_path):
    rng = random.Random(18)
    words = sorted({"".join(rng.choices("abcz", k=rng.randint(1, 6))) for _ in range(400)})
    rows = {word: (rng.choice(["ize", "not-in-oxford"]), word.upper()) for word in words}
    path = tmp_path / "reasons.txt"
    path.write_text("".join(f"{w}\t{r}\t{f}\n" for w, (r, f) in rows.items()), "utf-8")
    probes = words + ["".join(rng.choices("abcdz", k=rng.randint(1, 7))) for _ in range(400)]
    for word in probes:
        expected = Reason(word, *rows[word]) if word in rows else None
        assert explain(word, str(path)) == expected, word
    assert explain("a", str(tmp_path / "missing.txt")) is None


def test_the_packaged_reasons():
    assert str(explain("organize")) == "Oxford spelling; also organise"
    assert str(explain("analyze")) == "US spelling; British analyse"
    assert str(explain("flareup")) == "Oxford writes flare-up"
    assert str(explain("nauseam")) == "Oxford has it only as ad nauseam"
    assert str(explain("torpedos")) == "Oxford's form is torpedoes"
    assert explain("Organize") == explain("organize") and explain("organise") is None


@pytest.mark.parametrize(
    ("reason", "form", "text"),
    [
        ("ize", "realise", "Oxford spelling; also realise"),
        ("ize", "", "Oxford spelling"),  # no -ise form to offer
        ("abbreviation", "Dr", "an abbreviation (Dr)"),
        ("abbreviation", "", "an abbreviation"),
        ("mass-plural", "", "a mass noun in Oxford, with no plural"),
        ("not-in-oxford", "", "not in the Oxford dictionary"),
        ("us-spelling", "colour", "US spelling; British colour"),
        ("a-new-reason", "x", "a-new-reason"),  # a later list's reason, shown as written
        ("a-new-reason", "", "a-new-reason"),
    ],
)
def test_each_reason_reads_after_the_word(reason, form, text):
    assert str(Reason("word", reason, form)) == text


def test_the_shipped_review_files_are_sound():
    drops = reviews.read_drops()
    variants = reviews.read_variants()
    inflections = reviews.read_inflections()
    assert drops and variants and inflections
    assert not set(drops) & {word for word, keep in variants.items() if keep}
    assert not set(drops) & {word for word, _ in tool.read_addback()}


@pytest.mark.rebuild
@pytest.mark.timeout(900)  # minutes of CPU on a loaded machine: run the tools
def test_the_committed_conundrum_data_is_what_the_tool_makes(tmp_path):
    pytest.importorskip("wordfreq", reason="needs PyPI wordfreq (a tools-only dependency)")
    if not os.path.isdir(tool.SCOWL_DIRECTORY):
        pytest.skip("needs Debian's scowl package (apt-get install scowl)")
    signals = importlib.import_module("word_signals")
    if signals.versions() != tool.SIGNALS:
        pytest.skip(f"the signals installed are {signals.versions()}, not {tool.SIGNALS}")
    conundrum_spec = importlib.util.spec_from_file_location(
        "make_conundrum_data", os.path.join(ROOT, "tools", "make_conundrum_data.py")
    )
    assert conundrum_spec is not None and conundrum_spec.loader is not None
    maker = importlib.util.module_from_spec(conundrum_spec)
    conundrum_spec.loader.exec_module(maker)
    data = os.path.join(ROOT, "anagramdb", "data")
    for name in PACKAGED.values():
        shutil.copyfile(os.path.join(data, name), tmp_path / name)
    maker.make(tool.SCOWL_DIRECTORY, str(tmp_path))
    for name in (maker.ANSWERS_FILE, maker.UNFIT_FILE):
        with open(os.path.join(data, name), "rb") as handle:
            assert (tmp_path / name).read_bytes() == handle.read(), name
