"""Bytes that are not UTF-8, in argv or on stdin, are reported as such for that one line or
argument and never echoed raw; JSON output is always valid UTF-8 (quick path, typer path,
batch mode)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from anagramdb.cli.render import to_json, valid_text
from anagramdb.errors import InvalidRackError
from anagramdb.keys import letters_key


def run(args: list[bytes], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    env.pop("ANAGRAMDB_DICT", None)
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"anagramdb", *args],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ([b"anagrams", b"-", b"--json"], "letters"),  # the quick path
        ([b"-d", b"common", b"anagrams", b"-", b"--json"], "letters"),
        ([b"letters", b"-", b"--json", b"--min", b"4"], "rack"),
        ([b"phrases", b"-", b"--json"], "letters"),  # the typer path
    ],
)
def test_batch_lines_that_are_not_utf8(args, field):
    result = run(args, b"listen\n\xff\xfe\n")
    assert result.returncode == 2, result.stderr
    lines = result.stdout.decode("utf-8").splitlines()  # strict: valid UTF-8
    bad = json.loads(lines[-1])
    assert bad == {field: "\ufffd\ufffd", "error": "line 2 is not valid UTF-8"}
    assert b"\xff" not in result.stdout + result.stderr


@pytest.mark.parametrize("command", [b"anagrams", b"phrases", b"conundrum"])
def test_arguments_that_are_not_utf8(command):
    result = run([command, b"ab\xff", b"--json"])
    assert result.returncode == 2 and result.stdout == b""
    assert (
        result.stderr.decode("ascii")
        == "anagramdb: error: letters 'ab\\udcff' are not valid UTF-8\n"
    )


def test_json_and_keys_never_carry_surrogates():
    assert valid_text("ab\udcff") == "ab\ufffd" and valid_text("abc") == "abc"
    to_json({"x": "\udcff\ud800"}).encode("utf-8")
    with pytest.raises(InvalidRackError, match="not valid UTF-8"):
        letters_key("\udcff")
