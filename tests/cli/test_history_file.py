"""The history file shared by every game (countdown/history.py, file_lock.py): games that
finish at once are all recorded, and a damaged file is moved aside with one warning by
every reader (``history``, ``play``, the web's ``/game/history``), never an internal error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest

from anagramdb.countdown.history import load_history, record_game
from anagramdb.file_lock import lock_path

from ..support.web import Client, serving

GAMES = 12


def environment(home) -> dict[str, str]:
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    env.pop("ANAGRAMDB_DICT", None)
    return env


def anagramdb(args: list[str], home, script: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args], input=script, capture_output=True,
        text=True, env=environment(home), timeout=300,
    )  # fmt: skip


def test_twelve_piped_games_finishing_at_once_are_all_recorded(tmp_path):
    """Twelve games are started and held at their first question (each has printed its
    header, so each has read the history); then all are answered at once."""
    play = [sys.executable, "-m", "anagramdb", "play", "--rounds", "L", "--seconds", "0"]
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    games = [
        subprocess.Popen(
            [*play, "--seed", str(seed)], text=True, env=environment(tmp_path), **pipes
        )
        for seed in range(GAMES)
    ]
    try:
        for game in games:  # each has checked the history and waits for its picks
            assert game.stdout is not None and game.stdout.readline().startswith("anagramdb play")
        for game in games:
            assert game.stdin is not None
            game.stdin.write("auto\nstone\n")
            game.stdin.close()
        for game in games:
            assert game.wait(timeout=300) == 0, game.stderr.read() if game.stderr else ""
    finally:
        for game in games:
            game.kill() if game.poll() is None else None
            for stream in (game.stdout, game.stderr):
                if stream is not None:
                    stream.close()
    shown = anagramdb(["history", "--json"], tmp_path)
    assert shown.returncode == 0 and shown.stderr == ""
    recorded = json.loads(shown.stdout)
    assert sorted(game["seed"] for game in recorded["games"]) == list(range(GAMES))
    history = tmp_path / "data" / "anagramdb" / "history.json"
    assert sorted(os.listdir(history.parent)) == ["history.json", "history.json.lock"]


def test_threads_recording_at_once_keep_every_game(tmp_path):
    path = str(tmp_path / "history.json")
    start = threading.Barrier(GAMES)

    def finish(seed: int) -> None:
        start.wait()
        record_game(solo_log(seed), path)

    threads = [threading.Thread(target=finish, args=(seed,)) for seed in range(GAMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(game["seed"] for game in load_history(path)["games"]) == list(range(GAMES))
    assert os.path.exists(lock_path(path))


def solo_log(seed: int) -> dict:
    play = {"player": "you", "answer": "stone", "valid": True, "value": 5, "score": 5}
    result = {"round": 1, "kind": "letters", "puzzle": {"letters": "STONEABCD"}, "plays": [play],
              "points": {"you": 5}, "best": {"length": 5}, "available": 5}  # fmt: skip
    return {"seed": seed, "rounds": "L", "format": None, "opponent": "none", "seconds": 0,
            "players": ["you"], "results": [result], "totals": {"you": 5}}  # fmt: skip


GOOD = json.dumps({"version": 2, "games": [], "best": {}, "daily": {}}, indent=1).encode()
DAMAGED = {
    "truncated": GOOD[:-5],
    "wrong types": json.dumps({"version": 2, "games": [{"date": 5}]}).encode(),
    "binary": bytes(range(256)),
    "empty": b"",
    "huge": b" " * (16 << 20) + GOOD,
}


def history_file(home):
    path = home / "data" / "anagramdb" / "history.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def moved_aside(path, content: bytes) -> None:
    """*path* is gone (or new), and beside it one damaged copy holding *content*."""
    asides = [p for p in path.parent.iterdir() if p.name.startswith("history.json.damaged-")]
    assert len(asides) == 1 and asides[0].read_bytes() == content


@pytest.mark.parametrize("damage", DAMAGED)
@pytest.mark.parametrize("reader", ["history", "history --json", "play"])
def test_a_damaged_history_is_moved_aside_by_each_command(tmp_path, damage, reader):
    path = history_file(tmp_path)
    path.write_bytes(DAMAGED[damage])
    if reader == "play":
        ran = anagramdb(["play", "--rounds", "L", "--seed", "1", "--seconds", "0"], tmp_path,
                        "auto\nstone\n")  # fmt: skip
    else:
        ran = anagramdb(reader.split(), tmp_path)
    assert ran.returncode == 0, ran.stderr
    (warning,) = ran.stderr.splitlines()
    assert warning.startswith(f"anagramdb: warning: {path} was damaged (")
    assert warning.endswith("and a new history begins")
    moved_aside(path, DAMAGED[damage])
    games = load_history(str(path))["games"]
    assert len(games) == (1 if reader == "play" else 0)


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_history_is_moved_aside_by_the_history_page(tmp_path, monkeypatch, damage):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = history_file(tmp_path)
    path.write_bytes(DAMAGED[damage])
    with serving() as server:
        client = Client(server.server_address[1])
        status, state = client.json("/game/history/state")
        assert status == 200 and state["games"] == []
        (warning,) = state["warnings"]
        assert warning.startswith(f"{path} was damaged (")
        moved_aside(path, DAMAGED[damage])
        status, page = client.page("/game/history")
        assert status == 200 and "was damaged" not in page  # said once, by the first reader
    path.write_bytes(DAMAGED[damage])
    for asides in path.parent.glob("history.json.damaged-*"):
        asides.unlink()
    with serving() as server:
        status, page = Client(server.server_address[1]).page("/game/history")
        assert status == 200 and f"{path} was damaged (" in page
        moved_aside(path, DAMAGED[damage])


def test_a_web_game_ending_on_a_damaged_history_says_so_in_its_note(tmp_path, monkeypatch):
    from anagramdb.web.game_history import record

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = history_file(tmp_path)
    path.write_bytes(DAMAGED["wrong types"])
    note = record(solo_log(7), None)["note"]
    assert note.startswith(f"{path} was damaged (") and note.endswith("Recorded in your history.")
    moved_aside(path, DAMAGED["wrong types"])
    assert [game["seed"] for game in load_history(str(path))["games"]] == [7]
