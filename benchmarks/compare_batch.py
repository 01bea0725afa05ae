"""The letters batch, whole processes: ``anagramdb letters - --all --min 1 --json`` against
an SQLite script (benchmarks/batch_sqlite.py) printing byte for byte the same JSON Lines.

    python benchmarks/compare_batch.py [--racks 2000] [--rounds 5] [--instructions]

Used by compare.py, and alone on the default dictionary: each command runs once to check
the outputs are identical, then both run in turn (A B A B ...) *rounds* times; wall and
CPU seconds (user + system) and peak RSS come from GNU time. CPU time and peak RSS are the
load-independent figures; ``--instructions`` adds each command's instruction count
(valgrind's cachegrind, one run each, PYTHONHASHSEED=0), which a loaded machine does not
disturb. Run it from a non-editable install (pip install .): an editable one's import
hook costs every process more.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def measured(command: list[str], stdin: bytes) -> tuple[float, float, int, bytes]:
    """(wall s, CPU s, peak RSS KiB, stdout) of one run, from GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name, *command],
            input=stdin,
            capture_output=True,
            check=False,
        )
        if result.returncode:
            raise RuntimeError(f"{command} failed: {result.stderr.decode(errors='replace')}")
        wall, user, system, rss = report.read().split()[-4:]
        return float(wall), float(user) + float(system), int(rss), result.stdout


def instructions(command: list[str], stdin: bytes) -> int:
    """Instructions one run of *command* executes (cachegrind without cache simulation:
    the same count as callgrind's, in less time), with a fixed hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "cachegrind.out")
        subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
             *command],
            input=stdin, capture_output=True, check=True, env=env,
        )  # fmt: skip
        with open(out, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("summary:"):
                    return int(line.split()[1])
    raise SystemExit("no summary in cachegrind's output")


def merged_dictionary(data: str) -> tuple[str, str] | None:
    """The merged 2.8M-word dictionary (with stored keys) and its SQLite twin, made once
    in *data*; None without Debian's word lists (see tools/merged_wordlist.py)."""
    from benchmarks.contenders import build_sqlite
    from benchmarks.support import merged_list

    source = merged_list()
    if source is None:
        return None
    path = os.path.join(data, "merged.txt")
    database = os.path.join(data, "merged.sqlite")
    if not os.path.exists(path + ".keys"):
        from anagramdb.builder import build
        from anagramdb.stored_keys import save_stored_keys

        build([source], path)
        save_stored_keys(path)
    if not os.path.exists(database):
        build_sqlite(path, database)
    return path, database


def batch(
    script: str,
    label: str,
    path: str,
    database: str,
    racks: list[str],
    rounds: int,
    counted: bool = False,
) -> dict[str, dict[str, float]]:
    """Both batch processes on *racks*, interleaved, outputs checked; prints a table (with
    *counted*, each one's instructions too)."""
    stdin = "".join(rack + "\n" for rack in racks).encode()
    commands = {
        "anagramdb letters -": [
            *(script, "--dict", path, "letters", "-", "--all", "--min", "1", "--json")
        ],
        "sqlite batch script": [
            sys.executable,
            os.path.join(HERE, "batch_sqlite.py"),
            database,
            "--min",
            "1",
        ],
    }
    outputs = {name: measured(command, stdin)[3] for name, command in commands.items()}
    same = len(set(outputs.values())) == 1
    runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            runs[name].append(measured(command, stdin)[:3])
    rows = {
        name: {
            "wall_s": statistics.median(r[0] for r in spent),
            "cpu_s": statistics.median(r[1] for r in spent),
            "rss_mib": statistics.median(r[2] for r in spent) / 1024,
        }
        for name, spent in runs.items()
    }
    if counted:
        for name, command in commands.items():
            rows[name]["instructions"] = instructions(command, stdin)
    peer = rows["sqlite batch script"]
    check = "identical output" if same else "OUTPUT DIFFERS"
    print(
        f"letters batch, whole process, {len(racks)} racks, --all --min 1 --json, {label}, "
        f"{rounds} rounds; {check}"
    )
    head = f"  {'':<24}{'wall s':>8}{'CPU s':>8}{'CPU ratio':>11}{'peak RSS MiB':>14}"
    print(head + (f"{'instructions':>14}{'ratio':>7}" if counted else ""))
    for name, row in rows.items():
        row["cpu_ratio"] = row["cpu_s"] / peer["cpu_s"]
        line = (
            f"  {name:<24}{row['wall_s']:>8.2f}{row['cpu_s']:>8.2f}{row['cpu_ratio']:>11.2f}"
            f"{row['rss_mib']:>14.1f}"
        )
        if counted:
            ratio = row["instructions"] / peer["instructions"]
            line += f"{row['instructions'] / 1e9:>13.2f}G{ratio:>7.2f}"
        print(line)
    return rows


def main() -> int:
    import argparse

    from anagramdb.countdown.draw import draw_letters
    from anagramdb.dictionary import Dictionary
    from benchmarks.contenders import build_sqlite
    from benchmarks.support import DATA

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--racks", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--instructions", action="store_true")
    options = parser.parse_args()
    racks = [draw_letters(seed=seed).letters.lower() for seed in range(options.racks)]
    os.makedirs(DATA, exist_ok=True)
    database = os.path.join(DATA, "default.sqlite")
    path = Dictionary().path
    build_sqlite(path, database)
    script = os.path.join(os.path.dirname(sys.executable), "anagramdb")
    batch(script, "default dictionary", path, database, racks, options.rounds, options.instructions)
    return 0


if __name__ == "__main__":
    sys.path.append(os.path.dirname(HERE))  # benchmarks.* from the source tree, after site
    sys.exit(main())
