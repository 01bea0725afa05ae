"""The opponent levels measured: how often each finds the round's best, over seeded rounds.

measure() plays *rounds* seeded rounds of each kind for every level and counts. Each
round's solver work (the rack's words, what the numbers reach with 1 to 6 of them) is
done once and shared by the levels, so 500 rounds of all four levels cost about ten
seconds. The racks and tiles are picked the way a contestant picks them (picks.py), with
the clock at DEFAULT_SECONDS. The test suite holds every level to TARGETS, and
docs/ARCHITECTURE.md shows the table (``python -m anagramdb.countdown.opponent_figures``
prints it).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from typing import NamedTuple

from ..dictionary import Dictionary
from ..keys import fold
from ..packaged import COMMON_NAME, DEFAULT_NAME
from ..wordlist import offensive_words
from .conundrum import Conundrum
from .draw import NumbersDraw, draw_numbers
from .numbers import Answer, solve_by_count
from .opponent import SKILLS, Opponent, RackWords, rack_words
from .picks import LetterPicker, contestant_large, contestant_letters
from .rules import check_word, shortfalls

SEEDED_ROUNDS = 500
CLOCK = 30.0
# Level: (share of letters rounds with the maximum, share of numbers rounds exact where
# exact is possible, share of conundrums solved), each a (lowest, highest) share.
TARGETS = {
    "easy": ((0.0, 0.15), (0.0, 0.30), (0.0, 0.30)),
    "medium": ((0.25, 0.50), (0.45, 0.75), (0.35, 0.70)),
    "hard": ((0.70, 1.0), (0.85, 1.0), (0.70, 1.0)),
    "perfect": ((1.0, 1.0), (1.0, 1.0), (1.0, 1.0)),
}
# Conundrums for the measure: the opponent's time to see one does not depend on which.
PUZZLES = (
    Conundrum("canedanon", "cannonade", ("caned", "anon")),
    Conundrum("drilypush", "prudishly", ("drily", "push")),
)


class Figures(NamedTuple):
    """One level's measured figures over *rounds* rounds of each kind."""

    level: str
    rounds: int
    maximum: float  # share of letters rounds with a word of the round's longest length
    mean_length: float  # letters of its valid words, 0 for none or a slip
    slips: int  # letters answers that are slips
    worst_slip: int  # most letters a slip needs beyond the rack (never more than 1)
    everyday: float  # share of its valid words that are common words
    exact: float  # share of numbers rounds answered exactly, where exact is possible
    exact_all: float  # ... of all numbers rounds
    short: int  # numbers answers one tile short of a finish one step gives (never)
    solved: float  # share of conundrums solved within the clock
    wrong_buzzes: int
    median_word_seconds: float
    median_buzz_seconds: float

    def to_dict(self) -> dict[str, object]:
        return self._asdict()


def measure(
    dictionary: Dictionary, common: Dictionary, rounds: int = SEEDED_ROUNDS, seed: int = 0
) -> list[Figures]:
    """Figures of every level (SKILLS) over *rounds* seeded rounds of each kind."""
    racks: list[RackWords] = []
    draws: list[tuple[NumbersDraw, list[Answer]]] = []
    for number in range(rounds):
        rng = random.Random(f"{seed}:{number}:picks")
        picker = LetterPicker(random.Random(f"{seed}:{number}:letters"))
        for call in contestant_letters(rng):
            picker.pick(call)
        racks.append(rack_words(dictionary, common, picker.letters))
        tiles = draw_numbers(contestant_large(rng), seed * 100_003 + number)
        draws.append((tiles, solve_by_count(tiles.numbers, tiles.target)))
    return [_level(level, dictionary, common, racks, draws, seed) for level in SKILLS]


