from __future__ import annotations

import errno
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anagramdb import builder
from anagramdb.dictionary import Dictionary
from anagramdb.errors import AnagramDBError, BuildRefusedError, StorageError
from anagramdb.index_check import check_index
from anagramdb.keys import word_key
from anagramdb.wordlist import WordFilter

from ..support.dictionaries import anagram_model, write_list


def sorted_lines(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read().split("\n")[:-1]


def test_build_sorts_by_key_merges_duplicates_and_counts(tmp_path):
    source = write_list(
        tmp_path / "in.txt", ["silent", "listen", "Listen", "listen", "it's", "zoo", "", "a"]
    )
    report = builder.build([source], str(tmp_path / "out.txt"))
    assert sorted_lines(tmp_path / "out.txt") == ["a", "listen", "silent", "zoo"]
    assert (report.lines, report.kept, report.duplicates) == (7, 4, 1)
    assert report.skipped == {"capitalised": 1, "not letters": 1}
    assert (
        report.summary()
        == "read 7 lines: kept 4 words; skipped 1 capitalised, 1 not letters, 1 duplicates"
    )
    assert check_index(str(tmp_path / "out.txt")) == []


def test_build_from_several_lists_and_filters(tmp_path):
    one = write_list(tmp_path / "one.txt", ["Paris", "cat", "elephant"])
    two = write_list(tmp_path / "two.txt", ["dog", "cat", "naïve"])
    output = str(tmp_path / "out.txt")
    word_filter = WordFilter(min_length=3, max_length=5, keep_proper_nouns=True, ascii_only=True)
    report = builder.build([one, two], output, word_filter=word_filter)
    assert sorted_lines(output) == ["cat", "Paris", "dog"]  # keys act, aiprs, dgo
    assert report.skipped == {"too long": 1, "not ASCII": 1}


def test_output_may_be_an_input_when_it_is_a_dictionary(tmp_path):
    path = write_list(tmp_path / "words.txt", ["b", "a", "c"])
    with pytest.raises(BuildRefusedError, match="not an anagramdb dictionary"):
        builder.build([path], path)
    assert sorted_lines(path) == ["b", "a", "c"]
    builder.build([path], path, force=True)
    assert sorted_lines(path) == ["a", "b", "c"]
    os.unlink(path + ".idx")  # without its index it is still recognised, line by line
    builder.build([path], path)
    assert sorted_lines(path) == ["a", "b", "c"]


@settings(max_examples=30, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcdeé", min_size=1, max_size=6), max_size=300),
    fan_in=st.integers(2, 5),
)
def test_external_sort_matches_in_memory_sort(tmp_path_factory, words, fan_in):
    directory = tmp_path_factory.mktemp("ext")
    source = write_list(directory / "in.txt", words) if words else str(directory / "in.txt")
    if not words:
        open(source, "w").close()
    output = str(directory / "out.txt")
    saved = builder.run_capacity, builder.MAX_FAN_IN
    builder.run_capacity = lambda memory: 300  # a few entries a run: many spills
    builder.MAX_FAN_IN = fan_in  # and a multi-pass merge
    expected = sorted(set(words), key=lambda w: (word_key(w), w))
    try:
        if not expected:
            with pytest.raises(BuildRefusedError, match="no words"):
                builder.build([source], output)
            assert not os.path.exists(output)
            return
        report = builder.build([source], output)
    finally:
        builder.run_capacity, builder.MAX_FAN_IN = saved
    assert sorted_lines(output) == expected
    assert report.kept == len(expected)
    assert check_index(output) == []
    leftovers = [name for name in os.listdir(directory) if name.startswith(".")]
    assert leftovers == []


def test_large_build_with_small_budget(tmp_path):
    rng = random.Random(5)
    words = [
        "".join(rng.choice("etaoinshrdlu") for _ in range(rng.randint(2, 9))) for _ in range(60000)
    ]
    source = write_list(tmp_path / "in.txt", words)
    output = str(tmp_path / "out.txt")
    report = builder.build([source], output, memory=builder.MIN_MEMORY, block_size=7)
    assert report.runs >= 1
    model = anagram_model(words)
    with Dictionary(output) as dictionary:
        for key in rng.sample(sorted(model), 300):
            assert dictionary.words_with_key(key) == model[key]


def test_memory_budget_below_minimum(tmp_path):
    source = write_list(tmp_path / "in.txt", ["a"])
    with pytest.raises(AnagramDBError, match="below the minimum"):
        builder.build([source], str(tmp_path / "out.txt"), memory=1024)


def test_missing_output_directory(tmp_path):
    source = write_list(tmp_path / "in.txt", ["a"])
    with pytest.raises(StorageError, match="does not exist"):
        builder.build([source], str(tmp_path / "nowhere" / "out.txt"))


def test_full_disk_leaves_previous_files_untouched(tmp_path, monkeypatch):
    source = write_list(tmp_path / "in.txt", ["old", "words"])
    output = str(tmp_path / "out.txt")
    builder.build([source], output)
    before = {name: (tmp_path / name).read_bytes() for name in ("out.txt", "out.txt.idx")}
    write_list(source, ["new", "words", "here"])

    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(StorageError, match="No space left on device"):
        builder.build([source], output)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert {name: (tmp_path / name).read_bytes() for name in before} == before
    assert sorted(os.listdir(tmp_path)) == ["in.txt", "out.txt", "out.txt.idx"]


def test_bad_input_leaves_previous_files_untouched(tmp_path):
    output = str(tmp_path / "out.txt")
    builder.build([write_list(tmp_path / "in.txt", ["keep"])], output)
    (tmp_path / "bad.txt").write_bytes(b"fine\n\xff\xfe\n")
    with pytest.raises(AnagramDBError, match="line 2"):
        builder.build([str(tmp_path / "bad.txt")], output)
    assert sorted_lines(output) == ["keep"]


def test_a_multi_pass_merge_is_reached_every_time(tmp_path, monkeypatch):
    """Not left to hypothesis: many more spilled runs than MAX_FAN_IN squared, so the
    merge takes at least two passes of intermediate files before the last one."""
    rng = random.Random(11)
    words = sorted(
        {"".join(rng.choice("abcdefgh") for _ in range(rng.randint(1, 7))) for _ in range(600)}
    )
    rng.shuffle(words)
    source = write_list(tmp_path / "in.txt", words)
    monkeypatch.setattr(builder, "run_capacity", lambda memory: 400)  # about 5 entries a run
    monkeypatch.setattr(builder, "MAX_FAN_IN", 3)
    report = builder.build([source], str(tmp_path / "out.txt"))
    assert report.runs > 3 * 3 * 3
    assert sorted_lines(str(tmp_path / "out.txt")) == sorted(words, key=lambda w: (word_key(w), w))
    assert report.kept == len(words) and check_index(str(tmp_path / "out.txt")) == []
    assert [name for name in os.listdir(tmp_path) if name.startswith(".")] == []
