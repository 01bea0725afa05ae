from __future__ import annotations

import gzip
import io
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anagramdb.errors import InputTooLongError, InvalidArgumentError, StorageError, WordListError
from anagramdb.wordlist import (
    WordFilter,
    compress_prefixes,
    decoded_lines,
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


def test_a_filter_is_a_value_compared_by_its_fields_and_immutable():
    chosen = WordFilter(3, 5, True, True)
    same = WordFilter(min_length=3, max_length=5, keep_proper_nouns=True, ascii_only=True)
    assert chosen == same and hash(chosen) == hash(same) and len({chosen, same}) == 1
    assert chosen != WordFilter(3, 5, True) and chosen != (3, 5, True, True)
    assert repr(WordFilter()) == (
        "WordFilter(min_length=1, max_length=None, keep_proper_nouns=False, ascii_only=False)"
    )
    with pytest.raises(AttributeError, match="immutable"):
        chosen.min_length = 4  # type: ignore[misc]
    with pytest.raises(AttributeError, match="immutable"):
        del chosen.ascii_only
    with pytest.raises(AttributeError):
        chosen.extra = 1  # type: ignore[attr-defined]
    assert chosen.min_length == 3 and chosen.ascii_only is True
    for bad in ({"min_length": 0}, {"max_length": 0}):
        with pytest.raises(InvalidArgumentError, match="at least 1"):
            WordFilter(**bad)


def test_a_bom_is_dropped_from_the_first_line_only(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes("\ufeffcat\n\ufeffdog\n".encode())
    assert list(read_words(str(path), fmt="plain")) == [(1, "cat"), (2, "\ufeffdog")]


def test_a_bad_byte_is_named_by_line_and_position(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes(b"ok\nab\xffc\n")
    with pytest.raises(WordListError) as caught:
        words_of(path)
    assert str(caught.value) == (
        f"{path}: line 2: not valid utf-8 (byte 3 is 0xff); give the file's encoding if it "
        "is not utf-8"
    )


def test_damaged_gzip_says_what_was_wrong_after_which_line(tmp_path):
    path = tmp_path / "list.gz"
    data = bytearray(gzip.compress(b"one\ntwo\n"))
    data[-8] ^= 0xFF  # the CRC-32 of the content
    path.write_bytes(bytes(data))
    with pytest.raises(WordListError) as caught:
        words_of(path)
    assert str(caught.value).startswith(f"{path}: cannot read after line 2: CRC check failed")
    path.write_bytes(gzip.compress(b"one\ntwo\n")[:-4])
    with pytest.raises(WordListError) as caught:
        words_of(path)
    assert str(caught.value) == (
        f"{path}: cannot read after line 2: the compressed data is truncated"
    )


def test_closed_stdin_and_a_missing_file_are_one_line_each(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(StorageError) as caught:
        words_of("-")
    assert str(caught.value) == "cannot read word list -: stdin is closed"
    missing = tmp_path / "missing.txt"
    with pytest.raises(StorageError) as caught:
        words_of(missing)
    assert str(caught.value) == f"cannot read word list {missing}: No such file or directory"


def test_gzip_on_stdin_is_unwrapped_and_stdin_left_open(monkeypatch):
    stdin = io.TextIOWrapper(io.BufferedReader(io.BytesIO(gzip.compress(b"x\ny\n"))))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert words_of("-") == ["x", "y"]
    assert not stdin.closed


def test_unknown_format_lists_the_formats(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("a\n")
    with pytest.raises(WordListError) as caught:
        words_of(path, fmt="xml")
    assert str(caught.value) == "unknown word-list format 'xml'; choose one of auto, plain, prefix"
    with pytest.raises(WordListError) as caught:
        words_of(path, encoding="klingon")
    assert str(caught.value) == "unknown encoding 'klingon'"


@pytest.mark.parametrize(
    ("lines", "coded"),
    [
        ([], False),
        (["abandon", "7ed"], True),  # exactly half
        (["abandon", "cat", "7ed"], False),  # a third
        (["a", "1n", "2t"], True),  # a one-letter first word
        (["1abc", "2d"], False),  # a first line is always whole
        (["abandon", "7"], True),  # a digit alone reuses the previous word whole
        (["abandon", "12th", "3rd"], False),  # a digit then a digit is a word like "12th"
        (["ox", "0a"], False),  # 0 is not a count
        (["Xerox", "Xmas"], False),
        (["abandon", "cat"], False),
    ],
)
def test_what_looks_prefix_compressed(lines, coded):
    assert looks_prefix_compressed(list(enumerate(lines, 1))) is coded


def test_detection_reads_a_sample_of_the_first_thousand_lines(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("\n".join(["plain"] * 1000 + ["1x"] * 3000) + "\n")
    words = words_of(path)
    assert len(words) == 4000 and words[-1] == "1x"


def test_expanding_prefixes_checks_what_the_previous_word_holds():
    lines = [(1, "ab"), (2, "2b"), (3, "3c"), (4, "1")]
    assert list(expand_prefixes(lines, "x")) == [(1, "ab"), (2, "abb"), (3, "abbc"), (4, "a")]
    with pytest.raises(WordListError) as caught:
        list(expand_prefixes([(1, "2ab")], "list.txt"))
    assert str(caught.value) == (
        "list.txt: line 1: '2ab' reuses 2 characters but the previous word '' has 0"
    )


def test_compressing_shares_at_most_nine_characters():
    words = ["abandon", "abandoned", "abandoning", "abc", "b", "abcdefghijk", "abcdefghijz"]
    assert list(compress_prefixes(words)) == [
        "abandon",
        "7ed",
        "7ing",
        "2c",
        "b",
        "abcdefghijk",
        "9jz",
    ]
    with pytest.raises(ValueError, match=r"^'1st' starts with a digit and cannot be"):
        list(compress_prefixes(["a", "1st"]))


def test_filter_lengths_are_inclusive_and_at_least_one():
    word_filter = WordFilter(min_length=3, max_length=5)
    reasons = [word_filter.reason_to_skip(w) for w in ["ox", "cat", "bread", "crumbs", "Straße"]]
    assert reasons == ["too short", None, None, "too long", "capitalised"]
    assert WordFilter(keep_proper_nouns=True, max_length=6).reason_to_skip("Straße") == (
        "too long"  # 7 letters folded: s-t-r-a-s-s-e
    )
    assert WordFilter(min_length=1, max_length=1).reason_to_skip("a") is None
    assert WordFilter(ascii_only=True).reason_to_skip("cafe") is None
    assert WordFilter().reason_to_skip("PARIS") == "capitalised"
    for low, high in [(0, None), (1, 0)]:
        with pytest.raises(InvalidArgumentError) as caught:
            WordFilter(min_length=low, max_length=high)
        assert str(caught.value) == f"word lengths must be at least 1, not {low} to {high}"


def test_decoded_lines_reads_utf8_by_default():
    handle = io.BytesIO("\ufeffcafé\n\n x \n".encode())
    assert list(decoded_lines(handle, "-")) == [(1, "café"), (3, "x")]


def test_compressing_words_in_any_order_round_trips():
    words = ["XXL", "XXLarge", "abcd", "abc", "abc", "b"]  # the first whole, a prefix after
    coded = list(compress_prefixes(words))
    assert coded == ["XXL", "3arge", "abcd", "3", "3", "b"]
    assert [word for _, word in expand_prefixes(enumerate(coded, 1), "x")] == words


def test_only_a_bom_is_stripped_from_the_first_line_and_long_lines_name_the_file(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes("\ufeffXXL\nXmas\n".encode())
    assert words_of(path) == ["XXL", "Xmas"]
    path.write_bytes(b"ok\n" + b"x" * 5000 + b"\n")
    with pytest.raises(InputTooLongError) as caught:
        words_of(path)
    assert str(caught.value) == (
        f"{path}: line 2 is longer than 4,096 bytes (the most a line of input may hold)"
    )
