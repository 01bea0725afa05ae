"""Commands for the rounds of the game: letters, conundrum, phrases, draw."""

import sys
from collections.abc import Iterator
from itertools import chain
from typing import Annotated, Any

import typer

from ..countdown.conundrum import SOURCE
from ..countdown.letters import ENOUGH, MIN_LENGTH
from ..countdown.phrases import LIMIT, MAX_WORDS, MOST_WORDS, SECONDS
from ..countdown.phrases import MIN_LENGTH as PHRASE_MIN_LENGTH
from ..countdown.show import MAX_LARGE, MAX_VOWELS, MIN_VOWELS
from ..errors import AnagramDBError
from .batching import LETTERS_KEYS, LETTERS_KEYS_SOME
from .common import (
    JSON_OPTION,
    SEED_OPTION,
    GroupSpec,
    batch,
    command,
    emit,
    group,
    open_dictionary,
    option,
    reported,
    usage_error,
)
from .messages import no_words, warning

MAX_COUNT = 10_000


@command
def letters(
    rack: Annotated[
        str,
        typer.Argument(
            help="The rack, e.g. GYROSCOPE; ? is a blank; - reads one rack a line from stdin."
        ),
    ],
    min_length: Annotated[
        int, typer.Option("--min", min=1, help="Shortest word to list.")
    ] = MIN_LENGTH,
    enough: Annotated[
        int, typer.Option(min=1, help="Stop after the length at which there are this many words.")
    ] = ENOUGH,
    everything: Annotated[
        bool, typer.Option("--all", "-a", help="List every word down to --min letters.")
    ] = False,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a letters round: the longest words the rack makes, with Countdown scores."""
    from ..countdown import queries
    from .render import letters_json, letters_text

    with reported(), open_dictionary(batch=rack == "-") as dictionary:

        def answer(query: str) -> queries.LettersResult:
            return queries.letters(dictionary, query, min_length, enough, everything)

        if rack == "-":
            raise typer.Exit(
                batch(
                    sys.stdin,
                    "rack",
                    answer,
                    letters_text,
                    None,
                    json_text=letters_json if as_json else None,
                    expect=lambda lines: dictionary.expect(
                        lines * (LETTERS_KEYS if everything else LETTERS_KEYS_SOME)
                    ),
                )
            )
        result = answer(rack)
        if as_json:
            typer.echo(letters_json(result))  # rendered a run at a time, as to_dict() reads
        else:
            emit(result, letters_text(result), as_json, rack)


def conundrum_line(solution: Any) -> str | None:
    """'LETTERS: WORD (the unique answer)', or None when there is none."""
    if not solution.words:
        return None
    verdict = "the unique answer" if solution.unique else f"{len(solution.words)} answers"
    return f"{solution.letters}: {' '.join(solution.words)} ({verdict})"


@command
def conundrum(
    letters: Annotated[
        str | None,
        typer.Argument(
            help="The scrambled letters to solve; - reads one conundrum a line from stdin."
        ),
    ] = None,
    generate: Annotated[bool, typer.Option("--generate", hidden=True)] = False,
    count: Annotated[int, option("--count", min=1, max=MAX_COUNT, hidden=True)] = 1,
    seed: Annotated[int | None, option("--seed", hidden=True)] = None,
    source: Annotated[str, typer.Option("--from", hidden=True)] = SOURCE,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Solve a conundrum: every full-length anagram (draw conundrum makes new ones)."""
    from ..countdown.conundrum import solve_conundrum

    if generate == (letters is not None):
        raise usage_error("give LETTERS to solve; draw conundrum makes new conundrums")
    if letters is not None and (count != 1 or seed is not None or source != SOURCE):
        raise usage_error("--count, --seed and --from apply only with --generate")
    if generate:  # the old form of draw conundrum
        from .messages import superseded

        superseded("conundrum --generate", "draw conundrum")
        make_conundrums(count, seed, source, as_json)
        return
    with reported(), open_dictionary(batch=letters == "-") as full:
        if letters == "-":
            to_json = (lambda s: s.to_dict()) if as_json else None
            raise typer.Exit(
                batch(
                    sys.stdin,
                    "letters",
                    lambda query: solve_conundrum(full, query),
                    conundrum_line,
                    to_json,
                )
            )
        solution = solve_conundrum(full, letters or "")
        emit(solution, conundrum_line(solution), as_json, letters or "")


def make_conundrums(count: int, seed: int | None, source: str, as_json: bool) -> None:
    """Print *count* new conundrums: ``CLUE  ANSWER  (WORD + WORD)`` or their records."""
    from ..countdown.conundrum import generate

    with reported(), open_dictionary() as full, open_dictionary(source) as words:
        made = generate(full, words, count, seed)
        if len(made) < count:
            warning(f"only {len(made)} conundrums could be made from {words.path}")
        for puzzle in made:
            clue = f"{puzzle.clue.upper()}  {puzzle.answer.upper()}  ({' + '.join(puzzle.words)})"
            emit(puzzle, clue, as_json)


@command
def phrases(
    letters: Annotated[
        str,
        typer.Argument(
            help="The letters (spaces are ignored, so a phrase in quotes works); - reads one a "
            "line from stdin."
        ),
    ],
    max_words: Annotated[
        int,
        typer.Option(
            "--max-words",
            min=1,
            max=MOST_WORDS,
            help=f"Most words in an anagram (1 to {MOST_WORDS}).",
        ),
    ] = MAX_WORDS,
    min_length: Annotated[
        int, typer.Option("--min", min=1, help="Shortest word to use.")
    ] = PHRASE_MIN_LENGTH,
    limit: Annotated[
        int, typer.Option("--limit", min=0, help="Most anagrams to list (0: all).")
    ] = LIMIT,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            min=0,
            help="Time limit of one search, in seconds (0: none); past it, an error.",
        ),
    ] = SECONDS,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """List multi-word anagrams of LETTERS, fewest words first."""
    from ..countdown.phrases import iter_phrases
    from ..countdown.phrases import phrases as search
    from ..countdown.queries import PhrasesResult
    from .render import phrases_text

    with reported(), open_dictionary() as dictionary:

        def answer(query: str) -> PhrasesResult:
            from time import monotonic

            deadline = monotonic() + seconds if seconds else None
            found = search(dictionary, query, max_words, min_length, limit or None, deadline)
            return PhrasesResult(query, found)

        if letters == "-":
            raise typer.Exit(
                batch(
                    sys.stdin,
                    "letters",
                    answer,
                    lambda found: phrases_text(found.letters, found.phrases, "  "),
                    PhrasesResult.to_dict if as_json else None,
                )
            )
        from time import monotonic

        deadline = monotonic() + seconds if seconds else None
        stream_phrases(
            letters,
            iter_phrases(dictionary, letters, max_words, min_length, limit or None, deadline),
            as_json,
        )


