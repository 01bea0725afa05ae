"""A game of Countdown as a sequence of rounds, for any front end (terminal, web page).

The front end drives it round by round and owns the clock; the game draws, checks,
answers for the computer opponent, scores and keeps the log::

    game = Game(dictionary, common, rounds="LNC", seed=7, opponent="hard")
    picker = game.letters(0)            # then picker.pick("v") / ("c") ..., or picker.auto()
    result = game.play_letters(0, picker.letters, "scooper", seconds=12.5)
    draw = game.numbers(1, large=2)     # tiles and target
    result = game.play_numbers(1, draw, "(100 + 6) * 3")
    puzzle = game.conundrum(2); move = game.conundrum_move(2, puzzle)
    result = game.play_conundrum(2, puzzle, "cannonade", seconds=4.0)
    game.totals, game.record()

Everything random comes from per-round generators derived from the game's seed, so the
same seed and the same moves replay the same game: letters, numbers, targets, conundrum
and the opponent's answers.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..dictionary import Dictionary
from ..errors import InvalidGameError, InvalidNumbersError, InvalidRackError, quoted
from .conundrum import Conundrum, generate
from .draw import (
    LETTER_PILES,
    MAX_VOWELS,
    MIN_VOWELS,
    RACK_SIZE,
    VOWELS,
    NumbersDraw,
    draw_numbers,
)
from .letters import solve_letters
from .numbers import solve
from .numbers_check import check_numbers
from .opponent import OPPONENTS, Move, Opponent
from .rules import allowed_picks, award, check_conundrum, check_word

FORMATS = {"full": "LLNLLNLLNLLLLNC", "quick": "LNC"}
DEFAULT_FORMAT = "full"
DEFAULT_SECONDS = 30
DEFAULT_OPPONENT = "none"
DEFAULT_LARGE = 1  # large numbers when a player does not choose
ROUND_KINDS = {"L": "letters", "N": "numbers", "C": "conundrum"}
MAX_ROUNDS = 50
BEST_WORDS_SHOWN = 5
PLAYER, COMPUTER = "you", "computer"


def parse_rounds(spec: str) -> str:
    """The round letters of a format name (FORMATS) or a custom string such as ``LLNC``."""
    rounds = FORMATS.get(spec, spec).upper()
    if not rounds or len(rounds) > MAX_ROUNDS or set(rounds) - set(ROUND_KINDS):
        raise InvalidGameError(
            f"rounds must be {' or '.join(FORMATS)} or up to {MAX_ROUNDS} of L (letters), N "
            f"(numbers), C (conundrum), not {quoted(spec)}"
        )
    return rounds


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

    def pick(self, kind: str, forced: bool = False) -> str:
        """Take the next letter from the vowel (``v``) or consonant (``c``) pile; returns it.

        A pick the rules refuse raises InvalidGameError, unless *forced*: then, as on the
        show, the letter comes from the one pile still allowed.
        """
        kind = {"v": "vowel", "c": "consonant"}.get(kind.lower(), kind.lower())
        allowed = self.allowed()
        if forced and kind in ("vowel", "consonant") and kind not in allowed and len(allowed) == 1:
            kind = allowed[0]
        if kind not in allowed:
            if self.done:
                raise InvalidGameError(f"all {RACK_SIZE} letters are picked")
            if kind not in ("vowel", "consonant"):
                raise InvalidGameError(f"pick v (vowel) or c (consonant), not {kind!r}")
            raise InvalidGameError(
                f"no more {kind}s: nine letters need at least 3 vowels and 4 consonants"
            )
        letter = self.piles[kind].pop()
        self.letters += letter
        self.vowels += kind == "vowel"
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


class Play(NamedTuple):
    """One player's answer in a round, judged alone: its score, and the rank that decides
    against the other player (see rules.award)."""

    player: str
    answer: str | None
    valid: bool
    score: int
    rank: float
    reason: str | None
    reasoning: str | None = None
    seconds: float | None = None
    value: int | None = None  # letters: the word's length; numbers: the answer's value

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "answer": self.answer,
            "valid": self.valid,
            "value": self.value,
            "score": self.score,
            "reason": self.reason,
            "reasoning": self.reasoning,
            "seconds": self.seconds,
        }


class RoundResult(NamedTuple):
    """A played round: what was drawn, each player's answer, the points awarded, the best."""

    number: int
    kind: str
    puzzle: dict[str, object]
    plays: list[Play]
    points: list[int]
    best: dict[str, object]

    def to_dict(self) -> dict[str, object]:
        return {
            "round": self.number + 1,
            "kind": self.kind,
            "puzzle": self.puzzle,
            "plays": [p.to_dict() for p in self.plays],
            "points": dict(zip([p.player for p in self.plays], self.points, strict=True)),
            "best": self.best,
        }


