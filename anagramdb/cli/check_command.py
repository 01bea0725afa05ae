"""``anagramdb check letters|numbers|index``: is an answer valid (and if not, why not), are
a dictionary's files sound.

Each prints a verdict (check_text, numbers_check_text, the index's problems) or its JSON
record, and exits 0 when valid, 1 when not, 2 for bad input. ``check RACK WORD`` (no
subcommand) is the old form of ``check letters``; ``numbers ... --check`` and ``index
--check`` are the old forms of the other two (they print a notice and run these).
"""

import sys
from typing import Annotated, Any

import typer

from ..errors import quoted
from ..resolve import display_name
from .common import (
    JSON_OPTION,
    GroupSpec,
    batch,
    emit,
    group,
    needs_target,
    open_dictionary,
    option,
    refuse_unknown_options,
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


def letters(
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
        open_dictionary(batch=rack == "-") as dictionary,
        packaged_dictionaries() as packaged,
    ):
        name = display_name(state["dict"])
        if word is not None:
            result = check_word(dictionary, rack, word, packaged, name)
            emit(result, check_text(result), as_json)
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


def check_numbers_answer(args: list[str], target: int | None, answer: str, as_json: bool) -> None:
    """Check *answer* to the game *args* and *target*: print the verdict, exit 1 when
    invalid."""
    from ..countdown.numbers_check import check_numbers
    from ..countdown.queries import whole_numbers

    result = check_numbers(whole_numbers(args), needs_target(target), answer)
    emit(result, numbers_check_text(result), as_json)
    if not result.valid:
        raise typer.Exit(1)


def numbers(
    ctx: typer.Context,
    args: Annotated[
        list[str],
        typer.Argument(
            help="The numbers of the round (1 to 7), then the answer: an expression, or steps "
            "split by ; (e.g. '100 + 75 = 175; 175 x 6 = 1050').",
            metavar="NUMBERS... ANSWER",
        ),
    ],
    target: Annotated[int | None, option("--target", help="The target of the round.")] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Check a numbers-round answer: does it keep the rules, and how far is it from the
    target?

    Exit 0 when valid, 1 when not (the reason and the steps so far are printed), 2 for
    bad input.
    """
    refuse_unknown_options(ctx, args)
    if len(args) < 2 or "-" in args:
        raise usage_error("give the numbers, then the answer, e.g. 25 50 75 100 3 6 -t 952 'EXPR'")
    with reported():
        check_numbers_answer(args[:-1], target, args[-1], as_json)


def index(
    dictionary: Annotated[
        str | None,
        typer.Argument(help="Dictionary file (default: the one in use).", metavar="DICT"),
    ] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Check a dictionary, its index and stored keys: list every problem, change
    nothing, exit 1 if there is one."""
    from .dictionary_commands import check_files

    check_files(dictionary, as_json)


group(
    "check",
    GroupSpec(
        "Check an answer to a letters or numbers round, or a dictionary's files: "
        "letters RACK WORD, numbers NUMBERS -t T ANSWER, index [DICT].",
        {"letters": letters, "numbers": numbers, "index": index},
        default="letters",
        notice=("check RACK WORD", "check letters RACK WORD"),
        old_when_alone=("letters", "numbers"),
        negative_numbers=("numbers",),
    ),
)
