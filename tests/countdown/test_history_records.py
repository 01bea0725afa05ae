"""The history's library functions in process (countdown/history.py, history_stats.py,
daily.py): the file's place, what a damaged or outsized file says, the version 1 upgrade,
the entry a game log becomes, bests and daily attempts, game logs checked before ``play
--log`` and ``--replay``; statistics; the daily dates, seed and share text. Expected values
are worked by hand from docs/FORMAT.md and the module docstrings."""

from __future__ import annotations

import datetime
import json
import os
import time
import warnings

import pytest

from anagramdb.countdown.daily import (
    DAILY_SECONDS,
    FIRST_DAY,
    daily_game,
    daily_seed,
    parse_day,
    share_text,
)
from anagramdb.countdown.history import (
    MAX_BYTES,
    MAX_GAMES,
    best_key,
    check_history,
    data_directory,
    empty,
    entry,
    history_path,
    load_history,
    now,
    record_game,
    stamp,
)
from anagramdb.countdown.history_stats import statistics, week_of
from anagramdb.errors import AnagramDBWarning, InvalidGameError, StorageError

from ..support.pipes import through_a_pipe

EPOCH = "1796105400"  # 2026-12-01T06:10:00Z
DATE = "2026-12-01T06:10:00Z"


@pytest.fixture
def fixed_clock(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


def test_the_clock_can_be_fixed_for_examples_and_tests(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    assert now() == 1796105400.0 and stamp() == DATE
    for ignored in ("", "12a", "-5", "1.5", "\u0661\u0662"):  # not ASCII digits: the clock
        monkeypatch.setenv("SOURCE_DATE_EPOCH", ignored)
        before = time.time()
        assert before <= now() <= time.time()
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    before = time.time()
    assert before <= now() <= time.time()


def test_the_history_lives_in_the_xdg_data_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    default = str(tmp_path / "home" / ".local" / "share" / "anagramdb")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert data_directory() == default
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # not absolute: ignored, as the spec says
    assert data_directory() == default
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert data_directory() == str(tmp_path / "data" / "anagramdb")
    assert history_path() == str(tmp_path / "data" / "anagramdb" / "history.json")


def test_an_empty_history():
    assert empty() == {"version": 2, "games": [], "best": {}, "daily": {}, "runs": []}
    assert empty() is not empty()


def test_a_missing_history_is_empty(tmp_path, monkeypatch):
    assert load_history(str(tmp_path / "none.json")) == empty()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert load_history() == empty()


def damaged(path, content: bytes) -> str:
    """Load *content* as a history: the one warning's text (the file must be moved aside)."""
    path.write_bytes(content)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert load_history(str(path)) == empty()
    assert len(caught) == 1 and caught[0].category is AnagramDBWarning
    assert not path.exists()
    (aside,) = [p for p in path.parent.iterdir() if p.name.startswith(path.name + ".damaged-")]
    assert aside.read_bytes() == content
    text = str(caught[0].message)
    assert text.startswith(f"{path} was damaged (")
    assert text.endswith(f"); it was moved to {aside} and a new history begins")
    aside.unlink()
    return text[
        len(f"{path} was damaged (") : -len(f"); it was moved to {aside} and a new history begins")
    ]


GAME = {"date": "2026-12-01T06:10:00Z", "seed": 4, "rounds": "L", "opponent": "none",
        "players": ["you"], "scores": {"you": 5}}  # fmt: skip


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"[]", "not a JSON object"),
        (b'"text"', "not a JSON object"),
        (b"{}", "version None, not 2"),
        (b'{"version": 3, "games": []}', "version 3, not 2"),
        (b'{"version": "2", "games": []}', "version '2', not 2"),
        (b'{"version": 2}', 'line 1: the whole file lacks "games"'),
        (b'{"version": 2, "games": {}}', "line 1: games is an object, not a list"),
        (b'{"version": 2, "games": [\n{}, 1]}', 'line 2: games[0] lacks "date"'),
        (b'{"version": 2, "games": [], "best": []}', "line 1: best is a list, not an object"),
        (b'{"version": 2, "games": [], "daily": 1}',
         "line 1: daily is the number 1, not an object"),
        (b'{"version": 2, "games": [], "best": {"L": {"score": 1, "date": "", "seed": 1}}}',
         "line 1: best.L is not FORMAT/OPPONENT/CLOCK"),
        (json.dumps({"version": 2, "games": [GAME | {"scores": {"you": "5"}}]}, indent=1).encode(),
         'line 13: games[0].scores.you is the string "5", not a whole number'),
        (json.dumps({"version": 2, "games": [GAME | {"letters": [1, 2]}]}).encode(),
         "line 1: games[0].letters has 2 items, not 3"),
        (json.dumps({"version": 2, "games": [GAME | {"players": []}]}).encode(),
         "line 1: games[0].players has 0 items, not at least 1"),
        (json.dumps({"version": 2, "games": [GAME | {"seconds": 1.5}]}).encode(),
         "line 1: games[0].seconds is the number 1.5, not a whole number or null"),
        (json.dumps({"version": 1, "games": [{"seed": 6, "score": 0}]}).encode(),
         'line 1: games[0] lacks "date"'),
        (b"", "not JSON: Expecting value: line 1 column 1 (char 0)"),
        (b"{not json",
         "not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
        (b'{"version": 2, "games": []}\x80',
         "not JSON: 'utf-8' codec can't decode byte 0x80 in position 27: invalid start byte"),
    ],
)  # fmt: skip
def test_each_kind_of_damage_is_named(tmp_path, content, problem):
    assert damaged(tmp_path / "h.json", content) == problem


