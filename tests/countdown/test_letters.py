"""The letters solver against a brute-force multiset-containment scan."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.builder import build
from anagramdb.countdown.letters import (
    MAX_LOOKUP_KEYS,
    all_sub_keys,
    count_sub_keys,
    score,
    solve_letters,
    strategy,
    sub_keys_by_length,
    sub_keys_of_length,
    words_within,
)
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidArgumentError, InvalidRackError
from anagramdb.keys import word_key

from ..support.dictionaries import SAMPLE_WORDS, write_list


def brute_force(words: list[str], rack: str, min_length: int) -> list[tuple[str, int]]:
    """Every distinct word whose folded letters fit in the rack (blanks fill the gaps)."""
    have = Counter(word_key(rack.replace("?", "")))
    blanks = rack.count("?")
    found = set()
    for word in set(words):
        need = Counter(word_key(word))
        if (
            sum(need.values()) >= min_length
            and sum(max(0, n - have[c]) for c, n in need.items()) <= blanks
        ):
            found.add((word, sum(need.values())))
    return sorted(found, key=lambda item: (-item[1], item[0]))


def expected_cut(found: list[tuple[str, int]], enough: int) -> list[tuple[str, int]]:
    kept: list[tuple[str, int]] = []
    for word, length in found:
        if len(kept) >= enough and length < kept[-1][1]:
            break
        kept.append((word, length))
    return kept


word_lists = st.lists(
    st.text(alphabet="aabcdeéilnorst", min_size=1, max_size=8), min_size=1, max_size=200
)
racks = st.text(alphabet="aabcdeilnorstz?", min_size=1, max_size=12).filter(
    lambda r: r.count("?") <= 2
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=word_lists,
    rack=racks,
    block_size=st.integers(1, 70),
    min_length=st.integers(1, 4),
    enough=st.integers(1, 15),
    force=st.sampled_from([None, "lookup", "scan"]),
)
def test_solver_matches_brute_force(
    tmp_path_factory, words, rack, block_size, min_length, enough, force
):
    directory = tmp_path_factory.mktemp("letters")
    path = str(directory / "words.txt")
    build([write_list(directory / "in.txt", words)], path, block_size=block_size)
    model = brute_force(words, rack, min_length)
    with Dictionary(path, cache_bytes=3000) as dictionary:
        everything = solve_letters(dictionary, rack, min_length=min_length, all=True, method=force)
        assert [(w.word, w.length) for w in everything] == model
        assert [
            (w.word, w.length)
            for w in solve_letters(dictionary, rack, min_length, enough, method=force)
        ] == expected_cut(model, enough)
    for word in everything:
        assert word.score == score(word.length)
        assert bool(word.blanks) <= ("?" in rack)
        letters = Counter(word_key(rack.replace("?", "")) + "".join(word.blanks))
        assert (
            not Counter(word_key(word.word)) - letters
        )  # the blanks really were needed for these letters


def test_blanks_are_marked(sample_dictionary):
    with Dictionary(sample_dictionary) as dictionary:
        found = {w.word: w.blanks for w in solve_letters(dictionary, "lis?en", all=True)}
    assert found["listen"] == ("t",) and found["silent"] == ("t",)


def test_scores():
    assert [score(n) for n in (3, 8, 9)] == [3, 8, 18]


@given(st.text(alphabet="aabbbcdz", max_size=14), st.integers(0, 15))
def test_sub_keys_of_one_length(key, length):
    key = word_key(key) if key else ""
    assert sub_keys_of_length(key, length) == sub_keys_by_length(key).get(length, [])


def test_distinct_sub_multisets():
    groups = sub_keys_by_length("aab")
    assert groups[2] == ["aa", "ab"] and groups[3] == ["aab"] and groups[0] == [""]
    assert len(sub_keys_by_length("abcdefghi")[4]) == 126


def test_the_library_refuses_what_the_command_line_refuses(sample_dictionary):
    with Dictionary(sample_dictionary) as dictionary:
        for options, message in [
            ({"enough": 0}, "^enough must be at least 1, not 0$"),
            ({"min_length": 0}, "^the shortest word must be at least 1 letter, not 0$"),
            ({"method": "fast"}, "^the method must be one of lookup, scan"),
        ]:
            with pytest.raises(InvalidArgumentError, match=message):
                solve_letters(dictionary, "abc", **options)


@pytest.mark.parametrize("rack", ["", "   ", "abc1", "a-b", "ab cd"])
def test_bad_racks(sample_dictionary, rack):
    with Dictionary(sample_dictionary) as dictionary, pytest.raises(InvalidRackError):
        solve_letters(dictionary, rack)


def test_long_racks_take_the_single_pass(sample_dictionary):
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    with Dictionary("huge") as full:
        assert strategy(full, "abcdefghi", 0) == "lookup"
        assert strategy(full, "abcdefghi", 1) == "lookup"
        assert strategy(full, "abcdefghi", 2) == "scan"
        # The model's crossover on huge is about 17,400 keys: 14 distinct letters (16,384
        # keys) are looked up, 15 (32,768) take the pass.
        assert strategy(full, "abcdefghijklmn", 0) == "lookup"
        assert strategy(full, "abcdefghijklmno", 0) == "scan"
        assert strategy(full, "abcdefghijklmnop", 0) == "scan"
        assert strategy(full, alphabet, 0) == "scan"
    with Dictionary(sample_dictionary) as dictionary:
        found = solve_letters(dictionary, alphabet, all=True)
    assert [(w.word, w.length) for w in found] == brute_force(SAMPLE_WORDS, alphabet, 3)


def test_the_key_count_bound():
    # (2 + 1) choices of a, (1 + 1) of b, and 27 per blank (no letter, or one of 26).
    assert count_sub_keys("aab", 0) == 6
    assert count_sub_keys("aab", 1) == 6 * 27
    assert count_sub_keys("aab", 2) == 6 * 27 * 27


def test_past_max_lookup_keys_the_pass_is_taken_whatever_the_model_says():
    class Enormous:  # strategy reads only the word count
        word_count = 10**12

    at_most = "a" * 9 + "b" * 9_999  # 10 * 10,000 keys: exactly MAX_LOOKUP_KEYS
    past = "a" * 10 + "b" * 9_090  # 11 * 9,091 = MAX_LOOKUP_KEYS + 1
    assert count_sub_keys(at_most, 0) == MAX_LOOKUP_KEYS == 100_000
    assert count_sub_keys(past, 0) == MAX_LOOKUP_KEYS + 1
    assert strategy(Enormous(), at_most, 0) == "lookup"  # type: ignore[arg-type]
    assert strategy(Enormous(), past, 0) == "scan"  # type: ignore[arg-type]


def test_all_sub_keys_makes_each_once():
    assert all_sub_keys("aab") == ["a", "aa", "aab", "ab", "b"]
    assert all_sub_keys("abbb") == ["a", "ab", "abb", "abbb", "b", "bb", "bbb"]


def test_words_within_both_strategies(tmp_path):
    words = ["cat", "act", "at", "tack", "stack", "a"]
    path = str(tmp_path / "w.txt")
    build([write_list(tmp_path / "in.txt", words)], path)
    with Dictionary(path) as dictionary:
        by_lookup = words_within(dictionary, "ackst", 2, method="lookup")
        assert (
            words_within(dictionary, "ackst", 2, method="scan")
            == by_lookup
            == {"at": ["at"], "act": ["act", "cat"], "ackt": ["tack"], "ackst": ["stack"]}
        )


# ---- the packaged dictionary against the brute-force model ---------------------------------


@pytest.fixture(scope="module")
def packaged_words():
    """(word, key) for every word of the default packaged dictionary, read once."""
    with Dictionary() as dictionary:
        return [(word, word_key(word)) for word in dictionary]


def packaged_model(
    words: list[tuple[str, str]], rack: str, min_length: int = 3
) -> list[tuple[str, int]]:
    """brute_force() over the packaged dictionary, with a cheap set test first."""
    have = Counter(word_key(rack.replace("?", "")))
    letters, blanks = set(have), rack.count("?")
    found = []
    for word, key in words:
        if len(key) >= min_length and len(key) <= len(rack) and len(set(key) - letters) <= blanks:
            if sum(max(0, n - have[c]) for c, n in Counter(key).items()) <= blanks:
                found.append((word, len(key)))
    return sorted(found, key=lambda item: (-item[1], item[0]))


# Drawn racks (any nine letters), a rack of repeats, one and two blanks, only blanks.
PACKAGED_RACKS = [
    "gyroscope",
    "retaining",
    "aeinrstxx",
    "ssssseeee",
    "qaeilnrt?",
    "countd??n",
    "???",
]


@pytest.mark.parametrize("rack", PACKAGED_RACKS)
def test_the_packaged_dictionary_matches_the_model(packaged_words, rack):
    model = packaged_model(packaged_words, rack)
    with Dictionary() as dictionary:
        for method in ("lookup", "scan"):
            everything = solve_letters(dictionary, rack, all=True, method=method)
            assert [(w.word, w.length) for w in everything] == model, method
            cut = solve_letters(dictionary, rack, method=method)
            assert [(w.word, w.length) for w in cut] == expected_cut(model, 10), method
            assert [
                (w.word, w.length) for w in solve_letters(dictionary, rack, enough=1, method=method)
            ] == expected_cut(model, 1)
    if rack in ("gyroscope", "retaining", "qaeilnrt?", "countd??n"):
        # The cut really cuts, and 'all' reaches the shortest words: both are exercised.
        assert len(expected_cut(model, 10)) < len(model) and model[-1][1] == 3


def test_the_cut_keeps_whole_lengths(packaged_words):
    """ "retaining": the cut stops after the length at which there are ten words, never
    inside a length, and never skips a length on the way down."""
    with Dictionary() as dictionary:
        found = solve_letters(dictionary, "retaining")
    lengths = [w.length for w in found]
    assert lengths == sorted(lengths, reverse=True)
    assert len(found) >= 10 and sum(1 for n in lengths if n > lengths[-1]) < 10
    model = packaged_model(packaged_words, "retaining")
    assert {n for _, n in model if n >= lengths[-1]} == set(lengths)
    assert found[0].score == (18 if found[0].length == 9 else found[0].length)


def test_min_length_is_a_floor(sample_dictionary):
    with Dictionary(sample_dictionary) as dictionary:
        for min_length in (1, 2, 4, 6):
            found = solve_letters(dictionary, "silentxyz", min_length=min_length, all=True)
            assert found and min(w.length for w in found) >= min_length
            model = brute_force(list(dictionary), "silentxyz", min_length)
            assert [(w.word, w.length) for w in found] == model


def test_to_dict_is_exact():
    from anagramdb.countdown.letters import LettersWord

    assert LettersWord("notes", 5, 5).to_dict() == {"word": "notes", "length": 5, "score": 5}
    assert LettersWord("notes", 5, 5, ("e",)).to_dict() == {
        "word": "notes",
        "length": 5,
        "score": 5,
        "blanks": ["e"],
    }


def test_letters_word_reads_like_a_named_tuple():
    from anagramdb.countdown.letters import LettersWord

    found = LettersWord("notes", 5, 5, ("e",))
    assert repr(found) == "LettersWord(word='notes', length=5, score=5, blanks=('e',))"
    assert (found.word, found.length, found.score, found.blanks) == ("notes", 5, 5, ("e",))
    assert LettersWord("ab", 2, 2).blanks == () and found == ("notes", 5, 5, ("e",))


def test_the_cut_stops_the_lookups(packaged_words):
    """Work, not only answers: with the default cut, no key shorter than the cut length
    is looked up (all=True goes on down)."""

    class Counting:
        any_order = False  # keys ascending, as the walk takes them

        def __init__(self, dictionary: Dictionary) -> None:
            self.dictionary, self.word_count, self.lengths = (
                dictionary,
                dictionary.word_count,
                set(),
            )

        def find_keys(self, keys, memo=None):
            keys = list(keys)
            self.lengths |= {len(key) for key in keys}
            return self.dictionary.find_keys(keys, memo)

    with Dictionary() as dictionary:
        cut, everything = Counting(dictionary), Counting(dictionary)
        found = solve_letters(cut, "retaining", method="lookup")  # type: ignore[arg-type]
        solve_letters(everything, "retaining", all=True, method="lookup")  # type: ignore[arg-type]
    assert min(cut.lengths) == found[-1].length > 3 and min(everything.lengths) == 3
