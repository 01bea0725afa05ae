"""The ways a block is searched (lazy bisection, keyed blocks with and without their key
table, stored keys) and the cache bounded in bytes give the same answers as a brute-force
model, in any order and under any eviction; the cache keeps to its budget and does not
thrash on walks larger than itself."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb import mapped_dictionary
from anagramdb.block_cache import Block, BlockCache, KeyedBlock, block_keys, parse_size
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidArgumentError
from anagramdb.keys import word_key
from anagramdb.mapped import FileBytes
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
    large=st.booleans(),
)
# The words are read with pread (as from a file past LARGE_BYTES) or from the mapping.
# private: the cache's own slots and costs, the keys file in use, where words are read
def test_find_keys_matches_the_model_cold_warm_and_evicting(
    tmp_path_factory, monkeypatch, words, block_size, probes, cache, seed, stored, large
):
    path = make_dictionary(tmp_path_factory.mktemp("cache"), words, block_size=block_size)
    if stored:
        save_stored_keys(path)
    model = anagram_model(words)
    keys = sorted(set(model) | {word_key(probe) for probe in probes})
    expected = [(key, model[key]) for key in keys if key in model]
    shuffled = keys[:]
    random.Random(seed).shuffle(shuffled)
    with monkeypatch.context() as patch:
        patch.setattr(mapped_dictionary, "LARGE_BYTES", 0 if large else 8 << 20)
        dictionary = Dictionary(path, cache_bytes=cache)
    with dictionary:
        assert (dictionary._opened._stored is not None) == stored
        assert isinstance(dictionary._opened._source, FileBytes) == large
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
    # Once full, newcomers come without a key table (cheaper): more of them fit.
    assert cache.full and len(cache.entries) >= 8
    assert all(cache.entries[number].table is None for number in cache.entries if number >= 100)
    assert len(set(residents) & set(cache.entries)) <= 1


@pytest.mark.parametrize(
    ("text", "size"),
    [("0", 0), ("4096", 4096), ("512K", 512 << 10), ("4M", 4 << 20), (" 4MiB ", 4 << 20),
     ("4mb", 4 << 20), ("1.5k", 1536), ("2G", 2 << 30), ("7b", 7)],
)  # fmt: skip
def test_parse_size_reads_sizes_as_the_options_document_them(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize(
    "text",
    [
        "",
        "M",
        "lots",
        "-5",
        "4X",
        "1e3",
        "4MM",
        "1..5K",
        "nan",
        "1" * 19,
        "1" * 18 + ".5K",
        "\u0661",
        "4.M5",
    ],
)
def test_parse_size_names_what_was_wrong(text):
    with pytest.raises(InvalidArgumentError) as raised:
        parse_size(text)
    assert str(raised.value) == f"size {text!r} is not a size like 4M or 512K (at most 18 digits)"
    with pytest.raises(InvalidArgumentError, match=r"^--memory '.*' is not a size like 4M"):
        parse_size(text, "--memory")


def table_size(lines: int) -> int:
    """The documented key table size: at least four slots a key, a power of 2, 8 or more."""
    size = 8
    while size < 4 * lines:
        size *= 2
    return size


@settings(max_examples=40, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcAé", min_size=1, max_size=4), min_size=1, max_size=40),
    probes=st.lists(st.text(alphabet="abcé", min_size=1, max_size=4), max_size=10),
    prefix=st.integers(0, 30),
)
def test_a_block_in_both_forms_answers_as_a_model_of_its_words(words, probes, prefix):
    """Block and KeyedBlock (before and after its key table) against a model of one block:
    each key's run of words, the first and last keys, the alignment and the table size."""
    words = sorted(words, key=lambda word: (word_key(word), word))
    keys_of = [word_key(word) for word in words]
    data = "\n".join(words).encode("utf-8") + b"\n"
    source = b"x\n" * prefix + data + b"zz\n"  # the block lies inside a larger file
    start, end = 2 * prefix, 2 * prefix + len(data)
    keys, aligned = block_keys(words)
    assert keys == "\n" + "\n".join(keys_of) + "\n"
    assert aligned == all(
        len(w.encode("utf-8")) == len(k) for w, k in zip(words, keys_of, strict=True)
    )
    lazy = Block(list(words))
    keyed = KeyedBlock(keys, source, start, end, aligned)
    first, last = keys_of[0], keys_of[-1]
    assert (lazy.first, lazy.last) == (keyed.first, keyed.last) == (first, last)
    assert lazy.view == (first, last, "", None, 0, False, 0)
    assert keyed.view == (first, last, keys, None, 0, aligned, start)
    wanted = sorted(set(keys_of) | {word_key(probe) for probe in probes})
    for form in ("lazy", "keyed", "tabulated"):
        if form == "tabulated":
            keyed.tabulate()
            assert keyed.table is not None and len(keyed.table) == table_size(len(words))
            mask = len(keyed.table) - 1
            assert keyed.view == (first, last, keys, keyed.table, mask, aligned, start)
        block = lazy if form == "lazy" else keyed
        for key in wanted:
            run = [word for word, k in zip(words, keys_of, strict=True) if k == key]
            assert block.run(key) == run, (form, key)
            if form != "lazy":
                at = keyed.find(key)
                assert at == (keys.find("\n" + key + "\n") if run else -1)


