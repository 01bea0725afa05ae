"""The two ways a block is searched (lazy bisection, key tables) and the bounded cache give
the same answers as a brute-force model, in any order and under any eviction."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.dictionary import Dictionary
from anagramdb.keys import word_key

from .conftest import anagram_model, make_dictionary

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
    cache=st.sampled_from([0, 1, 2, 5, 4096]),
    seed=st.integers(0, 1000),
)
def test_find_keys_matches_the_model_cold_warm_and_evicting(
    tmp_path_factory, words, block_size, probes, cache, seed
):
    path = make_dictionary(tmp_path_factory.mktemp("cache"), words, block_size=block_size)
    model = anagram_model(words)
    keys = sorted(set(model) | {word_key(probe) for probe in probes})
    expected = [(key, model[key]) for key in keys if key in model]
    shuffled = keys[:]
    random.Random(seed).shuffle(shuffled)
    with Dictionary(path, cache_blocks=cache) as dictionary:
        for _ in range(3):  # cold (lazy blocks), then from the cache (tabulated when it has room)
            assert list(dictionary.find_keys(keys)) == expected
            assert sorted(dictionary.find_keys(shuffled)) == expected
            memo: dict = {}
            assert (
                list(dictionary.find_keys(keys, memo)) + list(dictionary.find_keys(keys, memo))
                == expected * 2
            )
        assert len(dictionary._cache) <= cache and len(dictionary._slots) == len(dictionary._cache)


def test_a_repeated_walk_larger_than_the_cache_still_finds_blocks_cached(tmp_path):
    """First-in-first-out would evict every block just before the next walk needs it."""
    words = [
        f"{a}{b}{c}" for a in "abcdefgh" for b in "ijklmnop" for c in "qrstuvwx"
    ]  # 512 keys, 1 word each
    path = make_dictionary(tmp_path, words, block_size=2)  # 256 blocks
    with Dictionary(path, cache_blocks=128) as dictionary:
        keys = [word_key(word) for word in sorted(words, key=word_key)]
        decoded = []
        original = dictionary.block

        def counting(number: int) -> list[str]:
            decoded.append(number)
            return original(number)

        dictionary.block = counting  # type: ignore[method-assign]
        for _ in range(4):
            assert len(list(dictionary.find_keys(keys))) == 512
        # 4 walks of 256 blocks: FIFO decodes all 1,024; random eviction finds about a fifth
        # of each later walk cached (deterministic: the LCG always starts from 0).
        assert len(decoded) < 4 * 256 - 100


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
        with Dictionary(path, cache_blocks=40) as dictionary:

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
