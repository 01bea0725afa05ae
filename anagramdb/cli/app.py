"""The ``anagramdb`` command: a thin typer app over the library.

Each command parses its arguments, calls one library function and formats the result.
Library errors become one line on stderr (``anagramdb: error: ...``) and exit code 2 for
bad input or 1 for a problem with files; warnings become one ``anagramdb: warning:`` line.
"""

import os
import sys
from typing import Annotated

import typer

from .. import __version__
from ..dictionary import ENVIRONMENT_VARIABLE
from . import check_command, dictionary_commands, round_commands, serve_command  # noqa: F401 - they register the commands
from .common import command_settings, commands, groups, state


def _version(value: bool) -> None:
    if value:
        typer.echo(f"anagramdb {__version__}")
        raise typer.Exit()


def main(
    dict_path: Annotated[
        str | None,
        typer.Option(
            "--dict",
            envvar=ENVIRONMENT_VARIABLE,
            metavar="PATH",
            help="Packaged dictionary full (default), common or huge; anything else is a file path (./full for a file named full).",
        ),
    ] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """Anagram dictionary engine and Countdown solver."""
    state["dict"] = dict_path


def make_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with the one named *only*.

    Typer turns every registered command into a click command on each run, inspecting
    its signature (a fraction of a millisecond a command), so a run that names its
    command gets an app with just that one: its help and behaviour are the same.
    """
    new = typer.Typer(
        name="anagramdb",
        help="Anagram dictionary engine and Countdown solver.",
        add_completion=False,
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    new.callback()(main)
    for name, function in commands.items():
        if only is None or name == only:
            new.command(name, context_settings=command_settings.get(name))(function)
    for name, build in groups.items():
        if only is None or name == only:
            new.add_typer(build(), name=name)
    return new


app = make_app()


def requested_command(args: list[str]) -> str | None:
    """The command named on a command line, or None when the whole app is needed
    (no command, an unknown one, or --help/--version before it)."""
    position = 0
    while position < len(args):
        arg = args[position]
        if arg == "--dict":
            position += 2
            continue
        if arg.startswith("--dict="):
            position += 1
            continue
        return arg if arg in commands or arg in groups else None
    return None


def run() -> None:
    """Console-script entry point: the app, with a last guard against tracebacks."""
    try:
        make_app(requested_command(sys.argv[1:]))(prog_name="anagramdb")
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except Exception as exc:  # a bug: still one line, with a way to see the traceback
        if os.environ.get("ANAGRAMDB_DEBUG"):
            raise
        print(f"anagramdb: internal error: {type(exc).__name__}: {exc} (set ANAGRAMDB_DEBUG=1 for a traceback)", file=sys.stderr)
        sys.exit(1)