def _level(
    level: str,
    dictionary: Dictionary,
    common: Dictionary,
    racks: list[RackWords],
    draws: list[tuple[NumbersDraw, list[Answer]]],
    seed: int,
) -> Figures:
    opponent = Opponent(level, dictionary, common)
    best = lengths = slips = worst = valid = everyday = 0
    word_times: list[float] = []
    for number, words in enumerate(racks):
        move = opponent.letters(words.rack, random.Random(f"{seed}:{number}:{level}"), CLOCK, words)
        if move.answer is None:
            continue
        if move.seconds is not None:
            word_times.append(move.seconds)
        if move.reasoning.startswith("a slip"):
            slips += 1
            _, missing = shortfalls(words.rack, move.answer)
            worst = max(worst, sum(item.needs - item.has for item in missing))
            continue
        check = check_word(dictionary, words.rack, move.answer)
        lengths += check.length if check.valid else 0
        best += check.valid and check.length == _sayable(words)
        valid += check.valid
        everyday += check.valid and dict(words.words).get(move.answer, False)
    exact = possible = short = 0
    for number, (tiles, reach) in enumerate(draws):
        _, answer = opponent.numbers(
            tiles.numbers, tiles.target, random.Random(f"{seed}:{number}:{level}:n"), CLOCK, reach
        )
        possible += reach[-1].exact
        exact += answer.exact
        short += one_tile_short(tiles, answer)
    solved = wrong = 0
    buzz_times: list[float] = []
    for number in range(len(racks)):
        puzzle = PUZZLES[number % len(PUZZLES)]
        move = opponent.conundrum(puzzle, random.Random(f"{seed}:{number}:{level}:c"), CLOCK)
        if move.answer is not None and move.seconds is not None:
            buzz_times.append(move.seconds)
            solved += move.answer == puzzle.answer
            wrong += move.answer != puzzle.answer
    count = len(racks)
    return Figures(
        level, count, best / count, lengths / count, slips, worst, everyday / max(valid, 1),
        exact / max(possible, 1), exact / count, short, solved / count, wrong,
        statistics.median(word_times) if word_times else 0.0,
        statistics.median(buzz_times) if buzz_times else 0.0,
    )  # fmt: skip


def _sayable(words: RackWords) -> int:
    """The length of the rack's longest word a contestant would say on television (the
    opponent never says an offensive word, so neither does the best it is held to)."""
    unsaid = offensive_words()
    return max((len(fold(w)) for w, _ in words.words if fold(w) not in unsaid), default=0)


def one_tile_short(tiles: NumbersDraw, answer: Answer) -> bool:
    """Whether *answer* stops one tile short: one step (+, -, ×, ÷) with a tile it left
    unused would have reached the target."""
    import re

    if answer.exact:
        return False
    used = Counter(int(n) for n in re.findall(r"\d+", answer.solutions[0].rpn))
    value, target = answer.value, tiles.target
    for tile in Counter(tiles.numbers) - used:
        if target in (value + tile, value * tile, abs(value - tile)) or (
            target * tile == value or target * value == tile
        ):
            return True
    return False


def pick_shares(rounds: int = SEEDED_ROUNDS, seed: int = 0) -> dict[str, dict[int, float]]:
    """How the computer picks over *rounds* seeded rounds, as measure() draws them: the
    share of racks with each count of vowels, and of draws with each count of large."""
    vowels: Counter[int] = Counter()
    large: Counter[int] = Counter()
    for number in range(rounds):
        rng = random.Random(f"{seed}:{number}:picks")
        vowels[contestant_letters(rng).count("v")] += 1
        large[contestant_large(rng)] += 1
    return {
        "vowels": {n: vowels[n] / rounds for n in sorted(vowels)},
        "large": {n: large[n] / rounds for n in sorted(large)},
    }


def misses(figures: Figures) -> list[str]:
    """Where *figures* miss the level's TARGETS (empty: on target)."""
    found = []
    for name, value, (low, high) in zip(
        ("maximum", "exact", "solved"),
        (figures.maximum, figures.exact, figures.solved),
        TARGETS[figures.level],
        strict=True,
    ):
        if not low <= value <= high:
            found.append(f"{figures.level} {name} {value:.1%} is outside {low:.0%}-{high:.0%}")
    if figures.short:
        found.append(f"{figures.level} stopped one tile short {figures.short} times")
    if figures.worst_slip > 1:
        found.append(f"{figures.level} made a slip {figures.worst_slip} letters beyond the rack")
    return found


if __name__ == "__main__":
    with Dictionary(DEFAULT_NAME) as full, Dictionary(COMMON_NAME) as everyday:
        print("level    max   mean  slips common  exact  (all) short  conundrum  wrong  word-s")
        for f in measure(full, everyday):
            print(
                f"{f.level:8} {f.maximum:5.1%} {f.mean_length:5.2f} {f.slips:5d} {f.everyday:6.1%}"
                f"  {f.exact:5.1%} {f.exact_all:6.1%} {f.short:5d}  {f.solved:8.1%}"
                f" {f.wrong_buzzes:6d} {f.median_word_seconds:7.1f}"
            )
        shares = pick_shares()
        print("vowels:", ", ".join(f"{n} {share:.1%}" for n, share in shares["vowels"].items()))
        print("large:", ", ".join(f"{n} {share:.1%}" for n, share in shares["large"].items()))
