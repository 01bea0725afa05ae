"""Builder behaviour the mutation run found unpinned (issue 19 part 9): progress reports,
the number of sorted runs, and the refusals' defaults."""

from __future__ import annotations

import math
import os

import pytest

from anagramdb.builder import ENTRY_OVERHEAD, MIN_MEMORY, build, require_replaceable
from anagramdb.errors import BuildRefusedError

from .conftest import make_dictionary, write_list


def words(count: int) -> list[str]:
    """*count* distinct six-letter words, ASCII, all kept."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(letters[(n // 26**i) % 26] for i in range(6)) for n in range(count)]


def test_progress_is_reported_every_65536_lines_and_words(tmp_path):
    source = write_list(tmp_path / "in.txt", words(70_000))
    calls: list[tuple[str, int, int]] = []
    report = build([source], str(tmp_path / "out.txt"), progress=lambda *a: calls.append(a))
    assert report.kept == 70_000
    assert calls == [("reading", 65_536, 0), ("writing", 65_536, 70_000)]


def test_runs_count_the_sorted_runs(tmp_path):
    count = 150_000
    source = write_list(tmp_path / "in.txt", words(count))
    report = build([source], str(tmp_path / "out.txt"), memory=MIN_MEMORY)
    # Each entry is "KEY<TAB>WORD": 13 characters, ASCII; a run is spilled when the
    # budget (half the minimum, as run_capacity gives it) is reached.
    per_run = math.ceil((MIN_MEMORY // 2) / (13 + ENTRY_OVERHEAD))
    assert report.runs == math.ceil(count / per_run) >= 2
    small = build([write_list(tmp_path / "few.txt", ["cat"])], str(tmp_path / "few.out"))
    assert small.runs == 1


def test_refusal_is_the_default(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("Shopping list\n")
    with pytest.raises(BuildRefusedError):
        require_replaceable(str(notes))
    require_replaceable(str(notes), force=True)


def test_a_stale_index_of_the_same_size_does_not_vouch_for_a_changed_file(tmp_path):
    path = make_dictionary(tmp_path, ["act", "cat", "dog"])
    status = os.stat(path)
    with open(path, "wb") as handle:
        handle.write(b"My notes!!!\n")  # as long as "act\ncat\ndog\n"
    assert os.stat(path).st_size == status.st_size
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 10**9))
    source = write_list(tmp_path / "in.txt", ["god"])
    with pytest.raises(BuildRefusedError, match="is not an anagramdb dictionary"):
        build([source], path)
    with open(path, "rb") as handle:
        assert handle.read() == b"My notes!!!\n"
