"""Crash safety: writers SIGKILLed at every named step never leave a broken dictionary.

Each case runs a real ``anagramdb`` process with ANAGRAMDB_PAUSE_AT set to one step of
one file (see anagramdb.atomic.checkpoint), waits until it says it has paused there,
kills it with SIGKILL, and then checks that the files a reader sees are the old ones or
the new ones, that the dictionary opens and answers correctly, and that the next writer
removes what the dead one left behind.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys

import pytest

from anagramdb.dictionary import Dictionary
from anagramdb.index_check import check_index

from ..support.dictionaries import anagram_model, make_dictionary, write_list

OLD = ["cat", "act", "dog", "god", "stone", "notes"]
NEW = ["tac", "cat", "pig", "gip", "onset", "tones", "zebra"]
DICT_STEPS = [f"{step} words.txt" for step in ("created", "written", "synced", "replaced")]
INDEX_STEPS = [f"{step} words.txt.idx" for step in ("created", "written", "synced", "replaced")]


def kill_at(args: list[str], step: str, cwd: str) -> None:
    """Run anagramdb until it pauses at *step*, then SIGKILL it."""
    env = {**os.environ, "ANAGRAMDB_PAUSE_AT": step}
    with subprocess.Popen(
        [sys.executable, "-m", "anagramdb", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            line = process.stderr.readline()  # type: ignore[union-attr]
            assert line.startswith(f"anagramdb: paused at {step}"), line
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL


def visible(directory: str) -> set[str]:
    return {name for name in os.listdir(directory) if not name.startswith(".")}


def hidden(directory: str) -> set[str]:
    return {name for name in os.listdir(directory) if name.startswith(".")}


def assert_answers(path: str, words: list[str]) -> None:
    model = anagram_model(words)
    with Dictionary(path) as dictionary:
        for key, expected in model.items():
            assert dictionary.words_with_key(key) == expected
        assert dictionary.word_count == sum(len(v) for v in model.values())
    assert check_index(path) == []


@pytest.mark.parametrize("step", DICT_STEPS + INDEX_STEPS)
def test_build_killed(tmp_path, step):
    path = make_dictionary(tmp_path, OLD)
    before = {name: (tmp_path / name).read_bytes() for name in ("words.txt", "words.txt.idx")}
    source = write_list(tmp_path / "new.list", NEW)
    kill_at(["build", source, "-o", path], step, str(tmp_path))
    assert visible(str(tmp_path)) == {"words.txt", "words.txt.idx", "words.txt.list", "new.list"}
    if step in DICT_STEPS[:3]:
        assert {name: (tmp_path / name).read_bytes() for name in before} == before
        assert_answers(path, OLD)
    else:
        # The dictionary was replaced; the index is the old one or the new one, and a
        # reader rebuilds an old one on open.
        assert_answers(path, NEW)
    make_dictionary(tmp_path, NEW, name="words.txt")
    assert hidden(str(tmp_path)) == set(), "the next writer removes a dead writer's leftovers"


def big_list(count: int) -> list[str]:
    rng = random.Random(9)
    return ["".join(rng.choices("etaoinshrdlucmfwyp", k=rng.randint(3, 12))) for _ in range(count)]


def test_build_killed_with_sorted_runs_on_disk(tmp_path):
    path = make_dictionary(tmp_path, OLD)
    before = (tmp_path / "words.txt").read_bytes()
    source = write_list(tmp_path / "big.list", big_list(150_000))
    kill_at(
        ["build", source, "-o", path, "--memory", "16M"], "spilled anagramdb-run", str(tmp_path)
    )
    assert (tmp_path / "words.txt").read_bytes() == before
    assert any(name.startswith(".anagramdb-run.tmp-") for name in hidden(str(tmp_path)))
    assert_answers(path, OLD)
    subprocess.run(
        [sys.executable, "-m", "anagramdb", "build", source, "-o", path, "--memory", "16M"],
        check=True,
        capture_output=True,
    )
    assert hidden(str(tmp_path)) == set()


@pytest.mark.parametrize("step", INDEX_STEPS)
@pytest.mark.parametrize("how", ["open", "index"])
def test_index_rebuild_killed(tmp_path, step, how):
    path = make_dictionary(tmp_path, OLD)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("zzz\n")  # the index is now stale
    stale = (tmp_path / "words.txt.idx").read_bytes()
    args = ["--dict", path, "anagrams", "dog"] if how == "open" else ["index", path]
    kill_at(args, step, str(tmp_path))
    if step != INDEX_STEPS[-1]:
        assert (tmp_path / "words.txt.idx").read_bytes() == stale
    assert_answers(path, [*OLD, "zzz"])
    assert hidden(str(tmp_path)) == set()


def test_a_live_writers_temporary_file_is_left_alone(tmp_path):
    from anagramdb.atomic import remove_leftovers

    mine = tmp_path / f".words.txt.tmp-{os.getpid()}-abc"
    dead = tmp_path / ".words.txt.tmp-999999999-abc"
    other = tmp_path / ".notes.tmp-999999999-abc"
    for path in (mine, dead, other):
        path.write_text("partial")
    assert remove_leftovers(str(tmp_path), "words.txt") == [dead.name]
    assert mine.exists() and other.exists() and not dead.exists()


def test_full_disk_during_an_index_rebuild_falls_back_to_memory(tmp_path, monkeypatch):
    import errno
    import warnings

    from anagramdb.errors import AnagramDBWarning

    path = make_dictionary(tmp_path, OLD)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("zzz\n")
    stale = (tmp_path / "words.txt.idx").read_bytes()

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with Dictionary(path) as dictionary:
            assert dictionary.anagrams("zzz") == ["zzz"]
    assert [str(w.message) for w in caught if issubclass(w.category, AnagramDBWarning)] == [
        f"index older than the dictionary, and cannot write {path}.idx: "
        "No space left on device; using an in-memory index for this process"
    ]
    assert (tmp_path / "words.txt.idx").read_bytes() == stale
    assert hidden(str(tmp_path)) == set()
