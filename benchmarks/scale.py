"""How the costs grow with the dictionary's size: the default list, synthetic lists of 100k,
1M and 5M words, and a realistic merged list of 2.8M real words.

    python benchmarks/scale.py [--quick] [--sizes 100000,1000000,5000000] [--svg docs/scale.svg]

Rows: the packaged default dictionary (the reference), deterministic synthetic words
(tools/synthetic_words.py), and Debian's word lists merged and folded to a-z
(tools/merged_wordlist.py; built when /usr/share/dict has the lists, skipped with a note
when not). For each: build time and build peak RSS (default memory budget), dictionary
and index size, open time, letters solve time for ``gyroscope --all`` on a fresh and on a
warm Dictionary, the mean over drawn racks (default mode) fresh and warm, each with its
ratio to the default list's, and the peak RSS of a cold ``anagramdb letters`` process;
beside them, the same rack through Debian's ``an`` and the in-memory dict baseline
(start-up included), whose costs grow with the list. Warm means after two solves of the
same racks, when the blocks are cached and tabulated. Prints a Markdown table and writes
an SVG chart (standard library only). --quick: the default list and 100k words only.
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
from anagramdb.countdown.draw import draw_letters
from anagramdb.countdown.letters import solve_letters
from benchmarks.support import AN, DATA, anagramdb_script, merged_list, run_measured

RACK = "gyroscope"
RACKS = [draw_letters(seed=seed).letters.lower() for seed in range(100)]
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


def measure(label: str, script: str, quick: bool) -> dict[str, float]:
    """One row: *label* is "default", "merged" or a synthetic size."""
    if label == "default":
        path = Dictionary().path
        row: dict[str, float] = {"words": Dictionary(path).word_count}
    else:
        source = merged_list() if label == "merged" else word_list(int(label))
        assert source is not None
        path = os.path.join(DATA, f"scale-{label}.txt")
        build_s, build_rss = run_measured([script, "build", source, "-o", path])
        with Dictionary(path) as built:
            row = {"words": built.word_count, "build_s": build_s, "build_rss_mib": build_rss / 1024}
    row["dict_mib"] = os.path.getsize(path) / 2**20
    row["index_kib"] = os.path.getsize(path + ".idx") / 1024
    row["open_ms"] = median_of(lambda: Dictionary(path).close()) * 1e3

    def fresh() -> None:
        with Dictionary(path) as dictionary:
            solve_letters(dictionary, RACK, all=True)

    row["solve_fresh_ms"] = median_of(fresh) * 1e3
    with Dictionary(path) as warm:
        solve_letters(warm, RACK, all=True)
        solve_letters(warm, RACK, all=True)
        row["solve_warm_ms"] = median_of(lambda: solve_letters(warm, RACK, all=True)) * 1e3
    racks = RACKS[: 20 if quick else len(RACKS)]
    start = time.perf_counter()
    for rack in racks:
        with Dictionary(path) as dictionary:
            solve_letters(dictionary, rack)
    row["racks_fresh_ms"] = (time.perf_counter() - start) * 1e3 / len(racks)
    with Dictionary(path) as warm:
        for _ in range(2):
            for rack in racks:
                solve_letters(warm, rack)
        start = time.perf_counter()
        for rack in racks:
            solve_letters(warm, rack)
        row["racks_warm_ms"] = (time.perf_counter() - start) * 1e3 / len(racks)
    if quick:
        return row
    cli = [run_measured([script, "--dict", path, "letters", RACK]) for _ in range(5)]
    row["cli_ms"] = statistics.median(wall for wall, _ in cli) * 1e3
    row["cli_rss_mib"] = max(rss for _, rss in cli) / 1024
    if os.path.exists(AN):
        row["an_ms"] = (
            statistics.median(run_measured([AN, "-w", "-d", path, RACK])[0] for _ in range(3)) * 1e3
        )
    memory = [
        run_measured(
            [sys.executable, os.path.join(HERE, "baselines.py"), "memory", path],
            (RACK + "\n").encode(),
        )
        for _ in range(3)
    ]
    row["memory_baseline_ms"] = statistics.median(wall for wall, _ in memory) * 1e3
    row["memory_baseline_rss_mib"] = max(rss for _, rss in memory) / 1024
    return row


RATIOS = {
    "solve_fresh_ms": "fresh_ratio",
    "solve_warm_ms": "warm_ratio",
    "racks_fresh_ms": "racks_fresh_ratio",
    "racks_warm_ms": "racks_warm_ratio",
}
COLUMNS = [
    ("label", "list", "{}"), ("words", "words", "{:,.0f}"), ("build_s", "build s", "{:.1f}"),
    ("build_rss_mib", "build RSS MiB", "{:.1f}"), ("dict_mib", "dict MiB", "{:.1f}"),
    ("index_kib", "index KiB", "{:.0f}"), ("open_ms", "open ms", "{:.2f}"),
    ("solve_fresh_ms", "solve fresh ms", "{:.2f}"), ("fresh_ratio", "x default", "{:.2f}"),
    ("solve_warm_ms", "solve warm ms", "{:.2f}"), ("warm_ratio", "x default", "{:.2f}"),
    ("racks_fresh_ms", "racks fresh ms", "{:.2f}"), ("racks_fresh_ratio", "x default", "{:.2f}"),
    ("racks_warm_ms", "racks warm ms", "{:.2f}"), ("racks_warm_ratio", "x default", "{:.2f}"),
    ("cli_ms", "CLI ms", "{:.0f}"), ("cli_rss_mib", "CLI RSS MiB", "{:.1f}"),
    ("an_ms", "an ms", "{:.0f}"), ("memory_baseline_ms", "in-memory ms", "{:.0f}"),
    ("memory_baseline_rss_mib", "in-memory RSS MiB", "{:.0f}"),
]  # fmt: skip


def markdown(rows: list[dict[str, float]]) -> str:
    head = "| " + " | ".join(title for _, title, _ in COLUMNS) + " |"
    rule = "|" + "|".join("---:" for _ in COLUMNS) + "|"
    body = [
        "| "
        + " | ".join(form.format(row[key]) if key in row else "-" for key, _, form in COLUMNS)
        + " |"
        for row in rows
    ]
    return "\n".join([head, rule, *body])


def svg(rows: list[dict[str, float]]) -> str:
    """Two log-log panels: wall time of one cold rack, and peak RSS, against words."""
    series = [
        ("time", "cold CLI letters (ms)", "cli_ms", "#1f77b4"),
        ("time", "an -w (ms)", "an_ms", "#d62728"),
        ("time", "in-memory baseline (ms)", "memory_baseline_ms", "#2ca02c"),
        ("memory", "CLI peak RSS (MiB)", "cli_rss_mib", "#1f77b4"),
        ("memory", "in-memory RSS (MiB)", "memory_baseline_rss_mib", "#2ca02c"),
        ("memory", "build peak RSS (MiB)", "build_rss_mib", "#9467bd"),
    ]  # fmt: skip
    width, height, margin = 440, 300, 50
    xs = [math.log10(row["words"]) for row in rows]
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="330" '
        'font-family="sans-serif" font-size="11">'
    ]
    for panel, title in enumerate(["wall time of one rack, cold process", "peak memory"]):
        kind = "time" if panel == 0 else "memory"
        chosen = [s for s in series if s[0] == kind and all(s[2] in row for row in rows)]
        values = [row[s[2]] for s in chosen for row in rows]
        low, high = math.log10(min(values) / 1.5), math.log10(max(values) * 1.5)
        left = panel * 450 + margin

        def px(
            x: float, y: float, left: int = left, low: float = low, high: float = high
        ) -> tuple[float, float]:
            fx = (x - min(xs)) / ((max(xs) - min(xs)) or 1)
            fy = (math.log10(y) - low) / ((high - low) or 1)
            return left + fx * (width - 2 * margin), TOP + (1 - fy) * (height - 2 * margin)

        parts.append(
            f'<text x="{left}" y="15" font-weight="bold">'
            f"{title} (log scales) against dictionary words</text>"
        )
        parts.append(
            f'<rect x="{left}" y="{TOP}" width="{width - 2 * margin}" '
            f'height="{height - 2 * margin}" fill="none" stroke="#999"/>'
        )
        for row in rows:
            x, _ = px(math.log10(row["words"]), 10**low)
            parts.append(
                f'<text x="{x:.0f}" y="{TOP + height - 2 * margin + 16}" text-anchor="middle">'
                f"{row['words'] / 1e6:g}M words</text>"
            )
        for index, (_, label, key, colour) in enumerate(chosen):
            points = [px(math.log10(row["words"]), row[key]) for row in rows]
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
            for (x, y), row in zip(points, rows, strict=True):
                parts.append(
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>'
                    f'<text x="{x + 4:.0f}" y="{y - 4:.0f}">{row[key]:.0f}</text>'
                )
            legend_y = TOP + 16 + 14 * index
            parts.append(
                f'<line x1="{left + 6}" y1="{legend_y - 4}" x2="{left + 22}" y2="{legend_y - 4}" '
                f'stroke="{colour}" stroke-width="3"/>'
            )
            parts.append(f'<text x="{left + 26}" y="{legend_y}" fill="{colour}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        default=None,
        help="synthetic sizes, comma-separated (default 100000,1000000,5000000)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="the default list and 100k synthetic words, in-process figures only",
    )
    parser.add_argument("--svg", default=None, help="write the chart here")
    args = parser.parse_args()
    script = anagramdb_script()
    labels = [
        "default",
        *(args.sizes or ("100000" if args.quick else "100000,1000000,5000000")).split(","),
    ]
    if not args.quick:
        if merged_list() is None:
            print(
                "skipped the merged list: apt-get install wamerican-insane wngerman wfrench ... "
                "(tools/merged_wordlist.py)"
            )
        else:
            labels.append("merged")
    rows = []
    for label in labels:
        row = measure(label, script, args.quick)
        row["label"] = (
            "default"
            if label == "default"
            else ("merged Debian lists" if label == "merged" else "synthetic")
        )  # type: ignore[assignment]
        rows.append(row)
    base = rows[0]
    for row in rows:
        for key in ("solve_fresh_ms", "solve_warm_ms", "racks_fresh_ms", "racks_warm_ms"):
            row[RATIOS[key]] = row[key] / base[key]
    if args.quick:
        print(markdown(rows))
        return 0
    if args.svg:
        import json

        with open(os.path.splitext(args.svg)[0] + ".json", "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=1)
    print(markdown(rows))
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as handle:
            handle.write(svg([row for row in rows if row["label"] == "synthetic"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
