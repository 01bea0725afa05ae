"""The computer opponent's levels, held to their targets by counting over SEEDED_ROUNDS
seeded rounds of each kind (opponent_figures.measure), and its slips and times checked
one by one."""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import pairwise

import pytest

from anagramdb.countdown.conundrum import Conundrum
from anagramdb.countdown.numbers import solve, solve_by_count
from anagramdb.countdown.numbers_check import check_numbers
from anagramdb.countdown.opponent import SKILLS, Move, Opponent, rack_words
from anagramdb.countdown.opponent_figures import (
    CLOCK,
    SEEDED_ROUNDS,
    TARGETS,
    Figures,
    measure,
    misses,
    one_tile_short,
    pick_shares,
)
from anagramdb.countdown.rules import check_word, contains_word, shortfalls
from anagramdb.wordlist import offensive_words


def test_every_level_meets_its_targets_in_order_over_500_seeded_rounds(full, common):
    # One test, not one a property over a shared fixture: mutmut runs for a mutant only the
    # tests that reached its function, and only the first user of a fixture reaches it.
    figures = {f.level: f for f in measure(full, common, SEEDED_ROUNDS)}
    assert SEEDED_ROUNDS >= 500 and set(figures) == set(TARGETS) == set(SKILLS)
    assert [problem for f in figures.values() for problem in misses(f)] == []
    assert all(f.short == 0 for f in figures.values())  # never 355 for 356 with a 1 left
    # easy and medium say everyday words; hard draws from the whole dictionary
    assert figures["easy"].everyday >= 0.95 and figures["medium"].everyday >= 0.9
    assert figures["hard"].everyday < 0.8
    order = [figures[level] for level in ("easy", "medium", "hard", "perfect")]
    for weaker, stronger in pairwise(order):
        assert weaker.maximum < stronger.maximum and weaker.mean_length < stronger.mean_length
        assert weaker.exact < stronger.exact or stronger.exact == 1.0
        assert weaker.solved < stronger.solved or stronger.solved == 1.0
        assert weaker.median_buzz_seconds > stronger.median_buzz_seconds
        assert weaker.median_word_seconds > stronger.median_word_seconds
    # slips are a person's, never two letters beyond the rack
    assert figures["easy"].slips > figures["medium"].slips > figures["hard"].slips > 0
    assert all(f.worst_slip == (f.slips > 0) for f in figures.values())
    perfect = figures["perfect"]
    assert (perfect.maximum, perfect.slips, perfect.exact, perfect.solved) == (1.0, 0, 1.0, 1.0)
    assert perfect.wrong_buzzes == 0 and perfect.median_buzz_seconds < 3
    for f in figures.values():
        assert f.rounds == SEEDED_ROUNDS and 4 < f.mean_length < 9
        # exact: e/p (of the p rounds where exact is possible), exact_all: e/n, and the
        # perfect level is exact on all p: its exact_all is p/n
        assert 0 < f.exact_all <= f.exact and f.exact_all == pytest.approx(
            f.exact * perfect.exact_all
        )
        assert 0 < f.solved * SEEDED_ROUNDS + f.wrong_buzzes <= SEEDED_ROUNDS
        assert 0 < f.median_word_seconds <= CLOCK and 0 < f.median_buzz_seconds <= CLOCK


def test_the_figures_replay_from_their_seed(full, common):
    first = measure(full, common, 10)
    assert first == measure(full, common, 10, seed=0)  # the default seed: docs/ARCHITECTURE.md
    assert [f.to_dict() for f in first] == [f._asdict() for f in first]
    assert measure(full, common, 10, seed=1) != first


def figures_of(level: str, **values: float) -> Figures:
    base = {"maximum": 0.5, "exact": 0.5, "solved": 0.5, "worst_slip": 1, "short": 0}
    return Figures(level, 100, **(base | values), mean_length=5.0, slips=3,  # type: ignore[arg-type]
                   exact_all=0.4, wrong_buzzes=0, median_word_seconds=9.0,
                   median_buzz_seconds=12.0, everyday=0.9)  # fmt: skip


def test_misses_name_each_figure_outside_its_target():
    assert misses(figures_of("medium")) == []
    assert misses(figures_of("medium", maximum=0.25, exact=0.75, solved=0.35)) == []  # bounds
    assert misses(figures_of("medium", maximum=0.2499, exact=0.7501, solved=0.7, worst_slip=2)) == [
        "medium maximum 25.0% is outside 25%-50%",
        "medium exact 75.0% is outside 45%-75%",
        "medium made a slip 2 letters beyond the rack",
    ]
    assert misses(figures_of("perfect", maximum=1.0, exact=1.0, solved=0.999)) == [
        "perfect solved 99.9% is outside 100%-100%"
    ]
    assert misses(figures_of("easy", maximum=0.151, exact=0.0, solved=0.0, worst_slip=0)) == [
        "easy maximum 15.1% is outside 0%-15%"
    ]
    assert misses(figures_of("hard", maximum=0.9, exact=0.9, solved=0.9, short=2)) == [
        "hard stopped one tile short 2 times"
    ]


