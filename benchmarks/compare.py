"""Every contender on the same inputs, side by side, in one run, every answer checked.

    python benchmarks/compare.py [--quick] [--json] [--rounds N] [--racks N]

Letters, on the default dictionary (and a synthetic 1M-word one unless --quick), in two
modes: the default (stop after the length with 10 words) and ``--all --min 1``.

1. Cold processes, interleaved (A B C ... after a warm-up): ``anagramdb letters RACK``
   against the floor (benchmarks/floor.py, a minimal script of anagramdb's own design),
   a plain SQLite script (benchmarks/cold_sqlite.py, one IN query) and a marisa-trie
   script (benchmarks/cold_marisa.py, mmap); their output must be identical to
   anagramdb's. Debian's ``an`` and ``wordplay`` join when installed (word sets checked).
2. Per rack, in this process: every contender of benchmarks/contenders.py answers the
   same drawn racks, in rotating order, each timed by the same in-process timer around
   the solve (no output formatting for anyone), and each answer is compared with
   anagramdb's on every rack. Before that, each answers as many other racks: the
   figures are a long-running process's steady state.
3. Start-up and peak RSS: each contender in a process of its own (baselines.py), and the
   real ``anagramdb letters -`` batch process (whole wall time, JSON output included).

Numbers: show games plus hard ones, in this process: ``solve`` (one answer) against
tryalgo, ``solutions`` (every distinct solution) against countdown-numbers-solver (which
enumerates every solution), checked game by game; then whole processes. Missing peers
are skipped with a note saying how to install them. The summary at the end gives the
ratios docs/PERFORMANCE.md quotes.
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
from anagramdb.countdown.numbers import solutions, solve
from benchmarks.baselines import build
from benchmarks.contenders import canonical, load, marisa_available
from benchmarks.support import (
    AN,
    anagramdb_script,
    interleaved,
    run_reporting,
    synthetic_dictionary,
    table,
)

HERE = os.path.dirname(os.path.abspath(__file__))
WORDPLAY = "/usr/games/wordplay"
HARD_GAMES = [
    ([1, 1, 2, 2, 3, 3], 999),
    ([25, 50, 75, 100, 3, 6], 952),
    ([50, 25, 75, 100, 7, 5], 813),
    ([1, 2, 3, 4, 5, 100], 500),
    ([2, 3, 4, 5, 6, 7], 919),
]
MODES = {"default": [], "--all --min 1": ["--all", "--min", "1"]}
COLD_RACK = "gyroscope"


def environment_notes() -> list[str]:
    """Warnings about this environment that would distort cold figures."""
    import importlib.util

    import anagramdb.dictionary

    notes = []
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
        notes.append(
            "WARNING: PYTHONDONTWRITEBYTECODE is set (cold figures would include compiling); "
            "the processes measured here run without it"
        )
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import anagramdb.cli.console, anagramdb.cli.render, anagramdb.countdown.letters",
        ],
        check=True,
    )
    if not os.path.exists(importlib.util.cache_from_source(anagramdb.dictionary.__file__)):
        notes.append(
            "WARNING: anagramdb's bytecode cannot be cached (read-only install?): "
            "every cold process compiles its modules"
        )
    installed = subprocess.run(
        [sys.executable, "-c", "import anagramdb; print(anagramdb.__file__)"],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    if "site-packages" not in installed.stdout:
        notes.append(
            "WARNING: anagramdb is not in site-packages (pip install -e?): "
            "an editable install's import hook slows cold starts; use pip install ."
        )
    if not marisa_available():
        notes.append("skipped marisa-trie: pip install marisa-trie")
    for note in notes:
        print(note)
    return notes


def an_words(path: str, rack: str) -> set[str]:
    return set(
        subprocess.run(
            [AN, "-w", "-d", path, rack], capture_output=True, text=True, check=True
        ).stdout.split()
    )


def output_of(command: list[str]) -> str:
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def cold(
    script: str, path: str, data: dict[str, dict[str, float]], label: str, rounds: int
) -> dict[str, object]:
    """Cold processes in both modes, output checked against anagramdb's."""
    report: dict[str, object] = {}
    for mode, flags in MODES.items():
        commands = {
            "anagramdb letters": [script, "--dict", path, "letters", COLD_RACK, *flags],
            "floor (floor.py)": [
                sys.executable,
                os.path.join(HERE, "floor.py"),
                path,
                COLD_RACK,
                *flags,
            ],
            "sqlite script": [
                sys.executable,
                os.path.join(HERE, "cold_sqlite.py"),
                str(data["sqlite"]["path"]),
                COLD_RACK,
                *flags,
            ],
        }
        if "marisa" in data:
            commands["marisa script"] = [
                sys.executable,
                os.path.join(HERE, "cold_marisa.py"),
                str(data["marisa"]["path"]),
                COLD_RACK,
                *flags,
            ]
        ours = output_of(commands["anagramdb letters"])
        differ = [name for name, command in commands.items() if output_of(command) != ours]
        agree = "identical output" if not differ else f"OUTPUT DIFFERS: {', '.join(differ)}"
        if mode != "default" and os.path.exists(AN):
            words = {
                word for line in ours.splitlines()[1:] for word in line.split(": ", 1)[1].split()
            }
            commands["an -w"] = [AN, "-w", "-d", path, COLD_RACK]
            agree += "; an -w: " + (
                "same word set" if an_words(path, COLD_RACK) == words else "WORD SETS DIFFER"
            )
            if os.path.exists(WORDPLAY):
                commands["wordplay -lx"] = [
                    WORDPLAY,
                    COLD_RACK,
                    "-s",
                    "-l",
                    "-x",
                    "-n1",
                    "-f",
                    path,
                ]
        results = interleaved(commands, rounds)
        results_report: dict[str, object] = dict(results)
        results_report["check"] = agree
        report[mode] = results_report
        print(
            table(
                f"letters, cold process, {label}, {mode} ({COLD_RACK}), {rounds} rounds; {agree}",
                results,
                "anagramdb letters",
            )
        )
    return report


