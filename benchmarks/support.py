"""Shared pieces of the benchmarks: whole-process measurement and cached synthetic data."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.environ.get("ANAGRAMDB_BENCH_DATA", os.path.join(ROOT, "benchmarks", ".data"))
sys.path.insert(0, os.path.join(ROOT, "tools"))


TIME = "/usr/bin/time"
# The Debian `an` anagram program, the peer several benchmarks run beside ours.
AN = "/usr/games/an"


def anagramdb_script() -> str:
    """The installed `anagramdb` command of this Python's environment (benchmarks time it)."""
    import shutil

    script = shutil.which("anagramdb", path=os.path.dirname(sys.executable))
    if script is None:
        raise SystemExit("install anagramdb into this Python's environment first: pip install .")
    return script


def merged_list() -> str | None:
    """The merged Debian word list (tools/merged_wordlist.py), made once; None without lists."""
    from merged_wordlist import default_lists, merged_words

    path = os.path.join(DATA, "merged.list")
    if not os.path.exists(path):
        lists = default_lists()
        if not lists:
            return None
        os.makedirs(DATA, exist_ok=True)
        with open(path + ".tmp", "w", encoding="utf-8") as handle:
            handle.writelines(word + "\n" for word in merged_words(lists))
        os.replace(path + ".tmp", path)
    return path


def run_measured(command: list[str], stdin: bytes | None = None) -> tuple[float, int]:
    """Run a command to completion: (wall seconds, peak RSS in KiB of that process)."""
    wall, rss, _ = run_reporting(command, stdin)
    return wall, rss


def run_reporting(command: list[str], stdin: bytes | None = None) -> tuple[float, int, str]:
    """Run a command to completion: (wall seconds, peak RSS in KiB, its stderr).

    The peak RSS comes from GNU time (``apt-get install time``), not from our own
    wait4: Linux starts a spawned child's high-water mark at its parent's RSS, so a
    large benchmark process would inflate every figure. Wall time is measured here and
    includes GNU time's own start (about 1 ms, the same for every contender).
    """
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        start = time.perf_counter()
        result = subprocess.run(
            [TIME, "-f", "%M", "-o", report.name, *command],
            input=stdin,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        wall = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(
                f"{command} failed ({result.returncode}): {result.stderr.decode(errors='replace')}"
            )
        return wall, int(report.read().split()[-1]), result.stderr.decode(errors="replace")


def interleaved(
    commands: dict[str, list[str]], rounds: int, warmup: int = 2
) -> dict[str, dict[str, float]]:
    """Run each command in turn (A B A B ...), *rounds* times after *warmup* rounds.

    Returns, per name: median, min and max wall seconds, and median peak RSS in KiB.
    """
    walls: dict[str, list[float]] = {name: [] for name in commands}
    rss: dict[str, list[int]] = {name: [] for name in commands}
    for round_no in range(warmup + rounds):
        for name, command in commands.items():
            wall, peak = run_measured(command)
            if round_no >= warmup:
                walls[name].append(wall)
                rss[name].append(peak)
    return {
        name: {
            "median": statistics.median(walls[name]),
            "min": min(walls[name]),
            "max": max(walls[name]),
            "rss_kib": statistics.median(rss[name]),
        }
        for name in commands
    }


def synthetic_dictionary(count: int) -> str:
    """Path of a dictionary built from *count* synthetic words, made once and cached."""
    from synthetic_words import synthetic_words

    from anagramdb.builder import build

    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, f"synthetic-{count}.txt")
    if not os.path.exists(path + ".idx"):
        source = os.path.join(DATA, f"synthetic-{count}.list")
        with open(source, "w", encoding="utf-8") as handle:
            for word in synthetic_words(count):
                handle.write(word + "\n")
        build([source], path)
        os.unlink(source)
    return path


def table(title: str, results: dict[str, dict[str, float]], baseline: str) -> str:
    """A small text table: median and range in ms, ratio to *baseline*, peak RSS."""
    base = results[baseline]
    lines = [
        title,
        f"  {'':<26}{'median ms':>10}{'min-max ms':>16}{'ratio':>8}{'RSS MiB':>9}{'+RSS MiB':>10}",
    ]
    for name, r in results.items():
        span = f"{r['min'] * 1e3:.1f}-{r['max'] * 1e3:.1f}"
        lines.append(
            f"  {name:<26}{r['median'] * 1e3:>10.1f}{span:>16}{r['median'] / base['median']:>8.2f}"
            f"{r['rss_kib'] / 1024:>9.1f}{(r['rss_kib'] - base['rss_kib']) / 1024:>+10.1f}"
        )
    return "\n".join(lines)
