"""The shared floor of the front ends (countdown/queries.py): what a query returns and raises."""

from __future__ import annotations

import os
import warnings

import pytest

from anagramdb.countdown.budget import Budget, WorkLimitError
from anagramdb.countdown.queries import (
    PhrasesResult,
    anagrams,
    letters,
    numbers,
    whole_numbers,
)
from anagramdb.dictionary import Dictionary
from anagramdb.errors import AnagramDBWarning, InvalidNumbersError

from ..support.dictionaries import make_dictionary

SHOW_GAME = [25, 50, 75, 100, 3, 6]


@pytest.mark.parametrize(
    ("texts", "values"),
    [
        (["7", "100"], [7, 100]),
        (["-5", "-025"], [-5, -25]),  # the sign is kept, so validate() can name the number
        (["007", "0", "-0", "000"], [7, 0, 0, 0]),
    ],
)
def test_whole_numbers_keep_their_sign_and_drop_leading_zeros(texts, values):
    assert whole_numbers(texts) == values


@pytest.mark.parametrize("text", ["1_0", "+5", "--5", "-", "", "5-", "1.5", " 5", "²", "٣"])
def test_anything_but_plain_digits_is_not_a_whole_number(text):
    with pytest.raises(InvalidNumbersError) as caught:
        whole_numbers(["3", text])
    assert str(caught.value) == f"{text!r} is not a whole number"


def test_a_number_of_too_many_digits_says_how_many_it_has():
    with pytest.raises(InvalidNumbersError) as caught:
        whole_numbers(["-" + "9" * 19])
    assert str(caught.value) == f"'-{'9' * 19}' has 19 digits; numbers have at most 18"
    assert whole_numbers(["9" * 18]) == [10**18 - 1]


def test_one_best_solution_by_default_in_the_show_s_signs():
    answer = numbers(SHOW_GAME, 952)
    assert answer.count is None and len(answer.solutions) == 1
    assert answer.exact and answer.solutions[0].value == 952
    assert "×" in answer.solutions[0].infix


def test_every_solution_on_request_in_ascii_signs_when_asked():
    every = numbers(SHOW_GAME, 952, every=True, ascii_signs=True)
    assert every.count == len(every.solutions) >= 2
    infixes = [expression.infix for expression in every.solutions]
    assert all("×" not in infix and "÷" not in infix for infix in infixes)
    assert any("*" in infix for infix in infixes)
    shown = numbers(SHOW_GAME, 952, every=True)
    assert shown.count == every.count
    assert any("×" in expression.infix for expression in shown.solutions)


OFF_THE_SHOW = "not a game from the show: 17 is not a tile; the show uses six numbers, not 3"


def test_a_game_off_the_show_warns_the_caller_and_is_still_solved():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        answer = numbers([100, 4, 17], 400)
    assert [str(w.message) for w in caught] == [OFF_THE_SHOW]
    assert caught[0].category is AnagramDBWarning
    # The caller's line, not the library's (under mutmut a trampoline frame of its own).
    assert os.path.join("anagramdb", "countdown") not in caught[0].filename
    assert answer.exact and answer.solutions[0].infix == "100 × 4"


def test_a_game_off_the_show_goes_to_warn_when_given_and_strict_refuses_it():
    heard: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        answer = numbers([100, 4, 17], 400, warn=heard.append)
        assert heard == [OFF_THE_SHOW] and answer.exact
        assert numbers(SHOW_GAME, 952, warn=heard.append).exact and len(heard) == 1
        with pytest.raises(InvalidNumbersError) as caught:
            numbers([100, 4, 17], 400, strict=True, warn=heard.append)
    assert str(caught.value) == OFF_THE_SHOW and len(heard) == 1


@pytest.fixture
def sample(tmp_path):
    words = ["listen", "silent", "enlist", "tinsel", "stone", "notes", "onset", "café", "face"]
    with Dictionary(make_dictionary(tmp_path, words)) as dictionary:
        yield dictionary


def test_an_anagrams_record_names_the_key_and_ignores_spaces(sample):
    assert anagrams(sample, "Si Lent") == {
        "letters": "Si Lent",
        "key": "eilnst",
        "words": ["enlist", "listen", "silent", "tinsel"],
    }
    assert anagrams(sample, "ACEF") == {"letters": "ACEF", "key": "acef", "words": ["café", "face"]}
    assert anagrams(sample, "zzz") == {"letters": "zzz", "key": "zzz", "words": []}


def test_a_letters_record_lists_the_words_longest_first(sample):
    result = letters(sample, "NOTES?", 5, 1)
    assert result.rack == "NOTES?" and result == ("NOTES?", result.words)
    assert result.to_dict() == {
        "rack": "NOTES?",
        "words": [
            {"word": "notes", "length": 5, "score": 5},
            {"word": "onset", "length": 5, "score": 5},
            {"word": "stone", "length": 5, "score": 5},
        ],
    }
    assert letters(sample, "NOTE?", 5, 1).to_dict()["words"][0] == {
        "word": "notes",
        "length": 5,
        "score": 5,
        "blanks": ["s"],
    }
    every = letters(sample, "tinsel", 5, 1, everything=True)
    assert [word.to_dict() for word in every.words] == [
        {"word": word, "length": 6, "score": 6} for word in ["enlist", "listen", "silent", "tinsel"]
    ]
    assert letters(sample, "tinsel", 5, 1, budget=Budget(10**6)).to_dict() == every.to_dict()
    with pytest.raises(WorkLimitError):
        letters(sample, "tinsel", 5, 1, budget=Budget(1))


def test_a_phrases_record_counts_its_phrases():
    result = PhrasesResult("dirty room", [("dormitory",), ("dirty", "room")])
    assert result.letters == "dirty room" and result.phrases == [("dormitory",), ("dirty", "room")]
    assert result.to_dict() == {
        "letters": "dirty room",
        "phrases": [["dormitory"], ["dirty", "room"]],
        "count": 2,
    }
    assert PhrasesResult("qqq", []).to_dict() == {"letters": "qqq", "phrases": [], "count": 0}
