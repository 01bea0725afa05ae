"""The history (countdown/history.py): games, bests per format, opponent and clock for
timed games only and never for 0, a damaged file moved aside with one warning, the
version 1 file read; statistics by week; ``anagramdb history``; the daily challenge;
``replay``; people sharing the keyboard, by script."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import warnings

import pytest

from anagramdb.countdown.daily import daily_game, daily_seed, parse_day, share_text
from anagramdb.countdown.history import best_key, entry, load_history, record_game
from anagramdb.countdown.history_stats import statistics, week_of
from anagramdb.errors import AnagramDBWarning, InvalidGameError


def run(args: list[str], lines: list[str], data_home, cwd=None) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    env.pop("ANAGRAMDB_DICT", None)
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args],
        input="\n".join(lines) + ("\n" if lines else ""),
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )


def log_record(score: int, seconds: int = 30, opponent: str = "hard", players=("you",)) -> dict:
    """A minimal game log: one letters round (a 6 from a best of 7), scored *score*."""
    play = {"player": players[0], "answer": "stone", "valid": True, "value": 6, "score": 6}
    result = {"round": 1, "kind": "letters", "puzzle": {"letters": "ABCDEFGHI"}, "plays": [play],
              "points": {players[0]: score}, "best": {"length": 7}, "available": 7}  # fmt: skip
    totals = {name: score if name == players[0] else 3 for name in players}
    if opponent != "none":
        totals["computer"] = 3
    return {
        "seed": 1, "rounds": "L", "format": None, "opponent": opponent, "seconds": seconds,
        "players": list(players), "picks": "turns", "results": [result], "totals": totals,
    }  # fmt: skip


def test_bests_are_per_format_opponent_and_clock_for_timed_games_only(tmp_path):
    path = str(tmp_path / "h.json")
    first = record_game(log_record(6), path)
    assert first["new_best"] and first["best"]["score"] == 6
    assert not record_game(log_record(5), path)["new_best"]
    assert record_game(log_record(5, opponent="easy"), path)["new_best"]  # another opponent
    assert record_game(log_record(4, seconds=60), path)["new_best"]  # another clock
    assert not record_game(log_record(9, seconds=0), path)["new_best"]  # no clock: no best
    assert not record_game(log_record(0, opponent="medium"), path)["new_best"]  # never for 0
    assert not record_game(log_record(9, players=("ann", "bob")), path)["new_best"]  # two people
    history = load_history(path)
    assert sorted(history["best"]) == ["L/easy/30", "L/hard/30", "L/hard/60"]
    assert len(history["games"]) == 7 and history["games"][0]["result"] == "win"
    assert best_key(log_record(1) | {"picks": "seeded"}) is None  # the daily challenge
    assert entry(log_record(6))["letters"] == [1, 6, 0]


def test_a_damaged_history_is_moved_aside_with_one_warning(tmp_path):
    home = tmp_path / "data"
    path = home / "anagramdb" / "history.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert load_history(str(path))["games"] == []
    assert len(caught) == 1 and issubclass(caught[0].category, AnagramDBWarning)
    aside = [name for name in os.listdir(path.parent) if name.startswith("history.json.damaged-")]
    assert len(aside) == 1 and (path.parent / aside[0]).read_text() == "{not json"
    path.write_text('{"version": 9}', encoding="utf-8")
    result = run(["play", "--rounds", "L", "--seed", "1", "--seconds", "0"], ["auto", ""], home)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("anagramdb: warning: ")
    assert "was damaged (version 9, not 2)" in result.stderr and "moved to" in result.stderr
    assert len(load_history(str(path))["games"]) == 1  # the new history has the game


def test_a_version_1_history_keeps_its_games(tmp_path):
    path = tmp_path / "h.json"
    game = {"date": "2026-11-30T06:10:00Z", "seed": 4, "rounds": "LNC", "opponent": "hard",
            "score": 17, "opponent_score": 27}  # fmt: skip
    old = {"version": 1, "games": [game], "best": {"LNC": {"score": 17}}}
    path.write_text(json.dumps(old), encoding="utf-8")
    history = load_history(str(path))
    assert history["best"] == {} and history["games"][0]["scores"] == {"you": 17, "computer": 27}
    assert statistics(history)["overall"]["games"] == 1


def test_statistics_by_week():
    games = [
        entry(log_record(6)) | {"date": "2026-11-23T10:00:00Z"},
        entry(log_record(7)) | {"date": "2026-11-30T10:00:00Z", "letters": [1, 7, 1]},
        entry(log_record(0))
        | {"date": "2026-12-01T10:00:00Z", "letters": [1, 0, 0], "answered": 0},
    ]
    stats = statistics({"games": games})
    assert list(stats["weeks"]) == ["2026-W48", "2026-W49"] and week_of("bad") == "unknown"
    week = stats["weeks"]["2026-W49"]
    # the mean length is over the rounds answered with a word: 7, not (7 + 0) / 2
    assert week["games"] == 2 and week["mean_length"] == 7.0 and week["maxima"] == 0.5
    assert stats["overall"]["letters_rounds"] == 3 and stats["overall"]["points"] == 13


def test_the_history_command(tmp_path):
    empty = run(["history"], [], tmp_path)
    assert empty.returncode == 0 and empty.stdout.startswith("no games yet")
    path = tmp_path / "anagramdb" / "history.json"
    path.parent.mkdir()
    record_game(log_record(6), str(path))
    record_game(log_record(2, opponent="none", seconds=0), str(path))
    text = run(["history"], [], tmp_path)
    assert text.returncode == 0 and text.stdout.startswith("2 games since ")
    assert "  L against hard, 30 s: 6 (" in text.stdout and "by week:" in text.stdout
    data = json.loads(run(["history", "--json"], [], tmp_path).stdout)
    assert data["version"] == 2 and len(data["games"]) == 2
    assert data["statistics"]["overall"]["wins"] == 1
    bad = run(["history", "--games", "0"], [], tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_daily_dates():
    today = datetime.date(2026, 12, 1)
    assert parse_day(None, today) == parse_day("today", today) == today
    assert parse_day("2026-11-30", today) == datetime.date(2026, 11, 30)
    for bad, message in (("2026-12-02", "not out yet"), ("2025-12-31", "start on"),
                         ("30/11/2026", "YYYY-MM-DD"), ("2026-1-1", "YYYY-MM-DD")):  # fmt: skip
        with pytest.raises(InvalidGameError, match=message):
            parse_day(bad, today)
    assert (
        daily_seed(today)
        == daily_seed(datetime.date(2026, 12, 1))
        != daily_seed(datetime.date(2026, 11, 30))
    )


def test_the_daily_picks_come_from_the_date(full, common):
    day = datetime.date(2026, 11, 30)
    racks = []
    for players in (["you"], ["ann", "bob"]):
        game = daily_game(full, common, day, players)
        rnd = game.next_round()
        assert rnd.picker is None
        rnd.pick_for_computer()
        racks.append(rnd.letters)
    assert racks[0] == racks[1]
    results = [
        {"kind": "letters", "points": {"you": 6}, "available": 7},
        {"kind": "conundrum", "points": {"you": 0}, "available": 10},
    ]
    record = {"players": ["you"], "results": results}
    assert share_text(day, record) == "anagramdb daily 2026-11-30: 6 of 17\nL 6/7 · C 0/10"


def test_one_daily_attempt_is_recorded(tmp_path):
    first = run(["play", "--daily", "2026-11-30"], [], tmp_path)
    assert first.returncode == 0, first.stderr
    assert "daily challenge 2026-11-30" in first.stdout and "share your result:" in first.stdout
    assert "anagramdb daily 2026-11-30: 0 of " in first.stdout
    second = run(["play", "--daily", "2026-11-30"], [], tmp_path)
    assert "your attempt on 2026-11-30 is recorded (0 of " in second.stdout
    # the same game, practice: no result to share, and not kept in the statistics
    game = first.stdout.split("\n", 1)[1].split("\nshare your result:")[0]
    assert second.stdout.split("\n", 2)[2].startswith(game)
    assert "share your result:" not in second.stdout and "practice: not recorded" in second.stdout
    history = load_history(str(tmp_path / "anagramdb" / "history.json"))
    assert list(history["daily"]) == ["2026-11-30"] and len(history["games"]) == 1
    for args in (["--daily", "--seed", "3"], ["--daily", "2099-01-01"], ["--daily", "x"]):
        refused = run(["play", *args], [], tmp_path)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1


def test_replay_a_logged_game(tmp_path):
    log = tmp_path / "game.json"
    played = run(
        ["play", "--format", "quick", "--seed", "5", "--seconds", "0", "--vs", "easy",
         "--log", str(log), "--no-history"], ["auto", "stone", "", "word"], tmp_path,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    replayed = run(["replay", str(log)], [], tmp_path)
    assert replayed.returncode == 0 and replayed.stdout.startswith("game of seed 5: LNC, no clock")
    for line in ("Round 1: letters", "Round 2: numbers", "Round 3: conundrum"):
        assert line in replayed.stdout
    final = [line for line in played.stdout.splitlines() if line.startswith("final score")]
    assert final and final[0] in replayed.stdout
    assert json.loads(run(["replay", str(log), "--json"], [], tmp_path).stdout)["seed"] == 5
    (tmp_path / "bad.json").write_text('{"seed": 1}', encoding="utf-8")
    for bad, code in (("bad.json", 2), ("missing.json", 1)):
        refused = run(["replay", bad], [], tmp_path, cwd=tmp_path)
        assert refused.returncode == code and refused.stderr.count("\n") == 1


def test_people_sharing_the_keyboard_declare_in_turn(tmp_path):
    result = run(
        ["play", "--rounds", "LC", "--seed", "5", "--seconds", "0", "--player", "ann",
         "--player", "bob", "--no-history"],
        ["auto", "pyrite", "tripe", "", "nothing"], tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "players ann, bob" in out and "(ann's pick)" in out
    assert "  ann, your word > pyrite" in out and "  bob, your word > tripe" in out
    assert "  ann: pyrite, 6 letters, 6 points" in out and "points: ann 6, bob 0" in out
    assert "  ann: buzz > " in out and "  bob: buzz > nothing" in out
    assert "final score: ann 6, bob 0: ann wins" in out and "crucial" not in out
    for bad in (["--player", "computer"], ["--player", "a", "--player", "A"], ["--player", ""]):
        refused = run(["play", *bad, "--seconds", "0"], [], tmp_path)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1


def test_replay_reads_a_bounded_amount(tmp_path):
    refused = run(["replay", "/dev/zero"], [], tmp_path)
    assert refused.returncode == 2 and "larger than 4 MiB" in refused.stderr
    assert refused.stderr.count("\n") == 1
