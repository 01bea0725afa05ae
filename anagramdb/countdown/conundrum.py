"""The conundrum: solve a scrambled word, or make new conundrums as on the show.

A conundrum's answer is a nine-letter word with exactly one full-length anagram in the
full dictionary (itself), and its clue is two or three words whose letters together are
exactly the answer's (a 4+5 or 3+3+3 split, say), none of them the answer. The splits are
found with multi-word anagram search (phrases.py), whose candidates come from index
lookups of the answer's sub-multisets.

Answers and clue words are drawn from a dictionary of common words (the packaged
``common``, by default) so that puzzles are fair, while uniqueness is checked against the
full dictionary. A clue that gives the answer away is rejected: one with a word of
GIVEAWAY_RUN or more letters that appears, in order, inside the answer (``tabletops``
from ``table`` + ``stop``... is refused because of ``table``). Slurs and obscenities (the
packaged exclusion list, wordlist.offensive_words) are never an answer or a clue word, nor
spelt out, OFFENSIVE_RUN letters or more, in the clue as shown; nor are the names,
trademarks and abbreviations of the packaged UNFIT_FILE.

From a packaged dictionary, an answer must also be in the packaged ANSWERS_FILE: the
nine-letter words a contestant could know (a commonness floor applied when the data was
made, by tools/make_conundrum_data.py), each the only word with its letters in every
packaged list. Both files are read once, when a conundrum is first generated.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection
from typing import NamedTuple

from ..dictionary import Dictionary
from ..errors import InvalidArgumentError
from ..keys import fold, letters_key
from ..packaged import COMMON_NAME, data_path, is_packaged
from ..wordlist import offensive_words, read_word_set
from .phrases import phrases
from .show import RACK_SIZE

ANSWER_LENGTH = RACK_SIZE  # a conundrum is the whole rack
SOURCE = COMMON_NAME  # the packaged dictionary that answers and clue words come from
GIVEAWAY_RUN = 4
MIN_CLUE_WORD = 3
OFFENSIVE_RUN = 4
ANSWERS_FILE = data_path("conundrum_answers.txt")
UNFIT_FILE = data_path("conundrum_unfit.txt")


@functools.lru_cache(maxsize=1)
def packaged_answers() -> frozenset[str]:
    """The nine-letter words fit to be an answer (ANSWERS_FILE), folded."""
    return read_word_set(ANSWERS_FILE, "plain")


@functools.lru_cache(maxsize=1)
def excluded_words() -> frozenset[str]:
    """What a conundrum never shows: the offensive list and UNFIT_FILE, folded."""
    return offensive_words() | read_word_set(UNFIT_FILE, "plain")


class Solution(NamedTuple):
    """The answers to a conundrum, and whether there is exactly one."""

    letters: str
    words: list[str]
    unique: bool

    def to_dict(self) -> dict[str, object]:
        return {"letters": self.letters, "words": self.words, "unique": self.unique}


class Conundrum(NamedTuple):
    """A generated conundrum: the clue as shown, its answer, and the words of the clue."""

    clue: str
    answer: str
    words: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"clue": self.clue, "answer": self.answer, "words": list(self.words)}


def solve_conundrum(dictionary: Dictionary, letters: str) -> Solution:
    """The words using all of *letters* (the clue itself excluded when it is a word)."""
    key = letters_key(letters)
    clue = fold(letters)
    words = [word for word in dictionary.words_with_key(key) if fold(word) != clue]
    return Solution(letters, words, len(words) == 1)


def gives_away(words: tuple[str, ...], answer: str) -> bool:
    """True when a clue word of GIVEAWAY_RUN or more letters appears inside the answer."""
    return any(len(word) >= GIVEAWAY_RUN and fold(word) in answer for word in words)


def spells_out(clue: str, excluded: Collection[str]) -> bool:
    """True when the clue as shown (its words run together) spells out an excluded word of
    OFFENSIVE_RUN or more letters."""
    shown = fold(clue)
    return any(len(bad) >= OFFENSIVE_RUN and bad in shown for bad in excluded)


def clue_splits(
    words: Dictionary,
    answer: str,
    max_words: int = 3,
    min_length: int = MIN_CLUE_WORD,
    excluded: Collection[str] = frozenset(),
) -> list[tuple[str, ...]]:
    """Every fair clue for *answer*: two to *max_words* words of *words*, none the answer,
    together using exactly its letters, not giving it away and not offending (*excluded*)."""
    splits = phrases(words, answer, max_words=max_words, min_length=min_length, limit=None)
    return [
        split
        for split in splits
        if len(split) >= 2
        and not gives_away(split, answer)
        and not any(fold(word) in excluded for word in split)
    ]


def candidate_answers(words: Dictionary, length: int = ANSWER_LENGTH) -> list[str]:
    """The words of *length* lower-case letters a-z in *words*, in file order (one pass)."""
    return [
        word
        for word in words
        if len(word) == length and word.isascii() and word.isalpha() and word.islower()
    ]


def generate(
    full: Dictionary,
    words: Dictionary,
    count: int = 1,
    seed: int | None = None,
    max_words: int = 3,
    excluded: Collection[str] | None = None,
    fit: Collection[str] | None = None,
) -> list[Conundrum]:
    """Up to *count* new conundrums, each with a different clue; the same *seed* gives the
    same conundrums. Answers and clue words come from *words* and are never in *excluded*
    (folded words; None means excluded_words(): slurs, obscenities, names and
    abbreviations); each answer is the only word with its letters in *full*, and is in
    *fit* (None means packaged_answers() when *words* is a packaged dictionary, and any
    word otherwise). Fewer come back only if the dictionaries run out."""
    if count < 1:
        raise InvalidArgumentError(f"the count of conundrums must be at least 1, not {count}")
    if excluded is None:
        excluded = excluded_words()
    if fit is None and is_packaged(words.path):
        fit = packaged_answers()
    rng = random.Random(seed)
    answers = [word for word in candidate_answers(words) if fit is None or word in fit]
    rng.shuffle(answers)
    made: list[Conundrum] = []
    clues: set[str] = set()
    for answer in answers:
        if len(made) >= count:
            break
        if answer in excluded:
            continue
        if full.words_with_key(letters_key(answer)) != [answer]:
            continue
        splits = clue_splits(words, answer, max_words, excluded=excluded)
        if not splits:
            continue
        # The fairest clues have no very short word: prefer the splits whose shortest word
        # is longest (4+5 before 3+6 and 3+3+3), where three-letter abbreviations hide.
        best = max(min(map(len, split)) for split in splits)
        chosen = list(rng.choice([split for split in splits if min(map(len, split)) == best]))
        rng.shuffle(chosen)
        clue = "".join(chosen)
        if clue in clues or spells_out(clue, excluded):
            continue
        clues.add(clue)
        made.append(Conundrum(clue, answer, tuple(chosen)))
    return made
