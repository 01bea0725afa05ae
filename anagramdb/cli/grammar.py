"""The command line's grammar shared by the quick path and the typer app (no typer here).

    anagramdb [GLOBAL...] COMMAND [ARG | OPTION | GLOBAL]... [-- ARG...]

    GLOBAL   --dict PATH | -d PATH | --dict=PATH | -dPATH    the dictionary (also ANAGRAMDB_DICT)
           --cache SIZE | --cache=SIZE                    block cache budget (ANAGRAMDB_CACHE)

A global option may stand before or after the command: :func:`hoist` moves every one to
the front (the last given wins, as for any click option), so the parsers below the top
level never see one. Nothing after a ``--`` is an option. A group's subcommand is its
first word that is neither an option nor an option's value (:func:`first_word`), so
``numbers -t 952 solve 25 50`` and ``numbers solve 25 50 -t 952`` are one command.
"""

from __future__ import annotations

from ..errors import AnagramDBError

DICT_OPTION = "--dict"
DICT_SHORT = "-d"
CACHE_OPTION = "--cache"
# One short flag for each common option, the same in every command that has the option.
SHORT_FLAGS = {
    "--dict": "-d",
    "--all": "-a",
    "--count": "-n",
    "--jobs": "-j",
    "--output": "-o",
    "--seed": "-s",
    "--target": "-t",
}
# Values of global options never start with "-" (a missing value is an error, not "-x").
GLOBAL_VALUE_OPTIONS = (DICT_OPTION, DICT_SHORT, CACHE_OPTION)
# Options whose value may be left out, and what they mean then (click has no such option).
OPTIONAL_VALUES = {"--daily": "today"}


class UsageProblem(AnagramDBError, ValueError):
    """A command line that breaks the grammar (reported like any usage error, exit 2)."""

    exit_code = 2


def _needs_a_value() -> str:
    from ..packaged import packaged_names

    return f"option '{DICT_OPTION}' needs a value: a dictionary file, or {packaged_names()}"


def hoist(args: list[str]) -> list[str]:
    """*args* with the global options moved to the front, as ``--cache SIZE`` (when given)
    then ``--dict VALUE`` (when given): split_globals takes them off again. An option of
    OPTIONAL_VALUES given without its value gets the value it means (``--daily`` alone is
    ``--daily today``).

    Raises UsageProblem when a global option has no value.
    """
    spec: str | None = None
    cache: str | None = None
    rest: list[str] = []
    position = 0
    while position < len(args):
        arg = args[position]
        position += 1
        if arg == "--":
            rest.extend(args[position - 1 :])
            break
        if arg in GLOBAL_VALUE_OPTIONS:
            if position >= len(args) or (args[position].startswith("-") and args[position] != "-"):
                raise UsageProblem(_needs_a_value() if arg != CACHE_OPTION else _needs_a_size())
            if arg == CACHE_OPTION:
                cache = args[position]
            else:
                spec = args[position]
            position += 1
        elif arg.startswith(CACHE_OPTION + "="):
            cache = arg[len(CACHE_OPTION) + 1 :]
        elif arg.startswith(DICT_OPTION + "="):
            spec = arg[len(DICT_OPTION) + 1 :]
        elif arg.startswith(DICT_SHORT) and len(arg) > 2 and not arg.startswith("--"):
            spec = arg[2:]
        elif arg in OPTIONAL_VALUES and (
            position >= len(args) or (args[position].startswith("-") and args[position] != "-")
        ):
            rest.extend([arg, OPTIONAL_VALUES[arg]])  # the option's value left out
        else:
            rest.append(arg)
    if spec is not None:
        if not spec:
            raise UsageProblem(_needs_a_value())
        rest = [DICT_OPTION, spec, *rest]
    if cache is not None:
        if not cache:
            raise UsageProblem(_needs_a_size())
        rest = [CACHE_OPTION, cache, *rest]
    return rest


def _needs_a_size() -> str:
    return f"option '{CACHE_OPTION}' needs a value: a size such as 4M (the block cache's budget)"


def split_globals(hoisted: list[str]) -> tuple[dict[str, str], list[str]]:
    """The global options at the front of *hoisted* (hoist's result), and the rest."""
    found: dict[str, str] = {}
    while len(hoisted) > 1 and hoisted[0] in (CACHE_OPTION, DICT_OPTION):
        found[hoisted[0]] = hoisted[1]
        hoisted = hoisted[2:]
    return found, hoisted


def first_word(args: list[str], takes_value: set[str] | frozenset[str]) -> int | None:
    """The position in *args* of the first word that is neither an option nor the value of
    one of *takes_value* (given detached), or None (none before the end or a ``--``)."""
    skip = False
    for position, word in enumerate(args):
        if skip:
            skip = False
        elif word == "--":
            return None
        elif word.startswith("-") and word != "-":
            skip = word in takes_value
        else:
            return position
    return None
