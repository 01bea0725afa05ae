from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anagramdb.errors import InvalidRackError
from anagramdb.keys import bad_characters, describe, fold, is_word, letters_key, word_key

from ..support.ids import ascii_id


def test_fold_case_and_accents():
    assert fold("Café") == "cafe"
    assert fold("NAÏVE") == "naive"
    assert fold("Straße") == "strasse"


def test_key_is_sorted_folded_letters():
    assert word_key("listen") == "eilnst"
    assert word_key("Café") == "acef"
    assert letters_key("SILENT") == "eilnst"


@pytest.mark.parametrize(
    ("letters", "named"),
    [
        ("l1st3n", "'1', '3'"),
        ("it's", '"\'"'),
        ("ice cream", "a space"),
        ("a-b", "'-'"),
        ("9", "'9'"),
    ],
)
def test_bad_letters_are_named(letters, named):
    with pytest.raises(InvalidRackError) as caught:
        letters_key(letters)
    assert named in str(caught.value)


def test_text_that_folds_to_nothing_has_no_letters():
    assert fold("\u1be6") == "" and bad_characters("\u1be6") == [] and not is_word("\u1be6")
    with pytest.raises(InvalidRackError, match=r"^no letters given$"):
        letters_key("\u1be6")


def test_empty_letters():
    with pytest.raises(InvalidRackError, match="no letters"):
        letters_key("")


def test_is_word():
    assert is_word("éclair") and is_word("Paris")
    assert not is_word("") and not is_word("don't") and not is_word("x2")


@given(st.text(min_size=1, max_size=12))
def test_letters_key_accepts_exactly_words(text):
    if is_word(text):
        assert letters_key(text) == word_key(text)
        assert sorted(letters_key(text)) == list(letters_key(text))
    else:
        with pytest.raises(InvalidRackError) as caught:
            letters_key(text)
        # Either some character is named, or everything folds away (a lone combining mark
        # such as U+1BE6, found by hypothesis) and there are no letters at all.
        assert bad_characters(text) or (not fold(text) and str(caught.value) == "no letters given")


@given(st.text(alphabet="abcdeéÉfgXYZ", min_size=1, max_size=10))
def test_key_ignores_order_and_case(word):
    assert word_key(word) == word_key(word[::-1].upper())


def test_describe_names_ten_characters_and_counts_the_rest():
    assert describe(["1", " ", "\t"]) == "'1', a space, U+0009"
    chars = [str(n) for n in range(10)] + ["!", "?"]
    assert describe(chars) == "'0', '1', '2', '3', '4', '5', '6', '7', '8', '9' and 2 more"
    assert describe(chars[:10]) == "'0', '1', '2', '3', '4', '5', '6', '7', '8', '9'"
    assert describe(chars[:11]).endswith("'9' and 1 more")


def test_bad_characters_are_distinct_and_in_order():
    assert bad_characters("a1b2a1-é\u0301") == ["1", "2", "-"]
    with pytest.raises(
        InvalidRackError, match=r"^rack 'ab1' contain characters that are not letters: '1'$"
    ):
        letters_key("ab1", "rack")
    with pytest.raises(InvalidRackError, match=r"^no rack given$"):
        letters_key("", "rack")
    assert letters_key("Éte") == "eet" and word_key("ÉTÉ") == "eet"


@pytest.mark.parametrize("letters", ["ab\udc80", "\udcffxy", "\udc80"], ids=ascii_id)
def test_bytes_that_were_not_utf8_are_named_as_such(letters):
    """Python hands on undecodable bytes of argv as U+DC80 to U+DCFF."""
    with pytest.raises(InvalidRackError) as caught:
        letters_key(letters)
    assert str(caught.value) == f"letters {letters!r} are not valid UTF-8"


def test_a_surrogate_outside_that_range_is_just_not_a_letter():
    with pytest.raises(InvalidRackError) as caught:
        letters_key("ab\udc7f")
    assert str(caught.value) == (
        "letters 'ab\\udc7f' contain characters that are not letters: U+DC7F"
    )
