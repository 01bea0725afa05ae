"""Game logs (``play --log FILE``, read back by ``replay``): a Game.record() as one JSON
object (docs/FORMAT.md), checked whole before anything is shown, so a log edited by hand
is refused with one line naming the file, the line and the value, never an internal error
half-way through a replay.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import InvalidGameError, StorageError, describe_os_error
from .round_kinds import RoundKind
from .shapes import ByKey, Fields, ListOf, MapOf, dotted, line_of, problem

LOG_KEYS = ("seed", "rounds", "results", "totals")
MAX_LOG_BYTES = 4 << 20  # a game log: 50 rounds take ~50 KB


def _play(answer: Any, value: Any) -> ByKey:
    """A player's play in a round whose valid answers are *answer* with *value*."""
    common = {"player": str, "score": int}
    optional = {"reasoning": (str, None), "seconds": (float, None)}
    return ByKey("valid", {
        True: Fields({**common, "answer": answer, "value": value}, optional),
        False: Fields({**common, "answer": (str, None), "reason": (str, None)}, optional),
    })  # fmt: skip


SENSE = Fields({"gloss": str, "labels": ListOf(str)})
MEANING = Fields(
    {"pos": str, "relation": str, "lemma": str, "senses": ListOf(SENSE, least=1)},
    {"lemma_pos": str},  # a derived word's base's part of speech
)


def _round(puzzle: Fields, best: Fields, play: ByKey) -> Fields:
    return Fields(
        {"round": int, "puzzle": puzzle, "plays": ListOf(play), "points": MapOf(int),
         "best": best},
        {"crucial": bool, "available": int, "definitions": MapOf(ListOf(MEANING, least=1))},
    )  # fmt: skip


ROUND = ByKey("kind", {
    RoundKind.LETTERS.value: _round(
        Fields({"letters": str}),
        Fields({"words": ListOf(str), "length": int, "count": int}),
        _play(str, int),
    ),
    RoundKind.NUMBERS.value: _round(
        Fields({"numbers": ListOf(int), "target": int}),
        Fields({"value": int, "distance": int, "infix": str, "steps": ListOf(str)}),
        _play(str, int),
    ),
    RoundKind.CONUNDRUM.value: _round(
        Fields({"clue": str}), Fields({"answer": str}), _play(str, (int, None))
    ),
})  # fmt: skip
LOG = Fields(
    {"seed": (int, None), "rounds": str, "opponent": str, "results": ListOf(ROUND),
     "totals": MapOf(int, least=1)},
    {"version": int, "format": (str, None), "seconds": (int, None),
     "players": ListOf(str, least=1), "picks": str, "dictionary": (str, None), "finished": bool},
)  # fmt: skip


def _unrecognised(record: object) -> str | None:
    """Why *record* (parsed JSON) is not recognisably a game log, or None."""
    if not isinstance(record, dict) or not all(key in record for key in LOG_KEYS):
        return "not a game log"
    if not isinstance(record["results"], list) or not isinstance(record["totals"], dict):
        return "not a game log (its results or totals have the wrong shape)"
    return None


def not_a_game_log(path: str) -> str | None:
    """None when *path* is empty or recognisably holds a game log; else why not
    (check_output's test before ``play --log`` replaces a file)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_LOG_BYTES + 1)
        if len(data) > MAX_LOG_BYTES:
            return f"larger than {MAX_LOG_BYTES >> 20} MiB"
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return f"cannot read it as UTF-8 text: {exc}"
    if not text.strip():
        return None
    try:
        return _unrecognised(json.loads(text))
    except ValueError:
        return "not JSON"


def load_log(path: str) -> dict[str, Any]:
    """The game log in *path*, checked whole: StorageError when it cannot be read,
    InvalidGameError (``PATH, line N: not a game log: ...``) when any part of it is not
    what Game.record() writes."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {describe_os_error(exc)}") from exc
    if len(data) > MAX_LOG_BYTES:
        raise InvalidGameError(f"{path}: not a game log: larger than {MAX_LOG_BYTES >> 20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InvalidGameError(
            f"{path}, line {line}: not a game log: byte 0x{data[exc.start]:02x} is not UTF-8"
        ) from None
    return parse_log(text, path)


def parse_log(text: str, path: str) -> dict[str, Any]:
    """The game log in *text*, read from *path*, checked whole (load_log's errors)."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidGameError(
            f"{path}, line {exc.lineno}: not a game log: not JSON ({exc.msg}, column {exc.colno})"
        ) from None
    except ValueError as exc:  # a number past int()'s 4,300 digits
        raise InvalidGameError(f"{path}: not a game log: not JSON ({exc})") from None
    found = problem(record, LOG)
    if found is not None:
        where, what = found
        raise InvalidGameError(
            f"{path}, line {line_of(text, where)}: not a game log: {dotted(where)} {what}"
        )
    assert isinstance(record, dict)
    return record
