"""``anagramdb numbers``: solve a game, check an answer (--check), or 'stats'."""

import sys
from typing import Annotated, Any

import typer

from ..countdown.numbers_stats import MAX_TARGET, usable_cpus
from ..countdown.show import TARGET_RANGE
from .common import JSON_OPTION, batch, command, emit_json, option, reported, usage_error
from .messages import cut

CPUS = usable_cpus()
MAX_JOBS = CPUS * 4
TARGETS = f"{TARGET_RANGE[0]}-{TARGET_RANGE[1]}"
STATS_ONLY = ("--targets", "--jobs", "--csv", "--force")
SOLVE_ONLY = ("--target", "--all", "--rpn", "--ascii", "--strict", "--check")


def _refuse_options(args: list[str], given: dict[str, Any]) -> None:
    """Options that would be ignored are refused: stats takes none of the game's, a game
    none of the statistics'."""
    for arg in args:
        if arg.startswith("-") and not arg[1:].isdigit() and arg != "-":
            raise usage_error(f"no such option '{cut(arg)}'")
    stats = args == ["stats"]
    for name in SOLVE_ONLY if stats else STATS_ONLY:
        if given[name] not in (None, False):
            raise usage_error(
                f"{name} {'does not apply to stats' if stats else 'applies only to numbers stats'}"
            )


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


# A negative number must reach the solver's own check, not look like an unknown option.
@command(context_settings={"ignore_unknown_options": True})
def numbers(
    args: Annotated[
        list[str],
        typer.Argument(
            help="The numbers (1 to 7); - reads one game a line from stdin ('N N N ... target T', "
            "as draw numbers prints it); "
            "or 'stats' for the exhaustive statistics.",
            metavar="NUMBERS... | - | stats",
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
    check: Annotated[
        str | None,
        typer.Option(
            "--check", metavar="EXPR", help="Check an answer (expression, or steps split by ;)."
        ),
    ] = None,
    targets: Annotated[
        str | None,
        typer.Option(
            "--targets",
            metavar="FIRST-LAST",
            help=f"stats: targets, within 1-{MAX_TARGET} [default: {TARGETS}].",
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        option(
            "--jobs",
            min=1,
            max=MAX_JOBS,
            help=f"stats: worker processes [default: one a core, {CPUS}].",
        ),
    ] = None,
    csv: Annotated[
        str | None,
        typer.Option(
            "--csv",
            metavar="FILE",
            help="stats: also write per-selection results to this CSV file.",
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="stats: replace the --csv file even if it is not a statistics CSV."
        ),
    ] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a numbers round (NUMBERS --target T), check an answer, or 'stats': every
    selection against every target."""
    from ..countdown import queries
    from .render import numbers_text

    given = {
        "--target": target,
        "--all": every,
        "--rpn": rpn,
        "--ascii": ascii_signs,
        "--strict": strict,
        "--check": check,
    }
    _refuse_options(
        args, given | {"--targets": targets, "--jobs": jobs, "--csv": csv, "--force": force}
    )
    with reported():
        if args == ["stats"]:
            from .stats_command import run_stats

            run_stats(TARGETS if targets is None else targets, jobs or 0, csv, as_json, force)
            return
        if args == ["-"]:
            if check is not None:
                raise usage_error("--check takes one game, not - (batch mode)")

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
        if target is None:
            raise usage_error(
                "give the target with --target T, e.g. anagramdb numbers 25 50 75 100 3 6 "
                "--target 952"
            )
        if check is not None:
            from .check_command import check_numbers_answer

            check_numbers_answer(args, target, check, as_json)
            return
        result = queries.numbers(queries.whole_numbers(args), target, every, ascii_signs, strict)
        if as_json:
            emit_json(result.to_dict())
        else:
            typer.echo(numbers_text(result, rpn))
