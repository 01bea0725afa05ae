"""The ``anagramdb`` console entry point.

The commonest calls are answered here without importing typer and click, which take
about 25 ms to import (most of a lookup's cold start):

    anagramdb [-d D] anagrams LETTERS [--json]
    anagramdb define WORD... [--json]
    anagramdb [-d D] letters RACK [--json] [-a|--all] [--min N] [--enough N]
    anagramdb numbers [solve] N... -t|--target T [--json] [-a|--all] [--rpn] [--ascii] [--strict]
    anagramdb [-d D] serve [--host H] [--port P] [--workers W] [--cors ORIGIN]
                           [--open] [--quiet] [--json]

(global options anywhere, values detached or after ``=``; LETTERS or RACK ``-`` for batch
mode). Anything else (other options, help, repeated arguments, values that are not plain
digits, other commands) goes to the typer app, which prints exactly the same for these
calls: a property test generates command lines and compares the two. A server started
here never loads typer at all (cli/serving.py).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold lookup more than its solve
    from typing import Any

# command -> flags, and value options -> their smallest accepted value (None: any integer)
FLAGS = {
    "anagrams": {"--json": "--json"},
    "define": {"--json": "--json"},
    "letters": {"--json": "--json", "--all": "--all", "-a": "--all"},
    "numbers": {
        "--json": "--json",
        "--all": "--all",
        "-a": "--all",
        "--rpn": "--rpn",
        "--ascii": "--ascii",
        "--strict": "--strict",
    },
    "serve": {"--json": "--json", "--open": "--open", "--quiet": "--quiet"},
}
VALUES: dict[str, dict[str, tuple[str, int | None]]] = {
    "anagrams": {},
    "define": {},
    "letters": {"--min": ("--min", 1), "--enough": ("--enough", 1)},
    "numbers": {"--target": ("--target", None), "-t": ("--target", None)},
    "serve": {"--port": ("--port", 0), "--workers": ("--workers", 1)},
}
# Options whose value is any text but an empty one (click takes it as it is; the typer
# path says that an empty one is missing).
TEXTS = {"serve": ("--host", "--cors")}


def _integer(text: str, least: int | None) -> int | None:
    """*text* as click would take it, or None where the quick path leaves it to typer."""
    digits = text[1:] if least is None and text[:1] == "-" else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        return None  # typer's path says what is wrong (int() fails at 4,300 digits)
    value = int(text)
    return None if least is not None and value < least else value


def parse(args: list[str]) -> tuple[str | None, str, Any, dict[str, Any]] | None:
    """(dictionary, command, query, options) of a simple call, or None."""
    from .grammar import CACHE_OPTION, DICT_OPTION, hoist, split_globals

    try:
        found, rest = split_globals(hoist(args))
    except ValueError:
        return None
    if CACHE_OPTION in found:
        return None  # the typer app checks the size and reports a bad one
    spec = found.get(DICT_OPTION)
    if not rest or rest[0] not in FLAGS:
        return None
    command, rest = rest[0], rest[1:]
    positional: list[str] = []
    options: dict[str, Any] = {}
    while rest:
        word = rest.pop(0)
        name, equals, attached = word.partition("=")
        if word in FLAGS[command]:
            options[FLAGS[command][word]] = True
        elif name in TEXTS.get(command, ()):
            if not equals and not rest:
                return None
            text = attached if equals else rest.pop(0)
            if not text or text.startswith("-"):
                return None  # empty: typer's error; a dash: whatever click makes of it
            options[name] = text
        elif name in VALUES[command]:
            if equals and not name.startswith("--"):
                return None  # click reads -t=5 as the value "=5"
            if not equals and not rest:
                return None
            long_name, least = VALUES[command][name]
            value = _integer(attached if equals else rest.pop(0), least)
            if value is None:
                return None
            options[long_name] = value
        elif word == "-" and command != "numbers":
            positional.append(word)  # batch mode
        elif word.startswith("-") and not (
            command == "numbers" and _integer(word, None) is not None
        ):
            return None  # help, unknown options, "--", numbers' batch mode
        else:
            positional.append(word)
    if command == "numbers":
        # The group's subcommand is its first word that is not an option (grammar.first_word):
        # solve is what the quick path does; typer runs the statistics.
        words = [word for word in positional if not word.startswith("-")]
        if words[:1] == ["solve"]:
            positional.remove("solve")
        elif words[:1] == ["stats"]:
            return None
        # Typer reports a missing target or numbers.
        if not positional or "--target" not in options:
            return None
        return spec, command, positional, options
    if command == "serve":
        from .serving import LARGEST

        inside = all(options.get(name, 0) <= most for name, most in LARGEST.items())
        return (spec, command, None, options) if inside and not positional else None
    if command == "define":  # several words, or - alone
        ok = positional and (positional == ["-"] or "-" not in positional)
        return (spec, command, positional, options) if ok else None
    return (spec, command, positional[0], options) if len(positional) == 1 else None


def quick(args: list[str]) -> int | None:
    """Answer a simple call and return the exit code, or None to leave it to typer."""
    parsed = parse(args)
    return None if parsed is None else answer(parsed)


def answer(parsed: tuple[str | None, str, Any, dict[str, Any]]) -> int:
    """Answer the call :func:`parse` made of a command line; return the exit code."""
    spec, command, query, options = parsed
    as_json = bool(options.get("--json"))

    from ..countdown import queries
    from ..errors import AnagramDBError
    from . import messages, render

    messages.show_warnings()
    try:
        if command == "serve":
            from .serving import serve

            named = {"--host": "host", "--port": "port", "--workers": "workers", "--cors": "cors"}
            given = {named[name]: value for name, value in options.items() if name in named}
            return serve(
                **given,
                dictionary=spec,
                quiet=bool(options.get("--quiet")),
                as_json=as_json,
                open_browser=bool(options.get("--open")),
            )
        if command == "numbers":
            flag = {
                name: bool(options.get(name)) for name in ("--all", "--ascii", "--strict", "--rpn")
            }
            answer = queries.numbers(
                queries.whole_numbers(query),
                options["--target"],
                flag["--all"],
                flag["--ascii"],
                flag["--strict"],
            )
            print(
                render.to_json(answer.to_dict())
                if as_json
                else render.numbers_text(answer, flag["--rpn"])
            )
            return 0
        if command == "define":
            from .defining import define_words

            return define_words(query, as_json)
        from ..dictionary import Dictionary

        if query == "-":
            return _batch(spec, command, options)
        with Dictionary(spec) as dictionary:
            if command == "anagrams":
                record = queries.anagrams(dictionary, query)
                text = render.to_json(record) if as_json else render.anagrams_text(record)
            else:
                from ..countdown.letters import ENOUGH, MIN_LENGTH

                result = queries.letters(
                    dictionary,
                    query,
                    options.get("--min", MIN_LENGTH),
                    options.get("--enough", ENOUGH),
                    bool(options.get("--all")),
                )
                text = render.letters_json(result) if as_json else render.letters_text(result)
        if text is None:
            messages.no_words(query)
        else:
            print(text)
    except AnagramDBError as exc:
        return messages.error(str(exc), exc.exit_code)
    return 0


def _batch(spec: str | None, command: str, options: dict[str, Any]) -> int:
    """``anagrams -`` and ``letters -``: as the typer commands answer them."""
    from ..countdown import queries
    from ..countdown.letters import ENOUGH, MIN_LENGTH
    from ..dictionary import Dictionary
    from . import render
    from .batching import LETTERS_KEYS, LETTERS_KEYS_SOME, batch

    as_json = bool(options.get("--json"))
    with Dictionary(spec, batch=True) as dictionary:
        if command == "anagrams":
            return batch(
                sys.stdin,
                "letters",
                lambda q: queries.anagrams(dictionary, q),
                render.anagrams_line,
                (lambda r: r) if as_json else None,
                expect=dictionary.expect,  # one key a line
            )
        least, enough, every = (
            options.get("--min", MIN_LENGTH),
            options.get("--enough", ENOUGH),
            bool(options.get("--all")),
        )
        return batch(
            sys.stdin,
            "rack",
            lambda q: queries.letters(dictionary, q, least, enough, every),
            render.letters_text,
            None,
            json_text=render.letters_json if as_json else None,
            expect=lambda lines: dictionary.expect(
                lines * (LETTERS_KEYS if every else LETTERS_KEYS_SOME)
            ),
        )


def main(*, fast_exit: bool = False) -> None:
    """Run the quick path when it applies, else the typer app; exit with its code.
    SIGTERM and SIGHUP stop either one as Ctrl-C does (stop_signals.py).

    A one-shot answer (not a batch, not ``serve``, not typer's) runs without the cyclic
    garbage collector: its imports make tens of thousands of objects for the collector to
    walk, and the answer makes no cycles worth collecting. With *fast_exit* (the
    ``anagramdb`` program itself, not a caller of this function) such an answer ends with
    :func:`os._exit` once stdout and stderr are flushed, skipping the interpreter's
    teardown of every module and object, which costs a cold lookup more than its answer
    (docs/DECISIONS.md, D16). Nothing else is left to do at that point: a one-shot answer
    writes no file of its own but the index it may rebuild, closed before it answers, and
    registers nothing with atexit.
    """
    import gc

    from . import messages, stop_signals

    collecting = gc.isenabled()
    gc.disable()
    sys.unraisablehook = messages.drop_memory_errors
    stop_signals.install()
    args = sys.argv[1:]
    messages.stand_in_for_closed_streams()
    one_shot = False
    try:
        parsed = parse(args)
        one_shot = parsed is not None and parsed[1] != "serve" and parsed[2] not in ("-", ["-"])
        if collecting and not one_shot:
            gc.enable()
        code = None if parsed is None else answer(parsed)
        if code is None:
            from .app import run

            code = run(args)
        sys.stdout.flush()
    except (KeyboardInterrupt, Exception) as exc:
        code = messages.failed(exc, args)
    if fast_exit and one_shot:
        _exit_now(code)
    if collecting:
        gc.enable()
    sys.exit(code)


def _exit_now(code: int) -> None:
    """Flush stdout and stderr and end the process at once (os._exit), or return if they
    cannot be flushed: then the interpreter's own exit says what went wrong, as before."""
    import os

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)
