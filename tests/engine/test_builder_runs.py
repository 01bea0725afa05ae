"""The builder's sorted runs under a real memory budget (issue 19 part 9): when a run is
spilled, what the spilled file is called, and what a failure to write one says.

The words are long so that a few hundred entries fill a run: the smallest budget
(MIN_MEMORY, 16 MiB) leaves 8 MiB for run entries, and an entry is counted as 4 bytes a
character (1 when it is ASCII) plus ENTRY_OVERHEAD (64) bytes.
"""

from __future__ import annotations

import os
import tempfile

import pytest

from anagramdb.builder import MIN_MEMORY, build
from anagramdb.errors import StorageError
from anagramdb.index_check import check_index
from anagramdb.keys import word_key

from ..support.dictionaries import write_list

MiB = 1024 * 1024


def suffix(number: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return "".join(letters[(number // 26**i) % 26] for i in range(4))


def costly_words(count: int) -> list[str]:
    """*count* distinct words whose entries ("KEY<TAB>WORD") are 4,080 characters, not
    ASCII, so each is counted as 4 * 4,080 + 64 = 16,384 bytes: 512 of them fill 8 MiB
    exactly. A word is a decomposed e-acute (2 characters, 1 letter of its key), 2,034
    precomposed ones and 4 ASCII letters: 2,040 characters, key 2,039, under 4,096 bytes."""
    return ["e\u0301" + "\u00e9" * 2034 + suffix(n) for n in range(count)]


def ascii_words(count: int) -> list[str]:
    """*count* distinct ASCII words of 2,040 letters: entries of 4,081 characters, counted
    as 4,081 + 64 = 4,145 bytes, so about 2,023 fill 8 MiB."""
    return ["e" * 2036 + suffix(n) for n in range(count)]


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    directory = tmp_path_factory.mktemp("lists")
    return {
        name: write_list(directory / f"{name}.txt", words)
        for name, words in [
            ("511", costly_words(511)),
            ("512", costly_words(512)),
            ("ascii", ascii_words(1024)),
        ]
    }


@pytest.mark.parametrize(
    ("source", "memory", "runs"),
    [
        ("511", MIN_MEMORY, 1),  # 511 entries do not fill 8 MiB: one run, never spilled
        ("512", MIN_MEMORY, 2),  # the 512th fills it: spilled, and an empty run in memory
        ("512", 32 * MiB, 2),  # 32 MiB leaves 32 - 24 = 8 MiB for entries: the same
        ("ascii", MIN_MEMORY, 1),  # ASCII is counted a byte a character: 1,024 fit in one
    ],
)
def test_a_run_is_spilled_when_its_share_of_the_budget_is_full(
    tmp_path, lists, source, memory, runs
):
    output = str(tmp_path / "out.txt")
    report = build([lists[source]], output, memory=memory)
    with open(lists[source], encoding="utf-8") as handle:
        expected = sorted(handle.read().split(), key=lambda word: (word_key(word), word))
    assert (report.runs, report.kept) == (runs, len(expected))
    with open(output, encoding="utf-8") as handle:
        assert handle.read().split() == expected
    assert check_index(output) == []
    assert [name for name in os.listdir(tmp_path) if name.startswith(".")] == []


def test_a_spilled_run_is_a_hidden_temporary_file_of_this_process(
    tmp_path, lists, monkeypatch, capsys
):
    """The crash tests' pause point 'spilled anagramdb-run', reached in process: a writer
    killed there leaves a file that the next build recognises by its name
    (.anagramdb-run.tmp-PID-...) and removes once PID has gone."""
    seen: list[tuple[str, list[str]]] = []

    class Killed(Exception):
        pass

    def killed_while_paused() -> None:
        for name in os.listdir(tmp_path):
            with open(tmp_path / name, encoding="utf-8") as handle:
                seen.append((name, handle.read().split("\n")))
        raise Killed

    monkeypatch.setenv("ANAGRAMDB_PAUSE_AT", "spilled anagramdb-run")
    monkeypatch.setattr("signal.pause", killed_while_paused)
    with pytest.raises(Killed):
        build([lists["512"]], str(tmp_path / "out.txt"), memory=MIN_MEMORY)
    assert capsys.readouterr().err == "anagramdb: paused at spilled anagramdb-run\n"
    [(name, lines)] = seen
    assert name.startswith(f".anagramdb-run.tmp-{os.getpid()}-")
    assert len(lines) == 513 and lines[-1] == ""  # the first full run, sorted, LF-ended
    assert lines[:-1] == sorted(lines[:-1])
    assert os.listdir(tmp_path) == []  # the build stopped: its run removed, nothing written


def test_a_run_that_cannot_be_written_is_one_clear_error(tmp_path, lists, monkeypatch):
    output = str(tmp_path / "out.txt")
    real_mkstemp = tempfile.mkstemp
    created: list[str] = []

    def on_a_full_disk(*args, **kwargs):
        fd, path = real_mkstemp(*args, **kwargs)
        created.append(path)
        os.close(fd)
        return os.open("/dev/full", os.O_WRONLY), path

    monkeypatch.setattr(tempfile, "mkstemp", on_a_full_disk)
    with pytest.raises(StorageError) as caught:
        build([lists["512"]], output, memory=MIN_MEMORY)
    assert str(caught.value) == (
        f"cannot write a temporary file in {tmp_path}: No space left on device"
    )
    assert len(created) == 1 and os.listdir(tmp_path) == []

    def no_room(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", no_room)
    with pytest.raises(StorageError) as caught:
        build([lists["512"]], output, memory=MIN_MEMORY)
    assert str(caught.value) == (
        f"cannot write a temporary file in {tmp_path}: No space left on device"
    )
    assert os.listdir(tmp_path) == []
