"""define's work, without typer, so that the quick path in console.py answers it too."""

from __future__ import annotations

import sys

from .batching import batch
from .messages import no_definition
from .render import definition_text, to_json


def define_words(
    words: list[str], as_json: bool, senses: int | None = None, path: str | None = None
) -> int:
    """Print each word's definition (JSON Lines with *as_json*), or read one word a line
    from stdin for ``-``; return the exit code. A word without a definition is said on
    stderr (``WORD: no definition``), and is not an error. Typer-free: the quick path in
    console.py calls it too."""
    from ..definitions import Definitions

    with Definitions(path) as definitions:
        if words == ["-"]:
            return batch(
                sys.stdin,
                "word",
                definitions.define,
                lambda found: definition_text(found, senses),
                (lambda found: found.to_dict()) if as_json else None,
                no_definition,
            )
        found = [definitions.define(word) for word in words]  # every word checked first
    texts = [
        to_json(item.to_dict()) if as_json else definition_text(item, senses) for item in found
    ]
    shown = 0
    for item, text in zip(found, texts, strict=True):
        if text is None:
            sys.stdout.flush()
            no_definition(item.word)
            continue
        print(("\n" if shown and not as_json else "") + text)
        shown += 1
    return 0
