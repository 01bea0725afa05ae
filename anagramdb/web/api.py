"""The JSON API: ``GET /api/NAME?QUERY`` answered with the command line's ``--json`` records.

An address is the command's words, a parameter the command's argument or option without
its dashes: one address an action, as the commands are shaped (docs/CLI.md, "One shape
per kind of command")::

    /api/                the endpoints and their parameters, and the old forms
    /api/anagrams        letters
    /api/letters         rack [min] [enough] [all] [define]    (rack: up to MAX_RACK,
                         MAX_BLANKS blanks; define: the first MAX_DEFINED words' definitions)
    /api/define          word                       (anagramdb define WORD)
    /api/phrases         letters [max-words] [min] [limit]
    /api/conundrum       letters                    (anagramdb conundrum LETTERS)
    /api/numbers         numbers target [all] [ascii] [strict]   (numbers: "25 50 75 100 3 6")
    /api/draw/letters    [vowels] [seed]
    /api/draw/numbers    [large] [seed]
    /api/draw/conundrum  [count] [seed]             (new conundrums: a list of records)
    /api/check/letters   rack word                  (anagramdb check letters RACK WORD)
    /api/check/numbers   numbers target answer      (anagramdb check numbers N... -t T ANSWER)

The old forms still answer exactly as they did, and say what replaces them (OLD_FORMS):
``/api/check`` (rack and word, or numbers, target and check), ``/api/numbers?check=`` and
``/api/conundrum?generate=``. Their answer carries ``Deprecation`` (RFC 9745, the date the
form became old), ``Link: <...>; rel="successor-version"`` and a one-line notice in
X-Anagramdb-Warning, as the old command forms print one on stderr.

A body is the record the CLI's --json prints (the same results' ``to_dict``, from the
queries in anagramdb.countdown.queries and the solvers); an error is ``{"error": "..."}``
with the status of an ApiError. Every parameter is read by the rules of params.py (a
length cap each, 413 past it); besides, a rack has at most MAX_BLANKS blanks (400), a
letters answer at most MAX_RESULT_WORDS words (413), a search stops at the request's work
budget (422) with SEARCH_SECONDS as a backstop (400), and a numbers game has at most
MAX_WEB_NUMBERS tiles.
"""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic
from typing import Any

from ..countdown import conundrum, draw, letters, phrases, queries, show
from ..countdown.budget import Budget, WorkLimitError
from ..countdown.numbers_check import check_numbers
from ..countdown.rules import check_word
from ..errors import AnagramDBError, DictionaryChangedError
from .params import (
    MAX_BLANKS,
    MAX_NUMBER_DIGITS,
    MAX_TEXT,
    ApiError,
    Params,
    flag,
    integer,
    number_list,
    one,
)
from .routes import CACHE_SOLVED, NO_STORE, Request, Response, route
from .solvers import Solvers

__all__ = ["ApiError", "Params", "Solvers", "answer", "integer", "one"]

MAX_RESULT_WORDS = 10_000  # words in one letters answer (more: 413)
MAX_COUNT = 10  # conundrums made by one request
MAX_DEFINED = 50  # words of a letters answer given their definitions (define=1)
MAX_LIMIT = 1000  # phrases listed by one request
SEARCH_SECONDS = 2.0
JSONValue = Any


