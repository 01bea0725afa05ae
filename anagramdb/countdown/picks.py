"""Picking a round's letters and numbers, by a player or like a contestant.

A letters round is picked one tile at a time from two shuffled piles (LetterPicker); the
rules (rules.allowed_picks) refuse a sixth vowel or a seventh consonant, and the show's
host then says "no more vowels". A contestant asks for 3, 4 or 5 vowels, most often 4
(CONSONANT_CHOICES), in a mixed order that opens with a consonant more often than not,
and for one large number most of the time (LARGE_CHOICES): that is how the computer and
the daily challenge pick (contestant_letters, contestant_large).
"""

from __future__ import annotations

import random

from ..errors import InvalidGameError
from .draw import LETTER_PILES, VOWELS
from .rules import allowed_picks
from .show import MAX_VOWELS, MIN_VOWELS, RACK_SIZE

DEFAULT_LARGE = 1  # large numbers when a player does not choose
# (consonants in nine letters, weight): four vowels and five consonants is the usual call,
# three vowels the next, five the least (a fifth vowel is a poor letter more often).
CONSONANT_CHOICES = ((5, 12), (6, 5), (4, 3))
# (large numbers, weight): "one from the top and five little ones" most of the time.
LARGE_CHOICES = ((1, 14), (2, 4), (0, 1), (3, 1))
KINDS = {"v": "vowel", "c": "consonant", "vowel": "vowel", "consonant": "consonant"}


class LetterPicker:
    """The letters of one round, picked one at a time from two shuffled piles."""

    def __init__(self, rng: random.Random, piles: dict[str, int] = LETTER_PILES) -> None:
        self.rng = rng
        self.piles = {
            kind: [
                letter
                for letter, count in sorted(piles.items())
                if (letter in VOWELS) == (kind == "vowel")
                for _ in range(count)
            ]
            for kind in ("vowel", "consonant")
        }
        for pile in self.piles.values():
            rng.shuffle(pile)
        self.letters = ""
        self.vowels = 0

    @property
    def done(self) -> bool:
        return len(self.letters) >= RACK_SIZE

    def allowed(self) -> tuple[str, ...]:
        """The piles the next letter may come from ("vowel", "consonant")."""
        return allowed_picks(self.vowels, len(self.letters) - self.vowels)

    def refusal(self, kind: str) -> str | None:
        """What the host says when *kind* ("v", "c", "vowel", "consonant") may not be picked
        next ("no more vowels", ...), or None when it may."""
        wanted = KINDS.get(kind.lower())
        if self.done:
            return f"all {RACK_SIZE} letters are picked"
        if wanted is None:
            return f"pick v (vowel) or c (consonant), not {kind!r}"
        if wanted not in self.allowed():
            return f"no more {wanted}s: nine letters need at least 3 vowels and 4 consonants"
        return None

    def pick(self, kind: str, forced: bool = False) -> str:
        """Take the next letter from the vowel (``v``) or consonant (``c``) pile; returns it.

        A pick the rules refuse raises InvalidGameError ("no more vowels: ..."), unless
        *forced*: then the letter comes from the one pile still allowed (scripts do that,
        and say so).
        """
        wanted = KINDS.get(kind.lower(), kind.lower())
        allowed = self.allowed()
        if forced and wanted in ("vowel", "consonant") and wanted not in allowed and allowed:
            wanted = allowed[0]
        refused = self.refusal(wanted)
        if refused:
            raise InvalidGameError(refused)
        letter = self.piles[wanted].pop()
        self.letters += letter
        self.vowels += wanted == "vowel"
        return letter

    def auto(self) -> str:
        """Pick the remaining letters: 3 to 5 vowels in all, in a random order."""
        wanted = self.rng.randint(max(MIN_VOWELS, self.vowels), MAX_VOWELS)
        while not self.done:
            need = wanted - self.vowels
            left = RACK_SIZE - len(self.letters)
            vowel = need > 0 and (need >= left or self.rng.randrange(left) < need)
            self.pick("vowel" if vowel and "vowel" in self.allowed() else "consonant")
        return self.letters


def _weighted(rng: random.Random, choices: tuple[tuple[int, int], ...]) -> int:
    values = [value for value, _ in choices]
    chosen: int = rng.choices(values, [weight for _, weight in choices])[0]
    return chosen


def contestant_letters(rng: random.Random) -> str:
    """A contestant's nine calls, such as ``cvccvcvcc``: 4 to 6 consonants, mixed, usually
    opening with a consonant, never three vowels running."""
    consonants = _weighted(rng, CONSONANT_CHOICES)
    while True:
        calls = ["c"] * consonants + ["v"] * (RACK_SIZE - consonants)
        rng.shuffle(calls)
        text = "".join(calls)
        if "vvv" not in text and (text[0] == "c" or rng.random() < 0.3):
            return text


def contestant_large(rng: random.Random) -> int:
    """How many large numbers a contestant asks for (LARGE_CHOICES: usually one)."""
    return _weighted(rng, LARGE_CHOICES)
