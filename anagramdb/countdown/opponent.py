"""The computer opponent: answers like a person's, at four levels (OPPONENTS).

Each level is a Skill, and its figures are measured, not assumed: opponent_figures.py
plays SEEDED_ROUNDS seeded rounds of each kind and counts, and a test holds every level
to its targets (docs/ARCHITECTURE.md has the table):

- ``easy``, a casual viewer: letters, the round's maximum at most 15% of the time;
  numbers exact at most 30%; the conundrum at most 30%.
- ``medium``, an average contestant: maximum 25-50%; exact 45-75%; conundrum 35-70%.
- ``hard``, a series finalist: maximum at least 70%; exact at least 85%.
- ``perfect``: the solver, answering in a second or two.

How a person is modelled. Letters: every word of the rack in the game's dictionary is
seen, or not, on its own, with a chance that falls with its length (``decay`` a letter)
and is lower for a word outside the common words (``rare``); each word seen is seen
after a time drawn from a log-normal law (the median grows with the length); the answer
is the longest word seen before the clock stops. Some rounds end in a slip a person
makes (``slip``): a misspelling, a plural the dictionary lacks, or a word needing one
letter the rack lacks, never two. Numbers: a person combines at most so many numbers
(``tiles``, drawn per round) and answers the nearest that reaches. Conundrum: the time
to see it is log-normal too; a person who has not seen it when the clock stops has no
answer, and now and then buzzes in with a wrong one (``wrong_buzz``).

Every choice comes from the random generator given, so a seeded game replays exactly.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from ..dictionary import Dictionary
from ..keys import fold
from ..wordlist import offensive_words
from .conundrum import Conundrum
from .letters import BLANK, solve_letters
from .numbers import Answer, solve_by_count
from .rules import contains_word, shortfalls

OPPONENTS = ("none", "easy", "medium", "hard", "perfect")
COMPUTER = "computer"  # the opponent's name in a game
THINKING_LIMIT = 30.0  # seconds a person thinks in a game without a clock


class Skill(NamedTuple):
    """One level's figures (see the module docstring)."""

    spot: float  # chance of seeing a common four-letter word of the rack
    decay: float  # that chance is multiplied by this for each letter more
    rare: float  # ... and by this for a word outside the common words
    slip: float  # chance that a letters answer is a slip
    word_time: float  # median seconds to see a six-letter word
    tiles: tuple[tuple[int, int], ...]  # (most numbers combined, weight)
    numbers_time: float  # median seconds to a numbers answer
    conundrum_time: float  # median seconds to see the conundrum
    wrong_buzz: float  # chance of buzzing in with a wrong conundrum answer
    spread: float = 0.6  # sigma of the log-normal times


SKILLS = {
    "easy": Skill(0.22, 0.55, 0.12, 0.15, 14.0, ((3, 3), (4, 1)), 22.0, 50.0, 0.10),
    "medium": Skill(0.5, 0.75, 0.3, 0.08, 10.0, ((4, 2), (5, 1)), 18.0, 29.0, 0.05),
    "hard": Skill(0.9, 0.95, 0.8, 0.03, 6.0, ((5, 1), (6, 9)), 12.0, 12.0, 0.02),
    "perfect": Skill(1.0, 1.0, 1.0, 0.0, 1.0, ((6, 1),), 1.5, 1.5, 0.0, 0.2),
}


class Move(NamedTuple):
    """An opponent's answer (None: it has none), why, and after how many seconds."""

    answer: str | None
    reasoning: str
    seconds: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {"answer": self.answer, "reasoning": self.reasoning, "seconds": self.seconds}


class RackWords(NamedTuple):
    """Every word a rack makes in the game's dictionary, longest first, each with whether
    it is a common word: what the opponent chooses from, computed once a round."""

    rack: str
    words: tuple[tuple[str, bool], ...]

    @property
    def longest(self) -> int:
        return len(fold(self.words[0][0])) if self.words else 0


def rack_words(dictionary: Dictionary, common: Dictionary, rack: str) -> RackWords:
    """The RackWords of *rack*. Cost: two solve_letters(all=True), a few milliseconds."""
    found = solve_letters(dictionary, rack, all=True)
    everyday = {w.word for w in solve_letters(common, rack, all=True)}
    return RackWords(rack, tuple((w.word, w.word in everyday) for w in found))


def _seconds(rng: random.Random, median: float, spread: float) -> float:
    """A person's time: log-normal around *median*, to a tenth of a second."""
    return round(max(0.3, rng.lognormvariate(math.log(median), spread)), 1)


def _an(letter: str) -> str:
    return f"an {letter}" if letter in "aefhilmnorsx" else f"a {letter}"


