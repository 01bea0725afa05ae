"""One shape per kind of command (docs/CLI.md): groups for families, and every old form
still answering as it did (stdout and exit code), with one notice line on stderr that
names the new form, after the output and never after an error."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from anagramdb.cli.app import app

runner = CliRunner()
GAME = ["100", "75", "50", "25", "6", "3", "--target", "952"]


def run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def checked_dictionary(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("shapes") / "words.txt"
    path.write_text("notes\nonset\nstone\n")
    assert run(["build", str(path), "-o", str(path), "--force"])[0] == 0
    return str(path)


@pytest.fixture(scope="module")
def game_log(tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("log")
    path = str(directory / "game.json")
    args = ["play", "--rounds", "N", "--seed", "5", "--seconds", "0", "--vs", "none"]
    result = runner.invoke(app, [*args, "--log", path, "--no-history"], input="2\n100\n")
    assert result.exit_code == 0, result.stderr
    return path


# (old form, new form, the notice's new form); {dict} is a small built dictionary.
OLD_FORMS = [
    (
        ["check", "GYROSCOPE", "scooper"],
        ["check", "letters", "GYROSCOPE", "scooper"],
        "check letters RACK WORD",
    ),
    (
        ["check", "GYROSCOPE", "gyroscopes", "--json"],
        ["check", "letters", "GYROSCOPE", "gyroscopes", "--json"],
        "check letters RACK WORD",
    ),
    (
        ["numbers", *GAME, "--check", "((100+6)*3*75-50)/25"],
        ["check", "numbers", *GAME, "((100+6)*3*75-50)/25"],
        "check numbers N... -t T ANSWER",
    ),
    (
        ["numbers", *GAME, "--check", "75/50*100", "--json"],
        ["check", "numbers", *GAME, "75/50*100", "--json"],
        "check numbers N... -t T ANSWER",
    ),
    (["index", "{dict}", "--check"], ["check", "index", "{dict}"], "check index [DICT]"),
    (
        ["index", "--check", "{dict}", "--json"],
        ["check", "index", "{dict}", "--json"],
        "check index [DICT]",
    ),
    (["play", "--replay", "{log}"], ["replay", "{log}"], "replay LOG"),
    (["play", "--replay", "{log}", "--json"], ["replay", "{log}", "--json"], "replay LOG"),
    (
        ["conundrum", "--generate", "--seed", "7", "-n", "2"],
        ["draw", "conundrum", "--seed", "7", "-n", "2"],
        "draw conundrum",
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "named"), OLD_FORMS, ids=[" ".join(o) for o, *_ in OLD_FORMS]
)
def test_old_forms_answer_as_the_new_ones_and_say_so_once(
    old, new, named, checked_dictionary, game_log
):
    old = [arg.replace("{dict}", checked_dictionary).replace("{log}", game_log) for arg in old]
    new = [arg.replace("{dict}", checked_dictionary).replace("{log}", game_log) for arg in new]
    old_code, old_out, old_err = run(old)
    new_code, new_out, new_err = run(new)
    assert (old_code, old_out) == (new_code, new_out) and old_out
    assert new_err == ""
    assert old_err.count("\n") == 1 and old_err.startswith("anagramdb: notice: '")
    assert old_err.endswith(f" is now '{named}'\n")


def test_the_old_check_batch_reads_the_same_lines():
    lines = "COUNTDOWN count\nTERMINATE terrine\n"
    old = run(["check", "-"], lines)
    new = run(["check", "letters", "-"], lines)
    assert old[:2] == new[:2] == (1, old[1]) and old[1].count("\n") == 2
    assert old[2] == "anagramdb: notice: 'check RACK WORD' is now 'check letters RACK WORD'\n"


def test_an_old_form_that_fails_prints_its_one_error_line_only():
    code, out, err = run(["numbers", "100", "x5", "--target", "952", "--check", "100"])
    assert (code, out) == (2, "") and err.startswith("anagramdb: error: ")
    assert err.count("\n") == 1
    code, out, err = run(["check", "COUNT1", "count"])
    assert code == 2 and err.count("\n") == 1 and "rack 'COUNT1'" in err


def test_the_everyday_numbers_form_is_solve_and_needs_no_notice():
    solved = run(["numbers", "solve", "25", "50", "75", "100", "3", "6", "-t", "952"])
    assert solved[0] == 0 and solved[1].startswith("952: exact\n") and solved[2] == ""
    for args in (
        ["numbers", "25", "50", "75", "100", "3", "6", "-t", "952"],
        ["numbers", "-t", "952", "solve", "25", "50", "75", "100", "3", "6"],
        ["numbers", "-t", "952", "25", "50", "75", "100", "3", "6"],
    ):
        assert run(args) == solved, args


def test_a_subcommand_is_the_first_word_that_is_not_an_option(monkeypatch):
    from anagramdb.countdown import numbers_stats
    from anagramdb.errors import InvalidArgumentError

    def reached(targets, jobs, progress):
        raise InvalidArgumentError(f"stats reached: targets {targets}, jobs {jobs}")

    monkeypatch.setattr(numbers_stats, "statistics", reached)
    # --targets takes a value, so 'stats' after it is the subcommand, not its value.
    code, out, err = run(["numbers", "--targets", "101-102", "stats", "--jobs", "1"])
    assert (code, out) == (
        2,
        "",
    ) and err == "anagramdb: error: stats reached: targets (101, 102), jobs 1\n"


def test_check_letters_with_one_word_is_the_old_form_with_the_rack_letters():
    code, out, err = run(["check", "letters", "steel"])
    assert (code, out) == (0, "steel: valid, 5 letters, 5 points\n")
    assert "is now 'check letters RACK WORD'" in err


def test_an_option_of_another_subcommand_says_whose_it_is():
    code, out, err = run(["numbers", "1", "2", "-t", "3", "--jobs", "2"])
    assert (code, out) == (2, "")
    assert err == (
        "anagramdb: error: numbers solve: option '--jobs' belongs to anagramdb numbers stats "
        "(see anagramdb numbers stats --help)\n"
    )
