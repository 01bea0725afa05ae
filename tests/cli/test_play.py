"""``anagramdb play`` by script: a golden transcript of a seeded full game, the log, the
history in the XDG data directory, and the clock of the terminal layer on a pipe."""

from __future__ import annotations

import io
import json
import os
import pathlib
import time

import pytest

from anagramdb.cli.play_terminal import Terminal
from anagramdb.cli.play_text import summary_lines
from anagramdb.countdown.history import data_directory, load_history

from ..support.games import run_play

GOLDEN = pathlib.Path(__file__).parents[1] / "golden" / "play_full_seed2026_medium.txt"
# One line per answer: picks then word (letters), large count then answer (numbers), guess;
# the computer picks every other round (it has no picks line then).
SCRIPT = [
    "vcvcvccvc", "bikes",
    "tragic",
    "3", "50 x 6 = 300, 25 x 7 = 175, 300 + 175 = 475",
    "pained",
    "vvvvvvccc", "filtrates",
    "9 * 9 * 9",
    "auto", "sports",
    "permits",
    "4", "100 + 25 + 9",
    "intent",
    "", "twenty",
    "emulate",
    "auto", "",
    "7 x 3 = 21 then 25 + 21 = 46 then 46 x 9 = 414 - 1 = 413",
    "unguarded",
]  # fmt: skip


def test_golden_transcript_of_a_seeded_full_game(tmp_path):
    """To refresh after a deliberate change (new dictionaries, new wording), run with
    ANAGRAMDB_UPDATE_GOLDEN=1 and review the diff."""
    log = tmp_path / "game.json"
    result = run_play(
        ["--seed", "2026", "--seconds", "0", "--vs", "medium", "--log", str(log)],
        SCRIPT,
        tmp_path / "data",
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    if os.environ.get("ANAGRAMDB_UPDATE_GOLDEN"):
        GOLDEN.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == GOLDEN.read_text(encoding="utf-8")
    record = json.loads(log.read_text(encoding="utf-8"))
    assert record["seed"] == 2026 and record["rounds"] == "LLNLLNLLNLLLLNC" and record["finished"]
    assert len(record["results"]) == 15 and record["opponent"] == "medium"
    assert record["totals"]["you"] == sum(r["points"]["you"] for r in record["results"])
    assert (
        f"final score: you {record['totals']['you']}, computer {record['totals']['computer']}"
        in result.stdout
    )
    history = load_history(str(tmp_path / "data" / "anagramdb" / "history.json"))
    assert history["best"] == {}  # no clock: no best score
    assert history["games"][0]["scores"] == record["totals"]
    assert "\x1b[" not in result.stdout  # no ANSI when stdout is not a terminal


def test_the_same_seed_and_answers_replay_the_same_game(tmp_path):
    script = ["auto", "tone", "2", "100", "nothing"]
    first = run_play(
        ["--format", "quick", "--seed", "9", "--seconds", "0", "--vs", "easy", "--no-history"],
        script,
        tmp_path,
    )
    second = run_play(
        ["--rounds", "lnc", "--seed", "9", "--seconds", "0", "--vs", "easy", "--no-history"],
        script,
        tmp_path,
    )
    assert first.returncode == 0 and first.stdout == second.stdout
    assert not (tmp_path / "anagramdb").exists()  # --no-history writes nothing
    other = run_play(
        ["--format", "quick", "--seed", "10", "--seconds", "0", "--no-history"], script, tmp_path
    )
    assert other.stdout != first.stdout and "computer" not in other.stdout


def test_json_log_on_stdout_and_the_game_on_stderr(tmp_path):
    result = run_play(
        ["--rounds", "C", "--seed", "4", "--seconds", "0", "--json", "--no-history"],
        ["wrong"],
        tmp_path,
    )
    record = json.loads(result.stdout)
    assert record["results"][0]["plays"][0] == {
        "player": "you", "answer": "wrong", "valid": False, "value": None, "score": 0,
        "reason": "wrong is not the answer", "reasoning": None, "seconds": None,
    }  # fmt: skip
    assert "Round 1 of 1: conundrum" in result.stderr


def test_end_of_input_plays_on_with_automatic_choices(tmp_path):
    result = run_play(
        ["--format", "quick", "--seed", "3", "--seconds", "0", "--no-history"], [], tmp_path
    )
    assert result.returncode == 0 and result.stdout.count("you: no answer") == 3
    assert "final score: 0" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "LXN"], "rounds must be"),
        (["--vs", "genius"], "the opponent is one of none, easy, medium, hard"),
    ],
)
def test_bad_settings_are_one_line(tmp_path, args, message):
    result = run_play([*args, "--seconds", "0"], [], tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert (
        result.stderr.startswith("anagramdb: error: ")
        and message in result.stderr
        and result.stderr.count("\n") == 1
    )


def test_relative_xdg_data_home_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_directory() == str(tmp_path / ".local" / "share" / "anagramdb")


def test_a_script_reads_lines_while_the_clock_runs():
    read_end, write_end = os.pipe()
    try:
        out = io.StringIO()
        terminal = Terminal(os.fdopen(read_end, "r", closefd=False), out, ansi=False)
        os.write(write_end, b"early\n")
        assert terminal.read_line(30) == "early"
        start = time.monotonic()
        assert terminal.read_line(0.3) is None  # nothing typed: the wait ends
        assert time.monotonic() - start >= 0.3
        os.write(write_end, b"late\n")  # a script's next line is kept for the next question
        assert terminal.read_line(30) == "late"
        os.close(write_end)
        write_end = -1
        assert terminal.read_line(30) is None and terminal.ended  # end of input
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)


def test_the_summary_gives_a_beaten_answer_its_points_and_says_what_it_was_worth():
    """A 7 beaten by the computer's 8 gave 0 points: the summary says 0, not 7 (the total
    above it counts points, and so does every line under it)."""
    beaten = {
        "round": 2, "kind": "letters", "available": 8, "points": {"you": 0, "computer": 8},
        "plays": [{"player": "you", "score": 7}, {"player": "computer", "score": 8}],
        "best": {"words": ["verandas"], "length": 8},
    }  # fmt: skip
    plays = [{"player": "you", "score": 7}, {"player": "computer", "score": 0}]
    given = {**beaten, "round": 3, "points": {"you": 7, "computer": 0}, "plays": plays}
    assert summary_lines({"results": [beaten, given]}, "you") == [
        "you: 7 of the 16 points the rounds offered",
        "  round 2 (letters): 0 (your 7 was outscored), missed verandas (8)",
        "  round 3 (letters): 7, missed verandas (8)",
    ]