def per_rack(
    path: str, data: dict[str, dict[str, float]], racks: list[str], quick: bool, label: str
) -> dict[str, object]:
    """Each contender on the same racks in this process, rotating order, answers checked."""
    names = (
        ["anagramdb", "sqlite"]
        + (["marisa"] if "marisa" in data else [])
        + ["memory"]
        + ([] if quick else ["tst"])
    )
    paths = {name: str(row["path"]) for name, row in data.items()}
    solvers = {name: load(name, path, paths) for name in names}
    warm_up = [draw_letters(seed=100_000 + seed).letters.lower() for seed in range(len(racks))]
    report: dict[str, object] = {}
    for mode, flags in MODES.items():
        everything, min_length = bool(flags), 1 if flags else 3
        # Warm-up on as many other racks: every contender's caches as a long-running
        # process has them (its steady state), without having seen the measured racks.
        for rack in warm_up:
            for solver in solvers.values():
                solver(rack, everything, min_length)
        spent: dict[str, list[float]] = {name: [] for name in names}
        wrong: dict[str, int] = dict.fromkeys(names, 0)
        for number, rack in enumerate(racks):
            answers = {}
            for name in names[number % len(names) :] + names[: number % len(names)]:
                start = time.perf_counter()
                result = solvers[name](rack, everything, min_length)
                spent[name].append(time.perf_counter() - start)
                answers[name] = result
            ours = canonical("anagramdb", answers["anagramdb"])
            for name in names[1:]:
                wrong[name] += canonical(name, answers[name]) != ours
        base = sum(spent["anagramdb"])
        rows = {}
        print(f"letters, per rack in one process, {len(racks)} drawn racks, {label}, {mode}")
        print(
            f"  {'':<14}{'mean ms':>9}{'median ms':>11}{'ratio':>8}{'faster on':>11}{'answers':>22}"
        )
        for name in names:
            faster = sum(1 for a, b in zip(spent["anagramdb"], spent[name], strict=True) if b < a)
            check = (
                "(reference)"
                if name == "anagramdb"
                else ("same on every rack" if not wrong[name] else f"DIFFER on {wrong[name]} racks")
            )
            mean, median = sum(spent[name]) * 1e3 / len(racks), statistics.median(spent[name]) * 1e3
            rows[name] = {
                "mean_ms": mean,
                "median_ms": median,
                "ratio": sum(spent[name]) / base,
                "faster_on": faster,
                "differ_on": wrong[name],
            }
            row = rows[name]
            print(
                f"  {name:<14}{row['mean_ms']:>9.3f}{row['median_ms']:>11.3f}{row['ratio']:>8.2f}"
                f"{faster:>11}{check:>22}"
            )
        report[mode] = rows
    for solver in solvers.values():
        del solver
    return report


