"""serve's work, without typer: the quick path in console.py starts the server with it, so
that a serving process never loads typer and click (16 MiB of each worker's memory, most
of what it held idle: docs/PERFORMANCE.md), and the typer command calls it too."""

from __future__ import annotations

import sys

from ..web.defaults import DEFAULT_HOST as DEFAULT_HOST
from ..web.defaults import DEFAULT_PORT as DEFAULT_PORT
from ..web.defaults import MAX_WORKERS
from .render import to_json

# The largest values of the options, for the quick path (console.py) as for typer.
LARGEST = {"--port": 65535, "--workers": MAX_WORKERS}


def without_openssl() -> None:
    """Keep OpenSSL out of this process: the server speaks plain HTTP, yet http.server
    imports http.client, which loads ssl, and hashlib prefers OpenSSL's sha256; the two
    libraries cost each worker about 5 MiB resident (measured). Python's own sha256 serves
    the page's Content-Security-Policy instead. Only the serve command's own process does
    this: a program that imports anagramdb.web keeps its ssl."""
    for name in ("ssl", "_hashlib"):
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "not importable"


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    workers: int = 1,
    dictionary: str | None = None,
    quiet: bool = False,
    cors: str | None = None,
    as_json: bool = False,
    open_browser: bool = False,
) -> int:
    """Serve until stopped (anagramdb.web.workers) and return the exit code; say the URL on
    stdout once the socket listens (JSON with *as_json*), and warn on stderr when the
    address is not loopback. Raises StorageError when the address cannot be listened on."""
    without_openssl()
    from ..web.server import Options, is_loopback
    from ..web.workers import serve as run
    from . import messages

    def ready(url: str) -> None:
        if as_json:
            print(to_json({"url": url, "workers": workers}), flush=True)
        else:
            print(
                f"anagramdb: serving {url} ({workers} worker{'s' * (workers > 1)}; Ctrl-C to stop)",
                flush=True,
            )
        if not is_loopback(host):
            messages.warning(
                f"listening on {host}: anyone who can reach this machine can use the server"
            )
        if open_browser:
            import webbrowser

            webbrowser.open(url.replace("0.0.0.0", "127.0.0.1").replace("[::]", "[::1]"))

    try:
        return run(Options(host, port, workers, dictionary, quiet, cors), ready)
    except OSError as exc:
        from ..errors import StorageError, describe_os_error

        raise StorageError(f"cannot listen on {host}:{port}: {describe_os_error(exc)}") from exc
