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
from ``table`` + ``stop``... is refused because of ``table``), and one that shows, as
written, CLUE_RUN or more consecutive letters of the answer, which also refuses the answer
itself (``innovator`` as "inn ova tor") and every rotation of it (``watchdogs`` for
``dogswatch``). Slurs and obscenities (the packaged exclusion list,
wordlist.offensive_words) and the words of VULGAR_FILE (fine in Oxford, not at teatime:
anus, nipple, shag) are never an answer or a clue word, nor spelt out, OFFENSIVE_RUN
letters or more, in the clue as shown; nor are the names, trademarks and abbreviations of
the packaged UNFIT_FILE.

From a packaged dictionary, an answer must also be in the packaged ANSWERS_FILE: the
nine-letter words a contestant could know (a commonness floor applied when the data was
made, by tools/make_conundrum_data.py), each the only word with its letters in every
packaged list. Both files are read once, when a conundrum is first generated.
"""

from __future__ import annotations

import functools
import itertools
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
CLUE_RUN = 5  # a clue never shows this many consecutive letters of its answer
MIN_CLUE_WORD = 3
OFFENSIVE_RUN = 4
ANSWERS_FILE = data_path("conundrum_answers.txt")
UNFIT_FILE = data_path("conundrum_unfit.txt")
VULGAR_FILE = data_path("conundrum_vulgar.txt")


@functools.lru_cache(maxsize=1)
def packaged_answers() -> frozenset[str]:
    """The nine-letter words fit to be an answer (ANSWERS_FILE), folded."""
    return read_word_set(ANSWERS_FILE, "plain")


@functools.lru_cache(maxsize=1)
def excluded_words() -> frozenset[str]:
    """What a conundrum never shows: the offensive list, UNFIT_FILE and VULGAR_FILE, folded."""
    return (
        offensive_words() | read_word_set(UNFIT_FILE, "plain") | read_word_set(VULGAR_FILE, "plain")
    )


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
    """The words using all of *letters*. The clue itself is left out when it is a word and
    another word is the answer (a scramble is never its own answer on the show); when it is
    the only word, it is the answer (``innovator`` typed as it is spelt)."""
    key = letters_key(letters)
    clue = fold(letters)
    found = dictionary.words_with_key(key)
    words = [word for word in found if fold(word) != clue] or found
    return Solution(letters, words, len(words) == 1)


def gives_away(words: tuple[str, ...], answer: str) -> bool:
    """True when a clue word of GIVEAWAY_RUN or more letters appears inside the answer."""
    return any(len(word) >= GIVEAWAY_RUN and fold(word) in answer for word in words)


def shows_run(clue: str, answer: str, run: int = CLUE_RUN) -> bool:
    """True when the clue as shown holds *run* or more consecutive letters of *answer*.
    A clue of the answer's length that is the answer or a rotation of it always does."""
    shown, hidden = fold(clue), fold(answer)
    return any(shown[start : start + run] in hidden for start in range(len(shown) - run + 1))


def spells_out(clue: str, excluded: Collection[str]) -> bool:
    """True when the clue as shown (its words run together) spells out an excluded word of
    OFFENSIVE_RUN or more letters."""
    shown = fold(clue)
    return any(
        shown[start:end] in excluded
        for start in range(len(shown))
        for end in range(start + OFFENSIVE_RUN, len(shown) + 1)
    )


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


def fair_orders(splits: list[tuple[str, ...]], answer: str) -> list[tuple[str, ...]]:
    """Each order of each split's words that, run together as shown, does not show CLUE_RUN
    consecutive letters of *answer* (sorted, so a seed picks the same clue every time)."""
    orders = {order for split in splits for order in itertools.permutations(split)}
    return sorted(order for order in orders if not shows_run("".join(order), answer))


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
        shown = [
            order
            for order in fair_orders([s for s in splits if min(map(len, s)) == best], answer)
            if "".join(order) not in clues and not spells_out("".join(order), excluded)
        ]
        if not shown:
            continue
        chosen = rng.choice(shown)
        clue = "".join(chosen)
        clues.add(clue)
        made.append(Conundrum(clue, answer, chosen))
    return made