def test_a_history_up_to_16_mib_is_read_and_a_larger_one_moved_aside(tmp_path):
    path = tmp_path / "h.json"
    head = b'{"version": 2, "games": [], "daily": {"d": {"score": 1, "available": 1, "share": "'
    exact = head + b"x" * (MAX_BYTES - len(head) - 4) + b'"}}}'
    assert len(exact) == MAX_BYTES == 16 << 20
    path.write_bytes(exact)
    assert load_history(str(path))["daily"]["d"]["share"].count("x") == MAX_BYTES - len(head) - 4
    assert damaged(path, exact + b" ") == "larger than 16 MiB"


def test_a_valid_history_keeps_everything_and_gains_what_it_lacks(tmp_path):
    path = tmp_path / "h.json"
    game = GAME | {"extra": [1]}
    path.write_text(json.dumps({"version": 2, "games": [game], "note": "kept"}), "utf-8")
    assert load_history(str(path)) == {
        "version": 2, "games": [game], "best": {}, "daily": {}, "note": "kept", "runs": [],
    }  # fmt: skip


def test_a_version_1_history_becomes_version_2_games(tmp_path):
    path = tmp_path / "h.json"
    games = [
        {"date": "2026-11-30T06:10:00Z", "seed": 4, "rounds": "LNC", "opponent": "hard",
         "score": 17, "opponent_score": 27},
        {"date": "2026-11-30T07:00:00Z", "seed": 5, "rounds": "LL", "opponent": "none",
         "score": 8, "opponent_score": None},
        {"date": "2026-11-30T08:00:00Z", "seed": None, "rounds": "C", "opponent": "easy",
         "score": 0},
    ]  # fmt: skip
    old = {"version": 1, "games": games, "best": {"LNC": {"score": 17}}, "daily": {"x": 1}}
    path.write_text(json.dumps(old), encoding="utf-8")
    common = {"format": None, "seconds": None, "players": ["you"], "result": None,
              "available": None, "daily": None}  # fmt: skip
    assert load_history(str(path)) == {
        "version": 2,
        "games": [
            {"date": "2026-11-30T06:10:00Z", "seed": 4, "rounds": "LNC", "opponent": "hard",
             "scores": {"you": 17, "computer": 27}, **common},
            {"date": "2026-11-30T07:00:00Z", "seed": 5, "rounds": "LL", "opponent": "none",
             "scores": {"you": 8}, **common},
            {"date": "2026-11-30T08:00:00Z", "seed": None, "rounds": "C", "opponent": "easy",
             "scores": {"you": 0}, **common},
        ],
        "best": {},
        "daily": {},
        "runs": [],
    }  # fmt: skip


