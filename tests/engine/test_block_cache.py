"""The ways a block is searched (lazy bisection, keyed blocks with and without their key
table, stored keys) and the cache bounded in bytes give the same answers as a brute-force
model, in any order and under any eviction; the cache keeps to its budget and does not
thrash on walks larger than itself."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.block_cache import BlockCache, KeyedBlock, block_keys, parse_size
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidArgumentError
from anagramdb.keys import word_key
from anagramdb.stored_keys import save_stored_keys

from ..support.dictionaries import anagram_model, make_dictionary

# Few letters, so that anagram groups are large and runs of one key cross block boundaries.
words_strategy = st.lists(
    st.text(alphabet="aabcé", min_size=1, max_size=5), min_size=1, max_size=200, unique=True
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    words=words_strategy,
    block_size=st.integers(1, 9),
    probes=st.lists(st.text(alphabet="abcdé", min_size=1, max_size=5), max_size=20),
    cache=st.sampled_from([0, 1, 2000, 5000, 20000, 1 << 20]),
    seed=st.integers(0, 1000),
    stored=st.booleans(),
)
# private: the cache's own slots and costs, and whether the keys file is in use
def test_find_keys_matches_the_model_cold_warm_and_evicting(
    tmp_path_factory, words, block_size, probes, cache, seed, stored
):
    path = make_dictionary(tmp_path_factory.mktemp("cache"), words, block_size=block_size)
    if stored:
        save_stored_keys(path)
    model = anagram_model(words)
    keys = sorted(set(model) | {word_key(probe) for probe in probes})
    expected = [(key, model[key]) for key in keys if key in model]
    shuffled = keys[:]
    random.Random(seed).shuffle(shuffled)
    with Dictionary(path, cache_bytes=cache) as dictionary:
        assert (dictionary._opened._stored is not None) == stored
        for _ in range(3):  # cold (lazy blocks), then from the cache (keyed, when it has room)
            assert list(dictionary.find_keys(keys)) == expected
            assert sorted(dictionary.find_keys(shuffled)) == expected
            memo: dict = {}
            assert (
                list(dictionary.find_keys(keys, memo)) + list(dictionary.find_keys(keys, memo))
                == expected * 2
            )
        held = dictionary._opened._cache
        assert dictionary.cache_bytes <= cache
        assert sorted(held.slots) == sorted(held.entries) == sorted(held.costs)
        assert held.used == held.fixed + sum(held.costs.values())


# private: the blocks decoded and kept are the cache's policy, which has no public view
def test_a_repeated_walk_larger_than_the_cache_keeps_most_of_the_cache(tmp_path):
    """First-in-first-out (or least recently used) would evict every block just before
    the next walk needs it; admission by popularity keeps what the cache holds."""
    words = [
        f"{a}{b}{c}" for a in "abcdefgh" for b in "ijklmnop" for c in "qrstuvwx"
    ]  # 512 keys, 1 word each
    path = make_dictionary(tmp_path, words, block_size=2)  # 256 blocks
    with Dictionary(path, cache_bytes=64 << 10) as dictionary:
        keys = [word_key(word) for word in sorted(words, key=word_key)]
        decoded = []
        original = dictionary._opened._decode

        def counting(start: int, end: int) -> list[str]:
            decoded.append(start)
            return original(start, end)

        dictionary._opened._decode = counting  # type: ignore[method-assign]
        walks = []
        for _ in range(6):
            decoded.clear()
            assert len(list(dictionary.find_keys(keys))) == 512
            walks.append(len(decoded))
        kept = len(dictionary._opened._cache.entries)
        assert 40 < kept < 256  # the budget holds some of the blocks, not all
        # Walk 1 reads every block once, walk 2 again to key the ones it keeps; from
        # then on only the blocks the cache lacks are read: the cache is not thrown away.
        assert walks[:2] == [256, 256]
        assert all(count == 256 - kept for count in walks[3:])


# private: which blocks the cache holds has no public view
def test_the_cache_forgets_old_popularity_and_takes_new_blocks(tmp_path):
    words = [f"{a}{b}{c}" for a in "abcdefgh" for b in "ijklmnop" for c in "qrstuvwx"]
    path = make_dictionary(tmp_path, words, block_size=2)
    with Dictionary(path, cache_bytes=32 << 10) as dictionary:
        keys = sorted({word_key(word) for word in words})
        low, high = keys[:128], keys[-128:]
        for _ in range(5):
            list(dictionary.find_keys(low))
        cached = set(dictionary._opened._cache.entries)
        assert cached and max(cached) < 64
        for _ in range(60):  # the other end becomes the popular one
            list(dictionary.find_keys(high))
        assert max(dictionary._opened._cache.entries) >= 192


# private: that no block is decoded is seen only by counting the private decoder's calls
def test_stored_keys_serve_walks_without_decoding_words(tmp_path):
    words = [f"{a}{b}{c}" for a in "abcdefgh" for b in "ijklmnop" for c in "qrstuvwx"]
    words += ["café", "face", "straße", "ﬁne", "nife"]  # not aligned: UTF-8 longer than keys
    path = make_dictionary(tmp_path, words, block_size=4)
    save_stored_keys(path)
    model = anagram_model(words)
    keys = sorted(set(model) | {"abc", "zz"})
    with Dictionary(path) as dictionary:
        assert dictionary._opened._stored is not None
        decoded = []
        original = dictionary._opened._decode
        dictionary._opened._decode = lambda a, b: decoded.append(a) or original(a, b)  # type: ignore
        assert list(dictionary.find_keys(keys)) == [(k, model[k]) for k in keys if k in model]
        assert decoded == []  # every key came from the stored records, every word a slice
        assert dictionary.words_with_key(word_key("fine")) == ["nife", "ﬁne"]


def test_threads_sharing_a_dictionary_while_blocks_are_tabulated_and_evicted(tmp_path):
    """The web server's threads share one Dictionary: lazy bisection, tabulation and
    eviction interleave, and every answer must still be the model's. A stress test, not a
    proof: it did not catch a tabulation that emptied the lazy keys under a reader."""
    import sys
    import threading

    words = [f"{a}{b}{c}" for a in "abcdef" for b in "ghijkl" for c in "mnopqr"] + [
        "ab",
        "ba",
        "abc",
        "cab",
        "bca",
    ]
    path = make_dictionary(tmp_path, words, block_size=3)
    model = anagram_model(words)
    keys = sorted(model)
    expected = [(key, model[key]) for key in keys]
    failures: list[str] = []
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        with Dictionary(path, cache_bytes=12000) as dictionary:

            def walk(seed: int) -> None:
                try:
                    for _ in range(60):
                        found = list(dictionary.find_keys(keys))
                        if found != expected:
                            failures.append(f"thread {seed}: {len(found)} keys")
                except Exception as exc:  # a thread's exception would otherwise be lost
                    failures.append(f"thread {seed}: {exc!r}")

            threads = [threading.Thread(target=walk, args=(n,)) for n in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert failures == []


def entry(number: int) -> KeyedBlock:
    """A keyed block of one key, standing for dictionary block *number*."""
    keys, aligned = block_keys([f"word{number:04d}"])
    return KeyedBlock(keys, b"", number, number + 1, aligned)


def test_popularity_is_counted_and_halved_after_age_after_touches():
    cache = BlockCache(1 << 20, blocks=100)
    assert not cache.wanted(5)  # never touched
    assert cache.get(5) is None
    assert not cache.wanted(5)  # touched once: a cold walk does not pay for a key table
    cache.get(5)
    assert cache.wanted(5)  # a block is kept from its second touch
    cache.get(5)
    assert cache.wanted(5)  # touched three times
    for _ in range(cache.age_after - 3):  # exactly age_after touches: nothing fades yet
        cache.get(7)
    assert cache.wanted(5)
    cache.get(7)  # one more: every counter is halved, 3 -> 1
    assert not cache.wanted(5)
    cache.get(5)
    assert cache.wanted(5)
    assert cache.admit(5, entry(5))
    assert cache.get(5) is cache.entries[5]


def test_a_budget_of_1024_bytes_or_more_keeps_blocks():
    """Counters cost a byte a block (at most budget // 16); below 1024 bytes the cache
    keeps nothing, from 1024 on it counts touches and keeps what fits."""
    small, enough = BlockCache(1023, blocks=10), BlockCache(1024, blocks=10)
    for cache in small, enough:
        cache.get(3)
        cache.get(3)
    assert (small.used, small.wanted(3)) == (0, False)
    assert enough.used == enough.fixed > 0 and enough.wanted(3)
    assert enough.admit(3, entry(3)) and enough.used <= 1024


def test_victims_are_spread_over_the_cache():
    """A cache full of equally unpopular blocks takes popular newcomers in place of
    pseudo-random victims: over many admissions most of the first residents go, not the
    same slot again and again (which would evict each newcomer in turn)."""
    sample = entry(0)
    sample.tabulate()  # as admission does
    fixed = BlockCache(4096, blocks=256).fixed  # 256 one-byte counters
    cache = BlockCache(fixed + 8 * sample.cost() + sample.cost() // 2, blocks=256)
    residents = []
    while cache.admit(len(residents), entry(len(residents))):
        residents.append(len(residents))
    assert len(residents) == 8
    for touches, newcomer in enumerate(range(100, 164), start=2):
        for _ in range(touches):  # each newcomer more popular than any block before it
            cache.get(newcomer)
        assert cache.wanted(newcomer)
        assert cache.admit(newcomer, entry(newcomer))
    assert cache.used <= cache.budget
    assert len(cache.entries) == 8
    assert len(set(residents) & set(cache.entries)) <= 1


@pytest.mark.parametrize(
    ("text", "size"),
    [("0", 0), ("4096", 4096), ("512K", 512 << 10), ("4M", 4 << 20), (" 4MiB ", 4 << 20),
     ("4mb", 4 << 20), ("1.5k", 1536), ("2G", 2 << 30), ("7b", 7)],
)  # fmt: skip
def test_parse_size_reads_sizes_as_the_options_document_them(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize(
    "text", ["", "M", "lots", "-5", "4X", "1e3", "4MM", "1..5K", "nan", "1" * 19, "1" * 18 + ".5K"]
)
def test_parse_size_names_what_was_wrong(text):
    with pytest.raises(InvalidArgumentError) as raised:
        parse_size(text)
    assert str(raised.value) == f"size {text!r} is not a size like 4M or 512K (at most 18 digits)"
    with pytest.raises(InvalidArgumentError, match=r"^--memory '.*' is not a size like 4M"):
        parse_size(text, "--memory")
