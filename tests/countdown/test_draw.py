"""Letter and number draws (countdown/draw.py): piles files, their messages, and the draws'
records, against the show's rules (3 to 5 vowels of nine, 0 to 4 large tiles of six)."""

from __future__ import annotations

from collections import Counter

import pytest

from anagramdb.countdown.draw import VOWELS, draw_letters, draw_numbers, read_piles
from anagramdb.errors import (
    InputTooLongError,
    InvalidArgumentError,
    PilesFormatError,
    StorageError,
)

SMALL = {"A": 3, "E": 3, "B": 3, "C": 3}  # six vowels and six consonants


def piles_error(tmp_path, text: str | bytes) -> str:
    path = tmp_path / "piles.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    with pytest.raises(PilesFormatError) as caught:
        read_piles(path)
    prefix = f"{path}: "
    message = str(caught.value)
    assert message.startswith(prefix)
    return message[len(prefix) :]


def test_a_bad_line_is_shown_as_written_without_its_line_ending(tmp_path):
    expected = "line 2: expected a letter and a positive count, like 'E 21', not "
    assert piles_error(tmp_path, "A 3\nE 2 x \t\n") == expected + "'E 2 x \\t'"
    assert piles_error(tmp_path, "A 3\r\n E 2 x \r\n") == expected + "' E 2 x '"
    assert piles_error(tmp_path, "A 3\n\n# none\nE 0\n") == expected.replace("2", "4", 1) + "'E 0'"
    assert piles_error(tmp_path, "A 3\nE 000 # zero\n") == expected + "'E 000 # zero'"
    assert piles_error(tmp_path, "A 3\n3 E\n") == expected + "'3 E'"


def test_a_count_is_at_most_a_thousand_and_a_long_one_is_cut(tmp_path):
    assert read_piles(_write(tmp_path, "E 1000\nA 0001\n")) == {"E": 1000, "A": 1}
    at_most = "line 1: a count is at most 1000, not "
    assert piles_error(tmp_path, "E 1001\n") == at_most + "1001"
    assert piles_error(tmp_path, "E 01000\n") == at_most + "01000"
    assert piles_error(tmp_path, f"E {'9' * 20}\n") == at_most + "9" * 20
    assert piles_error(tmp_path, f"E {'9' * 21}\n") == at_most + "9" * 20 + "..."


def test_the_piles_hold_at_most_ten_thousand_tiles(tmp_path):
    letters = "ABCDEFGHIJK"
    ten = "".join(f"{letter} 1000\n" for letter in letters[:10])
    assert sum(read_piles(_write(tmp_path, ten)).values()) == 10_000
    assert piles_error(tmp_path, ten + "K 1\n") == (
        "line 11: the piles hold more than 10,000 tiles in all"
    )


def _write(tmp_path, text: str):
    path = tmp_path / "good.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_piles_file_that_cannot_be_read_says_why(tmp_path):
    path = tmp_path / "piles.txt"
    path.write_bytes(b"A 3\nE \xff\n")
    with pytest.raises(StorageError) as caught:
        read_piles(path)
    assert str(caught.value) == f"cannot read letter piles {path}: not UTF-8 text"
    with pytest.raises(StorageError) as caught:
        read_piles(tmp_path)
    assert str(caught.value) == f"cannot read letter piles {tmp_path}: Is a directory"
    path.write_text("A 3\n" + "E" * 5000)
    with pytest.raises(InputTooLongError) as caught:
        read_piles(path)
    assert str(caught.value).startswith(f"{path}: line 2 is longer than 4,096 bytes")


def test_a_letters_draw_record_counts_vowels_and_consonants():
    for vowels in (3, 4, 5):
        drawn = draw_letters(vowels, seed=11)
        assert sum(letter in VOWELS for letter in drawn.letters) == vowels
        assert drawn.to_dict() == {
            "letters": drawn.letters,
            "vowels": vowels,
            "consonants": 9 - vowels,
        }


def test_draws_by_default_cover_the_show_s_range_in_a_mixed_order():
    letters = [draw_letters(seed=seed) for seed in range(60)]
    assert {drawn.vowels for drawn in letters} == {3, 4, 5}
    assert {drawn.letters[0] in VOWELS for drawn in letters} == {True, False}
    numbers = [draw_numbers(seed=seed) for seed in range(60)]
    large = [sum(n in (25, 50, 75, 100) for n in drawn.numbers) for drawn in numbers]
    assert set(large) == {0, 1, 2, 3, 4}
    targets = [drawn.target for drawn in numbers]
    assert all(101 <= target <= 999 for target in targets) and len(set(targets)) > 50
    for drawn in numbers:
        assert len(drawn.numbers) == 6 and drawn.to_dict() == {
            "numbers": drawn.numbers,
            "target": drawn.target,
        }


@pytest.mark.parametrize("large", [0, 1, 2, 3, 4])
def test_a_numbers_draw_has_the_large_tiles_asked_for_first(large):
    for seed in range(5):
        drawn = draw_numbers(large, seed)
        assert all(n in (25, 50, 75, 100) for n in drawn.numbers[:large])
        assert all(1 <= n <= 10 for n in drawn.numbers[large:])
        assert max(Counter(drawn.numbers).values()) <= 2


def test_piles_of_zero_to_a_thousand_tiles_a_letter_are_drawn_from():
    piles = {**SMALL, "O": 0, "Z": 0}
    for seed in range(20):
        drawn = draw_letters(4, seed, piles)
        assert Counter(drawn.letters) <= Counter({"A": 3, "E": 3, "B": 3, "C": 3})
    assert Counter(draw_letters(3, 1, {"A": 1000, "B": 1000}).letters) == {"A": 3, "B": 6}
    for count in (-1, 1001):
        with pytest.raises(InvalidArgumentError) as caught:
            draw_letters(4, 1, {**SMALL, "Z": count})
        assert str(caught.value) == f"a pile holds 0 to 1000 tiles of a letter, not {count} of 'Z'"


def test_drawn_piles_hold_at_most_ten_thousand_tiles():
    ten = {letter: 1000 for letter in "ABCDEFGHIJ"}
    assert len(draw_letters(5, 3, ten).letters) == 9
    with pytest.raises(InvalidArgumentError) as caught:
        draw_letters(5, 3, {**ten, "K": 1})
    assert str(caught.value) == "the piles hold at most 10,000 tiles in all"
    with pytest.raises(InvalidArgumentError) as caught:
        draw_letters(5, 3, {"A": 4, "E": 1, "B": 3})
    assert str(caught.value) == "the piles hold 5 vowels and 3 consonants: too few for 5 and 4"
    with pytest.raises(InvalidArgumentError) as caught:
        draw_letters(5, 3, {"A": 3, "E": 1, "B": 9})
    assert str(caught.value) == "the piles hold 4 vowels and 9 consonants: too few for 5 and 4"
    assert sorted(draw_letters(5, 3, {"A": 4, "E": 1, "B": 4}).letters) == list("AAAABBBBE")
