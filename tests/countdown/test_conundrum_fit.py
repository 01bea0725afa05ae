"""Conundrums fit for broadcast (issue 18 part 4): answers from the packaged answer list
(a commonness floor, unique in every packaged list), never an offensive, unfit (name,
trademark, abbreviation) word as answer or clue word; and the data files' format."""

from __future__ import annotations

import pytest

from anagramdb.countdown.conundrum import (
    ANSWERS_FILE,
    UNFIT_FILE,
    excluded_words,
    generate,
    packaged_answers,
)
from anagramdb.dictionary import Dictionary
from anagramdb.keys import letters_key
from anagramdb.wordlist import offensive_words

STUDY_PROBLEMS = {  # issue 18: words that got through before
    "offensive": ("mulattoes", "gyp", "milf", "jew", "coolie", "golliwog", "quadroon",
                  "octoroon", "kafir", "boong", "lubra", "jigaboo", "shylock"),
    "unfit": ("lilo", "brie", "noel", "thru"),
}  # fmt: skip


def test_the_study_s_problem_words_are_excluded():
    offensive = offensive_words()
    assert all(word in offensive for word in STUDY_PROBLEMS["offensive"])
    assert all(word in excluded_words() for word in STUDY_PROBLEMS["unfit"])
    assert offensive <= excluded_words()


def test_every_packaged_answer_is_unique_and_fit(lists):
    answers = packaged_answers()
    assert len(answers) > 3000
    excluded = excluded_words()
    for answer in answers:
        assert len(answer) == 9 and answer not in excluded
        for dictionary in lists.values():
            assert dictionary.words_with_key(letters_key(answer)) in ([], [answer])
    assert {"slouchier", "glottides", "baritones", "pottering"}.isdisjoint(answers)


@pytest.mark.parametrize("source", ["common", "full"])
def test_generated_conundrums_use_fit_words_only(lists, source):
    made = generate(lists["full"], lists[source], count=40, seed=18)
    assert len(made) == 40
    excluded = excluded_words()
    for puzzle in made:
        assert puzzle.answer in packaged_answers()
        assert not {puzzle.answer, *puzzle.words} & excluded


def test_a_dictionary_of_your_own_has_no_floor(tmp_path, lists):
    from anagramdb.builder import build

    words = tmp_path / "words.txt"
    words.write_text("tabletops\nbleat\nstop\n", encoding="utf-8")
    build([str(words)], str(tmp_path / "mine.txt"))
    with Dictionary(str(tmp_path / "mine.txt")) as mine:
        made = generate(mine, mine, count=1, seed=1)
    assert [puzzle.answer for puzzle in made] == ["tabletops"]


def test_the_data_files_are_sorted_word_lists():
    for path in (ANSWERS_FILE, UNFIT_FILE):
        with open(path, encoding="utf-8") as handle:
            lines = [line.rstrip("\n") for line in handle if not line.startswith("#")]
        assert lines == sorted(set(lines)) and all(line.isalpha() for line in lines)
