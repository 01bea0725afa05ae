"""The main commands run under a fixed address-space limit (RLIMIT_AS), and running out
of memory is one line: memory is bounded by work and limits, not timed."""

from __future__ import annotations

import functools
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from anagramdb.cli.app import app
from anagramdb.countdown.draw import draw_letters

resource = pytest.importorskip("resource")
LIMIT = 64 << 20  # docs/PERFORMANCE.md: every batch, lookup and build --memory 16M fits
RACKS = "".join(draw_letters(seed=seed).letters.lower() + "\n" for seed in range(300))


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args],
        input=stdin,
        capture_output=True,
        text=True,
        preexec_fn=limited,
        check=False,
    )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="preexec_fn needs fork")
@pytest.mark.parametrize(
    ("args", "stdin", "lines"),
    [
        (["letters", "gyroscope", "--all"], "", 7),
        (["anagrams", "listen", "--json"], "", 1),
        (["letters", "-", "--all", "--min", "1", "--json"], RACKS, 300),
        (["-d", "huge", "letters", "-", "--all", "--json"], RACKS, 300),
        (["anagrams", "-"], RACKS, None),
        (
            ["check", "letters", "-"],
            "".join(f"{r.strip()} {r[:3]}\n" for r in RACKS.splitlines()),
            300,
        ),
    ],
)
def test_lookups_and_batches_run_under_64_mib_of_address_space(args, stdin, lines):
    result = run(*args, stdin=stdin)
    assert result.returncode in (0, 1), result.stderr  # check exits 1 for a wrong word
    assert "error" not in result.stderr
    if lines is not None:
        assert len(result.stdout.splitlines()) == lines


@pytest.mark.skipif(not hasattr(os, "fork"), reason="preexec_fn needs fork")
def test_build_with_16m_runs_under_64_mib_of_address_space(tmp_path):
    from anagramdb.packaged import DATA_DIRECTORY

    output = str(tmp_path / "huge.txt")
    source = os.path.join(DATA_DIRECTORY, "huge.txt")
    result = run("build", source, "-o", output, "--memory", "16M")
    assert result.returncode == 0, result.stderr
    assert run("check", "index", output).stdout == f"{output}: ok\n"


def test_out_of_memory_is_one_line(monkeypatch, sample_dictionary):
    from anagramdb.countdown import queries

    def exhausted(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(queries, "letters", exhausted)
    result = CliRunner().invoke(app, ["-d", sample_dictionary, "letters", "stone", "--all"])
    assert result.exit_code == 1
    assert result.stderr.startswith("anagramdb: error: out of memory while running anagramdb ")
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def limit_of(mib: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))

    return apply


def run_under(mib: int, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args],
        capture_output=True,
        text=True,
        preexec_fn=limit_of(mib),
        check=False,
    )


@functools.cache
def least_to_start() -> int:
    """The least limit (MiB, even) under which the command line and its typer app import:
    below it Python's own imports fail (a MemoryError before anagramdb's entry point runs,
    or CPython's "error return without exception set" inside an import)."""
    for mib in range(8, 64, 2):
        started = subprocess.run(
            [sys.executable, "-c", "import anagramdb.cli.app"],
            capture_output=True,
            preexec_fn=limit_of(mib),
            check=False,
        )
        if started.returncode == 0:
            return mib
    raise AssertionError("python does not start under 64 MiB")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="preexec_fn needs fork")
@pytest.mark.parametrize(
    "args",
    [
        ("conundrum", "aebcdefgh"),
        ("phrases", "dirtyroom"),
        ("check", "letters", "gyroscope", "scope"),
    ],
)
def test_running_out_of_address_space_says_so_at_every_limit(args):
    # From too little to start Python's imports up to enough to answer: whatever runs out
    # (an import, a C extension's mapping, the dictionary's mapping), the one line says
    # out of memory, never "cannot open dictionary" nor an internal error.
    outcomes = set()
    for mib in range(least_to_start(), 32, 2):
        result = run_under(mib, *args)
        lines = result.stderr.splitlines()
        if result.returncode == 0 or (result.returncode == 1 and args[0] == "check"):
            if not lines or "out of memory" not in lines[0]:
                outcomes.add("answered")
                continue
        assert len(lines) == 1, (mib, result.stderr)
        assert lines[0].startswith("anagramdb: error: out of memory while running anagramdb"), (
            mib,
            lines[0],
        )
        outcomes.add("out of memory")
    assert outcomes == {"answered", "out of memory"}  # the limits span both


@pytest.mark.skipif(not hasattr(os, "fork"), reason="preexec_fn needs fork")
def test_build_running_out_of_memory_never_shows_a_traceback(tmp_path):
    # The out-of-memory message once ran out of memory itself (an import in it, at 38-42
    # MiB): a traceback of three levels instead of one line.
    from anagramdb.packaged import DATA_DIRECTORY

    source = os.path.join(DATA_DIRECTORY, "huge.txt")
    for mib in (36, 38, 40, 42):  # around where it failed
        output = str(tmp_path / f"huge-{mib}.txt")
        result = run_under(mib, "build", source, "-o", output)
        if result.returncode == 0:
            continue
        assert result.stderr.count("\n") == 1, (mib, result.stderr)
        assert result.stderr.startswith("anagramdb: error: out of memory"), (mib, result.stderr)


@pytest.mark.parametrize(
    "args",
    [["conundrum", "aebcdefgh"], ["phrases", "dirtyroom"], ["check", "letters", "gyroscope", "x"]],
)
def test_no_address_space_to_map_the_dictionary_is_out_of_memory(monkeypatch, args):
    import mmap
    from errno import ENOMEM
    from types import SimpleNamespace

    from anagramdb import mapped

    class Refused:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise OSError(ENOMEM, os.strerror(ENOMEM))

    # The mapping fails as mmap fails when RLIMIT_AS leaves no room (ENOMEM).
    monkeypatch.setattr(mapped, "mmap", SimpleNamespace(mmap=Refused, ACCESS_READ=mmap.ACCESS_READ))
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert result.stderr.startswith("anagramdb: error: out of memory while running anagramdb ")
    assert "cannot open dictionary" not in result.stderr


def test_out_of_memory_while_saying_so_still_says_it_in_one_line(monkeypatch, capfd):
    import builtins

    from anagramdb.cli import messages

    real_import = builtins.__import__

    def exhausted(name: str, *args: object, **kwargs: object) -> object:
        if name in ("grammar", "resource"):  # what the full message imports
            raise MemoryError
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", exhausted)
    assert messages.failed(MemoryError(), ["build", "words.txt"]) == 1
    monkeypatch.undo()
    assert capfd.readouterr().err == messages.OUT_OF_MEMORY_LINE.decode()
