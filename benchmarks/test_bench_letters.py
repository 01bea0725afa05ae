"""Letters-round benchmarks (pytest-benchmark).

python -m pytest benchmarks/test_bench_letters.py
"""

from __future__ import annotations

import pytest

from anagramdb import Dictionary
from anagramdb.countdown.draw import draw_letters
from anagramdb.countdown.letters import solve_letters
from benchmarks.support import synthetic_dictionary

RACK = "gyroscope"
RACKS = [draw_letters(seed=seed).letters.lower() for seed in range(200)]


@pytest.fixture(scope="module")
def warm():
    with Dictionary() as dictionary:
        solve_letters(dictionary, RACK, all=True)
        yield dictionary


def test_nine_letters_all_words_fresh_dictionary(benchmark):
    def fresh():
        with Dictionary() as dictionary:
            return solve_letters(dictionary, RACK, all=True)

    benchmark(fresh)


def test_nine_letters_all_words_warm(benchmark, warm):
    benchmark(solve_letters, warm, RACK, all=True)


def test_nine_letters_default_enough_warm(benchmark, warm):
    benchmark(solve_letters, warm, RACK)


def test_two_hundred_drawn_racks_one_dictionary(benchmark):
    """Random show draws, as batch mode answers them (default: stop at 10 candidates)."""

    def answer_all():
        with Dictionary() as dictionary:
            return [solve_letters(dictionary, rack) for rack in RACKS]

    benchmark.pedantic(answer_all, rounds=5, iterations=1)


@pytest.mark.parametrize("size", [100_000, 5_000_000])
def test_nine_letters_all_words_synthetic(benchmark, size):
    path = synthetic_dictionary(size)

    def fresh():
        with Dictionary(path) as dictionary:
            return solve_letters(dictionary, RACK, all=True)

    benchmark(fresh)


@pytest.mark.parametrize("size", [15, 20, 26])
def test_long_racks(benchmark, warm, size):
    rack = "thequickbrownfoxjumpsoverthelazydog"[:size]
    benchmark.pedantic(
        solve_letters, args=(warm, rack), kwargs={"all": True}, rounds=3, iterations=1
    )
