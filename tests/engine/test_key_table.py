"""The batch's key table (key_table.py): the same answers as the block walk and as a
brute-force model, built only when it pays and fits, and never for a non-ASCII file."""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from anagramdb.builder import build
from anagramdb.countdown.letters import all_sub_keys, solve_letters
from anagramdb.dictionary import Dictionary
from anagramdb.key_table import PAYS_AFTER, build_table, table_cost
from anagramdb.keys import word_key

from ..support.dictionaries import (
    SAMPLE_WORDS,
    anagram_model,
    batch_examples,
    batch_settings,
    make_dictionary,
    write_list,
)

BIG = 1 << 30  # a budget every test dictionary's table fits


def batch_until_built(dictionary: Dictionary) -> None:
    """Look up enough keys for a batch Dictionary to build its table (PAYS_AFTER)."""
    wanted = int(dictionary.word_count * PAYS_AFTER) + 1
    list(dictionary.find_keys(["a"] * wanted))


@batch_settings
@batch_examples
def test_the_table_walk_and_model_agree(tmp_path_factory, words, block_size, probes):
    directory = tmp_path_factory.mktemp("table")
    source = write_list(directory / "in.txt", words)
    output = str(directory / "words.txt")
    build([source], output, block_size=block_size)
    model = anagram_model(list(dict.fromkeys(words)))
    keys = sorted({*model, *map(word_key, probes)})
    with Dictionary(output) as walk, Dictionary(output, batch=True, cache_bytes=BIG) as table:
        batch_until_built(table)
        assert table.cache_bytes >= table_cost(table.size, table.word_count) // 2  # built
        expected = [(key, model[key]) for key in keys if key in model]
        assert list(walk.find_keys(keys)) == expected
        assert list(table.find_keys(keys)) == expected
        assert list(table.find_keys(reversed(keys))) == expected[::-1]  # any order
        for probe in probes:
            assert table.anagrams(probe) == walk.anagrams(probe)


@settings(max_examples=10, deadline=None)
@given(racks=st.lists(st.text(alphabet="abcdeilnorst?", min_size=1, max_size=9), max_size=8))
def test_letters_answers_are_the_same_through_the_table(full, racks):
    with Dictionary(full.path, batch=True, cache_bytes=BIG) as table:
        batch_until_built(table)
        for rack in racks:
            for everything in (False, True):
                assert solve_letters(table, rack, 1, all=everything) == solve_letters(
                    full, rack, 1, all=everything
                )


def test_a_short_batch_does_not_build_it(full):
    with Dictionary(full.path, batch=True, cache_bytes=BIG) as dictionary:
        solve_letters(dictionary, "gyroscope", all=True)
        assert dictionary.cache_bytes < table_cost(dictionary.size, dictionary.word_count)


def test_not_when_it_would_not_fit_the_cache_budget(full):
    cost = table_cost(full.size, full.word_count)
    with Dictionary(full.path, batch=True, cache_bytes=cost - 1) as dictionary:
        batch_until_built(dictionary)
        assert dictionary.cache_bytes < cost


def test_not_for_a_dictionary_that_is_not_ascii(tmp_path):
    path = make_dictionary(tmp_path, SAMPLE_WORDS)  # café
    fd = os.open(path, os.O_RDONLY)
    try:
        assert build_table(fd, [0, os.path.getsize(path)], b"", len(SAMPLE_WORDS)) is None
    finally:
        os.close(fd)
    with Dictionary(path, batch=True, cache_bytes=BIG) as dictionary:
        batch_until_built(dictionary)
        assert dictionary.anagrams("listen") == ["enlist", "inlets", "listen", "silent", "tinsel"]
        assert dictionary.anagrams("face") == ["café", "face"]


def test_a_file_with_a_byte_order_mark_and_no_last_line_feed(tmp_path):
    path = str(tmp_path / "bom.txt")
    words = sorted(["Act", "act", "cat", "dog", "God", "tac"], key=lambda w: (word_key(w), w))
    with open(path, "wb") as handle:
        handle.write(b"\xef\xbb\xbf" + "\n".join(words).encode())
    with Dictionary(path, batch=True, cache_bytes=BIG) as dictionary:
        batch_until_built(dictionary)
        keys = all_sub_keys("acdgot")
        assert dict(dictionary.find_keys(keys)) == {
            "act": ["Act", "act", "cat", "tac"],
            "dgo": ["God", "dog"],
        }


def test_a_batch_that_expects_enough_keys_builds_it_at_its_first_lookup(full):
    enough = int(full.word_count * PAYS_AFTER)
    with Dictionary(full.path, batch=True, cache_bytes=BIG) as dictionary:
        dictionary.expect(enough // 2)  # too few to pay: the walk, as without the hint
        solve_letters(dictionary, "gyroscope", all=True)
        assert dictionary.cache_bytes < table_cost(dictionary.size, dictionary.word_count)
    with Dictionary(full.path, batch=True, cache_bytes=BIG) as dictionary:
        dictionary.expect(enough)
        first = solve_letters(dictionary, "gyroscope", 1, all=True)
        assert dictionary.cache_bytes >= table_cost(dictionary.size, dictionary.word_count) // 2
        assert first == solve_letters(full, "gyroscope", 1, all=True)
    with Dictionary(full.path, cache_bytes=BIG) as dictionary:  # not a batch: no table
        dictionary.expect(enough)
        solve_letters(dictionary, "gyroscope", all=True)
        assert dictionary.cache_bytes < table_cost(dictionary.size, dictionary.word_count)


def test_the_table_keeps_within_the_budget_it_was_built_for(full):
    """table_cost counts the keys, the slots and the file's pages (they stay mapped once
    read): a budget of exactly that builds it, and the cache then costs no more."""
    cost = table_cost(full.size, full.word_count)
    with Dictionary(full.path, batch=True, cache_bytes=cost) as dictionary:
        dictionary.expect(full.word_count)
        for rack in ("gyroscope", "aeinrstlo", "countdown", "qwertyuio", "zymurgies"):
            assert solve_letters(dictionary, rack, 1, all=True) == solve_letters(
                full, rack, 1, all=True
            )
        assert dictionary.any_order  # the table answers
        # and the block cache's admission counters, kept (a few KiB: BlockCache.fixed)
        assert dictionary.cache_bytes <= cost + 4096
