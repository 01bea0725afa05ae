"""What every command shares: the command registry, error reporting, JSON, batch input."""

import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import typer

from ..dictionary import Dictionary
from ..errors import AnagramDBError
from .render import show_warning, to_json

state: dict[str, str | None] = {"dict": None}
commands: dict[str, Callable[..., None]] = {}
groups: dict[str, Callable[[], typer.Typer]] = {}
JSON_OPTION = typer.Option("--json", help="Print JSON.")


command_settings: dict[str, dict[str, Any]] = {}


def command(function: Callable[..., None] | None = None, *, context_settings: dict[str, Any] | None = None) -> Any:
    """Register a command under its function's name (``@command`` or
    ``@command(context_settings=...)``); the apps are assembled by make_app."""

    def register(function: Callable[..., None]) -> Callable[..., None]:
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


@contextmanager
def reported() -> Iterator[None]:
    """Turn library errors into one stderr line and the error's exit code."""
    warnings.showwarning = show_warning
    try:
        yield
    except AnagramDBError as exc:
        typer.echo(f"anagramdb: error: {exc}", err=True)
        raise typer.Exit(exc.exit_code) from None


# Batch mode answers thousands of queries: a larger (still bounded) block cache pays.
BATCH_CACHE_BLOCKS = 2048


def open_dictionary(spec: str | None = None, batch: bool = False) -> Dictionary:
    """The dictionary named by *spec*, else by --dict, else the default; *batch* gives it
    the larger block cache (about 12 MiB at most) that batch mode benefits from."""
    if batch:
        return Dictionary(spec or state["dict"], cache_blocks=BATCH_CACHE_BLOCKS)
    return Dictionary(spec or state["dict"])


def emit_json(value: object) -> None:
    typer.echo(to_json(value))


def batch(lines: Iterable[str], field: str, answer: Callable[[str], Any], show: Callable[[Any], str], to_json: Callable[[Any], Any] | None) -> int:
    """Answer one query a line, in order, in this one process.

    Each answer is printed by *show*, or with *to_json* as one JSON object a line (JSON
    Lines). A bad line gets an error (a ``{field: line, "error": ...}`` record in JSON, a
    line on stderr otherwise) and the rest go on. Returns the exit code: 0, or 2 when any
    line was bad.
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
                print(f"anagramdb: error: {exc}", file=sys.stderr)
            continue
        out.write((encode(to_json(result)) if to_json is not None else show(result)) + "\n")
    out.flush()
    return code
