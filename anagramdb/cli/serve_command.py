"""The ``serve`` command: the web page and JSON API of anagramdb.web on a local port.

Its options, for help and errors; the quick path (console.py) starts the common forms
without typer, and both run serving.serve."""

from typing import Annotated

import typer

from . import serving
from .common import JSON_OPTION, command, reported, state


@command
def serve(
    host: Annotated[
        str,
        typer.Option(help="Address to listen on; anything but loopback is reachable by others."),
    ] = serving.DEFAULT_HOST,
    port: Annotated[
        int,
        typer.Option(
            min=0, max=serving.LARGEST["--port"], help="Port to listen on (0: any free port)."
        ),
    ] = serving.DEFAULT_PORT,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the page in a web browser.")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=serving.LARGEST["--workers"],
            help="Processes serving the one socket (pre-forked).",
        ),
    ] = 1,
    quiet: Annotated[bool, typer.Option("--quiet", help="No access log on stderr.")] = False,
    cors: Annotated[
        str | None,
        typer.Option(
            metavar="ORIGIN",
            help="Let pages from this origin call the API, e.g. http://example.org.",
        ),
    ] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Serve a page that solves as you type, and a JSON API under /api/ (Ctrl-C stops it)."""
    with reported():
        code = serving.serve(host, port, workers, state["dict"], quiet, cors, as_json, open_browser)
    raise typer.Exit(code)
