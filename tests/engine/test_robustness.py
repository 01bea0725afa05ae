"""Concurrency, corruption and hostile input: every case ends in a right answer or a clean
AnagramDBError, quickly."""

from __future__ import annotations

import gzip
import multiprocessing
import os
import re
import struct
import subprocess
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.builder import build
from anagramdb.countdown.conundrum import solve_conundrum
from anagramdb.countdown.letters import MAX_LOOKUP_KEYS, solve_letters
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.phrases import MAX_LETTERS, phrases
from anagramdb.dictionary import Dictionary
from anagramdb.errors import AnagramDBError, IndexCorruptError, InputTooLongError, StorageError
from anagramdb.index import read_index
from anagramdb.index_build import not_an_index, save_index
from anagramdb.index_check import check_index
from anagramdb.keys import letters_key, word_key

from ..support.dictionaries import anagram_model, make_dictionary, write_list

WORDS = [f"{a}{b}{c}{d}" for a in "abcdefg" for b in "hijklmn" for c in "opqrstu" for d in "aeiou"]


# ---- concurrency -------------------------------------------------------------------------


def _rebuilder(path: str, rounds: int, errors) -> None:  # type: ignore[no-untyped-def]
    try:
        for _ in range(rounds):
            try:
                os.unlink(path + ".idx")
            except FileNotFoundError:
                pass
            Dictionary(path).close()  # finds no index and rebuilds it
            save_index(path)
    except BaseException as exc:  # reported to the parent
        errors.put(f"rebuilder: {exc!r}")


def _reader(path: str, rounds: int, errors) -> None:  # type: ignore[no-untyped-def]
    model = anagram_model(WORDS)
    keys = sorted(model)
    try:
        for round_no in range(rounds):
            with Dictionary(path) as dictionary:
                for key in keys[round_no % 7 :: 37]:
                    found = dictionary.words_with_key(key)
                    if found != model[key]:
                        errors.put(f"reader: {key}: {found} != {model[key]}")
    except BaseException as exc:
        errors.put(f"reader: {exc!r}")


def test_processes_rebuilding_while_others_read(tmp_path):
    path = make_dictionary(tmp_path, WORDS, block_size=8)
    # Never a fork of pytest's process, which may run other threads (Python 3.12 warns).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    errors = context.Queue()
    workers = [context.Process(target=_rebuilder, args=(path, 15, errors)) for _ in range(3)]
    workers += [context.Process(target=_reader, args=(path, 40, errors)) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    problems = []
    while not errors.empty():
        problems.append(errors.get())
    assert problems == []
    assert check_index(path) == []
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".")]


# ---- corruption ----------------------------------------------------------------------------


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_damaged_index_is_detected_and_rebuilt(tmp_path_factory, data):
    directory = tmp_path_factory.mktemp("damage")
    path = make_dictionary(directory, WORDS[:300], block_size=4)
    good = Path(path + ".idx").read_bytes()
    kind = data.draw(st.sampled_from(["flip", "truncate", "append", "overwrite"]))
    if kind == "flip":
        position = data.draw(st.integers(0, len(good) - 1))
        damaged = (
            good[:position]
            + bytes([good[position] ^ data.draw(st.integers(1, 255))])
            + good[position + 1 :]
        )
    elif kind == "truncate":
        damaged = good[: data.draw(st.integers(0, len(good) - 1))]
    elif kind == "append":
        damaged = good + data.draw(st.binary(min_size=1, max_size=64))
    else:
        start = data.draw(st.integers(0, len(good) - 1))
        patch = data.draw(st.binary(min_size=1, max_size=16))
        damaged = (good[:start] + patch + good[start + len(patch) :])[: len(good)]
        if damaged == good:
            return
    Path(path + ".idx").write_bytes(damaged)
    with pytest.raises(IndexCorruptError):
        read_index(path + ".idx")
    assert check_index(path) != []
    model = anagram_model(WORDS[:300])
    ours = not_an_index(path + ".idx") is None  # else kept: perhaps the user's own file
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with Dictionary(path) as dictionary:
            for key in list(model)[::7]:
                assert dictionary.words_with_key(key) == model[key]
    if ours:
        assert check_index(path) == []
    else:
        assert "using an in-memory index" in str(caught[-1].message)
        assert Path(path + ".idx").read_bytes() == damaged


