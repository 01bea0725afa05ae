"""The player's history: every finished game, best scores, daily attempts, statistics.

File: ``$XDG_DATA_HOME/anagramdb/history.json`` (``~/.local/share/anagramdb/history.json``
when XDG_DATA_HOME is unset or not absolute), UTF-8 JSON, replaced atomically after each
finished game, by ``play`` and by the web page alike (docs/FORMAT.md). Writers take turns
under ``history.json.lock`` (file_lock.py): each re-reads the file, adds its game and
replaces it, so games finishing at once are all kept; readers take no lock::

    {"version": 2,
     "games": [{"date": "2026-12-01T06:10:00Z", "seed": 42, "rounds": "LNC",
                "format": "quick", "opponent": "hard", "seconds": 30, "players": ["you"],
                "scores": {"you": 17, "computer": 27}, "result": "loss", "available": 38,
                "daily": null, "letters": [1, 6, 0], "numbers": [1, 1, 1],
                "conundrums": [1, 0]}, ...],                 # oldest first, MAX_GAMES
     "best": {"quick/hard/30": {"score": 17, "date": "...", "seed": 42}, ...},
     "daily": {"2026-12-01": {"score": 52, "available": 88, "share": "..."}, ...}}

A game's ``letters`` is [rounds, letters of the first player's valid words, rounds where
that was the longest possible], ``numbers`` [rounds, exact answers, rounds where exact was
possible], ``conundrums`` [rounds, solved]: what the statistics are made of. The first
person named in a game owns the history. A best is kept per format, opponent and clock,
for timed games of one person only, and never for 0. A version 1 file is read as its
games (its bests ignored opponent and clock, so they are dropped). A file that is not
this (not JSON, or any value of the wrong type: the shapes below) is damaged: it is moved
aside (``history.json.damaged-DATE``) with one warning, and a new history begins.
"""

from __future__ import annotations

import json
import os
import time
import warnings
from collections.abc import Callable
from typing import Any

from ..atomic import atomic_writer, check_output, probe_directory
from ..errors import AnagramDBWarning, StorageError, describe_os_error
from ..file_lock import locked
from .history_stats import current_run
from .round_kinds import RoundKind
from .shapes import Fields, ListOf, MapOf, dotted, line_of, problem

HISTORY_FILE = "history.json"
HISTORY_VERSION = 2
MAX_GAMES = 5000
MAX_BYTES = 16 << 20  # a history larger than this is not read (5000 games take ~2 MB)


def now() -> float:
    """The time of day for the history's dates and the daily challenge's today: the
    clock, or SOURCE_DATE_EPOCH (seconds) when set, as reproducible builds use it, so
    examples and tests can fix the date."""
    fixed = os.environ.get("SOURCE_DATE_EPOCH", "")
    return float(fixed) if fixed.isascii() and fixed.isdigit() else time.time()


def stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now()))


