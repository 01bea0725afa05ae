"""Commands on dictionaries: anagrams, build, index, info."""

import sys
from collections.abc import Callable
from dataclasses import asdict
from typing import Annotated, Any

import typer

from ..block_cache import MAX_DIGITS
from ..builder import DEFAULT_MEMORY
from ..errors import InvalidArgumentError
from ..index import BLOCK_SIZE, MAX_BLOCK_SIZE
from ..resolve import resolve_path
from .common import (
    JSON_OPTION,
    batch,
    command,
    emit,
    emit_json,
    open_dictionary,
    option,
    reported,
    state,
    usage_error,
)
from .messages import cut


@command
def anagrams(
    letters: Annotated[
        str,
        typer.Argument(
            help="The letters to rearrange (spaces are ignored); - reads one set of letters a "
            "line from stdin."
        ),
    ],
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """List the exact anagrams of LETTERS in the dictionary."""
    from ..countdown import queries
    from .render import anagrams_line, anagrams_text

    with reported(), open_dictionary(batch=letters == "-") as dictionary:

        def answer(query: str) -> dict[str, Any]:
            return queries.anagrams(dictionary, query)

        if letters == "-":
            raise typer.Exit(
                batch(
                    sys.stdin, "letters", answer, anagrams_line, (lambda r: r) if as_json else None
                )
            )
        record = answer(letters)
        emit(record, anagrams_text(record), as_json, letters)


def _parse_size(text: str) -> int:
    """'64M' -> 67108864 (block_cache.parse_size's sizes); at least the builder's MIN_MEMORY."""
    from ..block_cache import parse_size
    from ..builder import MIN_MEMORY

    try:
        size = parse_size(text)
    except InvalidArgumentError:
        raise typer.BadParameter(
            f"{cut(text)!r} is not a size like 64M or 1G (at most {MAX_DIGITS} digits)"
        ) from None
    if size < MIN_MEMORY:
        raise typer.BadParameter(f"{cut(text)} is below the minimum of {MIN_MEMORY // 1024**2}M")
    return size


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


@command
def build(
    wordlists: Annotated[
        list[str],
        typer.Argument(
            help="Word lists: plain, prefix-compressed or gzip; - for stdin.", metavar="WORDLIST..."
        ),
    ],
    output: Annotated[
        str, option("--output", help="The dictionary file to write (its index goes beside it).")
    ],
    fmt: Annotated[
        str, typer.Option("--format", help="Word-list format: auto, plain or prefix.")
    ] = "auto",
    encoding: Annotated[str, typer.Option(help="Text encoding of the word lists.")] = "utf-8",
    min_length: Annotated[
        int, typer.Option("--min", min=1, help="Drop words shorter than this.")
    ] = 1,
    max_length: Annotated[
        int | None, typer.Option("--max", min=1, help="Drop words longer than this.")
    ] = None,
    keep_proper_nouns: Annotated[
        bool, typer.Option(help="Keep words with capital letters (proper nouns, acronyms).")
    ] = False,
    ascii_only: Annotated[
        bool, typer.Option(help="Drop words with letters outside a-z (accented letters).")
    ] = False,
    memory: Annotated[
        str, typer.Option(help="Memory budget for sorting, e.g. 64M.")
    ] = f"{DEFAULT_MEMORY // 1024**2}M",
    block_size: Annotated[
        int, typer.Option(min=1, max=MAX_BLOCK_SIZE, help="Words per index block.")
    ] = BLOCK_SIZE,
    exclude: Annotated[
        list[str] | None,
        typer.Option(
            metavar="FILE", help="A word list of words to drop (house rules); repeatable."
        ),
    ] = None,
    include: Annotated[
        list[str] | None,
        typer.Option(
            metavar="FILE", help="A word list of words to add whatever the filters say; repeatable."
        ),
    ] = None,
    offensive: Annotated[
        str,
        typer.Option(
            metavar="keep|drop", help="drop: leave out the packaged list of slurs and obscenities."
        ),
    ] = "keep",
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Replace the output even if it is not an anagramdb dictionary."
        ),
    ] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Build a sorted dictionary file and its index from word lists."""
    from ..builder import build as build_dictionary
    from ..wordlist import WordFilter, offensive_words, read_word_set

    if offensive not in ("keep", "drop"):
        raise typer.BadParameter(f"{offensive!r} is not keep or drop", param_hint="--offensive")
    if "" in wordlists:
        raise usage_error("no word list given (an empty name; - reads stdin)")
    word_filter = WordFilter(min_length, max_length, keep_proper_nouns, ascii_only)
    with reported():
        excluded: set[str] = set(offensive_words()) if offensive == "drop" else set()
        for path in exclude or []:
            excluded |= read_word_set(path, fmt, encoding)
        try:
            report = build_dictionary(
                wordlists, output, fmt=fmt, encoding=encoding, word_filter=word_filter,
                memory=_parse_size(memory), block_size=block_size, progress=_progress_bar(),
                exclude=excluded, include=include or [], force=force,
            )  # fmt: skip
        finally:
            _end_progress()
        emit(
            asdict(report),
            f"wrote {report.output} and {report.index_path}: {report.summary()}",
            as_json,
        )


@command
def index(
    dictionary: Annotated[
        str | None,
        typer.Argument(help="Dictionary file (default: the one in use).", metavar="DICT"),
    ] = None,
    block_size: Annotated[
        int, typer.Option(min=1, max=MAX_BLOCK_SIZE, help="Words per index block.")
    ] = BLOCK_SIZE,
    keys: Annotated[
        bool,
        typer.Option(
            "--keys",
            help="Also write DICT.keys, the stored keys that keep lookups fast on dictionaries"
            " of a million words or more (rewritten from then on as the index is).",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace DICT.idx even if it is not an anagramdb index."),
    ] = False,
    check: Annotated[bool, typer.Option("--check", hidden=True)] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Rebuild the index of a dictionary (and its stored keys); check index checks them."""
    from ..index import index_path_for
    from ..index_build import save_index
    from ..stored_keys import refresh_stored_keys, save_stored_keys

    if check:  # the old form of check index
        from .messages import superseded

        superseded("index [DICT] --check", "check index [DICT]")
        check_files(dictionary, as_json)
        return
    path = dictionary_path(dictionary)
    with reported():
        builder = save_index(path, block_size, force=force)
        written = save_stored_keys(path) if keys else refresh_stored_keys(path)
        if as_json:
            emit_json(
                {
                    "dictionary": path,
                    "index_path": index_path_for(path),
                    "keys_path": written,
                    "entries": len(builder.keys),
                    "words": builder.words,
                    "block_size": block_size,
                }
            )
        else:
            typer.echo(
                f"wrote {index_path_for(path)}: {len(builder.keys)} entries for {builder.words} "
                f"words (block size {block_size})"
            )
            if written is not None:
                typer.echo(f"wrote {written}: the key of every word")