class Opponent:
    """A computer player of one level; *dictionary* is the game's, *common* the common words."""

    def __init__(self, level: str, dictionary: Dictionary, common: Dictionary) -> None:
        if level not in SKILLS:
            raise ValueError(f"no opponent level {level!r}")
        self.level = level
        self.skill = SKILLS[level]
        self.dictionary = dictionary
        self.common = common

    def letters(
        self,
        rack: str,
        rng: random.Random,
        limit: float = THINKING_LIMIT,
        words: RackWords | None = None,
    ) -> Move:
        """A word for the rack, seen within *limit* seconds (*words*: the rack's RackWords,
        when the caller has them already)."""
        words = words or rack_words(self.dictionary, self.common, rack)
        skill = self.skill
        seen: list[tuple[int, float, str]] = []
        unsaid = offensive_words()  # a contestant on television would not say them
        for word, everyday in words.words:
            length = len(fold(word))
            if fold(word) in unsaid:
                continue
            chance = skill.spot * skill.decay ** (length - 4) * (1.0 if everyday else skill.rare)
            if rng.random() < chance:
                seconds = _seconds(rng, skill.word_time * length / 6, skill.spread)
                if seconds <= limit:
                    seen.append((-length, seconds, word))
        best = min(seen) if seen else None
        if rng.random() < skill.slip:
            slip = self._slip(rack, best[2] if best else None, rng)
            if slip is not None:
                return Move(slip[0], slip[1], best[1] if best else round(limit * 0.8, 1))
        if best is None:
            return Move(None, "it sees no word in time")
        return Move(best[2], f"its longest word, seen after {best[1]:g} s", best[1])

    def _slip(self, rack: str, word: str | None, rng: random.Random) -> tuple[str, str] | None:
        """A slip a person makes around *word* (None: it had none): (answer, reasoning)."""
        kinds = ["beyond", "plural", "misspelling"] if word else ["beyond"]
        rng.shuffle(kinds)
        makers = {"beyond": self._beyond, "plural": self._plural, "misspelling": self._misspelling}
        for kind in kinds:
            made = makers[kind](rack, word, rng)
            if made is not None:
                _, missing = shortfalls(rack, made[0])
                if sum(item.needs - item.has for item in missing) <= 1:
                    return made
        return None

    def _beyond(self, rack: str, word: str | None, rng: random.Random) -> tuple[str, str] | None:
        """A common word needing one letter the rack lacks, longer than *word*."""
        shortest = len(fold(word)) + 1 if word else 4
        found = [
            w
            for w in solve_letters(self.common, rack + BLANK, min_length=shortest, all=True)
            if w.blanks and w.length >= shortest and fold(w.word) not in offensive_words()
        ]
        if not found:
            return None
        chosen = rng.choice(found[: max(1, len(found) // 2)])
        return chosen.word, f"a slip: it used {_an(chosen.blanks[0])}, which the rack lacks"

    def _plural(self, rack: str, word: str | None, rng: random.Random) -> tuple[str, str] | None:
        """*word* with an s the dictionary does not list."""
        if word is None or word.endswith("s"):
            return None
        plural = word + "s"
        if contains_word(self.dictionary, plural):
            return None
        return plural, f"a slip: {plural}, a plural the dictionary lacks"

    def _misspelling(
        self, rack: str, word: str | None, rng: random.Random
    ) -> tuple[str, str] | None:
        """*word* with two neighbouring letters swapped, not itself a word."""
        if word is None or len(word) < 4:
            return None
        places = [i for i in range(1, len(word) - 2) if word[i] != word[i + 1]]
        rng.shuffle(places)
        for i in places:
            wrong = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
            if not contains_word(self.dictionary, wrong):
                return wrong, f"a slip: {word} misspelt"
        return None

    def numbers(
        self,
        numbers: list[int],
        target: int,
        rng: random.Random,
        limit: float = THINKING_LIMIT,
        reach: list[Answer] | None = None,
    ) -> tuple[Move, Answer]:
        """A working (the solver's steps, × and ÷), and the answer it used. *reach* is
        numbers.solve_by_count(numbers, target), when the caller has it already."""
        reach = reach or solve_by_count(numbers, target)
        tiles, weights = zip(*self.skill.tiles, strict=True)
        most = min(rng.choices(tiles, weights)[0], len(numbers))
        best = reach[most - 1]
        expression = best.solutions[0]
        working = "; ".join(expression.steps) if expression.steps else str(expression.value)
        used = expression.numbers
        seconds = min(
            _seconds(rng, self.skill.numbers_time * max(used, 2) / 4, self.skill.spread),
            round(limit * 0.95, 1),
        )
        reasoning = f"it combines up to {most} numbers"
        return Move(working, reasoning, seconds), best

    def conundrum(
        self, puzzle: Conundrum, rng: random.Random, limit: float = THINKING_LIMIT
    ) -> Move:
        """When it buzzes (None: it does not, within *limit* seconds) and with what."""
        seconds = _seconds(rng, self.skill.conundrum_time, self.skill.spread)
        if rng.random() < self.skill.wrong_buzz:
            early = round(max(0.5, seconds * rng.uniform(0.3, 0.8)), 1)
            wrong = _scrambled(puzzle.answer, rng)
            if early <= limit and wrong is not None:
                return Move(wrong, f"it buzzes too soon, at {early:g} s", early)
        if seconds > limit:
            return Move(None, f"it would have seen it after {seconds:g} s", None)
        return Move(puzzle.answer, f"it sees it after {seconds:g} s", seconds)


def _scrambled(answer: str, rng: random.Random) -> str | None:
    """The answer with two letters swapped (a wrong buzz), or None when all are the same."""
    places = [(i, j) for i in range(len(answer)) for j in range(i + 1, len(answer))]
    rng.shuffle(places)
    for i, j in places:
        if answer[i] != answer[j]:
            letters = list(answer)
            letters[i], letters[j] = letters[j], letters[i]
            return "".join(letters)
    return None
