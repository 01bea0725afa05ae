"""The show's rules: letter selections, word checks, the scoring tables, two-player awards."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from anagramdb.cli.app import app
from anagramdb.countdown.rules import (
    CONUNDRUM_SCORE,
    Shortfall,
    allowed_picks,
    award,
    check_conundrum,
    check_word,
    numbers_score,
    packaged_dictionaries,
    selection_problems,
    word_score,
)
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidRackError
from anagramdb.packaged import PACKAGED

from ..support.dictionaries import make_dictionary

runner = CliRunner()


@pytest.mark.parametrize(("length", "points"), [(1, 1), (3, 3), (5, 5), (8, 8), (9, 18)])
def test_word_score_is_its_length_and_18_for_nine(length, points):
    assert word_score(length) == points


@pytest.mark.parametrize(
    ("distance", "points"),
    [(0, 10), (1, 7), (5, 7), (6, 5), (10, 5), (11, 0), (27, 0), (900, 0)],
)
def test_numbers_scoring_table(distance, points):
    assert numbers_score(distance) == points


def test_selection_needs_nine_letters_three_vowels_four_consonants():
    assert selection_problems("GYROSCOPE") == []
    assert selection_problems("AEIOUAEIB") == ["it needs at least 4 consonants, not 1"]
    assert selection_problems("STRNGTHSA") == ["it needs at least 3 vowels, not 1"]
    assert selection_problems("ABC") == [
        "a selection is 9 letters, not 'ABC'",
        "it needs at least 3 vowels, not 1",
        "it needs at least 4 consonants, not 2",
    ]
    assert selection_problems("GYROSCOP3") == [
        "a selection is 9 letters, not 'GYROSCOP3'",
        "it needs at least 3 vowels, not 2",
    ]
    assert selection_problems("gyroscopé") == []  # case and accents folded
    assert selection_problems("AEIBCDFGH") == []  # exactly 3 vowels and 6 consonants
    assert selection_problems("AEIOUBCDF") == []  # 5 vowels and exactly 4 consonants


def test_allowed_picks_keep_three_vowels_and_four_consonants_possible():
    assert allowed_picks(0, 0) == ("vowel", "consonant")
    assert allowed_picks(5, 0) == ("consonant",)  # a sixth vowel would leave room for 3 consonants
    assert allowed_picks(0, 6) == ("vowel",)
    assert allowed_picks(3, 5) == ("vowel", "consonant")
    assert allowed_picks(5, 4) == ()
    # Every sequence of allowed picks ends in a legal selection.
    for vowels in range(6):
        for consonants in range(7):
            if vowels + consonants == 9:
                assert vowels >= 3 and consonants >= 4


def test_conundrum_scores_ten_for_the_answer_only():
    assert check_conundrum("cannonade", "CANNONADE") == CONUNDRUM_SCORE == 10
    assert check_conundrum("cannonade", " cannonade\n") == 10
    assert check_conundrum("cannonade", "canedanon") == 0
    assert check_conundrum("cannonade", "") == 0


@pytest.mark.parametrize(
    ("scores", "ranks", "expected"),
    [
        ([7, 6], [7, 6], [7, 0]),  # letters: only the longer word
        ([6, 6], [6, 6], [6, 6]),  # a tie: both
        ([0, 5], [8, 5], [0, 5]),  # an invalid longer word does not block a valid one
        ([0, 0], [0, 0], [0, 0]),
        ([18, 18], [9, 9], [18, 18]),
        ([7, 5], [-3, -8], [7, 0]),  # numbers: the nearer answer
        ([5, 5], [-8, -6], [0, 5]),  # both within 10, only the nearer scores
        ([10, 10], [0, 0], [10, 10]),
        ([10, 10], [-2.0, -5.5], [10, 0]),  # conundrum: the first correct answer
        ([1, 0], [1, 5], [1, 0]),  # a one-point answer scores; an invalid one never blocks
        ([0, 1, 1], [9, 1, 1], [0, 1, 1]),
        ([5], [5], [5]),
    ],
)
def test_two_player_award(scores, ranks, expected):
    assert award(scores, ranks) == expected


def test_award_needs_a_rank_for_every_score():
    with pytest.raises(ValueError):
        award([5, 5], [5])
    with pytest.raises(ValueError):
        award([0, 0], [1, 2, 3])


@pytest.fixture
def dictionaries(tmp_path):
    main = make_dictionary(tmp_path, ["countdown", "count", "terrine", "café"], name="main.txt")
    other = make_dictionary(tmp_path, ["countdown", "cutdown", "contd"], name="other.txt")
    with Dictionary(main) as chosen, Dictionary(other) as extra:
        yield chosen, {"other": extra, "main": chosen}


def test_check_word_valid(dictionaries):
    chosen, elsewhere = dictionaries
    result = check_word(chosen, "COUNTDOWN", "count", elsewhere, "main")
    assert result.valid and result.score == 5 and result.reason is None
    assert check_word(chosen, "COUNTDOWN", "COUNTDOWN").score == 18
    assert check_word(chosen, "ACEFXYZWQ", "Café").valid  # accents folded both ways
    assert check_word(chosen, "ACEFXYZWQ", "cafe").valid


def test_check_word_says_which_letters_are_missing(dictionaries):
    chosen, elsewhere = dictionaries
    result = check_word(chosen, "TERMINATE", "terrine", elsewhere, "main")
    assert not result.in_rack and result.in_dictionary and result.score == 0
    assert result.missing == (Shortfall("r", 2, 1),)
    assert result.reason == "the rack TERMINATE can't make terrine: needs 2 r, rack has 1"
    assert check_word(chosen, "TERMINATE?", "terrine").valid  # a blank covers the second r


def test_check_word_names_the_dictionaries_that_have_it(dictionaries):
    chosen, elsewhere = dictionaries
    result = check_word(chosen, "COUNTDOWN", "cutdown", elsewhere, "main")
    assert result.in_rack and not result.in_dictionary and result.elsewhere == ("other",)
    assert result.reason == "cutdown is not in the dictionary main (it is in other)"
    nowhere = check_word(chosen, "COUNTDOWN", "wound", elsewhere, "main")
    assert (
        nowhere.elsewhere == ()
        and nowhere.reason == "wound is not in the dictionary main (nor in any packaged dictionary)"
    )
    both = check_word(chosen, "COUNT", "cutdown", elsewhere, "main")
    assert (
        both.reason
        == "the rack COUNT can't make cutdown: needs 1 d, rack has 0; needs 1 w, rack has 0; "
        "cutdown is not in the dictionary main (it is in other)"
    )
    assert json.loads(json.dumps(both.to_dict())) == {
        "rack": "COUNT",
        "word": "cutdown",
        "valid": False,
        "length": 7,
        "score": 0,
        "in_rack": False,
        "missing": [{"letter": "d", "needs": 1, "has": 0}, {"letter": "w", "needs": 1, "has": 0}],
        "in_dictionary": False,
        "dictionary": "main",
        "elsewhere": ["other"],
        "reason": both.reason,
        "note": None,
    }


def test_a_valid_word_s_record_scores_its_folded_length(dictionaries):
    chosen, _ = dictionaries
    assert check_word(chosen, "FACE?????", "Café").to_dict() == {
        "rack": "FACE?????",
        "word": "Café",
        "valid": True,
        "length": 4,
        "score": 4,
        "in_rack": True,
        "missing": [],
        "in_dictionary": True,
        "dictionary": chosen.path,
        "elsewhere": [],
        "reason": None,
        "note": None,
    }


def test_the_review_s_note_comes_with_an_accepted_or_a_missing_word(tmp_path):
    with Dictionary(make_dictionary(tmp_path, ["realize", "color"])) as chosen:
        accepted = check_word(chosen, "REALIZE", "Realize", name="mine")
        assert accepted.valid and accepted.note == "Oxford spelling; also realise"
        assert accepted.to_dict()["note"] == accepted.note and accepted.reason is None
        found = check_word(chosen, "COLORABCD", "color", name="mine")
        assert found.valid and found.note is None  # listed: the US note would only confuse
        missing = check_word(chosen, "ANALYZE", "analyze", name="mine")
        assert missing.note == "US spelling; British analyse" and missing.score == 0
        assert missing.reason == (
            "analyze is not in the dictionary mine (nor in any packaged dictionary): "
            "US spelling; British analyse"
        )
        assert check_word(chosen, "ANALYSE", "analyse", name="mine").note is None


@pytest.mark.parametrize(
    ("rack", "word"), [("COUNT1", "count"), ("COUNT", "co-unt"), ("", "a"), ("COUNT", "")]
)
def test_check_word_refuses_bad_input(dictionaries, rack, word):
    with pytest.raises(InvalidRackError):
        check_word(dictionaries[0], rack, word)


def test_a_bad_word_and_a_long_one_are_named_readably(dictionaries):
    chosen, _ = dictionaries
    for word, message in [
        ("", "no word given"),
        (" \t", "no word given"),
        ("co-unt", "word 'co-unt' has characters that are not letters: '-'"),
    ]:
        with pytest.raises(InvalidRackError) as caught:
            check_word(chosen, "COUNT", word)
        assert str(caught.value) == message
    long = "a" * 30 + "b" * 11  # one letter past the 40 a message quotes
    check = check_word(chosen, "AB", long, name="main")
    shown = "a" * 30 + "b" * 10 + "..."
    assert check.reason == (
        f"the rack AB can't make {shown}: needs 30 a, rack has 1; needs 11 b, rack has 1; "
        f"{shown} is not in the dictionary main (nor in any packaged dictionary)"
    )
    exactly = "a" * 40
    assert check_word(chosen, "A", exactly, name="m").reason.startswith(
        f"the rack A can't make {exactly}: needs"
    )


def test_packaged_dictionaries_are_every_named_one():
    with packaged_dictionaries() as packaged:
        assert set(packaged) == set(PACKAGED)
        assert all(d.word_count > 0 for d in packaged.values())


def test_check_command_exit_codes_and_json(dictionaries):
    chosen, _ = dictionaries
    result = runner.invoke(app, ["--dict", chosen.path, "check", "letters", "COUNTDOWN", "count"])
    assert result.exit_code == 0 and result.stdout == "count: valid, 5 letters, 5 points\n"
    result = runner.invoke(app, ["--dict", chosen.path, "check", "letters", "TERMINATE", "terrine"])
    assert result.exit_code == 1
    assert (
        result.stdout
        == "terrine: not valid: the rack TERMINATE can't make terrine: needs 2 r, rack has 1\n"
    )
    result = runner.invoke(
        app, ["--dict", chosen.path, "check", "letters", "COUNTDOWN", "cutdown", "--json"]
    )
    record = json.loads(result.stdout)
    assert (
        result.exit_code == 1
        and record["in_dictionary"] is False
        and record["dictionary"] == chosen.path
    )
    assert "huge" in record["elsewhere"]  # the packaged dictionaries are asked
    result = runner.invoke(app, ["--dict", chosen.path, "check", "letters", "COUNT1", "count"])
    assert result.exit_code == 2 and result.stderr.startswith("anagramdb: error: rack 'COUNT1'")


def test_check_command_batch(dictionaries):
    chosen, _ = dictionaries
    lines = "COUNTDOWN count\nTERMINATE terrine\n\nbad\n"
    result = runner.invoke(app, ["--dict", chosen.path, "check", "letters", "-"], input=lines)
    assert result.exit_code == 2  # the worst line: a bad one
    assert result.stdout.splitlines() == [
        "COUNTDOWN count: valid, 5 letters, 5 points",
        "TERMINATE terrine: not valid: the rack TERMINATE can't make terrine: "
        "needs 2 r, rack has 1",
    ]
    assert "each line is a rack and a word" in result.stderr
    result = runner.invoke(
        app,
        ["--dict", chosen.path, "check", "letters", "-", "--json"],
        input="COUNTDOWN count\nTERMINATE terrine\n",
    )
    assert result.exit_code == 1 and [
        json.loads(line)["valid"] for line in result.stdout.splitlines()
    ] == [True, False]
    result = runner.invoke(
        app, ["--dict", chosen.path, "check", "letters", "-"], input="COUNTDOWN count\n"
    )
    assert result.exit_code == 0
    for args in (["check", "letters", "-", "count"], ["check", "-", "count"]):
        result = runner.invoke(app, ["--dict", chosen.path, *args])
        assert result.exit_code == 2 and "give RACK WORD" in result.stderr


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.text(alphabet="abcdeXYZ?", min_size=1, max_size=12),
    st.text(alphabet="abcdexyz", min_size=1, max_size=10),
)
def test_missing_letters_match_a_counting_model(dictionaries, rack, word):
    if not rack.replace("?", ""):
        rack += "a"
    result = check_word(dictionaries[0], rack, word)
    have, need = Counter(rack.lower().replace("?", "")), Counter(word)
    short = {
        letter: (count, have[letter]) for letter, count in need.items() if count > have[letter]
    }
    assert {item.letter: (item.needs, item.has) for item in result.missing} == short
    assert result.in_rack == (sum(n - h for n, h in short.values()) <= rack.count("?"))
    assert result.score == (word_score(len(word)) if result.valid else 0)
