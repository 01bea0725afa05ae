"""Draws as on the show: nine letters from the two piles, or six number tiles and a target.

The letter piles are one table, LETTER_PILES, which a user can replace with a file of
``LETTER COUNT`` lines (see docs/FORMAT.md). The counts are the ones commonly published for
recent series of Countdown (vowels 67 tiles, consonants 74); vowels are A E I O U.
"""

from __future__ import annotations

import os
import random
from typing import NamedTuple

from ..errors import (
    InvalidArgumentError,
    PilesFormatError,
    StorageError,
    describe_os_error,
    quoted,
)
from ..lines import bounded_lines
from .show import (
    LARGE_TILES,
    MAX_LARGE,
    MAX_VOWELS,
    MIN_VOWELS,
    RACK_SIZE,
    SHOW_TILES,
    SMALL_TILES,
    TARGET_RANGE,
    TILES_DRAWN,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

VOWELS = "AEIOU"
LETTER_PILES = {
    "A": 15, "E": 21, "I": 13, "O": 13, "U": 5,
    "B": 2, "C": 3, "D": 6, "F": 2, "G": 3, "H": 2, "J": 1, "K": 1, "L": 5, "M": 4, "N": 8,
    "P": 4, "Q": 1, "R": 9, "S": 9, "T": 9, "V": 1, "W": 1, "X": 1, "Y": 1, "Z": 1,
}  # fmt: skip
SEED_LIMIT = 10**9  # seeds that pages and the API accept or make: 0 <= seed < SEED_LIMIT
MAX_PILE = 1000  # tiles of one letter in a piles file: more would only cost memory
MAX_TILES = 10_000  # tiles in all the piles (the show's have 141): a draw lists them


class LettersDraw(NamedTuple):
    """Nine letters in the order drawn, and how many are vowels."""

    letters: str
    vowels: int

    def to_dict(self) -> dict[str, object]:
        return {
            "letters": self.letters,
            "vowels": self.vowels,
            "consonants": len(self.letters) - self.vowels,
        }


def read_piles(path: str | os.PathLike[str]) -> dict[str, int]:
    """Letter piles from a file: one ``LETTER COUNT`` a line (COUNT from 1 to MAX_PILE); blank
    lines and # comments ignored. Raises PilesFormatError naming the line."""
    try:
        with open(path, "rb") as handle:
            # Lines are bounded (a file without line breaks is refused after MAX_LINE
            # bytes), and so is the table: MAX_PILE a letter, MAX_TILES in all.
            lines = enumerate(bounded_lines(handle, str(path)))
            text = (raw.decode("utf-8-sig" if n == 0 else "utf-8") for n, raw in lines)
            return _parse_piles(str(path), text)
    except (OSError, UnicodeDecodeError) as exc:
        reason = describe_os_error(exc) if isinstance(exc, OSError) else "not UTF-8 text"
        raise StorageError(f"cannot read letter piles {path}: {reason}") from exc


def _parse_piles(path: str, lines: Iterable[str]) -> dict[str, int]:
    piles: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        line = line.rstrip("\r\n")
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        parts = text.split()
        if (
            len(parts) != 2
            or len(parts[0]) != 1
            or not parts[0].isalpha()
            or not (parts[1].isascii() and parts[1].isdigit())
            or not parts[1].strip("0")
        ):
            raise PilesFormatError(
                f"{path}: line {number}: expected a letter and a positive count, like 'E 21', not "
                f"{quoted(line)}"
            )
        if len(parts[1]) > len(str(MAX_PILE)) or int(parts[1]) > MAX_PILE:
            raise PilesFormatError(
                f"{path}: line {number}: a count is at most {MAX_PILE}, not "
                f"{parts[1][:20]}{'...' * (len(parts[1]) > 20)}"
            )
        letter = parts[0].upper()
        if letter in piles:
            raise PilesFormatError(f"{path}: line {number}: letter {letter} is listed twice")
        piles[letter] = int(parts[1])
        if sum(piles.values()) > MAX_TILES:
            raise PilesFormatError(
                f"{path}: line {number}: the piles hold more than {MAX_TILES:,} tiles in all"
            )
    return piles


def draw_letters(
    vowels: int | None = None, seed: int | None = None, piles: dict[str, int] | None = None
) -> LettersDraw:
    """Nine letters drawn without replacement: *vowels* from the vowel pile (3 to 5; a
    random count in that range by default) and the rest from the consonant pile, in a
    random order. The same *seed* gives the same draw."""
    piles = LETTER_PILES if piles is None else piles
    if vowels is not None and not MIN_VOWELS <= vowels <= MAX_VOWELS:
        raise InvalidArgumentError(
            f"the number of vowels must be from {MIN_VOWELS} to {MAX_VOWELS}, not {vowels}"
        )
    for letter, count in piles.items():
        if not 0 <= count <= MAX_PILE:
            raise InvalidArgumentError(
                f"a pile holds 0 to {MAX_PILE} tiles of a letter, not {count} of {letter!r}"
            )
    if sum(piles.values()) > MAX_TILES:
        raise InvalidArgumentError(f"the piles hold at most {MAX_TILES:,} tiles in all")
    rng = random.Random(seed)
    if vowels is None:
        vowels = rng.randint(MIN_VOWELS, MAX_VOWELS)
    vowel_pile = [
        letter for letter, count in piles.items() if letter in VOWELS for _ in range(count)
    ]
    consonant_pile = [
        letter for letter, count in piles.items() if letter not in VOWELS for _ in range(count)
    ]
    consonants = RACK_SIZE - vowels
    if len(vowel_pile) < vowels or len(consonant_pile) < consonants:
        raise InvalidArgumentError(
            f"the piles hold {len(vowel_pile)} vowels and {len(consonant_pile)} consonants: too "
            f"few for {vowels} and {consonants}"
        )
    drawn = rng.sample(vowel_pile, vowels) + rng.sample(consonant_pile, consonants)
    rng.shuffle(drawn)
    return LettersDraw("".join(drawn), vowels)


class NumbersDraw(NamedTuple):
    """Six tiles in the order drawn (large ones first, as on the show) and a target."""

    numbers: list[int]
    target: int

    def to_dict(self) -> dict[str, object]:
        return {"numbers": self.numbers, "target": self.target}


def draw_numbers(large: int | None = None, seed: int | None = None) -> NumbersDraw:
    """Six tiles drawn without replacement: *large* of LARGE_TILES (0 to MAX_LARGE; random by
    default) and the rest from two each of 1 to 10, and a target from 101 to 999."""
    if large is not None and not 0 <= large <= MAX_LARGE:
        raise InvalidArgumentError(
            f"the number of large tiles must be from 0 to {MAX_LARGE}, not {large}"
        )
    rng = random.Random(seed)
    if large is None:
        large = rng.randint(0, MAX_LARGE)
    small_pile = [n for n in SMALL_TILES for _ in range(SHOW_TILES[n])]
    numbers = rng.sample(LARGE_TILES, large) + rng.sample(small_pile, TILES_DRAWN - large)
    return NumbersDraw(numbers, rng.randint(*TARGET_RANGE))
