"""The player's history and best scores, kept between games of ``anagramdb play``.

File: ``$XDG_DATA_HOME/anagramdb/history.json`` (``~/.local/share/anagramdb/history.json``
when XDG_DATA_HOME is unset or not absolute), UTF-8 JSON, replaced atomically after each
finished game (format in docs/FORMAT.md)::

    {"version": 1,
     "games": [{"date": "2026-11-30T06:10:00Z", "seed": 42, "rounds": "LNC", "opponent": "hard",
                "score": 17, "opponent_score": 27}, ...],          # oldest first, at most MAX_GAMES
     "best": {"LNC": {"score": 17, "date": "...", "seed": 42}, ...}}  # per round string

A damaged file is not overwritten: the game says so and leaves it for the user to inspect.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

from ..atomic import atomic_writer
from ..errors import StorageError, describe_os_error

HISTORY_FILE = "history.json"
HISTORY_VERSION = 1
MAX_GAMES = 1000


def data_directory() -> str:
    """anagramdb's folder in the user's data directory (XDG Base Directory rules)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "anagramdb")


def history_path() -> str:
    return os.path.join(data_directory(), HISTORY_FILE)


def load_history(path: str) -> dict[str, Any]:
    """The history in *path*; an empty one when the file does not exist yet."""
    try:
        with open(path, encoding="utf-8") as handle:
            history = json.load(handle)
    except FileNotFoundError:
        return {"version": HISTORY_VERSION, "games": [], "best": {}}
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {describe_os_error(exc)}") from exc
    except ValueError as exc:
        raise StorageError(
            f"{path} is not a history file (not JSON: {exc}); move it aside to start a new one"
        ) from exc
    if (
        not isinstance(history, dict)
        or history.get("version") != HISTORY_VERSION
        or not isinstance(history.get("games"), list)
        or not isinstance(history.get("best"), dict)
    ):
        raise StorageError(
            f"{path} is not a version {HISTORY_VERSION} history file; move it aside to start a "
            "new one"
        )
    return history


def check_history(path: str | None = None) -> None:
    """Raise StorageError before a game when its end could not be recorded: the history
    file is unreadable or not a history file (load_history), or not a regular file, or its
    directory cannot be created or written."""
    from ..atomic import check_output, probe_directory

    path = check_output(path or history_path())
    load_history(path)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError as exc:
        raise StorageError(
            f"cannot create {os.path.dirname(path)}: {describe_os_error(exc)}"
        ) from exc
    probe_directory(path)


def record_game(record: dict[str, Any], path: str | None = None) -> tuple[dict[str, Any], bool]:
    """Add a finished game (Game.record()) to the history; returns (the best game for its
    rounds, whether this game is it). Creates the data directory when needed."""
    path = path or history_path()
    history = load_history(path)
    players = list(record["totals"])
    entry = {
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seed": record["seed"],
        "rounds": record["rounds"],
        "opponent": record["opponent"],
        "score": record["totals"][players[0]],
        "opponent_score": record["totals"][players[1]] if len(players) > 1 else None,
    }
    history["games"] = [*history["games"], entry][-MAX_GAMES:]
    best = history["best"].get(record["rounds"])
    new_best = best is None or entry["score"] > best.get("score", -1)
    if new_best:
        best = history["best"][record["rounds"]] = {
            "score": entry["score"],
            "date": entry["date"],
            "seed": entry["seed"],
        }
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError as exc:
        raise StorageError(
            f"cannot create {os.path.dirname(path)}: {describe_os_error(exc)}"
        ) from exc
    with atomic_writer(path) as handle:
        handle.write((json.dumps(history, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return best, new_best