def processes(
    script: str,
    path: str,
    data: dict[str, dict[str, float]],
    racks: list[str],
    quick: bool,
    label: str,
) -> dict[str, object]:
    """Start-up and peak RSS of each contender in a process of its own (--all --min 1)."""
    names = (
        ["anagramdb", "sqlite"]
        + (["marisa"] if "marisa" in data else [])
        + ["memory"]
        + ([] if quick else ["tst"])
    )
    stdin = "".join(rack + "\n" for rack in racks).encode()
    rows: dict[str, dict[str, float]] = {}
    for name in names:
        directory = os.path.dirname(str(data["sqlite"]["path"]))
        wall, rss, errors = run_reporting(
            [
                sys.executable,
                os.path.join(HERE, "baselines.py"),
                name,
                path,
                directory,
                "--all",
                "--min",
                "1",
            ],
            stdin,
        )
        own = json.loads([line for line in errors.splitlines() if line.startswith("{")][-1])
        rows[name] = {
            "startup_ms": own["load"] * 1e3,
            "per_rack_ms": own["answer"] * 1e3 / len(racks),
            "rss_mib": rss / 1024,
        }
        if name in data:
            rows[name]["build_s"], rows[name]["file_mib"] = data[name]["build_s"], data[name]["mib"]
    wall, rss, _ = run_reporting(
        [script, "--dict", path, "letters", "-", "--all", "--min", "1", "--json"], stdin
    )
    rows["anagramdb letters - (CLI)"] = {
        "whole_ms": wall * 1e3,
        "per_rack_ms": wall * 1e3 / len(racks),
        "rss_mib": rss / 1024,
    }
    print(f"letters, each in its own process, {len(racks)} racks, --all --min 1, {label}")
    print(f"  {'':<26}{'start-up ms':>12}{'per rack ms':>12}{'RSS MiB':>9}  data file")
    for name, row in rows.items():
        extra = (
            f"  {row['file_mib']:.1f} MiB, built in {row['build_s']:.1f} s"
            if "file_mib" in row
            else ""
        )
        if "whole_ms" in row:
            extra = f"  (whole process {row['whole_ms']:.0f} ms, start-up and JSON output included)"
        start = f"{row['startup_ms']:>12.1f}" if "startup_ms" in row else f"{'-':>12}"
        print(f"  {name:<26}{start}{row['per_rack_ms']:>12.3f}{row['rss_mib']:>9.1f}{extra}")
    return rows


def letters_jobs(
    script: str, path: str, label: str, rounds: int, racks: list[str], quick: bool
) -> dict[str, object]:
    data = build(path, tempfile.mkdtemp(prefix="anagramdb-compare-"))
    report: dict[str, object] = {"data": data}
    report["cold"] = cold(script, path, data, label, rounds)
    report["per_rack"] = per_rack(path, data, racks, quick, label)
    report["processes"] = processes(script, path, data, racks, quick, label)
    shutil.rmtree(os.path.dirname(str(data["sqlite"]["path"])), ignore_errors=True)
    return report


