"""The main commands run under a fixed address-space limit (RLIMIT_AS), and running out
of memory is one line: memory is bounded by work and limits, not timed."""

from __future__ import annotations

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
