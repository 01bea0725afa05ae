"""``anagramdb serve`` starts on the quick path: a serving process never imports typer
(issue 32 item 6), and the quick path starts the server with what the typer command
would have passed, or leaves the command line to typer."""

from __future__ import annotations

import http.client
import inspect
import os
import signal
import subprocess
import sys
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from anagramdb.cli import serving
from anagramdb.cli.app import run
from anagramdb.cli.console import quick

from ..support import ROOT
from ..support.waiting import workers

WAIT = 60


def test_a_serving_process_and_its_workers_never_import_typer(tmp_path):
    """Every import of the server, its workers and the requests they answer, listed by
    ``-X importtime``: neither typer nor click is among them."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    command = [sys.executable, "-X", "importtime", "-m", "anagramdb", "serve", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--quiet", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("anagramdb: serving http://"), line
    port = int(line.split()[2].rsplit(":", 1)[1].strip("/"))
    workers(process.pid, 2)
    for path in ("/", "/api/letters?rack=gyroscope", "/api/define?word=listen"):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        connection.request("GET", path)
        response = connection.getresponse()
        assert response.status == 200 and response.read(), path
        connection.close()
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=WAIT)
    assert process.returncode == 0, err[-2000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in err.splitlines() if "|" in line}
    assert "anagramdb.web.server" in imported and "anagramdb.cli.serving" in imported
    assert not imported & {"typer", "click"}
    # Nor dataclasses, which brings inspect and ast (0.75 MiB a worker: wordlist.WordFilter).
    assert not imported & {"dataclasses", "inspect"}


def called(function, args: list[str]) -> tuple[int | None, dict[str, object] | None]:
    """(exit code, the arguments serving.serve was called with, all of them named) of
    *function* (quick or the typer app's run) on *args*; the server is not started."""
    calls: list[dict[str, object]] = []
    signature = inspect.signature(serving.serve)

    def record(*given: object, **named: object) -> int:
        bound = signature.bind(*given, **named)
        bound.apply_defaults()
        calls.append(dict(bound.arguments))
        return 0

    with mock.patch.object(serving, "serve", record), mock.patch("sys.stderr"):
        code = function(list(args))
    return code, calls[0] if calls else None


WORDS = [
    "--host",
    "--host=",
    "--host=0.0.0.0",
    "localhost",
    "::1",
    "--port",
    "--port=8080",
    "0",
    "65535",
    "65536",
    "-1",
    "x",
    "--workers",
    "--workers=3",
    "1",
    "64",
    "65",
    "--cors",
    "http://example.org",
    "--open",
    "--quiet",
    "--json",
    "--help",
    "-d",
    "common",
    "--dict=full",
    "--",
    "",
    "extra",
]


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=6), at=st.integers(0, 6))
def test_the_quick_path_starts_the_server_as_typer_would_or_declines(words, at):
    args = [*words[:at], "serve", *words[at:]]
    code, arguments = called(quick, args)
    if code is None:
        return
    assert (code, arguments) == called(run, args), args


def test_the_quick_path_takes_the_common_serve_lines():
    """Not vacuous: the usual forms start the server from the quick path."""
    for args in (
        ["serve"],
        ["serve", "--port", "0", "--quiet", "--workers", "2"],
        ["-d", "common", "serve", "--host=0.0.0.0", "--cors", "http://example.org", "--json"],
    ):
        code, arguments = called(quick, args)
        assert code == 0 and arguments == called(run, args)[1], args