@pytest.fixture
def fixed_gmtime(monkeypatch):
    """time.gmtime() without a time (the damaged copy's name) at DATE."""
    real = time.gmtime
    monkeypatch.setattr(
        time, "gmtime", lambda secs=None: real(int(EPOCH) if secs is None else secs)
    )


def test_damaged_copies_are_numbered_and_never_replaced(tmp_path, fixed_gmtime):
    path = tmp_path / "h.json"
    first = tmp_path / "h.json.damaged-20261201T061000Z"
    first.write_text("older copy")
    for number in range(1, 100):
        path.write_text("[]")
        with pytest.warns(AnagramDBWarning, match=f"moved to {first}-{number} and"):
            load_history(str(path))
    assert (
        first.read_text() == "older copy"
        and (tmp_path / "h.json.damaged-20261201T061000Z-99").exists()
    )
    path.write_text("[]")
    with pytest.raises(StorageError) as caught:
        load_history(str(path))
    assert str(caught.value) == f"{path} is damaged and too many damaged copies are beside it"
    assert path.read_text() == "[]"


def test_a_damaged_history_that_cannot_be_moved_is_an_error(tmp_path, monkeypatch):
    path = tmp_path / "h.json"
    path.write_text("[]")

    def refuse(source, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    with pytest.raises(StorageError) as caught:
        load_history(str(path))
    assert str(caught.value) == f"{path} is damaged and cannot be moved aside: Permission denied"


def test_an_unreadable_history_is_an_error(tmp_path):
    with pytest.raises(StorageError, match=f"^cannot read {tmp_path}: "):
        load_history(str(tmp_path))  # a directory


def test_check_history_makes_the_directory_and_refuses_what_it_cannot_write(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert check_history() == empty()
    assert (tmp_path / "data" / "anagramdb").is_dir()
    assert list((tmp_path / "data" / "anagramdb").iterdir()) == []  # the probe is removed
    path = tmp_path / "data" / "anagramdb" / "history.json"
    path.write_text(json.dumps({"version": 2, "games": [GAME]}))
    assert check_history()["games"] == [GAME]
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps({"version": 2, "games": [GAME]}))
    assert check_history(str(elsewhere))["games"] == [GAME]
    (tmp_path / "unmounted").symlink_to(tmp_path / "gone")  # a data directory's drive, absent
    with pytest.raises(StorageError) as caught:
        check_history(str(tmp_path / "unmounted" / "sub" / "h.json"))
    assert str(caught.value) == f"cannot create {tmp_path}/unmounted/sub: No such file or directory"
    with pytest.raises(StorageError, match=r"^cannot write "):
        check_history(str(tmp_path))  # a directory, not a file


def play(player: str, valid: bool, value: int | None) -> dict:
    return {"player": player, "answer": "x", "valid": valid, "value": value, "score": 0}


def letters(longest: int, points: dict, *plays: dict) -> dict:
    return {"kind": "letters", "puzzle": {"letters": "ABCDEFGHI"}, "plays": list(plays),
            "points": points, "best": {"length": longest}, "available": longest}  # fmt: skip


def numbers(distance: int, points: dict, *plays: dict) -> dict:
    return {"kind": "numbers", "puzzle": {"numbers": [1, 2], "target": 500}, "plays": list(plays),
            "points": points, "best": {"distance": distance}, "available": 10}  # fmt: skip


def conundrum(points: dict) -> dict:
    return {"kind": "conundrum", "puzzle": {}, "plays": [], "points": points, "best": {},
            "available": 10}  # fmt: skip


def game_log(results: list, totals: dict, players=("ann", "bob"), **settings) -> dict:
    return {"seed": 9, "rounds": "LNC", "format": "quick", "opponent": "hard", "seconds": 30,
            "players": list(players), "picks": "turns", "results": results, "totals": totals,
            **settings}  # fmt: skip


ROUNDS = [
    letters(7, {"ann": 7}, play("ann", True, 7), play("bob", True, 7)),  # the longest
    letters(8, {"ann": 6}, play("ann", True, 6)),  # valid, shorter
    letters(6, {}, play("ann", False, 6)),  # invalid: no letters
    letters(1, {"ann": 1}, play("ann", True, 1)),  # a one-letter word that is the longest
    letters(0, {}, play("bob", True, 3)),  # ann says nothing; nothing was possible
    numbers(0, {"ann": 10}, play("ann", True, 500)),  # exact, and exact was possible
    numbers(0, {"ann": 10}, play("ann", True, 500)),  # and again
    numbers(3, {"ann": 7}, play("ann", True, 497)),  # not exact
    numbers(0, {}, play("ann", False, 500)),  # the target, by invalid working
    numbers(0, {"bob": 10}, play("bob", True, 500)),  # ann says nothing
    conundrum({"ann": 10}),
    conundrum({"ann": 0, "bob": 10}),
    conundrum({"ann": -5}),
]


def test_a_game_log_becomes_a_history_entry_with_its_statistics(fixed_clock):
    record = game_log(ROUNDS, {"ann": 40, "bob": 20, "computer": 12})
    assert entry(record, "2026-12-01") == {
        "date": DATE, "seed": 9, "rounds": "LNC", "format": "quick", "opponent": "hard",
        "seconds": 30, "players": ["ann", "bob"], "scores": {"ann": 40, "bob": 20, "computer": 12},
        "result": "win", "available": 7 + 8 + 6 + 1 + 0 + 10 * 8, "daily": "2026-12-01",
        "letters": [5, 7 + 6 + 1, 2], "numbers": [5, 2, 4], "conundrums": [3, 1],
        "answered": 3,  # letters rounds with a valid word of ann's
    }  # fmt: skip


@pytest.mark.parametrize(
    ("totals", "result"),
    [
        ({"ann": 5}, "solo"),
        ({"ann": 5, "computer": 4}, "win"),
        ({"ann": 5, "bob": 5}, "draw"),
        ({"ann": 5, "bob": 2, "computer": 5}, "draw"),
        ({"ann": 5, "bob": 6, "computer": 1}, "loss"),
        ({"ann": 0, "computer": 0}, "draw"),
    ],
)
def test_the_result_is_the_owners(totals, result):
    assert entry(game_log([], totals))["result"] == result


def test_without_players_the_owner_is_you(fixed_clock):
    old = {k: v for k, v in conundrum({"you": 10}).items() if k != "available"}  # older logs
    rounds = [letters(5, {"you": 5}, play("you", True, 5)), old]
    record = game_log(rounds, {"you": 15}, players=())
    del record["players"], record["format"], record["seconds"]
    added = entry(record)
    assert added["players"] == ["you"] and added["letters"] == [1, 5, 1]
    assert added["conundrums"] == [1, 1]
    assert added["format"] is None and added["seconds"] is None and added["daily"] is None
    assert added["result"] == "solo" and added["available"] == 5


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({}, "quick/hard/30"),
        ({"format": None, "rounds": "LLNC"}, "LLNC/hard/30"),
        ({"seconds": 60, "opponent": "none"}, "quick/none/60"),
        ({"seconds": 0}, None),
        ({"seconds": None}, None),
        ({"players": ["ann", "bob"]}, None),
        ({"players": []}, "quick/hard/30"),  # no names: "you" alone
        ({"picks": "seeded"}, None),
        # decided by crucial conundrums: filed under the rounds without them
        ({"format": None, "rounds": "LCCC", "results": [{"crucial": True}] * 2}, "LC/hard/30"),
        ({"rounds": "LNCC", "results": [{"crucial": False}, {"crucial": True}]}, "quick/hard/30"),
    ],
)
def test_which_games_set_a_best(settings, key):
    record = game_log([], {"ann": 1}, players=("ann",)) | settings
    assert best_key(record) == key
    if "players" not in settings:
        del record["players"]
        assert best_key(record) == key


