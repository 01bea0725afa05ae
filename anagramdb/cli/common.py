"""What every command shares: the command registry, error reporting, JSON, batch input."""

import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, overload

import click
import typer

from ..dictionary import Dictionary
from ..errors import AnagramDBError, AnagramDBWarning
from . import messages
from .grammar import SHORT_FLAGS
from .render import to_json

state: dict[str, str | None] = {"dict": None}
commands: dict[str, Callable[..., None]] = {}
groups: dict[str, Callable[[], typer.Typer]] = {}
JSON_OPTION = typer.Option("--json", help="Print JSON (JSON Lines in batch mode, one object a line).")


def option(name: str, *more: str, **settings: Any) -> Any:
    """typer.Option *name* with the grammar's short flag for it (grammar.SHORT_FLAGS):
    ``option("--seed", help="...")`` is ``typer.Option("--seed", "-s", help="...")``."""
    short = SHORT_FLAGS.get(name)
    return typer.Option(name, *more, *([short] if short and short not in more else []), **settings)


SEED_OPTION = option("--seed", help="Seed: the same seed gives the same result.")


command_settings: dict[str, dict[str, Any]] = {}


CommandFunction = TypeVar("CommandFunction", bound=Callable[..., None])


@overload
def command(function: CommandFunction, *, context_settings: None = None) -> CommandFunction: ...
@overload
def command(function: None = None, *, context_settings: dict[str, Any] | None = None) -> Callable[[CommandFunction], CommandFunction]: ...
def command(
    function: CommandFunction | None = None, *, context_settings: dict[str, Any] | None = None
) -> CommandFunction | Callable[[CommandFunction], CommandFunction]:
    """Register a command under its function's name (``@command`` or
    ``@command(context_settings=...)``); the apps are assembled by make_app."""

    def register(function: CommandFunction) -> CommandFunction:
        commands[function.__name__] = function
        if context_settings:
            command_settings[function.__name__] = context_settings
        return function

    return register(function) if function is not None else register


def group(name: str) -> Callable[[Callable[[], typer.Typer]], Callable[[], typer.Typer]]:
    """Register a function that builds a sub-app (a command with subcommands)."""

    def register(build: Callable[[], typer.Typer]) -> Callable[[], typer.Typer]:
        groups[name] = build
        return build

    return register


def usage_error(message: str) -> click.UsageError:
    """An error in how a command was called, reported by program.Program on one line with
    exit 2: ``raise usage_error("give LETTERS or --generate, not both")``."""
    return click.UsageError(message)


@contextmanager
def reported() -> Iterator[None]:
    """Turn library errors into one stderr line and the error's exit code, and warnings
    into one ``anagramdb: warning:`` line each (program.Program does the same for errors
    raised outside this block)."""
    warnings.showwarning = messages.show_warning
    warnings.simplefilter("always", AnagramDBWarning)
    try:
        yield
    except AnagramDBError as exc:
        raise typer.Exit(messages.error(str(exc), exc.exit_code)) from None


# Batch mode answers thousands of queries: a larger (still bounded) block cache pays.
BATCH_CACHE_BLOCKS = 2048


def open_dictionary(spec: str | None = None, batch: bool = False) -> Dictionary:
    """The dictionary named by *spec*, else by --dict, else the default; *batch* gives it
    the larger block cache (about 12 MiB at most) that batch mode benefits from."""
    if batch:
        return Dictionary(spec or state["dict"], cache_blocks=BATCH_CACHE_BLOCKS)
    return Dictionary(spec or state["dict"])


def emit_json(value: object) -> None:
    """Print *value* as one line of JSON."""
    typer.echo(to_json(value))


def batch(lines: Iterable[str], field: str, answer: Callable[[str], Any], show: Callable[[Any], str | None], to_json: Callable[[Any], Any] | None) -> int:
    """Answer one query a line, in order, in this one process.

    Each answer is printed by *show* (None from it: an empty result, said on stderr as
    ``QUERY: no words``), or with *to_json* as one JSON object a line (JSON Lines). A bad
    line gets an error (a ``{field: line, "error": ...}`` record in JSON, an
    ``anagramdb: error:`` line on stderr otherwise) and the rest go on. Returns the exit
    code: 0, or the largest exit code of the bad lines (2 for bad input).
    """
    import json

    code = 0
    out = sys.stdout
    encode = json.JSONEncoder(ensure_ascii=False).encode
    for raw in lines:
        query = raw.strip()
        if not query:
            continue
        try:
            result = answer(query)
        except AnagramDBError as exc:
            code = max(code, exc.exit_code)
            if to_json is not None:
                out.write(encode({field: query, "error": str(exc)}) + "\n")
            else:
                out.flush()
                messages.error(str(exc), exc.exit_code)
            continue
        text = encode(to_json(result)) if to_json is not None else show(result)
        if text is None:
            out.flush()
            messages.no_words(query)
        else:
            out.write(text + "\n")
    out.flush()
    return code
