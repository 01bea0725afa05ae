"""The game engine and the computer opponent: seeded replays, picks, scoring between players."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.countdown.conundrum import Conundrum
from anagramdb.countdown.game import FORMATS, Game, LetterPicker, parse_rounds
from anagramdb.countdown.letters import solve_letters
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.numbers_check import check_numbers
from anagramdb.countdown.opponent import EASY_LONGEST, Opponent
from anagramdb.countdown.rules import check_word
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidGameError

from .conftest import make_dictionary


def test_formats_and_custom_rounds():
    assert parse_rounds("full") == FORMATS["full"] == "LLNLLNLLNLLLLNC"
    assert parse_rounds("quick") == "LNC"
    assert parse_rounds("llnc") == "LLNC"
    for bad in ("", "LXN", "L" * 51, "slow"):
        with pytest.raises(InvalidGameError):
            parse_rounds(bad)


def test_picks_follow_the_rules():
    picker = LetterPicker(random.Random(1))
    for _ in range(5):
        picker.pick("v")
    assert picker.allowed() == ("consonant",)
    with pytest.raises(InvalidGameError, match="no more vowels"):
        picker.pick("v")
    assert picker.pick("v", forced=True) not in "AEIOU"  # forced: the consonant the rules require
    while not picker.done:
        picker.pick("c")
    assert len(picker.letters) == 9 and picker.vowels == 5
    with pytest.raises(InvalidGameError, match="all 9 letters"):
        picker.pick("c")
    with pytest.raises(InvalidGameError, match="pick v"):
        LetterPicker(random.Random(1)).pick("x")


@pytest.mark.parametrize("seed", range(40))
def test_auto_picks_make_a_legal_selection(seed):
    picker = LetterPicker(random.Random(seed))
    for kind in "vc"[: seed % 3]:
        picker.pick(kind)
    letters = picker.auto()
    vowels = sum(letter in "AEIOU" for letter in letters)
    assert len(letters) == 9 and 3 <= vowels <= 5 and vowels == picker.vowels


def test_a_seed_replays_the_game(full, common):
    def draws(seed: int) -> tuple[str, list[int], int, str]:
        game = Game(full, common, "LNC", seed=seed)
        picker = game.letters(0)
        for kind in "vcvcvccvc":
            picker.pick(kind)
        numbers = game.numbers(1, 2)
        return picker.letters, numbers.numbers, numbers.target, game.conundrum(2).clue

    assert draws(11) == draws(11)
    assert draws(11) != draws(12)
    assert isinstance(Game(full, common, "LNC").seed, int)


def test_rounds_are_scored_as_on_the_show(full, common):
    game = Game(full, common, "LNCC", seed=3, opponent="hard", seconds=30)
    letters = game.letters(0).auto()
    best = solve_letters(full, letters, enough=1)[0]
    result = game.play_letters(0, letters, best.word, seconds=12.0)
    assert result.points == [best.score, best.score]  # a tie with the solver's best: both score
    draw = game.numbers(1, 2)
    result = game.play_numbers(1, draw, "", late=True)
    assert result.plays[0].reason == "no answer in time" and result.points[0] == 0
    assert result.points[1] == result.plays[1].score > 0
    puzzle = game.conundrum(2)
    move = game.conundrum_move(2, puzzle)
    assert move is not None and move.answer == puzzle.answer and move.seconds is not None
    result = game.play_conundrum(2, puzzle, puzzle.answer.upper(), seconds=move.seconds + 1)
    assert result.points == [0, 10]  # the computer was first
    puzzle = game.conundrum(3)
    result = game.play_conundrum(3, puzzle, puzzle.answer, seconds=0.5)
    assert result.points == [10, 0]
    assert game.totals == {
        "you": sum(r.points[0] for r in game.results),
        "computer": sum(r.points[1] for r in game.results),
    }
    record = json.loads(json.dumps(game.record()))
    assert record["finished"] and record["rounds"] == "LNCC" and len(record["results"]) == 4
    assert record["results"][2]["points"] == {"you": 0, "computer": 10}


def test_answers_that_are_not_words_or_expressions_score_nothing(full, common):
    game = Game(full, common, "LN", seed=5)
    letters = game.letters(0).auto()
    assert (
        game.play_letters(0, letters, "r2d2")
        .plays[0]
        .reason.startswith("word 'r2d2' has characters")
    )
    result = game.play_numbers(1, game.numbers(1, 1), "(1 +")
    assert result.plays[0].reason.startswith("expected") and result.points == [0]


def test_a_slow_opponent_misses_the_conundrum_clock(full, common):
    game = Game(full, common, "C", seed=3, opponent="hard", seconds=1)
    puzzle = game.conundrum(0)
    result = game.play_conundrum(0, puzzle, None, late=True)
    computer = result.plays[1]
    assert (
        computer.answer is None
        and computer.reason == "no answer in time"
        and result.points == [0, 0]
    )


def test_bad_settings(full, common):
    with pytest.raises(InvalidGameError):
        Game(full, common, "LNC", opponent="genius")
    with pytest.raises(InvalidGameError):
        Game(full, common, "LNC", seconds=-1)
    with pytest.raises(InvalidGameError):
        Game(full, common, "LNC").numbers(5, 1)


RACKS = ["GYROSCOPE", "COUNTDOWN", "TERMINATE", "RSEUSFIGG", "OTIBIFKES", "AIAOELWCG"]


@pytest.mark.parametrize("seed", range(6))
def test_opponent_levels(full, common, seed):
    rng = random.Random
    rack = RACKS[seed]
    best = solve_letters(full, rack, enough=1)[0].length
    hard = Opponent("hard", full, common).letters(rack, rng(seed))
    assert len(hard.answer) == best and check_word(full, rack, hard.answer).valid
    for level in ("easy", "medium"):
        for trial in range(8):
            move = Opponent(level, full, common).letters(rack, rng(seed * 100 + trial))
            if move.reasoning.startswith("a slip"):
                assert not check_word(full, rack, move.answer).in_rack
                continue
            assert move.answer in common.anagrams(move.answer)
            assert check_word(common, rack, move.answer).in_rack
            if level == "easy":
                assert len(move.answer) <= EASY_LONGEST
    numbers, target = [100, 25, 8, 1, 5, 7], 432 + seed * 77
    exact = solve(numbers, target)
    for level, tiles in (("easy", 3), ("medium", 4), ("hard", 6)):
        move, answer = Opponent(level, full, common).numbers(numbers, target, rng(seed))
        check = check_numbers(numbers, target, move.answer)
        assert check.valid and check.value == answer.value
        assert len(re.findall(r"\d+", move.answer)) <= tiles
        assert answer.distance >= exact.distance
        if level == "hard":
            assert answer.distance == exact.distance


def test_conundrum_skill_by_level(full, common):
    puzzle = Conundrum("canedanon", "cannonade", ("caned", "anon"))
    solved = {}
    for level in ("easy", "medium", "hard"):
        solved[level] = sum(
            Opponent(level, full, common).conundrum(puzzle, random.Random(i)).answer is not None
            for i in range(60)
        )
    assert solved["hard"] == 60 and 5 < solved["easy"] < solved["medium"] < 60
    hard_times = [
        Opponent("hard", full, common).conundrum(puzzle, random.Random(i)).seconds
        for i in range(20)
    ]
    assert all(1.5 <= t <= 6 for t in hard_times)


def test_small_dictionaries_work_too(tmp_path, common):
    words = make_dictionary(tmp_path, ["cat", "act", "tac", "dog"])
    with Dictionary(words) as small:
        game = Game(small, common, "L", seed=1, opponent="hard")
        picker = game.letters(0)
        letters = picker.auto()
        result = game.play_letters(0, letters, "cat")
        assert result.best["words"] == [] or all(
            w in ("cat", "act", "tac", "dog") for w in result.best["words"]
        )
        puzzle = Game(small, common, "C", seed=1).conundrum(
            0
        )  # none unique in the small list: from common
        assert len(puzzle.answer) == 9 and common.anagrams(puzzle.answer) == [puzzle.answer]


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.integers(0, 10**6),
    st.text(max_size=30),
    st.text(alphabet="0123456789+-*/x()=; ", max_size=30),
    st.text(max_size=12),
    st.integers(0, 4),
)
def test_any_answer_gets_a_verdict_never_an_error(full, common, seed, word, working, guess, large):
    game = Game(full, common, "LNC", seed=seed, opponent="easy")
    letters = game.letters(0).auto()
    for result in (
        game.play_letters(0, letters, word),
        game.play_numbers(1, game.numbers(1, large), working),
        game.play_conundrum(
            2, Conundrum("canedanon", "cannonade", ("caned", "anon")), guess, seconds=1.0
        ),
    ):
        you = result.plays[0]
        assert you.valid == (you.reason is None) and (you.score > 0) <= you.valid
        assert sum(result.points) <= sum(p.score for p in result.plays)
    json.dumps(game.record())
