"""The mutation scores of the engine and game modules, from a finished ``mutmut run``.

    mutmut run --max-children 2          # writes mutants/ (docs/TESTING.md)
    python tools/mutation_table.py       # one row a module, then the total
    python tools/mutation_table.py --survivors anagramdb/builder.py   # their names
    mutmut run $(python tools/mutation_table.py --names --sample 30)  # a sample only

mutmut keeps each module's results in ``mutants/<path>.meta`` (JSON: mutant name -> the
exit code of the tests run against it). Exit 1 is a test that failed: killed. Exit 3 (pytest
itself broke, say at import) mutmut also counts as killed; this table shows those apart, and
the score counts only genuine failures and timeouts (a hang the tests notice) as kills.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# mutmut's exit codes (mutmut/stats.py): 0 tests passed, 1 a test failed, 3 pytest broke,
# 33 no test covers the code, 34 skipped, 36 and the SIGXCPU codes timed out, None not run.
TIMEOUTS = {36, 24, -24, 152, 255}
COLUMNS = ("killed", "timeout", "broke", "survived", "no tests", "other", "not run")


def status(code: int | None) -> str:
    """The column a mutant's exit code falls in."""
    if code is None:
        return "not run"
    if code == 1:
        return "killed"
    if code in TIMEOUTS:
        return "timeout"
    if code == 3:
        return "broke"
    if code == 0:
        return "survived"
    if code in (5, 33):
        return "no tests"
    return "other"


def results(mutants: str) -> dict[str, dict[str, int | None]]:
    """Module path -> {mutant name: exit code}, for every ``.meta`` file under *mutants*."""
    found: dict[str, dict[str, int | None]] = {}
    for directory, _, files in os.walk(os.path.join(mutants, "anagramdb")):
        for name in sorted(files):
            if name.endswith(".py.meta"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as handle:
                    codes = json.load(handle).get("exit_code_by_key", {})
                if codes:
                    found[os.path.relpath(path, mutants)[: -len(".meta")]] = codes
    return dict(sorted(found.items()))


def sampled(found: dict[str, dict[str, int | None]], size: int) -> dict[str, dict[str, int | None]]:
    """*size* mutants a module, evenly spaced in mutmut's order (all of a smaller module)."""
    if size <= 0:
        return found
    picked = {}
    for module, codes in found.items():
        names = list(codes)
        if len(names) > size:
            names = [names[i * len(names) // size] for i in range(size)]
        picked[module] = {name: codes[name] for name in names}
    return picked


def score(counts: Counter[str]) -> float:
    """Killed (a failing test or a timeout) as a percentage of every mutant."""
    total = sum(counts.values())
    return 100.0 * (counts["killed"] + counts["timeout"]) / total if total else 100.0


def table(found: dict[str, dict[str, int | None]]) -> str:
    """The markdown table: one row a module, then the total."""
    lines = [
        "| module | mutants | " + " | ".join(COLUMNS) + " | score |",
        "| --- | ---: | " + " | ".join("---:" for _ in COLUMNS) + " | ---: |",
    ]
    total: Counter[str] = Counter()
    for module, codes in found.items():
        counts = Counter(status(code) for code in codes.values())
        total += counts
        cells = " | ".join(str(counts[column]) for column in COLUMNS)
        lines.append(f"| {module} | {len(codes)} | {cells} | {score(counts):.1f}% |")
    cells = " | ".join(str(total[column]) for column in COLUMNS)
    lines.append(f"| all | {sum(total.values())} | {cells} | {score(total):.1f}% |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", default=os.path.join(ROOT, "mutants"))
    parser.add_argument(
        "--survivors", metavar="MODULE", help="list the surviving mutants of this module"
    )
    parser.add_argument(
        "--sample",
        type=int,
        default=0,
        metavar="N",
        help="only N mutants a module, evenly spaced (0, the default: all of them)",
    )
    parser.add_argument(
        "--names", action="store_true", help="print the mutants' names, for `mutmut run`"
    )
    args = parser.parse_args()
    found = sampled(results(args.mutants), args.sample)
    if not found:
        print(f"no mutmut results under {args.mutants}: run `mutmut run` first", file=sys.stderr)
        return 1
    if args.names:
        print("\n".join(name for codes in found.values() for name in codes))
        return 0
    if args.survivors:
        codes = found.get(args.survivors)
        if codes is None:
            print(f"no results for {args.survivors}", file=sys.stderr)
            return 1
        for name, code in codes.items():
            if status(code) in ("survived", "no tests"):
                print(name)
        return 0
    print(table(found))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # `| head` has read enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
