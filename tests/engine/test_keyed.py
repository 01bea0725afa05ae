"""Keyed text files (kinds.py, keyed.py): the dictionary's index, staleness and atomic rebuild
serving ``KEY<TAB>VALUE`` files, plain and gzip-blocked; golden bytes, a round trip against a
dict, damaged files."""

from __future__ import annotations

import gzip
import os
import struct
import zlib
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.builder import write_keyed
from anagramdb.dictionary import Dictionary
from anagramdb.errors import DictionaryFormatError, IndexVersionError
from anagramdb.index import CRC_FIELD, HEADER, read_index
from anagramdb.index_build import save_index
from anagramdb.index_check import check_index
from anagramdb.keyed import REGION_BYTES, RELEASE_BYTES, KeyedFile
from anagramdb.kinds import ANAGRAM, KEYED, KEYED_GZIP

from ..support.dictionaries import index_header
from ..support.measure import mapped_rss, needs_smaps_and_madvise

LINES = ["act\tto do", "cat\ta pet", "dog\tanother pet", "emu\ta bird", "gnu\tan antelope"]


def golden_keyed_index(text: bytes, mtime_ns: int) -> bytes:
    """The index of LINES as plain keyed text with block size 2, from docs/FORMAT.md by hand."""
    # lines 1, 3 and 5 (lines of 10, 10, 16 and 11 bytes come before it), and the file size
    offsets = struct.pack("<4Q", 0, 20, 47, len(text))
    starts = struct.pack("<4I", 0, 3, 6, 9)
    keys = b"act" + b"dog" + b"gnu"
    summary = b"act"
    head = b"ANAGRIDX" + struct.pack(
        "<HHIQqQQQQI", 1, KEYED, 2, len(text), mtime_ns, 5, 3, 9, 3, zlib.crc32(text)
    )
    crc = zlib.crc32(offsets + starts + keys + summary, zlib.crc32(head))
    return head + struct.pack("<I", crc) + offsets + starts + keys + summary


def test_golden_keyed_index_bytes(tmp_path):
    path = str(tmp_path / "keyed.txt")
    write_keyed(path, LINES, kind=KEYED, block_size=2)
    text = "".join(line + "\n" for line in LINES).encode()
    assert Path(path).read_bytes() == text
    index = Path(path + ".idx").read_bytes()
    assert index == golden_keyed_index(text, os.stat(path).st_mtime_ns)
    assert index[10:12] == b"\x01\x00"  # the kind, after a u16 version
    with KeyedFile(path, KEYED) as keyed:
        assert [keyed.get(key) for key in ("act", "dog", "gnu", "cow", "zzz", "")] == [
            "to do", "another pet", "an antelope", None, None, None,
        ]  # fmt: skip


def test_a_gzip_blocked_file_is_gzip_one_member_a_block(tmp_path):
    path = str(tmp_path / "keyed.gz")
    write_keyed(path, LINES, kind=KEYED_GZIP, block_size=2)
    data = Path(path).read_bytes()
    assert gzip.decompress(data).decode() == "".join(line + "\n" for line in LINES)
    index = read_index(path + ".idx")
    assert index is not None
    offsets = index.offsets(0, 4)
    index.close()
    members = [data[a:b] for a, b in pairwise(offsets)]
    assert [gzip.decompress(member).count(b"\n") for member in members] == [2, 2, 1]
    assert check_index(path) == []


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    entries=st.dictionaries(
        st.text("abcé\u4e2dz", min_size=1, max_size=6),
        st.text(
            st.characters(blacklist_characters="\n\r", blacklist_categories=["Cs"]), max_size=30
        ),
        max_size=80,
    ),
    block_size=st.integers(1, 9),
    kind=st.sampled_from([KEYED, KEYED_GZIP]),
    probes=st.lists(st.text("abcé\u4e2dz", max_size=7), max_size=20),
)
def test_round_trip_against_a_dict(tmp_path, entries, block_size, kind, probes):
    path = str(tmp_path / f"round-{kind}")
    write_keyed(path, [f"{k}\t{v}" for k, v in sorted(entries.items())], kind, block_size)
    assert check_index(path) == []
    with KeyedFile(path, kind, cache_blocks=2) as keyed:
        assert keyed.line_count == len(entries)
        assert list(keyed) == sorted(entries.items())
        for key in list(entries) + probes:
            assert keyed.get(key) == entries.get(key)
        wanted = probes + list(entries)[::2]
        assert keyed.get_many(wanted) == {key: entries[key] for key in wanted if key in entries}


