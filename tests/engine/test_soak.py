"""Soak test: 100,000 mixed queries, answers checked against references, memory flat.

Slow (about a minute), so outside the default run:

    python -m pytest -m slow tests/engine/test_soak.py

- 40,000 letters racks and 40,000 anagram queries through the batch interfaces
  (``anagramdb letters -`` and ``anagramdb anagrams -``, one process each), every answer
  compared with an in-memory dictionary of sorted letters;
- 10,000 conundrums and 10,000 numbers games through the library in this process, the
  numbers checked by replaying their steps and against the exhaustive statistics' values
  (a different algorithm), with the resident memory sampled as it goes.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import defaultdict
from itertools import combinations

import pytest

from anagramdb.countdown.conundrum import solve_conundrum
from anagramdb.countdown.draw import draw_letters, draw_numbers
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.numbers_stats import statistics
from anagramdb.dictionary import Dictionary
from anagramdb.keys import word_key

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]  # a hang fails; a loaded run fits

BATCH = 40_000
LIBRARY = 10_000
GROWTH_LIMIT_KIB = 8 * 1024
# A batch process: the interpreter and the library (about 11 MiB) plus at most 2,048
# cached blocks; tens of thousands of queries must not take it past this.
BATCH_PEAK_KIB = 48 * 1024


def resident_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@pytest.fixture(scope="module")
def reference():
    table: dict[str, list[str]] = defaultdict(list)
    with Dictionary() as dictionary:
        for word in dictionary:
            table[word_key(word)].append(word)
    return table


def run_batch(command: str, queries: list[str]) -> tuple[list[dict], int]:  # type: ignore[type-arg]
    """Answers of one batch process, and its peak RSS (KiB) from GNU time."""
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M", sys.executable, "-m", "anagramdb", command, "-", "--json"],
        input="".join(q + "\n" for q in queries), capture_output=True, text=True, check=True,
    )  # fmt: skip
    return [json.loads(line) for line in result.stdout.splitlines()], int(result.stderr.split()[-1])


def test_letters_batch(reference):
    racks = [draw_letters(seed=seed).letters.lower() for seed in range(BATCH)]
    answers, peak = run_batch("letters", racks)
    assert len(answers) == BATCH
    for rack, answer in zip(racks, answers, strict=True):
        assert answer["rack"] == rack
        found: list[str] = []
        for length in range(9, 2, -1):
            for combo in sorted({"".join(c) for c in combinations(sorted(rack), length)}):
                found.extend(reference.get(combo, ()))
            if len(found) >= 10:
                break
        assert sorted(w["word"] for w in answer["words"]) == sorted(found), rack
    assert peak < BATCH_PEAK_KIB


def test_anagrams_batch(reference):
    rng = random.Random(4)
    keys = sorted(reference)
    queries = [
        "".join(rng.sample(key, len(key)))
        if rng.random() < 0.7
        else "".join(rng.choices("abcdefghij", k=6))
        for key in rng.choices(keys, k=BATCH)
    ]
    answers, peak = run_batch("anagrams", queries)
    for query, answer in zip(queries, answers, strict=True):
        assert answer["words"] == reference.get(word_key(query), [])
    assert peak < BATCH_PEAK_KIB


def test_library_conundrums_and_numbers_keep_memory_flat():
    step = re.compile(r"^(\d+) ([-+×÷]) (\d+) = (\d+)$")
    stats = statistics(jobs=0)
    samples = []
    rng = random.Random(8)
    with Dictionary() as dictionary:
        nine = [word for word in dictionary if len(word) == 9 and word.isascii()][:5000]
        for query in range(LIBRARY):
            answer_word = nine[query % len(nine)]
            scrambled = "".join(rng.sample(answer_word, 9))
            assert answer_word in [*solve_conundrum(dictionary, scrambled).words, scrambled]
            game = draw_numbers(seed=rng.randrange(10**9))
            answer = solve(game.numbers, game.target)
            selection = tuple(sorted(game.numbers))
            assert answer.exact == bool(stats.reaches(selection, game.target))
            pool = list(game.numbers)
            for text in answer.solutions[0].steps:
                x, _, y, z = step.match(text).groups()  # type: ignore[union-attr]
                pool.remove(int(x))
                pool.remove(int(y))
                pool.append(int(z))
            assert answer.value in pool
            if query % 1000 == 999:
                samples.append(resident_kib())
    # Past the warm-up (first fifth), the resident memory does not keep growing.
    assert max(samples[2:]) - samples[1] < GROWTH_LIMIT_KIB, samples
