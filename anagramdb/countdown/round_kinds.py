"""The kinds of round (RoundKind) and the letter that writes each in a game's rounds.

A game's rounds are a string such as ``LLNLLNC`` (game.FORMATS): L a letters round, N a
numbers round, C a conundrum. A RoundKind is a ``str`` whose value is the kind's name, so
it compares equal to the names in a game log, a history file or a JSON record
(``RoundKind.LETTERS == "letters"``), and ``json`` writes it as that name: the files are
the same as when the kinds were plain strings.

The command line's quick path never comes here: ``enum`` is one of the imports it avoids
(tests/cli/test_cold_path.py).
"""

from __future__ import annotations

from enum import Enum


class RoundKind(str, Enum):
    """A kind of round; its value is the name a record holds."""

    LETTERS = "letters"
    NUMBERS = "numbers"
    CONUNDRUM = "conundrum"

    # The name itself in text too (an Enum's own str() is "RoundKind.LETTERS", and
    # Python 3.12 formats with str()).
    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    @property
    def letter(self) -> str:
        """The letter that writes this kind in a game's rounds (L, N or C)."""
        return LETTERS[self]


# The letter of each kind in a game's rounds; a record's kind name looks it up too.
LETTERS = {RoundKind.LETTERS: "L", RoundKind.NUMBERS: "N", RoundKind.CONUNDRUM: "C"}
KINDS = {letter: kind for kind, letter in LETTERS.items()}  # the kind a letter writes
