"""Builder behaviour the mutation run found unpinned (issue 19 part 9): progress reports,
the number of sorted runs, and the refusals' defaults."""

from __future__ import annotations

import math
import os

import pytest

from anagramdb.builder import (
    ENTRY_OVERHEAD,
    MIN_MEMORY,
    build,
    not_a_dictionary,
    require_replaceable,
    write_keyed,
)
from anagramdb.errors import AnagramDBError, BuildRefusedError, StorageError
from anagramdb.index_check import check_index
from anagramdb.kinds import KEYED
from anagramdb.wordlist import WordFilter

from ..support.dictionaries import make_dictionary, write_list


def words(count: int) -> list[str]:
    """*count* distinct six-letter words, ASCII, all kept."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(letters[(n // 26**i) % 26] for i in range(6)) for n in range(count)]


def test_progress_is_reported_every_65536_lines_and_words(tmp_path):
    # Two lines skipped and one duplicate: writing's total counts the entries to merge
    # (70,001: duplicates are found while merging), not the lines read (70,003).
    source = write_list(tmp_path / "in.txt", [*words(70_000), "Paris", "it's", "aaaaaa"])
    calls: list[tuple[str, int, int]] = []
    report = build([source], str(tmp_path / "out.txt"), progress=lambda *a: calls.append(a))
    assert (report.lines, report.kept, report.duplicates) == (70_003, 70_000, 1)
    assert calls == [("reading", 65_536, 0), ("writing", 65_536, 70_001)]


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


def test_refusals_name_the_file_and_what_is_wrong_with_it(tmp_path):
    source = write_list(tmp_path / "in.txt", ["god", "dog"])
    notes = tmp_path / "notes.txt"
    notes.write_text("Shopping list\n")
    with pytest.raises(BuildRefusedError) as caught:
        build([source], str(notes))
    assert str(caught.value) == (
        f"{notes} exists and is not an anagramdb dictionary (line 1: 'Shopping list' is not a "
        "word (it contains a space)), so it is not replaced; choose a new output file"
    )
    output = tmp_path / "out.txt"
    (tmp_path / "out.txt.idx").write_text("my own index\n")
    with pytest.raises(BuildRefusedError) as caught:
        build([source], str(output))
    assert str(caught.value) == (
        f"{output}.idx exists and is not an anagramdb index (it does not start with the index "
        "magic), so it is not replaced; choose a new output file"
    )
    assert not output.exists() and notes.read_text() == "Shopping list\n"
    for forced in (notes, output):  # --force replaces the file and the index beside it
        report = build([source], str(forced), force=True)
        assert (report.output, report.index_path) == (str(forced), f"{forced}.idx")
        assert forced.read_text() == "dog\ngod\n" and check_index(str(forced)) == []


def test_a_matching_index_vouches_for_its_dictionary_without_reading_it(tmp_path):
    """not_a_dictionary trusts an index written for exactly this file (magic, kind, size
    and mtime): a constant-time answer for a large dictionary. Anything else is checked
    line by line."""
    path = make_dictionary(tmp_path, ["act", "cat", "dog"])
    status = os.stat(path)
    with open(path, "wb") as handle:
        handle.write(b"dog\ncat\nact\n")  # the same size, out of order
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert not_a_dictionary(path) is None
    index = path + ".idx"
    with open(index, "r+b") as handle:
        handle.write(b"X")  # not the magic: the index vouches for nothing
    assert not_a_dictionary(path) == (
        "line 2: 'cat' (key 'act') is out of order after 'dog' (key 'dgo')"
    )
    keyed = str(tmp_path / "keyed.txt")
    write_keyed(keyed, ["a\tb", "c\td"], kind=KEYED)  # an index of another kind
    assert not_a_dictionary(keyed) == "line 1: 'a\\tb' is not a word (it contains U+0009)"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", None),
        (b"act\ncat\n", None),  # a dictionary without its index
        (b"cat\nact\n", "line 2: 'act' (key 'act') is out of order after 'cat' (key 'act')"),
        (b"a" * 5000, "line 1 is longer than 4,096 bytes (the most a line of input may hold)"),
    ],
    ids=["empty", "sorted", "unsorted", "one-long-line"],
)
def test_what_is_not_a_dictionary(tmp_path, content, problem):
    path = tmp_path / "file.txt"
    path.write_bytes(content)
    assert not_a_dictionary(str(path)) == problem


def test_a_directory_cannot_be_read_as_a_dictionary(tmp_path):
    with pytest.raises(StorageError) as caught:
        not_a_dictionary(str(tmp_path))
    assert str(caught.value) == f"cannot read {tmp_path}: Is a directory"


def test_include_lists_pass_every_filter_and_exclusions_only_the_kept(tmp_path):
    source = write_list(tmp_path / "in.txt", ["Paris", "cat", "dog", "it's", "ox", "tiger"])
    include = write_list(tmp_path / "include.txt", ["Ox", "a", "x-ray"])
    output = str(tmp_path / "out.txt")
    report = build(
        [source],
        output,
        word_filter=WordFilter(min_length=3),
        exclude=frozenset({"dog", "paris"}),
        include=[include],
    )
    with open(output, encoding="utf-8") as handle:
        assert handle.read().split() == ["a", "cat", "tiger", "Ox"]  # keys a, act, egirt, ox
    assert (report.lines, report.kept, report.included) == (9, 4, 2)
    assert report.skipped == {"capitalised": 1, "excluded": 1, "not letters": 2, "too short": 1}
    assert report.summary() == (
        "read 9 lines: kept 4 words (2 words from include lists); skipped 1 capitalised, "
        "1 excluded, 2 not letters, 1 too short"
    )
    plain = build([write_list(tmp_path / "plain.txt", ["cat"])], str(tmp_path / "plain.out"))
    assert plain.summary() == "read 1 lines: kept 1 words"


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        pass
    return False


def test_leftover_runs_of_dead_processes_are_removed(tmp_path):
    dead = next(pid for pid in range(4_194_000, 4_194_300) if gone(pid))
    leftover = tmp_path / f".anagramdb-run.tmp-{dead}-abcd1234"
    live = tmp_path / f".anagramdb-run.tmp-{os.getpid()}-abcd1234"  # a build running now
    leftover.write_text("aet\ttea\n")
    live.write_text("aet\ttea\n")
    build([write_list(tmp_path / "in.txt", ["cat"])], str(tmp_path / "out.txt"))
    assert not leftover.exists() and live.exists()


def test_the_memory_budget_has_a_floor_said_in_mebibytes(tmp_path):
    source = write_list(tmp_path / "in.txt", ["cat"])
    with pytest.raises(AnagramDBError) as caught:
        build([source], str(tmp_path / "out.txt"), memory=MIN_MEMORY - 1)
    assert str(caught.value) == (
        f"memory budget {MIN_MEMORY - 1} bytes is below the minimum of 16 MiB"
    )
    assert build([source], str(tmp_path / "out.txt"), memory=MIN_MEMORY).kept == 1


def test_the_format_and_encoding_reach_every_list(tmp_path):
    source = tmp_path / "latin1.txt"
    source.write_bytes("abandon\n7ed\ncaf\xe9\n".encode("latin-1"))
    include = tmp_path / "include.txt"
    include.write_bytes("na\xefve\n".encode("latin-1"))
    output = tmp_path / "out.txt"
    report = build(
        [str(source)], str(output), fmt="prefix", encoding="latin-1", include=[str(include)]
    )
    assert output.read_text(encoding="utf-8").split() == [
        "abandoned", "abandon", "café", "naïve"  # keys aabddenno, aabdnno, acef, aeinv
    ]  # fmt: skip
    assert (report.lines, report.kept, report.included) == (4, 4, 1)
