"""Players' names (countdown/names.py): the one rule of every front end, at its bounds, and
which names are too alike. Expected values are hand-made: the show's computer is
"computer"; a Cyrillic а, a full-width Ａ, an é and a digit 0 look like a, A, e and o."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anagramdb.countdown.game import Game, check_names
from anagramdb.countdown.names import MAX_MARKS, MAX_NAME, clean_name, skeleton, too_alike
from anagramdb.errors import InvalidGameError


def refused(text: str) -> str:
    with pytest.raises(InvalidGameError) as caught:
        clean_name(text)
    return str(caught.value)


def test_a_name_is_cleaned_and_kept_as_typed():
    assert clean_name("  Ann   Marie ") == "Ann Marie"
    assert clean_name("Zoë") == "Zoë" and clean_name("Zoe\u0308") == "Zoë"  # NFC
    assert clean_name("Maria Fernanda Gonzalez") == "Maria Fernanda Gonzalez"  # 23
    assert clean_name("x" * MAX_NAME) == "x" * 24
    assert clean_name("Nguyễn Thị") == "Nguyễn Thị"  # two marks on one letter


def test_the_rule_says_what_is_wrong():
    assert refused("") == "give a name to play"
    assert refused(" \t ") == "give a name to play"
    assert refused("x" * (MAX_NAME + 1)) == "a name has at most 24 characters, not 25"
    assert refused("a\x07b").startswith("a name must be printable text")
    assert refused("a\u200bb").startswith("a name must be printable text")  # zero width
    assert refused("a\u202eb").startswith("a name must be printable text")  # bidi override
    zalgo = "Z" + "\u0301\u0302\u0303" + "alg"
    assert refused(zalgo) == f"a name has at most {MAX_MARKS} accents on one letter"
    lookalikes = ("computer", "Computer", "COMPUTER", "C0mputer", "Соmputer", "ＣＯＭＰＵＴＥＲ")
    for computer in lookalikes:
        assert refused(computer) == f"{computer!r} is the computer's name: choose another"


def test_names_too_alike():
    for one, other in [
        ("Bob", "bob"),
        ("Bob", "Воb"),  # Cyrillic В and о
        ("Ann", "Ａｎｎ"),  # full width
        ("Zoë", "Zoe"),
        ("Ann-Marie", "Ann Marie"),
        ("Bill", "BiII"),  # capital I for l
        ("Tom", "T0m"),
        ("Kim", "Kirn"),  # rn for m
    ]:
        assert too_alike(one, other), (one, other, skeleton(one), skeleton(other))
    for one, other in [("Ann", "Anna"), ("Bob", "Rob"), ("Tom", "Tim"), ("Zoë", "Zed")]:
        assert not too_alike(one, other), (one, other)


def test_a_game_refuses_two_players_too_alike_and_every_front_end_shares_the_bound(full, common):
    with pytest.raises(InvalidGameError, match="too alike: Bob, Воb"):
        check_names(["Bob", "Воb"])
    game = Game(full, common, "L", players=["Maria Fernanda Gonzalez", "Ann"])
    assert game.humans == ["Maria Fernanda Gonzalez", "Ann"]


@given(st.text(alphabet=st.characters(categories=["L", "N", "Zs"]), max_size=12))
def test_names_of_letters_are_kept_and_cleaning_twice_changes_nothing(text):
    """Letters, digits and spaces, up to half the bound: refused only when blank or the
    computer's; a kept name passes the rule again unchanged."""
    if not text.split() or skeleton(" ".join(text.split())) == skeleton("computer"):
        with pytest.raises(InvalidGameError):
            clean_name(text)
        return
    name = clean_name(text)
    assert clean_name(name) == name and 1 <= len(name) <= MAX_NAME
    assert name == " ".join(name.split())
