"""Conundrums, multi-word anagrams and letter draws."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.builder import build
from anagramdb.countdown.conundrum import GIVEAWAY_RUN, generate, gives_away, solve_conundrum
from anagramdb.countdown.draw import LETTER_PILES, VOWELS, draw_letters, draw_numbers, read_piles
from anagramdb.countdown.phrases import phrases
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidArgumentError, InvalidRackError, PilesFormatError, StorageError
from anagramdb.keys import word_key

from ..support.dictionaries import write_list


def test_solve_conundrum(full):
    solution = solve_conundrum(full, "CANEDANON")
    assert solution.words == ["cannonade"] and solution.unique
    assert solve_conundrum(full, "listen").words == ["enlist", "inlets", "silent", "tinsel"]
    assert not solve_conundrum(full, "qqqqqqqqq").words


def test_generated_conundrums_obey_the_rules(full, common):
    made = generate(full, common, count=12, seed=2024)
    assert len(made) == 12
    assert len({puzzle.clue for puzzle in made}) == 12
    for puzzle in made:
        assert len(puzzle.answer) == 9 and 2 <= len(puzzle.words) <= 3
        assert "".join(puzzle.words) == puzzle.clue
        assert Counter(puzzle.clue) == Counter(puzzle.answer)
        assert full.anagrams(puzzle.answer) == [puzzle.answer]
        assert puzzle.answer in common.anagrams(puzzle.answer)
        for word in puzzle.words:
            assert word != puzzle.answer and len(word) >= 3
            assert word in common.anagrams(word)
        assert not gives_away(puzzle.words, puzzle.answer)
    assert generate(full, common, count=12, seed=2024) == made
    assert generate(full, common, count=3, seed=7) != made[:3]


def test_giveaway_rule():
    assert gives_away(("table", "stop"), "tabletops")
    assert not gives_away(("bleat", "stop"), "tabletops")
    # The run length is the rule: a word of GIVEAWAY_RUN letters inside the answer gives it
    # away, one letter fewer does not.
    inside = "tabletops"[: GIVEAWAY_RUN - 1]
    assert not gives_away((inside, "zzz"), "tabletops")
    assert gives_away(("tabletops"[:GIVEAWAY_RUN], "zzz"), "tabletops")
    assert gives_away(("zzz", "tabletops"[-GIVEAWAY_RUN:]), "tabletops")


def test_generate_rejects_a_bad_count(full, common):
    with pytest.raises(
        InvalidArgumentError, match=r"^the count of conundrums must be at least 1, not 0$"
    ):
        generate(full, common, count=0)


def phrase_model(
    words: list[str], letters: str, max_words: int, min_length: int
) -> set[tuple[str, ...]]:
    """Brute force: every multiset of up to max_words distinct-or-repeated words covering the
    letters."""
    target = Counter(word_key(letters))
    usable = sorted(
        {w for w in words if len(word_key(w)) >= min_length and not Counter(word_key(w)) - target}
    )
    found = set()
    for size in range(1, max_words + 1):
        for combo in combinations_with_replacement(usable, size):
            if Counter(word_key("".join(combo))) == target:
                found.add(tuple(sorted(combo)))
    return found


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    words=st.lists(st.text(alphabet="abcdeo", min_size=1, max_size=5), min_size=1, max_size=40),
    letters=st.text(alphabet="abcdeo", min_size=1, max_size=9),
    max_words=st.integers(1, 4),
    min_length=st.integers(1, 3),
)
def test_phrases_match_brute_force(tmp_path_factory, words, letters, max_words, min_length):
    directory = tmp_path_factory.mktemp("phrases")
    path = str(directory / "words.txt")
    build([write_list(directory / "in.txt", words)], path)
    with Dictionary(path) as dictionary:
        found = phrases(dictionary, letters, max_words, min_length, limit=None)
        assert len(found) == len(set(found))
        assert set(found) == phrase_model(words, letters, max_words, min_length)
        assert [len(p) for p in found] == sorted(len(p) for p in found)  # fewest words first
        limited = phrases(dictionary, letters, max_words, min_length, limit=2)
        assert limited == found[:2]


def test_phrases_of_a_phrase(full):
    found = phrases(full, "count down", max_words=2, min_length=4, limit=None)
    assert ("count", "down") in found and ("countdown",) in found


def test_bad_phrase_options(full):
    with pytest.raises(
        InvalidArgumentError,
        match=r"^the most words and the shortest word must be at least 1, not 0 and 3$",
    ):
        phrases(full, "abc", max_words=0)
    with pytest.raises(InvalidArgumentError, match=r"not 0 and 0$"):
        phrases(full, "abc", max_words=0, min_length=0)
    with pytest.raises(InvalidArgumentError, match="limit"):
        phrases(full, "abc", limit=0)
    with pytest.raises(InvalidRackError):
        phrases(full, "ab1")


@given(seed=st.integers(0, 10**9), vowels=st.sampled_from([None, 3, 4, 5]))
def test_draws_obey_the_rules(seed, vowels):
    drawn = draw_letters(vowels, seed)
    letters = drawn.letters
    assert len(letters) == 9
    count = sum(1 for letter in letters if letter in VOWELS)
    assert count == drawn.vowels and 3 <= count <= 5 and (vowels is None or count == vowels)
    for letter, n in Counter(letters).items():
        assert n <= LETTER_PILES[letter]
    assert draw_letters(vowels, seed) == drawn


def test_piles_file(tmp_path):
    path = tmp_path / "piles.txt"
    path.write_text("# a tiny set\nA 3\ne 3\nB 2\nC 2\n\nD 1 # comment\n")
    piles = read_piles(str(path))
    assert piles == {"A": 3, "E": 3, "B": 2, "C": 2, "D": 1}
    drawn = draw_letters(4, 1, piles).letters
    assert sorted(c for c in drawn if c not in VOWELS) == list("BBCCD") and Counter(drawn)["A"] <= 3
    assert read_piles(path) == piles  # any os.PathLike
    with pytest.raises(
        InvalidArgumentError,
        match=r"^the piles hold 6 vowels and 5 consonants: too few for 3 and 6$",
    ):
        draw_letters(3, 1, piles)
    path.write_text("A 3\nE ²\n")
    with pytest.raises(PilesFormatError, match="line 2: expected a letter and a positive count"):
        read_piles(str(path))
    path.write_text("A 3\nAB 2\n")
    with pytest.raises(PilesFormatError, match="line 2: expected a letter and a positive count"):
        read_piles(str(path))
    for count in ("1001", "99999999999999999999", "9" * 4000):
        path.write_text(f"A 3\nE {count}\n")
        with pytest.raises(
            PilesFormatError, match=rf"line 2: a count is at most 1000, not {count[:20]}"
        ):
            read_piles(str(path))
    with pytest.raises(InvalidArgumentError, match="a pile holds 0 to 1000 tiles"):
        draw_letters(3, 1, {"A": 10**20, "B": 9})
    path.write_text("A 3\na 2\n")
    with pytest.raises(PilesFormatError, match="line 2: letter A is listed twice"):
        read_piles(str(path))
    with pytest.raises(StorageError):
        read_piles(str(tmp_path / "missing"))
    for vowels in (2, 6):
        with pytest.raises(
            InvalidArgumentError, match=rf"^the number of vowels must be from 3 to 5, not {vowels}$"
        ):
            draw_letters(vowels)
    for large in (-1, 5):
        with pytest.raises(
            InvalidArgumentError,
            match=rf"^the number of large tiles must be from 0 to 4, not {large}$",
        ):
            draw_numbers(large)


def test_phrases_stream_as_the_search_finds_them(full):
    """The command prints phrases as they come (never all held): its text and JSON are
    what the whole list gives, the JSON byte for byte PhrasesResult.to_dict()'s."""
    import json

    from typer.testing import CliRunner

    from anagramdb.cli.app import app
    from anagramdb.countdown.phrases import iter_phrases
    from anagramdb.countdown.queries import PhrasesResult

    every = phrases(full, "countdown show", limit=None)
    first = next(iter_phrases(full, "countdown show", limit=None))
    assert len(every) > 100 and first == every[0]
    assert list(iter_phrases(full, "countdown show", limit=7)) == every[:7]
    runner = CliRunner()
    text = runner.invoke(app, ["phrases", "countdown show", "--limit", "0"]).stdout
    assert text.splitlines() == [" ".join(phrase) for phrase in every]
    record = runner.invoke(app, ["phrases", "countdown show", "--limit", "0", "--json"]).stdout
    assert record == json.dumps(PhrasesResult("countdown show", every).to_dict()) + "\n"
    empty = runner.invoke(app, ["phrases", "qqq zzz", "--json"])
    assert empty.stdout == '{"letters": "qqq zzz", "phrases": [], "count": 0}\n'
