"""``anagramdb numbers``: the numbers group, ``solve`` (the default: ``numbers N... -t T``)
and ``stats`` (the exhaustive statistics, their report and CSV); ``check numbers`` is in
check_command."""

import sys
from typing import Annotated, Any

import typer

from ..countdown.numbers_stats import MAX_TARGET, usable_cpus
from ..countdown.show import TARGET_RANGE
from .common import (
    JSON_OPTION,
    GroupSpec,
    batch,
    emit,
    emit_json,
    group,
    needs_target,
    option,
    refuse_unknown_options,
    reported,
    usage_error,
)

CPUS = usable_cpus()
MAX_JOBS = CPUS * 4
TARGETS = f"{TARGET_RANGE[0]}-{TARGET_RANGE[1]}"


def parse_game(line: str, target: int | None) -> tuple[list[int], int]:
    """A batch line: 'N N N ... target T' (as draw numbers prints it), or the numbers
    alone when --target is given."""
    from ..countdown.queries import whole_numbers
    from ..errors import InvalidNumbersError, quoted

    words = line.replace("--target", "target").replace("-t ", "target ").split()
    if "target" in words:
        at = words.index("target")
        numbers, rest = words[:at], words[at + 1 :]
        if len(rest) != 1:
            raise InvalidNumbersError(f"{quoted(line)}: give the numbers, then 'target T'")
        return whole_numbers(numbers), whole_numbers(rest)[0]
    if target is None:
        raise InvalidNumbersError(f"{quoted(line)} has no target: end the line with 'target T'")
    return whole_numbers(words), target


def solve(
    ctx: typer.Context,
    args: Annotated[
        list[str],
        typer.Argument(
            help="The numbers (1 to 7); - reads one game a line from stdin ('N N N ... target T', "
            "as draw numbers prints it).",
            metavar="NUMBERS... | -",
        ),
    ],
    target: Annotated[int | None, option("--target", help="The target to reach.")] = None,
    every: Annotated[
        bool, option("--all", help="List every distinct solution, and count them.")
    ] = False,
    rpn: Annotated[
        bool, typer.Option("--rpn", help="Show reverse Polish notation instead of infix.")
    ] = False,
    ascii_signs: Annotated[
        bool, typer.Option("--ascii", help="Use * and / instead of the × and ÷ signs.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Refuse games the show's tiles and targets could not make."),
    ] = False,
    check: Annotated[str | None, typer.Option("--check", metavar="EXPR", hidden=True)] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a numbers round: reach the target, or come as close as can be (the default
    subcommand: anagramdb numbers NUMBERS --target T)."""
    from ..countdown import queries
    from .render import numbers_text

    refuse_unknown_options(ctx, args)
    with reported():
        if check is not None:  # the old form of check numbers
            from .check_command import check_numbers_answer
            from .messages import superseded

            superseded("numbers N... --target T --check ANSWER", "check numbers N... -t T ANSWER")
            if args == ["-"]:
                raise usage_error("--check takes one game, not - (batch mode)")
            check_numbers_answer(args, target, check, as_json)
            return
        if args == ["-"]:

            def answer(line: str) -> Any:
                return queries.numbers(*parse_game(line, target), every, ascii_signs, strict)

            raise typer.Exit(
                batch(
                    sys.stdin,
                    "game",
                    answer,
                    lambda a: numbers_text(a, rpn),
                    (lambda a: a.to_dict()) if as_json else None,
                )
            )
        result = queries.numbers(
            queries.whole_numbers(args), needs_target(target), every, ascii_signs, strict
        )
        emit(result, numbers_text(result, rpn), as_json)


def stats(
    targets: Annotated[
        str,
        typer.Option("--targets", metavar="FIRST-LAST", help=f"Targets, within 1-{MAX_TARGET}."),
    ] = TARGETS,
    jobs: Annotated[
        int | None,
        option(
            "--jobs", min=1, max=MAX_JOBS, help=f"Worker processes [default: one a core, {CPUS}]."
        ),
    ] = None,
    csv: Annotated[
        str | None,
        typer.Option(
            "--csv", metavar="FILE", help="Also write per-selection results to this CSV file."
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace the --csv file even if it is not a statistics CSV."),
    ] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """The exhaustive statistics: every selection of six tiles against every target."""
    with reported():
        run_stats(targets, jobs or 0, csv, as_json, force)


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
    for large, share in report["by_large"].items():
        away = share["away"]
        far = sum(away[str(k)] for k in range(2, REACH + 1))
        typer.echo(
            f"{large:>5} {share['selections']:>10} {share['games']:>10} {share['exact']:>10} "
            f"{100 * share['exact'] / share['games']:>6.2f} {away['1']:>8} {far:>10} "
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


group(
    "numbers",
    GroupSpec(
        "Solve a numbers round (NUMBERS --target T, the default), or 'stats': every "
        "selection against every target.",
        {"solve": solve, "stats": stats},
        default="solve",
        negative_numbers=("solve",),  # reach the solver's own check, not an unknown option
    ),
)
