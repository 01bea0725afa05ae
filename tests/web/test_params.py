"""The parameter rules of web/params.py, which the API, the pages and the game all read
their parameters by: one integer rule, one length cap a parameter, one message shape."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anagramdb.countdown.rules import MAX_ANSWER
from anagramdb.web.params import (
    CAPS,
    MAX_TEXT,
    ApiError,
    flag,
    integer,
    number_list,
    one,
)
from anagramdb.web.rooms import RoomError


def refusal(call, *args) -> tuple[int, str]:
    with pytest.raises(ApiError) as caught:
        call(*args)
    return caught.value.status, str(caught.value)


@given(st.integers(0, 999), st.integers(0, 999), st.integers(0, 999))
def test_a_whole_number_is_taken_exactly_within_its_bounds(value, low, high):
    params = {"n": [str(value)]}
    if low <= value <= high:
        assert integer(params, "n", None, low, high) == value
    else:
        assert refusal(integer, params, "n", None, low, high) == (
            400,
            f"parameter 'n' must be a whole number from {low} to {high}, not '{value}'",
        )


@pytest.mark.parametrize("text", ["-1", "1.5", "１２", "2e3", "0x10", "seven"])
def test_anything_but_ascii_digits_is_refused(text):
    status, message = refusal(integer, {"n": [text]}, "n", 3, 0, 100)
    assert status == 400 and message.endswith(f"not {text!r}")


@pytest.mark.parametrize("params", [{}, {"n": [""]}, {"n": ["  "]}])
def test_a_missing_or_blank_number_is_the_default(params):
    assert integer(params, "n", 30, 0, 300) == 30
    assert integer(params, "n", None, 0, 300) is None


def test_spaces_around_a_number_are_ignored():
    assert integer({"n": [" 42 "]}, "n", None, 0, 100) == 42


def test_one_value_its_default_its_repetition_and_its_cap():
    assert one({"word": ["cat"]}, "word") == "cat"
    assert one({}, "word", "") == ""
    assert refusal(one, {}, "word") == (400, "missing parameter 'word'")
    assert refusal(one, {"word": ["a", "b"]}, "word") == (
        400,
        "parameter 'word' is given 2 times",
    )
    assert one({"word": ["x" * MAX_TEXT]}, "word")
    assert refusal(one, {"word": ["x" * (MAX_TEXT + 1)]}, "word") == (
        413,
        f"parameter 'word' is longer than {MAX_TEXT} characters",
    )


@pytest.mark.parametrize(("name", "cap"), sorted(CAPS.items()))
def test_a_parameter_with_a_cap_of_its_own_has_it_everywhere(name, cap):
    assert one({name: ["x" * cap]}, name)
    assert refusal(one, {name: ["x" * (cap + 1)]}, name)[0] == 413


def test_every_typed_answer_has_the_working_cap():
    assert {CAPS[name] for name in ("check", "answer", "text")} == {MAX_ANSWER}


@pytest.mark.parametrize(
    ("text", "meaning"),
    [("", True), ("1", True), ("Yes", True), ("on", True), ("0", False), ("off", False)],
)
def test_a_flag_is_yes_or_no(text, meaning):
    assert flag({"all": [text]}, "all") is meaning
    assert flag({}, "all") is False


def test_a_flag_that_is_neither_is_refused():
    assert refusal(flag, {"all": ["maybe"]}, "all") == (
        400,
        "parameter 'all' must be 1 or 0, not 'maybe'",
    )


def test_numbers_are_split_at_spaces_commas_and_pluses():
    assert number_list("25 50,75+100  3,,6") == ["25", "50", "75", "100", "3", "6"]
    assert refusal(number_list, "1 2 3 4 5 6 7")[0] == 400
    assert refusal(number_list, "")[0] == 400
    assert refusal(number_list, "1234567")[0] == 400


def test_a_rooms_refusal_is_the_same_shape():
    assert issubclass(RoomError, ApiError) and RoomError(429, "slow down").status == 429