def solo(score: int, **settings) -> dict:
    return game_log(
        [letters(9, {"ann": score})], {"ann": score, "computer": 3}, ("ann",), **settings
    )


def test_record_game_keeps_bests_and_one_daily_attempt(tmp_path, fixed_clock):
    path = str(tmp_path / "deep" / "h.json")
    first = record_game(solo(6), path)
    best = {"score": 6, "date": DATE, "seed": 9}
    assert first == {"entry": entry(solo(6)), "best": best, "previous": None, "new_best": True,
                     "daily_recorded": False, "run": None}  # fmt: skip
    same = record_game(solo(6), path)
    assert (same["best"], same["previous"], same["new_best"]) == (best, best, False)
    higher = record_game(solo(7) | {"seed": 10}, path)
    best7 = {"score": 7, "date": DATE, "seed": 10}
    assert (higher["best"], higher["previous"], higher["new_best"]) == (best7, best, True)
    zero = record_game(solo(0, opponent="easy"), path)
    assert (zero["best"], zero["previous"], zero["new_best"]) == (None, None, False)
    untimed = record_game(solo(9, seconds=0), path)
    assert (untimed["best"], untimed["new_best"]) == (None, False)
    daily = solo(5, picks="seeded", opponent="none")
    attempt = record_game(daily, path, "2026-11-30", share="shared text")
    assert attempt["daily_recorded"] and not attempt["new_best"] and attempt["best"] is None
    again = record_game(solo(8, picks="seeded", opponent="none"), path, "2026-11-30", "other")
    assert not again["daily_recorded"] and again["entry"]["scores"]["ann"] == 8  # practice
    scripted = record_game(solo(12), path, live=False)  # answers fed by a script: no best
    assert (scripted["best"], scripted["new_best"]) == (None, False)
    saved = load_history(path)
    assert saved["best"] == {"quick/hard/30": best7}
    assert saved["daily"] == {
        "2026-11-30": {"score": 5, "available": 9, "date": DATE, "share": "shared text"}
    }
    assert [g["scores"]["ann"] for g in saved["games"]] == [6, 6, 7, 0, 9, 5, 12]
    assert [g["daily"] for g in saved["games"]] == [None] * 5 + ["2026-11-30", None]


