"""Dictionary lookups against a brute-force model, and opening odd paths."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.builder import build
from anagramdb.dictionary import REGION_BYTES, RELEASE_BYTES, Dictionary
from anagramdb.errors import (
    BuildRefusedError,
    DictionaryFormatError,
    IndexCorruptError,
    InvalidArgumentError,
    InvalidRackError,
    StorageError,
)
from anagramdb.index_check import check_index
from anagramdb.keys import word_key
from anagramdb.packaged import DATA_DIRECTORY, PACKAGED, PROVENANCE_FILE
from anagramdb.resolve import resolve_path
from anagramdb.stored_keys import save_stored_keys

from ..support.dictionaries import anagram_model, make_dictionary, write_list
from ..support.measure import mapped_rss, needs_smaps_and_madvise

# Few letters, so that anagram groups are large and runs of one key cross block boundaries.
words_strategy = st.lists(st.text(alphabet="aabcÉé", min_size=1, max_size=5), max_size=250)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    words=words_strategy,
    block_size=st.integers(1, 70),
    probes=st.lists(st.text(alphabet="abcdé", min_size=1, max_size=5), max_size=10),
)
def test_lookups_match_the_model(tmp_path_factory, words, block_size, probes):
    directory = tmp_path_factory.mktemp("prop")
    source = write_list(directory / "in.txt", words) if words else str(directory / "in.txt")
    if not words:
        open(source, "w").close()
    output = str(directory / "words.txt")
    model = anagram_model([w for w in words if w == w.lower()])
    if not model:
        with pytest.raises(BuildRefusedError, match="no words"):
            build([source], output, block_size=block_size)
        return
    build([source], output, block_size=block_size)
    assert check_index(output) == []
    with Dictionary(output) as dictionary:
        assert dictionary.index.block_size == block_size
        for key, expected in model.items():
            assert dictionary.words_with_key(key) == expected
        for probe in probes:
            assert dictionary.anagrams(probe) == model.get(word_key(probe), [])
        assert list(dictionary) == [w for k in sorted(model) for w in model[k]]


def test_a_group_spanning_many_blocks(tmp_path):
    group = ["".join(p) for p in __import__("itertools").permutations("abcde")]
    path = make_dictionary(tmp_path, ["a", "b", *group, "zz"], block_size=3)
    with Dictionary(path) as dictionary:
        assert dictionary.anagrams("edcba") == sorted(group)
        assert dictionary.anagrams("a") == ["a"] and dictionary.anagrams("zz") == ["zz"]
        assert dictionary.anagrams("aa") == [] and dictionary.anagrams("zzz") == []


@pytest.mark.parametrize("block_size", [1, 2, 64])
def test_many_index_entries_use_the_summary(tmp_path, block_size):
    words = [f"{a}{b}{c}" for a in "abcdefghij" for b in "klmnopqrst" for c in "uvwxyzabcd"]
    path = make_dictionary(tmp_path, words, block_size=block_size)
    model = anagram_model(words)
    with Dictionary(path) as dictionary:
        assert dictionary.block_count == -(-len(set(words)) // block_size)
        for key, expected in model.items():
            assert dictionary.words_with_key(key) == expected
        for missing in ("a", "zzzz", "aaab", "kkk", "ddd"):
            assert dictionary.words_with_key(missing) == model.get(missing, [])


def test_anagrams_fold_case_and_accents(sample_dictionary):
    with Dictionary(sample_dictionary) as dictionary:
        assert dictionary.anagrams("SiLeNt") == ["enlist", "inlets", "listen", "silent", "tinsel"]
        assert dictionary.anagrams("ÉCAF") == ["café", "face"]


def test_bad_letters(sample_dictionary):
    with Dictionary(sample_dictionary) as dictionary:
        with pytest.raises(InvalidRackError, match="'4'"):
            dictionary.anagrams("t4n")
        with pytest.raises(InvalidRackError):
            dictionary.anagrams("")


def test_closed_dictionary(sample_dictionary):
    dictionary = Dictionary(sample_dictionary)
    dictionary.close()
    dictionary.close()
    with pytest.raises(StorageError, match="closed"):
        dictionary.anagrams("stone")


def test_info(sample_dictionary):
    with Dictionary(sample_dictionary) as dictionary:
        info = dictionary.info()
    assert info == {
        "path": sample_dictionary,
        "index_path": sample_dictionary + ".idx",
        "words": 14,
        "bytes": os.path.getsize(sample_dictionary),
        "index_entries": 1,
        "block_size": 64,
        "provenance": None,
    }


def test_default_and_named_dictionaries(monkeypatch, tmp_path):
    monkeypatch.delenv("ANAGRAMDB_DICT", raising=False)
    monkeypatch.chdir(tmp_path)
    assert resolve_path() == os.path.join(DATA_DIRECTORY, "words.txt")
    assert resolve_path("common") == os.path.join(DATA_DIRECTORY, "common.txt")
    monkeypatch.setenv("ANAGRAMDB_DICT", "mine.txt")
    assert resolve_path() == "mine.txt"
    assert resolve_path("other.txt") == "other.txt"


def test_packaged_names_are_never_shadowed_by_local_files(monkeypatch, tmp_path):
    monkeypatch.delenv("ANAGRAMDB_DICT", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "full").write_text("zzz\n")
    (tmp_path / "common").mkdir()
    assert resolve_path() == os.path.join(DATA_DIRECTORY, "words.txt")
    assert resolve_path("full") == os.path.join(DATA_DIRECTORY, "words.txt")
    assert resolve_path("common") == os.path.join(DATA_DIRECTORY, "common.txt")
    assert resolve_path("huge") == os.path.join(DATA_DIRECTORY, "huge.txt")
    assert resolve_path("./full") == "./full"
    monkeypatch.setenv("ANAGRAMDB_DICT", "full")
    assert resolve_path() == os.path.join(DATA_DIRECTORY, "words.txt")
    with Dictionary() as packaged:
        assert "silent" in packaged.anagrams("listen")


def test_packaged_dictionaries_are_sound():
    with open(os.path.join(DATA_DIRECTORY, PROVENANCE_FILE), encoding="utf-8") as handle:
        provenance = json.load(handle)
    assert sorted(provenance["dictionaries"]) == sorted(PACKAGED)
    sizes = {}
    for name, file in PACKAGED.items():
        assert check_index(os.path.join(DATA_DIRECTORY, file)) == []
        with Dictionary(name) as dictionary:
            record = provenance["dictionaries"][name]
            assert record["file"] == file and dictionary.word_count == record["words"]
            assert "silent" in dictionary.anagrams("listen")
            shown = dictionary.info()["provenance"]
            assert (
                shown["name"] == name
                and shown["words"] == record["words"]
                and shown["max_size"] == record["max_size"]
            )
            assert shown["source"] == f"scowl {provenance['source']['version']}"
            sizes[name] = dictionary.word_count
    assert 50_000 < sizes["common"] < sizes["full"] < sizes["huge"]


def test_threads_share_a_dictionary(tmp_path):
    words = [f"{a}{b}{c}" for a in "abcdef" for b in "ghijkl" for c in "mnopqr"]
    path = make_dictionary(tmp_path, words, block_size=5)
    model = anagram_model(words)
    errors: list[BaseException] = []

    def work(dictionary: Dictionary) -> None:
        try:
            for _ in range(20):
                for key, expected in model.items():
                    assert dictionary.words_with_key(key) == expected
        except BaseException as exc:  # collected for the main thread
            errors.append(exc)

    with Dictionary(path) as dictionary:
        threads = [threading.Thread(target=work, args=(dictionary,)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []


# private: the next look is set due by hand, so nothing waits
def test_replaced_dictionary_answers_from_its_mapping_until_it_looks_again(tmp_path, monkeypatch):
    """A rebuild while a reader holds the file: the old mapping answers (whole: the old
    file is unlinked, not rewritten) until the reader next looks at the path (at most
    mapped.RECHECK_NS later), then the new file does."""
    from anagramdb import mapped

    monkeypatch.setattr(mapped, "RECHECK_NS", 10**15)
    path = make_dictionary(tmp_path, ["cat", "dog"])
    with Dictionary(path) as old:
        new_source = write_list(tmp_path / "new.list", ["cow", "pig"])
        build([new_source], path)
        assert old.anagrams("tac") == ["cat"]
        with Dictionary(path) as new:
            assert new.anagrams("tac") == [] and new.anagrams("woc") == ["cow"]
        old._opened.due = 0  # the interval is over
        assert old.anagrams("tac") == [] and old.anagrams("woc") == ["cow"]


# ---- the single pass against lookups, on a dictionary of several scan chunks ---------------


@pytest.mark.parametrize("chunk", [None, 40_000])
def test_scan_and_lookup_agree_on_the_full_dictionary(monkeypatch, chunk):
    import re

    from anagramdb import mapped_dictionary as dictionary_module

    if chunk:
        monkeypatch.setattr(dictionary_module, "SCAN_CHUNK", chunk)
    with Dictionary() as dictionary:
        assert (
            dictionary.size > dictionary_module.SCAN_CHUNK
        )  # more than one chunk, cut at block starts
        every = list(dictionary)
        scanned = list(dictionary.scan(re.compile(rb"^.+$", re.MULTILINE)))
        assert scanned == every and len(set(scanned)) == len(scanned) == dictionary.word_count
        nines = list(dictionary.scan(re.compile(rb"^[a-z]{9}$", re.MULTILINE)))
        assert nines == [
            word
            for word in every
            if len(word) == 9 and word.isascii() and word.isalpha() and word.islower()
        ]
        assert list(dictionary.scan(re.compile(rb"^\d+$", re.MULTILINE))) == []
        # Lookups find every word of a sample, in its anagram group, in file order.
        for word in every[:: max(1, len(every) // 500)]:
            group = dictionary.words_with_key(word_key(word))
            assert word in group and group == sorted(group)


def test_the_block_cache_keeps_blocks_from_their_second_touch_within_its_budget(tmp_path):
    words = [f"{a}{b}{c}" for a in "bcdfg" for b in "aeiou" for c in "lmnrst"]
    path = make_dictionary(tmp_path, words, block_size=2)
    keys = sorted(word_key(word) for word in words)
    budget = 8192
    with Dictionary(path, cache_bytes=budget) as dictionary:
        assert dictionary.block_count == 75

        def blocks_bytes() -> int:  # the cache's bytes less the index stretches' and counters'
            return dictionary.cache_bytes - dictionary.index.stretch_bytes - counters

        counters = dictionary.cache_bytes  # what its counters cost, before any lookup
        model = anagram_model(words)
        expected = [(key, model[key]) for key in keys[:80]]
        assert list(dictionary.find_keys(keys[:80])) == expected
        assert blocks_bytes() == 0  # a first touch is for one walk only
        assert list(dictionary.find_keys(keys[:80])) == expected
        assert 0 < blocks_bytes() and dictionary.cache_bytes <= budget
        for _ in range(3):  # every block, touched again and again: the budget bounds it
            assert len(list(dictionary.find_keys(keys))) == 150
            assert dictionary.cache_bytes <= budget
    with Dictionary(path, cache_bytes=0) as dictionary:
        for _ in range(3):
            assert len(list(dictionary.find_keys(keys))) == 150
        assert dictionary.cache_bytes == 0
        memo: dict = {}  # a caller's own memo keeps what the walk reached, cache or not
        assert list(dictionary.find_keys(keys[:3], memo)) == expected[:3]
        reached = dict(memo)
        assert reached and list(dictionary.find_keys(keys[:3], memo)) == expected[:3]
        assert all(memo[number] is block for number, block in reached.items())


def test_bad_cache_size(sample_dictionary, monkeypatch):
    with pytest.raises(
        InvalidArgumentError, match=r"^the cache budget must be 0 or more bytes, not -1$"
    ):
        Dictionary(sample_dictionary, cache_bytes=-1)
    monkeypatch.setenv("ANAGRAMDB_CACHE", "lots")
    with pytest.raises(
        InvalidArgumentError,
        match=r"^ANAGRAMDB_CACHE 'lots' is not a size like 4M or 512K \(at most 18 digits\)$",
    ):
        Dictionary(sample_dictionary)
    monkeypatch.setenv("ANAGRAMDB_CACHE", "64K")
    with Dictionary(sample_dictionary) as dictionary:
        # private: how the budget is split between blocks and stretches is not public
        assert dictionary._opened._cache.budget + dictionary.index.stretch_budget == 65536


def test_path_like_and_packaged_names(tmp_path, monkeypatch):
    import pathlib

    path = make_dictionary(tmp_path, ["listen", "silent"])
    with Dictionary(pathlib.Path(path)) as dictionary:
        assert dictionary.path == path and dictionary.anagrams("enlist") == ["listen", "silent"]
    monkeypatch.chdir(tmp_path)
    os.rename(path, tmp_path / "common")
    os.rename(path + ".idx", tmp_path / "common.idx")
    assert resolve_path("common") == os.path.join(
        DATA_DIRECTORY, "common.txt"
    )  # a name means the packaged file
    assert resolve_path(pathlib.Path("common")) == "common"  # a path is a path
    with Dictionary(pathlib.Path("common")) as dictionary:
        assert dictionary.word_count == 2


def test_a_block_offset_off_a_line_start_is_caught_at_lookup(tmp_path):
    """An index whose checksum is right but whose offsets are not (a writer's bug): the
    block read refuses it rather than returning pieces of words."""
    import struct
    import zlib

    from anagramdb.index import CRC_FIELD, HEADER

    words = [f"{a}{b}" for a in "bcdfg" for b in "aeiou"]
    path = make_dictionary(tmp_path, words, block_size=4)
    data = bytearray(Path(path + ".idx").read_bytes())
    # (entry, shift, the block found broken): off a line start, or ending before it starts.
    for entry, shift, broken in ((2, 1, 2), (3, -5, 3), (3, -13, 2)):
        damaged = bytearray(data)
        offset = struct.unpack_from("<Q", damaged, HEADER.size + 8 * entry)[0]
        struct.pack_into("<Q", damaged, HEADER.size + 8 * entry, offset + shift)
        struct.pack_into(
            "<I",
            damaged,
            CRC_FIELD,
            zlib.crc32(bytes(damaged[HEADER.size :]), zlib.crc32(bytes(damaged[:CRC_FIELD]))),
        )
        with open(path + ".idx", "wb") as handle:
            handle.write(bytes(damaged))
        with Dictionary(path) as dictionary:
            assert dictionary.block(0) == sorted(words, key=word_key)[:4]
            with pytest.raises(
                IndexCorruptError, match=rf"block {broken} offset \d+ is not on a line start"
            ):
                dictionary.block(broken)


def test_an_empty_dictionary_finds_nothing(tmp_path):
    import re

    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    with Dictionary(path) as dictionary:
        assert dictionary.word_count == dictionary.block_count == 0
        assert list(dictionary.find_keys(["a", "b"])) == [] and dictionary.anagrams("a") == []
        assert (
            list(dictionary.scan(re.compile(rb"^.*$", re.MULTILINE))) == []
            and list(dictionary) == []
        )


def test_find_keys_in_any_order(tmp_path):
    """Ascending keys walk the file front to back; any other order still finds everything."""
    import random

    words = [f"{a}{b}{c}" for a in "bcdfg" for b in "aeiou" for c in "lmnrst"]
    path = make_dictionary(tmp_path, words, block_size=3)
    model = anagram_model(words)
    keys = [*sorted(model), "aaa", "zzzz"]
    with Dictionary(path) as dictionary:
        assert dict(dictionary.find_keys(keys)) == model
        for order in (keys[::-1], random.Random(2).sample(keys, len(keys))):
            assert dict(dictionary.find_keys(order)) == model
            assert [key for key, _ in dictionary.find_keys(order)] == [
                key for key in order if key in model
            ]


def test_lookups_never_read_past_the_last_block(tmp_path):
    words = [f"{a}{b}" for a in "bcdfg" for b in "aeiou"] + ["zz"]
    path = make_dictionary(tmp_path, words, block_size=2)
    with Dictionary(path) as dictionary:
        memo: dict = {}
        assert list(dictionary.find_keys(["zz", "zzz"], memo)) == [("zz", ["zz"])]
        assert memo and max(memo) == dictionary.block_count - 1  # the blocks decoded, by number


def test_a_dictionary_damaged_in_place_is_refused_at_lookup(tmp_path):
    path = make_dictionary(tmp_path, ["act", "cat", "dog", "god"])
    status = os.stat(path)
    data = bytearray(Path(path).read_bytes())
    data[data.index(b"dog")] = (
        0xFF  # same size, and the mtime is put back: the index still looks fresh
    )
    with open(path, "wb") as handle:
        handle.write(bytes(data))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    with Dictionary(path) as dictionary, pytest.raises(DictionaryFormatError) as caught:
        dictionary.anagrams("dog")
    assert (
        str(caught.value)
        == f"{path}: invalid UTF-8 near byte 8; the index checker lists every problem of the file"
    )
    assert "--" not in str(caught.value)
    assert any("line 3: not valid UTF-8" in problem for problem in check_index(path))


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    # The dictionary is opened with O_NONBLOCK, so a FIFO is refused at once; a blocking
    # open would wait for a writer (here released after 10 s, and the test fails).
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    errors: list[str] = []

    def open_it() -> None:
        try:
            Dictionary(fifo)
        except StorageError as exc:
            errors.append(str(exc))

    thread = threading.Thread(target=open_it, daemon=True)
    thread.start()
    thread.join(10)
    waited = thread.is_alive()
    if waited:  # a writer lets the blocked open return
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join()
    assert not waited, "opening a FIFO waited for a writer"
    assert errors == [f"cannot open dictionary {fifo}: it is not a regular file"]


@needs_smaps_and_madvise
def test_a_walk_over_a_large_dictionary_does_not_keep_its_pages(tmp_path):
    """Walks over a dictionary larger than RELEASE_BYTES release the mapped pages they
    read (the cache keeps keys, not words), so the process's RSS does not grow with it."""
    from itertools import combinations_with_replacement, islice

    # Words whose letters are in order are their own keys: written in order, the file is
    # sorted by key, and its index is built when it is opened. About 6 MB.
    words = ["".join(letters) for letters in islice(
        combinations_with_replacement("abcdefghijklmnopqrstuvwxyz", 40), 150_000
    )]  # fmt: skip
    path = str(tmp_path / "large.txt")
    Path(path).write_text("".join(word + "\n" for word in words), encoding="ascii")
    assert os.path.getsize(path) > 2 * RELEASE_BYTES
    keys = words[::50]  # a key in every block
    missing = [key + "z" for key in keys]  # one in every block too, each after its word
    for stored in (False, True):
        if stored:  # blocks' keys then come from the .keys file: only hits read the map
            Dictionary(path).close()  # its index first
            save_stored_keys(path)
        for cache_bytes in (0, 1 << 20):
            with Dictionary(path, cache_bytes=cache_bytes) as dictionary:
                for _ in range(2):
                    found = [found for _, found in dictionary.find_keys(keys)]
                    assert found == [[k] for k in keys]
                    assert mapped_rss(path) <= RELEASE_BYTES + 4 * REGION_BYTES
                    # A walk that finds nothing still reads a byte before each block.
                    assert list(dictionary.find_keys(missing)) == []
                    assert mapped_rss(path) <= RELEASE_BYTES + 4 * REGION_BYTES


@needs_smaps_and_madvise
def test_release_pages_gives_the_mapped_pages_back_and_lookups_go_on(tmp_path):
    # What a quiet server does (web/workers.py): the pages stay in the page cache, and
    # the next lookup maps them again.
    from itertools import permutations

    words = sorted({"".join(p) for p in permutations("abcdefgh", 6)})[:20_000]
    path = make_dictionary(tmp_path, words)
    with Dictionary(path) as dictionary:
        assert dictionary.anagrams("abcdef") and mapped_rss(path) > 0
        dictionary.release_pages()
        assert mapped_rss(path) == 0
        assert "fedcba" in dictionary.anagrams("abcdef")
    dictionary.release_pages()  # closed: nothing to give back, and no error
