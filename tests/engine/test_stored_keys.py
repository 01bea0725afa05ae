"""The stored-keys file (docs/FORMAT.md): written by ``index --keys``, checked by
``check index``, kept in step with its dictionary, ignored when stale or damaged, never
written over a file that is not one."""

from __future__ import annotations

import itertools
import os
import struct
import warnings
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from anagramdb.cli.app import app
from anagramdb.dictionary import Dictionary
from anagramdb.errors import AnagramDBWarning, OutputRefusedError, StorageError
from anagramdb.index_check import check_index
from anagramdb.keys import word_key
from anagramdb.stored_keys import (
    HEADER,
    MAGIC,
    WRITE_CHUNK,
    keys_path_for,
    refresh_stored_keys,
    save_stored_keys,
)

from ..support.dictionaries import anagram_model, make_dictionary

WORDS = [f"{a}{b}{c}" for a in "abcdef" for b in "ghijkl" for c in "mnopqr"] + [
    "café",
    "face",
    "straße",
]


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_index_keys_writes_the_file_the_specification_describes(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=8)
    result = invoke("index", path, "--keys", "--block-size", "8")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"wrote {path}.keys: the key of every word"
    data = Path(keys_path_for(path)).read_bytes()
    magic, version, block_size, size, words, entries, area, crc, head_crc = HEADER.unpack_from(data)
    assert (magic, version, block_size, words) == (MAGIC, 1, 8, len(WORDS))
    assert crc == zlib.crc32(Path(path).read_bytes())
    assert size == os.path.getsize(path) and entries == -(-len(WORDS) // 8)
    assert head_crc == zlib.crc32(data[: HEADER.size - 4])
    table = HEADER.size
    keys = data[table + 16 * (entries + 1) :]
    assert len(keys) == area
    # One key a line, parallel to the dictionary's lines.
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    assert keys.decode().splitlines() == [word_key(word) for word in lines]
    # Each block's record: where it starts, its CRC-32, and whether it is aligned.
    for number in range(entries):
        start, record_crc, flags = struct.unpack_from("<QII", data, table + 16 * number)
        stop = struct.unpack_from("<Q", data, table + 16 * (number + 1))[0]
        record = keys[start:stop]
        assert zlib.crc32(record) == record_crc
        block = lines[number * 8 : number * 8 + 8]
        assert record.decode().splitlines() == [word_key(word) for word in block]
        assert flags == all(len(w.encode()) == len(word_key(w)) for w in block)
    assert check_index(path) == []
    assert invoke("check", "index", path).stdout == f"{path}: ok\n"


def test_a_damaged_record_is_reported_and_lookups_go_on_without_it(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=8)
    save_stored_keys(path)
    keys_path = keys_path_for(path)
    data = bytearray(Path(keys_path).read_bytes())
    data[-3] ^= 0x01  # a key of the last block
    Path(keys_path).write_bytes(bytes(data))
    last = -(-len(WORDS) // 8) - 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker lists the problem; it does not warn
        assert check_index(path) == [f"{keys_path}: block {last}: fails its checksum"]
    result = invoke("check", "index", path)
    assert result.exit_code == 1
    model = anagram_model(WORDS)
    keys = sorted(model)
    with pytest.warns(AnagramDBWarning) as caught:
        with Dictionary(path, cache_bytes=0) as dictionary:
            for _ in range(2):  # the damaged block is read twice, and warned of once
                assert list(dictionary.find_keys(keys)) == [(key, model[key]) for key in keys]
    assert [str(warning.message) for warning in caught] == [
        f"{keys_path}: block {last} fails its checksum; lookups compute keys instead "
        "(rebuild it with: anagramdb index --keys)"
    ]


def test_a_stale_file_is_rebuilt_when_the_dictionary_changes(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=8)
    save_stored_keys(path)
    # New content, new index: the dictionary built by hand, so the keys file goes stale.
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("zzz\n")
    assert invoke("index", path, "--block-size", "8").exit_code == 0
    assert check_index(path) == []  # `index` rewrote the keys file too, --keys or not
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("zzzz\n")
    with Dictionary(path) as dictionary:  # index and keys rebuilt on opening
        assert dictionary._opened._stored is not None  # private: no public view of keys in use
        assert dictionary.words_with_key("zzzz") == ["zzzz"]
    assert check_index(path) == []
    make_dictionary(tmp_path, [*WORDS, "quiz"], block_size=8)  # build rewrites it as well
    with Dictionary(path) as dictionary:
        assert dictionary.words_with_key(word_key("quiz")) == ["quiz"]


def test_a_file_that_is_not_stored_keys_is_never_replaced(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=8)
    mine = keys_path_for(path)
    Path(mine).write_text("my notes about keys\n")
    with Dictionary(path) as dictionary:
        assert dictionary._opened._stored is None  # private: no public view of keys in use
        assert dictionary.words_with_key(word_key("face")) == ["café", "face"]
    with pytest.raises(OutputRefusedError, match="is not a stored-keys file"):
        save_stored_keys(path)
    result = invoke("index", path, "--keys")
    assert result.exit_code == 2
    assert "is not a stored-keys file" in result.stderr
    assert Path(mine).read_text() == "my notes about keys\n"
    assert check_index(path) == [
        f"{mine}: not a stored-keys file of this version, or its header is damaged"
    ]


def test_the_cache_option_and_variable(tmp_path, monkeypatch):
    path = make_dictionary(tmp_path, WORDS, block_size=8)
    expected = invoke("-d", path, "letters", "abgm", "--all").stdout
    assert expected.startswith("abgm\n")
    for args in (["--cache", "1M"], ["--cache=0"], ["letters", "--cache", "64K"]):
        command = ["-d", path, *args] + ([] if "letters" in args else ["letters"])
        assert invoke(*command, "abgm", "--all").stdout == expected
    result = invoke("--cache", "lots", "-d", path, "letters", "abgm")
    assert result.exit_code == 2
    assert result.stderr.startswith("anagramdb: error: --cache 'lots' is not a size like 4M")
    monkeypatch.setenv("ANAGRAMDB_CACHE", "-5")
    result = invoke("-d", path, "letters", "abgm")
    assert result.exit_code == 2
    assert "'-5' is not a size like 4M" in result.stderr


def test_keys_larger_than_one_write_chunk_are_written_whole(tmp_path):
    """The records are written in chunks of WRITE_CHUNK bytes: a dictionary with more key
    bytes than that (about 3 chunks here) gets one sound, gapless key area."""
    words = [
        "".join(letters) for letters in itertools.product("abcdefghijklmnopqrstuvwxyz", repeat=3)
    ]
    words += [word + "s" for word in words]
    path = make_dictionary(tmp_path, words)
    assert save_stored_keys(path) == keys_path_for(path)
    data = Path(keys_path_for(path)).read_bytes()
    entries, area = HEADER.unpack_from(data)[5:7]
    assert area == sum(len(word) + 1 for word in words) > 2 * WRITE_CHUNK
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    keys = data[HEADER.size + 16 * (entries + 1) :].decode().splitlines()
    assert keys == [word_key(word) for word in lines]
    assert check_index(path) == []
    model = anagram_model(words)
    with Dictionary(path) as dictionary:
        assert dictionary._opened._stored is not None  # private: no public view of keys in use
        assert dict(dictionary.find_keys(sorted(model))) == model


def test_stored_keys_need_an_index_first(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=8)
    os.remove(path + ".idx")
    with pytest.raises(StorageError) as raised:
        save_stored_keys(path)
    assert str(raised.value) == f"{path}.idx: missing; run: anagramdb index {path}"
    assert not os.path.exists(keys_path_for(path))
    assert refresh_stored_keys(path) is None  # no keys file: nothing to keep in step
