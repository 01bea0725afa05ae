"""The computer opponent's levels, held to their targets by counting over SEEDED_ROUNDS
seeded rounds of each kind (opponent_figures.measure), and its slips and times checked
one by one."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from anagramdb.countdown.conundrum import Conundrum
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.numbers_check import check_numbers
from anagramdb.countdown.opponent import SKILLS, Opponent, rack_words
from anagramdb.countdown.opponent_figures import SEEDED_ROUNDS, TARGETS, measure, misses
from anagramdb.countdown.rules import check_word, shortfalls


@pytest.fixture(scope="module")
def figures(full, common):
    return {f.level: f for f in measure(full, common, SEEDED_ROUNDS)}


def test_every_level_meets_its_targets_over_500_seeded_rounds(figures):
    assert SEEDED_ROUNDS >= 500 and set(figures) == set(TARGETS) == set(SKILLS)
    assert [problem for f in figures.values() for problem in misses(f)] == []


def test_the_levels_are_in_order(figures):
    order = [figures[level] for level in ("easy", "medium", "hard", "perfect")]
    for weaker, stronger in pairwise(order):
        assert weaker.maximum < stronger.maximum and weaker.mean_length < stronger.mean_length
        assert weaker.exact < stronger.exact or stronger.exact == 1.0
        assert weaker.solved < stronger.solved or stronger.solved == 1.0
        assert weaker.median_buzz_seconds > stronger.median_buzz_seconds


def test_slips_are_a_persons_never_two_letters_beyond_the_rack(figures):
    assert figures["easy"].slips > figures["medium"].slips > figures["hard"].slips > 0
    assert figures["perfect"].slips == 0
    assert all(f.worst_slip <= 1 for f in figures.values())


RACKS = ["GYROSCOPE", "COUNTDOWN", "TERMINATE", "RSEUSFIGG", "OTIBIFKES", "AIAOELWCG"]


@pytest.mark.parametrize("rack", RACKS)
def test_each_letters_answer_is_checked_like_a_players(full, common, rack):
    words = rack_words(full, common, rack)
    for level in SKILLS:
        opponent = Opponent(level, full, common)
        for trial in range(20):
            move = opponent.letters(rack, random.Random(trial), 30.0, words)
            if move.answer is None:
                continue
            assert move.seconds is not None and 0 < move.seconds <= 30.0
            if move.reasoning.startswith("a slip"):
                _, missing = shortfalls(rack, move.answer)
                assert sum(m.needs - m.has for m in missing) <= 1
                assert not check_word(full, rack, move.answer).valid
                assert " a a" not in move.reasoning and " a e" not in move.reasoning
            else:
                assert check_word(full, rack, move.answer).valid
            if level == "perfect":
                assert len(move.answer) == words.longest


def test_numbers_answers_are_the_solvers_steps():
    numbers, target = [100, 25, 8, 1, 5, 7], 432
    for level in SKILLS:
        move, answer = Opponent(level, None, None).numbers(numbers, target, random.Random(1))  # type: ignore[arg-type]
        check = check_numbers(numbers, target, move.answer)
        assert check.valid and check.value == answer.value
        assert "*" not in move.answer and "/" not in move.answer  # × and ÷, as the solver
        if level == "perfect":
            assert answer.distance == solve(numbers, target).distance


def test_conundrum_times_and_wrong_buzzes(full, common):
    puzzle = Conundrum("canedanon", "cannonade", ("caned", "anon"))
    for level in SKILLS:
        for seed in range(50):
            move = Opponent(level, full, common).conundrum(puzzle, random.Random(seed), 30.0)
            if move.answer is None:
                assert move.seconds is None
                continue
            assert move.seconds is not None and 0 < move.seconds <= 30.0
            if move.answer != puzzle.answer:
                assert sorted(move.answer) == sorted(puzzle.answer) and level != "perfect"
    slow = Opponent("easy", full, common)
    assert sum(
        slow.conundrum(puzzle, random.Random(s), 300.0).answer == puzzle.answer for s in range(50)
    ) > sum(
        slow.conundrum(puzzle, random.Random(s), 30.0).answer == puzzle.answer for s in range(50)
    )  # a longer clock helps a person
