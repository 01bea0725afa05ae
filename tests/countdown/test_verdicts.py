"""Verdicts on a round's declarations (countdown/verdicts.py): each Play judged alone, the
best answers, the words Dictionary Corner explains, and the records a front end reveals."""

from __future__ import annotations

import json

import pytest

from anagramdb.countdown.draw import NumbersDraw
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.opponent import Move, RackWords
from anagramdb.countdown.verdicts import (
    Play,
    RoundResult,
    conundrum_best,
    conundrum_play,
    defined_words,
    letters_best,
    numbers_best,
    numbers_play,
    points,
    word_play,
)
from anagramdb.dictionary import Dictionary

from ..support.dictionaries import make_dictionary

DRAW = NumbersDraw([25, 50, 75, 100, 3, 6], 952)


@pytest.fixture
def main(tmp_path):
    with Dictionary(make_dictionary(tmp_path, ["countdown", "count", "café"])) as d:
        yield d


def test_a_word_is_judged_alone_by_its_length(main):
    assert word_play(main, "main", "ann", "COUNTDOWN", " count ", "why", 3.5) == Play(
        "ann", "count", True, 5, 5, None, "why", 3.5, 5
    )
    assert word_play(main, "main", "ann", "COUNTDOWN", "CountDown") == Play(
        "ann", "CountDown", True, 18, 9, None, None, None, 9
    )
    assert word_play(main, "main", "bob", "FACE?????", "Café").value == 4


def test_a_word_that_does_not_count_scores_nothing_and_says_why(main):
    assert word_play(main, "main", "ann", "COUNTDOWN", "cutdown", None, 2.0) == Play(
        "ann", "cutdown", False, 0, 0,
        "cutdown is not in the dictionary main (nor in any packaged dictionary)", None, 2.0, None,
    )  # fmt: skip
    short = word_play(main, "main", "ann", "COUNTERS", "countdown")
    assert (short.valid, short.score, short.rank, short.value) == (False, 0, 0, None)
    assert short.reason.startswith("the rack COUNTERS can't make countdown: needs 1 d")
    bad = word_play(main, "main", "ann", "COUNTDOWN", "co-unt", "r", 1.0)
    assert bad == Play(
        "ann", "co-unt", False, 0, 0,
        "word 'co-unt' has characters that are not letters: '-'", "r", 1.0,
    )  # fmt: skip
    for nothing in (None, "", "  "):
        assert word_play(main, "main", "ann", "COUNTDOWN", nothing, "r", 4.0) == Play(
            "ann", None, False, 0, 0, "no answer", "r", 4.0
        )


def test_a_numbers_answer_ranks_by_its_distance():
    exact = numbers_play("ann", DRAW, " (100+3)*75*6/50+25 ", "r", 2.5)
    assert exact == Play("ann", "(100+3)*75*6/50+25", True, 10, 0, None, "r", 2.5, 952)
    near = numbers_play("ann", DRAW, "(100+50)*6+75-25")  # 950: two away
    assert near == Play("ann", "(100+50)*6+75-25", True, 7, -2, None, None, None, 950)
    far = numbers_play("ann", DRAW, "100+6")
    assert (far.valid, far.score, far.rank, far.value) == (True, 0, -846, 106)
    wrong = numbers_play("ann", DRAW, "100*9", None, 1.0)
    assert wrong == Play(
        "ann", "100*9", False, 0, 0, "9 is not one of the numbers", None, 1.0, None
    )
    garbled = numbers_play("ann", DRAW, " hello ", "r", 1.5)
    assert garbled[:5] == ("ann", "hello", False, 0, 0) and garbled[6:] == ("r", 1.5, None)
    assert garbled.reason.startswith("unexpected 'hello' at character 1 of the answer")
    for nothing in (None, "", " "):
        assert numbers_play("ann", DRAW, nothing, "r", 3.0) == Play(
            "ann", None, False, 0, 0, "no answer", "r", 3.0
        )


def test_only_the_first_right_buzz_wins_the_conundrum():
    move = Move("cannonade", "saw it", 4.0)
    assert conundrum_play("ann", "CANNONADE", 3.1, -3.1, "ann") == Play(
        "ann", "CANNONADE", True, 10, -3.1, None, None, 3.1
    )
    assert conundrum_play("computer", "cannonade", 4.0, -4.0, "ann", move) == Play(
        "computer", "cannonade", False, 0, 0, "cannonade is not the answer", "saw it", 4.0
    )
    assert conundrum_play("bob", None, None, 0.0, "ann") == Play(
        "bob", None, False, 0, 0, "no answer (ann buzzed first)"
    )
    assert conundrum_play("ann", "", 2.0, -2.0, "ann", move) == Play(
        "ann", None, False, 0, 0, "no answer", "saw it"
    )
    assert conundrum_play("ann", None, None, 0.0, None).reason == "no answer"


