"""Commands for the rounds of the game: letters, conundrum, phrases, draw."""

import sys
from typing import Annotated

import typer

from .common import JSON_OPTION, batch, command, emit_json, group, open_dictionary, reported


def _show_letters(rack: str, words: list) -> str:  # type: ignore[type-arg]
    """Words grouped by length, longest first, with the score: one line a length."""
    if not words:
        return f"{rack}: no words"
    lines = [rack]
    for length in sorted({word.length for word in words}, reverse=True):
        same = [word for word in words if word.length == length]
        shown = " ".join(word.word + (f" [?={''.join(word.blanks)}]" if word.blanks else "") for word in same)
        lines.append(f"  {length} letters, {same[0].score} points: {shown}")
    return "\n".join(lines)


@command
def letters(
    rack: Annotated[str, typer.Argument(help="The rack, e.g. GYROSCOPE; ? is a blank; - reads one rack a line from stdin.")],
    min_length: Annotated[int, typer.Option("--min", min=1, help="Shortest word to list.")] = 3,
    enough: Annotated[int, typer.Option(min=1, help="Stop after the length at which there are this many words.")] = 10,
    everything: Annotated[bool, typer.Option("--all", help="List every word down to --min letters.")] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a letters round: the longest words the rack makes, with Countdown scores."""
    from ..letters import solve_letters

    with reported(), open_dictionary() as dictionary:

        def answer(query: str) -> tuple[str, list]:  # type: ignore[type-arg]
            return query, solve_letters(dictionary, query, min_length, enough, everything)

        def to_json(result: tuple[str, list]) -> dict[str, object]:  # type: ignore[type-arg]
            return {"rack": result[0], "words": [word.to_dict() for word in result[1]]}

        if rack == "-":
            raise typer.Exit(batch(sys.stdin, "rack", answer, lambda result: _show_letters(*result), to_json if as_json else None))
        result = answer(rack)
        if as_json:
            emit_json(to_json(result))
        else:
            typer.echo(_show_letters(*result))


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
    from ..conundrum import generate as make
    from ..conundrum import solve_conundrum

    with reported():
        if generate == (letters is not None):
            raise typer.BadParameter("give LETTERS to solve, or --generate to make conundrums (not both)")
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
    from ..phrases import phrases as search

    with reported(), open_dictionary() as dictionary:
        found = search(dictionary, letters, max_words, min_length, limit or None)
        if as_json:
            emit_json({"letters": letters, "phrases": [list(phrase) for phrase in found], "count": len(found)})
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
        from ..draw import draw_letters as draw
        from ..draw import read_piles

        with reported():
            result = draw(vowels, seed, read_piles(piles) if piles else None)
            if as_json:
                emit_json(result.to_dict())
            else:
                typer.echo(result.letters)

    return app
