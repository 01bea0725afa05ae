"""The ``anagramdb`` console entry point.

The commonest calls are answered here without importing typer and click, which take
about 25 ms to import (most of a lookup's cold start):

    anagramdb [--dict D] anagrams LETTERS [--json]
    anagramdb [--dict D] letters RACK [--json] [--all] [--min N] [--enough N]
    anagramdb numbers N... --target T [--json] [--all] [--rpn] [--ascii] [--strict]

Any other command line (other options, help, batch input, other commands) goes to the
typer app in anagramdb.cli, which prints exactly the same for these calls (tests compare
the two).
"""

from __future__ import annotations

import sys

QUICK_COMMANDS = ("anagrams", "letters", "numbers")
FLAGS = {"anagrams": ("--json",), "letters": ("--json", "--all"), "numbers": ("--json", "--all", "--rpn", "--ascii", "--strict")}
VALUES = {"anagrams": (), "letters": ("--min", "--enough"), "numbers": ("--target",)}


def parse(args: list[str]) -> tuple[str | None, str, str | list[str], dict[str, object]] | None:
    """(dictionary, command, query, options) of a simple lookup, or None."""
    rest = list(args)
    spec = None
    if len(rest) >= 2 and rest[0] == "--dict":
        spec, rest = rest[1], rest[2:]
    elif rest and rest[0].startswith("--dict="):
        spec, rest = rest[0][len("--dict=") :], rest[1:]
    if not rest or rest[0] not in QUICK_COMMANDS:
        return None
    command, rest = rest[0], rest[1:]
    positional: list[str] = []
    options: dict[str, object] = {}
    while rest:
        word = rest.pop(0)
        name, _, attached = word.partition("=")
        if word in FLAGS[command]:
            options[word] = True
        elif name in VALUES[command]:
            value = attached if attached else (rest.pop(0) if rest else "")
            if not value.lstrip("-").isdigit() or (command != "numbers" and int(value) < 1):
                return None
            options[name] = int(value)
        elif word.startswith("--") or (word.startswith("-") and command != "numbers"):
            return None
        else:
            positional.append(word)
    if command == "numbers":
        # Typer reports a missing target or numbers, and runs the statistics.
        if not positional or positional == ["stats"] or "--target" not in options:
            return None
        return spec or None, command, positional, options
    return (spec or None, command, positional[0], options) if len(positional) == 1 else None


def quick(args: list[str]) -> int | None:
    """Answer a simple lookup and return the exit code, or None to leave it to typer."""
    parsed = parse(args)
    if parsed is None:
        return None
    spec, command, query, options = parsed
    as_json = bool(options.get("--json"))
    import warnings

    from ..dictionary import Dictionary
    from ..errors import AnagramDBError
    from .render import anagrams_record, letters_answer, letters_record, letters_text, no_anagrams, show_warning, to_json

    warnings.showwarning = show_warning
    try:
        if command == "numbers":
            from .render import numbers_answer, numbers_text

            flags = {name: bool(options.get(name)) for name in FLAGS["numbers"]}
            answer = numbers_answer(list(query), options["--target"], flags["--all"], flags["--ascii"], flags["--strict"])  # type: ignore[arg-type]
            print(to_json(answer.to_dict()) if as_json else numbers_text(answer, flags["--rpn"]))
            return 0
        with Dictionary(spec) as dictionary:
            if command == "anagrams":
                record = anagrams_record(dictionary, query)
                if as_json:
                    print(to_json(record))
                elif record["words"]:
                    print("\n".join(record["words"]))
                else:
                    print(no_anagrams(query, dictionary), file=sys.stderr)
            else:
                result = letters_answer(dictionary, query, options.get("--min", 3), options.get("--enough", 10), bool(options.get("--all")))  # type: ignore[arg-type]
                print(to_json(letters_record(result)) if as_json else letters_text(result))
    except AnagramDBError as exc:
        print(f"anagramdb: error: {exc}", file=sys.stderr)
        return exc.exit_code
    return 0


def main() -> None:
    """Run the quick path when it applies, else the full typer app."""
    try:
        code = quick(sys.argv[1:])
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    if code is not None:
        sys.exit(code)
    from .app import run

    run()
