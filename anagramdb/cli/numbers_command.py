"""``anagramdb numbers``: the numbers group, ``solve`` (the default: ``numbers N... -t T``)
and ``stats``; ``check numbers`` is in check_command."""

import sys
from typing import Annotated, Any

import typer

from ..countdown.numbers_stats import MAX_TARGET, usable_cpus
from ..countdown.show import TARGET_RANGE
from .common import (
    JSON_OPTION,
    batch,
    emit_json,
    group,
    needs_target,
    option,
    refuse_unknown_options,
    reported,
    usage_error,
)
from .program import group_class

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
        if as_json:
            emit_json(result.to_dict())
        else:
            typer.echo(numbers_text(result, rpn))


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
    from .stats_command import run_stats

    with reported():
        run_stats(targets, jobs or 0, csv, as_json, force)


# A negative number must reach the solver's own check, not look like an unknown option.
NEGATIVES = {"ignore_unknown_options": True}


@group("numbers", group_class(default="solve"))
def numbers_app() -> typer.Typer:
    """The ``numbers`` group: solve (the default) and stats."""
    app = typer.Typer(
        help="Solve a numbers round (NUMBERS --target T, the default), or 'stats': every "
        "selection against every target.",
        no_args_is_help=True,
        rich_markup_mode=None,
        context_settings=NEGATIVES,
    )
    app.command("solve", context_settings=NEGATIVES)(solve)
    app.command("stats")(stats)
    return app
