"""The ``serve`` command: the web page and JSON API of anagramdb.web on a local port."""

import sys
from typing import Annotated

import typer

from ..web.defaults import DEFAULT_HOST, DEFAULT_PORT, MAX_WORKERS
from .common import JSON_OPTION, command, emit_json, reported, state


def without_openssl() -> None:
    """Keep OpenSSL out of this process: the server speaks plain HTTP, yet http.server
    imports http.client, which loads ssl, and hashlib prefers OpenSSL's sha256; the two
    libraries cost each worker about 5 MiB resident (measured). Python's own sha256 serves
    the page's Content-Security-Policy instead. Only the serve command's own process does
    this: a program that imports anagramdb.web keeps its ssl."""
    for name in ("ssl", "_hashlib"):
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "not importable"


@command
def serve(
    host: Annotated[
        str,
        typer.Option(help="Address to listen on; anything but loopback is reachable by others."),
    ] = DEFAULT_HOST,
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="Port to listen on (0: any free port).")
    ] = DEFAULT_PORT,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the page in a web browser.")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(min=1, max=MAX_WORKERS, help="Processes serving the one socket (pre-forked)."),
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
    without_openssl()
    from ..web.server import Options, is_loopback
    from ..web.workers import serve as run

    def ready(url: str) -> None:
        if as_json:
            emit_json({"url": url, "workers": workers})
        else:
            typer.echo(
                f"anagramdb: serving {url} ({workers} worker{'s' * (workers > 1)}; Ctrl-C to stop)"
            )
        if not is_loopback(host):
            typer.echo(
                f"anagramdb: warning: listening on {host}: anyone who can reach this machine can "
                "use the server",
                err=True,
            )
        if open_browser:
            import webbrowser

            webbrowser.open(url.replace("0.0.0.0", "127.0.0.1").replace("[::]", "[::1]"))

    with reported():
        try:
            code = run(Options(host, port, workers, state["dict"], quiet, cors), ready)
        except OSError as exc:
            from ..errors import StorageError, describe_os_error

            raise StorageError(f"cannot listen on {host}:{port}: {describe_os_error(exc)}") from exc
    raise typer.Exit(code)
