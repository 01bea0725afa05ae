"""The memory budget of every main command: peak RSS, and the smallest address-space
limit (RLIMIT_AS) under which it still gives the same output.

    python benchmarks/memory_budget.py [--racks N] [--list WORDLIST] [--json]

Each command runs once unlimited (its output and peak RSS from GNU time), then under
``prlimit --as`` limits bisected in 1 MiB steps between 8 MiB and 1 GiB: the figure is the
smallest limit at which it exits as unlimited with identical output. Peak RSS does not
depend on the machine's load, so these figures are comparable between runs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from anagramdb.countdown.draw import draw_letters, draw_numbers
from anagramdb.packaged import DATA_DIRECTORY

MIB = 1 << 20


def run(command: list[str], stdin: bytes, limit: int | None) -> tuple[int, bytes, int]:
    """(exit code, stdout, peak RSS in KiB) of *command* under an address-space *limit*."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        prefix = ["prlimit", f"--as={limit}"] if limit else []
        result = subprocess.run(
            [*prefix, "/usr/bin/time", "-f", "%M", "-o", report.name, *command],
            input=stdin,
            capture_output=True,
            check=False,
        )
        text = report.read().split()
        return result.returncode, result.stdout, int(text[-1]) if text else 0


def smallest_limit(command: list[str], stdin: bytes, code: int, output: bytes) -> int:
    """The smallest address-space limit, in MiB, at which *command* still succeeds alike."""
    low, high = 8, 1024  # fails at low (assumed), succeeds at high (checked)
    if run(command, stdin, high * MIB)[:2] != (code, output):
        return -1
    while high - low > 1:
        middle = (low + high) // 2
        if run(command, stdin, middle * MIB)[:2] == (code, output):
            high = middle
        else:
            low = middle
    return high


def commands(racks: int, wordlist: str, scratch: str) -> dict[str, tuple[list[str], bytes]]:
    """name -> (command, stdin): the main commands as a user runs them."""
    tool = [sys.executable, "-m", "anagramdb"]
    rack_lines = "".join(draw_letters(seed=s).letters.lower() + "\n" for s in range(racks))
    games = "".join(
        " ".join(map(str, game.numbers)) + f" target {game.target}\n"
        for game in (draw_numbers(seed=s) for s in range(50))
    )
    built = os.path.join(scratch, "built.txt")
    return {
        "letters RACK": ([*tool, "letters", "gyroscope"], b""),
        "letters RACK --all": ([*tool, "letters", "gyroscope", "--all", "--min", "1"], b""),
        "anagrams WORD": ([*tool, "anagrams", "listen"], b""),
        f"letters - ({racks} racks, --all --json)": (
            [*tool, "letters", "-", "--all", "--min", "1", "--json"],
            rack_lines.encode(),
        ),
        f"-d huge letters - ({racks} racks, --all --json)": (
            [*tool, "-d", "huge", "letters", "-", "--all", "--min", "1", "--json"],
            rack_lines.encode(),
        ),
        f"anagrams - ({racks} racks)": ([*tool, "anagrams", "-"], rack_lines.encode()),
        "conundrum RACK": ([*tool, "conundrum", "gyroscope"], b""),
        "phrases (1,000)": ([*tool, "phrases", "countdown show", "--limit", "1000"], b""),
        "numbers - (50 games)": ([*tool, "numbers", "-"], games.encode()),
        "build --memory 16M": (
            [*tool, "build", wordlist, "-o", built, "--memory", "16M", "--force"],
            b"",
        ),
        "build (--memory 64M)": ([*tool, "build", wordlist, "-o", built, "--force"], b""),
        "check index": (
            [*tool, "check", "index", os.path.join(DATA_DIRECTORY, "huge.txt")],
            b"",
        ),
        "numbers stats --targets 101-120": (
            [*tool, "numbers", "stats", "--targets", "101-120"],
            b"",
        ),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--racks", type=int, default=2000)
    parser.add_argument(
        "--list", default=os.path.join(DATA_DIRECTORY, "huge.txt"), help="word list to build"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not shutil.which("prlimit") or not os.path.exists("/usr/bin/time"):
        raise SystemExit("needs prlimit (util-linux) and GNU time (apt-get install time)")
    scratch = tempfile.mkdtemp(prefix="anagramdb-memory-")
    rows = {}
    print(f"  {'command':<46}{'peak RSS MiB':>13}{'min RLIMIT_AS MiB':>19}")
    try:
        for name, (command, stdin) in commands(args.racks, args.list, scratch).items():
            code, output, rss = run(command, stdin, None)
            limit = smallest_limit(command, stdin, code, output)
            rows[name] = {"exit": code, "rss_mib": rss / 1024, "min_as_mib": limit}
            shown = f"{limit}" if limit > 0 else "fails"
            print(f"  {name:<46}{rss / 1024:>13.1f}{shown:>19}", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
