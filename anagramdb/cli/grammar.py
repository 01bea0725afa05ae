"""The command line's grammar shared by the quick path and the typer app (no typer here).

    anagramdb [GLOBAL...] COMMAND [ARG | OPTION | GLOBAL]... [-- ARG...]

    GLOBAL   --dict PATH | -d PATH | --dict=PATH | -dPATH    the dictionary (also ANAGRAMDB_DICT)

A global option may stand before or after the command: :func:`hoist` moves every one to
the front (the last given wins, as for any click option), so the parsers below the top
level never see one. Nothing after a ``--`` is an option.
"""

from __future__ import annotations

from ..errors import AnagramDBError

DICT_OPTION = "--dict"
DICT_SHORT = "-d"
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
GLOBAL_VALUE_OPTIONS = (DICT_OPTION, DICT_SHORT)


class UsageProblem(AnagramDBError, ValueError):
    """A command line that breaks the grammar (reported like any usage error, exit 2)."""

    exit_code = 2


def _needs_a_value() -> str:
    from ..dictionary import packaged_names

    return f"option '{DICT_OPTION}' needs a value: a dictionary file, or {packaged_names()}"


def hoist(args: list[str]) -> list[str]:
    """*args* with the global options moved to the front, as ``--dict VALUE``.

    Raises UsageProblem when a global option has no value.
    """
    spec: str | None = None
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
                raise UsageProblem(_needs_a_value())
            spec = args[position]
            position += 1
        elif arg.startswith(DICT_OPTION + "="):
            spec = arg[len(DICT_OPTION) + 1 :]
        elif arg.startswith(DICT_SHORT) and len(arg) > 2 and not arg.startswith("--"):
            spec = arg[2:]
        else:
            rest.append(arg)
    if spec is None:
        return rest
    if not spec:
        raise UsageProblem(_needs_a_value())
    return [DICT_OPTION, spec, *rest]
