"""Game logs (countdown/game_log.py): what ``play --log`` may replace, and what ``replay``
reads back: every log a game writes, and every hand edit of one refused with one line that
names the file, the line and the value, never an internal error half-way through."""

from __future__ import annotations

import copy
import json
import os
import re

import pytest

from anagramdb.cli.play_text import replay_lines
from anagramdb.countdown.game import Game
from anagramdb.countdown.game_log import MAX_LOG_BYTES, load_log, not_a_game_log, parse_log
from anagramdb.errors import InvalidGameError, StorageError

from ..support.games import play_through
from ..support.pipes import through_a_pipe


@pytest.fixture(scope="module")
def log(full, common) -> dict:
    """A real game's log: a letters round, a numbers round and a conundrum against the
    computer (whose plays carry its reasoning), with the words' definitions."""
    from anagramdb.definitions import Definitions

    game = Game(full, common, "LNC", seed=5, opponent="medium")
    with Definitions() as definitions:
        game.definitions = definitions
        for _ in range(3):
            play_through(game, {"letters": "tiger", "numbers": "100+9", "conundrum": "x"})
    record = json.loads(json.dumps(game.record()))
    for result in record["results"]:  # one meaning of one word is every shape there is
        if not result.get("definitions"):
            continue
        word, meanings = next(iter(result["definitions"].items()))
        result["definitions"] = {word: [dict(meanings[0], senses=meanings[0]["senses"][:1])]}
    assert [r["kind"] for r in record["results"]] == ["letters", "numbers", "conundrum"]
    assert record["results"][0]["definitions"] and record["results"][0]["plays"][1]["reasoning"]
    return record


def written(tmp_path, value: object, indent: int | None = 1) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(value, indent=indent, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_a_game_log_is_read_back_and_replayed(tmp_path, log):
    path = written(tmp_path, log)
    assert not_a_game_log(path) is None and load_log(path) == log
    assert replay_lines(log)[0].startswith("game of seed 5: LNC, 30 s clock, you")
    for blank in ("", " \n\t"):  # an empty file may be replaced by a log
        (tmp_path / "game.json").write_text(blank)
        assert not_a_game_log(path) is None


def paths(value: object, path: tuple = ()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def edited(log: dict, path: tuple, new: object) -> dict:
    """*log* with the value at *path* replaced by *new* (removed: DELETE)."""
    log = copy.deepcopy(log)
    parent = log
    for step in path[:-1]:
        parent = parent[step]
    if new is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return log


DELETE = object()
MARK = "MARKED VALUE"
EDITS = [None, True, 0, -1, 2.5, "", MARK, [], ["x"], {}, {"x": 1}, DELETE]


def test_every_hand_edit_is_replayed_or_refused_with_its_line(tmp_path, log):
    """Every value of a real log replaced by each kind of JSON value, or removed: the log
    is replayed, or refused naming the file, a line of it, and where the value is; an
    edit refused at the edited place names the line the edit is on."""
    refused, name = 0, str(tmp_path / "game.json")
    for path in paths(log):
        for new in EDITS:
            if not path and new is DELETE:
                continue
            text = json.dumps(edited(log, path, new) if path else new, indent=1)
            try:
                record = parse_log(text, name)
            except InvalidGameError as exc:
                refused += 1
                found = re.fullmatch(rf"{re.escape(name)}, line (\d+): not a game log: (\S+) .+",
                                     str(exc))  # fmt: skip
                assert found, str(exc)
                assert 1 <= int(found[1]) <= text.count("\n") + 1
                if new == MARK and found[2] == dotted(path):
                    marked = text.index(MARK)
                    assert int(found[1]) == text.count("\n", 0, marked) + 1, str(exc)
                continue
            assert replay_lines(record), path  # no exception: the replay is whole
    assert refused > 500


def dotted(path: tuple) -> str:
    return "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in path).lstrip(".")


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ([], "the whole file is a list, not an object"),
        ({"seed": 1}, 'the whole file lacks "rounds"'),
    ],
)
def test_what_is_not_a_game_log(tmp_path, value, problem):
    name = written(tmp_path, value, None)
    with pytest.raises(InvalidGameError) as caught:
        load_log(name)
    assert str(caught.value) == f"{name}, line 1: not a game log: {problem}"
    assert not_a_game_log(name) == "not a game log"


