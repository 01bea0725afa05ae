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
words_strategy = st.lists(st.text(alphabet="aabcé", min_size=1, max_size=5), min_size=1, max_size=200, unique=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    words=words_strategy,
    block_size=st.integers(1, 9),
    probes=st.lists(st.text(alphabet="abcdé", min_size=1, max_size=5), max_size=20),
    cache=st.sampled_from([0, 1, 2, 5, 4096]),
    seed=st.integers(0, 1000),
)
def test_find_keys_matches_the_model_cold_warm_and_evicting(tmp_path_factory, words, block_size, probes, cache, seed):
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
            assert list(dictionary.find_keys(keys, memo)) + list(dictionary.find_keys(keys, memo)) == expected * 2
        assert len(dictionary._cache) <= cache and len(dictionary._slots) == len(dictionary._cache)


def test_a_repeated_walk_larger_than_the_cache_still_finds_blocks_cached(tmp_path):
    """First-in-first-out would evict every block just before the next walk needs it."""
    words = [f"{a}{b}{c}" for a in "abcdefgh" for b in "ijklmnop" for c in "qrstuvwx"]  # 512 keys, 1 word each
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
