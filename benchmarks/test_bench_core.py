"""Core engine benchmarks (pytest-benchmark): open, lookup, build.

    python -m pytest benchmarks/test_bench_core.py

Figures go in the issue notes and docs; nothing here asserts a wall-clock limit.
"""

from __future__ import annotations

import os
import sys

import pytest

from anagramdb import Dictionary
from anagramdb.builder import build
from benchmarks.support import DATA, run_measured, synthetic_dictionary

RACKS = ["listen", "aeinrst", "countdown", "zzz", "a", "stone", "anagrams", "qi"]


@pytest.fixture(scope="module")
def default_dictionary():
    with Dictionary() as dictionary:
        yield dictionary


def test_open_default(benchmark):
    benchmark(lambda: Dictionary().close())


def test_lookup_warm_default(benchmark, default_dictionary):
    benchmark(default_dictionary.anagrams, "listen")


def test_lookup_mixed_racks_default(benchmark, default_dictionary):
    benchmark(lambda: [default_dictionary.anagrams(rack) for rack in RACKS])


def test_lookup_first_touch_default(benchmark):
    """A fresh Dictionary (new mapping, index re-read) and one lookup."""

    def first():
        with Dictionary() as dictionary:
            return dictionary.anagrams("listen")

    benchmark(first)


@pytest.mark.parametrize("size", [100_000, 2_000_000])
def test_lookup_warm_synthetic(benchmark, size):
    with Dictionary(synthetic_dictionary(size)) as dictionary:
        benchmark(dictionary.anagrams, "listen")


def test_build_one_million_words(benchmark):
    """Build 1M synthetic words in a child process, so its peak RSS is its own."""
    source = os.path.join(DATA, "synthetic-1000000.list")
    if not os.path.exists(source):
        from synthetic_words import synthetic_words

        os.makedirs(DATA, exist_ok=True)
        with open(source, "w", encoding="utf-8") as handle:
            handle.writelines(word + "\n" for word in synthetic_words(1_000_000))
    output = os.path.join(DATA, "built-1000000.txt")
    command = [sys.executable, "-m", "anagramdb", "build", source, "-o", output]
    peaks: list[int] = []

    def one_build():
        wall, peak = run_measured(command)
        peaks.append(peak)
        return wall

    benchmark.pedantic(one_build, rounds=3, iterations=1)
    benchmark.extra_info["peak_rss_mib"] = max(peaks) / 1024
    print(f"\nbuild 1M words: peak RSS {max(peaks) / 1024:.1f} MiB")
    with Dictionary(output) as dictionary:
        assert dictionary.word_count == 1_000_000


def test_build_in_process_default_list(benchmark, tmp_path):
    source = "/usr/share/dict/british-english-huge"
    if not os.path.exists(source):
        pytest.skip("apt-get install wbritish-huge")
    benchmark.pedantic(build, args=([source], str(tmp_path / "words.txt")), rounds=3, iterations=1)


def test_open_default_with_reset_mtime(benchmark, tmp_path):
    """Open as after pip install: the mtime differs and the index was written after the
    dictionary, so the installed rule decides without reading the dictionary."""
    import shutil

    from anagramdb.index_stale import open_index

    path = str(tmp_path / "words.txt")
    shutil.copyfile(Dictionary().path, path)
    shutil.copyfile(Dictionary().index_path, path + ".idx")

    def open_reset():
        fd = os.open(path, os.O_RDONLY)
        try:
            open_index(path, fd, os.fstat(fd), packaged=True).close()
        finally:
            os.close(fd)

    benchmark(open_reset)
