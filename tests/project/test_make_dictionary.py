"""tools/make_default_dictionary.py: the category rules on small fixture lists laid out as
Debian's scowl package lays them out, the add-back list, and byte-identical reruns (against
the committed data too, when the same scowl package is installed)."""

from __future__ import annotations

import filecmp
import importlib.util
import json
import os
import shutil

import pytest

from anagramdb.dictionary import Dictionary
from anagramdb.index_check import check_index
from anagramdb.packaged import DATA_DIRECTORY, PACKAGED, PROVENANCE_FILE

from ..support import ROOT

spec = importlib.util.spec_from_file_location(
    "make_default_dictionary", os.path.join(ROOT, "tools", "make_default_dictionary.py")
)
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)

FIXTURE = {
    "english-words.10": ["cat", "a", "b", "i", "Paris", "aardvark's", "brr", "nth", "hmm"],
    "english-words.35": [
        "café",
        "cafe",
        "crwth",
        "crwths",
        "psst",
        "tsk",
        "tsks",
        "zzz",
        "shh",
        "pfft",
        "cwm",
        "cwms",
    ],
    "british-words.50": ["colour", "bldg", "tbsp", "x-ray"],
    "british_variant_1-words.55": ["encyclopaedia"],
    "british_variant_2-words.60": ["programme"],
    "english-words.70": ["ettercap"],
    "english-words.80": ["scutellar", "blvd"],
    "english-words.95": ["zyzzyva"],
    "american-words.10": ["color"],
    "english-abbreviations.10": ["contd", "acct", "maths"],
    "british-abbreviations.35": ["admin"],
    "english-upper.10": ["nasa"],
    "special-roman-numerals.35": ["clxiv"],
}
ADDBACK = """# a comment
maths 35   # Brit.
admin 55
vocab 60
cee 10
"""


@pytest.fixture
def scowl(tmp_path):
    directory = tmp_path / "scowl"
    directory.mkdir()
    for name, words in FIXTURE.items():
        (directory / name).write_text("".join(word + "\n" for word in words), encoding="utf-8")
    addback = tmp_path / "addback.txt"
    addback.write_text(ADDBACK, encoding="utf-8")
    return str(directory), str(addback)


def words_of(path: str) -> set[str]:
    with open(path, encoding="utf-8") as handle:
        return set(handle.read().split())


def test_category_rules_sizes_and_add_back(scowl, tmp_path):
    directory, addback = scowl
    output = tmp_path / "out"
    output.mkdir()
    recall = tmp_path / "recall.txt"  # the recall review's words are tested on their own
    recall.write_text("", encoding="utf-8")
    record = tool.make(
        directory,
        str(output),
        "2020.12.07-2",
        addback,
        copyright_path=None,
        review_paths=tool.ReviewPaths(recall=str(recall)),
    )
    common, full, huge = (
        words_of(str(output / PACKAGED[name])) for name in ("common", "full", "huge")
    )
    genuine = {
        "brr",
        "nth",
        "hmm",
        "crwth",
        "crwths",
        "psst",
        "tsk",
        "tsks",
        "zzz",
        "shh",
        "pfft",
        "cwm",
        "cwms",
    }
    assert (
        common == {"cat", "a", "cafe", "colour", "encyclopaedia", "maths", "admin", "cee"} | genuine
    )
    assert full == common | {"programme", "ettercap", "vocab"}
    assert huge == full | {"scutellar"}
    # Dropped: capitals, apostrophes, hyphens, single letters but "a", vowel-less
    # abbreviations, other categories (abbreviations, upper, Roman numerals, American), size 95.
    for word in (
        "b",
        "i",
        "paris",
        "aardvarks",
        "bldg",
        "tbsp",
        "blvd",
        "xray",
        "contd",
        "acct",
        "nasa",
        "clxiv",
        "color",
        "zyzzyva",
    ):
        assert word not in huge
    details = record["dictionaries"]
    assert {name: details[name]["words"] for name in details} == {
        "common": len(common),
        "full": len(full),
        "huge": len(huge),
    }
    assert details["common"]["skipped"] == {
        "capitalised": 1,
        "no vowel": 2,
        "not letters": 2,
        "single letter": 2,
    }
    assert details["full"]["added_back"] == 4 and details["common"]["added_back"] == 3
    with open(output / PROVENANCE_FILE, encoding="utf-8") as handle:
        assert json.load(handle) == record
    for name in ("common", "full", "huge"):
        assert check_index(str(output / PACKAGED[name])) == []


def test_two_runs_give_the_same_bytes(scowl, tmp_path):
    directory, addback = scowl
    outputs = [tmp_path / "one", tmp_path / "two"]
    for output in outputs:
        output.mkdir()
        tool.make(directory, str(output), "2020.12.07-2", addback, copyright_path=None)
    names = sorted(os.listdir(outputs[0]))
    assert (
        names == sorted(os.listdir(outputs[1]))
        and PROVENANCE_FILE in names
        and "words.txt.idx" in names
    )
    _, mismatch, errors = filecmp.cmpfiles(outputs[0], outputs[1], names, shallow=False)
    assert (mismatch, errors) == ([], [])


@pytest.mark.parametrize(
    "line",
    ["maths", "maths 36", "Maths 35", "bldg 10", "x-ray 10", "maths 35 extra"],
)
def test_bad_add_back_entries_are_refused(tmp_path, line):
    path = tmp_path / "addback.txt"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1"):
        tool.read_addback(str(path))


def test_the_shipped_add_back_list_is_sound():
    entries = tool.read_addback()
    words = [word for word, _ in entries]
    assert len(words) == len(set(words))
    with Dictionary("common") as common, Dictionary("full") as full:
        for word, size in entries:
            assert word in full.anagrams(word)
            assert (word in common.anagrams(word)) == (size <= tool.LISTS["common"])


def test_packaged_lists_follow_the_rules():
    with Dictionary("huge") as huge:
        for word in huge:
            assert tool.clean(word) == (word, ""), word


@pytest.mark.rebuild
@pytest.mark.skipif(
    not os.path.isdir(tool.SCOWL_DIRECTORY),
    reason="needs Debian's scowl package (apt-get install scowl)",
)
def test_the_committed_data_is_what_the_tool_makes(tmp_path):
    with open(os.path.join(DATA_DIRECTORY, PROVENANCE_FILE), encoding="utf-8") as handle:
        committed = json.load(handle)
    version = tool.package_version()
    if version != committed["source"]["version"]:
        pytest.skip(
            f"scowl {version} is installed; the data was made from {committed['source']['version']}"
        )
    # the definitions' record is tools/make_definitions.py's, which the tool keeps
    shutil.copyfile(os.path.join(DATA_DIRECTORY, PROVENANCE_FILE), tmp_path / PROVENANCE_FILE)
    tool.make(tool.SCOWL_DIRECTORY, str(tmp_path), version)
    names = sorted(os.listdir(tmp_path))
    assert names == sorted(name for name in os.listdir(DATA_DIRECTORY) if name in names)
    _, mismatch, errors = filecmp.cmpfiles(tmp_path, DATA_DIRECTORY, names, shallow=False)
    assert (mismatch, errors) == ([], [])
