"""One letters contender in a process of its own: start-up, answer time and peak RSS.

    python benchmarks/baselines.py NAME DICT [--data DIR] [--all] [--min N] < racks
    python benchmarks/baselines.py build DICT DIR     # the SQLite database and marisa trie

NAME is one of benchmarks/contenders.py's (anagramdb, sqlite, marisa, memory, tst). The
racks are read from stdin, one a line; each is answered as the contender answers it in
compare.py, and the number of words is printed per rack. The process reports its own
timings on stderr as one JSON line: ``{"load": s, "answer": s, "racks": n}``, measured
with in-process timers, so that no figure comes from subtracting two whole-process times.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def build(path: str, directory: str) -> dict[str, dict[str, float]]:
    """Build the SQLite database (and the marisa trie when available) for *path* in
    *directory*: {name: {"path", "build_s", "mib"}}."""
    from benchmarks.contenders import build_marisa, build_sqlite, marisa_available

    os.makedirs(directory, exist_ok=True)
    made: dict[str, dict[str, float]] = {}
    builders = {"sqlite": (build_sqlite, "words.sqlite")}
    if marisa_available():
        builders["marisa"] = (build_marisa, "words.marisa")
    for name, (function, file_name) in builders.items():
        target = os.path.join(directory, file_name)
        start = time.perf_counter()
        function(path, target)
        made[name] = {
            "path": target,
            "build_s": time.perf_counter() - start,
            "mib": os.path.getsize(target) / 2**20,
        }  # type: ignore[dict-item]
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name")
    parser.add_argument("dictionary")
    parser.add_argument("data", nargs="?", default=None)
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--min", type=int, default=3)
    args = parser.parse_args()
    if args.name == "build":
        print(json.dumps(build(args.dictionary, args.data)))
        return 0
    start = time.perf_counter()
    from benchmarks.contenders import load

    data = {
        "sqlite": os.path.join(args.data or "", "words.sqlite"),
        "marisa": os.path.join(args.data or "", "words.marisa"),
    }
    answer = load(args.name, args.dictionary, data)
    loaded = time.perf_counter()
    racks = [line.strip() for line in sys.stdin if line.strip()]
    counts = []
    for rack in racks:
        result = answer(rack, args.all, args.min)
        counts.append(str(len(result)))  # type: ignore[arg-type]
    done = time.perf_counter()
    sys.stdout.write("\n".join(counts) + ("\n" if counts else ""))
    print(
        json.dumps({"load": loaded - start, "answer": done - loaded, "racks": len(racks)}),
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
