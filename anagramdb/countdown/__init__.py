"""The game: solvers for the rounds of Countdown, built on the storage engine.

``letters`` (longest words from a rack), ``phrases`` (multi-word anagrams), ``conundrum``
(solve and generate), ``draw`` (letter and number selections), ``numbers`` (the numbers
round solver), ``numbers_stats`` (exhaustive statistics), ``rules`` (the show's rules and
scoring, checking a letters answer), ``numbers_check`` (checking a numbers answer),
``game`` and ``opponent`` (a whole game). Nothing here prints or parses command lines; the
front ends in ``anagramdb.cli`` do that.

What an embedder needs is exported here, under names that say which round they serve
(``find_phrases``, not ``phrases``, which is the module); each is loaded on first use,
so ``import anagramdb.countdown`` costs nothing until a solver is called. docs/API.md
has examples.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
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
    "Conundrum",
    "ConundrumSolution",
    "Expression",
    "Game",
    "LettersDraw",
    "LettersWord",
    "NumbersCheck",
    "NumbersDraw",
    "Stats",
    "WordCheck",
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
