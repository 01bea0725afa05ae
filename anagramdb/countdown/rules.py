"""The show's rules in one place: letter selections, checking and scoring words, the numbers
scoring table, the conundrum, and how two players' answers are scored against each other.

Letters: a selection is RACK_SIZE (9) letters with at least MIN_VOWELS (3) vowels and
MIN_CONSONANTS (4) consonants, picked one at a time from the two piles. A word scores its
length, 18 for all nine; a word the rack cannot make or the dictionary lacks scores 0.

Numbers (the expression checker is numbers_check.py): 10 points exact, 7 within 5, 5
within 10, else 0 (NUMBERS_SCORES). Conundrum: CONUNDRUM_SCORE (10) for the answer.

Two players (award): in letters and numbers only the better answer scores, both when
they tie; in the conundrum only the first correct answer scores.

An answer a player types, a word or a numbers working, is at most MAX_ANSWER characters
(the numbers checker refuses a longer one; both front ends' input stops there).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from typing import NamedTuple

from ..dictionary import Dictionary
from ..errors import SHOWN, InvalidRackError
from ..keys import bad_characters, describe, fold, is_word, word_key
from ..packaged import PACKAGED
from ..resolve import resolve_path
from .draw import VOWELS
from .letters import parse_rack
from .letters import score as word_score
from .reasons import explain
from .show import MAX_CONSONANTS, MAX_VOWELS, MIN_CONSONANTS, MIN_VOWELS, RACK_SIZE

# (most distance, points), nearest first: 10 exact, 7 within 5, 5 within 10.
NUMBERS_SCORES = ((0, 10), (5, 7), (10, 5))
CONUNDRUM_SCORE = 10
MAX_ANSWER = 200  # characters of a typed answer: far more than a working of six tiles needs

__all__ = [
    "CONUNDRUM_SCORE",
    "MAX_ANSWER",
    "NUMBERS_SCORES",
    "Shortfall",
    "WordCheck",
    "allowed_picks",
    "award",
    "check_conundrum",
    "check_word",
    "numbers_score",
    "packaged_dictionaries",
    "selection_problems",
    "word_score",
]


def allowed_picks(vowels: int, consonants: int) -> tuple[str, ...]:
    """Which piles the next letter may come from ("vowel", "consonant") after *vowels*
    and *consonants* picks, so that nine letters can still hold 3 vowels and 4 consonants."""
    if vowels + consonants >= RACK_SIZE:
        return ()
    allowed = []
    if vowels < MAX_VOWELS:
        allowed.append("vowel")
    if consonants < MAX_CONSONANTS:
        allowed.append("consonant")
    return tuple(allowed)


def selection_problems(letters: str) -> list[str]:
    """Why *letters* is not a legal selection (empty: it is): nine letters, at least
    three vowels and four consonants."""
    folded = fold(letters).upper()
    problems = []
    if len(folded) != RACK_SIZE or not folded.isalpha():
        problems.append(f"a selection is {RACK_SIZE} letters, not {letters!r}")
    vowels = sum(letter in VOWELS for letter in folded)
    if vowels < MIN_VOWELS:
        problems.append(f"it needs at least {MIN_VOWELS} vowels, not {vowels}")
    if len(folded) - vowels < MIN_CONSONANTS:
        problems.append(
            f"it needs at least {MIN_CONSONANTS} consonants, not {len(folded) - vowels}"
        )
    return problems


class Shortfall(NamedTuple):
    """A letter the word needs more often than the rack holds it."""

    letter: str
    needs: int
    has: int

    def __str__(self) -> str:
        return f"needs {self.needs} {self.letter}, rack has {self.has}"

    def to_dict(self) -> dict[str, object]:
        return {"letter": self.letter, "needs": self.needs, "has": self.has}


class WordCheck(NamedTuple):
    """Whether a word is a valid letters-round answer for a rack, and why not.

    ``missing`` lists the letters the rack lacks (blanks, ``?``, cover that many);
    ``elsewhere`` the packaged dictionaries that have a word the chosen one lacks; ``note``
    what the review of the packaged lists knows (reasons.py: "US spelling; British
    analyse"), for a valid word only when the review accepts it ("Oxford spelling").
    """

    rack: str
    word: str
    dictionary: str
    in_rack: bool
    missing: tuple[Shortfall, ...]
    in_dictionary: bool
    elsewhere: tuple[str, ...]
    note: str | None = None

    @property
    def valid(self) -> bool:
        return self.in_rack and self.in_dictionary

    @property
    def length(self) -> int:
        return len(fold(self.word))

    @property
    def score(self) -> int:
        """The word's score as on the show: its length, 18 for nine; 0 when invalid."""
        return word_score(self.length) if self.valid else 0

    @property
    def reason(self) -> str | None:
        """Why the word scores nothing, as one sentence (None when valid)."""
        reasons = []
        word = (
            self.word if len(self.word) <= SHOWN else f"{self.word[:SHOWN]}..."
        )  # one readable line, however long
        if not self.in_rack:
            reasons.append(
                f"the rack {self.rack} can't make {word}: " + "; ".join(map(str, self.missing))
            )
        if not self.in_dictionary:
            where = (
                f"it is in {', '.join(self.elsewhere)}"
                if self.elsewhere
                else "nor in any packaged dictionary"
            )
            note = f": {self.note}" if self.note else ""
            reasons.append(f"{word} is not in the dictionary {self.dictionary} ({where}){note}")
        return "; ".join(reasons) or None

    def to_dict(self) -> dict[str, object]:
        return {
            "rack": self.rack,
            "word": self.word,
            "valid": self.valid,
            "length": self.length,
            "score": self.score,
            "in_rack": self.in_rack,
            "missing": [item.to_dict() for item in self.missing],
            "in_dictionary": self.in_dictionary,
            "dictionary": self.dictionary,
            "elsewhere": list(self.elsewhere),
            "reason": self.reason,
            "note": self.note,
        }


def shortfalls(rack: str, word: str) -> tuple[bool, tuple[Shortfall, ...]]:
    """(whether *rack* makes *word*, the letters it lacks). Blanks (``?``) in the rack cover
    missing letters one for one. Raises InvalidRackError for a bad rack or word."""
    rack_key, blanks = parse_rack(rack)
    require_word(word)
    have = Counter(rack_key)
    missing = tuple(
        Shortfall(letter, count, have[letter])
        for letter, count in sorted(Counter(word_key(word)).items())
        if count > have[letter]
    )
    return sum(item.needs - item.has for item in missing) <= blanks, missing


def require_word(word: str) -> None:
    """Raise InvalidRackError unless *word* is a word (letters only, after folding)."""
    if not word.strip():
        raise InvalidRackError("no word given")
    if not is_word(word):
        raise InvalidRackError(
            f"word {word!r} has characters that are not letters: {describe(bad_characters(word))}"
        )


def contains_word(dictionary: Dictionary, word: str) -> bool:
    """True when *dictionary* lists *word* (case and accents folded). O(log n) + one block."""
    require_word(word)
    folded = fold(word)
    return any(fold(found) == folded for found in dictionary.words_with_key(word_key(word)))


def check_word(
    dictionary: Dictionary,
    rack: str,
    word: str,
    elsewhere: Mapping[str, Dictionary] | None = None,
    name: str | None = None,
) -> WordCheck:
    """Check a letters-round answer: can *rack* make *word*, and does *dictionary* list it?

    When it does not, each of *elsewhere* (packaged dictionaries by name, the chosen one
    skipped) is asked too. *name* is how the chosen dictionary is shown (its path by
    default). Raises InvalidRackError when the rack or the word is not letters.
    Cost: one lookup per dictionary asked, and a bisect of the packaged reasons.
    """
    in_rack, missing = shortfalls(rack, word)
    found = contains_word(dictionary, word)
    others: list[str] = []
    if not found and elsewhere:
        others = [
            other
            for other, source in elsewhere.items()
            if source.path != dictionary.path and contains_word(source, word)
        ]
    known = explain(word)
    note = str(known) if known and (known.accepted or not found) else None
    return WordCheck(
        rack, word, name or dictionary.path, in_rack, missing, found, tuple(others), note
    )


@contextmanager
def packaged_dictionaries(cache_bytes: int | None = None) -> Iterator[dict[str, Dictionary]]:
    """The packaged dictionaries, open, by name (packaged.PACKAGED), for
    check_word's *elsewhere*, each with a cache of *cache_bytes* (Dictionary); closed when
    the block ends. Opening one costs its index header only (tens of microseconds)."""
    with ExitStack() as stack:
        yield {
            name: stack.enter_context(Dictionary(name, cache_bytes=cache_bytes))
            for name in PACKAGED
            if os.path.exists(resolve_path(name))
        }


def numbers_score(distance: int) -> int:
    """The show's numbers score for an answer *distance* from the target: 10, 7, 5 or 0."""
    for most, points in NUMBERS_SCORES:
        if distance <= most:
            return points
    return 0


def check_conundrum(answer: str, guess: str) -> int:
    """CONUNDRUM_SCORE when *guess* is the answer (case and accents folded), else 0."""
    return CONUNDRUM_SCORE if guess.strip() and fold(guess.strip()) == fold(answer) else 0


def award(scores: Sequence[int], ranks: Sequence[float]) -> list[int]:
    """Points each player gets when their own answers alone would score *scores*.

    Only the best-ranked scoring answer counts (higher rank is better: a word's length, a
    numbers answer's minus distance, a conundrum's minus answer time); equal best ranks
    all score, as on the show::

        award([7, 6], [7, 6]) == [7, 0]      # letters: the longer word scores
        award([7, 7], [-3, -3]) == [7, 7]    # numbers: both 3 away
    """
    scoring = [rank for score, rank in zip(scores, ranks, strict=True) if score > 0]
    if not scoring:
        return [0] * len(scores)
    best = max(scoring)
    return [
        score if score > 0 and rank == best else 0
        for score, rank in zip(scores, ranks, strict=True)
    ]
