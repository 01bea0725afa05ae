"""The letters solver side by side with Debian's ``an`` and an in-memory dictionary.

    python benchmarks/compare_letters.py [--rounds 20] [--racks 2000]

1. Cold processes, interleaved: ``anagramdb letters RACK --all --min 1`` against
   ``an -w -d DICT RACK`` (apt-get install an) on the same dictionary file, for a
   nine-letter rack and racks of 15, 20 and 26 letters; the word sets must agree.
2. Batch throughput: random show draws through one ``anagramdb letters -`` process,
   against the usual in-memory approach (a dict from sorted letters to words, loaded
   once from the word list), answering the same racks the same way.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from anagramdb import Dictionary
from anagramdb.countdown.draw import draw_letters
from benchmarks.support import AN, interleaved, table

RACKS = {
    "9 letters": "gyroscope",
    "15 letters": "thequickbrownfo",
    "20 letters": "thequickbrownfoxjump",
    "26 letters": "thequickbrownfoxjumpsovert",
}


def words_of(command: list[str]) -> set[str]:
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return {
        line.split()[-1] for line in out.splitlines() if line and not line.startswith((" ", "#"))
    }


def anagramdb_words(script: str, path: str, rack: str) -> set[str]:
    import json

    out = subprocess.run(
        [script, "--dict", path, "letters", rack, "--all", "--min", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {word["word"] for word in json.loads(out)["words"]}


def in_memory_baseline(path: str, racks: list[str]) -> tuple[float, float]:
    """Load a dict of sorted letters once, then answer each rack by its sub-multisets,
    stopping after the length with 10 candidates: (load seconds, answer seconds)."""
    start = time.perf_counter()
    table_: dict[str, list[str]] = defaultdict(list)
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            word = line.rstrip("\n")
            table_["".join(sorted(word))].append(word)
    loaded = time.perf_counter()
    for rack in racks:
        found: list[str] = []
        for length in range(len(rack), 2, -1):
            for combo in {"".join(c) for c in combinations(sorted(rack), length)}:
                found.extend(table_.get(combo, ()))
            if len(found) >= 10:
                break
    return loaded - start, time.perf_counter() - loaded


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--racks", type=int, default=2000)
    args = parser.parse_args()
    script = shutil.which("anagramdb", path=os.path.dirname(sys.executable))
    if script is None:
        parser.error("install anagramdb into this Python's environment first (pip install .)")
    path = Dictionary().path
    if os.path.exists(AN):
        for label, rack in RACKS.items():
            ours, theirs = (
                anagramdb_words(script, path, rack),
                words_of([AN, "-w", "-d", path, rack]),
            )
            agree = (
                "same word sets"
                if ours == theirs
                else f"DIFFERENT: {len(ours ^ theirs)} words differ"
            )
            commands = {
                "an -w": [AN, "-w", "-d", path, rack],
                "anagramdb letters --all": [
                    script,
                    "--dict",
                    path,
                    "letters",
                    rack,
                    "--all",
                    "--min",
                    "1",
                ],
            }
            print(
                table(
                    f"cold process, {label} ({rack}), {args.rounds} rounds; "
                    f"{len(ours)} words, {agree}",
                    interleaved(commands, args.rounds),
                    "an -w",
                )
            )
    else:
        print(f"{AN} is missing: apt-get install an (skipping that comparison)")
    racks = [draw_letters(seed=seed).letters.lower() for seed in range(args.racks)]
    stdin = "".join(rack + "\n" for rack in racks).encode()
    start = time.perf_counter()
    subprocess.run(
        [script, "letters", "-", "--json"], input=stdin, stdout=subprocess.DEVNULL, check=True
    )
    batch = time.perf_counter() - start
    load, answer = in_memory_baseline(path, racks)
    print(
        f"\nbatch: {len(racks)} drawn racks through one 'anagramdb letters - --json' process: "
        f"{batch:.2f} s, {len(racks) / batch:,.0f} racks/s"
    )
    with_load = len(racks) / (load + answer)
    print(
        f"in-memory dict baseline (in this process): load {load:.2f} s, "
        f"then {len(racks) / answer:,.0f} racks/s; with loading {with_load:,.0f} racks/s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
