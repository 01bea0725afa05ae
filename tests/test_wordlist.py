from __future__ import annotations

import gzip
import io
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anagramdb.errors import StorageError, WordListError
from anagramdb.wordlist import (
    WordFilter,
    compress_prefixes,
    expand_prefixes,
    looks_prefix_compressed,
    read_words,
)


def words_of(path, **kwargs):
    return [word for _, word in read_words(str(path), **kwargs)]


def test_plain_with_bom_crlf_blank_lines_and_spaces(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes(b"\xef\xbb\xbfApple\r\n\r\n  pear \r\n\nfig")
    assert words_of(path) == ["Apple", "pear", "fig"]


def test_line_numbers_count_blank_lines(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("a\n\nb\n")
    assert list(read_words(str(path))) == [(1, "a"), (3, "b")]


def test_gzip_is_detected_by_content_not_name(tmp_path):
    path = tmp_path / "list.dat"
    path.write_bytes(gzip.compress(b"one\ntwo\n"))
    assert words_of(path) == ["one", "two"]


def test_truncated_gzip_is_a_clear_error(tmp_path):
    path = tmp_path / "list.gz"
    path.write_bytes(gzip.compress(("word\n" * 5000).encode())[:-30])
    with pytest.raises(WordListError, match="truncated"):
        words_of(path)


def test_invalid_utf8_names_the_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("ok\ncafé\n".encode("latin-1"))
    with pytest.raises(
        WordListError,
        match=r"line 2: not valid utf-8 .*give the file.s encoding if it is not utf-8$",
    ):
        words_of(path)
    assert words_of(path, encoding="latin-1") == ["ok", "café"]


def test_unknown_encoding_and_format(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("a\n")
    with pytest.raises(WordListError, match="unknown encoding"):
        words_of(path, encoding="klingon")
    with pytest.raises(WordListError, match="unknown word-list format"):
        words_of(path, fmt="xml")


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(StorageError, match="No such file"):
        words_of(tmp_path / "missing.txt")
    with pytest.raises(StorageError, match="directory"):
        words_of(tmp_path)


def test_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\ny\n")))
    assert words_of("-") == ["x", "y"]


def test_prefix_format_is_detected_and_expanded(tmp_path):
    path = tmp_path / "compressed.txt"
    path.write_text("abandon\n7ed\n7ing\n2c\n")
    assert words_of(path) == ["abandon", "abandoned", "abandoning", "abc"]
    assert words_of(path, fmt="plain")[1] == "7ed"


def test_prefix_longer_than_previous_word(tmp_path):
    path = tmp_path / "compressed.txt"
    path.write_text("ab\n5cd\n")
    with pytest.raises(WordListError, match="line 2: '5cd' reuses 5 characters"):
        words_of(path, fmt="prefix")


def test_plain_list_with_some_digits_is_not_taken_for_prefixed():
    sample = list(enumerate(["apple", "1st", "banana", "cherry", "3D"], 1))
    assert not looks_prefix_compressed(sample)


@given(st.lists(st.text(alphabet="abcdé", min_size=1, max_size=14), max_size=40))
def test_prefix_compression_round_trips(words):
    words = sorted(words)
    coded = list(compress_prefixes(words))
    assert [w for _, w in expand_prefixes(enumerate(coded, 1), "x")] == words


def test_filter_reasons():
    default = WordFilter()
    assert default.reason_to_skip("apple") is None
    assert default.reason_to_skip("Paris") == "capitalised"
    assert default.reason_to_skip("don't") == "not letters"
    assert WordFilter(keep_proper_nouns=True).reason_to_skip("Paris") is None
    assert WordFilter(min_length=4).reason_to_skip("cat") == "too short"
    assert WordFilter(max_length=2).reason_to_skip("cat") == "too long"
    assert WordFilter(ascii_only=True).reason_to_skip("café") == "not ASCII"
