"""anagramdb.open, the package's one-call reader: its options reach the Dictionary."""

from __future__ import annotations

import os

import pytest

import anagramdb
from anagramdb.errors import InvalidArgumentError

from ..support.dictionaries import write_list


def test_open_passes_the_block_size_and_the_cache_budget_on(tmp_path):
    path = write_list(tmp_path / "words.txt", ["act", "cat", "tea", "dog", "god"])
    with anagramdb.open(path, block_size=2, cache_bytes=0) as dictionary:
        assert dictionary.info()["block_size"] == 2  # the index it built
        assert dictionary.info()["index_entries"] == 3
        assert dictionary.cache_bytes == 0
        assert dictionary.words_with_key("dgo") == ["dog", "god"]
    os.unlink(path + ".idx")
    with pytest.raises(InvalidArgumentError, match=r"^the block size must be from 1 to "):
        anagramdb.open(path, block_size=0)
    with pytest.raises(InvalidArgumentError, match=r"^the cache budget must be 0 or more bytes"):
        anagramdb.open(path, cache_bytes=-1)