def test_the_computer_picks_like_contestants_over_500_seeded_rounds():
    shares = pick_shares(SEEDED_ROUNDS)
    vowels, large = shares["vowels"], shares["large"]
    assert set(vowels) == {3, 4, 5} and sum(vowels.values()) == pytest.approx(1)
    assert vowels[3] >= 0.15 and vowels[5] <= 0.20 and vowels[4] == max(vowels.values())
    assert large[1] == max(large.values()) and set(large) <= {0, 1, 2, 3, 4}


def test_a_numbers_answer_is_never_one_tile_short_of_a_one_step_finish():
    """356 from 100 75 8 7 1 ...: a person who has 355 and a 1 left says 356. Every level,
    on draws where the tiles it combines stop one short (checked by hand: 350 + 6)."""
    from anagramdb.countdown.draw import NumbersDraw

    numbers, target = [50, 7, 6, 4, 3, 2], 356  # 50 x 7 = 350, + 6 = 356
    tiles = NumbersDraw(numbers, target)
    reach = solve_by_count(numbers, target)
    assert one_tile_short(tiles, reach[1])  # 350, the 6 unused: the solver alone stops short
    for level in SKILLS:
        for trial in range(30):
            move, answer = Opponent(level, None, None).numbers(  # type: ignore[arg-type]
                numbers, target, random.Random(trial), 30.0, reach
            )
            assert not one_tile_short(tiles, answer)
            check = check_numbers(numbers, target, move.answer)
            assert check.valid and check.value == answer.value


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


def test_a_move_as_a_record():
    assert Move("stone", "its longest word, seen after 3.5 s", 3.5).to_dict() == {
        "answer": "stone",
        "reasoning": "its longest word, seen after 3.5 s",
        "seconds": 3.5,
    }
    assert Move(None, "it sees no word in time").to_dict() == {
        "answer": None,
        "reasoning": "it sees no word in time",
        "seconds": None,
    }


# The article before a letter's name, as it is said: "an f" (eff), "a u" (you).
SAID_WITH_AN = set("aefhilmnorsx")
BEYOND = re.compile(r"a slip: it used (an?) ([a-z]), which the rack lacks")
NONWORD = re.compile(r"a slip: ([a-z]+), not a word")
MISSPELT = re.compile(r"a slip: ([a-z]+) misspelt")


def plausibly_misspelt(word: str, wrong: str) -> bool:
    """Whether *wrong* is *word* as people misspell it: one of a doubled letter dropped, a
    consonant doubled, ie and ei swapped, one vowel for another; the first letter kept."""
    if wrong[0] != word[0]:
        return False
    for i in range(1, len(word)):
        if word[i] == word[i - 1] and word[:i] + word[i + 1 :] == wrong:
            return True
        if word[i] not in "aeiou" and word[:i] + word[i] + word[i:] == wrong:
            return True
    if len(word) == len(wrong):
        places = [i for i in range(len(word)) if word[i] != wrong[i]]
        if len(places) == 1 and word[places[0]] in "aeiou" and wrong[places[0]] in "aeiou":
            return True
        if len(places) == 2 and {
            word[places[0]] + word[places[1]],
            wrong[places[0]] + wrong[places[1]],
        } == {"ie", "ei"}:
            return True
    return False


def check_slip(full, common, rack: str, move) -> str:
    """The kind of the slip *move* is, checked against what the module docstring promises."""
    answer = move.answer
    assert not contains_word(full, answer) or BEYOND.fullmatch(move.reasoning)
    if found := BEYOND.fullmatch(move.reasoning):
        article, letter = found.groups()
        assert article == ("an" if letter in SAID_WITH_AN else "a")
        _, missing = shortfalls(rack, answer)
        assert [(m.letter, m.needs - m.has) for m in missing] == [(letter, 1)]
        assert contains_word(common, answer) and len(answer) >= 4
        return "beyond"
    if found := NONWORD.fullmatch(move.reasoning):
        assert found.group(1) == answer and not shortfalls(rack, answer)[1]  # the rack's letters
        assert not contains_word(full, answer)
        return "nonword"
    found = MISSPELT.fullmatch(move.reasoning)
    assert found, move
    word = found.group(1)
    assert check_word(full, rack, word).valid and plausibly_misspelt(word, answer), move
    return "misspelling"


def test_slips_are_a_misspelling_a_non_word_or_one_letter_beyond_the_rack(full, common):
    kinds = Counter()
    for rack in RACKS:
        words = rack_words(full, common, rack)
        opponent = Opponent("easy", full, common)
        for trial in range(60):
            move = opponent.letters(rack, random.Random(trial), 30.0, words)
            if move.reasoning.startswith("a slip"):
                kinds[check_slip(full, common, rack, move)] += 1
                assert move.seconds is not None and 0 < move.seconds <= 30.0
            elif move.answer is not None:
                assert move.reasoning == f"its longest word, seen after {move.seconds:g} s"
    assert set(kinds) == {"beyond", "nonword", "misspelling"}