# private: the blocks read are counted on the open file, which has no public view
def test_lookups_in_a_kept_block_read_it_once(tmp_path):
    """*cache_blocks* blocks stay split into lines between lookups: more lookups in them
    inflate nothing again; a block beyond the bound replaces the oldest."""
    path = str(tmp_path / "keyed.gz")
    write_keyed(path, LINES, KEYED_GZIP, block_size=2)  # blocks: act cat, dog emu, gnu
    with KeyedFile(path, KEYED_GZIP, cache_blocks=2) as opened_file:
        read = []
        opened = opened_file._opened
        original = opened.block
        opened.block = lambda number: read.append(number) or original(number)  # type: ignore
        assert opened_file.get_many(["act", "cat", "dog", "emu", "cow"]) == {
            "act": "to do", "cat": "a pet", "dog": "another pet", "emu": "a bird",
        }  # fmt: skip
        assert read == [0, 1]
        assert opened_file.get("gnu") == "an antelope" and opened_file.get("emu") == "a bird"
        assert opened_file.get("act") == "to do"  # block 0 was the oldest: read again
        assert read == [0, 1, 2, 0]
    with KeyedFile(path, KEYED_GZIP, cache_blocks=0) as opened_file:
        read = []
        opened = opened_file._opened
        original = opened.block
        opened.block = lambda number: read.append(number) or original(number)  # type: ignore
        assert opened_file.get("act") == opened_file.get("act") == "to do"
        assert read == [0, 0]


def test_missing_and_stale_indexes_are_rebuilt_atomically(tmp_path):
    path = str(tmp_path / "keyed.gz")
    write_keyed(path, LINES, block_size=2)
    os.unlink(path + ".idx")
    with KeyedFile(path, block_size=2) as keyed:
        assert keyed.get("emu") == "a bird"
    assert check_index(path) == []
    write_keyed(path + ".new", [*LINES, "yak\ta shaggy ox"], block_size=2)
    os.remove(path + ".new.idx")
    os.replace(path + ".new", path)  # the old index stays beside the new file
    with KeyedFile(path) as keyed:
        assert keyed.get("yak") == "a shaggy ox"
    assert check_index(path) == []
    assert [name for name in os.listdir(tmp_path) if ".tmp-" in name] == []


def test_an_index_of_another_kind_is_rebuilt(tmp_path):
    path = str(tmp_path / "keyed.txt")
    write_keyed(path, LINES, kind=KEYED)
    data = bytearray(Path(path + ".idx").read_bytes())
    data[10:12] = struct.pack("<H", KEYED_GZIP)
    struct.pack_into(
        "<I", data, CRC_FIELD, zlib.crc32(data[HEADER.size :], zlib.crc32(data[:CRC_FIELD]))
    )
    Path(path + ".idx").write_bytes(bytes(data))
    assert check_index(path, KEYED)[0].endswith(
        "written for gzip-blocked keyed text, not keyed text"
    )
    with KeyedFile(path, KEYED) as keyed:
        assert keyed.get("cat") == "a pet"
    assert check_index(path) == []


def test_an_unknown_kind_is_a_version_error(tmp_path):
    path = str(tmp_path / "keyed.txt")
    write_keyed(path, LINES, kind=KEYED)
    data = bytearray(Path(path + ".idx").read_bytes())
    data[10:12] = struct.pack("<H", 9)
    struct.pack_into(
        "<I", data, CRC_FIELD, zlib.crc32(data[HEADER.size :], zlib.crc32(data[:CRC_FIELD]))
    )
    Path(path + ".idx").write_bytes(bytes(data))
    with pytest.raises(IndexVersionError, match="kind 9, this anagramdb reads kinds 0 to 2"):
        read_index(path + ".idx")


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["dog\tx", "cat\ty"], "line 2: key 'cat' is out of order after 'dog'"),
        (["cat\tx", "cat\ty"], "line 2: duplicate key 'cat'"),
        (["cat"], "line 1: 'cat' has no key: a keyed line is KEY<TAB>VALUE"),
        (["\tx"], "line 1: '.tx' has no key"),
    ],
)
@pytest.mark.parametrize("kind", [KEYED, KEYED_GZIP])
def test_bad_lines_are_refused_and_nothing_is_written(tmp_path, lines, message, kind):
    path = tmp_path / "keyed"
    path.write_bytes(b"precious")
    with pytest.raises(DictionaryFormatError, match=message):
        write_keyed(str(path), lines, kind)
    assert path.read_bytes() == b"precious"
    assert [p.name for p in tmp_path.iterdir()] == ["keyed"]


