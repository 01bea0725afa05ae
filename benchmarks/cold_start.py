"""Cold start of one lookup through the quick path and through the typer app.

    nice -n 10 python benchmarks/cold_start.py [--rounds 20] [--source DIR]... [ARG...]

Each round runs, one after the other (interleaved, so a busy moment hits all alike),
``python -m anagramdb ARGS`` (the console entry point: the quick path answers) and the
same command line handed straight to the typer app, each under ``/usr/bin/time -f
'%e %M'``; the table gives the median wall time and peak RSS of each and their ratio.
Each ``--source`` adds the same two runs of the package found in DIR (e.g. an older
checkout extracted with ``git archive``) to the same rounds, for before-and-after figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

TYPER = "import sys; from anagramdb.cli.app import run; sys.argv[0] = 'anagramdb'; run()"


def timed(command: list[str], env: dict[str, str]) -> tuple[float, int, float]:
    """(seconds, peak RSS in KiB, CPU seconds) of one run: the peak and the CPU time (user +
    system, less disturbed than wall time on a shared machine) from /usr/bin/time, the wall
    time from perf_counter around it (time's own %e has only 10 ms resolution)."""
    start = time.perf_counter()
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%e %M %U %S", *command], env=env, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{command} failed: {result.stderr}")
    _, kib, user, system = result.stderr.strip().splitlines()[-1].split()
    return seconds, int(kib), float(user) + float(system)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        help="directory holding another anagramdb package to run too",
    )
    parser.add_argument("args", nargs="*", default=["anagrams", "listen"])
    options = parser.parse_args()
    envs = {"installed": dict(os.environ)}
    for source in options.source:
        envs[source] = dict(os.environ, PYTHONPATH=os.path.abspath(source))
    commands = {}
    for label, env in envs.items():
        commands[label, "quick path"] = ([sys.executable, "-m", "anagramdb", *options.args], env)
        commands[label, "typer app"] = ([sys.executable, "-c", TYPER, *options.args], env)
    for command, env in commands.values():
        timed(command, env)  # warm the page cache
    runs: dict[tuple[str, str], list[tuple[float, int, float]]] = {name: [] for name in commands}
    for _ in range(options.rounds):
        for name, (command, env) in commands.items():
            runs[name].append(timed(command, env))
    print(f"anagramdb {' '.join(options.args)}: {options.rounds} interleaved rounds, medians")
    for label in envs:
        figures = {}
        for path in ("quick path", "typer app"):
            got = runs[label, path]
            figures[path] = [statistics.median(run[i] for run in got) for i in range(3)]
        (quick, quick_kib, quick_cpu), (slow, slow_kib, slow_cpu) = (
            figures["quick path"],
            figures["typer app"],
        )
        print(
            f"  {label}: quick path {quick * 1000:.0f} ms wall, {quick_cpu * 1000:.0f} ms CPU, "
            f"{quick_kib / 1024:.1f} MiB"
        )
        print(
            f"  {label}: typer app  {slow * 1000:.0f} ms wall, {slow_cpu * 1000:.0f} ms CPU, "
            f"{slow_kib / 1024:.1f} MiB"
        )
        print(
            f"  {label}: quick/typer {quick / slow:.2f}x the wall time, "
            f"{quick_cpu / slow_cpu:.2f}x the CPU time"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
