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


def letters_raising(monkeypatch, dictionary: str, exc: BaseException):
    """``anagramdb letters stone --all`` run in this process, its solver raising *exc*."""
    from anagramdb.countdown import queries

    def failed(*args: object) -> None:
        raise exc

    monkeypatch.setattr(queries, "letters", failed)
    return CliRunner().invoke(app, ["-d", dictionary, "letters", "stone", "--all"])


def test_out_of_memory_is_one_line(monkeypatch, sample_dictionary):
    result = letters_raising(monkeypatch, sample_dictionary, MemoryError())
    assert result.exit_code == 1
    assert result.stderr.startswith("anagramdb: error: out of memory while running anagramdb ")
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


IMPORTS_FAILING = [  # as CPython reports an allocation an import could not make
    SystemError("error return without exception set"),  # 3.12, in typing
    SystemError("<function _find_and_load at 0x7f0a> returned NULL without setting an exception"),
    SyntaxError("expected ':'", ("answers.py", 330, 1, "", 330, 2)),  # 3.10's parser
    ImportError("cannot import name 'Typer'"),
]


@pytest.mark.parametrize("exc", IMPORTS_FAILING, ids=type)
@pytest.mark.parametrize(("limited", "said"), [(True, "out of memory"), (False, "internal error")])
def test_an_import_failing_under_a_memory_limit_is_out_of_memory(
    monkeypatch, sample_dictionary, exc, limited, said
):
    # With no limit set the same exceptions are bugs, and say so.
    from anagramdb.cli import messages

    monkeypatch.setattr(messages, "memory_is_limited", lambda: limited)
    result = letters_raising(monkeypatch, sample_dictionary, exc)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"anagramdb: error: {said}")
    assert len(result.stderr.splitlines()) == 1


def test_enomem_is_out_of_memory_limit_or_not(monkeypatch, sample_dictionary):
    from errno import ENOMEM

    from anagramdb.cli import messages

    monkeypatch.setattr(messages, "memory_is_limited", lambda: False)
    exc = OSError(ENOMEM, os.strerror(ENOMEM), "/usr/lib/python3/site-packages/typer")
    result = letters_raising(monkeypatch, sample_dictionary, exc)
    assert (result.exit_code, len(result.stderr.splitlines())) == (1, 1)
    assert result.stderr.startswith("anagramdb: error: out of memory while running anagramdb ")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="preexec_fn needs fork")
def test_memory_is_limited_sees_ulimit_v():
    code = "from anagramdb.cli.messages import memory_is_limited; print(memory_is_limited())"
    free = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    limited = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        preexec_fn=limit_of(HIGHEST),
        check=True,
    )
    assert (free.stdout, limited.stdout) == ("False\n", "True\n")


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
        timeout=120,  # CPython has been seen to spin under a limit far below these
        check=False,
    )


HIGHEST = 40  # MiB: enough for every command below on Pythons 3.10-3.13


def started(result: subprocess.CompletedProcess[str]) -> bool:
    """Whether anagramdb's entry point ran: it printed its version, or every line on
    stderr is its own ("anagramdb: ..."), not Python's traceback from an import before the
    entry point, nor the dynamic loader's, nor a crash's."""
    if result.returncode < 0:
        return False
    lines = result.stderr.splitlines()
    if not lines:
        return result.returncode == 0
    return all(line.startswith("anagramdb: ") for line in lines)


@functools.cache
def least_to_start() -> int:
    """The least limit (MiB) from which up to HIGHEST ``python -m anagramdb --version``
    starts, at every MiB: below it Python's own imports, before anagramdb's entry point,
    run out (a MemoryError traceback from runpy, 3.13's "lost sys.stderr", the loader's
    "failed to map segment"), and nothing of anagramdb's runs to say so. Typer imports
    later, inside the entry point, where running out is anagramdb's to report; so from
    here to what a command needs there is a span of limits, several MiB wide on every
    Python, where the one line must say out of memory."""
    least = HIGHEST
    for mib in range(HIGHEST, 7, -1):
        if not started(run_under(mib, "--version")):
            break
        least = mib
    assert least < HIGHEST, f"python does not start under {HIGHEST} MiB"
    return least


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
    # From the least limit the entry point starts under up to enough to answer, a MiB at a
    # time: whatever runs out (an import, a C extension's mapping, the dictionary's
    # mapping, CPython's parser), the one line says out of memory, never "cannot open
    # dictionary" nor an internal error.
    outcomes = set()
    for mib in range(least_to_start(), HIGHEST + 1):
        result = run_under(mib, *args)
        lines = result.stderr.splitlines()
        if result.returncode == 0 or (result.returncode == 1 and args[0] == "check"):
            if not lines or "out of memory" not in lines[0]:
                outcomes.add("answered")
                continue
        assert len(lines) == 1, (mib, result.stderr)
        # "... out of memory while running anagramdb COMMAND ...", or when even that line
        # cannot be made, messages.OUT_OF_MEMORY_LINE, made at import
        assert lines[0].startswith("anagramdb: error: out of memory"), (mib, lines[0])
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


def test_memory_errors_no_caller_can_catch_are_left_to_the_one_line(monkeypatch):
    # A generator closed as it is collected, mid-unwind, ran out of memory in turn: CPython
    # printed "Exception ignored in ..." and a traceback above the one line. Other
    # exceptions no caller can catch are still shown, as CPython shows them.
    from types import SimpleNamespace

    from anagramdb.cli import messages

    shown = []
    monkeypatch.setattr(sys, "__unraisablehook__", shown.append)
    dropped = SimpleNamespace(exc_value=MemoryError(), object=None)
    kept = SimpleNamespace(exc_value=ValueError("closed file"), object=None)
    messages.drop_memory_errors(dropped)
    messages.drop_memory_errors(kept)
    assert shown == [kept]


def test_the_command_line_installs_the_hook():
    code = (
        "import sys\nfrom anagramdb.cli import console, messages\n"
        "sys.argv = ['anagramdb', '--version']\n"
        "try:\n    console.main()\nexcept SystemExit:\n    pass\n"
        "print(sys.unraisablehook is messages.drop_memory_errors)\n"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.splitlines()[-1] == "True"


def test_no_memory_to_load_resource_means_limited(monkeypatch):
    # Python 3.10 without .pyc files, 18 MiB: the import that failed was the parser's, and
    # then resource's own, which answered "no limit" and made it an internal error.
    import builtins

    from anagramdb.cli import messages

    real_import = builtins.__import__

    def short_of_memory(name: str, *args: object, **kwargs: object) -> object:
        if name == "resource":
            raise ImportError("libc.so.6: failed to map segment from shared object")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", short_of_memory)
    monkeypatch.delitem(sys.modules, "resource", raising=False)
    assert messages.memory_is_limited() is (os.name == "posix")
