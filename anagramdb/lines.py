"""Reading lines with a bound: no input, however long its lines, holds more than MAX_LINE
bytes (its line break aside).

Every reader of text a user gives (word lists, letter piles, batch stdin, answers typed in
a game) takes its lines from :func:`bounded_lines`, so a file with no newline at all (a
one-line 100 MB file, ``/dev/zero``) costs at most MAX_LINE + 1 bytes of memory before it
is refused, naming the line that broke the bound. Batch mode goes on past such a line
(:func:`lines_past_long_ones`): it is read through in bounded pieces and reported.
"""

from __future__ import annotations

import os

from .errors import InputTooLongError

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold start more than it saves
    from collections.abc import Iterator
    from typing import IO

# The longest word in any English dictionary has 45 letters, a pile line is 'E 21', and a
# numbers game under 60 characters: 4 KiB leaves room for comments and other scripts.
MAX_LINE = 4096
MAX_SKIPPED = 16 << 20  # a batch reads past a long line up to this; more is not text


def read_in_order(fd: int) -> None:
    """Advise the kernel that the file *fd* is read front to back, once (a build, a scan):
    it reads further ahead. Ignored where the platform or the file (a pipe) does not take
    advice."""
    advise = getattr(os, "posix_fadvise", None)
    if advise is not None:
        try:
            advise(fd, 0, 0, os.POSIX_FADV_SEQUENTIAL)
        except OSError:
            pass


def bounded_lines(handle: IO[bytes], name: str, limit: int = MAX_LINE) -> Iterator[bytes]:
    """Each line of the binary *handle* with its line ending, reading at most *limit* + 1
    bytes at a time. Raises InputTooLongError, naming *name* and the line, as soon as a
    line passes *limit* bytes without ending."""
    number = 0
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and not line.endswith(b"\n"):
            raise InputTooLongError(
                f"{name}: line {number} is longer than {limit:,} bytes (the most a line of "
                "input may hold)"
            )
        yield line


def lines_past_long_ones(
    handle: IO[bytes], name: str, limit: int = MAX_LINE, give_up: int = MAX_SKIPPED
) -> Iterator[bytes | InputTooLongError]:
    """Each line of the binary *handle* as bounded_lines gives it, except that a line
    longer than *limit* bytes is given as the InputTooLongError naming it, after being
    read through to its end *limit* + 1 bytes at a time (memory stays bounded), and the
    lines after it follow. A line with no break in its first *give_up* bytes is no text
    (``/dev/zero``): InputTooLongError is raised then, and the reading stops."""
    number = 0
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        too_long = (
            f"{name}: line {number} is longer than {limit:,} bytes (the most a line of input "
            "may hold)"
        )
        skipped = len(line)
        while line and not line.endswith(b"\n"):
            if skipped > give_up:
                raise InputTooLongError(
                    f"{too_long}, with no line break in its first {_size(give_up)}: the rest "
                    "is not read"
                )
            line = handle.readline(limit + 1)
            skipped += len(line)
        yield InputTooLongError(too_long)


def _size(count: int) -> str:
    return f"{count >> 20} MiB" if count >= 1 << 20 else f"{count:,} bytes"
