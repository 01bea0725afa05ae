"""Every contender on the same inputs, side by side, in one run.

    python benchmarks/compare.py [--quick] [--json] [--rounds N] [--racks N]

Letters (on the default dictionary, and on a synthetic 1M-word one unless --quick):
cold processes, interleaved A B A B after a warm-up, of ``anagramdb letters RACK --all
--min 1`` against Debian's ``an -w`` and ``wordplay`` (word sets checked against an's);
then, per rack, anagramdb's batch mode against the in-memory dict, SQLite and ternary
search tree baselines of benchmarks/baselines.py, each in its own process so that its
peak RSS is its own. Numbers: 100 random show games plus hard ones, anagramdb's
``solve`` against PyPI's tryalgo and countdown-numbers-solver in this process, and
whole processes; every exact answer a peer finds, anagramdb must find too, and its
nearest answer must never be worse. Missing peers are skipped with a note on how to
install them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from anagramdb import Dictionary
from anagramdb.countdown.draw import draw_letters, draw_numbers
from anagramdb.countdown.numbers import solve
from benchmarks.support import interleaved, run_measured, run_reporting, synthetic_dictionary, table

HERE = os.path.dirname(os.path.abspath(__file__))
AN, WORDPLAY = "/usr/games/an", "/usr/games/wordplay"
HARD_GAMES = [([1, 1, 2, 2, 3, 3], 999), ([25, 50, 75, 100, 3, 6], 952), ([50, 25, 75, 100, 7, 5], 813), ([1, 2, 3, 4, 5, 100], 500), ([2, 3, 4, 5, 6, 7], 919)]


def anagramdb_script() -> str:
    script = shutil.which("anagramdb", path=os.path.dirname(sys.executable))
    if script is None:
        raise SystemExit("install anagramdb into this Python's environment first: pip install .")
    return script


def an_words(path: str, rack: str) -> set[str]:
    return set(subprocess.run([AN, "-w", "-d", path, rack], capture_output=True, text=True, check=True).stdout.split())


def ours_words(script: str, path: str, rack: str) -> set[str]:
    out = subprocess.run([script, "--dict", path, "letters", rack, "--all", "--min", "1", "--json"], capture_output=True, text=True, check=True).stdout
    return {word["word"] for word in json.loads(out)["words"]}


def per_rack(command: list[str], racks: list[str]) -> dict[str, float]:
    """Run a batch-style process on *racks*: time per rack, start-up, peak RSS.

    A baseline reports its own load and answer times (JSON on stderr), which is exact;
    for anagramdb the start-up of an empty run is taken from the whole run's wall time
    (its start-up is small, so the difference is not swamped by noise).
    """
    stdin = "".join(rack + "\n" for rack in racks).encode()
    wall, rss, errors = run_reporting(command, stdin)
    lines = [line for line in errors.splitlines() if line.startswith("{")]
    if lines:
        own = json.loads(lines[-1])
        return {"per_rack_ms": own["answer"] * 1e3 / len(racks), "startup_ms": own["load"] * 1e3, "rss_kib": rss}
    empty, _ = run_measured(command, b"")
    return {"per_rack_ms": max(wall - empty, 0.0) * 1e3 / len(racks), "startup_ms": empty * 1e3, "rss_kib": rss}


def letters_jobs(script: str, path: str, label: str, rounds: int, count: int) -> dict[str, object]:
    report: dict[str, object] = {}
    rack = "gyroscope"
    if os.path.exists(AN):
        ours, theirs = ours_words(script, path, rack), an_words(path, rack)
        agree = "same word sets as an" if ours == theirs else f"{len(ours ^ theirs)} words differ from an's"
        commands = {"an -w": [AN, "-w", "-d", path, rack], "anagramdb letters --all": [script, "--dict", path, "letters", rack, "--all", "--min", "1"]}
        if os.path.exists(WORDPLAY):
            commands["wordplay -lx"] = [WORDPLAY, rack, "-s", "-l", "-x", "-n1", "-f", path]
        results = interleaved(commands, rounds)
        report["cold"] = results
        print(table(f"letters, cold process, {label} ({rack}), {rounds} rounds; {agree}", results, "anagramdb letters --all"))
    else:
        print("skipped an and wordplay: apt-get install an wordplay")
    racks = [draw_letters(seed=seed).letters.lower() for seed in range(count)]
    ours = [script, "--dict", path, "letters", "-", "--all", "--min", "1", "--json"]
    batch: dict[str, dict[str, float]] = {"anagramdb letters - --all": per_rack(ours, racks)}
    database = os.path.join(tempfile.mkdtemp(), "words.sqlite")
    build_wall, _ = run_measured([sys.executable, os.path.join(HERE, "baselines.py"), "sqlite-build", path, database])
    for mode in ("memory", "sqlite", "tst"):
        command = [sys.executable, os.path.join(HERE, "baselines.py"), mode, path] + ([database] if mode == "sqlite" else [])
        batch[f"{mode} baseline"] = per_rack(command, racks)
    batch["sqlite baseline"]["build_ms"] = build_wall * 1e3
    batch["sqlite baseline"]["file_mib"] = os.path.getsize(database) / 2**20
    report["per_rack"] = batch
    base = batch["anagramdb letters - --all"]["per_rack_ms"]
    print(f"letters, per rack over {len(racks)} drawn racks, all words, {label}")
    print(f"  {'':<28}{'per rack ms':>12}{'ratio':>8}{'start-up ms':>13}{'RSS MiB':>9}")
    for name, row in batch.items():
        extra = f"  (build {row['build_ms']:.0f} ms, {row['file_mib']:.1f} MiB file)" if "build_ms" in row else ""
        print(f"  {name:<28}{row['per_rack_ms']:>12.3f}{row['per_rack_ms'] / base:>8.2f}{row['startup_ms']:>13.0f}{row['rss_kib'] / 1024:>9.1f}{extra}")
    return report


def _quiet(function, *args):  # type: ignore[no-untyped-def]
    with contextlib.redirect_stdout(io.StringIO()) as out:
        function(*args)
    return out.getvalue()


def numbers_jobs(games: int) -> dict[str, object]:
    report: dict[str, object] = {}
    drawn = [(d.numbers, d.target) for d in (draw_numbers(seed=1000 + i) for i in range(games))] + HARD_GAMES
    contenders = {"anagramdb solve": lambda n, t: solve(n, t).value}
    try:
        from tryalgo.arithm_expr_target import arithm_expr_target

        contenders["tryalgo"] = lambda n, t: int(arithm_expr_target(n, t).rsplit("=", 1)[1])
    except ImportError:
        print("skipped tryalgo: pip install tryalgo")
    try:
        import countdown_numbers_solver

        def countdown(n: list[int], t: int) -> int | None:
            out = _quiet(countdown_numbers_solver.solve, list(n), t)
            return t if not out.rstrip().endswith("Total: 0 solutions.") else None

        contenders["countdown-numbers-solver"] = countdown
    except ImportError:
        print("skipped countdown-numbers-solver: pip install countdown-numbers-solver")
    times: dict[str, list[float]] = {name: [] for name in contenders}
    values: dict[str, list[int | None]] = {name: [] for name in contenders}
    for numbers, target in drawn:
        for name, function in contenders.items():
            start = time.perf_counter()
            values[name].append(function(numbers, target))
            times[name].append(time.perf_counter() - start)
    ours = values["anagramdb solve"]
    checks = []
    for name in contenders:
        if name == "anagramdb solve":
            continue
        missed = sum(1 for (n, t), v, mine in zip(drawn, values[name], ours, strict=True) if v == t and mine != t)
        worse = sum(1 for (n, t), v, mine in zip(drawn, values[name], ours, strict=True) if v is not None and abs(mine - t) > abs(v - t))
        checks.append(f"{name}: exact answers anagramdb missed {missed}, games where anagramdb is nearer-worse {worse}")
    base = statistics.median(times["anagramdb solve"])
    print(f"numbers, in process, {len(drawn)} games ({games} drawn + {len(HARD_GAMES)} hard)")
    print(f"  {'':<28}{'median ms':>10}{'max ms':>9}{'ratio':>8}{'slower on':>11}")
    for name, spent in times.items():
        slower = sum(1 for a, b in zip(times["anagramdb solve"], spent, strict=True) if a > b)
        print(f"  {name:<28}{statistics.median(spent) * 1e3:>10.2f}{max(spent) * 1e3:>9.1f}{statistics.median(spent) / base:>8.2f}{slower:>11}")
    for line in checks:
        print(f"  {line}")
    report["in_process"] = {name: {"median_ms": statistics.median(s) * 1e3, "max_ms": max(s) * 1e3} for name, s in times.items()}
    report["checks"] = checks
    return report


def numbers_processes(script: str, rounds: int) -> dict[str, object]:
    numbers, target = [25, 50, 75, 100, 3, 6], 952
    commands = {"anagramdb numbers": [script, "numbers", *map(str, numbers), "--target", str(target)]}
    code = {
        "tryalgo": f"from tryalgo.arithm_expr_target import arithm_expr_target as f; print(f({numbers}, {target}))",
        "countdown-numbers-solver": f"import countdown_numbers_solver as c; c.solve({numbers}, {target})",
    }
    for name, text in code.items():
        if subprocess.run([sys.executable, "-c", text.split(";")[0]], capture_output=True).returncode == 0:
            commands[name] = [sys.executable, "-c", text]
    results = interleaved(commands, rounds)
    print(table(f"numbers, whole process ({' '.join(map(str, numbers))} -> {target}), {rounds} rounds", results, "anagramdb numbers"))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="about a minute: fewer rounds, games and racks, no synthetic dictionary")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON at the end")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--racks", type=int, default=None)
    args = parser.parse_args()
    rounds = args.rounds or (3 if args.quick else 15)
    racks = args.racks or (100 if args.quick else 1000)
    script = anagramdb_script()
    report: dict[str, object] = {}
    dictionaries = {"default dictionary": Dictionary().path}
    if not args.quick:
        dictionaries["synthetic 1M words"] = synthetic_dictionary(1_000_000)
    for label, path in dictionaries.items():
        report[f"letters, {label}"] = letters_jobs(script, path, label, rounds, racks)
    report["numbers"] = numbers_jobs(20 if args.quick else 100)
    report["numbers, whole process"] = numbers_processes(script, rounds)
    if args.json:
        print(json.dumps(report, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
