"""A walking batch's answers to short keys (anagramdb/short_answers.py): the same answers as
the walk and the model, first time and again, within their share of the budget."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anagramdb.builder import build
from anagramdb.countdown.letters import solve_letters
from anagramdb.dictionary import Dictionary
from anagramdb.key_table import table_cost
from anagramdb.keys import word_key
from anagramdb.short_answers import ENTRY_BYTES, SHARE, SHORT, ShortAnswers

from ..support.dictionaries import anagram_model, batch_examples, batch_settings, write_list


def walking_budget(dictionary: Dictionary) -> int:
    """A cache budget under the key table's cost: the batch walks, keeping short answers."""
    return table_cost(dictionary.size, dictionary.word_count) // 2


@batch_settings
@batch_examples
@pytest.mark.parametrize("part", [1, 3, 50])
def test_a_walking_batch_and_the_model_agree_first_time_and_again(
    tmp_path_factory, words, block_size, probes, part
):
    directory = tmp_path_factory.mktemp("short")
    output = str(directory / "words.txt")
    build([write_list(directory / "in.txt", words)], output, block_size=block_size)
    model = anagram_model(list(dict.fromkeys(words)))
    keys = sorted({*model, *map(word_key, probes)})
    expected = {key: model[key] for key in keys if key in model}
    with Dictionary(output) as walk:  # a budget under the table's cost: the batch walks
        budget = max(1, table_cost(walk.size, walk.word_count) // part - 1)
    with Dictionary(output, batch=True, cache_bytes=budget) as batch:
        for _ in range(3):  # walked, then (what was kept) answered from the short answers
            found = list(batch.find_keys(keys))
            assert dict(found) == expected and len(found) == len(expected)
        for probe in probes:
            assert batch.anagrams(probe) == (model.get(word_key(probe)) or [])


@settings(max_examples=10, deadline=None)
@given(racks=st.lists(st.text(alphabet="abcdeilnorst?", min_size=1, max_size=9), max_size=8))
def test_letters_answers_are_the_same_through_the_short_answers(full, racks):
    with Dictionary(full.path, batch=True, cache_bytes=walking_budget(full)) as batch:
        for rack in [*racks, *racks]:
            for everything in (False, True):
                assert solve_letters(batch, rack, 1, all=everything) == solve_letters(
                    full, rack, 1, all=everything
                )


def test_the_answers_keep_to_their_share_of_the_budget(full):
    budget = walking_budget(full)
    with Dictionary(full.path, batch=True, cache_bytes=budget) as batch:
        for rack in ("gyroscope", "countdown", "aeinrstlo", "pqrstuvwx", "eeeeeeeee"):
            solve_letters(batch, rack, all=True)
        assert batch.cache_bytes <= budget + ENTRY_BYTES + 64


def fake_walk(answers: dict[str, list[str]]):
    def walk(keys: list[str]):
        walked.append(list(keys))
        return ((key, answers[key]) for key in keys if key in answers)

    walked: list[list[str]] = []
    return walk, walked


def test_a_hit_not_kept_for_want_of_room_is_never_taken_for_a_miss():
    walk, walked = fake_walk({"ab": ["ab", "ba"], "abc": ["cab"], "abcdefg": ["long"]})
    short = ShortAnswers(ENTRY_BYTES + 4)  # room for the first answer only
    keys = ["ab", "abc", "abd", "abcdefg"]
    assert list(short.find_keys(keys, walk)) == [
        ("ab", ["ab", "ba"]),
        ("abc", ["cab"]),
        ("abcdefg", ["long"]),
    ]
    assert short.answers == {"ab": "ab\nba"}  # abc found no room; abd's miss neither
    again = list(short.find_keys(keys, walk))
    assert sorted(again) == [("ab", ["ab", "ba"]), ("abc", ["cab"]), ("abcdefg", ["long"])]
    assert walked[-1] == ["abc", "abd", "abcdefg"]  # ab answered without the walk


def test_misses_are_kept_and_long_keys_always_walked():
    walk, walked = fake_walk({"abcde": ["bread"]})
    short = ShortAnswers(1 << 20)
    keys = ["a" * SHORT, "abcde"]
    assert list(short.find_keys(keys, walk)) == [("abcde", ["bread"])]
    assert list(short.find_keys(keys, walk)) == [("abcde", ["bread"])]
    assert walked == [keys, ["abcde"]]
    assert short.answers == {"aaaa": ""} and SHARE > 1