def _quiet(function, *args):  # type: ignore[no-untyped-def]
    with contextlib.redirect_stdout(io.StringIO()) as out:
        function(*args)
    return out.getvalue()


def numbers_jobs(games: int) -> dict[str, object]:
    """(ours, peer) pairs on the same games, timed in turn, answers checked game by game."""
    drawn = [
        (d.numbers, d.target) for d in (draw_numbers(seed=1000 + i) for i in range(games))
    ] + HARD_GAMES
    pairs: dict[str, tuple[object, object]] = {}
    try:
        from tryalgo.arithm_expr_target import arithm_expr_target

        pairs["tryalgo"] = (
            lambda n, t: solve(n, t).value,
            lambda n, t: int(arithm_expr_target(n, t).rsplit("=", 1)[1]),
        )
    except ImportError:
        print("skipped tryalgo: pip install tryalgo")
    try:
        import countdown_numbers_solver

        def every(n: list[int], t: int) -> int:
            out = _quiet(countdown_numbers_solver.solve, list(n), t)
            return int(out.rstrip().rsplit("Total: ", 1)[1].split()[0])

        pairs["countdown-numbers-solver"] = (lambda n, t: solutions(n, t), every)
    except ImportError:
        print("skipped countdown-numbers-solver: pip install countdown-numbers-solver")
    report: dict[str, object] = {}
    print(f"numbers, in process, {len(drawn)} games ({games} drawn + {len(HARD_GAMES)} hard)")
    print(f"  {'':<44}{'median ms':>10}{'max ms':>9}{'ratio':>8}{'faster on':>11}")
    for peer, (ours_fn, theirs_fn) in pairs.items():
        ours_t, theirs_t, problems = [], [], 0
        for numbers, target in drawn:
            start = time.perf_counter()
            mine = ours_fn(numbers, target)  # type: ignore[operator]
            ours_t.append(time.perf_counter() - start)
            start = time.perf_counter()
            theirs = theirs_fn(numbers, target)  # type: ignore[operator]
            theirs_t.append(time.perf_counter() - start)
            if peer == "tryalgo":
                problems += abs(mine - target) > abs(theirs - target)
            else:
                problems += (theirs > 0) != mine.exact
        ours_name = (
            "anagramdb solve (one answer)"
            if peer == "tryalgo"
            else "anagramdb solutions (all solutions)"
        )
        check = (
            "nearer-worse than tryalgo on"
            if peer == "tryalgo"
            else "exact/not exact disagreements:"
        )
        base = statistics.median(ours_t)
        for name, spent in ((ours_name, ours_t), (f"{peer}", theirs_t)):
            faster = sum(1 for a, b in zip(ours_t, spent, strict=True) if b < a)
            print(
                f"  {name:<44}{statistics.median(spent) * 1e3:>10.2f}{max(spent) * 1e3:>9.1f}"
                f"{statistics.median(spent) / base:>8.2f}{faster:>11}"
            )
        print(f"  check: {check} {problems} games")
        theirs_median = statistics.median(theirs_t)
        report[peer] = {
            "ours_median_ms": base * 1e3,
            "peer_median_ms": theirs_median * 1e3,
            "ratio": theirs_median / base,
            "problems": problems,
        }
    return report


def numbers_processes(script: str, rounds: int) -> dict[str, object]:
    numbers, target = [25, 50, 75, 100, 3, 6], 952
    commands = {
        "anagramdb numbers": [script, "numbers", *map(str, numbers), "--target", str(target)]
    }
    code = {
        "tryalgo": (
            "from tryalgo.arithm_expr_target import arithm_expr_target as f; "
            f"print(f({numbers}, {target}))"
        ),
        "countdown-numbers-solver": (
            f"import countdown_numbers_solver as c; c.solve({numbers}, {target})"
        ),
    }
    for name, text in code.items():
        if (
            subprocess.run(
                [sys.executable, "-c", text.split(";")[0]], capture_output=True
            ).returncode
            == 0
        ):
            commands[name] = [sys.executable, "-c", text]
    results = interleaved(commands, rounds)
    print(
        table(
            f"numbers, whole process ({' '.join(map(str, numbers))} -> {target}), {rounds} rounds",
            results,
            "anagramdb numbers",
        )
    )
    return results


