"""The computer opponent of ``play``: what it answers in each round at each level.

Levels (OPPONENTS):

- ``none``: no opponent.
- ``easy``: letters from the common dictionary, at most EASY_LONGEST letters, one of the two
  longest lengths it finds; one time in EASY_SLIP_ONE_IN it misreads the rack and offers a
  word needing a letter the rack lacks (scores 0). Numbers: the nearest it gets with at
  most 3 tiles. Conundrum: solves one in three, after 12-28 seconds.
- ``medium``: the longest word of the common dictionary (a slip one time in ten); numbers
  with at most 4 tiles; conundrum: two in three, after 5-20 seconds.
- ``hard``: the solver's best: a longest word of the game's dictionary, the nearest value
  with all six tiles; conundrum: always, after 1.5-6 seconds.

Every choice comes from the random generator it is given, so a seeded game is replayed
exactly. The answers are checked by the same rules as the player's.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import NamedTuple

from ..dictionary import Dictionary
from .conundrum import Conundrum
from .letters import BLANK, solve_letters
from .numbers import Answer, solve

OPPONENTS = ("none", "easy", "medium", "hard")
EASY_LONGEST = 6
EASY_SLIP_ONE_IN = 4
MEDIUM_SLIP_ONE_IN = 10
# Level: (most tiles used in numbers, chance of solving the conundrum, its time range in s).
NUMBERS_TILES = {"easy": 3, "medium": 4, "hard": 6}
CONUNDRUM_SKILL = {
    "easy": (1 / 3, 12.0, 28.0),
    "medium": (2 / 3, 5.0, 20.0),
    "hard": (1.0, 1.5, 6.0),
}


class Move(NamedTuple):
    """An opponent's answer (None: it has none), why it chose it, and when (conundrum)."""

    answer: str | None
    reasoning: str
    seconds: float | None = None

    def to_dict(self) -> dict[str, object]:
        return {"answer": self.answer, "reasoning": self.reasoning, "seconds": self.seconds}


class Opponent:
    """A computer player of one level; *dictionary* is the game's, *common* the common words."""

    def __init__(self, level: str, dictionary: Dictionary, common: Dictionary) -> None:
        if level not in OPPONENTS or level == "none":
            raise ValueError(f"no opponent level {level!r}")
        self.level = level
        self.dictionary = dictionary
        self.common = common

    def letters(self, letters: str, rng: random.Random) -> Move:
        """A word for the rack *letters*."""
        if self.level == "hard":
            words = solve_letters(self.dictionary, letters, enough=1)
            if not words:
                return Move(None, "the solver finds no word")
            longest = [w.word for w in words if w.length == words[0].length]
            return Move(
                rng.choice(longest),
                f"the solver's best: {len(longest)} word{'s' * (len(longest) > 1)} of "
                f"{words[0].length} letters",
            )
        slip = EASY_SLIP_ONE_IN if self.level == "easy" else MEDIUM_SLIP_ONE_IN
        if rng.randrange(slip) == 0:
            misread = [w for w in solve_letters(self.common, letters + BLANK, enough=5) if w.blanks]
            if misread:
                slip_word = rng.choice(misread)
                return Move(
                    slip_word.word, f"a slip: it misread the rack and used a {slip_word.blanks[0]}"
                )
        found = solve_letters(self.common, letters, all=True)
        if self.level == "easy":
            found = [w for w in found if w.length <= EASY_LONGEST]
        if not found:
            return Move(None, "it finds no word")
        lengths = sorted({w.length for w in found}, reverse=True)[
            : 2 if self.level == "easy" else 1
        ]
        choice = rng.choice([w.word for w in found if w.length in lengths])
        cap = f" of at most {EASY_LONGEST} letters" if self.level == "easy" else ""
        return Move(choice, f"a common word{cap}")

    def numbers(self, numbers: list[int], target: int, rng: random.Random) -> tuple[Move, Answer]:
        """A working for the game, as one ASCII expression, and the solver's answer it used."""
        most = NUMBERS_TILES[self.level]
        if most >= len(numbers):
            best = solve(numbers, target, ascii_signs=True)
            reasoning = "the solver's best"
        else:
            candidates = [
                solve(list(chosen), target, ascii_signs=True)
                for chosen in combinations(numbers, most)
            ]
            best = min(
                candidates, key=lambda answer: (answer.distance, answer.solutions[0].numbers)
            )
            reasoning = f"the nearest it finds with at most {most} tiles"
        expression = best.solutions[0]
        answer = expression.infix if expression.steps else str(expression.value)
        return Move(answer, reasoning), best

    def conundrum(self, puzzle: Conundrum, rng: random.Random) -> Move:
        """Whether it solves the conundrum, and after how many seconds."""
        chance, earliest, latest = CONUNDRUM_SKILL[self.level]
        solved = rng.random() < chance
        seconds = round(rng.uniform(earliest, latest), 1)
        if not solved:
            return Move(None, "it does not see it")
        return Move(puzzle.answer, f"it sees it after {seconds:g} s", seconds)
