"""Reading lines with a bound: no input, however long its lines, holds more than MAX_LINE.

Every reader of text a user gives (word lists, letter piles, batch stdin, answers typed in
a game) takes its lines from :func:`bounded_lines`, so a file with no newline at all (a
one-line 100 MB file, ``/dev/zero``) costs at most MAX_LINE + 1 bytes of memory before it
is refused, naming the line that broke the bound.
"""

from __future__ import annotations

from .errors import InputTooLongError

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold start more than it saves
    from collections.abc import Iterator
    from typing import IO, AnyStr

# The longest word in any English dictionary has 45 letters, a pile line is 'E 21', and a
# numbers game under 60 characters: 4 KiB leaves room for comments and other scripts.
MAX_LINE = 4096


def bounded_lines(handle: IO[AnyStr], name: str, limit: int = MAX_LINE) -> Iterator[AnyStr]:
    """Each line of *handle* (binary or text) with its line ending, reading at most
    *limit* + 1 bytes (or characters) at a time. Raises InputTooLongError, naming *name*
    and the line, as soon as a line passes *limit* without ending."""
    number = 0
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit and line[-1:] not in ("\n", b"\n"):
            unit = "bytes" if isinstance(line, bytes) else "characters"
            raise InputTooLongError(
                f"{name}: line {number} is longer than {limit:,} {unit} (the most a line of "
                "input may hold)"
            )
        yield line
