"""``anagramdb check RACK WORD``: is a letters-round answer valid, and if not, why not.

The numbers-round check is ``anagramdb numbers N... --target T --check EXPR`` (in
numbers_command); both print what check_text/numbers_check_text give here, or the records'
JSON, and exit 0 for a valid answer, 1 for an invalid one, 2 for bad input.
"""

import sys
from typing import Annotated, Any

import typer

from ..errors import quoted
from ..resolve import display_name
from .common import (
    JSON_OPTION,
    batch,
    command,
    emit_json,
    open_dictionary,
    reported,
    state,
    usage_error,
)
from .messages import cut


def check_text(result: Any) -> str:
    """One line: ``WORD: valid, N letters, N points`` (with the review's note in brackets,
    ``(Oxford spelling; also organise)``) or ``WORD: not valid: REASON``."""
    if result.valid:
        note = f" ({result.note})" if result.note else ""
        return (
            f"{cut(result.word)}: valid, {result.length} letters, {result.score} "
            f"point{'s' * (result.score != 1)}{note}"
        )
    return f"{cut(result.word)}: not valid: {result.reason}"


def numbers_check_text(result: Any) -> str:
    """The verdict, then the steps as evaluated (up to the one that broke a rule)."""
    if result.valid:
        near = "exact" if not result.distance else f"{result.distance} away from {result.target}"
        head = f"valid: {result.value}, {near}, {result.score} point{'s' * (result.score != 1)}"
    else:
        head = f"not valid: {result.reason}"
    return "\n".join([head, *(f"  {step}" for step in result.steps)])


@command
def check(
    rack: Annotated[
        str,
        typer.Argument(
            help="The letters of the round, e.g. GYROSCOPE (? is a blank); - reads 'RACK WORD' "
            "lines from stdin."
        ),
    ],
    word: Annotated[str | None, typer.Argument(help="The word to check.")] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Check a letters-round answer: can RACK make WORD, and does the dictionary list it?

    Exit 0 when valid, 1 when not (the reason is printed), 2 for bad input. A word the
    dictionary lacks is looked up in the other packaged dictionaries too. With RACK -,
    each line of stdin is a rack and a word; the exit code is the worst of the lines.
    """
    from ..countdown.rules import WordCheck, check_word, packaged_dictionaries
    from ..errors import InvalidRackError

    if (rack == "-") != (word is None):
        raise usage_error("give RACK WORD, or - alone to read 'RACK WORD' lines from stdin")
    with (
        reported(),
        open_dictionary() as dictionary,
        packaged_dictionaries() as packaged,
    ):
        name = display_name(state["dict"])
        if word is not None:
            result = check_word(dictionary, rack, word, packaged, name)
            if as_json:
                emit_json(result.to_dict())
            else:
                typer.echo(check_text(result))
            raise typer.Exit(0 if result.valid else 1)
        invalid = []

        def answer(line: str) -> WordCheck:
            parts = line.split()
            if len(parts) != 2:
                raise InvalidRackError(
                    "each line is a rack and a word, such as 'GYROSCOPE scooper', not "
                    f"{quoted(line)}"
                )
            found = check_word(dictionary, parts[0], parts[1], packaged, name)
            invalid.append(not found.valid)
            return found

        code = batch(
            sys.stdin,
            "query",
            answer,
            lambda r: f"{r.rack} {check_text(r)}",
            (lambda r: r.to_dict()) if as_json else None,
        )
    raise typer.Exit(code or int(any(invalid)))


def check_numbers_answer(args: list[str], target: int, answer: str, as_json: bool) -> None:
    """``numbers N... --target T --check EXPR``: print the verdict, exit 1 when invalid."""
    from ..countdown.numbers_check import check_numbers
    from ..countdown.queries import whole_numbers

    result = check_numbers(whole_numbers(args), target, answer)
    if as_json:
        emit_json(result.to_dict())
    else:
        typer.echo(numbers_check_text(result))
    if not result.valid:
        raise typer.Exit(1)