def test_the_history_file_is_indented_utf8_json(tmp_path, fixed_clock):
    path = tmp_path / "h.json"
    record = game_log([], {"zoë": 3}, players=("zoë",), seconds=0)
    record_game(record, str(path))
    text = path.read_bytes().decode("utf-8")
    assert text.endswith("}\n") and '\n "games": [\n  {\n   "date": "2026-12-01T06:10:00Z",' in text
    assert '"zoë": 3' in text and json.loads(text) == load_history(str(path))


def test_the_history_keeps_the_last_5000_games(tmp_path, fixed_clock):
    path = tmp_path / "h.json"
    games = [GAME | {"seed": n} for n in range(MAX_GAMES)]
    path.write_text(json.dumps({"version": 2, "games": games, "best": {}, "daily": {}}))
    record_game(solo(1), str(path))
    kept = load_history(str(path))["games"]
    assert MAX_GAMES == 5000 and len(kept) == MAX_GAMES
    assert kept[0]["seed"] == 1 and kept[-2]["seed"] == MAX_GAMES - 1 and kept[-1]["seed"] == 9


def test_record_game_writes_the_default_history(tmp_path, monkeypatch, fixed_clock):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    record_game(solo(4))
    assert len(load_history(str(tmp_path / "anagramdb" / "history.json"))["games"]) == 1