def test_index_with_valid_checksum_but_wrong_offsets_is_caught(tmp_path):
    import zlib

    from anagramdb.index import CRC_FIELD, HEADER

    path = make_dictionary(tmp_path, WORDS[:200], block_size=4)
    data = bytearray(Path(path + ".idx").read_bytes())
    struct.pack_into(
        "<Q", data, HEADER.size + 8 * 3, struct.unpack_from("<Q", data, HEADER.size + 8 * 3)[0] + 1
    )
    crc = zlib.crc32(bytes(data[HEADER.size :]), zlib.crc32(bytes(data[:CRC_FIELD])))
    struct.pack_into("<I", data, CRC_FIELD, crc)
    Path(path + ".idx").write_bytes(bytes(data))
    assert any("entry 3: offset" in problem for problem in check_index(path))
    with (
        Dictionary(path) as dictionary,
        pytest.raises(IndexCorruptError, match="not on a line start"),
    ):
        for key in sorted(anagram_model(WORDS[:200])):
            dictionary.words_with_key(key)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_damaged_dictionary_is_refused_with_a_line_number(tmp_path_factory, data):
    directory = tmp_path_factory.mktemp("dictdamage")
    path = make_dictionary(directory, WORDS[:120], block_size=4)
    content = Path(path).read_bytes()
    position = data.draw(st.integers(0, len(content) - 1))
    damaged = (
        content[:position] + data.draw(st.binary(min_size=1, max_size=3)) + content[position + 1 :]
    )
    Path(path).write_bytes(damaged)
    problems = check_index(path)
    try:
        Dictionary(path).close()
    except AnagramDBError as exc:
        # The line the error names is one the checker names too (the checker also reports
        # the stale index, so a non-empty list alone would prove nothing).
        line = re.search(r": line (\d+): ", str(exc))
        assert line, exc
        assert any(f"{path}: line {line[1]}: " in problem for problem in problems), (
            str(exc),
            problems,
        )
    else:
        # Still a valid dictionary (a letter swapped for another, in order): fully usable.
        assert check_index(path) == []


# ---- hostile and odd input -----------------------------------------------------------------


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    content=st.binary(max_size=3000),
    compress=st.booleans(),
    fmt=st.sampled_from(["auto", "plain", "prefix"]),
)
def test_word_lists_of_random_bytes(tmp_path_factory, content, compress, fmt):
    directory = tmp_path_factory.mktemp("fuzz")
    source = directory / "in.dat"
    source.write_bytes(gzip.compress(content) if compress else content)
    output = str(directory / "out.txt")
    try:
        report = build([str(source)], output, fmt=fmt)
    except AnagramDBError:
        assert not os.path.exists(output)
        return
    with Dictionary(output) as dictionary:
        assert report.kept == dictionary.word_count
    assert check_index(output) == []


def test_huge_line_nul_bytes_and_invalid_utf8(tmp_path):
    source = tmp_path / "odd.txt"
    source.write_bytes(b"ok\n" + b"a" * 4095 + b"\nnul\x00byte\nfine\n")
    report = build([str(source)], str(tmp_path / "out.txt"))
    assert report.kept == 3 and report.skipped == {"not letters": 1}
    source.write_bytes(b"ok\n" + b"a" * 2_000_000 + b"\nfine\n")  # read in 4 KiB, refused
    with pytest.raises(InputTooLongError, match=r"odd.txt: line 2 is longer than 4,096 bytes"):
        build([str(source)], str(tmp_path / "out.txt"), force=True)
    truncated = tmp_path / "cut.gz"
    truncated.write_bytes(gzip.compress(b"word\n" * 1000)[:40])
    with pytest.raises(AnagramDBError, match="truncated"):
        build([str(truncated)], str(tmp_path / "out2.txt"))


class CountingDictionary:
    """A Dictionary that counts the work a solver asks of it: keys looked up and passes."""

    def __init__(self, dictionary: Dictionary) -> None:
        self.dictionary, self.keys, self.passes = dictionary, 0, 0
        self.word_count = dictionary.word_count

    def find_keys(self, keys, memo=None):
        for key in keys:
            self.keys += 1
            yield from self.dictionary.find_keys((key,), memo)

    def scan(self, pattern):
        self.passes += 1
        return self.dictionary.scan(pattern)