def _unanswered(
    player: str, late: bool, seconds: float | None = None, reasoning: str | None = None
) -> Play:
    return Play(
        player, None, False, 0, 0, "no answer in time" if late else "no answer", reasoning, seconds
    )


class Game:
    """A game: its rounds, seed, opponent and results so far."""

    def __init__(
        self,
        dictionary: Dictionary,
        common: Dictionary,
        rounds: str = DEFAULT_FORMAT,
        seed: int | None = None,
        opponent: str = DEFAULT_OPPONENT,
        seconds: int = DEFAULT_SECONDS,
        dictionary_name: str | None = None,
    ) -> None:
        if opponent not in OPPONENTS:
            raise InvalidGameError(
                f"the opponent is one of {', '.join(OPPONENTS)}, not {opponent!r}"
            )
        if seconds < 0:
            raise InvalidGameError(f"seconds must be 0 (no clock) or more, not {seconds}")
        self.dictionary = dictionary
        self.common = common
        self.dictionary_name = dictionary_name or dictionary.path
        self.rounds = parse_rounds(rounds)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        self.opponent_level = opponent
        self.opponent = None if opponent == "none" else Opponent(opponent, dictionary, common)
        self.seconds = seconds
        master = random.Random(self.seed)
        self._seeds = [master.getrandbits(32) for _ in self.rounds]
        self.results: list[RoundResult] = []

    @property
    def players(self) -> list[str]:
        return [PLAYER] if self.opponent is None else [PLAYER, COMPUTER]

    @property
    def totals(self) -> dict[str, int]:
        """Each player's score so far."""
        return {
            name: sum(result.points[i] for result in self.results)
            for i, name in enumerate(self.players)
        }

    def _seed(self, number: int) -> int:
        if not 0 <= number < len(self.rounds):
            raise InvalidGameError(f"there is no round {number + 1}")
        return self._seeds[number]

    def _rng(self, number: int, purpose: str) -> random.Random:
        """A generator for one purpose in one round (independent of the other purposes)."""
        return random.Random(f"{self._seed(number)}:{purpose}")

    def kind(self, number: int) -> str:
        return ROUND_KINDS[self.rounds[number]]

    def letters(self, number: int) -> LetterPicker:
        """The piles of letters round *number* (0-based), ready for picks."""
        return LetterPicker(self._rng(number, "letters"))

    def numbers(self, number: int, large: int) -> NumbersDraw:
        """The tiles (*large* of them large, 0-4) and target of numbers round *number*."""
        return draw_numbers(large, self._seed(number))

    def conundrum(self, number: int) -> Conundrum:
        """The conundrum of round *number*: a nine-letter word from the common words, the
        only one with its letters in the game's dictionary (or, when that has none to
        offer, among the common words)."""
        made = generate(self.dictionary, self.common, 1, self._seed(number))
        if not made:  # a small game dictionary: uniqueness among the common words instead
            made = generate(self.common, self.common, 1, self._seed(number))
        if not made:
            raise InvalidGameError("no conundrum can be made from these dictionaries")
        return made[0]

    def conundrum_move(self, number: int, puzzle: Conundrum) -> Move | None:
        """The opponent's conundrum answer and time, known in advance so that the front end
        can end the round when the opponent buzzes (None without an opponent)."""
        return (
            None
            if self.opponent is None
            else self.opponent.conundrum(puzzle, self._rng(number, "opponent"))
        )

    def _finish(
        self, number: int, puzzle: dict[str, object], plays: list[Play], best: dict[str, object]
    ) -> RoundResult:
        points = award([p.score for p in plays], [p.rank for p in plays])
        result = RoundResult(number, self.kind(number), puzzle, plays, points, best)
        self.results.append(result)
        return result

    def _word_play(
        self,
        player: str,
        letters: str,
        word: str | None,
        late: bool = False,
        seconds: float | None = None,
        reasoning: str | None = None,
    ) -> Play:
        if not word or not word.strip():
            return _unanswered(player, late, seconds, reasoning)
        try:
            check = check_word(self.dictionary, letters, word.strip(), name=self.dictionary_name)
        except InvalidRackError as exc:  # not a word at all: scores nothing, with the reason
            return Play(player, word.strip(), False, 0, 0, str(exc), reasoning, seconds)
        length = check.length if check.valid else 0
        return Play(
            player,
            word.strip(),
            check.valid,
            check.score,
            length,
            check.reason,
            reasoning,
            seconds,
            length or None,
        )

    def play_letters(
        self,
        number: int,
        letters: str,
        word: str | None,
        seconds: float | None = None,
        late: bool = False,
    ) -> RoundResult:
        """Score the player's *word* (None or empty: no answer) for the rack *letters*."""
        plays = [self._word_play(PLAYER, letters, word, seconds=seconds, late=late)]
        if self.opponent is not None:
            move = self.opponent.letters(letters, self._rng(number, "opponent"))
            plays.append(self._word_play(COMPUTER, letters, move.answer, reasoning=move.reasoning))
        words = solve_letters(self.dictionary, letters, enough=1)
        longest = [w.word for w in words if w.length == words[0].length] if words else []
        best = {
            "words": longest[:BEST_WORDS_SHOWN],
            "length": words[0].length if words else 0,
            "count": len(longest),
        }
        return self._finish(number, {"letters": letters}, plays, best)

    def _numbers_play(
        self,
        player: str,
        draw: NumbersDraw,
        answer: str | None,
        late: bool = False,
        seconds: float | None = None,
        reasoning: str | None = None,
    ) -> Play:
        if not answer or not answer.strip():
            return _unanswered(player, late, seconds, reasoning)
        try:
            check = check_numbers(draw.numbers, draw.target, answer)
        except (
            InvalidNumbersError
        ) as exc:  # text that is not an answer scores nothing, with the reason
            return Play(player, answer, False, 0, 0, str(exc), reasoning, seconds)
        rank = -check.distance if check.distance is not None else 0
        return Play(
            player,
            answer,
            check.valid,
            check.score,
            rank,
            check.reason,
            reasoning,
            seconds,
            check.value,
        )

    def play_numbers(
        self,
        number: int,
        draw: NumbersDraw,
        answer: str | None,
        seconds: float | None = None,
        late: bool = False,
    ) -> RoundResult:
        """Score the player's *answer* (an expression or steps) for the *draw*."""
        plays = [self._numbers_play(PLAYER, draw, answer, seconds=seconds, late=late)]
        if self.opponent is not None:
            move, _ = self.opponent.numbers(
                draw.numbers, draw.target, self._rng(number, "opponent")
            )
            plays.append(self._numbers_play(COMPUTER, draw, move.answer, reasoning=move.reasoning))
        best = solve(draw.numbers, draw.target)
        return self._finish(
            number, draw.to_dict(), plays, best.solutions[0].to_dict() | {"distance": best.distance}
        )

    def play_conundrum(
        self,
        number: int,
        puzzle: Conundrum,
        guess: str | None,
        seconds: float | None = None,
        late: bool = False,
    ) -> RoundResult:
        """Score the player's *guess* (one guess), answered after *seconds* (None: no clock)."""
        if not guess or not guess.strip():
            plays = [_unanswered(PLAYER, late, seconds)]
        else:
            score = check_conundrum(puzzle.answer, guess)
            reason = None if score else f"{guess.strip()} is not the answer"
            plays = [
                Play(
                    PLAYER,
                    guess.strip(),
                    bool(score),
                    score,
                    -(seconds or 0.0),
                    reason,
                    seconds=seconds,
                )
            ]
        move = self.conundrum_move(number, puzzle)
        if move is not None:
            if move.answer is None:
                plays.append(Play(COMPUTER, None, False, 0, 0, "no answer", move.reasoning))
            elif self.seconds and move.seconds is not None and move.seconds > self.seconds:
                plays.append(
                    Play(
                        COMPUTER,
                        None,
                        False,
                        0,
                        0,
                        "no answer in time",
                        f"{move.reasoning}, after the clock",
                        move.seconds,
                    )
                )
            else:
                seconds_taken = move.seconds or 0.0
                plays.append(
                    Play(
                        COMPUTER,
                        move.answer,
                        True,
                        check_conundrum(puzzle.answer, move.answer),
                        -seconds_taken,
                        None,
                        move.reasoning,
                        seconds_taken,
                    )
                )
        return self._finish(number, {"clue": puzzle.clue}, plays, {"answer": puzzle.answer})

    def record(self) -> dict[str, object]:
        """The game log: settings, every round, totals (JSON-ready)."""
        return {
            "seed": self.seed,
            "rounds": self.rounds,
            "opponent": self.opponent_level,
            "seconds": self.seconds,
            "dictionary": self.dictionary_name,
            "results": [r.to_dict() for r in self.results],
            "totals": self.totals,
            "finished": len(self.results) == len(self.rounds),
        }
