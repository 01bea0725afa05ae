"""Smoke tests: the side-by-side comparison runs and prints its tables (peers it cannot
find are skipped with a note, as on a fresh machine)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from anagramdb.dictionary import Dictionary

from ..support import ROOT


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


def load_tool(name: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_mutation_table_counts_mutmuts_results(tmp_path):
    """tools/mutation_table.py reads mutmut's .meta files: exit 1 and timeouts are kills,
    exit 3 (pytest broke) is shown apart and not counted, 33 is a mutant no test reaches."""
    table = load_tool("mutation_table")
    meta = tmp_path / "anagramdb" / "countdown"
    meta.mkdir(parents=True)
    codes = {
        f"anagramdb.countdown.m.x_f__mutmut_{n}": code
        for n, code in enumerate([1, 1, 1, 1, 1, 1, 36, 0, 33, 3, None], 1)
    }
    (meta / "m.py.meta").write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")
    (tmp_path / "anagramdb" / "empty.py.meta").write_text('{"exit_code_by_key": {}}')
    found = table.results(str(tmp_path))
    assert list(found) == ["anagramdb/countdown/m.py"]
    lines = table.table(found).splitlines()
    assert lines[2] == "| anagramdb/countdown/m.py | 11 | 6 | 1 | 1 | 1 | 1 | 0 | 1 | 63.6% |"
    assert lines[3].startswith("| all | 11 | 6 | 1 |")
    sample = table.sampled(found, 4)["anagramdb/countdown/m.py"]
    assert list(sample) == [f"anagramdb.countdown.m.x_f__mutmut_{n}" for n in (1, 3, 6, 9)]
    assert table.sampled(found, 20) == found
