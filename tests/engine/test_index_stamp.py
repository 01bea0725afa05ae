"""Verified once: an index whose CRC held is stamped (an extended attribute recording its
size, mtime and inode) and later opens trust the stamp instead of reading the whole file;
any write that moves the size, mtime or inode brings the CRC back (docs/FORMAT.md)."""

from __future__ import annotations

import os
import time

import pytest

from anagramdb import index as index_module
from anagramdb.dictionary import Dictionary
from anagramdb.errors import IndexCorruptError
from anagramdb.index import SETTLED_NS, STAMP_ATTRIBUTE, index_path_for, read_index
from anagramdb.index_check import check_index

from ..support.dictionaries import SAMPLE_WORDS, make_dictionary


def stamp_of(path: str) -> bytes | None:
    try:
        return os.getxattr(path, STAMP_ATTRIBUTE)
    except OSError:
        return None


@pytest.fixture
def settled(tmp_path) -> str:
    """The index of a sample dictionary, its mtime set back past SETTLED_NS (as an index
    written a while ago has it); skips where the file system keeps no user xattrs."""
    if not hasattr(os, "setxattr"):
        pytest.skip("no extended attributes on this platform")
    path = make_dictionary(tmp_path, SAMPLE_WORDS)
    index_path = index_path_for(path)
    try:
        os.setxattr(index_path, "user.anagramdb.probe", b"")
        os.removexattr(index_path, "user.anagramdb.probe")
    except OSError:
        pytest.skip("this file system keeps no user extended attributes")
    earlier = time.time_ns() - 10 * SETTLED_NS
    os.utime(path, ns=(earlier, earlier))
    Dictionary(path).close()  # the index records the dictionary's new mtime
    os.utime(index_path, ns=(earlier, earlier))
    return index_path


def counting_crc(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = index_module.file_crc

    def counted(fd: int, start: int = 0, crc: int = 0) -> int:
        calls.append(start)
        return real(fd, start, crc)

    monkeypatch.setattr(index_module, "file_crc", counted)
    return calls


def test_a_settled_index_is_read_whole_once_then_trusted(settled, monkeypatch):
    calls = counting_crc(monkeypatch)
    first = read_index(settled, trust=True)
    assert first is not None
    first.close()
    assert len(calls) == 1 and stamp_of(settled) is not None
    for _ in range(3):
        again = read_index(settled, trust=True)
        assert again is not None
        again.close()
    assert len(calls) == 1


def test_without_trust_the_crc_is_always_read(settled, monkeypatch):
    calls = counting_crc(monkeypatch)
    for _ in range(2):
        read = read_index(settled, trust=True)
        assert read is not None
        read.close()
    assert len(calls) == 1  # the second, stamped, open skipped it
    untrusted = read_index(settled)
    assert untrusted is not None
    untrusted.close()
    assert check_index(settled.removesuffix(".idx")) == []
    assert len(calls) >= 3  # an open without trust, and the checker, read it whole


def test_a_fresh_index_is_not_stamped(tmp_path):
    # Its mtime may not move at a write in the same clock tick: verified until it settles.
    path = make_dictionary(tmp_path, SAMPLE_WORDS)
    index = read_index(index_path_for(path), trust=True)
    assert index is not None
    index.close()
    assert stamp_of(index_path_for(path)) is None


def flip_a_key_byte(index_path: str) -> None:
    """Change the last byte (a key of the summary) in place."""
    with open(index_path, "r+b") as handle:
        handle.seek(-1, os.SEEK_END)
        last = handle.read(1)
        handle.seek(-1, os.SEEK_END)
        handle.write(b"b" if last != b"b" else b"c")


def test_damage_after_the_stamp_is_caught(settled):
    read_index(settled, trust=True).close()  # type: ignore[union-attr]
    assert stamp_of(settled) is not None
    flip_a_key_byte(settled)  # moves the mtime
    with pytest.raises(IndexCorruptError, match="checksum mismatch"):
        read_index(settled, trust=True)


def test_damage_hidden_by_restoring_the_mtime_is_trusted_but_check_finds_it(settled):
    # The documented limit of trusting size, mtime and inode: a write that sets the mtime
    # back on purpose passes a trusted open; `check index` reads everything.
    read_index(settled, trust=True).close()  # type: ignore[union-attr]
    status = os.stat(settled)
    flip_a_key_byte(settled)
    os.utime(settled, ns=(status.st_atime_ns, status.st_mtime_ns))
    read_index(settled, trust=True).close()  # type: ignore[union-attr]
    assert any("checksum mismatch" in problem for problem in check_index(settled[:-4]))


def test_a_replaced_index_is_verified_again(settled, monkeypatch):
    read_index(settled, trust=True).close()  # type: ignore[union-attr]
    copy = settled + ".new"
    with open(settled, "rb") as source, open(copy, "wb") as target:
        target.write(source.read())
    status = os.stat(settled)
    os.utime(copy, ns=(status.st_atime_ns, status.st_mtime_ns))
    os.replace(copy, settled)  # same bytes, size and mtime; another inode, no stamp
    calls = counting_crc(monkeypatch)
    read_index(settled, trust=True).close()  # type: ignore[union-attr]
    assert len(calls) == 1


def test_dictionaries_trust_their_own_index_but_never_stamp_packaged_data(settled):
    with Dictionary(settled.removesuffix(".idx")) as dictionary:
        assert dictionary.anagrams("listen")
    assert stamp_of(settled) is not None
    with Dictionary() as packaged:
        assert stamp_of(packaged.index_path) is None
