"""kinds.py's gzip members (KEYED_GZIP files): read a chunk at a time, offsets exact, and
a member is never inflated past MAX_MEMBER, whatever it claims to hold."""

from __future__ import annotations

import io
import random
import tracemalloc
import zlib

import pytest

from anagramdb.kinds import (
    ANAGRAM,
    GZIP_WBITS,
    KEYED,
    KEYED_GZIP,
    MAX_MEMBER,
    READ_CHUNK,
    block_text,
    describe_disorder,
    gzip_members,
    inflate,
    line_key,
)

MiB = 1024 * 1024


def member(content: bytes, level: int = 9) -> bytes:
    packer = zlib.compressobj(level, zlib.DEFLATED, GZIP_WBITS)
    return packer.compress(content) + packer.flush()


def bomb() -> bytes:
    """One member of 64 MiB of zeros: about 65 KB, so its first READ_CHUNK bytes alone
    inflate to nearly 64 MiB."""
    packer = zlib.compressobj(6, zlib.DEFLATED, GZIP_WBITS)
    zeros = bytes(MiB)
    return b"".join(packer.compress(zeros) for _ in range(64)) + packer.flush()


@pytest.fixture(scope="module")
def big_bomb() -> bytes:
    return bomb()


def read_all(data: bytes) -> tuple[list[tuple[int, bytes]], list[int]]:
    reads: list[int] = []
    found = list(gzip_members(io.BytesIO(data), lambda chunk: reads.append(len(chunk))))
    return found, reads


def test_members_come_with_their_byte_offsets_a_chunk_at_a_time():
    rng = random.Random(7)
    contents = [
        b"a\t1\nb\t2\n",
        bytes(rng.getrandbits(8) for _ in range(150_000)),  # incompressible: spans chunks
        b"",
        b"z\t26\n" * 1000,
    ]
    members = [member(content) for content in contents]
    data = b"".join(members)
    found, reads = read_all(data)
    offsets = [sum(len(m) for m in members[:n]) for n in range(len(members))]
    assert found == list(zip(offsets, contents, strict=True))
    assert max(reads) == READ_CHUNK and sum(reads) == len(data) and reads[-1] == 0
    assert read_all(b"") == ([], [0])


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (member(b"a\t1\n") + b"hello", "member at byte 24: not a gzip member (starts 68 65 6c)"),
        (member(b"a\t1\n") + b"\x1f", "member at byte 24: gzip member truncated"),
        (member(b"a\t1\n")[:-3], "member at byte 0: gzip member truncated"),
    ],
    ids=["not-gzip", "a-byte-of-magic", "truncated"],
)
def test_a_bad_member_is_named_by_its_offset(data, problem):
    with pytest.raises(ValueError) as caught:
        read_all(data)
    assert str(caught.value) == problem


def test_a_damaged_member_says_what_zlib_found():
    data = bytearray(member(b"a\t1\n" * 100))
    data[12] ^= 0xFF
    with pytest.raises(ValueError, match=r"^member at byte 0: damaged gzip member \(Error -3 "):
        read_all(bytes(data))


def test_a_member_of_exactly_max_member_bytes_is_read_and_one_more_refused():
    exact = member(bytes(MAX_MEMBER))
    found, _ = read_all(exact)
    assert [(offset, len(content)) for offset, content in found] == [(0, MAX_MEMBER)]
    assert len(inflate(exact, "block 0")) == MAX_MEMBER
    over = member(bytes(MAX_MEMBER + 1))
    with pytest.raises(ValueError, match=r"^member at byte 0: gzip member larger than the limit$"):
        read_all(over)
    with pytest.raises(ValueError, match=r"^block 0: gzip member larger than the limit$"):
        inflate(over, "block 0")


def test_a_decompression_bomb_costs_at_most_about_two_members(big_bomb):
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match="larger than the limit"):
            read_all(big_bomb)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        with pytest.raises(ValueError, match=r"^block 3: gzip member larger than the limit$"):
            inflate(big_bomb, "block 3")
        _, peak_inflate = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Inflating it whole would take 64 MiB and more; a limit of MAX_MEMBER (16 MiB) keeps
    # it near 2 * 16 MiB (the output buffer and its copy).
    assert peak < 48 * MiB and peak_inflate < 48 * MiB


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"abc\n", "block 2: not a gzip member (starts 61 62 63)"),
        (member(b"a\t1\n")[:-4], "block 2: gzip member truncated"),
        (member(b"a\t1\n") + b"xyz", "block 2: 3 bytes after the gzip member"),
    ],
    ids=["not-gzip", "truncated", "trailing"],
)
def test_inflate_refuses_anything_but_one_sound_member(data, problem):
    with pytest.raises(ValueError) as caught:
        inflate(data, "block 2")
    assert str(caught.value) == problem


def test_block_text_inflates_only_gzip_blocks():
    text = b"a\t1\nb\t2\n"
    assert block_text(KEYED_GZIP, member(text), "block 0") == text
    assert block_text(KEYED, text, "block 0") == text
    with pytest.raises(ValueError, match=r"^block 5: not a gzip member"):
        block_text(KEYED_GZIP, text, "block 5")


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        (ANAGRAM, "Cat", ("act", ("act", "Cat"), None)),
        (ANAGRAM, "", ("", ("", ""), "an empty line")),
        (ANAGRAM, "it's", ("it's", ("it's", "it's"), '"it\'s" is not a word (it contains "\'")')),
        (KEYED, "k\tv\tw", ("k", ("k",), None)),  # the key ends at the first TAB
        (KEYED, "", ("", ("",), "an empty line: a keyed line is KEY<TAB>VALUE")),
        (KEYED, "\tv", ("\tv", ("\tv",), "'\\tv' has no key: a keyed line is KEY<TAB>VALUE")),
        (
            KEYED,
            "x" * 50,
            ("x" * 50, ("x" * 50,), f"{'x' * 40!r} has no key: a keyed line is KEY<TAB>VALUE"),
        ),
    ],
    ids=["word", "empty", "not-a-word", "keyed", "keyed-empty", "no-key", "no-tab-cut"],
)
def test_line_key_gives_key_order_and_problem(kind, text, expected):
    assert line_key(kind, text) == expected


@pytest.mark.parametrize(
    ("kind", "current", "last", "problem"),
    [
        (ANAGRAM, ("act", "cat"), ("act", "cat"), "duplicate word 'cat'"),
        (
            ANAGRAM,
            ("act", "act"),
            ("act", "cat"),
            "'act' (key 'act') is out of order after 'cat' (key 'act')",
        ),
        (KEYED, ("k",), ("k",), "duplicate key 'k'"),
        (KEYED_GZIP, ("a",), ("b",), "key 'a' is out of order after 'b'"),
    ],
)
def test_disorder_is_named_with_both_lines(kind, current, last, problem):
    assert describe_disorder(kind, current, last) == problem
