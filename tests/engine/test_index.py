"""The index file: golden bytes, staleness, corruption, validation, read-only directories."""

from __future__ import annotations

import errno
import os
import re
import struct
import warnings
import zlib
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anagramdb import index_build as index_build_module
from anagramdb import packaged as packaged_module
from anagramdb.dictionary import Dictionary
from anagramdb.errors import (
    AnagramDBWarning,
    DictionaryFormatError,
    IndexCorruptError,
    IndexVersionError,
    InvalidArgumentError,
    StorageError,
)
from anagramdb.index import HEADER, read_index
from anagramdb.index_build import save_index
from anagramdb.index_check import check_index
from anagramdb.keys import word_key

from ..support.dictionaries import index_header, make_dictionary, patched

GOLDEN_WORDS = b"a\nact\ncat\ndog\ngod\n"


def golden_index(mtime_ns: int) -> bytes:
    """The index of GOLDEN_WORDS with block size 2, written out from docs/FORMAT.md by hand."""
    offsets = struct.pack("<4Q", 0, 6, 14, 18)  # lines 1, 3, 5 and the file size
    starts = struct.pack("<4I", 0, 1, 4, 7)
    keys = b"a" + b"act" + b"dgo"
    summary = b"a"  # the keys of entries 0, 64, ...: here only entry 0
    head = b"ANAGRIDX" + struct.pack(
        "<IIQqQQQQI", 1, 2, 18, mtime_ns, 5, 3, 7, 1, zlib.crc32(GOLDEN_WORDS)
    )
    crc = zlib.crc32(offsets + starts + keys + summary, zlib.crc32(head))
    return head + struct.pack("<I", crc) + offsets + starts + keys + summary


def test_golden_index_bytes(tmp_path):
    path = tmp_path / "golden.txt"
    path.write_bytes(GOLDEN_WORDS)
    save_index(str(path), block_size=2)
    assert (tmp_path / "golden.txt.idx").read_bytes() == golden_index(os.stat(path).st_mtime_ns)
    with Dictionary(str(path)) as dictionary:
        assert dictionary.anagrams("tac") == ["act", "cat"]
        assert dictionary.anagrams("odg") == ["dog", "god"]
        assert dictionary.info()["index_entries"] == 3