def test_with_no_word_seen_in_time_a_slip_is_said_at_four_fifths_of_the_clock(full, common):
    slips = 0
    for rack in RACKS[:3]:
        words = rack_words(full, common, rack)
        for trial in range(30):
            # 0.25 s: shorter than anyone's quickest word (0.3 s)
            move = Opponent("easy", full, common).letters(rack, random.Random(trial), 0.25, words)
            if move.answer is None:
                assert move == Move(None, "it sees no word in time", None)
                continue
            assert check_slip(full, common, rack, move) == "beyond" and move.seconds == 0.2
            slips += 1
    assert slips > 0


@pytest.mark.parametrize(("rack", "unsaid"), [("BCGHIINTE", "bitching"), ("BCKLLOOSE", "bollocks")])
def test_the_computer_never_says_an_offensive_word(full, common, rack, unsaid):
    words = rack_words(full, common, rack)
    assert words.words[0][0] == unsaid  # the longest word
    # the longest it may say: the longest word off the list (bollock is on it too)
    fit = next(word for word, *_ in words.words if word not in offensive_words())
    for trial in range(10):
        move = Opponent("perfect", full, common).letters(rack, random.Random(trial), 30.0, words)
        assert move.answer is not None and len(move.answer) == len(fit)
        assert check_word(full, rack, move.answer).valid and move.answer != unsaid


def test_numbers_answers_come_before_the_clock_stops():
    numbers, target = [75, 50, 2, 3, 8, 7], 812
    reach = solve_by_count(numbers, target)
    times = []
    for level in SKILLS:
        for seed in range(30):
            opponent = Opponent(level, None, None)  # type: ignore[arg-type]
            move, answer = opponent.numbers(numbers, target, random.Random(seed), 10.0, reach)
            assert move.seconds is not None and 0.3 <= move.seconds <= 9.5  # 95% of the clock
            assert move.reasoning.startswith("it combines up to ")
            most = int(move.reasoning.split()[-2])
            # the nearest its tiles reach, or closer by a step or two with tiles left over
            nearest = reach[most - 1]
            assert answer == nearest or answer.distance < nearest.distance
            assert answer.solutions[0].numbers <= most + 2
            assert most in [tiles for tiles, _ in SKILLS[level].tiles]
            times.append(move.seconds)
            slow, _ = opponent.numbers(numbers, target, random.Random(seed), 300.0, reach)
            assert slow.seconds is not None and slow.seconds <= 285.0
            times.append(slow.seconds)
    assert times.count(9.5) > 5 and max(times) > 20  # easy players are often slow


def test_numbers_with_fewer_tiles_than_a_person_combines():
    perfect = Opponent("perfect", None, None)  # type: ignore[arg-type]
    move, answer = perfect.numbers([25, 4, 3], 103, random.Random(1))
    assert move.answer == "25 × 4 = 100; 100 + 3 = 103" and answer.value == 103
    assert move.reasoning == "it combines up to 3 numbers"
    move, answer = perfect.numbers([100, 3], 100, random.Random(1))
    assert move.answer == "100" and move.reasoning == "it combines up to 2 numbers"


def test_a_conundrum_seen_just_as_the_clock_stops_counts(full, common):
    puzzle = Conundrum("canedanon", "cannonade", ("caned", "anon"))
    for level in SKILLS:
        for seed in range(20):
            opponent = Opponent(level, full, common)
            move = opponent.conundrum(puzzle, random.Random(seed), 1000.0)
            if move.answer != puzzle.answer:
                continue  # a wrong buzz
            assert move.seconds is not None
            assert move.reasoning == f"it sees it after {move.seconds:g} s"
            assert opponent.conundrum(puzzle, random.Random(seed), move.seconds) == move
            late = opponent.conundrum(puzzle, random.Random(seed), move.seconds - 0.1)
            assert late == Move(None, f"it would have seen it after {move.seconds:g} s", None)


def test_a_wrong_buzz_swaps_two_different_letters(full, common):
    puzzle = Conundrum("canedanon", "cannonade", ("caned", "anon"))
    wrong = 0
    for seed in range(300):
        move = Opponent("easy", full, common).conundrum(puzzle, random.Random(seed), 300.0)
        if move.answer not in (None, puzzle.answer):
            places = [i for i in range(9) if move.answer[i] != puzzle.answer[i]]
            assert len(places) == 2 and sorted(move.answer) == sorted(puzzle.answer)
            assert move.reasoning == f"it buzzes too soon, at {move.seconds:g} s"
            assert move.seconds is not None and 0.5 <= move.seconds <= 300.0
            wrong += 1
    assert wrong > 10
    same = Conundrum("aaaaaaaaa", "aaaaaaaaa", ("aaaaaaaaa",))  # no two letters to swap
    for seed in range(100):
        move = Opponent("easy", full, common).conundrum(same, random.Random(seed), 300.0)
        assert move.answer in (None, same.answer)
