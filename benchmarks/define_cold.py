"""A cold ``define`` beside a cold ``anagrams``, and define's peak memory against its file's size.

    nice -n 10 python benchmarks/define_cold.py [--rounds 20] [--callgrind] [--sizes 1 4 8]

Each round runs ``python -m anagramdb anagrams listen`` and ``python -m anagramdb define
listens`` one after the other (interleaved, so a busy moment hits both alike), under
``/usr/bin/time``: the table gives median wall and CPU time, peak RSS and the ratio of
define to anagrams. ``--callgrind`` adds each command's instruction count (valgrind
--tool=callgrind, one run each: not disturbed by the machine's load). Then, for each
``--sizes`` factor, a definitions file that many times the packaged one's size (its lines
repeated under new keys, streamed: the file is never held in memory) is built in a
temporary directory and one cold ``define`` of a word in it is measured: peak RSS should
stay flat as the file grows.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cold_start import timed

from anagramdb.builder import write_keyed
from anagramdb.definitions import DEFINITIONS_PATH
from anagramdb.keyed import KeyedFile

COMMANDS = {
    "anagrams listen": ["anagrams", "listen"],
    "define listens": ["define", "listens"],
}


def instructions(args: list[str]) -> int:
    """Instructions one run of ``python -m anagramdb ARGS`` executes (callgrind)."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, "-m", "anagramdb", *args],
            capture_output=True, check=True,
        )  # fmt: skip
        with open(out, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("totals:") or line.startswith("summary:"):
                    return int(line.split()[1])
    raise SystemExit("no totals in callgrind's output")


def scaled_file(directory: str, factor: int) -> str:
    """A definitions file about *factor* times the packaged one: the packaged lines, then
    *factor* - 1 copies under keys with a digit in front (``1cat``, ``2cat``, ...), each
    copy a stretch of its own that compresses as the original does."""
    path = os.path.join(directory, f"definitions-{factor}x.txt.gz")
    with KeyedFile(DEFINITIONS_PATH) as packaged:

        def lines() -> Iterator[str]:
            for copy in range(1, factor):
                for key, value in packaged:
                    yield f"{copy}{key}\t{value}"
            for key, value in packaged:
                yield f"{key}\t{value}"

        write_keyed(path, lines())
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--sizes", type=int, nargs="*", default=[1, 4, 8])
    options = parser.parse_args()
    env = dict(os.environ)
    runs: dict[str, list[tuple[float, int, float]]] = {name: [] for name in COMMANDS}
    for args in COMMANDS.values():
        timed([sys.executable, "-m", "anagramdb", *args], env)  # warm the page cache
    for _ in range(options.rounds):
        for name, args in COMMANDS.items():
            runs[name].append(timed([sys.executable, "-m", "anagramdb", *args], env))
    print(f"load average {os.getloadavg()[0]:.1f}; {options.rounds} interleaved rounds, medians")
    medians = {
        name: tuple(statistics.median(run[i] for run in values) for i in range(3))
        for name, values in runs.items()
    }
    base = medians["anagrams listen"]
    for name, (wall, kib, cpu) in medians.items():
        print(
            f"  {name:16} wall {1000 * wall:6.1f} ms ({wall / base[0]:.2f}x)  "
            f"cpu {1000 * cpu:6.1f} ms ({cpu / base[2]:.2f}x)  peak RSS {kib / 1024:.1f} MiB"
        )
    if options.callgrind:
        counts = {name: instructions(args) for name, args in COMMANDS.items()}
        first = counts["anagrams listen"]
        for name, count in counts.items():
            print(f"  {name:16} {count / 1e6:7.1f}M instructions ({count / first:.2f}x)")
    with tempfile.TemporaryDirectory() as directory:
        for factor in options.sizes:
            path = scaled_file(directory, factor)
            size = os.path.getsize(path)
            with KeyedFile(path):
                pass  # its index, written once: the measured runs are lookups only
            command = [sys.executable, "-m", "anagramdb", "define", "listens"]
            samples = [timed([*command, "--definitions", path], env) for _ in range(5)]
            kib = statistics.median(sample[1] for sample in samples)
            print(
                f"  file {size / 2**20:6.1f} MiB ({factor}x): define peak RSS {kib / 1024:.1f} MiB"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