def api_anagrams(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    return queries.anagrams(solvers.full, one(params, "letters"))


def api_letters(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    rack = one(params, "rack")
    if rack.count(letters.BLANK) > MAX_BLANKS:
        raise ApiError(
            400,
            f"a rack may have at most {MAX_BLANKS} blanks here, not {rack.count(letters.BLANK)}",
        )
    min_length = integer(params, "min", letters.MIN_LENGTH, 1, MAX_TEXT)
    enough = integer(params, "enough", letters.ENOUGH, 1, MAX_RESULT_WORDS)
    found = queries.letters(solvers.full, rack, min_length, enough, flag(params, "all"), budget)
    record = found.to_dict()
    words = record["words"]
    assert isinstance(words, list)
    if len(words) > MAX_RESULT_WORDS:
        raise ApiError(
            413,
            f"the answer has {len(words)} words, more than the {MAX_RESULT_WORDS} one request "
            "returns; ask for longer words",
        )
    if flag(params, "define"):
        for word in words[:MAX_DEFINED]:
            definition = solvers.define(word["word"])
            word["definition"] = {
                "defined": definition["defined"],
                "entries": definition["entries"],
            }
    return record


def api_define(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    return solvers.define(one(params, "word"))


def api_phrases(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    text = one(params, "letters")
    max_words = integer(params, "max-words", phrases.MAX_WORDS, 1, phrases.MOST_WORDS)
    min_length = integer(params, "min", phrases.MIN_LENGTH, 1, phrases.MAX_LETTERS)
    limit = integer(params, "limit", phrases.LIMIT, 0, MAX_LIMIT)
    found = phrases.phrases(
        solvers.full,
        text,
        max_words,
        min_length,
        limit or MAX_LIMIT,
        deadline=monotonic() + SEARCH_SECONDS,  # a backstop: the budget stops it first
        budget=budget,
    )
    return queries.PhrasesResult(text, found).to_dict()


def api_conundrum(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    if flag(params, "generate"):  # the old form of /api/draw/conundrum
        if "letters" in params:
            raise ApiError(400, "give letters to solve, or generate to make conundrums (not both)")
        return api_draw_conundrum(solvers, params, warnings, budget)
    return conundrum.solve_conundrum(solvers.full, one(params, "letters")).to_dict()


def game(params: Params) -> tuple[list[int], int]:
    """The numbers and the target of a numbers request."""
    values = queries.whole_numbers(number_list(one(params, "numbers")))
    target = integer(params, "target", None, 1, 10**MAX_NUMBER_DIGITS - 1)
    if target is None:
        raise ApiError(400, "missing parameter 'target'")
    return values, target


def api_numbers(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    if "check" in params:  # the old form of /api/check/numbers
        return check_numbers(*game(params), one(params, "check")).to_dict()
    values, target = game(params)
    answer = queries.numbers(
        values,
        target,
        flag(params, "all"),
        flag(params, "ascii"),
        flag(params, "strict"),
        warnings.append,
        budget=budget,
    )
    return answer.to_dict()


def api_draw_letters(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    vowels = integer(params, "vowels", None, show.MIN_VOWELS, show.MAX_VOWELS)
    seed = integer(params, "seed", None, 0, draw.SEED_LIMIT - 1)
    return draw.draw_letters(vowels, seed).to_dict()


def api_draw_numbers(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    large = integer(params, "large", None, 0, show.MAX_LARGE)
    seed = integer(params, "seed", None, 0, draw.SEED_LIMIT - 1)
    return draw.draw_numbers(large, seed).to_dict()


def api_draw_conundrum(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    count = integer(params, "count", 1, 1, MAX_COUNT)
    seed = integer(params, "seed", None, 0, draw.SEED_LIMIT - 1)
    made = conundrum.generate(solvers.full, solvers.common(), count, seed)
    return [puzzle.to_dict() for puzzle in made]


def api_check_letters(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    """A letters answer judged by the rules of the show: ``anagramdb check letters``."""
    return check_word(
        solvers.full, one(params, "rack"), one(params, "word"), solvers.packaged, solvers.name
    ).to_dict()


def api_check_numbers(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    """A numbers answer (its working) judged: ``anagramdb check numbers``."""
    return check_numbers(*game(params), one(params, "answer")).to_dict()


def api_check(
    solvers: Solvers, params: Params, warnings: list[str], budget: Budget | None = None
) -> JSONValue:
    """The old /api/check: a letters answer (rack, word) or a numbers answer (numbers,
    target, check), told apart by their parameters."""
    if "rack" in params or "word" in params:
        if "check" in params or "numbers" in params:
            raise ApiError(
                400,
                "give rack and word (letters), or numbers, target and check (numbers), not both",
            )
        return api_check_letters(solvers, params, warnings)
    return check_numbers(*game(params), one(params, "check")).to_dict()


Endpoint = Callable[[Solvers, Params, list[str], Budget | None], JSONValue]
ENDPOINTS: dict[str, tuple[Endpoint, tuple[str, ...]]] = {
    "anagrams": (api_anagrams, ("letters",)),
    "letters": (api_letters, ("rack", "min", "enough", "all", "define")),
    "define": (api_define, ("word",)),
    "phrases": (api_phrases, ("letters", "max-words", "min", "limit")),
    "conundrum": (api_conundrum, ("letters",)),
    "numbers": (api_numbers, ("numbers", "target", "all", "ascii", "strict")),
    "draw/letters": (api_draw_letters, ("vowels", "seed")),
    "draw/numbers": (api_draw_numbers, ("large", "seed")),
    "draw/conundrum": (api_draw_conundrum, ("count", "seed")),
    "check/letters": (api_check_letters, ("rack", "word")),
    "check/numbers": (api_check_numbers, ("numbers", "target", "answer")),
}
# The old forms, from before the commands took one shape each, still answered as they were
# (their parameters taken, not listed), and the addresses that replace them.
OLD_ENDPOINTS: dict[str, tuple[Endpoint, tuple[str, ...]]] = {
    "check": (api_check, ("rack", "word", "numbers", "target", "check")),
}
OLD_PARAMS = {"numbers": ("check",), "conundrum": ("generate", "count", "seed")}
OLD_FORMS = {
    "/api/check": ["/api/check/letters", "/api/check/numbers"],
    "/api/numbers?check=": ["/api/check/numbers"],
    "/api/conundrum?generate=": ["/api/draw/conundrum"],
}
DEPRECATED_SINCE = "@1796083200"  # 2026-12-01: the Deprecation header's date (RFC 9745)


def moved(name: str, params: Params) -> tuple[str, str] | None:
    """A request in an old form: (the form, as OLD_FORMS names it; the address that replaces
    it), or None."""
    if name == "check":
        letters_answer = "rack" in params or "word" in params
        return "/api/check", "/api/check/letters" if letters_answer else "/api/check/numbers"
    if name == "numbers" and "check" in params:
        return "/api/numbers?check=", "/api/check/numbers"
    if name == "conundrum" and "generate" in params:
        return "/api/conundrum?generate=", "/api/draw/conundrum"
    return None


def cacheable(name: str, params: Params) -> bool:
    """Whether the answer is the same every time: not a draw or a generation without a seed."""
    random = name.startswith("draw/") or (name == "conundrum" and "generate" in params)
    return not random or "seed" in params


def answer(
    solvers: Solvers, name: str, params: Params, budget: Budget | None = None
) -> tuple[JSONValue, list[str]]:
    """The record for ``/api/NAME?params`` and any warnings; raises ApiError (404 for an
    unknown endpoint, 400 for an unknown parameter or bad input, 422 for a search that
    needs more work than *budget* allows)."""
    if name == "":  # /api/: what there is
        return {
            "endpoints": {
                f"/api/{known}": list(allowed) for known, (_, allowed) in ENDPOINTS.items()
            },
            "old": OLD_FORMS,
        }, []
    endpoint, allowed = ENDPOINTS.get(name) or OLD_ENDPOINTS.get(name) or (None, ())
    if endpoint is None:
        raise ApiError(404, f"no such endpoint: /api/{name} (see /api/)")
    unknown = sorted(set(params) - set(allowed) - set(OLD_PARAMS.get(name, ())))
    if unknown:
        raise ApiError(
            400, f"unknown parameter {unknown[0]!r} for /api/{name} (known: {', '.join(allowed)})"
        )
    warnings: list[str] = []
    old = moved(name, params)
    if old is not None:
        warnings.append(f"{old[0]} is an old form: use {old[1]}")
    try:
        return endpoint(solvers, params, warnings, budget), warnings
    except WorkLimitError as exc:
        raise ApiError(422, f"{exc}: ask for less (a shorter rack, fewer blanks)") from None
    except DictionaryChangedError:
        raise  # the handler's 503, as for a page
    except AnagramDBError as exc:
        raise ApiError(400 if exc.exit_code == 2 else 500, str(exc)) from None


@route("/api/", prefix=True)
def api_route(request: Request) -> Response:
    """``GET /api/NAME?QUERY``: the record, with any warnings in X-Anagramdb-Warning (and
    an old form's Deprecation and Link)."""
    name = request.path[len("/api/") :]
    record, warnings = answer(request.solvers, name, request.query, request.budget)
    extra = {"X-Anagramdb-Warning": "; ".join(warnings)} if warnings else {}
    old = moved(name, request.query)
    if old is not None:
        extra |= {"Deprecation": DEPRECATED_SINCE, "Link": f'<{old[1]}>; rel="successor-version"'}
    cache = CACHE_SOLVED if cacheable(name, request.query) else NO_STORE
    return Response.json(200, record, cache=cache, headers=extra)
