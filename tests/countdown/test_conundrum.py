"""Making and solving conundrums (countdown/conundrum.py) on hand-worked dictionaries: which
clues are fair, which answers are refused (excluded, not unique, not fit), the records."""

from __future__ import annotations

import pytest

from anagramdb.countdown.conundrum import (
    Conundrum,
    Solution,
    candidate_answers,
    clue_splits,
    generate,
    solve_conundrum,
    spells_out,
)
from anagramdb.dictionary import Dictionary

from ..support.dictionaries import make_dictionary

WORDS = ["cannonade", "anon", "caned", "dance", "canon", "dean", "cad", "nae", "non", "nan",
         "cannon", "ade", "tabletops", "bleat", "stop"]  # fmt: skip


@pytest.fixture
def words(tmp_path):
    with Dictionary(make_dictionary(tmp_path, WORDS, name="words.txt")) as dictionary:
        yield dictionary


def test_fair_clues_split_the_answer_into_two_or_three_words(words):
    two = [("anon", "caned"), ("anon", "dance"), ("canon", "dean")]
    three = [("cad", "nae", "non"), ("cad", "nan", "one")]
    found = clue_splits(words, "cannonade")
    # (ade, cannon) gives the answer away; (cannonade,) is the answer itself.
    assert sorted(found) == sorted([*two, ("cad", "nae", "non")])
    assert sorted(clue_splits(words, "cannonade", max_words=2)) == sorted(two)
    assert clue_splits(words, "cannonade", min_length=4) == two
    assert sorted(clue_splits(words, "cannonade", excluded={"dance", "nae"})) == sorted(
        [two[0], two[2]]
    )
    assert three[1] not in found  # "one" is not a word here


def test_only_lower_case_ascii_words_of_nine_letters_are_candidate_answers(words):
    assert candidate_answers(words) == ["cannonade", "tabletops"]
    assert candidate_answers(words, 4) == ["dean", "anon", "stop"]  # file order: by key


def test_generated_conundrums_prefer_clues_without_short_words(words):
    seen = set()
    for seed in range(12):
        made = generate(words, words, count=1, seed=seed, excluded=set(), fit={"cannonade"})
        assert len(made) == 1
        puzzle = made[0]
        assert puzzle.answer == "cannonade" and "".join(puzzle.words) == puzzle.clue
        assert min(map(len, puzzle.words)) == 4  # never cad+nae+non while 4+5 splits exist
        seen.add(puzzle.clue)
        assert puzzle.to_dict() == {
            "clue": puzzle.clue,
            "answer": "cannonade",
            "words": list(puzzle.words),
        }
    assert len(seen) > 2  # the split and the order of its words vary with the seed


def test_an_answer_must_be_unique_fit_and_not_excluded(tmp_path, words):
    fit = {"cannonade", "tabletops"}
    both = generate(words, words, count=5, seed=1, excluded=set(), fit=fit)
    assert sorted(puzzle.answer for puzzle in both) == ["cannonade", "tabletops"]
    assert [p.answer for p in generate(words, words, 5, 1, excluded={"tabletops"}, fit=fit)] == [
        "cannonade"
    ]
    assert generate(words, words, 5, 1, excluded=set(), fit={"tabletops"})[0].words in (
        ("bleat", "stop"),
        ("stop", "bleat"),
    )
    assert generate(words, words, 1, 1, excluded=set(), fit=fit) == both[:1]
    full = make_dictionary(tmp_path, [*WORDS, "nonacande"], name="full.txt")
    with Dictionary(full) as other:  # another word of the same letters: not a conundrum
        assert [p.answer for p in generate(other, words, 5, 1, excluded=set(), fit=fit)] == [
            "tabletops"
        ]
    # A clue word that is excluded is never shown, nor one the clue spells out.
    assert all(
        "anon" not in p.words
        for seed in range(6)
        for p in generate(words, words, 1, seed, excluded={"anon"}, fit={"cannonade"})
    )
    assert generate(words, words, 1, 1, excluded={"anon", "dean", "non"}, fit={"cannonade"}) == []


def test_a_clue_that_spells_out_an_excluded_word_is_refused():
    assert spells_out("canondean", {"onde"})
    assert not spells_out("canondean", {"ond"})  # shorter than OFFENSIVE_RUN
    assert spells_out("CanonDean", {"ndea"}) and not spells_out("canondean", {"xyzw"})


def test_solving_a_conundrum(tmp_path, words):
    assert solve_conundrum(words, "ADECANNON") == Solution("ADECANNON", ["cannonade"], True)
    with Dictionary(make_dictionary(tmp_path, ["cannonade", "nonacande"], name="f.txt")) as full:
        solution = solve_conundrum(full, "CANNONADE")  # the clue itself is no answer
        assert solution == Solution("CANNONADE", ["nonacande"], True)
        assert solve_conundrum(full, "ADECANNON").to_dict() == {
            "letters": "ADECANNON",
            "words": ["cannonade", "nonacande"],
            "unique": False,
        }
    assert solve_conundrum(words, "qqqqqqqqq").to_dict() == {
        "letters": "qqqqqqqqq",
        "words": [],
        "unique": False,
    }
    assert Conundrum("x", "y", ("x",)).to_dict() == {"clue": "x", "answer": "y", "words": ["x"]}