def test_a_member_holding_more_than_a_block_is_refused(tmp_path):
    path = tmp_path / "one-member.gz"
    path.write_bytes(gzip.compress("".join(line + "\n" for line in LINES).encode(), mtime=0))
    with KeyedFile(str(path)) as keyed:  # one member, one block: block size 5
        assert keyed.get("gnu") == "an antelope" and keyed.index.block_size == 5
    second = gzip.compress(b"hen\ta bird\nyak\tan ox\n", mtime=0)
    path.write_bytes(gzip.compress(b"act\tto do\n", mtime=0) + second)
    assert (
        f"{path}: the gzip member at byte {len(path.read_bytes()) - len(second)} holds 2 lines,"
        " a block 1"
    ) in check_index(str(path))


def test_a_damaged_member_is_named_when_read_and_when_checked(tmp_path):
    path = str(tmp_path / "keyed.gz")
    write_keyed(path, LINES, block_size=2)
    status = os.stat(path)
    data = bytearray(Path(path).read_bytes())
    index = read_index(path + ".idx")
    assert index is not None
    second = index.offset(1)
    index.close()
    data[second + 12] ^= 0xFF  # inside the second member's deflate stream
    Path(path).write_bytes(bytes(data))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))  # same size and mtime: fresh
    with KeyedFile(path) as keyed:
        assert keyed.get("act") == "to do"
        with pytest.raises(DictionaryFormatError, match="block 1: damaged gzip member"):
            keyed.get("dog")
    assert any(f"member at byte {second}: damaged gzip member" in p for p in check_index(path))
    os.unlink(path + ".idx")
    with pytest.raises(DictionaryFormatError, match=f"member at byte {second}"):
        KeyedFile(path)
    assert not os.path.exists(path + ".idx")


def test_truncated_and_foreign_files(tmp_path):
    path = str(tmp_path / "keyed.gz")
    write_keyed(path, LINES, block_size=2)
    data = Path(path).read_bytes()
    Path(path).write_bytes(data[:-5])
    with pytest.raises(DictionaryFormatError, match="gzip member truncated"):
        KeyedFile(path)
    Path(path).write_bytes(b"cat\ta pet\n")
    with pytest.raises(DictionaryFormatError, match="member at byte 0: not a gzip member"):
        KeyedFile(path)


def test_kinds_do_not_mix(tmp_path):
    keyed = str(tmp_path / "keyed.txt")
    write_keyed(keyed, LINES, kind=KEYED)
    with pytest.raises(DictionaryFormatError, match="is not a word"):
        Dictionary(keyed)  # a dictionary's rules, so its own index (kind 1) is not used
    words = tmp_path / "words.txt"
    words.write_bytes(b"act\ncat\n")
    save_index(str(words))
    assert index_header(str(words) + ".idx").kind == ANAGRAM
    with pytest.raises(DictionaryFormatError, match="a keyed line is KEY<TAB>VALUE"):
        KeyedFile(str(words), KEYED)


def test_an_empty_keyed_file(tmp_path):
    path = str(tmp_path / "empty.gz")
    write_keyed(path, [])
    assert os.path.getsize(path) == 0
    with KeyedFile(path) as keyed:
        assert keyed.get("cat") is None and list(keyed) == []
    assert check_index(path) == []


def test_a_keyed_file_dropped_unclosed_warns_and_closes(tmp_path):
    import gc
    import warnings

    path = str(tmp_path / "keyed.txt")
    write_keyed(path, LINES, KEYED, block_size=2)
    keyed = KeyedFile(path, KEYED)
    assert keyed.get("cat") == "a pet"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        del keyed
        gc.collect()
    assert [str(w.message) for w in caught] == [f"unclosed keyed file {path!r}"]


