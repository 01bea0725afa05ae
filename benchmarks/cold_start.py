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


def timed(command: list[str], env: dict[str, str]) -> tuple[float, int]:
    """(seconds, peak RSS in KiB) of one run: the peak from /usr/bin/time, the wall time
    from perf_counter around it (time's own %e has only 10 ms resolution)."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M", *command], env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{command} failed: {result.stderr}")
    return seconds, int(result.stderr.strip().splitlines()[-1].split()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--source", action="append", default=[], help="directory holding another anagramdb package to run too")
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
    runs: dict[tuple[str, str], list[tuple[float, int]]] = {name: [] for name in commands}
    for _ in range(options.rounds):
        for name, (command, env) in commands.items():
            runs[name].append(timed(command, env))
    print(f"anagramdb {' '.join(options.args)}: {options.rounds} interleaved rounds, medians")
    for label in envs:
        (quick, quick_kib), (slow, slow_kib) = (
            (statistics.median(t for t, _ in runs[label, path]), statistics.median(m for _, m in runs[label, path])) for path in ("quick path", "typer app")
        )
        print(f"  {label}: quick path {quick * 1000:.0f} ms {quick_kib / 1024:.1f} MiB; typer app {slow * 1000:.0f} ms {slow_kib / 1024:.1f} MiB")
        print(f"  {label}: quick/typer {quick / slow:.2f}x the wall time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