def test_the_best_letters_answers_show_five_of_the_longest():
    words = RackWords(
        "AEINRSTXY",
        tuple((w, True) for w in ["retinas", "nastier", "stainer", "retains", "anestri",
                                  "ratines", "antsier", "stearin", "train", "rain"]),
    )  # fmt: skip
    assert letters_best(words) == (
        {
            "words": ["retinas", "nastier", "stainer", "retains", "anestri"],
            "length": 7,
            "count": 8,
        },
        7,
    )
    nine = RackWords("COUNTDOWN", (("countdown", True), ("count", False)))
    assert letters_best(nine) == ({"words": ["countdown"], "length": 9, "count": 1}, 18)
    assert letters_best(RackWords("QQQQQQQQQ", ())) == ({"words": [], "length": 0, "count": 0}, 0)


def test_the_best_numbers_and_conundrum_answers():
    exact = solve(DRAW.numbers, DRAW.target)
    record, available = numbers_best(exact)
    assert record == {**exact.solutions[0].to_dict(), "distance": 0} and available == 10
    assert numbers_best(solve([2, 3], 17)) == ({**solve([2, 3], 17).solutions[0].to_dict(),
                                               "distance": 11}, 0)  # fmt: skip
    assert numbers_best(solve([2, 3], 11))[1] == 7  # 6 is 5 away
    assert numbers_best(solve([2, 3], 16))[1] == 5  # 6 is 10 away
    assert conundrum_best("cannonade") == ({"answer": "cannonade"}, 10)


def test_dictionary_corner_explains_the_best_words_and_every_word_played():
    plays = [
        Play("ann", " Café ", True, 4, 4, None),
        Play("bob", None, False, 0, 0, "no answer"),
        Play("eve", "count", True, 5, 5, None),
        Play("dan", "?!", False, 0, 0, "not a word"),
    ]
    best = {"words": ["countdown", "cafe"], "length": 9, "count": 2}
    assert defined_words("letters", plays, best) == ["countdown", "cafe", "count", "?!"]
    assert defined_words("conundrum", plays, {"answer": "CANNONADE"}) == [
        "cannonade", "cafe", "count", "?!",
    ]  # fmt: skip
    assert defined_words("numbers", plays, {"infix": "3 + 4"}) == []
    assert defined_words("letters", [Play("ann", " ", False, 0, 0, None)], {"words": []}) == []


def test_the_points_and_the_round_s_record():
    plays = [
        Play("ann", "count", True, 5, 5, None, None, 3.0, 5),
        Play("bob", "cutdown", False, 0, 0, "not in the dictionary", None, 4.5, None),
        Play("computer", "tocund", True, 5, 5, None, "found it", 20.0, 5),
    ]
    assert points(plays) == [5, 0, 5]
    assert points([plays[0], plays[1]._replace(score=7, rank=7)]) == [0, 7]
    result = RoundResult(
        2, "letters", {"letters": "COUNTDOWN"}, plays, points(plays),
        {"words": ["countdown"], "length": 9, "count": 1}, 18, True, "bob",
    )  # fmt: skip
    assert result.points_of("computer") == 5 and result.points_of("bob") == 0
    assert result.points_of("nobody") == 0
    assert result.play_of("bob") is plays[1] and result.play_of("nobody") is None
    record = result.to_dict()
    assert record == {
        "round": 3,
        "kind": "letters",
        "crucial": True,
        "picker": "bob",
        "puzzle": {"letters": "COUNTDOWN"},
        "plays": [play.to_dict() for play in plays],
        "points": {"ann": 5, "bob": 0, "computer": 5},
        "best": {"words": ["countdown"], "length": 9, "count": 1},
        "available": 18,
    }
    assert plays[2].to_dict() == {
        "player": "computer",
        "answer": "tocund",
        "valid": True,
        "value": 5,
        "score": 5,
        "reason": None,
        "reasoning": "found it",
        "seconds": 20.0,
    }
    defined = result._replace(definitions={"count": {"defined": True, "entries": []}})
    assert defined.to_dict() == {**record, "definitions": defined.definitions}
    assert json.loads(json.dumps(defined.to_dict())) == defined.to_dict()
