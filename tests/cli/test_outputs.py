"""Output options never replace what is not theirs (atomic.check_output, one rule for all):
`build -o`, `play --log` and `numbers stats --csv` replace only their own previous output
unless --force; never a FIFO or device, even forced; through a symbolic link they replace
the target and keep the link. `play` checks its log and history before round 1."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from anagramdb.atomic import check_output
from anagramdb.cli.app import app
from anagramdb.cli.numbers_command import csv_header, not_a_stats_csv
from anagramdb.errors import OutputRefusedError

from ..support.dictionaries import write_list
from ..support.games import run_play

runner = CliRunner()
NOTES = "Shopping list\nmilk, eggs\n"
GAME = ["--rounds", "L", "--seed", "1", "--seconds", "0", "--vs", "none"]


def invoke(*args: str):
    return runner.invoke(app, list(args))


def assert_error(result, code: int, fragment: str) -> None:
    stderr = getattr(result, "stderr", "")
    code_seen = getattr(result, "exit_code", getattr(result, "returncode", None))
    assert code_seen == code, (code_seen, stderr)
    assert (
        stderr.startswith("anagramdb: error: ") and stderr.count("\n") == 1 and fragment in stderr
    ), stderr


def test_play_log_does_not_replace_a_note(tmp_path):
    note = tmp_path / "note.txt"
    note.write_text(NOTES)
    result = run_play([*GAME, "--no-history", "--log", str(note)], ["auto", ""], tmp_path)
    assert_error(result, 2, "is not a game log")
    assert "Round 1" not in result.stdout  # refused before the game
    assert note.read_text() == NOTES
    # Its own previous log is replaced; --force replaces the note.
    log = tmp_path / "game.json"
    for _ in range(2):
        assert (
            run_play([*GAME, "--no-history", "--log", str(log)], ["auto", ""], tmp_path).returncode
            == 0
        )
    assert json.loads(log.read_text())["seed"] == 1
    assert (
        run_play(
            [*GAME, "--no-history", "--log", str(note), "--force"], ["auto", ""], tmp_path
        ).returncode
        == 0
    )
    assert json.loads(note.read_text())["seed"] == 1


def test_play_checks_log_and_history_before_round_one(tmp_path):
    result = run_play(
        [*GAME, "--no-history", "--log", str(tmp_path / "missing" / "game.json")],
        ["auto", ""],
        tmp_path,
    )
    assert_error(result, 1, "cannot write")
    assert "Round 1" not in result.stdout
    history = tmp_path / "data" / "anagramdb" / "history.json"
    history.mkdir(parents=True)  # not a file: the game's end could not be recorded
    result = run_play(GAME, ["auto", ""], tmp_path / "data")
    assert_error(result, 1, "cannot write")
    assert "Round 1" not in result.stdout
    history.rmdir()  # (a damaged history is moved aside instead: tests/countdown/test_history.py)
    history.parent.chmod(0o500)
    try:
        if os.access(history.parent, os.W_OK):
            pytest.skip("root writes through permission bits")
        result = run_play(GAME, ["auto", ""], tmp_path / "data")
        assert_error(result, 1, "cannot write")
        assert "Round 1" not in result.stdout
    finally:
        history.parent.chmod(0o700)


def test_stats_csv_does_not_replace_a_note(monkeypatch, tmp_path):
    import anagramdb.countdown.numbers_stats as numbers_stats

    def no_work(*args, **kwargs):
        raise AssertionError("the statistics ran")

    monkeypatch.setattr(numbers_stats, "statistics", no_work)
    note = tmp_path / "note.txt"
    note.write_text(NOTES)
    assert_error(invoke("numbers", "stats", "--csv", str(note)), 2, "is not a statistics CSV")
    assert note.read_text() == NOTES
    own = tmp_path / "own.csv"
    own.write_text(csv_header() + "\n1 2 3 4 5 6,0,1,0\n")
    assert not_a_stats_csv(str(own)) is None and not_a_stats_csv(str(note))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert_error(invoke("numbers", "stats", "--csv", str(fifo), "--force"), 2, "not a regular file")
    assert_error(
        invoke("numbers", "1", "2", "--target", "3", "--force"),
        2,
        "option '--force' belongs to anagramdb numbers stats",
    )


def test_build_writes_through_a_symlink_and_never_replaces_a_fifo(tmp_path):
    source = write_list(tmp_path / "list.txt", ["listen", "silent", "stone"])
    first = tmp_path / "first.txt"
    assert invoke("build", source, "-o", str(first)).exit_code == 0
    link = tmp_path / "link.txt"
    link.symlink_to(first)
    write_list(source, ["apple", "listen"])
    result = invoke("build", source, "-o", str(link))
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and sorted(first.read_text().split()) == ["apple", "listen"]
    assert sorted(invoke("-d", str(link), "anagrams", "silent").stdout.split()) == ["listen"]
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert_error(invoke("build", source, "-o", str(fifo), "--force"), 2, "not a regular file")
    assert fifo.exists() and not fifo.is_file()


def test_check_output_rules(tmp_path):
    note = tmp_path / "note.txt"
    note.write_text(NOTES)
    with pytest.raises(OutputRefusedError, match="is not a game log"):
        check_output(str(note), lambda path: "not JSON", "a game log")
    assert check_output(str(note), lambda path: "not JSON", "a game log", force=True) == str(note)
    link = tmp_path / "link"
    link.symlink_to(note)
    assert check_output(str(link)) == str(note)
    assert check_output(str(tmp_path / "new")) == str(tmp_path / "new")