def test_a_hand_edit_is_named_by_file_line_and_place(tmp_path, log):
    name = written(tmp_path, edited(log, ("results", 1, "plays", 0, "score"), "ten"))
    lines = (tmp_path / "game.json").read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if '"ten"' in text)
    with pytest.raises(InvalidGameError) as caught:
        load_log(name)
    assert str(caught.value) == (
        f'{name}, line {line}: not a game log: results[1].plays[0].score is the string "ten", '
        "not a whole number"
    )
    name = written(tmp_path, edited(log, ("results", 2, "kind"), "words"))
    with pytest.raises(InvalidGameError, match=r'results\[2\].kind is the string "words", not '
                       r'one of "letters", "numbers", "conundrum"$'):  # fmt: skip
        load_log(name)


def test_game_logs_are_read_up_to_4_mib(tmp_path, log):
    path = tmp_path / "log.json"
    text = json.dumps(log).encode()
    path.write_bytes(text + b" " * (MAX_LOG_BYTES - len(text)))
    assert MAX_LOG_BYTES == 4 << 20 and os.path.getsize(path) == MAX_LOG_BYTES
    assert not_a_game_log(str(path)) is None and load_log(str(path)) == log
    path.write_bytes(text + b" " * (MAX_LOG_BYTES + 1 - len(text)))
    assert not_a_game_log(str(path)) == "larger than 4 MiB"
    with pytest.raises(InvalidGameError) as caught:
        load_log(str(path))
    assert str(caught.value) == f"{path}: not a game log: larger than 4 MiB"


def test_a_game_log_that_is_not_json_or_not_readable(tmp_path):
    path = tmp_path / "log.json"
    path.write_bytes(b'{\n "seed": \x80}')
    assert not_a_game_log(str(path)).startswith("cannot read it as UTF-8 text: 'utf-8' codec")
    with pytest.raises(InvalidGameError) as caught:
        load_log(str(path))
    assert str(caught.value) == f"{path}, line 2: not a game log: byte 0x80 is not UTF-8"
    path.write_text('{\n "seed": 1,\n "rounds" "L"}')
    assert not_a_game_log(str(path)) == "not JSON"
    with pytest.raises(InvalidGameError) as caught:
        load_log(str(path))
    assert str(caught.value) == (
        f"{path}, line 3: not a game log: not JSON (Expecting ':' delimiter, column 11)"
    )
    path.write_text('{"seed": ' + "9" * 5000 + "}")
    with pytest.raises(InvalidGameError, match=r": not a game log: not JSON \(Exceeds the limit"):
        load_log(str(path))
    assert not_a_game_log(str(tmp_path)).startswith("cannot read it as UTF-8 text: [Errno 21]")
    missing = tmp_path / "missing.json"
    with pytest.raises(StorageError) as caught:
        load_log(str(missing))
    assert str(caught.value) == f"cannot read {missing}: No such file or directory"


def test_game_logs_are_read_a_bounded_amount(tmp_path):
    assert through_a_pipe(tmp_path, MAX_LOG_BYTES + 1, not_a_game_log) == (
        "larger than 4 MiB",
        True,
    )
    (tmp_path / "pipe").unlink()

    def load(path: str) -> str:
        with pytest.raises(InvalidGameError) as caught:
            load_log(path)
        return str(caught.value)

    assert through_a_pipe(tmp_path, MAX_LOG_BYTES + 1, load) == (
        f"{tmp_path / 'pipe'}: not a game log: larger than 4 MiB",
        True,
    )