def test_a_same_size_edit_that_kept_the_mtime_is_named_when_read(tmp_path):
    """The index trusts size and mtime; bytes changed behind its back are still reported
    when read, never decoded wrongly."""
    path = str(tmp_path / "keyed.txt")
    write_keyed(path, LINES, KEYED, block_size=2)
    stat = os.stat(path)
    data = Path(path).read_bytes()
    Path(path).write_bytes(data.replace(b"another pet", b"another p\xfft"))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    with KeyedFile(path, KEYED) as keyed:
        assert keyed.get("act") == "to do"
        with pytest.raises(DictionaryFormatError) as raised:
            keyed.get("dog")
        assert str(raised.value) == f"{path}: block 1: invalid UTF-8 near byte 13"


def test_a_block_offset_off_a_line_start_is_caught_when_read(tmp_path):
    """An index whose checksum is right but whose offsets are not (a writer's bug): a
    plain keyed file's block read refuses an offset off a line start, and either kind an
    empty block, rather than returning pieces of lines."""
    from anagramdb.errors import IndexCorruptError

    for kind in (KEYED, KEYED_GZIP):
        path = str(tmp_path / f"keyed{kind}")
        write_keyed(path, LINES, kind, block_size=2)
        sound = Path(path + ".idx").read_bytes()
        second = struct.unpack_from("<Q", sound, HEADER.size + 8)[0]  # block 1's start
        # (the entry changed, its new offset, block 1's start then): block 1 starting off a
        # line, or block 2 starting where block 1 does.
        cases = [(2, second, second)]
        if kind == KEYED:
            cases.append((1, second + 1, second + 1))
        for entry, offset, start in cases:
            damaged = bytearray(sound)
            struct.pack_into("<Q", damaged, HEADER.size + 8 * entry, offset)
            head = zlib.crc32(bytes(damaged[:CRC_FIELD]))
            crc = zlib.crc32(bytes(damaged[HEADER.size :]), head)
            struct.pack_into("<I", damaged, CRC_FIELD, crc)
            Path(path + ".idx").write_bytes(bytes(damaged))
            with KeyedFile(path, kind) as keyed:
                if entry == 2:
                    assert keyed.block(0) == LINES[:2]
                with pytest.raises(IndexCorruptError) as raised:
                    keyed.block(1)
                assert str(raised.value) == (
                    f"{path}.idx: block 1 offset {start} is not on a block start"
                )


@needs_smaps_and_madvise
def test_reading_a_keyed_file_through_keeps_its_resident_pages_bounded(tmp_path):
    path = tmp_path / "big.txt"
    lines = [f"{n:07d}\t" + f"{zlib.crc32(str(n).encode()):08x}" * 8 for n in range(60_000)]
    write_keyed(str(path), lines, KEYED)
    assert path.stat().st_size > 4 * RELEASE_BYTES
    with KeyedFile(str(path), KEYED) as file:
        for number in range(file.index.entry_count):
            assert file.block(number)
        # Released every RELEASE_BYTES of regions read: never the whole file.
        assert mapped_rss(path) <= RELEASE_BYTES + 2 * REGION_BYTES
        assert file.get(lines[12_345].split("\t")[0]) == lines[12_345].split("\t", 1)[1]


@needs_smaps_and_madvise
def test_release_pages_of_a_keyed_file_and_of_the_definitions(tmp_path):
    from anagramdb.definitions import Definitions
    from anagramdb.packaged import DATA_DIRECTORY

    path = tmp_path / "small.txt"
    lines = [f"{n:07d}\tvalue {n}" for n in range(5_000)]
    write_keyed(str(path), lines, KEYED)
    with KeyedFile(str(path), KEYED) as file:
        assert file.get("0001234") == "value 1234" and mapped_rss(path) > 0
        file.release_pages()
        assert mapped_rss(path) == 0
        assert file.get("0004321") == "value 4321"
    file.release_pages()  # closed: no error
    packaged = os.path.join(DATA_DIRECTORY, "definitions.txt.gz")
    with Definitions() as definitions:
        assert definitions.define("stone").defined
        before = mapped_rss(packaged)
        definitions.release_pages()
        assert before > 0 and mapped_rss(packaged) == 0