@settings(max_examples=200, deadline=None)
@given(rack=st.text(max_size=60))
def test_any_rack(full, rack):
    """Any text is answered or refused with an AnagramDBError, and the work is bounded
    (not the time, which depends on the machine): at most MAX_LOOKUP_KEYS lookups, or
    one pass over the dictionary."""
    counting = CountingDictionary(full)
    try:
        words = solve_letters(counting, rack)  # type: ignore[arg-type]
    except AnagramDBError:
        assert counting.keys == counting.passes == 0
        return
    assert (
        counting.keys <= MAX_LOOKUP_KEYS
        and counting.passes <= 1
        and not (counting.keys and counting.passes)
    )
    assert all(word.length >= 3 for word in words)
    assert words == solve_letters(full, rack)


# Any text, or short runs of common letters (and spaces), which often make phrases.
ANY_LETTERS = st.one_of(
    st.text(max_size=45), st.text(alphabet="aeiourstlnd ", min_size=4, max_size=10)
)


@settings(max_examples=100, deadline=None)
@given(letters=ANY_LETTERS)
def test_any_phrase_or_conundrum(full, letters):
    """Any text: refused with an AnagramDBError, or answered with phrases and words that
    really are anagrams of it."""
    try:
        key = letters_key(letters.replace(" ", ""))
    except AnagramDBError:
        key = None
    try:
        found = phrases(full, letters, limit=20)
    except AnagramDBError:
        assert key is None or len(key) > MAX_LETTERS
    else:
        assert key is not None and len(found) <= 20
        for phrase in found:
            assert word_key("".join(phrase)) == key and list(phrase) == sorted(phrase)
    try:
        solution = solve_conundrum(full, letters)
    except AnagramDBError:
        assert letters_key_or_none(letters) is None
    else:
        assert all(word_key(word) == letters_key(letters) for word in solution.words)
        assert solution.unique == (len(solution.words) == 1)


def test_the_phrase_property_is_not_vacuous(full):
    """On text drawn as above, phrases are found for some and some is refused: the
    property does not pass by refusing everything."""
    found: list[bool] = []

    @settings(max_examples=100, derandomize=True, database=None, deadline=None)
    @given(letters=ANY_LETTERS)
    def outcome(letters: str) -> None:
        try:
            found.append(bool(phrases(full, letters, limit=20)))
        except AnagramDBError:
            found.append(False)

    outcome()
    assert found.count(True) >= 10 and found.count(False) >= 10, found.count(True)


def letters_key_or_none(letters: str) -> str | None:
    try:
        return letters_key(letters)
    except AnagramDBError:
        return None


def test_very_long_racks_are_answered(full):
    """A 1,200-letter rack takes one pass over the dictionary, not 2**n lookups."""
    counting = CountingDictionary(full)
    assert solve_letters(counting, "etaoinshrdlu" * 100)[0].length >= 15  # type: ignore[arg-type]
    assert counting.passes == 1 and counting.keys == 0


@settings(max_examples=200, deadline=None)
@given(
    numbers=st.lists(
        st.one_of(
            st.integers(-5, 120),
            st.integers(10**6, 10**12),
            st.text(max_size=3),
            st.floats(allow_nan=True),
        ),
        max_size=9,
    ),
    target=st.one_of(st.integers(-10, 10**6), st.text(max_size=3)),
)
def test_any_numbers_input(numbers, target):
    try:
        answer = solve(numbers, target)  # type: ignore[arg-type]
    except AnagramDBError:
        return
    assert answer.solutions and answer.value >= 1


@pytest.mark.parametrize("kind", ["directory", "fifo", "loop", "missing"])
def test_odd_paths_for_every_reader(tmp_path, kind):
    path = tmp_path / "thing"
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        os.symlink(tmp_path / "other", path)
        os.symlink(path, tmp_path / "other")
    for call in (lambda: Dictionary(str(path)), lambda: check_index(str(path))):
        with pytest.raises(StorageError, match=f"cannot open dictionary {path}"):
            call()
    if (
        kind != "fifo"
    ):  # a FIFO is a fine word list (``build <(zcat list.gz)``): reading it waits for a writer
        with pytest.raises(AnagramDBError):
            build([str(path)], str(tmp_path / "out.txt"))


def test_word_list_from_a_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"printf 'tac\\ncat\\n' > {fifo}"])
    report = build([str(fifo)], str(tmp_path / "out.txt"))
    writer.wait(timeout=10)
    assert report.kept == 2


def test_word_list_given_as_the_output_directory(tmp_path):
    source = write_list(tmp_path / "in.txt", ["a"])
    with pytest.raises(AnagramDBError, match="Is a directory"):
        build([source], str(tmp_path))