def stream_phrases(letters: str, found: Iterator[tuple[str, ...]], as_json: bool) -> None:
    """Print phrases as the search finds them (never all held at once: there may be
    millions), one a line, or as the JSON record ``PhrasesResult.to_dict()`` gives, byte
    for byte. A search that fails part way (its time limit) leaves the lines printed so
    far, and in JSON a complete record with the ``"count"`` so far and an ``"error"``."""
    import json

    from .render import valid_text

    out = sys.stdout
    count = 0
    first = next(found, None)  # errors before the first phrase print nothing
    if as_json:
        out.write(valid_text('{"letters": ' + json.dumps(letters, ensure_ascii=False)))
        out.write(', "phrases": [')
    try:
        for phrase in found if first is None else chain((first,), found):
            if as_json:
                out.write((", " if count else "") + json.dumps(list(phrase), ensure_ascii=False))
            else:
                out.write(" ".join(phrase) + "\n")
            count += 1
    except AnagramDBError as exc:
        if as_json:
            error = json.dumps(str(exc), ensure_ascii=False)
            out.write(valid_text(f'], "count": {count}, "error": {error}}}') + "\n")
        raise
    if as_json:
        out.write(f'], "count": {count}}}\n')
    elif not count:
        no_words(letters)


def draw_letters(
    vowels: Annotated[
        int | None,
        typer.Option(
            "--vowels",
            min=MIN_VOWELS,
            max=MAX_VOWELS,
            help="How many vowels (3-5; random by default).",
        ),
    ] = None,
    seed: Annotated[int | None, SEED_OPTION] = None,
    piles: Annotated[
        str | None,
        typer.Option(
            "--piles",
            metavar="FILE",
            help="File of 'LETTER COUNT' lines replacing the show's piles.",
        ),
    ] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Draw nine letters from the vowel and consonant piles (at least 3 vowels, 4
    consonants)."""
    from ..countdown.draw import draw_letters as draw
    from ..countdown.draw import read_piles

    with reported():
        result = draw(vowels, seed, read_piles(piles) if piles else None)
        emit(result, result.letters, as_json)


def draw_conundrum(
    count: Annotated[
        int, option("--count", min=1, max=MAX_COUNT, help="How many conundrums to make.")
    ] = 1,
    seed: Annotated[int | None, SEED_OPTION] = None,
    source: Annotated[
        str,
        typer.Option(
            "--from", metavar="DICT", help="Dictionary that answers and clue words come from."
        ),
    ] = SOURCE,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Make new conundrums: a nine-letter word scrambled into a clue of other words."""
    make_conundrums(count, seed, source, as_json)


def draw_numbers(
    large: Annotated[
        int | None,
        typer.Option(
            "--large",
            min=0,
            max=MAX_LARGE,
            help=f"How many large tiles (0-{MAX_LARGE}; random by default).",
        ),
    ] = None,
    seed: Annotated[int | None, SEED_OPTION] = None,
    as_json: Annotated[bool, JSON_OPTION] = False,
) -> None:
    """Draw six number tiles (large ones from 25 50 75 100, small from two each of
    1-10) and a target."""
    from ..countdown.draw import draw_numbers as draw

    with reported():
        result = draw(large, seed)
        emit(result, f"{' '.join(map(str, result.numbers))}  target {result.target}", as_json)


group(
    "draw",
    GroupSpec(
        "Draw letters, numbers or a conundrum as on the show.",
        {"letters": draw_letters, "numbers": draw_numbers, "conundrum": draw_conundrum},
    ),
)