def dictionary_path(dictionary: str | None) -> str:
    """The path of the dictionary file named by a DICT argument, else by --dict."""
    if dictionary == "":
        raise usage_error("no dictionary given (an empty name)")
    return resolve_path(state["dict"] if dictionary is None else dictionary)


def check_files(dictionary: str | None, as_json: bool) -> None:
    """``check index [DICT]``: print every problem with the dictionary, its index and its
    stored keys (or ``DICT: ok``), and exit 1 if there is one."""
    from ..index import index_path_for
    from ..index_check import check_index

    path = dictionary_path(dictionary)
    with reported():
        problems = check_index(path)
    if as_json:
        record = {"dictionary": path, "index_path": index_path_for(path)}
        emit_json({**record, "ok": not problems, "problems": problems})
    else:
        for problem in problems or [f"{path}: ok"]:
            typer.echo(problem)
    if problems:
        raise typer.Exit(1)


@command
def info(as_json: Annotated[bool, JSON_OPTION] = False) -> None:
    """Describe the dictionary in use: paths, words, size, index entries."""
    with reported(), open_dictionary() as dictionary:
        details = dictionary.info()
        if as_json:
            emit_json(details)
        else:
            width = max(map(len, details))
            for name, value in details.items():
                if isinstance(value, dict):
                    value = ", ".join(
                        f"{key} {' '.join(part) if isinstance(part, list) else part}"
                        for key, part in value.items()
                    )
                if value is not None:
                    typer.echo(f"{name:<{width}}  {value}")
