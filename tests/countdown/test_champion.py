"""A champion's run (play --champion): the opponent rises with the wins, a loss or a draw
ends the run, eight wins make an octochamp; the run is kept in the history, shown by
``history`` and ``history --json``, and a run left part-way goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from anagramdb.countdown.game import champion_opponent
from anagramdb.countdown.history import OCTOCHAMP, load_history, record_game
from anagramdb.countdown.history_stats import best_run, current_run, statistics

EPOCH = "1796105400"  # 2026-12-01T09:30:00Z


def game(outcome: str) -> dict:
    """A one-round game log of "you" against the computer with *outcome* for "you"."""
    mine, its = {"win": (10, 0), "loss": (0, 10), "draw": (5, 5)}[outcome]
    return {"seed": 1, "rounds": "C", "format": None, "opponent": "easy", "seconds": 30,
            "players": ["you"], "picks": "turns", "results": [],
            "totals": {"you": mine, "computer": its}}  # fmt: skip


def test_the_opponent_rises_with_the_wins():
    levels = [champion_opponent(wins) for wins in range(-1, 12)]
    assert levels[:3] == ["easy"] * 3 and levels[3:6] == ["medium"] * 3
    assert levels[6:] == ["hard"] * 7
    assert OCTOCHAMP == 8


def test_a_run_grows_with_wins_and_ends_with_a_loss_or_a_draw(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    path = str(tmp_path / "h.json")
    record_game(game("win"), path)  # not a champion game: no run
    assert load_history(path)["runs"] == []
    runs = [record_game(game(outcome), path, champion=True)["run"] for outcome in
            ("win", "win", "loss", "win", "draw")]  # fmt: skip
    assert [(run["wins"], run["ended"]) for run in runs] == [
        (1, None),
        (2, None),
        (2, "loss"),
        (1, None),
        (1, "draw"),
    ]
    history = load_history(path)
    assert len(history["runs"]) == 2 and current_run(history) is None
    assert best_run(history)["wins"] == 2  # the first of the longest
    record_game(game("win"), path, champion=True)
    history = load_history(path)
    assert current_run(history)["wins"] == 1  # a new run goes on
    assert statistics(history)["runs"] == {
        "count": 3,
        "best": history["runs"][0],
        "current": history["runs"][2],
    }


def test_eight_wins_make_an_octochamp_who_retires(tmp_path):
    path = str(tmp_path / "h.json")
    for _ in range(OCTOCHAMP):
        run = record_game(game("win"), path, champion=True)["run"]
    assert run["wins"] == 8 and run["ended"] == "octochamp"
    run = record_game(game("win"), path, champion=True)["run"]
    assert run["wins"] == 1 and run["ended"] is None  # the next champion's run


def run_play(args: list[str], lines: list[str], data_home) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), SOURCE_DATE_EPOCH=EPOCH)
    env.pop("ANAGRAMDB_DICT", None)
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args], input="\n".join(lines) + "\n",
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip


# The right answers to the first game of seed 7 (quick): the rack's longest word, an exact
# working, the conundrum; the second game (seed 8) gets none, and is lost.
WINNING = ["auto", "durrie", "9 + 5 = 14, 25 x 14 = 350, 350 - 5 = 345, 345 x 2 = 690",
           "ethically"]  # fmt: skip


def test_play_champion_plays_game_after_game_until_a_loss(tmp_path):
    args = ["play", "--champion", "--format", "quick", "--seed", "7", "--no-define"]
    done = run_play(args, WINNING, tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "champion's run, game 1: against the computer (easy)" in out
    assert "a win: 1 win in your run; the champion plays on" in out
    assert "champion's run, game 2: against the computer (easy)" in out
    assert out.rstrip().endswith("the run ends after 1 win (your best run: 1 win)")
    shown = run_play(["history", "--json"], [], tmp_path)
    record = json.loads(shown.stdout)
    assert [(run["wins"], run["ended"]) for run in record["runs"]] == [(1, "loss")]
    assert record["statistics"]["runs"]["best"]["wins"] == 1
    assert record["statistics"]["runs"]["current"] is None
    text = run_play(["history"], [], tmp_path).stdout
    assert (
        "champion's runs (play --champion): 1\n  best: 1 win from 2026-12-01, then a loss" in text
    )


def test_a_run_left_part_way_goes_on(tmp_path):
    path = str(tmp_path / "anagramdb" / "history.json")
    os.makedirs(os.path.dirname(path))
    for _ in range(3):
        record_game(game("win"), path, champion=True)
    done = run_play(["play", "--champion", "--format", "C", "--no-define"], [""], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("your champion's run goes on: 3 wins so far")
    assert "champion's run, game 4: against the computer (medium)" in done.stdout
    assert load_history(path)["runs"][-1]["ended"] in ("loss", "draw")


def test_champion_refuses_what_it_sets_itself(tmp_path):
    for extra in (["--vs", "hard"], ["--player", "ann"], ["--daily"], ["--no-history"]):
        refused = run_play(["play", "--champion", *extra], [], tmp_path)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1
        assert "--champion plays game after game" in refused.stderr
