"""``check_index`` (``anagramdb check index DICT``) against an index that describes another
dictionary: every difference named exactly (which entry, which line, what was expected),
the block size and kind taken from the index, the list bounded at MAX_PROBLEMS."""

from __future__ import annotations

import os
import shutil
import zlib
from pathlib import Path

from anagramdb.index import read_index
from anagramdb.index_build import MAX_PROBLEMS
from anagramdb.index_check import check_index
from anagramdb.keys import word_key
from anagramdb.kinds import ANAGRAM, KEYED

from ..support.dictionaries import make_dictionary, patched

# Block size 2: the index holds lines 1 and 3 (offsets 0 and 6), keys b"ab" and b"ef".
WORDS = ["ab", "cd", "ef", "gh"]
OLD = b"ab\ncd\nef\ngh\n"


def swapped(tmp_path: Path, words: list[str], block_size: int = 2) -> tuple[str, str]:
    """A dictionary of *words*, beside the index of a dictionary of WORDS: its path and
    its index's path."""
    (tmp_path / "first").mkdir()
    first = make_dictionary(tmp_path / "first", WORDS, block_size=block_size)
    path = make_dictionary(tmp_path, words, block_size=block_size)
    shutil.copyfile(first + ".idx", path + ".idx")
    return path, path + ".idx"


def crc(path: str) -> str:
    return f"{zlib.crc32(Path(path).read_bytes()):08x}"


def test_a_sound_dictionary_and_index(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=2)
    assert check_index(path) == []
    assert check_index(path, ANAGRAM) == []


def test_same_size_another_key_at_an_entry(tmp_path):
    path, index = swapped(tmp_path, ["ab", "cd", "eg", "gh"])
    old = f"{zlib.crc32(OLD):08x}"
    assert check_index(path) == [
        f"{index}: records dictionary CRC-32 {old}, but {path} has {crc(path)}",
        f"{index}: entry 1: key b'ef', but line 3 has key b'eg'",
    ]


def test_same_size_other_offsets_and_keys(tmp_path):
    path, index = swapped(tmp_path, ["abcd", "e", "f", "gh"])
    old = f"{zlib.crc32(OLD):08x}"
    assert check_index(path) == [
        f"{index}: records dictionary CRC-32 {old}, but {path} has {crc(path)}",
        f"{index}: entry 0: key b'ab', but line 1 has key b'abcd'",
        f"{index}: entry 1: offset 6, but line 3 starts at byte 7",
        f"{index}: the summary does not hold the key of every 64th entry",  # entry 0's key
    ]


def test_another_size_and_word_count(tmp_path):
    path, index = swapped(tmp_path, [*WORDS, "ij"])
    assert check_index(path) == [
        f"{index}: records a dictionary of 12 bytes, but {path} has 15",
        f"{index}: records 4 words, but {path} has 5",
    ]


def test_checked_as_another_kind(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=2)
    problems = check_index(path, KEYED)
    assert problems[0] == f"{path}.idx: written for a dictionary, not keyed text"
    assert problems[1:] == [
        f"{path}: line {n}: {word!r} has no key: a keyed line is KEY<TAB>VALUE"
        for n, word in enumerate(WORDS, start=1)
    ]


def test_a_summary_that_differs_from_the_entries(tmp_path):
    words = [f"{a}{b}{c}" for a in "bcdfg" for b in "aeiou" for c in "nprst"][:70]
    path = make_dictionary(tmp_path, words, block_size=1)
    index = read_index(path + ".idx")
    assert index is not None and len(index.summary) == 2
    index.close()
    size = os.path.getsize(path + ".idx")
    patched(path + ".idx", size - 1, "<B", ord("z"))  # the last letter of entry 64's key
    assert check_index(path) == [
        f"{path}.idx: the summary does not hold the key of every 64th entry"
    ]


def test_differences_in_entries_are_listed_up_to_max_problems(tmp_path):
    first = [f"{a}{b}{c}" for a in "bcdf" for b in "aeiou" for c in "nprstvwxyz"][:150]
    other = [f"{a}{b}{c}" for a in "ghjk" for b in "aeiou" for c in "nprstvwxyz"][:150]
    (tmp_path / "first").mkdir()
    base = make_dictionary(tmp_path / "first", first, block_size=1)
    path = make_dictionary(tmp_path, other, block_size=1)
    shutil.copyfile(base + ".idx", path + ".idx")
    old_keys = [word_key(word) for word in Path(base).read_text().split()]
    new_keys = [word_key(word) for word in Path(path).read_text().split()]
    problems = check_index(path)
    assert len(problems) == MAX_PROBLEMS
    assert problems[0].startswith(f"{path}.idx: records dictionary CRC-32 ")
    assert problems[1:] == [
        f"{path}.idx: entry {i}: key {old_keys[i].encode()!r}, but line {i + 1} has key "
        f"{new_keys[i].encode()!r}"
        for i in range(MAX_PROBLEMS - 1)
    ]
