"""The ``define`` command: what words mean, from the packaged definitions (WordNet 3.0)."""

from typing import Annotated

import typer

from .common import JSON_OPTION, command, reported
from .defining import define_words


@command
def define(
    words: Annotated[
        list[str],
        typer.Argument(
            help="The words to define (any case; forms such as cats or colours are found under "
            "their base word); - reads one word a line from stdin.",
            metavar="WORD... | -",
        ),
    ],
    senses: Annotated[
        int | None,
        typer.Option(min=1, help="Show at most this many senses of each part of speech."),
    ] = None,
    definitions: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="A definitions file other than the packaged one (format: docs/FORMAT.md).",
        ),
    ] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Define words: part of speech and senses (WordNet 3.0), with British and other usage
    labels; a word without a definition is not an error."""
    if "-" in words and len(words) > 1:
        from .common import usage_error

        raise usage_error("give words, or - alone to read one word a line from stdin")
    with reported():
        code = define_words(words, as_json, senses, definitions)
    if code:
        raise typer.Exit(code)