def test_the_key_table_of_a_large_block_holds_positions_past_64k():
    """Positions in a block's keys past 65,535 need 32-bit slots."""
    words = sorted((f"{a}{b}{c}" * 700 for a in "bcd" for b in "fgh" for c in "klmn"), key=word_key)
    keys, aligned = block_keys(words)
    assert 1 << 16 < len(keys) < 1 << 17
    data = "\n".join(words).encode() + b"\n"
    block = KeyedBlock(keys, data, 0, len(data), aligned)
    block.tabulate()
    for word in words:
        assert block.run(word_key(word)) == [word]


def test_a_keyed_block_costs_its_parts_and_a_fixed_overhead():
    """An entry's cost is sys.getsizeof of each part it keeps alive, plus ENTRY_OVERHEAD."""
    import sys

    from anagramdb.block_cache import ENTRY_OVERHEAD

    block = entry(7)
    block.tabulate()
    parts = (block.table, block.view, block.keys, block.first, block.last)
    assert block.cost() == sum(map(sys.getsizeof, parts)) + ENTRY_OVERHEAD


def test_counters_a_byte_a_block_bounded_by_the_budget():
    import sys

    for budget, blocks, counters in [
        (1023, 10, 0), (1024, 10, 10), (1024, 100, 64), (1 << 30, 1 << 20, 1 << 16),
        (4096, 300, 256), (4096, 255, 255),
    ]:  # fmt: skip
        cache = BlockCache(budget, blocks)
        assert len(cache.counts) == counters, (budget, blocks)
        assert cache.used == cache.fixed == (sys.getsizeof(cache.counts) if counters else 0)
        assert cache.age_after == 16 * counters + 4096  # touches between two halvings


def test_a_counter_saturates_and_blocks_share_counters_beyond_them():
    cache = BlockCache(1 << 20, blocks=10)
    for _ in range(300):
        cache.get(3)
    assert cache.counts[3] == 255
    cache.get(13)  # block 13 counts on block 3's counter
    assert cache.counts[3] == 255 and cache.wanted(13)


def test_admission_to_the_byte_and_eviction_of_a_less_popular_block():
    def big(number: int) -> KeyedBlock:
        """A keyed block of 60 keys (costing over 1 KiB), standing for block *number*."""
        keys, aligned = block_keys([f"w{number:04d}{i:03d}" for i in range(60)])
        return KeyedBlock(keys, b"", number, number + 1, aligned)

    sample = big(0)
    sample.tabulate()
    cost = sample.cost()
    fixed = BlockCache(1 << 20, blocks=64).fixed  # 64 counters, as below
    assert fixed + cost - 1 >= 1024  # a budget that keeps counters
    exact = BlockCache(fixed + cost, blocks=64)
    for number in (1, 2):
        exact.get(number)
        exact.get(number)
    assert exact.admit(1, big(1)) and exact.used == exact.budget  # fits to the byte
    assert exact.admit(1, big(1))  # already kept: still kept, counted once
    assert exact.used == exact.budget and exact.slots == [1]
    assert not exact.admit(2, big(2))  # as popular as the one kept: turned away
    assert not exact.wanted(2)
    exact.get(2)  # now more popular: the one kept is evicted for it
    assert exact.wanted(2) and exact.admit(2, big(2))
    # The cache has had to evict: the newcomer is kept without its key table.
    untabled = big(2).cost()
    assert exact.full and exact.entries[2].table is None and untabled < cost
    assert (exact.slots, list(exact.entries), exact.used) == ([2], [2], exact.fixed + untabled)
    assert exact.released == [(1, 2)]  # the evicted block's byte range, for its pages
    short = BlockCache(fixed + cost - 1, blocks=64)  # one byte short, nothing to evict
    assert not short.admit(1, big(1)) and short.used == short.fixed
    exact.clear()
    assert (exact.entries, exact.slots, exact.costs, exact.used) == ({}, [], {}, exact.fixed)
    assert not exact.full  # and entries are tabulated again


