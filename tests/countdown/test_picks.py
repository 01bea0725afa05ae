"""Picking letters one at a time, and picking like a contestant (countdown/picks.py), against
the show's rules: nine letters, 3 to 5 vowels, the host's "no more vowels"."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from anagramdb.countdown.picks import LetterPicker, contestant_large, contestant_letters
from anagramdb.errors import InvalidGameError

RULE = "nine letters need at least 3 vowels and 4 consonants"
TINY = {"A": 2, "E": 2, "I": 1, "O": 1, "U": 1, "B": 3, "C": 3, "D": 3}


def test_the_host_refuses_a_sixth_vowel_and_a_seventh_consonant_in_words():
    picker = LetterPicker(random.Random(3))
    assert picker.refusal("v") is None and picker.refusal("CONSONANT") is None
    for _ in range(6):
        picker.pick("c")
    assert picker.allowed() == ("vowel",)
    assert picker.refusal("c") == f"no more consonants: {RULE}"
    assert picker.refusal("consonant") == f"no more consonants: {RULE}"
    assert picker.refusal("V") is None
    assert picker.refusal("x") == "pick v (vowel) or c (consonant), not 'x'"
    with pytest.raises(InvalidGameError) as caught:
        picker.pick("C")
    assert str(caught.value) == f"no more consonants: {RULE}"
    assert len(picker.letters) == 6 and picker.vowels == 0  # a refused pick takes nothing
    for _ in range(3):
        picker.pick("Vowel")
    assert picker.done and picker.allowed() == () and picker.vowels == 3
    assert picker.refusal("v") == picker.refusal("x") == "all 9 letters are picked"
    with pytest.raises(InvalidGameError, match=r"^all 9 letters are picked$"):
        picker.pick("v", forced=True)


def test_a_forced_pick_takes_the_pile_the_rules_still_allow():
    picker = LetterPicker(random.Random(5), TINY)
    for _ in range(5):
        assert picker.pick("v") in "AEIOU"
    assert picker.pick("v", forced=True) in "BCD" and picker.vowels == 5
    assert picker.pick("c", forced=True) in "BCD"  # allowed already: taken as asked
    with pytest.raises(InvalidGameError) as caught:
        picker.pick("Xy", forced=True)
    assert str(caught.value) == "pick v (vowel) or c (consonant), not 'xy'"
    picker = LetterPicker(random.Random(5), TINY)
    for _ in range(6):
        picker.pick("consonant")
    assert picker.pick("c", forced=True) in "AEIOU" and picker.vowels == 1  # a seventh: no


@pytest.mark.parametrize("seed", range(8))
def test_picks_come_from_the_piles_without_replacement(seed):
    picker = LetterPicker(random.Random(seed), TINY)
    picked = [picker.pick(kind) for kind in "vcvcvcvcc"]
    assert all(letter in "AEIOU" for letter in picked[0:5:2])
    assert all(letter in "BCD" for letter in picked[1::2] + picked[-1:])
    assert "".join(picked) == picker.letters and picker.vowels == 4
    assert Counter(picked) <= Counter(TINY)
    # Every vowel of TINY is taken once five are picked: the pile is used up, not refilled.
    picker = LetterPicker(random.Random(seed), {**TINY, "A": 1, "E": 1})
    assert sorted(picker.pick("v") for _ in range(5)) == list("AEIOU")


def test_the_piles_are_shuffled_so_seeds_differ():
    firsts = {LetterPicker(random.Random(seed)).pick("c") for seed in range(30)}
    assert len(firsts) > 5


def test_auto_completes_nine_letters_with_three_to_five_vowels_mixed():
    counts = Counter()
    opening = Counter()
    for seed in range(60):
        picker = LetterPicker(random.Random(seed))
        letters = picker.auto()
        vowels = sum(letter in "AEIOU" for letter in letters)
        assert len(letters) == 9 and picker.done and picker.vowels == vowels
        counts[vowels] += 1
        opening[letters[0] in "AEIOU"] += 1
    # A count of vowels is chosen evenly from 3 to 5, then met exactly: each about 20 of 60.
    assert min(counts[3], counts[4], counts[5]) >= 10
    assert set(opening) == {True, False}
    for seed in range(20):  # picks already made stay; the rest obey the rules
        picker = LetterPicker(random.Random(seed))
        for kind in "vvvv":
            picker.pick(kind)
        assert picker.auto().startswith(picker.letters[:4]) and picker.vowels in (4, 5)
        picker = LetterPicker(random.Random(seed))
        for kind in "cccccc":
            picker.pick(kind)
        assert picker.auto()[6:] == "".join(c for c in picker.letters[6:] if c in "AEIOU")


def test_a_contestant_calls_three_to_five_vowels_mostly_four_and_opens_with_a_consonant():
    calls = [contestant_letters(random.Random(seed)) for seed in range(300)]
    assert all(len(text) == 9 and set(text) <= {"c", "v"} for text in calls)
    assert all("vvv" not in text for text in calls)
    consonants = Counter(text.count("c") for text in calls)
    assert set(consonants) == {4, 5, 6} and consonants[5] > 1.5 * max(consonants[4], consonants[6])
    opening = Counter(text[0] for text in calls)
    # Three in ten orders opening with a vowel are kept: about 72% open with a consonant
    # (measured over 20,000 seeds), where a fair shuffle alone gives 45%.
    assert 0.6 < opening["c"] / len(calls) < 0.85


def test_a_contestant_asks_for_one_large_number_most_often_never_four():
    counts = Counter(contestant_large(random.Random(seed)) for seed in range(400))
    assert set(counts) == {0, 1, 2, 3}
    assert counts[1] > 2 * counts[2] > counts[0] and counts[2] > counts[3]
