"""One grammar and one error style for every command (program.Program, grammar.hoist)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from anagramdb.cli.app import app
from anagramdb.cli.common import commands, groups
from anagramdb.cli.grammar import UsageProblem, hoist

runner = CliRunner()


def invoke(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def assert_one_line_error(result, code: int, fragment: str = "") -> None:
    assert result.exit_code == code, (result.exit_code, result.stderr)
    assert result.stderr.startswith("anagramdb: error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and fragment in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["letters", "abc", "--min", "0"], "letters: invalid value for '--min': 0 is not in the range x>=1"),
        (["letters"], "letters: missing argument 'RACK'"),
        (["build", "x", "-o", "y", "--memory", "abc"], "'abc' is not a size like 64M or 1G"),
        (["build", "x", "-o", "y", "--memory", "0"], "0 is below the minimum of 16M"),
        (["conundrum", "--count", "3"], "give LETTERS to solve, or --generate"),
        (["draw", "letters", "--vowels", "2"], "draw letters: invalid value for '--vowels'"),
        (["--dict"], "option '--dict' needs a value"),
        (["letters", "abc", "--dict"], "option '--dict' needs a value"),
        (["--dict="], "option '--dict' needs a value"),
        (["nosuchcommand"], "no such command 'nosuchcommand' (see anagramdb --help)"),
        (["letters", "abc", "--nosuchoption"], "letters: no such option '--nosuchoption'"),
    ],
)
def test_usage_errors_are_one_line_with_exit_2(args, fragment):
    assert_one_line_error(invoke(*args), 2, fragment)


@pytest.mark.parametrize("name", sorted([*commands, *groups]))
def test_every_command_reports_a_usage_error_on_one_line(name):
    assert_one_line_error(invoke(name, "--no-such-option"), 2, "no such option")


def test_file_problems_exit_1(tmp_path):
    assert_one_line_error(invoke("--dict", "/nonexistent/words.txt", "anagrams", "stone"), 1, "cannot open dictionary /nonexistent/words.txt")
    damaged = tmp_path / "damaged.txt"
    damaged.write_text("dog\ncat\n")
    assert_one_line_error(invoke("anagrams", "cat", "--dict", str(damaged)), 1, "line 2: 'cat'")


@pytest.mark.parametrize(
    "args",
    [
        ["anagrams", "stone", "--dict", "common"],
        ["anagrams", "--dict=common", "stone"],
        ["anagrams", "stone", "-d", "common"],
        ["-dcommon", "anagrams", "stone"],
        ["--dict", "full", "anagrams", "stone", "--dict", "common"],
    ],
)
def test_global_options_before_or_after_the_command(args):
    assert invoke(*args).stdout == invoke("--dict", "common", "anagrams", "stone").stdout


def test_hoist():
    assert hoist(["letters", "abc", "-d", "x"]) == ["--dict", "x", "letters", "abc"]
    assert hoist(["letters", "--", "-d", "x"]) == ["letters", "--", "-d", "x"]
    assert hoist(["letters", "abc", "--dict", "-"]) == ["--dict", "-", "letters", "abc"]
    for args in (["--dict"], ["x", "--dict", "--json"], ["--dict="]):
        with pytest.raises(UsageProblem):
            hoist(args)


def test_bare_command_and_group_print_their_help():
    for args in ([], ["draw"]):
        result = invoke(*args)
        assert result.exit_code == 0 and result.stdout.startswith("Usage: anagramdb") and result.stderr == ""


def test_arguments_are_described_in_help():
    result = invoke("letters", "--help")
    assert "RACK  The rack, e.g. GYROSCOPE" in result.stdout
