"""lines.bounded_lines: every line whole up to the bound (in bytes), refused one byte past
it; lines_past_long_ones: a batch's lines, a long one reported and read past in bounded
pieces, the rest after it."""

from __future__ import annotations

import io

import pytest

from anagramdb.errors import InputTooLongError
from anagramdb.lines import MAX_LINE, MAX_SKIPPED, bounded_lines, lines_past_long_ones


def test_lines_up_to_the_limit_are_whole():
    text = b"abcde\nab\n\nabcde"  # 5 bytes and LF; a last line of 5 without one
    assert list(bounded_lines(io.BytesIO(text), "in.txt", 5)) == [
        b"abcde\n", b"ab\n", b"\n", b"abcde",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "line", [b"abcdef\n", b"abcdef", b"abcdefghijklmn\n", "\xe9\xe9\xe9".encode()]
)
def test_a_line_one_past_the_limit_is_refused_by_its_number(line):
    """Bytes are counted, not characters: three accented letters are 6 bytes."""
    handle = io.BytesIO(b"ok\n\nabcde\n" + line + b"never read\n")
    read = []
    with pytest.raises(InputTooLongError) as caught:
        for found in bounded_lines(handle, "in.txt", 5):
            read.append(found)
    assert str(caught.value) == (
        "in.txt: line 4 is longer than 5 bytes (the most a line of input may hold)"
    )
    assert len(read) == 3
    assert handle.tell() == 10 + 6  # 6 bytes of line 4 read, no more


def test_the_default_limit_is_max_line_bytes():
    ok = b"x" * MAX_LINE
    assert list(bounded_lines(io.BytesIO(ok + b"\n" + ok), "-")) == [ok + b"\n", ok]
    with pytest.raises(InputTooLongError) as caught:
        list(bounded_lines(io.BytesIO(b"\0" * 100_000), "/dev/zero"))
    assert str(caught.value) == (
        "/dev/zero: line 1 is longer than 4,096 bytes (the most a line of input may hold)"
    )
    assert list(bounded_lines(io.BytesIO(b""), "empty")) == []


class Counting(io.BytesIO):
    """A stream that remembers the largest piece asked of it."""

    largest = 0

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        line = super().readline(size)
        self.largest = max(self.largest, len(line))
        return line


def test_a_long_line_is_reported_and_the_lines_after_it_follow():
    handle = Counting(b"ok\n" + b"y" * 100 + b"\nabcde\n" + b"z" * 6 + b"\nlast")
    read = list(lines_past_long_ones(handle, "stdin", 5))
    assert [type(item) for item in read] == [bytes, InputTooLongError, bytes, InputTooLongError,
                                             bytes]  # fmt: skip
    assert read[0] == b"ok\n" and read[2] == b"abcde\n" and read[4] == b"last"
    assert (
        str(read[1]) == "stdin: line 2 is longer than 5 bytes (the most a line of input may hold)"
    )
    assert str(read[3]).startswith("stdin: line 4 is longer than 5 bytes")
    assert handle.largest == 6  # read in pieces of the bound and one byte


def test_a_line_with_no_end_stops_the_reading():
    handle = Counting(b"ok\n" + b"\0" * 200 + b"\nnever read\n")
    read = []
    with pytest.raises(InputTooLongError) as caught:
        for item in lines_past_long_ones(handle, "stdin", 5, give_up=64):
            read.append(item)
    assert read == [b"ok\n"] and handle.largest == 6
    assert str(caught.value) == (
        "stdin: line 2 is longer than 5 bytes (the most a line of input may hold), with no "
        "line break in its first 64 bytes: the rest is not read"
    )
    assert MAX_SKIPPED == 16 << 20
