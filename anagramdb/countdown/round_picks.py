"""The picks of a round, the first events of answers.Round: a player's vowels and
consonants one at a time, the rest at random, the count of large numbers, or the picks
made like a contestant (the computer's turn, the daily challenge).

PickedRound is the base of answers.Round: what it needs of the game is a PickHost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..errors import InvalidGameError
from .picks import DEFAULT_LARGE, LetterPicker, contestant_large, contestant_letters
from .round_kinds import RoundKind
from .show import MAX_LARGE

if TYPE_CHECKING:
    from random import Random

    from .draw import NumbersDraw


class PickHost(Protocol):
    """What the picks need of the game: each round's generators and numbers draw."""

    def rng(self, number: int, purpose: str) -> Random: ...
    def numbers(self, number: int, large: int) -> NumbersDraw: ...


class PickedRound:
    """A round's picks: *number* (0-based) of *kind* in *game*, in phase *phase*."""

    game: PickHost
    number: int
    kind: RoundKind
    phase: str
    picks: LetterPicker
    draw: NumbersDraw | None

    @property
    def letters(self) -> str:
        return self.picks.letters

    def _require(self, *phases: str) -> None:
        if self.phase not in phases:
            raise InvalidGameError(
                f"round {self.number + 1} is in its {self.phase} phase, not {' or '.join(phases)}"
            )

    def pick(self, kind: str) -> str:
        """The picker asks for a vowel (``v``) or consonant (``c``); returns the letter.
        A refused pick raises InvalidGameError with the host's words ("no more vowels")."""
        self._require("pick")
        if self.kind != RoundKind.LETTERS:
            raise InvalidGameError("this is a numbers round: choose how many large numbers")
        letter = self.picks.pick(kind)
        if self.picks.done:
            self.phase = "ready"
        return letter

    def pick_rest(self) -> str:
        """The remaining letters at random (3 to 5 vowels in all); returns the rack."""
        self._require("pick")
        self.picks.auto()
        self.phase = "ready"
        return self.letters

    def choose_large(self, large: int = DEFAULT_LARGE) -> NumbersDraw:
        """The picker's count of large numbers (0 to MAX_LARGE); returns the tiles and target."""
        self._require("pick")
        if self.kind != RoundKind.NUMBERS:
            raise InvalidGameError("this is a letters round: pick vowels and consonants")
        if not 0 <= large <= MAX_LARGE:
            raise InvalidGameError(f"choose 0 to {MAX_LARGE} large numbers, not {large}")
        self.draw = self.game.numbers(self.number, large)
        self.phase = "ready"
        return self.draw

    def pick_for_computer(self) -> str:
        """The picks made like a contestant (the computer's turn, or the daily challenge):
        the calls, such as ``cvccvcvcc``, or the count of large numbers as a digit."""
        rng = self.game.rng(self.number, "picks")
        if self.kind == RoundKind.NUMBERS:
            large = contestant_large(rng)
            self.choose_large(large)
            return str(large)
        self._require("pick")
        calls = contestant_letters(rng)
        for call in calls:
            self.pick(call)
        return calls