@settings(max_examples=25, deadline=None)
@given(
    steps=st.lists(st.tuples(st.integers(0, 30), st.integers(1, 4)), min_size=1, max_size=120),
    room=st.integers(1, 6),
)
def test_the_cache_keeps_its_accounts_under_any_admissions(steps, room):
    """Whatever is touched and admitted: the entries, slots and costs agree, the bytes
    used are the counters' plus the entries' costs and within the budget, and every
    eviction's byte range is released once."""
    sample = entry(0)
    sample.tabulate()
    fixed = BlockCache(1 << 20, blocks=32).fixed
    cache = BlockCache(fixed + room * sample.cost(), blocks=32)
    for number, touches in steps:
        for _ in range(touches):
            cache.get(number)
        before, released = set(cache.entries), len(cache.released)
        if cache.wanted(number):
            cache.admit(number, entry(number))
        assert sorted(cache.slots) == sorted(cache.entries) == sorted(cache.costs)
        assert cache.used == cache.fixed + sum(cache.costs.values()) <= cache.budget
        assert len(cache.entries) <= room
        evicted = sorted(before - set(cache.entries))
        assert sorted(cache.released[released:]) == [(n, n + 1) for n in evicted]


# private: the blocks read are counted through the open file's decoder
def test_a_memo_reads_each_block_once_across_the_calls_that_share_it(tmp_path):
    """With no cache, a walk's memo is what keeps a block from being read again: the
    calls sharing one read each block once between them; a call without one reads it
    again."""
    words = [f"{a}{b}{c}" for a in "abcd" for b in "efgh" for c in "ijkl"]
    path = make_dictionary(tmp_path, words, block_size=4)
    keys = sorted({word_key(word) for word in words})
    with Dictionary(path, cache_bytes=0) as dictionary:
        decoded: list[int] = []
        opened = dictionary._opened
        original = opened._decode
        opened._decode = lambda a, b: decoded.append(a) or original(a, b)  # type: ignore
        memo: dict = {}
        assert len(list(dictionary.find_keys(keys[:40], memo))) == 40
        first = len(decoded)
        assert first >= 10  # 40 keys of one word each, 4 a block (and a look at the next)
        assert len(list(dictionary.find_keys(keys[:40], memo))) == 40
        assert len(decoded) == first  # the same memo: nothing read again
        assert len(list(dictionary.find_keys(keys[:40]))) == 40
        assert len(decoded) == 2 * first
        assert len(list(dictionary.find_keys(keys[:40]))) == 40
        assert len(decoded) == 3 * first  # cache_bytes=0: no block kept, however often read


def test_a_long_size_is_quoted_to_its_first_40_characters():
    text = "9" * 30 + "x" * 30
    with pytest.raises(InvalidArgumentError) as raised:
        parse_size(text)
    assert str(raised.value).startswith(f"size {text[:40]!r} is not a size")


@pytest.mark.parametrize("length", [(1 << 16) + 1, (1 << 16) + 2])
def test_16_bit_key_table_slots_up_to_the_last_position_that_fits(length):
    """The last key line of a block's keys starts at len(keys) - 2 (a one-letter key):
    16-bit slots hold it up to 65,535, one more takes 32-bit slots."""
    head = "a" * (length - 3 - 65 * 1008 - 1)  # "\n" + head + 65 x (1007 a's + "\n") + "z\n"
    words = [head, *["a" * 1007] * 65, "z"]
    keys, aligned = block_keys(words)
    assert len(keys) == length
    data = "\n".join(words).encode() + b"\n"
    block = KeyedBlock(keys, data, 0, len(data), aligned)
    block.tabulate()
    assert block.table is not None and block.table.itemsize == (2 if length - 2 < 1 << 16 else 4)
    assert block.run("z") == ["z"] and block.run(head) == [head]


def test_a_size_of_18_digits_is_the_most_taken():
    assert parse_size("1" + "0" * 17) == 10**17  # a power of ten a float holds exactly
    assert parse_size("1" + "0" * 16 + "K") == 10**16 << 10
    assert parse_size("9" * 18) == 10**18 - 1  # exact: a float would round it up to 10**18
    assert parse_size("12345678901234567.8K") == 12345678901234567 * 1024 + 819


def test_an_entry_costing_the_whole_budget_is_kept_when_nothing_else_costs():
    """Below 1024 bytes the cache keeps no counters (so the dictionary never asks it to
    keep a block), but admission itself still keeps an entry that fits to the byte."""
    block = entry(3)
    block.tabulate()
    cache = BlockCache(block.cost(), blocks=4)
    assert cache.fixed == 0 and cache.admit(3, block) and cache.used == cache.budget


def test_a_lazy_block_computes_a_word_key_once(monkeypatch):
    """A Block keeps each key it computes: a second search of it computes none."""
    import anagramdb.block_cache as module

    computed: list[str] = []

    def counting(word: str) -> str:
        computed.append(word)
        return word_key(word)

    monkeypatch.setattr(module, "word_key", counting)
    words = sorted((f"{a}{b}" for a in "abcdefgh" for b in "ijklmnop"), key=word_key)
    block = Block(words)
    assert block.run(word_key("dl")) == ["dl"]
    first = len(computed)
    assert 0 < first < len(words)  # bisected: a few keys, not all
    assert block.run(word_key("dl")) == ["dl"] and len(computed) == first
