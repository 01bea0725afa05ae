"""Batch mode: one query a line from stdin, answered in order by one process (no typer
here, so the quick path in console.py uses it too)."""

from __future__ import annotations

import sys

from ..errors import (
    AnagramDBError,
    DictionaryChangedError,
    InputTooLongError,
    InvalidRackError,
    StorageError,
)
from . import messages
from .render import has_bad_bytes, valid_text

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold start more than it saves
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any


def batch(
    lines: Iterable[str | InputTooLongError] | None,
    field: str,
    answer: Callable[[str], Any],
    show: Callable[[Any], str | None],
    to_json: Callable[[Any], Any] | None,
    empty: Callable[[str], None] = messages.no_words,
    json_text: Callable[[Any], str] | None = None,
    expect: Callable[[int], object] | None = None,
) -> int:
    """Answer one query a line, in order, in this one process.

    Each answer is printed by *show* (None from it: an empty result, said on stderr as
    ``QUERY: no words``, or as *empty* says it), or with *to_json* as one JSON object a
    line (JSON Lines). A bad line gets an error (a ``{field: line, "error": ...}`` record
    in JSON, an ``anagramdb: error:`` line on stderr otherwise) and the rest go on; a line
    that is not valid UTF-8 is such a bad line, shown with U+FFFD for its bad bytes, and
    so is a line longer than MAX_LINE bytes (its record's *field* empty, its error naming
    its number). A dictionary changed in place while in use (DictionaryChangedError) is
    reported the same way and ends the batch: the answers before it stand. *lines*: a
    stream with a binary ``buffer`` (sys.stdin), read in bounded lines, or the lines
    themselves. *json_text*, in place of *to_json*, renders an answer's JSON line itself.
    *expect*, when given, is told first how many lines are already waiting on *lines*
    (waiting_lines: a file's, or what a pipe holds; a hint for the dictionary's key
    table). Returns the exit code: 0, or the largest exit code of the bad lines (2 for
    bad input).
    """
    from ..lines import lines_past_long_ones

    if lines is None:  # Python's sys.stdin when descriptor 0 is closed (``- <&-``)
        raise StorageError("cannot read stdin: it is closed")
    binary = getattr(lines, "buffer", None)  # a text stream's bytes (sys.stdin's)
    if expect is not None:
        expect(waiting_lines(lines))
    if binary is not None:
        # Lines are read as bytes, at most MAX_LINE of them: a longer line is reported
        # and read through (memory stays bounded), and the batch goes on after it.
        lines = _decoded(lines_past_long_ones(binary, "stdin"))
    code = 0
    out = sys.stdout
    if json_text is None and to_json is not None:
        record = to_json

        def json_text(result: Any) -> str:
            return valid_text(encode(record(result)))

    as_json = json_text is not None
    for number, raw in enumerate(lines, 1):
        if isinstance(raw, InputTooLongError):  # reported as a bad line, then the rest
            query = ""
        else:
            query = (raw.removeprefix("\ufeff") if number == 1 else raw).strip()  # BOM: no query
            if not query:
                continue
        try:
            if isinstance(raw, InputTooLongError):
                raise raw
            if has_bad_bytes(query):
                raise InvalidRackError(f"line {number} is not valid UTF-8")
            result = answer(query)
        except AnagramDBError as exc:
            code = max(code, exc.exit_code)
            if as_json:
                out.write(valid_text(encode({field: valid_text(query), "error": str(exc)})) + "\n")
            else:
                out.flush()
                messages.error(str(exc), exc.exit_code)
            if isinstance(exc, DictionaryChangedError):
                break  # every later answer would be the same error, or a signal's death
            continue
        text = json_text(result) if json_text is not None else show(result)
        if text is None:
            out.flush()
            empty(query)
        else:
            out.write(text + "\n")
    out.flush()
    return code


# Keys a letters query looks up, on average over 2,000 drawn racks of nine letters
# (measured): every sub-key down to one letter with --all, the longest lengths only without.
LETTERS_KEYS = 313
LETTERS_KEYS_SOME = 116

# Bytes of a typical line of a batch's input, to count the lines waiting: a drawn rack and
# its line feed.
LINE_BYTES = 10


def waiting_lines(stream: object) -> int:
    """About how many lines are already waiting on *stream*, unread, without reading or
    blocking: what is left of a regular file, or what a pipe or socket holds now
    (FIONREAD), over LINE_BYTES; 0 for a terminal, or when it cannot be told."""
    import os
    import stat

    fileno = getattr(stream, "fileno", None)  # none for a list of lines
    if fileno is None:
        return 0
    try:
        fd = fileno()
        mode = os.fstat(fd).st_mode
        if stat.S_ISREG(mode):
            waiting = os.fstat(fd).st_size - os.lseek(fd, 0, os.SEEK_CUR)
        elif stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
            import fcntl
            import termios

            held = fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0")
            waiting = int.from_bytes(held, sys.byteorder)
        else:
            return 0
    except (ImportError, OSError, ValueError):
        return 0  # no descriptor (a closed stream, a StringIO), or no FIONREAD here
    return max(0, waiting) // LINE_BYTES


def encode(value: object) -> str:
    """*value* as JSON, as ``json.dumps(value, ensure_ascii=False)`` (json is imported only
    by the batches that print records through it, or have a bad line to report)."""
    import json

    return json.dumps(value, ensure_ascii=False)


def _decoded(lines: Iterable[bytes | InputTooLongError]) -> Iterator[str | InputTooLongError]:
    """Lines of stdin as text: UTF-8, bad bytes kept as lone surrogates (has_bad_bytes)."""
    for line in lines:
        yield (
            line if isinstance(line, InputTooLongError) else line.decode("utf-8", "surrogateescape")
        )
