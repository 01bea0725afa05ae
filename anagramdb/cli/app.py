"""The ``anagramdb`` command: a thin typer app over the library.

Each command parses its arguments, calls one library function and formats the result.
program.Program runs it: global options anywhere, every error one ``anagramdb: error:``
line (exit 2 for bad input, 1 for a problem with files), warnings one
``anagramdb: warning:`` line.
"""

import sys
from typing import Annotated

import typer
import typer.main

from .. import __version__
from ..block_cache import CACHE_VARIABLE, parse_size
from ..errors import InvalidArgumentError
from ..resolve import ENVIRONMENT_VARIABLE

# Importing the command modules registers their commands (cli/common.py's @command).
from . import (
    check_command,  # noqa: F401
    define_command,  # noqa: F401
    dictionary_commands,  # noqa: F401
    history_command,  # noqa: F401
    numbers_command,  # noqa: F401
    play_command,  # noqa: F401
    round_commands,  # noqa: F401
    serve_command,  # noqa: F401
)
from .common import GroupSpec, commands, groups, state, usage_error
from .grammar import CACHE_OPTION, DICT_OPTION, DICT_SHORT, hoist, split_globals
from .groups import group_class
from .program import Program


def _version(value: bool) -> None:
    if value:
        typer.echo(f"anagramdb {__version__}")
        raise typer.Exit()


def main(
    dict_path: Annotated[
        str | None,
        typer.Option(
            DICT_OPTION,
            DICT_SHORT,
            envvar=ENVIRONMENT_VARIABLE,
            metavar="PATH",
            help="Packaged dictionary full (default), common or huge; anything else a file path "
            "(./full for a file named full). Before or after the command.",
        ),
    ] = None,
    cache: Annotated[
        str | None,
        typer.Option(
            CACHE_OPTION,
            envvar=CACHE_VARIABLE,
            metavar="SIZE",
            help="Memory for the block cache of each dictionary opened, e.g. 4M (default) or"
            " 16M; 0 keeps none. Before or after the command.",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Anagram dictionary engine and Countdown solver.

    Global options (--dict, --cache) go before or after the command. A query command given - in
    place of its query reads one query a line from stdin (batch mode; JSON Lines with
    --json); an empty result is "QUERY: no words" on stderr and exit 0. Errors are one
    line on stderr, with exit code 2 for bad input, 1 for files, 130 when interrupted.
    Each command's --help describes its arguments and options.
    """
    state["dict"] = dict_path
    state["cache"] = None
    if cache is not None:
        try:
            parse_size(cache, CACHE_OPTION)
        except InvalidArgumentError as exc:
            raise usage_error(str(exc)) from None
        state["cache"] = cache


def make_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with the one named *only*.

    Typer turns every registered command into a click command on each run, inspecting
    its signature (a fraction of a millisecond a command), so a run that names its
    command gets an app with just that one: its help and behaviour are the same.
    """
    new = typer.Typer(
        name="anagramdb",
        cls=Program,
        add_completion=True,
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    new.callback()(main)
    for name, function in commands.items():
        if only is None or name == only:
            new.command(name)(function)
    for name, spec in groups.items():
        if only is None or name == only:
            new.add_typer(family(spec), name=name, cls=group_class(*spec[2:5]))
    return new


LOOSE = {"ignore_unknown_options": True}  # options pass through to the command that checks


def family(spec: GroupSpec) -> typer.Typer:
    """The sub-app of a group: a default subcommand needs the options that come before
    the subcommand's name passed on to it."""
    sub = typer.Typer(
        help=spec.help,
        no_args_is_help=True,
        rich_markup_mode=None,
        context_settings=LOOSE if spec.default else None,
    )
    for name, function in spec.subcommands.items():
        sub.command(name, context_settings=LOOSE if name in spec.negative_numbers else None)(
            function
        )
    return sub


app = make_app()


def requested_command(args: list[str]) -> str | None:
    """The command named on a command line whose global options are hoisted to the front,
    or None when the whole app is needed (no command, an unknown one, --help, --version)."""
    rest = split_globals(args)[1]
    return rest[0] if rest and (rest[0] in commands or rest[0] in groups) else None


def run(args: list[str] | None = None) -> int:
    """Run a command line through the typer app and return its exit code."""
    args = list(sys.argv[1:] if args is None else args)
    try:
        only = requested_command(hoist(args))
    except ValueError:
        only = None  # Program reports it
    program = typer.main.get_command(make_app(only))
    code: int = program.main(
        args, standalone_mode=False
    )  # Program.main returns the exit code; click types it Any
    return code
