"""How the costs grow with the dictionary's size: synthetic dictionaries of 100k, 1M, 5M words.

    python benchmarks/scale.py [--sizes 100000,1000000,5000000] [--svg docs/scale.svg]

For each size (deterministic synthetic words, tools/synthetic_words.py): build time and
build peak RSS (default memory budget), dictionary and index size, open time, letters
solve time for a nine-letter rack on a fresh and on a warm Dictionary, and the peak RSS
of a cold ``anagramdb letters`` process; beside them, the same rack through Debian's
``an`` and through the in-memory dict baseline (start-up included), whose costs grow with
the list. Prints a Markdown table and writes an SVG chart (standard library only).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from anagramdb import Dictionary
from anagramdb.countdown.letters import solve_letters
from benchmarks.compare import AN, anagramdb_script
from benchmarks.support import DATA, run_measured

RACK = "gyroscope"
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = 30  # y of the charts' top edge in the SVG


def word_list(count: int) -> str:
    from synthetic_words import synthetic_words

    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, f"scale-{count}.list")
    if not os.path.exists(path):
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines(word + "\n" for word in synthetic_words(count))
    return path


def median_of(function, times: int = 7) -> float:  # type: ignore[no-untyped-def]
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        function()
        spent.append(time.perf_counter() - start)
    return statistics.median(spent)


def measure(count: int, script: str) -> dict[str, float]:
    source = word_list(count)
    path = os.path.join(DATA, f"scale-{count}.txt")
    build_s, build_rss = run_measured([script, "build", source, "-o", path])
    row: dict[str, float] = {"words": count, "build_s": build_s, "build_rss_mib": build_rss / 1024}
    row["dict_mib"] = os.path.getsize(path) / 2**20
    row["index_kib"] = os.path.getsize(path + ".idx") / 1024
    row["open_ms"] = median_of(lambda: Dictionary(path).close()) * 1e3

    def fresh() -> None:
        with Dictionary(path) as dictionary:
            solve_letters(dictionary, RACK, all=True)

    row["solve_fresh_ms"] = median_of(fresh) * 1e3
    with Dictionary(path) as warm:
        solve_letters(warm, RACK, all=True)
        row["solve_warm_ms"] = median_of(lambda: solve_letters(warm, RACK, all=True)) * 1e3
    cli = [run_measured([script, "--dict", path, "letters", RACK]) for _ in range(5)]
    row["cli_ms"] = statistics.median(wall for wall, _ in cli) * 1e3
    row["cli_rss_mib"] = max(rss for _, rss in cli) / 1024
    if os.path.exists(AN):
        row["an_ms"] = statistics.median(run_measured([AN, "-w", "-d", path, RACK])[0] for _ in range(3)) * 1e3
    memory = [run_measured([sys.executable, os.path.join(HERE, "baselines.py"), "memory", path], (RACK + "\n").encode()) for _ in range(3)]
    row["memory_baseline_ms"] = statistics.median(wall for wall, _ in memory) * 1e3
    row["memory_baseline_rss_mib"] = max(rss for _, rss in memory) / 1024
    return row


COLUMNS = [
    ("words", "words", "{:,.0f}"), ("build_s", "build s", "{:.1f}"), ("build_rss_mib", "build RSS MiB", "{:.1f}"),
    ("dict_mib", "dict MiB", "{:.1f}"), ("index_kib", "index KiB", "{:.0f}"), ("open_ms", "open ms", "{:.2f}"),
    ("solve_fresh_ms", "solve fresh ms", "{:.2f}"), ("solve_warm_ms", "solve warm ms", "{:.2f}"), ("cli_ms", "CLI ms", "{:.0f}"),
    ("cli_rss_mib", "CLI RSS MiB", "{:.1f}"), ("an_ms", "an ms", "{:.0f}"), ("memory_baseline_ms", "in-memory ms", "{:.0f}"),
    ("memory_baseline_rss_mib", "in-memory RSS MiB", "{:.0f}"),
]  # fmt: skip


def markdown(rows: list[dict[str, float]]) -> str:
    head = "| " + " | ".join(title for _, title, _ in COLUMNS) + " |"
    rule = "|" + "|".join("---:" for _ in COLUMNS) + "|"
    body = ["| " + " | ".join(form.format(row[key]) if key in row else "-" for key, _, form in COLUMNS) + " |" for row in rows]
    return "\n".join([head, rule, *body])


def svg(rows: list[dict[str, float]]) -> str:
    """Two log-log panels: wall time of one cold rack, and peak RSS, against words."""
    series = [
        ("time", "cold CLI letters (ms)", "cli_ms", "#1f77b4"), ("time", "an -w (ms)", "an_ms", "#d62728"),
        ("time", "in-memory baseline (ms)", "memory_baseline_ms", "#2ca02c"),
        ("memory", "CLI peak RSS (MiB)", "cli_rss_mib", "#1f77b4"), ("memory", "in-memory RSS (MiB)", "memory_baseline_rss_mib", "#2ca02c"),
        ("memory", "build peak RSS (MiB)", "build_rss_mib", "#9467bd"),
    ]  # fmt: skip
    width, height, margin = 440, 300, 50
    xs = [math.log10(row["words"]) for row in rows]
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="900" height="330" font-family="sans-serif" font-size="11">']
    for panel, title in enumerate(["wall time of one rack, cold process", "peak memory"]):
        kind = "time" if panel == 0 else "memory"
        chosen = [s for s in series if s[0] == kind and all(s[2] in row for row in rows)]
        values = [row[s[2]] for s in chosen for row in rows]
        low, high = math.log10(min(values) / 1.5), math.log10(max(values) * 1.5)
        left = panel * 450 + margin

        def px(x: float, y: float, left: int = left, low: float = low, high: float = high) -> tuple[float, float]:
            fx = (x - min(xs)) / ((max(xs) - min(xs)) or 1)
            fy = (math.log10(y) - low) / ((high - low) or 1)
            return left + fx * (width - 2 * margin), TOP + (1 - fy) * (height - 2 * margin)

        parts.append(f'<text x="{left}" y="15" font-weight="bold">{title} (log scales) against dictionary words</text>')
        parts.append(f'<rect x="{left}" y="{TOP}" width="{width - 2 * margin}" height="{height - 2 * margin}" fill="none" stroke="#999"/>')
        for row in rows:
            x, _ = px(math.log10(row["words"]), 10**low)
            parts.append(f'<text x="{x:.0f}" y="{TOP + height - 2 * margin + 16}" text-anchor="middle">{row["words"] / 1e6:g}M words</text>')
        for index, (_, label, key, colour) in enumerate(chosen):
            points = [px(math.log10(row["words"]), row[key]) for row in rows]
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
            for (x, y), row in zip(points, rows, strict=True):
                parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/><text x="{x + 4:.0f}" y="{y - 4:.0f}">{row[key]:.0f}</text>')
            legend_y = TOP + 16 + 14 * index
            parts.append(f'<line x1="{left + 6}" y1="{legend_y - 4}" x2="{left + 22}" y2="{legend_y - 4}" stroke="{colour}" stroke-width="3"/>')
            parts.append(f'<text x="{left + 26}" y="{legend_y}" fill="{colour}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100000,1000000,5000000")
    parser.add_argument("--svg", default=None, help="write the chart here")
    args = parser.parse_args()
    script = anagramdb_script()
    rows = [measure(int(size), script) for size in args.sizes.split(",")]
    if args.svg:
        import json

        with open(os.path.splitext(args.svg)[0] + ".json", "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=1)
    print(markdown(rows))
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(svg(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