def test_a_history_is_read_a_bounded_amount(tmp_path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert through_a_pipe(tmp_path, MAX_BYTES + 1, load_history) == (empty(), True)
    assert len(caught) == 1 and "was damaged (larger than 16 MiB)" in str(caught[0].message)


def stats_game(date: str, result: str | None, **fields) -> dict:
    return {"date": date, "result": result, "players": ["ann"], "scores": {"ann": 5}, **fields}


def test_statistics_add_up_each_kind_of_round():
    games = [
        stats_game("2026-11-23T10:00:00Z", "win", available=20, letters=[2, 13, 1],
                   numbers=[3, 1, 2], conundrums=[1, 1]),
        stats_game("2026-11-30T10:00:00Z", "draw", available=30, letters=[1, 8, 1],
                   numbers=[1, 1, 1], conundrums=[2, 0]),
        stats_game("2026-12-01T10:00:00Z", "loss", available=None),  # version 1: no figures
        stats_game("bad", "loss", available=10, letters=[3, 0, 0], numbers=[0, 0, 0]),
        stats_game("2026-12-02T10:00:00Z", "solo", available=10, scores={"bob": 4},
                   conundrums=[0, 0]),
    ]  # fmt: skip
    stats = statistics({"games": games})
    assert list(stats["weeks"]) == ["2026-W48", "2026-W49", "unknown"]
    assert stats["overall"] == {
        "games": 5, "wins": 1, "draws": 1, "losses": 2,
        "letters_rounds": 6, "mean_length": 3.5, "maxima": 0.333,
        "numbers_rounds": 4, "exact": 0.5, "exact_where_possible": 0.667,
        "conundrums": 3, "solved": 0.333, "points": 15, "available": 70,
    }  # fmt: skip
    assert stats["weeks"]["unknown"] == {
        "games": 1, "wins": 0, "draws": 0, "losses": 1,
        "letters_rounds": 3, "mean_length": 0.0, "maxima": 0.0,
        "numbers_rounds": 0, "exact": None, "exact_where_possible": None,
        "conundrums": 0, "solved": None, "points": 5, "available": 10,
    }  # fmt: skip
    assert stats["weeks"]["2026-W49"]["games"] == 3 and stats["weeks"]["2026-W49"]["wins"] == 0
    assert stats["weeks"]["2026-W48"] == {
        "games": 1, "wins": 1, "draws": 0, "losses": 0,
        "letters_rounds": 2, "mean_length": 6.5, "maxima": 0.5,
        "numbers_rounds": 3, "exact": 0.333, "exact_where_possible": 0.5,
        "conundrums": 1, "solved": 1.0, "points": 5, "available": 20,
    }  # fmt: skip


def test_the_mean_length_is_over_the_rounds_answered():
    games = [
        stats_game("2026-12-01", "win", letters=[4, 12, 1], answered=2),
        stats_game("2026-12-01", "win", letters=[2, 0, 0], answered=0),
    ]
    assert statistics({"games": games})["overall"]["mean_length"] == 6.0
    assert statistics({"games": games[1:]})["overall"]["mean_length"] is None


def test_the_mean_length_has_two_decimals_and_the_shares_three():
    games = [stats_game("2026-12-01", "win", letters=[3, 10, 1], numbers=[3, 2, 3])]
    overall = statistics({"games": games})["overall"]
    assert (overall["mean_length"], overall["maxima"]) == (3.33, 0.333)
    assert (overall["exact"], overall["exact_where_possible"]) == (0.667, 0.667)


def test_statistics_of_no_games():
    assert statistics(empty()) == {
        "overall": {
            "games": 0, "wins": 0, "draws": 0, "losses": 0,
            "letters_rounds": 0, "mean_length": None, "maxima": None,
            "numbers_rounds": 0, "exact": None, "exact_where_possible": None,
            "conundrums": 0, "solved": None, "points": 0, "available": 0,
        },
        "weeks": {},
        "runs": {"count": 0, "best": None, "current": None},
    }  # fmt: skip


def test_iso_weeks():
    assert week_of("2026-12-01T06:10:00Z") == "2026-W49"
    assert week_of("2027-01-01T00:00:00Z") == "2026-W53"  # a Friday: ISO year 2026
    assert week_of("2026-01-05") == "2026-W02"
    assert week_of(None) == week_of("") == week_of("2026-13-01") == "unknown"


def test_daily_dates_are_utc_whatever_the_local_zone(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796155200")  # 2026-12-01T20:00:00Z
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")  # UTC+14: already 2 December there
    time.tzset()
    try:
        assert parse_day(None) == parse_day("Today ") == datetime.date(2026, 12, 1)
        with pytest.raises(match=r"not out yet \(today is 2026-12-01\)"):
            parse_day("2026-12-02")
    finally:
        monkeypatch.undo()
        time.tzset()


def test_daily_dates_are_written_in_full():
    today = datetime.date(2026, 12, 1)
    assert parse_day(" 2026-11-30\n", today) == datetime.date(2026, 11, 30)
    assert parse_day("2026-12-01", today) == today  # today's, by its date
    assert parse_day("2026-01-01", today) == FIRST_DAY == datetime.date(2026, 1, 1)
    for bad in ("20261130", "2026-W49-1", "2026-11-3", "", "2026-11-31"):
        with pytest.raises(InvalidGameError) as caught:
            parse_day(bad, today)
        assert str(caught.value).startswith("a daily challenge's date is YYYY-MM-DD, not ")
    with pytest.raises(InvalidGameError) as caught:
        parse_day("2025-12-31", today)
    assert str(caught.value) == "the daily challenges start on 2026-01-01, not 2025-12-31"
    with pytest.raises(InvalidGameError) as caught:
        parse_day("2026-12-02", today)
    assert (
        str(caught.value)
        == "the daily challenge of 2026-12-02 is not out yet (today is 2026-12-01)"
    )


def test_the_daily_seed_is_sha256_of_the_date():
    # sha256(b"anagramdb daily 2026-12-01") begins eb 29 3d e4 (computed with sha256sum)
    assert daily_seed(datetime.date(2026, 12, 1)) == 0xEB293DE4 == 3945348580


def test_the_daily_game_settings(full, common):
    game = daily_game(full, common, datetime.date(2026, 12, 1), dictionary_name="full")
    record = game.record()
    assert record["rounds"] == "LLNLLNC" and record["format"] == "daily"
    assert record["seconds"] == DAILY_SECONDS == 30 and record["opponent"] == "none"
    assert record["players"] == ["you"] and record["picks"] == "seeded"
    assert record["seed"] == 3945348580 and record["dictionary"] == "full"
    two = daily_game(full, common, datetime.date(2026, 12, 1), ["ann", "bob"])
    assert two.record()["players"] == ["ann", "bob"] and two.players == ["ann", "bob"]
    puzzle = game.conundrum(6)  # from the common words, unique in the game's dictionary
    assert common.anagrams(puzzle.answer) == full.anagrams(puzzle.answer) == [puzzle.answer]


def test_the_share_text_has_points_and_no_answers():
    record = {
        "players": ["ann", "bob"],
        "results": [
            {"kind": "letters", "points": {"ann": 7, "bob": 6}, "available": 7},
            {"kind": "numbers", "points": {"bob": 10}, "available": 10},
            {"kind": "conundrum", "points": {"ann": 10}},
        ],
    }
    day = datetime.date(2026, 11, 30)
    assert (
        share_text(day, record) == "anagramdb daily 2026-11-30: 17 of 17\nL 7/7 · N 0/10 · C 10/0"
    )
    assert (
        share_text(day, record, "bob")
        == "anagramdb daily 2026-11-30: 16 of 17\nL 6/7 · N 10/10 · C 0/0"
    )
    assert share_text(day, {"results": record["results"]}).startswith(
        "anagramdb daily 2026-11-30: 0 of 17\n"
    )
