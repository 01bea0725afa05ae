"""Batch lines and number bounds (issue 27 item 5): a batch line is bounded in bytes, an
over-long one is reported by its number and skipped (memory bounded) and the batch goes
on, exiting 2 at the end; every whole-number option has a digit bound; an empty word-list
or log name is a usage error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from anagramdb.block_cache import MAX_DIGITS
from anagramdb.lines import MAX_LINE

from ..support.measure import SMALL, measured

TOO_LONG = "stdin: line {} is longer than 4,096 bytes (the most a line of input may hold)"


def anagramdb(args: list[str], stdin: str | bytes = "", cwd=None) -> subprocess.CompletedProcess:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args], input=data, capture_output=True, cwd=cwd,
        timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize("command", ["anagrams", "letters", "define", "check"])
def test_an_over_long_line_is_reported_and_the_batch_goes_on(command):
    query = {"anagrams": "stone", "letters": "stone", "define": "stone", "check": "stone notes"}
    lines = [query[command], "x" * (MAX_LINE + 1), query[command]]
    ran = anagramdb([command, "-"], "\n".join(lines) + "\n")
    assert ran.returncode == 2
    assert ran.stderr.decode().splitlines() == [f"anagramdb: error: {TOO_LONG.format(2)}"]
    alone = anagramdb([command, "-"], f"{query[command]}\n{query[command]}\n")
    assert alone.returncode == 0 and ran.stdout == alone.stdout  # both answered, as alone


def test_json_batches_give_the_over_long_line_a_record():
    lines = ["stone", "é" * 2049, "é" * 2048, "notes"]  # 4,098 bytes, then 4,096
    ran = anagramdb(["anagrams", "-", "--json"], "\n".join(lines) + "\n")
    records = [json.loads(line) for line in ran.stdout.decode().splitlines()]
    assert ran.returncode == 2 and ran.stderr == b""
    assert [r["letters"] for r in records] == ["stone", "", "é" * 2048, "notes"]
    assert records[1] == {"letters": "", "error": TOO_LONG.format(2)}
    assert "longer" not in json.dumps(records[2])  # 4,096 bytes: a line, however many letters


def test_an_over_long_line_is_skipped_in_bounded_memory(tmp_path):
    """A 16 MiB line between two queries: read past in pieces, the last query answered."""
    with open(tmp_path / "in.txt", "wb") as handle:
        handle.write(b"stone\n" + b"a" * (16 << 20) + b"\nnotes\n")
    code, peak, out, err = measured("anagramdb anagrams - < in.txt", str(tmp_path))
    words = "notes onset steno stone tones"
    assert code == 2 and out.splitlines() == [f"stone: {words}", f"notes: {words}"]
    assert err.splitlines() == [f"anagramdb: error: {TOO_LONG.format(2)}"]
    assert peak * 1024 < SMALL, f"peak {peak} KiB"


def test_a_line_with_no_end_stops_the_batch_after_16_mib():
    ran = subprocess.run(
        ["bash", "-c", f"(echo stone; head -c 20000000 /dev/zero) | {sys.executable} -m "
         "anagramdb anagrams -"], capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert ran.returncode == 2 and ran.stdout == "stone: notes onset steno stone tones\n"
    assert ran.stderr == (
        f"anagramdb: error: {TOO_LONG.format(2)}, with no line break in its first 16 MiB: "
        "the rest is not read\n"
    )


def int_params():
    """(command path, option) of every whole-number option and argument of the app."""
    import typer.main

    from anagramdb.cli.app import make_app
    from anagramdb.cli.program import bound_digits
    from anagramdb.cli.typer_private import IntParamType

    root = typer.main.get_command(make_app())
    bound_digits(root)
    found = []

    def walk(command, path):
        for param in command.params:
            if isinstance(param.type, IntParamType):
                found.append((" ".join(path), param))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(root, [])
    return found


def test_every_whole_number_option_has_a_digit_bound():
    from anagramdb.cli.typer_private import UsageError

    found = int_params()
    assert len(found) >= 15 and {p.opts[0] for _, p in found} >= {"--seed", "--games", "--port"}
    for _, param in found:
        with pytest.raises(UsageError, match=r"has 19 digits, but a number here has at most 18"):
            param.type.convert("1" * 19, param, None)


NINETEEN = "1" * (MAX_DIGITS + 1)


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", NINETEEN, "--rounds", "L"],
        ["play", "--seconds", NINETEEN, "--rounds", "L"],
        ["draw", "letters", "--seed", NINETEEN],
        ["draw", "conundrum", "--count", "-" + NINETEEN],
        ["letters", "stone", "--min", NINETEEN],
        ["history", "--games", NINETEEN],
        ["serve", "--port", NINETEEN],
        ["build", "in.txt", "-o", "out.txt", "--block-size", NINETEEN],
    ],
    ids=lambda args: " ".join(a for a in args if a != NINETEEN),
)
def test_a_number_of_19_digits_is_a_usage_error(args):
    ran = anagramdb(args)
    err = ran.stderr.decode()
    assert ran.returncode == 2 and err.count("\n") == 1, err
    assert f"... has 19 digits, but a number here has at most {MAX_DIGITS} (see anagramdb " in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cache", NINETEEN, "anagrams", "stone"], "is not a size like 4M or 512K (at most 18"),
        (["build", "in.txt", "-o", "o.txt", "--memory", NINETEEN + "M"],
         "is not a size like 64M or 1G (at most 18 digits)"),
        (["build", "", "-o", "o.txt"], "build: no word list given (an empty name; - reads stdin)"),
        (["replay", ""], "replay: no game log given (an empty name)"),
    ],
)  # fmt: skip
def test_sizes_and_empty_names_are_usage_errors(tmp_path, args, message):
    (tmp_path / "in.txt").write_text("stone\n")
    ran = anagramdb(args, cwd=tmp_path)
    err = ran.stderr.decode()
    assert ran.returncode == 2 and err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "o.txt").exists()


def test_the_lines_waiting_are_counted_without_reading_them(tmp_path):
    import os

    from anagramdb.cli.batching import LINE_BYTES, waiting_lines

    path = tmp_path / "racks.txt"
    path.write_bytes(b"gyroscope\n" * 30)
    with open(path, "rb", buffering=0) as handle:  # (a buffered read would read it all)
        assert waiting_lines(handle) == 30 * 10 // LINE_BYTES
        handle.read(100)
        assert waiting_lines(handle) == 20 * 10 // LINE_BYTES
    read, write = os.pipe()
    try:
        with open(read, "rb", closefd=False) as handle:
            assert waiting_lines(handle) == 0  # nothing written yet: no wait for it
            os.write(write, b"countdown\n" * 50)
            assert waiting_lines(handle) == 50 * 10 // LINE_BYTES
            assert handle.read1(10) == b"countdown\n"  # none of it was consumed
    finally:
        os.close(read)
        os.close(write)
    assert waiting_lines(["gyroscope", "countdown"]) == 0  # lines given: no descriptor
