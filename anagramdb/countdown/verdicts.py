"""Verdicts on a round's declarations: each player's Play, the points as the show awards
them, the best answers, and the RoundResult that a front end reveals.

A Play is one player's declaration judged alone (its score if nobody else played) and its
rank; rules.award then gives the points: in letters and numbers only the best-ranked
answers score, in the conundrum only the first right answer.
"""

from __future__ import annotations

from typing import NamedTuple

from ..dictionary import Dictionary
from ..errors import InvalidNumbersError, InvalidRackError
from ..keys import fold
from .broadcast import longest_fit
from .draw import NumbersDraw
from .numbers import Answer
from .numbers_check import check_numbers
from .opponent import Move, RackWords
from .round_kinds import RoundKind
from .rules import CONUNDRUM_SCORE, award, check_word, numbers_score
from .rules import word_score as letters_score

BEST_WORDS_SHOWN = 5
NO_ANSWER = "no answer"


class Play(NamedTuple):
    """One player's declaration in a round, judged alone: its score, and the rank that
    decides against the other players (see rules.award)."""

    player: str
    answer: str | None
    valid: bool
    score: int
    rank: float
    reason: str | None
    reasoning: str | None = None  # the computer's: how it came to its answer
    seconds: float | None = None  # when it was entered or buzzed (None: no clock)
    value: int | None = None  # letters: the word's length; numbers: the answer's value

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player, "answer": self.answer, "valid": self.valid, "value": self.value,
            "score": self.score,
            "reason": self.reason, "reasoning": self.reasoning, "seconds": self.seconds,
        }  # fmt: skip


class RoundResult(NamedTuple):
    """A played round: what was drawn, each player's play, the points, the best answers,
    and the most points the round offered one player (``available``)."""

    number: int
    kind: RoundKind
    puzzle: dict[str, object]
    plays: list[Play]
    points: list[int]
    best: dict[str, object]
    available: int = 0
    crucial: bool = False
    picker: str | None = None
    # Dictionary Corner: what the round's words mean (defined_words), when the game looks
    # them up: word -> {"defined", "entries"} as definitions.Definition.to_dict() has them
    definitions: dict[str, object] | None = None

    def points_of(self, player: str) -> int:
        for play, points in zip(self.plays, self.points, strict=True):
            if play.player == player:
                return points
        return 0

    def play_of(self, player: str) -> Play | None:
        return next((play for play in self.plays if play.player == player), None)

    def to_dict(self) -> dict[str, object]:
        record = {
            "round": self.number + 1, "kind": self.kind, "crucial": self.crucial,
            "picker": self.picker,
            "puzzle": self.puzzle, "plays": [p.to_dict() for p in self.plays],
            "points": dict(zip([p.player for p in self.plays], self.points, strict=True)),
            "best": self.best, "available": self.available,
        }  # fmt: skip
        if self.definitions is not None:
            record["definitions"] = self.definitions
        return record


def unanswered(
    player: str, reason: str = NO_ANSWER, reasoning: str | None = None, seconds: float | None = None
) -> Play:
    return Play(player, None, False, 0, 0, reason, reasoning, seconds)


def word_play(
    dictionary: Dictionary,
    name: str,
    player: str,
    letters: str,
    word: str | None,
    reasoning: str | None = None,
    seconds: float | None = None,
) -> Play:
    """*player*'s word for the rack *letters*, checked against *dictionary* (shown as *name*)."""
    if not word or not word.strip():
        return unanswered(player, reasoning=reasoning, seconds=seconds)
    word = word.strip()
    try:
        check = check_word(dictionary, letters, word, name=name)
    except InvalidRackError as exc:  # not a word at all: scores nothing, with the reason
        return Play(player, word, False, 0, 0, str(exc), reasoning, seconds)
    length = check.length if check.valid else 0
    return Play(
        player, word, check.valid, check.score, length, check.reason, reasoning, seconds,
        length or None,
    )  # fmt: skip


def numbers_play(
    player: str,
    draw: NumbersDraw,
    answer: str | None,
    reasoning: str | None = None,
    seconds: float | None = None,
) -> Play:
    """*player*'s working for the *draw*, checked step by step (numbers_check)."""
    if not answer or not answer.strip():
        return unanswered(player, reasoning=reasoning, seconds=seconds)
    answer = answer.strip()
    try:
        check = check_numbers(draw.numbers, draw.target, answer)
    except InvalidNumbersError as exc:  # text that is not an answer scores nothing
        return Play(player, answer, False, 0, 0, str(exc), reasoning, seconds)
    rank = -check.distance if check.distance is not None else 0
    return Play(
        player, answer, check.valid, check.score, rank, check.reason, reasoning, seconds,
        check.value,
    )  # fmt: skip


def conundrum_play(
    player: str,
    text: str | None,
    seconds: float | None,
    rank: float,
    winner: str | None,
    move: Move | None = None,
) -> Play:
    """*player*'s buzz in the conundrum (*text*: what they said, None: no buzz): right
    only for the *winner*, the first right answer."""
    reasoning = move.reasoning if move else None
    if not text:
        first = f" ({winner} buzzed first)" if winner and winner != player else ""
        return unanswered(player, NO_ANSWER + first, reasoning)
    if winner == player:
        return Play(player, text, True, CONUNDRUM_SCORE, rank, None, reasoning, seconds)
    return Play(player, text, False, 0, 0, f"{text} is not the answer", reasoning, seconds)


def letters_best(words: RackWords) -> tuple[dict[str, object], int]:
    """The best answers of a rack (its longest words, a few shown) and their score."""
    longest = longest_fit(word for word, _ in words.words)  # no slur on screen (broadcast.py)
    best = {
        "words": longest[:BEST_WORDS_SHOWN],
        "length": len(fold(longest[0])) if longest else words.longest,
        "count": len(longest),
    }
    return best, letters_score(words.longest) if words.words else 0


def numbers_best(answer: Answer) -> tuple[dict[str, object], int]:
    """The solver's answer for a draw and its score."""
    return answer.solutions[0].to_dict() | {"distance": answer.distance}, numbers_score(
        answer.distance
    )


def conundrum_best(answer: str) -> tuple[dict[str, object], int]:
    return {"answer": answer}, CONUNDRUM_SCORE


def defined_words(kind: RoundKind, plays: list[Play], best: dict[str, object]) -> list[str]:
    """The words Dictionary Corner explains after a round, folded, each once: a letters
    round's best answers (those shown) and every player's word; a conundrum's answer and
    every word buzzed. None for a numbers round."""
    if kind == RoundKind.LETTERS:
        shown = best["words"]
        assert isinstance(shown, list)
        words = [str(word) for word in shown]
    elif kind == RoundKind.CONUNDRUM:
        words = [str(best["answer"])]
    else:
        return []
    words += [play.answer for play in plays if play.answer]
    return list(dict.fromkeys(fold(word.strip()) for word in words if fold(word.strip())))


def points(plays: list[Play]) -> list[int]:
    """The show's points for the plays of one round (rules.award)."""
    return award([p.score for p in plays], [p.rank for p in plays])
