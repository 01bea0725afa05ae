"""lines.bounded_lines: every line whole up to the bound, refused one unit past it."""

from __future__ import annotations

import io

import pytest

from anagramdb.errors import InputTooLongError
from anagramdb.lines import MAX_LINE, bounded_lines


@pytest.mark.parametrize("kind", [bytes, str])
def test_lines_up_to_the_limit_are_whole(kind):
    text = "abcde\nab\n\nabcde"  # 5 characters and LF; a last line of 5 without one
    handle = io.BytesIO(text.encode()) if kind is bytes else io.StringIO(text)
    expected = ["abcde\n", "ab\n", "\n", "abcde"]
    lines = list(bounded_lines(handle, "in.txt", 5))
    assert lines == ([line.encode() for line in expected] if kind is bytes else expected)


@pytest.mark.parametrize(
    ("kind", "unit"), [(bytes, "bytes"), (str, "characters")], ids=["bytes", "text"]
)
@pytest.mark.parametrize("line", ["abcdef\n", "abcdef", "abcdefghijklmn\n"])
def test_a_line_one_past_the_limit_is_refused_by_its_number(kind, unit, line):
    text = "ok\n\nabcde\n" + line + "never read\n"
    handle = io.BytesIO(text.encode()) if kind is bytes else io.StringIO(text)
    read = []
    with pytest.raises(InputTooLongError) as caught:
        for found in bounded_lines(handle, "in.txt", 5):
            read.append(found)
    assert str(caught.value) == (
        f"in.txt: line 4 is longer than 5 {unit} (the most a line of input may hold)"
    )
    assert len(read) == 3
    assert handle.tell() == 10 + 6  # 6 characters of line 4 read, no more


def test_the_default_limit_is_max_line_bytes():
    ok = b"x" * MAX_LINE
    assert list(bounded_lines(io.BytesIO(ok + b"\n" + ok), "-")) == [ok + b"\n", ok]
    with pytest.raises(InputTooLongError) as caught:
        list(bounded_lines(io.BytesIO(b"\0" * 100_000), "/dev/zero"))
    assert str(caught.value) == (
        "/dev/zero: line 1 is longer than 4,096 bytes (the most a line of input may hold)"
    )
    assert list(bounded_lines(io.BytesIO(b""), "empty")) == []
