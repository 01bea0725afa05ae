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
is the longest word seen before the clock stops (the easier levels see few words beyond
the common ones, so their words are everyday words). Some rounds end in a slip a person
makes (``slip``): a word one letter too long for the rack, a plausible misspelling (a
doubled letter single or a single one doubled, ie for ei, one vowel for another), or a
plausible non-word from the rack's letters (a vowel changed, a plural the dictionary
lacks); never two letters beyond the rack. Numbers: a person combines at most so many
numbers (``tiles``, drawn per round) and answers the nearest that reaches, then, as
anyone would, takes one more step with a tile left over when that comes closer, and
one that finishes (so never 355 for 356 with a 1 unused). Conundrum: the time
to see it is log-normal too; a person who has not seen it when the clock stops has no
answer, and now and then buzzes in with a wrong one (``wrong_buzz``).

Every choice comes from the random generator given, so a seeded game replays exactly.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import NamedTuple

from ..dictionary import Dictionary
from ..keys import fold
from ..wordlist import offensive_words
from .conundrum import Conundrum
from .letters import BLANK, solve_letters
from .numbers import Answer, solve_by_count
from .numbers_forms import Expression
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
    "easy": Skill(0.22, 0.55, 0.03, 0.15, 14.0, ((2, 1), (3, 3), (4, 1)), 22.0, 50.0, 0.10),
    "medium": Skill(0.5, 0.75, 0.08, 0.08, 10.0, ((4, 2), (5, 1)), 18.0, 29.0, 0.05),
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
        kinds = ["long", "nonword", "misspelling"] if word else ["long"]
        rng.shuffle(kinds)
        makers = {"long": self._long, "nonword": self._nonword, "misspelling": self._misspelling}
        for kind in kinds:
            made = makers[kind](rack, word, rng)
            if made is not None:
                _, missing = shortfalls(rack, made[0])
                if sum(item.needs - item.has for item in missing) <= 1:
                    return made
        return None

    def _long(self, rack: str, word: str | None, rng: random.Random) -> tuple[str, str] | None:
        """A common word one letter longer than *word* (4 to 6 letters without one) that
        needs one letter the rack lacks."""
        lengths = {len(fold(word)) + 1} if word else {4, 5, 6}
        found = [
            w
            for w in solve_letters(self.common, rack + BLANK, min_length=min(lengths), all=True)
            if w.blanks and w.length in lengths and fold(w.word) not in offensive_words()
        ]
        if not found:
            return None
        chosen = rng.choice(found)
        return chosen.word, f"a slip: it used {_an(chosen.blanks[0])}, which the rack lacks"

    def _real(self, text: str) -> bool:
        return contains_word(self.dictionary, text)

    def _nonword(self, rack: str, word: str | None, rng: random.Random) -> tuple[str, str] | None:
        """A non-word from the rack's letters that looks like one: *word* with one vowel
        changed to another the rack has, or with an s the dictionary does not list."""
        if word is None:
            return None
        made = [
            word[:i] + vowel + word[i + 1 :]
            for i in range(1, len(word))
            if word[i] in VOWELS
            for vowel in sorted(set(fold(rack).lower()) & set(VOWELS) - {word[i]})
        ]
        rng.shuffle(made)
        if not word.endswith(("s", "ed", "ing", "y")):
            made.append(word + "s")
        for text in made:
            if not shortfalls(rack, text)[1] and not self._real(text):
                return text, f"a slip: {text}, not a word"
        return None

    def _misspelling(
        self, rack: str, word: str | None, rng: random.Random
    ) -> tuple[str, str] | None:
        """*word* misspelt as people misspell: a doubled letter single, a single consonant
        doubled, ie for ei (or back), or an unstressed vowel for another; not a word."""
        if word is None or len(word) < 4:
            return None
        made = misspellings(word)
        rng.shuffle(made)
        for wrong in made:
            if not self._real(wrong):
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
        best = finished(reach[most - 1])
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


VOWELS = "aeiou"
# An unstressed vowel people write for another ("seperate", "independant").
SOUNDS_ALIKE = {"a": "e", "e": "ai", "i": "e", "o": "u", "u": "o"}


def misspellings(word: str) -> list[str]:
    """The plausible misspellings of *word* (lower case): a doubled letter written once,
    a single consonant after a vowel doubled, ie and ei swapped, an inner vowel written as
    one that sounds alike. The first letter is always kept."""
    made: set[str] = set()
    for i in range(1, len(word)):
        letter = word[i]
        if letter == word[i - 1]:
            made.add(word[:i] + word[i + 1 :])
        elif letter not in VOWELS and word[i - 1] in VOWELS and word[i + 1 : i + 2] in VOWELS:
            if i < len(word) - 2:  # not before a last letter: "separatte" is nobody's slip
                made.add(word[: i + 1] + letter + word[i + 1 :])
        if word[i - 1 : i + 1] in ("ie", "ei") and i > 1:
            made.add(word[: i - 1] + letter + word[i - 1] + word[i + 1 :])
        if letter in VOWELS and 1 < i < len(word) - 1:
            made |= {
                word[:i] + other + word[i + 1 :]
                for other in SOUNDS_ALIKE[letter]
                if other not in (word[i - 1], word[i + 1])
            }
    made.discard(word)
    return sorted(made)


def one_step(value: int, tile: int) -> list[tuple[int, str]]:
    """What one more step with *tile* makes of *value*: (result, the step as the show
    writes it), every result a positive whole number."""
    found = [(value + tile, f"{value} + {tile}"), (value * tile, f"{value} × {tile}")]
    if value != tile:
        high, low = max(value, tile), min(value, tile)
        found.append((high - low, f"{high} - {low}"))
    if value % tile == 0:
        found.append((value // tile, f"{value} ÷ {tile}"))
    return found


def finished(answer: Answer) -> Answer:
    """*answer* taken further as a person would with the tiles it left over: one step
    that comes closer to the target (the closest), and then any step that finishes it,
    so it is never one tile short of a finish a single step gives."""
    import re

    expression = answer.solutions[0]
    target = answer.target
    closer = 1  # steps taken that only come closer
    while expression.value != target:
        used = Counter(int(n) for n in re.findall(r"\d+", expression.rpn))
        left = set((Counter(answer.numbers) - used).elements())
        steps = [
            (abs(result - target), written, result, tile)
            for tile in left
            for result, written in one_step(expression.value, tile)
        ]
        if not steps or min(steps)[0] >= abs(expression.value - target):
            break
        if min(steps)[0]:
            if not closer:
                break
            closer -= 1
        _, written, result, tile = min(steps)
        sign = written.split()[1]
        inner = expression.infix if expression.numbers == 1 else f"({expression.infix})"
        if written.startswith(f"{tile} "):  # the tile first: tile - value
            infix, rpn = f"{tile} - {inner}", f"({tile} {expression.rpn.strip('()')} -)"
        else:
            op = {"+": "+", "×": "*", "-": "-", "÷": "/"}[sign]
            infix, rpn = f"{inner} {sign} {tile}", f"({expression.rpn.strip('()')} {tile} {op})"
        steps_written = [*expression.steps, f"{written} = {result}"]
        expression = Expression(result, steps_written, infix, rpn, expression.numbers + 1)
    if expression is answer.solutions[0]:
        return answer
    return Answer(answer.numbers, target, expression.value, [expression])


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
