"""What the show may put on screen: no slur in a reveal, the practice page or Dictionary Corner.

A word is unfit for the screen when it is on the packaged offensive list
(wordlist.offensive_words) or when every sense the definitions file gives it is labelled
``offensive`` (greaser: WordNet knows it only as an ethnic slur). The solver's own
listings (``anagramdb anagrams``, ``letters``, the API) still show every word of the
dictionary; only what the game and the practice page reveal goes through here.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..definitions import Definitions
from ..errors import AnagramDBError
from ..keys import fold
from ..wordlist import offensive_words


def fit_to_show(words: Iterable[str], definitions: Definitions | None = None) -> list[str]:
    """The words of *words*, in order, that a reveal may show. *definitions* (the game's,
    when it has them) says which words mean only something offensive; without it the
    packaged definitions are opened for the call. Cost: a set lookup a word, and one
    definitions lookup (a block or two) for each word the list lets through."""
    unsaid = offensive_words()
    kept = [word for word in words if fold(word) not in unsaid]
    if not kept:
        return kept
    if definitions is not None:
        return [word for word in kept if not only_offensive(definitions, word)]
    try:
        with Definitions() as packaged:
            return [word for word in kept if not only_offensive(packaged, word)]
    except (AnagramDBError, OSError):  # no definitions to ask: the list alone decides
        return kept


def only_offensive(definitions: Definitions, word: str) -> bool:
    """Whether every sense *definitions* gives *word* is offensive (False when it has
    none, or is no word at all)."""
    try:
        return definitions.define(word).offensive
    except AnagramDBError:
        return False


def longest_fit(words: Iterable[str], definitions: Definitions | None = None) -> list[str]:
    """The longest of *words* (by folded length) that a reveal may show, in order: the
    best answers the screen gives when the longest words are all unfit (a rack whose only
    seven is greaser shows its sixes). Checks one length at a time, longest first."""
    by_length: dict[int, list[str]] = {}
    for word in words:
        by_length.setdefault(len(fold(word)), []).append(word)
    for length in sorted(by_length, reverse=True):
        shown = fit_to_show(by_length[length], definitions)
        if shown:
            return shown
    return []
