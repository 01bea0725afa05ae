"""The pieces every typer command is written with: the registry of commands and groups,
shared options, one-line errors (``reported``, ``usage_error``), the dictionary in use,
and printing an answer or its JSON."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple, TypeVar

import typer

from ..dictionary import Dictionary
from ..errors import AnagramDBError
from . import messages
from .batching import (
    batch as batch,
)  # every command's batch mode (typer-free, for the quick path too)
from .grammar import SHORT_FLAGS
from .messages import no_words
from .render import to_json
from .typer_private import NoSuchOption, UsageError

state: dict[str, str | None] = {"dict": None, "cache": None}
commands: dict[str, Callable[..., None]] = {}
groups: dict[str, "GroupSpec"] = {}
JSON_OPTION = typer.Option(
    "--json", help="Print JSON (JSON Lines in batch mode, one object a line)."
)


def option(name: str, *more: str, **settings: Any) -> Any:
    """typer.Option *name* with the grammar's short flag for it (grammar.SHORT_FLAGS):
    ``option("--seed", help="...")`` is ``typer.Option("--seed", "-s", help="...")``."""
    short = SHORT_FLAGS.get(name)
    return typer.Option(name, *more, *([short] if short and short not in more else []), **settings)


SEED_OPTION = option("--seed", help="Seed: the same seed gives the same result.")


CommandFunction = TypeVar("CommandFunction", bound=Callable[..., None])


def command(function: CommandFunction) -> CommandFunction:
    """Register a command under its function's name (app.make_app builds the app)."""
    commands[function.__name__] = function
    return function


class GroupSpec(NamedTuple):
    """A family of commands (docs/CLI.md): its help, its subcommands, the subcommand run
    when none is named and the notice that form prints (groups.Group), and the
    subcommands whose arguments may be negative numbers (so unknown options reach them,
    which refuse_unknown_options then refuses)."""

    help: str
    subcommands: dict[str, Callable[..., None]]
    default: str | None = None
    notice: tuple[str, str] | None = None
    old_when_alone: tuple[str, ...] = ()
    negative_numbers: tuple[str, ...] = ()


def group(name: str, spec: GroupSpec) -> None:
    """Register a command group (app.make_app builds it)."""
    groups[name] = spec


def usage_error(message: str) -> UsageError:
    """An error in how a command was called, reported by program.Program on one line with
    exit 2: ``raise usage_error("give LETTERS or --generate, not both")``."""
    return UsageError(message)


def refuse_unknown_options(ctx: typer.Context, args: list[str]) -> None:
    """A command that lets unknown options through as arguments, for negative numbers
    (``ignore_unknown_options``), refuses them here, as click would have: *args* holds
    numbers, ``-`` and the words that are not options."""
    for arg in args:
        if arg.startswith("-") and not arg[1:].isdigit() and arg != "-":
            raise NoSuchOption(arg, ctx=ctx)


def needs_target(target: int | None) -> int:
    """*target*, or the usage error that says how to give it."""
    if target is None:
        raise usage_error(
            "give the target with --target T, e.g. anagramdb numbers 25 50 75 100 3 6 --target 952"
        )
    return target


@contextmanager
def reported() -> Iterator[None]:
    """Turn library errors into one stderr line and the error's exit code, and warnings
    into one ``anagramdb: warning:`` line each (program.Program does the same for errors
    raised outside this block)."""
    messages.show_warnings()
    try:
        yield
    except AnagramDBError as exc:
        raise typer.Exit(messages.error(str(exc), exc.exit_code)) from None


def open_dictionary(spec: str | None = None, batch: bool = False) -> Dictionary:
    """The dictionary named by *spec*, else by --dict, else the default (its block cache
    budget from --cache, ANAGRAMDB_CACHE or the library's default); *batch* for ``-``
    (Dictionary's key table)."""
    from ..block_cache import parse_size

    cache = state["cache"]
    return Dictionary(
        spec or state["dict"],
        cache_bytes=None if cache is None else parse_size(cache),
        batch=batch,
    )


def emit_json(value: object) -> None:
    """Print *value* as one line of JSON."""
    typer.echo(to_json(value))


def emit(result: Any, text: str | None, as_json: bool, query: str = "") -> None:
    """Print one answer: with --json its record (``result.to_dict()``, or *result* itself
    when it is a dict), else its *text*, else (no text: an empty result) the ``QUERY: no
    words`` line on stderr, exit 0."""
    if as_json:
        emit_json(result if isinstance(result, dict) else result.to_dict())
    elif text is None:
        no_words(query)
    else:
        typer.echo(text)
