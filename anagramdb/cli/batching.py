"""Batch mode: one query a line from stdin, answered in order by one process (no typer
here, so the quick path in console.py uses it too)."""

from __future__ import annotations

import sys

from ..errors import AnagramDBError, DictionaryChangedError, InvalidRackError, StorageError
from . import messages
from .render import has_bad_bytes, valid_text

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold start more than it saves
    from collections.abc import Callable, Iterable
    from typing import Any


def batch(
    lines: Iterable[str] | None,
    field: str,
    answer: Callable[[str], Any],
    show: Callable[[Any], str | None],
    to_json: Callable[[Any], Any] | None,
    empty: Callable[[str], None] = messages.no_words,
    json_text: Callable[[Any], str] | None = None,
) -> int:
    """Answer one query a line, in order, in this one process.

    Each answer is printed by *show* (None from it: an empty result, said on stderr as
    ``QUERY: no words``, or as *empty* says it), or with *to_json* as one JSON object a
    line (JSON Lines). A bad
    line gets an error (a ``{field: line, "error": ...}`` record in JSON, an
    ``anagramdb: error:`` line on stderr otherwise) and the rest go on; a line that is not
    valid UTF-8 is such a bad line, shown with U+FFFD for its bad bytes. A dictionary
    changed in place while in use (DictionaryChangedError) is reported the same way and
    ends the batch: the answers before it stand. *json_text*, in
    place of *to_json*, renders an answer's JSON line itself. Returns the exit
    code: 0, or the largest exit code of the bad lines (2 for bad input).
    """
    import json

    from ..lines import bounded_lines

    if lines is None:  # Python's sys.stdin when descriptor 0 is closed (``- <&-``)
        raise StorageError("cannot read stdin: it is closed")
    if hasattr(lines, "readline"):
        # A line longer than MAX_LINE (no line breaks at all: /dev/zero) stops the batch
        # with an error naming it, after the answers before it.
        lines = bounded_lines(lines, "stdin")  # type: ignore[arg-type]  # a text stream
    code = 0
    out = sys.stdout
    encode = json.JSONEncoder(ensure_ascii=False).encode
    if json_text is None and to_json is not None:
        record = to_json

        def json_text(result: Any) -> str:
            return valid_text(encode(record(result)))

    as_json = json_text is not None
    for number, raw in enumerate(lines, 1):
        query = (raw.removeprefix("\ufeff") if number == 1 else raw).strip()  # a BOM is no query
        if not query:
            continue
        try:
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
