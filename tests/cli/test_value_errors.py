"""Empty values are errors, never silent defaults; phrases has a capped --max-words and a
time limit; long values are cut in messages."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from anagramdb.cli.app import app
from anagramdb.countdown.phrases import MOST_WORDS, phrases
from anagramdb.errors import InvalidArgumentError
from anagramdb.packaged import PACKAGED
from anagramdb.resolve import resolve_path

from ..support.games import run_play

runner = CliRunner()


def assert_error(result, code: int, fragment: str) -> None:
    assert result.exit_code == code, (result.exit_code, result.stderr)
    assert (
        result.stderr.startswith("anagramdb: error: ")
        and result.stderr.count("\n") == 1
        and fragment in result.stderr
    ), result.stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (
            ["numbers", "stats", "--targets", ""],
            "numbers stats: option '--targets' needs a value, not an empty one",
        ),
        (["numbers", "stats", "--csv", ""], "option '--csv' needs a value, not an empty one"),
        (["play", "--rounds", "", "--no-history"], "play: option '--rounds' needs a value"),
        (["play", "--log=", "--no-history", "--rounds", "L"], "play: option '--log' needs a value"),
        # Each of these once used the default instead (issue 19).
        (["draw", "letters", "--piles", ""], "draw letters: option '--piles' needs a value"),
        (["draw", "conundrum", "--from", ""], "draw conundrum: option '--from' needs a value"),
        (["serve", "--host", ""], "serve: option '--host' needs a value"),
        (["build", "words.txt", "-o", ""], "build: option '-o' needs a value"),
        (
            ["phrases", "abc", "--max-words", str(MOST_WORDS + 1)],
            f"is not in the range 1<=x<={MOST_WORDS}",
        ),
        # A clock the terminal's select() could not wait for was an internal error; the
        # web's bound (300 s) is the game's, for both front ends.
        (
            ["play", "--seconds", "99999999999999999", "--no-history"],
            "play: invalid value for '--seconds': 99999999999999999 is not in the range 0<=x<=300",
        ),
    ],
)
def test_empty_and_out_of_range_values_are_errors(args, fragment):
    assert_error(runner.invoke(app, args, input=""), 2, fragment)


def test_an_empty_environment_variable_is_an_error(monkeypatch):
    monkeypatch.setenv("ANAGRAMDB_DICT", "")
    with pytest.raises(InvalidArgumentError, match="ANAGRAMDB_DICT is set but empty"):
        resolve_path()
    result = runner.invoke(app, ["anagrams", "listen"], env={"ANAGRAMDB_DICT": ""})
    assert_error(result, 2, "ANAGRAMDB_DICT is set but empty")
    monkeypatch.delenv("ANAGRAMDB_DICT")
    assert resolve_path().endswith(PACKAGED["full"])


def test_the_missing_dict_value_names_every_packaged_dictionary():
    assert_error(
        runner.invoke(app, ["anagrams", "listen", "-d"]),
        2,
        "a dictionary file, or full, common or huge",
    )


def test_phrases_are_bounded():
    from anagramdb.dictionary import Dictionary

    with (
        Dictionary("common") as common,
        pytest.raises(InvalidArgumentError, match=f"at most {MOST_WORDS}, not {MOST_WORDS + 1}"),
    ):
        phrases(common, "abc", max_words=MOST_WORDS + 1)
    result = runner.invoke(
        app, ["phrases", "abcdefghijklmnopqrstuvwxyz", "--max-words", "6", "--seconds", "0.000001"]
    )
    assert_error(result, 2, "took too long")


def test_a_huge_rounds_value_is_cut(tmp_path):
    result = run_play(["--rounds", "L" * 100_000, "--no-history"], [], tmp_path)
    assert (
        result.returncode == 2
        and "(99,960 more characters)" in result.stderr
        and len(result.stderr) < 400
    )


def test_long_words_in_check_are_cut():
    result = runner.invoke(app, ["check", "letters", "GYROSCOPE", "a" * 100_000])
    assert (
        result.exit_code == 1
        and len(result.stdout) < 400
        and result.stdout.count("(99,960 more characters)") == 1
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["check", "numbers", "1", "2", "--target"],
            "check numbers: option '--target' requires an argument "
            "(see anagramdb check numbers --help)",
        ),
        (
            ["serve", "--port"],
            "serve: option '--port' requires an argument (see anagramdb serve --help)",
        ),
        (
            ["draw", "letters", "--piles"],
            "draw letters: option '--piles' requires an argument "
            "(see anagramdb draw letters --help)",
        ),
        (
            ["-d", "common", "--json", "anagrams", "listen"],
            "option '--json' belongs to a command: put it after the command, "
            "e.g. anagramdb anagrams ... --json (see anagramdb --help)",
        ),
    ],
)
def test_usage_errors_name_the_command_and_its_help(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr == f"anagramdb: error: {message}\n", (
        result.stderr
    )
