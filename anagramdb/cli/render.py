"""Answers as the command line prints them, shared by the typer commands and the quick
path of anagramdb.console (so this module never imports typer)."""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold start about 10M instructions
    from typing import Any

    from ..dictionary import Dictionary


def show_warning(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    """warnings.showwarning replacement: one ``anagramdb: warning:`` line on stderr."""
    print(f"anagramdb: warning: {message}", file=sys.stderr)


def anagrams_record(dictionary: Dictionary, letters: str) -> dict[str, Any]:
    """The JSON record of an exact-anagram lookup: letters, key, words."""
    from ..keys import letters_key

    key = letters_key(letters)
    return {"letters": letters, "key": key, "words": dictionary.words_with_key(key)}


def no_anagrams(letters: str, dictionary: Dictionary) -> str:
    """What stderr says when there are none."""
    return f"no anagrams of {letters!r} in {dictionary.path}"


def letters_answer(dictionary: Dictionary, rack: str, min_length: int = 3, enough: int = 10, everything: bool = False) -> tuple[str, list[Any]]:
    """A letters-round answer: the rack and its words (letters.solve_letters)."""
    from ..countdown.letters import solve_letters

    return rack, solve_letters(dictionary, rack, min_length, enough, everything)


def letters_record(result: tuple[str, list[Any]]) -> dict[str, object]:
    """The JSON record of a letters-round answer."""
    return {"rack": result[0], "words": [word.to_dict() for word in result[1]]}


def letters_text(result: tuple[str, list[Any]]) -> str:
    """Words grouped by length, longest first, with the score: one line a length."""
    rack, words = result
    if not words:
        return f"{rack}: no words"
    lines = [rack]
    for length in sorted({word.length for word in words}, reverse=True):
        same = [word for word in words if word.length == length]
        shown = " ".join(word.word + (f" [?={''.join(word.blanks)}]" if word.blanks else "") for word in same)
        lines.append(f"  {length} letters, {same[0].score} points: {shown}")
    return "\n".join(lines)


def to_json(value: object) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def numbers_answer(texts: list[str], target: int, every: bool = False, ascii_signs: bool = False, strict: bool = False) -> Any:
    """Solve a numbers game given as command-line text: validate, warn (or with *strict*
    refuse) when the show could not produce it, and return numbers.Answer."""
    from ..countdown.numbers import off_the_show, solutions, solve, validate
    from ..errors import InvalidNumbersError

    values = []
    for text in texts:
        try:
            values.append(int(text))
        except ValueError:
            raise InvalidNumbersError(f"{text!r} is not a whole number") from None
    validate(values, target)
    problems = off_the_show(values, target)
    if problems and strict:
        raise InvalidNumbersError(f"not a game from the show: {'; '.join(problems)}")
    if problems:
        print(f"anagramdb: warning: not a game from the show: {'; '.join(problems)}", file=sys.stderr)
    return (solutions if every else solve)(values, target, ascii_signs)


def numbers_text(answer: Any, rpn: bool = False) -> str:
    """The answer as on the show: steps, then the expression; several separated by blank lines."""
    head = f"{answer.target}: exact" if answer.exact else f"{answer.target}: not reachable; nearest is {answer.value} ({answer.distance} away)"
    if answer.count is not None:
        head += f", {answer.count} distinct solution{'s' * (answer.count != 1)}"
    blocks = []
    for solution in answer.solutions:
        lines = [f"  {step}" for step in solution.steps] or [f"  {solution.value} is one of the numbers"]
        lines.append(f"  {solution.rpn if rpn else solution.infix} = {solution.value}")
        blocks.append("\n".join(lines))
    return head + "\n" + "\n\n".join(blocks)
