"""The game of Countdown on the storage engine: the solvers of its rounds, its draws,
rules and scoring, and a whole game played by events for any front end.

This is where the Countdown API lives: the names in ``__all__`` are exported here, under
names that say which round they serve (``find_phrases``, not ``phrases``, which is the
module), with the errors a caller of the game may catch. Each is loaded on first use, so
``import anagramdb.countdown`` costs nothing until one is used. docs/API.md has examples
and docs/ARCHITECTURE.md the map of the modules, each of which owns one thing.

Nothing here prints or parses command lines (the front ends, ``anagramdb.cli`` and
``anagramdb.web``, do that). The solvers read only the Dictionary they are given. Files
are opened by history (the history file: read, written atomically, set aside when
damaged), draw.read_piles (a piles file), and the readers of the packaged data:
conundrum (its answer lists), opponent and conundrum (the offensive list), reasons (why
a word is not in a dictionary), rules.packaged_dictionaries and opponent_figures.measure
(the packaged dictionaries).
"""

from __future__ import annotations

# The errors the game raises, for its callers (anagramdb.errors is loaded already).
from ..errors import InvalidGameError, InvalidNumbersError, InvalidRackError, PilesFormatError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .budget import Budget, WorkLimitError
    from .conundrum import Conundrum, solve_conundrum
    from .conundrum import Solution as ConundrumSolution
    from .conundrum import generate as generate_conundrums
    from .draw import LETTER_PILES, LettersDraw, NumbersDraw, draw_letters, draw_numbers, read_piles
    from .game import Game
    from .letters import ENOUGH, METHODS, MIN_LENGTH, LettersWord, solve_letters, words_within
    from .numbers import Answer, reachable, validate
    from .numbers import solutions as numbers_solutions
    from .numbers import solve as solve_numbers
    from .numbers_check import NumbersCheck, check_numbers
    from .numbers_forms import Expression
    from .numbers_stats import Stats
    from .numbers_stats import statistics as numbers_statistics
    from .phrases import phrases as find_phrases
    from .round_kinds import RoundKind
    from .rules import WordCheck, check_conundrum, check_word, numbers_score

# public name -> (module, name there)
_LAZY = {
    "solve_letters": ("letters", "solve_letters"),
    "words_within": ("letters", "words_within"),
    "LettersWord": ("letters", "LettersWord"),
    "ENOUGH": ("letters", "ENOUGH"),
    "MIN_LENGTH": ("letters", "MIN_LENGTH"),
    "METHODS": ("letters", "METHODS"),
    "find_phrases": ("phrases", "phrases"),
    "solve_conundrum": ("conundrum", "solve_conundrum"),
    "ConundrumSolution": ("conundrum", "Solution"),
    "generate_conundrums": ("conundrum", "generate"),
    "Conundrum": ("conundrum", "Conundrum"),
    "solve_numbers": ("numbers", "solve"),
    "numbers_solutions": ("numbers", "solutions"),
    "reachable": ("numbers", "reachable"),
    "validate": ("numbers", "validate"),
    "Answer": ("numbers", "Answer"),
    "Expression": ("numbers_forms", "Expression"),
    "numbers_statistics": ("numbers_stats", "statistics"),
    "Stats": ("numbers_stats", "Stats"),
    "draw_letters": ("draw", "draw_letters"),
    "draw_numbers": ("draw", "draw_numbers"),
    "read_piles": ("draw", "read_piles"),
    "LettersDraw": ("draw", "LettersDraw"),
    "NumbersDraw": ("draw", "NumbersDraw"),
    "LETTER_PILES": ("draw", "LETTER_PILES"),
    "check_word": ("rules", "check_word"),
    "WordCheck": ("rules", "WordCheck"),
    "check_conundrum": ("rules", "check_conundrum"),
    "numbers_score": ("rules", "numbers_score"),
    "check_numbers": ("numbers_check", "check_numbers"),
    "NumbersCheck": ("numbers_check", "NumbersCheck"),
    "Game": ("game", "Game"),
    "RoundKind": ("round_kinds", "RoundKind"),
    "Budget": ("budget", "Budget"),
    "WorkLimitError": ("budget", "WorkLimitError"),
}


def __getattr__(name: str) -> object:
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{where[0]}"), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "ENOUGH",
    "LETTER_PILES",
    "METHODS",
    "MIN_LENGTH",
    "Answer",
    "Budget",
    "Conundrum",
    "ConundrumSolution",
    "Expression",
    "Game",
    "InvalidGameError",
    "InvalidNumbersError",
    "InvalidRackError",
    "LettersDraw",
    "LettersWord",
    "NumbersCheck",
    "NumbersDraw",
    "PilesFormatError",
    "RoundKind",
    "Stats",
    "WordCheck",
    "WorkLimitError",
    "check_conundrum",
    "check_numbers",
    "check_word",
    "draw_letters",
    "draw_numbers",
    "find_phrases",
    "generate_conundrums",
    "numbers_score",
    "numbers_solutions",
    "numbers_statistics",
    "reachable",
    "read_piles",
    "solve_conundrum",
    "solve_letters",
    "solve_numbers",
    "validate",
    "words_within",
]
