"""A dictionary that starts with a UTF-8 byte-order mark (saved by an editor that writes
one) is accepted: its first block starts after the mark, every word is found, the index
and the checker agree, and an index that starts a block at byte 3 of a file with no mark
is refused at the lookup that reads it."""

from __future__ import annotations

import pathlib
import re

import pytest

from anagramdb import Dictionary
from anagramdb.errors import IndexCorruptError
from anagramdb.index import HEADER
from anagramdb.index_check import check_index
from anagramdb.keys import word_key
from anagramdb.kinds import BOM

from ..support.dictionaries import SAMPLE_WORDS, anagram_model, make_dictionary, patched

BLOCK = 4


@pytest.fixture
def marked(tmp_path):
    """A dictionary of SAMPLE_WORDS in blocks of 4, a byte-order mark before its first line
    (its index not yet made)."""
    plain = make_dictionary(tmp_path, SAMPLE_WORDS, block_size=BLOCK)
    path = tmp_path / "marked.txt"
    path.write_bytes(BOM + pathlib.Path(plain).read_bytes())
    return str(path)


def test_a_marked_dictionary_finds_every_word(marked):
    with Dictionary(marked, block_size=BLOCK) as dictionary:
        assert list(dictionary) == sorted(SAMPLE_WORDS, key=lambda w: (word_key(w), w))
        for key, words in anagram_model(SAMPLE_WORDS).items():
            assert dictionary.words_with_key(key) == words
        first = next(iter(dictionary))
        found = list(dictionary.scan(re.compile(rb"^" + first.encode() + rb"$", re.M)))
        assert found == [first]  # the single pass sees the first line too
        assert dictionary.index.offset(0) == len(BOM) == 3
    assert check_index(marked) == []


def test_the_mark_counts_in_the_checksum(marked):
    with Dictionary(marked, block_size=BLOCK) as dictionary:
        size = dictionary.index.header.dict_size
    assert size == len(pathlib.Path(marked).read_bytes())


def test_a_block_at_byte_3_of_a_file_with_no_mark_is_refused(tmp_path):
    path = make_dictionary(tmp_path, SAMPLE_WORDS, block_size=BLOCK)
    patched(path + ".idx", HEADER.size, "<Q", 3)  # the first offset, checksum made good
    with (
        Dictionary(path, block_size=BLOCK) as dictionary,
        pytest.raises(IndexCorruptError) as caught,
    ):
        list(dictionary)
    assert "block 0 offset 3 is not on a line start" in str(caught.value)
