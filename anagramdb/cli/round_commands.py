"""Commands for the rounds of the game: letters, conundrum, phrases, draw."""

import sys
from typing import Annotated

import typer

from ..countdown.letters import ENOUGH, MIN_LENGTH
from .common import JSON_OPTION, batch, command, emit_json, group, open_dictionary, reported, usage_error
from .messages import cut, no_words
from .render import to_json


@command
def letters(
    rack: Annotated[str, typer.Argument(help="The rack, e.g. GYROSCOPE; ? is a blank; - reads one rack a line from stdin.")],
    min_length: Annotated[int, typer.Option("--min", min=1, help="Shortest word to list.")] = MIN_LENGTH,
    enough: Annotated[int, typer.Option(min=1, help="Stop after the length at which there are this many words.")] = ENOUGH,
    everything: Annotated[bool, typer.Option("--all", "-a", help="List every word down to --min letters.")] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a letters round: the longest words the rack makes, with Countdown scores."""
    from . import queries
    from .render import letters_record, letters_text

    with reported(), open_dictionary(batch=rack == "-") as dictionary:

        def answer(query: str) -> queries.LettersResult:
            return queries.letters(dictionary, query, min_length, enough, everything)

        if rack == "-":
            raise typer.Exit(batch(sys.stdin, "rack", answer, letters_text, letters_record if as_json else None))
        result = answer(rack)
        text = letters_text(result)
        if as_json:
            emit_json(letters_record(result))
        elif text is None:
            no_words(rack)
        else:
            typer.echo(text)


@command
def conundrum(
    letters: Annotated[str | None, typer.Argument(help="The scrambled letters to solve (leave out with --generate).")] = None,
    generate: Annotated[bool, typer.Option("--generate", help="Make new conundrums instead of solving one.")] = False,
    count: Annotated[int, typer.Option(min=1, help="How many conundrums to make.")] = 1,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible set of conundrums.")] = None,
    words: Annotated[str, typer.Option(help="Dictionary that answers and clue words come from.")] = "common",
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a conundrum (every full-length anagram), or --generate new ones."""
    from ..countdown.conundrum import generate as make
    from ..countdown.conundrum import solve_conundrum

    with reported():
        if generate == (letters is not None):
            raise usage_error("give LETTERS to solve, or --generate to make conundrums (not both)")
        with open_dictionary() as full:
            if letters is not None:
                solution = solve_conundrum(full, letters)
                if as_json:
                    emit_json(solution.to_dict())
                elif not solution.words:
                    typer.echo(f"{letters}: no answer")
                else:
                    verdict = "the unique answer" if solution.unique else f"{len(solution.words)} answers"
                    typer.echo(f"{letters}: {' '.join(solution.words)} ({verdict})")
                return
            with open_dictionary(words) as source:
                made = make(full, source, count, seed)
        if len(made) < count:
            typer.echo(f"anagramdb: warning: only {len(made)} conundrums could be made from {source.path}", err=True)
        for puzzle in made:
            if as_json:
                emit_json(puzzle.to_dict())
            else:
                typer.echo(f"{puzzle.clue.upper()}  {puzzle.answer.upper()}  ({' + '.join(puzzle.words)})")


@command
def phrases(
    letters: Annotated[str, typer.Argument(help="The letters (spaces are ignored, so a phrase in quotes works).")],
    max_words: Annotated[int, typer.Option(min=1, help="Most words in an anagram.")] = 3,
    min_length: Annotated[int, typer.Option(min=1, help="Shortest word to use.")] = 3,
    limit: Annotated[int, typer.Option(min=0, help="Most anagrams to list (0: all).")] = 100,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """List multi-word anagrams of LETTERS, fewest words first."""
    from ..countdown.phrases import phrases as search
    from .render import phrases_record

    with reported(), open_dictionary() as dictionary:
        found = search(dictionary, letters, max_words, min_length, limit or None)
        if as_json:
            emit_json(phrases_record(letters, found))
        else:
            for phrase in found:
                typer.echo(" ".join(phrase))


@group("draw")
def draw_app() -> typer.Typer:
    """The ``draw`` command and its subcommands."""
    app = typer.Typer(help="Draw letters or numbers as on the show.", no_args_is_help=True, rich_markup_mode=None)

    @app.command("letters")
    def draw_letters(
        vowels: Annotated[int | None, typer.Option(min=3, max=5, help="How many vowels (3-5; random by default).")] = None,
        seed: Annotated[int | None, typer.Option(help="Seed for a reproducible draw.")] = None,
        piles: Annotated[str | None, typer.Option(help="File of 'LETTER COUNT' lines replacing the show's piles.")] = None,
        as_json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Draw nine letters from the vowel and consonant piles (at least 3 vowels, 4 consonants)."""
        from ..countdown.draw import draw_letters as draw
        from ..countdown.draw import read_piles

        with reported():
            result = draw(vowels, seed, read_piles(piles) if piles else None)
            if as_json:
                emit_json(result.to_dict())
            else:
                typer.echo(result.letters)

    @app.command("numbers")
    def draw_numbers(
        large: Annotated[int | None, typer.Option(help="How many large tiles (0-4; random by default).")] = None,
        seed: Annotated[int | None, typer.Option(help="Seed for a reproducible draw.")] = None,
        as_json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Draw six number tiles (large ones from 25 50 75 100, small from two each of 1-10) and a target."""
        from ..countdown.draw import draw_numbers as draw

        with reported():
            result = draw(large, seed)
            if as_json:
                emit_json(result.to_dict())
            else:
                typer.echo(f"{' '.join(map(str, result.numbers))}  target {result.target}")

    return app


# A negative number must reach the solver's own check, not look like an unknown option.
@command(context_settings={"ignore_unknown_options": True})
def numbers(
    args: Annotated[list[str], typer.Argument(help="The numbers (1 to 7), or 'stats' for the exhaustive statistics.", metavar="NUMBERS... | stats")],
    target: Annotated[int | None, typer.Option("--target", "-t", help="The target to reach.")] = None,
    every: Annotated[bool, typer.Option("--all", "-a", help="List every distinct solution, and count them.")] = False,
    rpn: Annotated[bool, typer.Option("--rpn", help="Show reverse Polish notation instead of infix.")] = False,
    ascii_signs: Annotated[bool, typer.Option("--ascii", help="Use * and / instead of the × and ÷ signs.")] = False,
    strict: Annotated[bool, typer.Option(help="Refuse games the show's tiles and targets could not make.")] = False,
    targets: Annotated[str, typer.Option(help="stats: the range of targets, e.g. 101-999.")] = "101-999",
    jobs: Annotated[int, typer.Option(min=0, help="stats: worker processes (0: one a core).")] = 0,
    csv: Annotated[str | None, typer.Option(help="stats: also write per-selection results to this CSV file.")] = None,
    check: Annotated[str | None, typer.Option("--check", metavar="EXPR", help="Check an answer (expression, or steps split by ;).")] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a numbers round (NUMBERS --target T), or 'stats': every selection against every target."""
    from ..errors import InvalidNumbersError
    from . import queries
    from .render import numbers_text

    for arg in args:
        if arg.startswith("-") and not arg[1:].isdigit():
            raise usage_error(f"no such option '{cut(arg)}'")
    with reported():
        if args == ["stats"]:
            from .stats_command import run_stats

            run_stats(targets, jobs, csv, as_json)
            return
        if target is None:
            raise InvalidNumbersError("give the target with --target, e.g. anagramdb numbers 25 50 75 100 3 6 --target 952")
        if check is not None:
            from .check_command import check_numbers_answer

            check_numbers_answer(args, target, check, as_json)
            return
        answer = queries.numbers(queries.whole_numbers(args), target, every, ascii_signs, strict)
        typer.echo(to_json(answer.to_dict()) if as_json else numbers_text(answer, rpn))
