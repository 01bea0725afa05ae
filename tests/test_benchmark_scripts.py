"""Smoke tests: the side-by-side comparison runs and prints its tables (peers it cannot
find are skipped with a note, as on a fresh machine)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.skipif(shutil.which("anagramdb", path=os.path.dirname(sys.executable)) is None, reason="needs the installed anagramdb script")
def test_compare_quick_prints_its_tables(tmp_path):
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "compare.py"), "--quick", "--rounds", "1", "--racks", "5", "--json"],
        capture_output=True, text=True, timeout=300, env={**os.environ, "ANAGRAMDB_BENCH_DATA": str(tmp_path)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "letters, per rack over 5 drawn racks" in out and "memory baseline" in out and "sqlite baseline" in out and "tst baseline" in out
    assert "numbers, in process" in out and "anagramdb solve" in out
    assert "numbers, whole process" in out
    assert "exact answers anagramdb missed" not in out or " missed 0," in out
    assert out.rstrip().splitlines()[-1].startswith("{")
