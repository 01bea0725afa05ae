"""Instructions of a cold command against the floor's (valgrind --tool=callgrind).

    python benchmarks/cold_instructions.py [--runs 3] [--source DIR]... [--rack gyroscope]

Runs the installed ``anagramdb`` command (the script beside this Python, as a user runs
it: install with ``pip install .``, not ``-e``) for ``letters RACK``, ``anagrams WORD``,
``define WORD`` and their ``--json`` forms, ``python -c pass`` and the floor
(benchmarks/floor.py on the packaged default dictionary, the same rack), each under
callgrind, and prints the median instruction count of *runs* runs and its ratio to the
floor's. Instruction counts do not depend on the machine's load; the hash seed is fixed
(PYTHONHASHSEED=0), and bytecode may be cached as an installation caches it. Each
``--source`` runs the package found in DIR instead (``git archive`` of an older commit),
through the same installed script.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

FORMS = [
    ["letters", "{rack}"],
    ["letters", "{rack}", "--json"],
    ["anagrams", "listen"],
    ["anagrams", "listen", "--json"],
    ["define", "listens"],
    ["define", "listens", "--json"],
]


def instructions(command: list[str], env: dict[str, str]) -> int:
    """Instructions one run of *command* executes (callgrind's total)."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
            capture_output=True, check=True, env=env, cwd=directory,
        )  # fmt: skip
        with open(out, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith(("totals:", "summary:")):
                    return int(line.split()[1])
    raise SystemExit("no totals in callgrind's output")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--source", action="append", default=[])
    parser.add_argument("--rack", default="gyroscope")
    options = parser.parse_args()
    script = os.path.join(os.path.dirname(sys.executable), "anagramdb")
    base = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    base["PYTHONHASHSEED"] = "0"
    from anagramdb.packaged import DEFAULT_NAME, packaged_path

    floor = os.path.join(os.path.dirname(os.path.abspath(__file__)), "floor.py")
    commands = {
        "python -c pass": ([sys.executable, "-c", "pass"], base),
        f"floor {options.rack}": ([sys.executable, floor, packaged_path(DEFAULT_NAME),
                                  options.rack], base),
    }  # fmt: skip
    envs = {"installed": base} | {
        source: dict(base, PYTHONPATH=os.path.abspath(source)) for source in options.source
    }
    for label, env in envs.items():
        for form in FORMS:
            args = [word.format(rack=options.rack) for word in form]
            commands[f"{label}: {' '.join(args)}"] = ([script, *args], env)
    for command, env in commands.values():
        subprocess.run(command, capture_output=True, env=env)  # bytecode cached, pages read
    counts = {
        name: statistics.median(instructions(command, env) for _ in range(options.runs))
        for name, (command, env) in commands.items()
    }
    floor_count = counts[f"floor {options.rack}"]
    print(f"instructions (callgrind), median of {options.runs} runs; ratio to the floor")
    for name, count in counts.items():
        print(f"  {name:48} {count / 1e6:7.1f}M  {count / floor_count:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