def batch_jobs(script: str, count: int, rounds: int, merged: bool = True) -> dict[str, object]:
    """The whole-process batch against SQLite: default dictionary, then (with *merged*) the
    merged 2.8M-word one (with stored keys) when Debian's word lists are installed."""
    from benchmarks.compare_batch import batch, merged_dictionary
    from benchmarks.contenders import build_sqlite
    from benchmarks.support import DATA

    racks = [draw_letters(seed=seed).letters.lower() for seed in range(count)]
    os.makedirs(DATA, exist_ok=True)
    database = os.path.join(DATA, "default.sqlite")
    build_sqlite(Dictionary().path, database)
    report: dict[str, object] = {
        "default": batch(script, "default dictionary", Dictionary().path, database, racks, rounds)
    }
    if not merged:
        return report
    big = merged_dictionary(DATA)
    if big is None:
        print(
            "skipped the 2.8M-word batch: apt-get install the word lists that "
            "tools/merged_wordlist.py names"
        )
    else:
        report["merged"] = batch(
            script, "merged 2.8M words (stored keys)", *big, racks, max(1, rounds // 4)
        )
    return report


def summary(report: dict[str, object]) -> list[str]:
    """The ratios docs/PERFORMANCE.md quotes (below 1: anagramdb is faster)."""
    lines = ["summary (anagramdb time / other's time; below 1.00 means anagramdb is faster)"]
    for label, letters in report.items():
        if not label.startswith("letters"):
            continue
        for mode, results in letters["cold"].items():  # type: ignore[index]
            ours = results["anagramdb letters"]["median"]
            others = [
                (name, row)
                for name, row in results.items()
                if isinstance(row, dict) and name != "anagramdb letters"
            ]
            ratios = [f"{name.split(' ')[0]} {ours / row['median']:.2f}" for name, row in others]
            lines.append(f"  {label}, cold, {mode}: " + ", ".join(ratios))
        for mode, rows in letters["per_rack"].items():  # type: ignore[index]
            ratios = [
                f"{name} {1 / row['ratio']:.2f}"
                for name, row in rows.items()
                if name != "anagramdb"
            ]
            lines.append(f"  {label}, per rack, {mode}: " + ", ".join(ratios))
    print("\n".join(lines))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="under a minute: fewer rounds, games and racks, no synthetic dictionary, no tree",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the raw figures as JSON at the end"
    )
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--racks", type=int, default=None)
    parser.add_argument("--batch-racks", type=int, default=None, help="racks of the batch runs")
    args = parser.parse_args()
    rounds = args.rounds or (3 if args.quick else 20)
    count = args.racks or (100 if args.quick else 1000)
    script = anagramdb_script()
    report: dict[str, object] = {"notes": environment_notes()}
    racks = [draw_letters(seed=seed).letters.lower() for seed in range(count)]
    dictionaries = {"default dictionary": Dictionary().path}
    if not args.quick:
        dictionaries["synthetic 1M words"] = synthetic_dictionary(1_000_000)
    for label, path in dictionaries.items():
        report[f"letters, {label}"] = letters_jobs(script, path, label, rounds, racks, args.quick)
    report["batch"] = batch_jobs(
        script, args.batch_racks or (count if args.quick else 2000), rounds, merged=not args.quick
    )
    report["numbers"] = numbers_jobs(20 if args.quick else 100)
    report["numbers, whole process"] = numbers_processes(script, rounds)
    report["summary"] = summary(report)
    if args.json:
        print(json.dumps(report, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
