"""Multi-word anagrams (countdown/phrases.py): the bounds a caller meets, with their exact
messages, and the work a search pays from a budget, on hand-worked dictionaries (the search
itself is checked against brute force in test_rounds.py)."""

from __future__ import annotations

from time import monotonic

import pytest

from anagramdb.countdown.budget import Budget, WorkLimitError
from anagramdb.countdown.phrases import iter_phrases, phrases
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidArgumentError, InvalidRackError, TimeLimitError

from ..support.dictionaries import make_dictionary


@pytest.fixture
def tiny(tmp_path):
    words = ["ab", "ba", "cd", "abcd", "dirty", "room", "moor", "dormitory", "dirt", "roomy"]
    with Dictionary(make_dictionary(tmp_path, words)) as dictionary:
        yield dictionary


def test_phrases_fewest_words_first_spaces_ignored(tiny):
    assert phrases(tiny, "dirty room") == [
        ("dormitory",),
        ("dirt", "roomy"),
        ("dirty", "moor"),
        ("dirty", "room"),
    ]
    assert phrases(tiny, "dirty room", max_words=1) == [("dormitory",)]
    assert phrases(tiny, "dirtyroom", limit=2) == [("dormitory",), ("dirt", "roomy")]
    assert list(iter_phrases(tiny, "dirty room", limit=1)) == [("dormitory",)]
    assert phrases(tiny, "dirty room", min_length=5) == [("dormitory",)]


def test_words_of_one_key_make_each_phrase_once(tiny):
    found = phrases(tiny, "abab", max_words=2, min_length=2)
    assert found == [("ab", "ab"), ("ab", "ba"), ("ba", "ba")]
    assert phrases(tiny, "abcd", min_length=2) == [
        ("abcd",),
        ("ab", "cd"),
        ("ba", "cd"),
    ]


def test_the_bounds_on_a_search_and_their_messages(tiny):
    with pytest.raises(InvalidArgumentError) as caught:
        phrases(tiny, "abcd", max_words=7)
    assert str(caught.value) == (
        "the most words is at most 6, not 7: the search grows exponentially with it"
    )
    assert phrases(tiny, "abcd", max_words=6, min_length=1)[0] == ("abcd",)
    with pytest.raises(InvalidArgumentError) as caught:
        phrases(tiny, "abcd", limit=0)
    assert str(caught.value) == "the limit must be at least 1 (or None for every anagram), not 0"
    with pytest.raises(InvalidArgumentError, match=r"^the most words and the shortest word must"):
        phrases(tiny, "abcd", min_length=0)
    with pytest.raises(InvalidRackError) as caught:
        phrases(tiny, "ab" * 20 + "c")
    assert str(caught.value) == (
        "phrases takes at most 40 letters, not 41: the search grows exponentially with the length"
    )
    assert phrases(tiny, "ab " * 20) == []  # 40 letters (spaces are not letters): searched


def test_a_deadline_stops_the_search(tiny):
    with pytest.raises(TimeLimitError) as caught:
        phrases(tiny, "dirty room", deadline=monotonic() - 1)
    assert str(caught.value) == (
        "the search for phrases of 'dirty room' took too long; allow fewer or longer words"
    )
    assert phrases(tiny, "dirty room", deadline=monotonic() + 3600) == phrases(tiny, "dirty room")


def test_a_search_pays_a_unit_a_step_and_one_for_every_four_words_tried(tiny):
    # "abcd", two words of two letters or more: one word is a lookup (free); two words
    # branch once on 'a', which 2 candidates contain (ab, abcd): 2 // 4 + 1 = 1 unit.
    budget = Budget(1)
    assert phrases(tiny, "abcd", max_words=2, min_length=2, budget=budget) == [
        ("abcd",),
        ("ab", "cd"),
        ("ba", "cd"),
    ]
    assert budget.spent == 1
    with pytest.raises(WorkLimitError) as caught:
        phrases(tiny, "abcd", max_words=2, min_length=2, budget=Budget(0))
    assert str(caught.value) == (
        "the search needs more work than the 0 units allowed (phrase words tried)"
    )
    budget = Budget(100)
    assert phrases(tiny, "abcdabcd", max_words=3, min_length=2, budget=budget) == [
        ("abcd", "abcd"),
        ("ab", "abcd", "cd"),
        ("abcd", "ba", "cd"),
    ]
    # Two words: one branching step. Three: one, then one after each of its two choices
    # (ab, abcd) leaves letters to split. One unit each.
    assert budget.spent == 4


def test_each_step_branches_on_the_letter_fewest_candidates_hold(tmp_path):
    """Every answer has a word holding 'z', which 3 candidates hold (az, ez, bcdez) against
    11 for 'a': branching on 'z' first costs 9 units here, on 'a' first 39."""
    words = ["ab", "ac", "ad", "ae", "abc", "abd", "abe", "acd", "ace", "ade", "ez", "bcdez", "az"]
    budget = Budget(1000)
    with Dictionary(make_dictionary(tmp_path, words)) as dictionary:
        found = phrases(dictionary, "abcdeaz", max_words=3, min_length=2, budget=budget)
    assert found == [("ab", "acd", "ez"), ("abc", "ad", "ez"), ("abd", "ac", "ez")]
    assert budget.spent == 9
    # Four words: a third step below each pair that leaves letters to split; a word that
    # does not fit what is left is never tried (it would cost a step more here).
    budget = Budget(1000)
    with Dictionary(make_dictionary(tmp_path, words, name="again.txt")) as dictionary:
        assert phrases(dictionary, "abcdeaz", max_words=4, min_length=2, budget=budget) == found
    assert budget.spent == 31


def test_a_deadline_reached_exactly_is_not_yet_passed(tiny, monkeypatch):
    import anagramdb.countdown.phrases as module

    monkeypatch.setattr(module, "monotonic", lambda: 100.0)
    assert phrases(tiny, "dirty room", max_words=1, deadline=100.0) == [("dormitory",)]
    with pytest.raises(TimeLimitError):
        phrases(tiny, "dirty room", max_words=1, deadline=99.9)
