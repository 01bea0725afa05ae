"""Smoke tests: the side-by-side comparison runs and prints its tables (peers it cannot
find are skipped with a note, as on a fresh machine)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from anagramdb.dictionary import Dictionary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.skipif(
    shutil.which("anagramdb", path=os.path.dirname(sys.executable)) is None,
    reason="needs the installed anagramdb script",
)
def test_compare_quick_prints_its_tables(tmp_path):
    # A copy of the default dictionary: the installed command, given the source tree's file
    # by path, would refresh its index there (a fresh clone's mtimes differ from the ones
    # the index records), leaving the work tree changed.
    (tmp_path / "dictionary").mkdir()
    copy = tmp_path / "dictionary" / "words.txt"
    with Dictionary() as default:
        shutil.copyfile(default.path, copy)
    environment = {**os.environ, "ANAGRAMDB_BENCH_DATA": str(tmp_path), "ANAGRAMDB_DICT": str(copy)}
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "compare.py"), "--quick",
         "--rounds", "1", "--racks", "5", "--json"],
        capture_output=True, text=True, timeout=300, env=environment,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for mode in ("default", "--all --min 1"):
        assert (
            f"letters, cold process, default dictionary, {mode} (gyroscope), 1 rounds; "
            "identical output" in out
        )
        assert f"letters, per rack in one process, 5 drawn racks, default dictionary, {mode}" in out
    assert "floor (floor.py)" in out and "sqlite script" in out
    assert "DIFFER" not in out, out
    per_rack = out.split("letters, per rack in one process", 1)[1]
    assert "sqlite" in per_rack and "same on every rack" in per_rack and "memory" in per_rack
    assert "letters, each in its own process" in out and "anagramdb letters - (CLI)" in out
    assert "numbers, in process" in out
    assert "letters batch, whole process, 5 racks" in out and "sqlite batch script" in out
    # Each numbers peer is either compared (and agrees on every game) or skipped with a note.
    if "skipped tryalgo" in out:
        assert "anagramdb solve (one answer)" not in out
    else:
        assert (
            "anagramdb solve (one answer)" in out
            and "check: nearer-worse than tryalgo on 0 games" in out
        )
    if "skipped countdown-numbers-solver" in out:
        assert "anagramdb solutions (all solutions)" not in out
    else:
        assert (
            "anagramdb solutions (all solutions)" in out
            and "exact/not exact disagreements: 0 games" in out
        )
    assert "numbers, whole process" in out
    assert (
        "summary (anagramdb time / other's time" in out and "per rack, --all --min 1: sqlite" in out
    )
    assert out.rstrip().splitlines()[-1].startswith("{")


@pytest.mark.skipif(
    shutil.which("anagramdb", path=os.path.dirname(sys.executable)) is None,
    reason="needs the installed anagramdb script",
)
def test_scale_quick_prints_its_table(tmp_path):
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "scale.py"), "--quick",
         "--sizes", "3000"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "ANAGRAMDB_BENCH_DATA": str(tmp_path)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("| list | words |") and "racks warm ms" in lines[0]
    assert lines[2].startswith("| default | ") and lines[3].startswith("| synthetic | 3,000 |")
    assert "| 1.00 |" in lines[2]  # the default list is the reference of the ratios


def test_the_mutation_tool_names_only_test_files_that_exist():
    # tools/mutate.py skips a missing file silently (an older --rev may lack it), so a
    # renamed or deleted test file would quietly shrink its test sets.
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "mutate", os.path.join(ROOT, "tools", "mutate.py")
    )
    assert spec is not None and spec.loader is not None
    mutate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mutate)
    named = {*mutate.WIDE_TESTS, *(t for tests in mutate.MODULE_TESTS.values() for t in tests)}
    assert sorted(t for t in named if not os.path.exists(os.path.join(ROOT, t))) == []
    assert all(os.path.exists(os.path.join(ROOT, f)) for f in mutate.MODULE_FILES.values())
