"""The query commands' work, from command-line text to the library's answer (no typer, no
printing): shared by the quick path in console.py and the typer commands, so both give
the same answers and raise the same errors. Rendering is render.py's.
"""

from __future__ import annotations

import warnings
from typing import Any, NamedTuple

from ..dictionary import Dictionary
from ..errors import AnagramDBWarning, InvalidNumbersError, quoted


def without_spaces(letters: str) -> str:
    """Spaces separate words of a phrase and never count as letters ('dirty room')."""
    return letters.replace(" ", "")


def anagrams(dictionary: Dictionary, letters: str) -> dict[str, Any]:
    """The exact anagrams of *letters*, as the JSON record: letters, key, words."""
    from ..keys import letters_key

    key = letters_key(without_spaces(letters))
    return {"letters": letters, "key": key, "words": dictionary.words_with_key(key)}


class LettersResult(NamedTuple):
    """A letters-round answer: the rack as given, and countdown.letters.LettersWord items."""

    rack: str
    words: list[Any]


def letters(dictionary: Dictionary, rack: str, min_length: int, enough: int, everything: bool = False) -> LettersResult:
    """The letters round's words for *rack* (countdown.letters.solve_letters)."""
    from ..countdown.letters import solve_letters

    return LettersResult(rack, solve_letters(dictionary, rack, min_length, enough, everything))


def whole_numbers(texts: list[str]) -> list[int]:
    """Command-line numbers as ints, refusing anything but plain digits ('²', '1_0', '٣')."""
    values = []
    for text in texts:
        digits = text[1:] if text[:1] == "-" else text
        if not (digits.isascii() and digits.isdigit()):
            raise InvalidNumbersError(f"{quoted(text)} is not a whole number")
        values.append(int(text))
    return values


def numbers(values: list[int], target: int, every: bool = False, ascii_signs: bool = False, strict: bool = False) -> Any:
    """Solve a numbers game (countdown.numbers.Answer). A game the show's tiles and targets
    could not make gets an AnagramDBWarning, or with *strict* an InvalidNumbersError."""
    from ..countdown.numbers import off_the_show, solutions, solve, validate

    validate(values, target)
    problems = off_the_show(values, target)
    if problems:
        message = f"not a game from the show: {'; '.join(problems)}"
        if strict:
            raise InvalidNumbersError(message)
        warnings.warn(message, AnagramDBWarning, stacklevel=2)
    return (solutions if every else solve)(values, target, ascii_signs)