def data_directory() -> str:
    """anagramdb's folder in the user's data directory (XDG Base Directory rules)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "anagramdb")


def history_path() -> str:
    return os.path.join(data_directory(), HISTORY_FILE)


def empty() -> dict[str, Any]:
    return {"version": HISTORY_VERSION, "games": [], "best": {}, "daily": {}, "runs": []}


# What each part of a history must be (countdown/shapes.py), so that no reader meets a
# value it cannot show: a file that breaks these is damaged, and moved aside whole.
GAME = Fields(
    {"date": str, "seed": (int, None), "rounds": str, "opponent": str,
     "players": ListOf(str, least=1), "scores": MapOf(int)},
    {"format": (str, None), "seconds": (int, None), "result": (str, None),
     "available": (int, None), "daily": (str, None), "letters": ListOf(int, size=3),
     "numbers": ListOf(int, size=3), "conundrums": ListOf(int, size=2), "answered": int},
)  # fmt: skip
RUN = Fields(  # a champion's run: its wins, and how it ended (None: it goes on)
    {"started": str, "wins": int}, {"ended": (str, None), "date": str}
)
BEST_KEY = (lambda key: key.count("/") >= 2, "FORMAT/OPPONENT/CLOCK")
HISTORY = Fields(
    {"games": ListOf(GAME)},
    {"best": MapOf(Fields({"score": int, "date": str, "seed": (int, None)}), key=BEST_KEY),
     "daily": MapOf(Fields({"score": int, "available": int}, {"date": str, "share": str})),
     "runs": ListOf(RUN)},
)  # fmt: skip
OLD_GAME = Fields(  # a version 1 game
    {"date": str, "seed": (int, None), "rounds": str, "opponent": str, "score": int},
    {"opponent_score": (int, None)},
)
OLD_HISTORY = Fields({"games": ListOf(OLD_GAME)})


def _problem(history: object, text: str) -> str | None:
    """Why *history* (parsed from *text*) is not a history, or None."""
    if not isinstance(history, dict):
        return "not a JSON object"
    if history.get("version") not in (1, HISTORY_VERSION):
        return f"version {history.get('version')!r}, not {HISTORY_VERSION}"
    found = problem(history, HISTORY if history["version"] == HISTORY_VERSION else OLD_HISTORY)
    if found is None:
        return None
    return f"line {line_of(text, found[0])}: {dotted(found[0])} {found[1]}"


def _upgraded(history: dict[str, Any]) -> dict[str, Any]:
    if history["version"] == HISTORY_VERSION:
        return {**empty(), **history}
    games = [
        {
            "date": game["date"], "seed": game["seed"], "rounds": game["rounds"],
            "format": None, "opponent": game["opponent"], "seconds": None, "players": ["you"],
            "scores": {"you": game["score"]} | (
                {} if game.get("opponent_score") is None else {"computer": game["opponent_score"]}
            ),
            "result": None, "available": None, "daily": None,
        }
        for game in history["games"]
    ]  # fmt: skip
    return {**empty(), "games": games}


Warn = Callable[[str], None]


def _warn(text: str) -> None:
    warnings.warn(AnagramDBWarning(text), stacklevel=4)


def _read(path: str) -> tuple[dict[str, Any], str | None, tuple[int, ...]]:
    """The history in *path* (empty when there is none), or why it is damaged, and which
    file was read (device and inode: ``()`` for none)."""
    try:
        with open(path, "rb") as handle:
            status = os.fstat(handle.fileno())
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return empty(), None, ()
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {describe_os_error(exc)}") from exc
    read = (status.st_dev, status.st_ino)
    if len(data) > MAX_BYTES:
        return empty(), f"larger than {MAX_BYTES >> 20} MiB", read
    try:
        text = data.decode("utf-8")
        history = json.loads(text)
    except (UnicodeDecodeError, ValueError) as exc:
        return empty(), f"not JSON: {exc}", read
    damage = _problem(history, text)
    return (empty(), damage, read) if damage else (_upgraded(history), None, read)


def _same(path: str, read: tuple[int, ...]) -> bool:
    """Whether *path* is still the file *read* (another writer has not replaced it)."""
    try:
        status = os.stat(path)
    except OSError:
        return False
    return (status.st_dev, status.st_ino) == read  # writers replace, never rewrite


def _set_aside(path: str, damage: str, warn: Warn | None) -> dict[str, Any]:
    """Move the damaged history aside (the writers' lock held), say so once, start anew."""
    aside = _move_aside(path)
    (warn or _warn)(
        f"{path} was damaged ({damage}); it was moved to {aside} and a new history begins"
    )
    return empty()


def load_history(path: str | None = None, warn: Warn | None = None) -> dict[str, Any]:
    """The history in *path* (history_path() by default); an empty one when there is
    none. A damaged file is moved aside with one warning (an AnagramDBWarning, or a call
    of *warn* with its text), and an empty history returned; StorageError when it cannot
    be read or moved. Readers take no lock (the file is replaced whole); a damaged file
    is moved under the writers' lock, and only if it is still the damaged one."""
    path = path or history_path()
    history, damage, read = _read(path)
    if damage is None:
        return history
    with locked(path):
        if not _same(path, read):  # replaced by a writer since: read what it wrote
            history, damage, read = _read(path)
        return history if damage is None else _set_aside(path, damage, warn)


def _move_aside(path: str) -> str:
    when = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    for attempt in range(100):
        aside = f"{path}.damaged-{when}" + (f"-{attempt}" if attempt else "")
        if not os.path.lexists(aside):
            try:
                os.rename(path, aside)
            except OSError as exc:
                raise StorageError(
                    f"{path} is damaged and cannot be moved aside: {describe_os_error(exc)}"
                ) from exc
            return aside
    raise StorageError(f"{path} is damaged and too many damaged copies are beside it")


def check_history(path: str | None = None) -> dict[str, Any]:
    """The history, loaded before a game (a damaged one moved aside now, not at the end);
    StorageError when the game's end could not be recorded: the file is not a regular
    file, or its directory cannot be created or written."""
    path = check_output(path or history_path())
    history = load_history(path)
    _make_directory(path)
    probe_directory(path)
    return history


def _make_directory(path: str) -> None:
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError as exc:
        raise StorageError(
            f"cannot create {os.path.dirname(path)}: {describe_os_error(exc)}"
        ) from exc


def best_key(record: dict[str, Any]) -> str | None:
    """The key of a game's best score (format/opponent/clock), or None when the game
    cannot set one: untimed, more than one person, a daily challenge. A game decided by
    crucial conundrums counts under its format's rounds, without them."""
    if not record.get("seconds") or len(record.get("players") or ["you"]) != 1:
        return None
    if record.get("picks") == "seeded":
        return None
    crucial = sum(bool(result.get("crucial")) for result in record.get("results") or [])
    rounds = record["rounds"][: len(record["rounds"]) - crucial]
    return f"{record.get('format') or rounds}/{record['opponent']}/{record['seconds']}"


def entry(record: dict[str, Any], daily: str | None = None) -> dict[str, Any]:
    """A game log (Game.record()) as a history entry, with its statistics."""
    owner = (record.get("players") or ["you"])[0]
    totals: dict[str, int] = record["totals"]
    letters, numbers, conundrums = [0, 0, 0], [0, 0, 0], [0, 0]
    answered = 0  # letters rounds with a valid word: the mean length is over these
    for result in record["results"]:
        own = next((p for p in result["plays"] if p["player"] == owner), None)
        valid = bool(own and own["valid"])
        if result["kind"] == RoundKind.LETTERS:
            length = own["value"] if own and valid else 0
            longest = result["best"]["length"]
            letters = [letters[0] + 1, letters[1] + length, letters[2] + (0 < length == longest)]
            answered += length > 0
        elif result["kind"] == RoundKind.NUMBERS:
            exact = valid and own is not None and own["value"] == result["puzzle"]["target"]
            possible = result["best"]["distance"] == 0
            numbers = [numbers[0] + 1, numbers[1] + exact, numbers[2] + possible]
        else:
            conundrums = [conundrums[0] + 1, conundrums[1] + (result["points"][owner] > 0)]
    others = [score for name, score in totals.items() if name != owner]
    mine = totals[owner]
    outcome = (
        "solo" if not others else "win" if mine > max(others) else
        "draw" if mine == max(others) else "loss"
    )  # fmt: skip
    return {
        "date": stamp(), "seed": record["seed"],
        "rounds": record["rounds"], "format": record.get("format"), "opponent": record["opponent"],
        "seconds": record.get("seconds"), "players": record.get("players") or ["you"],
        "scores": totals, "result": outcome,
        "available": sum(r.get("available", 0) for r in record["results"]), "daily": daily,
        "letters": letters, "numbers": numbers, "conundrums": conundrums, "answered": answered,
    }  # fmt: skip


def record_game(
    record: dict[str, Any],
    path: str | None = None,
    daily: str | None = None,
    share: str = "",
    warn: Warn | None = None,
    live: bool = True,
    champion: bool = False,
) -> dict[str, Any]:
    """Add a finished game to the history (and, for *daily*, that date's attempt, if it
    is the first). Returns what changed: ``entry``, ``best`` (the best for its settings,
    or None), ``previous`` (the best before), ``new_best``, ``daily_recorded`` (False:
    that date was already played: the attempt is practice, not kept at all).

    Only a game played live (*live*: a person at the keyboard or in the browser, not a
    script feeding answers) can set a best. A *champion* game goes on the current run
    (``run`` in what is returned): a win adds to it, OCTOCHAMP wins end it undefeated,
    anything else ends it.

    Games finishing at once take turns (file_lock): each re-reads the history under the
    lock, adds its game and replaces the file atomically, so none is lost. A damaged
    history is moved aside as load_history does (*warn*)."""
    path = path or history_path()
    _make_directory(path)
    with locked(path):
        history, damage, _ = _read(path)
        if damage is not None:
            history = _set_aside(path, damage, warn)
        return _add(path, history, record, daily, share, live, champion)


def _add(
    path: str,
    history: dict[str, Any],
    record: dict[str, Any],
    daily: str | None,
    share: str,
    live: bool,
    champion: bool = False,
) -> dict[str, Any]:
    added = entry(record, daily)
    if daily is not None and daily in history["daily"]:  # practice: kept nowhere
        return {
            "entry": added, "best": None, "previous": None, "new_best": False,
            "daily_recorded": False, "run": None,
        }  # fmt: skip
    history["games"] = [*history["games"], added][-MAX_GAMES:]
    key = best_key(record) if live else None
    owner_score = added["scores"][added["players"][0]]
    best = history["best"].get(key) if key else None
    previous = best
    new_best = key is not None and owner_score > 0 and owner_score > (best or {}).get("score", 0)
    if new_best and key is not None:
        best = history["best"][key] = {
            "score": owner_score,
            "date": added["date"],
            "seed": record["seed"],
        }
    daily_recorded = daily is not None and daily not in history["daily"]
    if daily_recorded:
        history["daily"][daily] = {
            "score": owner_score, "available": added["available"], "date": added["date"],
            "share": share,
        }  # fmt: skip
    run = _go_on(history, added) if champion else None
    with atomic_writer(path) as handle:
        handle.write((json.dumps(history, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return {
        "entry": added, "best": best, "previous": previous, "new_best": new_best,
        "daily_recorded": daily_recorded, "run": run,
    }  # fmt: skip


OCTOCHAMP = 8  # wins in a run that make an octochamp, who retires undefeated, as on the show


def _go_on(history: dict[str, Any], added: dict[str, Any]) -> dict[str, Any]:
    run = current_run(history)
    if run is None:
        run = {"started": added["date"], "wins": 0, "ended": None}
        history["runs"] = [*(history.get("runs") or []), run][-MAX_GAMES:]
    if added["result"] == "win":
        run["wins"] += 1
        run["ended"] = "octochamp" if run["wins"] >= OCTOCHAMP else None
    else:
        run["ended"] = added["result"]  # a loss, or a draw that the crucial conundrums left
    run["date"] = added["date"]
    return dict(run)