def test_open_builds_a_missing_index(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(GOLDEN_WORDS)
    with Dictionary(str(path)) as dictionary:
        assert dictionary.anagrams("god") == ["dog", "god"]
    assert check_index(str(path)) == []


def index_inode(path: str) -> int:
    return os.stat(path + ".idx").st_ino


def test_fresh_index_is_not_rebuilt(sample_dictionary, monkeypatch):
    monkeypatch.setattr(
        index_build_module, "scan_dictionary", lambda *a, **k: pytest.fail("rebuilt a fresh index")
    )
    Dictionary(sample_dictionary).close()


def test_changed_dictionary_is_reindexed(sample_dictionary):
    with open(sample_dictionary, "a", encoding="utf-8") as handle:
        handle.write("zzz\n")
    with Dictionary(sample_dictionary) as dictionary:
        assert dictionary.anagrams("zzz") == ["zzz"]
    assert check_index(sample_dictionary) == []


def test_same_size_edit_with_new_mtime_is_reindexed(sample_dictionary):
    data = Path(sample_dictionary).read_bytes()
    assert b"\nzoo\n" in data
    with open(sample_dictionary, "wb") as handle:
        handle.write(data.replace(b"\nzoo\n", b"\nzzz\n"))
    with Dictionary(sample_dictionary) as dictionary:
        assert dictionary.anagrams("zzz") == ["zzz"] and dictionary.anagrams("zoo") == []


def test_touched_dictionary_is_not_rebuilt_but_refreshed(sample_dictionary, monkeypatch):
    stat = os.stat(sample_dictionary)
    os.utime(sample_dictionary, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    inode = index_inode(sample_dictionary)
    monkeypatch.setattr(
        index_build_module,
        "scan_dictionary",
        lambda *a, **k: pytest.fail("rebuilt an index whose dictionary only got a new mtime"),
    )
    Dictionary(sample_dictionary).close()
    assert index_inode(sample_dictionary) != inode  # rewritten with the new mtime
    assert index_header(sample_dictionary + ".idx").dict_mtime_ns == stat.st_mtime_ns + 10**9


def test_packaged_data_is_never_refreshed(sample_dictionary, monkeypatch):
    # The packaged data belongs to its installer (or to version control, in a source tree):
    # a new mtime is checked, not written.
    monkeypatch.setattr(packaged_module, "DATA_DIRECTORY", os.path.dirname(sample_dictionary))
    stat = os.stat(sample_dictionary)
    os.utime(sample_dictionary, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    before = Path(sample_dictionary + ".idx").read_bytes()
    inode = index_inode(sample_dictionary)
    monkeypatch.setattr(
        index_build_module,
        "scan_dictionary",
        lambda *a, **k: pytest.fail("rebuilt an index whose dictionary only got a new mtime"),
    )
    with Dictionary(sample_dictionary) as dictionary:
        assert dictionary.anagrams("listen") == ["enlist", "inlets", "listen", "silent", "tinsel"]
    assert index_inode(sample_dictionary) == inode
    assert Path(sample_dictionary + ".idx").read_bytes() == before


def corruptions(data: bytes):
    yield "empty", b""
    yield "truncated header", data[:30]
    yield "truncated body", data[:-3]
    yield "trailing garbage", data + b"junk"
    yield "bad magic", b"XNAGRIDX" + data[8:]
    for position in (9, 20, 61, 69, 80, -1):
        flipped = bytearray(data)
        flipped[position] ^= 0x10
        yield f"bit flipped at byte {position}", bytes(flipped)


@pytest.mark.parametrize("case", [name for name, _ in corruptions(b"x" * 200)])
def test_corrupt_index_is_detected_and_rebuilt(sample_dictionary, case):
    index_path = sample_dictionary + ".idx"
    good = Path(index_path).read_bytes()
    damaged = dict(corruptions(good))[case]
    with open(index_path, "wb") as handle:
        handle.write(damaged)
    with pytest.raises(IndexCorruptError):
        read_index(index_path).close()
    assert check_index(sample_dictionary) != []
    if case == "bad magic":
        # Not recognisably an index, so perhaps the user's own file: kept (issue 19).
        refused = "is not an anagramdb index .*, so it is not replaced; using an in-memory"
        with pytest.warns(AnagramDBWarning, match=refused):
            with Dictionary(sample_dictionary) as dictionary:
                assert dictionary.anagrams("listen")[0] == "enlist"
        assert Path(index_path).read_bytes() == damaged
        save_index(sample_dictionary, force=True)
    with Dictionary(sample_dictionary) as dictionary:
        assert dictionary.anagrams("listen") == ["enlist", "inlets", "listen", "silent", "tinsel"]
    assert check_index(sample_dictionary) == []


def test_other_version_is_refused_with_its_number(sample_dictionary):
    index_path = sample_dictionary + ".idx"
    data = bytearray(Path(index_path).read_bytes())
    data[8:12] = struct.pack("<I", 7)
    Path(index_path).write_bytes(bytes(data))
    with pytest.raises(IndexVersionError, match="format version 7"):
        read_index(index_path)


def test_index_of_another_dictionary_is_replaced(tmp_path):
    one = make_dictionary(tmp_path, ["cat", "dog"], name="one.txt")
    two = make_dictionary(tmp_path, ["pig", "cow", "hen"], name="two.txt")
    os.replace(one + ".idx", two + ".idx")
    with Dictionary(two) as dictionary:
        assert dictionary.anagrams("owc") == ["cow"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"dog\ncat\n", "line 2: 'cat' (key 'act') is out of order after 'dog' (key 'dgo')"),
        (b"cat\ncat\n", "line 2: duplicate word 'cat'"),
        (b"cat\ndo g\n", "line 2: 'do g' is not a word"),
        (b"cat\n\ndog\n", "line 2: an empty line"),
        (b"cat\r\ndog\r\n", "line 1: ends with a carriage return"),
        (b"cat\n\xffdog\n", "line 2: not valid UTF-8"),
    ],
)
def test_bad_dictionary_is_refused_with_the_line_number(tmp_path, content, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(DictionaryFormatError) as caught:
        Dictionary(str(path))
    assert message in str(caught.value)
    assert f"anagramdb build {path} -o {tmp_path / 'bad.sorted.txt'}" in str(caught.value)
    assert not os.path.exists(str(path) + ".idx")


def test_check_reports_every_problem(tmp_path):
    path = make_dictionary(tmp_path, ["apple", "pear", "plum", "fig"], block_size=1)
    with open(path, "ab") as handle:
        handle.write(b"aaa\nb b\n")
    problems = check_index(path)
    assert any("line 5: 'aaa'" in p and "out of order" in p for p in problems)
    assert any("line 6: 'b b' is not a word" in p for p in problems)
    assert any("records a dictionary of" in p for p in problems)


def test_check_catches_a_silently_changed_word(sample_dictionary):
    stat = os.stat(sample_dictionary)
    data = Path(sample_dictionary).read_bytes().replace(b"\nzoo\n", b"\nzzz\n")
    Path(sample_dictionary).write_bytes(data)
    os.utime(sample_dictionary, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert any("CRC-32" in problem for problem in check_index(sample_dictionary))


def test_empty_dictionary(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with Dictionary(str(path)) as dictionary:
        assert dictionary.anagrams("a") == []
        assert dictionary.word_count == 0 and list(dictionary) == []
    assert check_index(str(path)) == []


def test_dictionary_without_final_newline(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(b"act\ncat")
    with Dictionary(str(path)) as dictionary:
        assert dictionary.anagrams("cat") == ["act", "cat"]


def unwritable(monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


def test_read_only_directory_uses_an_in_memory_index(tmp_path, monkeypatch):
    path = tmp_path / "words.txt"
    path.write_bytes(GOLDEN_WORDS)
    unwritable(monkeypatch)
    with pytest.warns(
        AnagramDBWarning, match="Permission denied; using an in-memory index"
    ) as caught:
        with Dictionary(str(path)) as dictionary:
            assert dictionary.anagrams("cat") == ["act", "cat"]
    assert len(caught) == 1
    assert not os.path.exists(str(path) + ".idx")


def test_read_only_directory_with_a_fresh_index_is_silent(sample_dictionary, monkeypatch):
    stat = os.stat(sample_dictionary)
    os.utime(sample_dictionary, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5))
    unwritable(monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Dictionary(sample_dictionary).close()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through permission bits")
def test_really_read_only_directory(tmp_path):
    path = tmp_path / "words.txt"
    path.write_bytes(GOLDEN_WORDS)
    tmp_path.chmod(0o555)
    try:
        with pytest.warns(AnagramDBWarning):
            Dictionary(str(path)).close()
    finally:
        tmp_path.chmod(0o755)


def test_save_index_reports_storage_errors(tmp_path):
    with pytest.raises(StorageError, match="No such file"):
        save_index(str(tmp_path / "missing.txt"))


def test_header_layout_is_72_bytes():
    assert HEADER.size == 72


def test_an_unreadable_index_is_a_storage_error_not_corruption(sample_dictionary, monkeypatch):
    real_open = os.open
    index_path = sample_dictionary + ".idx"

    def denied(path, flags, *args, **kwargs):
        if os.fspath(path) == index_path:
            raise PermissionError(errno.EACCES, "Permission denied", path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(
        StorageError, match=f"^cannot read index {re.escape(index_path)}: Permission denied$"
    ) as caught:
        read_index(index_path)
    assert not isinstance(caught.value, IndexCorruptError)
    assert check_index(sample_dictionary) == [f"cannot read index {index_path}: Permission denied"]
    # Opening the dictionary still works: an unreadable index is rebuilt like a damaged one.
    with Dictionary(sample_dictionary) as dictionary:
        assert dictionary.anagrams("enlist") == ["enlist", "inlets", "listen", "silent", "tinsel"]


# ---- damage that a checksum does not catch: the CRC recomputed after the change ------------


# Byte offsets of header fields (docs/FORMAT.md): block size, word count, entry count.
BLOCK_SIZE_FIELD, WORD_COUNT_FIELD, ENTRY_COUNT_FIELD, SUMMARY_SIZE_FIELD = 12, 32, 40, 56


@pytest.mark.parametrize(
    ("offset", "fmt", "value", "message"),
    [
        (WORD_COUNT_FIELD, "<Q", 28, "9 entries do not fit 28 words in blocks of 4"),
        (WORD_COUNT_FIELD, "<Q", 37, "9 entries do not fit 37 words in blocks of 4"),
        (BLOCK_SIZE_FIELD, "<I", 0, "9 entries do not fit 33 words in blocks of 0"),
        (BLOCK_SIZE_FIELD, "<I", 3, "9 entries do not fit 33 words in blocks of 3"),
        (ENTRY_COUNT_FIELD, "<Q", 8, "has trailing bytes: 212 bytes, the header promises 200"),
        (HEADER.size, "<Q", 1, "offsets do not span the dictionary (0 to 99)"),
        (HEADER.size + 8 * 9, "<Q", 98, "offsets do not span the dictionary (0 to 99)"),
    ],
)
def test_inconsistent_header_with_a_valid_checksum(tmp_path, offset, fmt, value, message):
    words = [f"{a}{b}" for a in "bcdfgh" for b in "aeiou"] + ["aa", "ab", "ac"]
    path = make_dictionary(tmp_path, words, block_size=4)
    assert os.path.getsize(path) == 99 and len(set(words)) == 33
    patched(path + ".idx", offset, fmt, value)
    with pytest.raises(IndexCorruptError) as caught:
        read_index(path + ".idx")
    assert str(caught.value).startswith(f"{path}.idx: {message}")
    assert check_index(path)[0].startswith(f"{path}.idx: {message}")
    with Dictionary(path) as dictionary:  # rebuilt on open
        assert dictionary.word_count == 33 and dictionary.anagrams("ab") == ["ab", "ba"]
    assert check_index(path) == []


def test_a_summary_with_the_wrong_number_of_keys(tmp_path):
    words = [f"{a}{b}{c}" for a in "bcdfghjklm" for b in "aeiou" for c in "npqrst"][:300]
    path = make_dictionary(tmp_path, words, block_size=1)
    index = read_index(path + ".idx")
    assert index is not None and index.entry_count == 300 and len(index.summary) == 5
    index.close()
    # One entry more than the words need would also break the entries check, so give the
    # summary one key fewer by shortening it: the header's summary size, fixed up.
    data = Path(path + ".idx").read_bytes()
    last = data.rindex(b"\n")
    with open(path + ".idx", "wb") as handle:
        handle.write(data[:last])
    patched(
        path + ".idx",
        SUMMARY_SIZE_FIELD,
        "<Q",
        struct.unpack_from("<Q", data, SUMMARY_SIZE_FIELD)[0] - (len(data) - last),
    )
    with pytest.raises(IndexCorruptError, match=r"the summary holds 4 keys, expected 5$"):
        read_index(path + ".idx")


def test_check_of_a_crlf_dictionary(tmp_path):
    path = make_dictionary(tmp_path, ["act", "cat", "dog"])
    with open(path, "wb") as handle:
        handle.write(b"act\r\ncat\r\ndog\r\n")
    problems = check_index(path)
    assert problems[:3] == [
        f"{path}: line {n}: ends with a carriage return; dictionary lines end with LF only"
        for n in (1, 2, 3)
    ]
    with pytest.raises(DictionaryFormatError, match="line 1: ends with a carriage return"):
        Dictionary(path)


def test_check_stops_listing_at_max_problems(tmp_path):
    from anagramdb.index_build import MAX_PROBLEMS

    path = tmp_path / "words.txt"
    path.write_bytes(b"".join(b"x%d\n" % i for i in range(MAX_PROBLEMS * 2)))
    problems = check_index(path)
    assert len(problems) == MAX_PROBLEMS == 100  # the limit docs/FORMAT.md and RELIABILITY.md state
    assert (
        problems[0] == f"{path}.idx: missing"
        and problems[1] == f"{path}: line 1: 'x0' is not a word (it contains '0')"
    )
    path.write_bytes(
        b"".join(b"x%02d\n" % i for i in range(MAX_PROBLEMS - 5))
    )  # in order: one problem a line
    assert len(check_index(path)) == MAX_PROBLEMS - 5 + 1


def test_a_rebuild_on_open_keeps_the_block_size_asked_for(tmp_path):
    path = make_dictionary(tmp_path, [f"{a}{b}" for a in "bcdfg" for b in "aeiou"])
    os.unlink(path + ".idx")
    with Dictionary(path, block_size=3) as dictionary:
        assert dictionary.index.block_size == 3 and dictionary.block_count == 9
    index = read_index(path + ".idx")
    assert index is not None and index.block_size == 3
    index.close()
    with pytest.raises(
        InvalidArgumentError, match=r"^the block size must be from 1 to 65536 words, not 0$"
    ):
        Dictionary(path, block_size=0)
    with pytest.raises(InvalidArgumentError, match="not 65537"):
        save_index(path, block_size=65537)


def test_check_refuses_what_is_not_a_regular_file(tmp_path):
    (tmp_path / "folder").mkdir()
    with pytest.raises(StorageError, match=r"^cannot open dictionary .*folder: it is a directory$"):
        check_index(tmp_path / "folder")
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(
        StorageError, match=r"^cannot open dictionary .*pipe: it is not a regular file$"
    ):
        save_index(tmp_path / "pipe")


def test_find_block_in_every_stretch_of_the_summary(tmp_path):
    # 216 one-word keys in blocks of one line: 216 entries, four summary stretches of 64.
    words = [f"{a}{b}{c}" for a in "abcdef" for b in "ghijkl" for c in "mnopqr"]
    path = make_dictionary(tmp_path, words, block_size=1)
    keys = sorted(word_key(word) for word in words)
    with Dictionary(path) as dictionary:
        assert dictionary.index.entry_count == 216
        for position, key in enumerate(keys):
            assert dictionary.index.find_block(key.encode()) == max(position - 1, 0)
            assert dictionary.words_with_key(key) == [key]


def test_keys_before_the_first_entry_and_after_the_last(tmp_path):
    path = make_dictionary(tmp_path, ["cat", "act", "dog", "god", "zzz"], block_size=1)
    with Dictionary(path) as dictionary:
        assert dictionary.index.find_block(b"aa") == 0 and dictionary.index.find_block(b"act") == 0
        assert dictionary.index.find_block(b"zzzz") == dictionary.block_count - 1
        assert dictionary.anagrams("aa") == [] and dictionary.anagrams("tac") == ["act", "cat"]
        assert dictionary.anagrams("zzz") == ["zzz"] and dictionary.anagrams("zzzz") == []


def test_find_block_through_the_summary(tmp_path):
    """Hundreds of entries, so that the summary (every SUMMARY_STRIDE-th key) picks the
    stretch: every key is found in the block that holds it."""
    from anagramdb.index import SUMMARY_STRIDE

    words = sorted(
        {f"{a}{b}{c}" for a in "bcdfghjklm" for b in "aeiou" for c in "nprst"},
        key=lambda w: (word_key(w), w),
    )
    path = make_dictionary(tmp_path, words, block_size=1)
    with Dictionary(path) as dictionary:
        index = dictionary.index
        assert index.entry_count == len(words) > 3 * SUMMARY_STRIDE
        assert index.summary == [word_key(w).encode() for w in words[::SUMMARY_STRIDE]]
        keys = [word_key(w) for w in words]
        for number, key in enumerate(keys):
            if number == keys.index(key):  # the first line with this key
                assert index.find_block(key.encode()) == max(number - 1, 0)  # the contract: i - 1
        assert index.keys(0, 3) == [k.encode() for k in keys[:3]] and index.keys(5, 5) == []
        assert index.offsets(0, 3) == (0, 4, 8)


@settings(max_examples=30, deadline=None)
@given(
    probes=st.lists(st.text(alphabet="abcdefgkmnz", min_size=0, max_size=4), max_size=60),
    budget=st.sampled_from([0, 4000, 9000, 1 << 20]),
    seed=st.integers(0, 1000),
)
# private: the stretch cache's own books, checked after the lookups
def test_find_block_in_any_order_matches_bisection_of_every_entry(
    stretched_index, probes, budget, seed
):
    """find_block keeps the stretch of the key before (a walk's keys ascend) and evicts
    stretches at random: in any order, ascending or shuffled, under any budget, it gives
    what bisecting the whole index gives."""
    import random
    from bisect import bisect_left

    path, entries = stretched_index
    keys = sorted(word_key(probe).encode() for probe in probes) + entries[::7]
    shuffled = keys[:]
    random.Random(seed).shuffle(shuffled)
    index = read_index(path)
    assert index is not None
    with closing(index):
        index.stretch_budget = budget
        for key in [*sorted(keys), *shuffled]:
            assert index.find_block(key) == max(bisect_left(entries, key) - 1, 0), key
        assert index.stretch_bytes <= budget
        assert sorted(index._stretch_order) == sorted(index._stretches)
        assert sorted(index._stretches) == sorted(index._stretch_costs)
        assert index.stretch_bytes == sum(index._stretch_costs.values())


@pytest.fixture(scope="module")
def stretched_index(tmp_path_factory):
    """An index of 260 entries (5 summary stretches), some keys repeated across entries."""
    from itertools import combinations

    words = ["".join(letters) for letters in combinations("abcdefgkmnpz", 3)]  # 220 keys
    words += [word[::-1] for word in words[::6]]  # anagrams: runs of a key over two entries
    path = make_dictionary(tmp_path_factory.mktemp("stretched"), words, block_size=1)
    index = read_index(path + ".idx")
    assert index is not None
    with closing(index):
        entries = index.keys(0, index.entry_count)
    assert len(entries) > 3 * 64 and entries == sorted(entries)
    return path + ".idx", entries


def test_an_index_truncated_after_it_was_opened(tmp_path):
    path = make_dictionary(tmp_path, [f"{a}{b}" for a in "bcd" for b in "aeiou"], block_size=1)
    index = read_index(path + ".idx")
    assert index is not None
    try:
        os.truncate(path + ".idx", HEADER.size + 20)
        with pytest.raises(
            IndexCorruptError,
            match=rf"^{re.escape(path)}.idx: truncated while reading byte {HEADER.size + 20}$",
        ):
            index.offsets(0, 10)
    finally:
        index.close()
