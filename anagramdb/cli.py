"""The ``anagramdb`` command: a thin typer app over the library.

Each command parses its arguments, calls one library function and formats the result.
Library errors become one line on stderr (``anagramdb: error: ...``) and exit code 2 for
bad input or 1 for a problem with files; warnings become one ``anagramdb: warning:`` line.
"""

import os
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer

from . import __version__
from .dictionary import ENVIRONMENT_VARIABLE, Dictionary, resolve_path
from .errors import AnagramDBError

_state: dict[str, str | None] = {"dict": None}
_commands: dict[str, Callable[..., None]] = {}


def _command(function: Callable[..., None]) -> Callable[..., None]:
    """Register a command; the apps are assembled by make_app."""
    _commands[function.__name__] = function
    return function


def _show_warning(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    print(f"anagramdb: warning: {message}", file=sys.stderr)


@contextmanager
def _reported() -> Iterator[None]:
    """Turn library errors into one stderr line and the error's exit code."""
    warnings.showwarning = _show_warning
    try:
        yield
    except AnagramDBError as exc:
        typer.echo(f"anagramdb: error: {exc}", err=True)
        raise typer.Exit(exc.exit_code) from None


def _open() -> Dictionary:
    return Dictionary(_state["dict"])


def _emit_json(value: object) -> None:
    import json

    typer.echo(json.dumps(value, ensure_ascii=False))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"anagramdb {__version__}")
        raise typer.Exit()


def main(
    dict_path: Annotated[
        str | None,
        typer.Option("--dict", envvar=ENVIRONMENT_VARIABLE, metavar="PATH", help="Dictionary file, or a packaged one by name: full (default), common."),
    ] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """Anagram dictionary engine and Countdown solver."""
    _state["dict"] = dict_path


def _batch(lines: Iterator[str], answer: Callable[[str], dict[str, Any]], show: Callable[[dict[str, Any]], str], as_json: bool) -> int:
    """Answer one query a line; a bad line gets an error record and the rest go on.

    Returns the exit code: 0, or 2 when any line was bad.
    """
    code = 0
    for raw in lines:
        query = raw.strip()
        if not query:
            continue
        try:
            record = answer(query)
        except AnagramDBError as exc:
            code = max(code, exc.exit_code)
            if as_json:
                _emit_json({"query": query, "error": str(exc)})
            else:
                typer.echo(f"anagramdb: error: {exc}", err=True)
            continue
        if as_json:
            _emit_json(record)
        else:
            typer.echo(show(record))
    return code


@_command
def anagrams(
    letters: Annotated[str, typer.Argument(help="The letters to rearrange; - reads one set of letters a line from stdin.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the exact anagrams of LETTERS in the dictionary."""
    from .keys import letters_key

    with _reported(), _open() as dictionary:

        def answer(query: str) -> dict[str, Any]:
            key = letters_key(query)
            return {"letters": query, "key": key, "words": dictionary.words_with_key(key)}

        if letters == "-":
            code = _batch(iter(sys.stdin), answer, lambda r: f"{r['letters']}: {' '.join(r['words'])}", as_json)
            raise typer.Exit(code)
        record = answer(letters)
        if as_json:
            _emit_json(record)
        elif record["words"]:
            typer.echo("\n".join(record["words"]))
        else:
            typer.echo(f"no anagrams of {letters!r} in {dictionary.path}", err=True)


def _parse_size(text: str) -> int:
    units = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}
    number, unit = text.upper().rstrip("IB"), ""
    if number and number[-1] in units:
        number, unit = number[:-1], number[-1]
    try:
        return int(float(number) * units[unit])
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a size like 64M or 1G") from None


@_command
def build(
    wordlists: Annotated[list[str], typer.Argument(help="Word lists: plain, prefix-compressed or gzip; - for stdin.", metavar="WORDLIST...")],
    output: Annotated[str, typer.Option("-o", "--output", help="The dictionary file to write (its index goes beside it).")],
    fmt: Annotated[str, typer.Option("--format", help="Word-list format: auto, plain or prefix.")] = "auto",
    encoding: Annotated[str, typer.Option(help="Text encoding of the word lists.")] = "utf-8",
    min_length: Annotated[int, typer.Option(min=1, help="Drop words shorter than this.")] = 1,
    max_length: Annotated[int | None, typer.Option(min=1, help="Drop words longer than this.")] = None,
    keep_proper_nouns: Annotated[bool, typer.Option(help="Keep words with capital letters (proper nouns, acronyms).")] = False,
    ascii_only: Annotated[bool, typer.Option(help="Drop words with letters outside a-z (accented letters).")] = False,
    memory: Annotated[str, typer.Option(help="Memory budget for sorting, e.g. 64M.")] = "64M",
    block_size: Annotated[int, typer.Option(min=1, max=65536, help="Words per index block.")] = 64,
) -> None:
    """Build a sorted dictionary file and its index from word lists."""
    from .builder import build as build_dictionary
    from .wordlist import WordFilter

    word_filter = WordFilter(min_length, max_length, keep_proper_nouns, ascii_only)
    with _reported():
        report = build_dictionary(
            wordlists, output, fmt=fmt, encoding=encoding, word_filter=word_filter,
            memory=_parse_size(memory), block_size=block_size, progress=_progress_bar(),
        )
        _end_progress()
        typer.echo(f"wrote {report.output} and {report.index_path}: {report.summary()}")


def _progress_bar() -> Callable[[str, int, int], None] | None:
    if not sys.stderr.isatty():
        return None

    def show(phase: str, done: int, total: int) -> None:
        amount = f"{100 * done // total:3d}%" if total else f"{done:,} lines"
        sys.stderr.write(f"\r{phase}: {amount}\x1b[K")
        sys.stderr.flush()

    return show


def _end_progress() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")


@_command
def index(
    dictionary: Annotated[str | None, typer.Argument(help="Dictionary file (default: the one in use).", metavar="DICT")] = None,
    check: Annotated[bool, typer.Option("--check", help="Verify the dictionary and its index, change nothing, exit 1 on a problem.")] = False,
    block_size: Annotated[int, typer.Option(min=1, max=65536, help="Words per index block when rebuilding.")] = 64,
) -> None:
    """Rebuild the index of a dictionary, or check both files."""
    from .index import check_index, index_path_for, save_index

    path = resolve_path(dictionary or _state["dict"])
    with _reported():
        if check:
            problems = check_index(path)
            for problem in problems:
                typer.echo(problem)
            if problems:
                raise typer.Exit(1)
            typer.echo(f"{path}: ok")
            return
        builder = save_index(path, block_size)
        typer.echo(f"wrote {index_path_for(path)}: {len(builder.keys)} entries for {builder.words} words (block size {block_size})")


@_command
def info(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Describe the dictionary in use: paths, words, size, index entries."""
    with _reported(), _open() as dictionary:
        details = dictionary.info()
        if as_json:
            _emit_json(details)
        else:
            width = max(map(len, details))
            for name, value in details.items():
                typer.echo(f"{name:<{width}}  {value}")


def make_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with the one named *only*.

    Typer turns every registered command into a click command on each run, inspecting
    its signature (about a millisecond a command), so a run that names its command gets
    an app with just that one: its help and behaviour are the same.
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
    for name, function in _commands.items():
        if only is None or name == only:
            new.command(name)(function)
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
        return arg if arg in _commands else None
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
