"""``anagramdb numbers stats``: formatting of the exhaustive statistics."""

import sys
from typing import Any

import typer

from .common import emit_json


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\rselections: {100 * done // total:3d}%\x1b[K")
    sys.stderr.flush()


def csv_header() -> str:
    """The first line of the statistics CSV (format in docs/FORMAT.md)."""
    from ..countdown.numbers_stats import REACH

    return ",".join(
        ["numbers", "large", "exact", *[f"away_{k}" for k in range(1, REACH + 1)], "more"]
    )


def not_a_stats_csv(path: str) -> str | None:
    """None when *path* is empty or starts with the statistics CSV header; else why not."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(4096)
    except OSError as exc:
        from ..errors import describe_os_error

        return f"cannot read it: {describe_os_error(exc)}"
    if first and first.rstrip(b"\r\n") != csv_header().encode():
        return "its first line is not the statistics header"
    return None


def run_stats(
    targets: str, jobs: int, csv_path: str | None, as_json: bool, force: bool = False
) -> None:
    """Compute the statistics, write the CSV if asked, and print JSON or a report. The
    CSV's temporary file is created before the work starts, so an unwritable path is
    refused at once, and the CSV appears (atomically) only when complete. An existing
    file that is not a statistics CSV is not replaced unless *force* (atomic.check_output)."""
    from contextlib import ExitStack

    from ..atomic import atomic_writer, check_output
    from ..countdown.numbers_stats import REACH, parse_targets, statistics

    chosen = parse_targets(targets)
    tty = sys.stderr.isatty()
    with ExitStack() as stack:
        handle = None
        if csv_path is not None:
            check_output(csv_path, not_a_stats_csv, "a statistics CSV", force)
            handle = stack.enter_context(atomic_writer(csv_path))
        try:
            stats = statistics(chosen, jobs, _progress if tty else None)
        finally:
            if tty:
                sys.stderr.write("\r\x1b[K")
        if handle is not None:
            lines = [csv_header()]
            lines += [
                ",".join(
                    [
                        " ".join(map(str, row.numbers)),
                        str(row.large),
                        str(row.exact),
                        *map(str, row.away),
                        str(row.more),
                    ]
                )
                for row in stats.rows()
            ]
            handle.write(("\n".join(lines) + "\n").encode())
    report: Any = stats.to_dict()  # JSON, typed as object; its shape is Stats.to_dict's
    if as_json:
        emit_json(report)
        return
    first, last = stats.targets
    typer.echo(f"{report['selections']} selections x {last - first + 1} targets ({first}-{last})")
    typer.echo(
        f"{'large':>5} {'selections':>10} {'games':>10} {'exact':>10} {'%':>6} {'1 away':>8} "
        f"{'2-10 away':>10} {'more':>8}"
    )
    for large, group in report["by_large"].items():
        away = group["away"]
        far = sum(away[str(k)] for k in range(2, REACH + 1))
        typer.echo(
            f"{large:>5} {group['selections']:>10} {group['games']:>10} {group['exact']:>10} "
            f"{100 * group['exact'] / group['games']:>6.2f} {away['1']:>8} {far:>10} "
            f"{away['more']:>8}"
        )
    typer.echo(
        "hardest targets: "
        + ", ".join(f"{t['target']} ({t['selections']})" for t in report["hardest_targets"])
    )
    for title, key in (("best", "best_selections"), ("worst", "worst_selections")):
        typer.echo(
            f"{title} selections: "
            + ", ".join(f"{' '.join(map(str, s['numbers']))} ({s['exact']})" for s in report[key])
        )
