"""Conundrums fit for teatime (issue 28 item 4): 2,000 generated conundrums, each checked
against the rules as the show states them, written here independently of the generator:
the clue is never the answer, a rotation of it, nor shows five consecutive letters of it;
every clue word is a word alone (in the lists, refused by no review) and on no offensive or
vulgar list, none spelt across the clue; the answer is fit and solving the clue finds it."""

from __future__ import annotations

import pytest

from anagramdb.countdown.conundrum import (
    VULGAR_FILE,
    excluded_words,
    generate,
    packaged_answers,
    solve_conundrum,
)
from anagramdb.countdown.reasons import explain
from anagramdb.dictionary import Dictionary
from anagramdb.keys import letters_key
from anagramdb.packaged import PACKAGED, data_path
from anagramdb.wordlist import offensive_words, read_word_set

COUNT = 2000
PACKAGED_HUGE = data_path(PACKAGED["huge"])
SEED = 28  # the number: racks and conundrums of earlier studies used seeds 1-1000


@pytest.fixture(scope="module")
def made(lists):
    return generate(lists["full"], lists["common"], count=COUNT, seed=SEED)


def runs(text: str, length: int) -> set[str]:
    return {text[start : start + length] for start in range(len(text) - length + 1)}


def unshowable() -> frozenset[str]:
    return offensive_words() | read_word_set(VULGAR_FILE, "plain")


def test_two_thousand_conundrums_break_no_rule(lists, made):
    assert len(made) == COUNT and len({puzzle.clue for puzzle in made}) == COUNT
    bad = unshowable()
    answers = packaged_answers()
    broken: list[str] = []
    common = lists["common"]
    for puzzle in made:
        clue, answer = puzzle.clue, puzzle.answer
        rotations = {answer[turn:] + answer[:turn] for turn in range(len(answer))}
        problems = [
            clue in rotations and "the answer or a rotation of it",
            runs(clue, 5) & runs(answer, 5) and "five letters of the answer in a row",
            "".join(puzzle.words) != clue and "clue words are not the clue",
            sorted(clue) != sorted(answer) and "not the answer's letters",
            any(word not in common.words_with_key(letters_key(word)) for word in puzzle.words)
            and "a clue word unknown",
            any(word in bad for word in (answer, *puzzle.words)) and "offensive or vulgar",
            any(clue[i:j] in bad for i in range(9) for j in range(i + 4, 10)) and "spelt out",
            answer not in answers and "not a packaged answer",
            solve_conundrum(lists["full"], clue).words != [answer] and "solving misses it",
        ]
        for word in (answer, *puzzle.words):
            reason = explain(word)
            if reason is not None and not reason.accepted:
                problems.append(f"{word}: {reason}")
        for name, dictionary in lists.items():
            if dictionary.words_with_key(letters_key(answer)) not in ([], [answer]):
                problems.append(f"a second answer in {name}")
        broken += [f"{clue}/{answer}: {problem}" for problem in problems if problem]
    assert broken == []


@pytest.mark.parametrize(
    ("answer", "clue_words"),
    [
        ("innovator", ("inn", "ova", "tor")),  # the clue is the answer
        ("dogswatch", ("watch", "dogs")),  # a rotation
        ("squadrons", ("squads", "nor")),  # squad: five letters in a row
    ],
)
def test_the_study_s_giveaways_are_refused(tmp_path, answer, clue_words):
    from anagramdb.builder import build

    words = tmp_path / "words.txt"
    words.write_text("".join(w + "\n" for w in (answer, *clue_words)), encoding="utf-8")
    build([str(words)], str(tmp_path / "mine.txt"))
    rotations = {answer[turn:] + answer[:turn] for turn in range(len(answer))}
    with Dictionary(str(tmp_path / "mine.txt")) as mine:
        clues = {
            puzzle.clue
            for seed in range(12)
            for puzzle in generate(mine, mine, count=1, seed=seed, excluded=frozenset())
        }
    assert not clues & rotations
    assert all(not runs(clue, 5) & runs(answer, 5) for clue in clues)
    # "ova inn tor" shows no five letters of innovator in a row: a fair clue
    assert bool(clues) == (answer == "innovator")


def test_vulgar_words_are_never_shown_and_the_list_is_sound():
    vulgar = read_word_set(VULGAR_FILE, "plain")
    assert {"anal", "anus", "cocks", "pubic", "labia", "nipple", "shag"} <= vulgar
    assert vulgar <= excluded_words() and not vulgar & offensive_words()


def test_solving_a_word_that_is_its_own_only_anagram_finds_it(lists):
    assert solve_conundrum(lists["full"], "INNOVATOR").words == ["innovator"]
    assert "tinsel" not in solve_conundrum(lists["full"], "tinsel").words


def plural_or_singular(word: str) -> set[str]:
    forms = {word + "s", word + "es"}
    if word.endswith("y"):
        forms.add(word[:-1] + "ies")
    if word.endswith("ies"):
        forms |= {word[:-3] + "y", word[:-3] + "ie"}
    if word.endswith("s") and not word.endswith("ss"):
        forms.add(word[:-1])
    if word.endswith("es"):
        forms.add(word[:-2])
    return forms - {word}


# Forms a rule makes of an offensive word that are other, innocent words of the lists:
# ars (arts), bollockses (not a word), buggeries (the crime), crapes (crepe), crappies (a
# fish), friges, golly (an exclamation), japes (jokes), ming, spices, cooly, nancys.
INNOCENT = frozenset(
    "ars bollockses buggeries clites crapes crappies dildoe friges golly japes ming spices "
    "cooly nancys spazes bullshittings friggings".split()
)


def test_the_offensive_list_has_singular_and_plural():
    offensive = offensive_words()
    with open(PACKAGED_HUGE, encoding="utf-8") as handle:
        huge = set(handle.read().split())
    missing = {
        (word, form)
        for word in offensive
        for form in plural_or_singular(word) - offensive - INNOCENT
        if form in huge
    }
    assert missing == set()
    assert {"honkie", "honkies", "honky"} <= offensive
