"""Queries as the front ends receive them, turned into the library's answers (no typer, no
printing): shared by the command line (its quick path in cli/console.py and its typer
commands) and the web API, so every front end gives the same answers, raises the same errors
and, through each result's ``to_dict()``, returns the same JSON records. Text rendering is
each front end's own (cli/render.py, web/pages.py).
"""

from __future__ import annotations

from ..errors import InvalidNumbersError, quoted
from ..errors import warn as library_warning
from .records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold lookup more than its solve
    from collections.abc import Callable
    from typing import Any

    from ..dictionary import Dictionary
    from .budget import Budget


def without_spaces(letters: str) -> str:
    """Spaces separate words of a phrase and never count as letters ('dirty room')."""
    return letters.replace(" ", "")


def anagrams(dictionary: Dictionary, letters: str) -> dict[str, Any]:
    """The exact anagrams of *letters*, as the JSON record: letters, key, words."""
    from ..keys import letters_key

    key = letters_key(without_spaces(letters))
    return {"letters": letters, "key": key, "words": dictionary.words_with_key(key)}


class LettersResult(Record, tuple[str, list["Any"]]):
    """A letters-round answer: the rack as given, and countdown.letters.LettersWord items:
    ``(rack, words)``, a Record (a NamedTuple class would import typing)."""

    __slots__ = ()
    _fields = ("rack", "words")

    def __new__(cls, rack: str, words: list[Any]) -> LettersResult:
        return tuple.__new__(cls, (rack, words))

    @property
    def rack(self) -> str:
        return self[0]

    @property
    def words(self) -> list[Any]:
        return self[1]


def letters(
    dictionary: Dictionary,
    rack: str,
    min_length: int,
    enough: int,
    everything: bool = False,
    budget: Budget | None = None,
) -> LettersResult:
    """The letters round's words for *rack* (countdown.letters.solve_letters), within
    *budget* (countdown.budget) when one is given."""
    from ..countdown.letters import solve_letters

    found = solve_letters(dictionary, rack, min_length, enough, everything, budget=budget)
    return LettersResult(rack, found)


class PhrasesResult(Record, tuple[str, list[tuple[str, ...]]]):
    """A multi-word anagram search's answer: ``(letters, phrases)``, fewest words first."""

    __slots__ = ()
    _fields = ("letters", "phrases")

    def __new__(cls, letters: str, phrases: list[tuple[str, ...]]) -> PhrasesResult:
        return tuple.__new__(cls, (letters, phrases))

    @property
    def letters(self) -> str:
        return self[0]

    @property
    def phrases(self) -> list[tuple[str, ...]]:
        return self[1]

    def to_dict(self) -> dict[str, object]:
        """The JSON record: letters, phrases (each a list of words), and their count."""
        return {**super().to_dict(), "count": len(self.phrases)}


def whole_numbers(texts: list[str]) -> list[int]:
    """Command-line numbers as ints, refusing anything but plain digits ('²', '1_0', '٣')."""
    from .numbers import MAX_DIGITS

    values = []
    for text in texts:
        digits = text[1:] if text[:1] == "-" else text
        if not (digits.isascii() and digits.isdigit()):
            raise InvalidNumbersError(f"{quoted(text)} is not a whole number")
        if len(digits.lstrip("0")) > MAX_DIGITS:  # counted before int(), which fails at 4,300
            raise InvalidNumbersError(
                f"{quoted(text)} has {len(digits.lstrip('0')):,} digits; numbers have at most "
                f"{MAX_DIGITS}"
            )
        magnitude = int(digits.lstrip("0") or "0")
        values.append(-magnitude if text[:1] == "-" else magnitude)
    return values


def numbers(
    values: list[int],
    target: int,
    every: bool = False,
    ascii_signs: bool = False,
    strict: bool = False,
    warn: Callable[[str], None] | None = None,
    deadline: float | None = None,
    budget: Budget | None = None,
) -> Any:
    """Solve a numbers game (countdown.numbers.Answer). A game the show's tiles and targets
    could not make gets an AnagramDBWarning (or a call of *warn*: a threaded server cannot
    catch warnings), or with *strict* an InvalidNumbersError. A *deadline*
    (time.monotonic()) bounds listing every solution."""
    from ..countdown.numbers import off_the_show, solutions, solve, validate

    validate(values, target)
    problems = off_the_show(values, target)
    if problems:
        message = f"not a game from the show: {'; '.join(problems)}"
        if strict:
            raise InvalidNumbersError(message)
        if warn is not None:
            warn(message)
        else:
            library_warning(message, stacklevel=2)
    if every:
        return solutions(values, target, ascii_signs, deadline, budget)
    return solve(values, target, ascii_signs, budget)
