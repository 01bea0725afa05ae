"""The pages, rendered on the server so that every state is a URL::

    /  and  /letters?rack=gyroscope[&all=1]     letters round, grouped by length with scores
    /conundrum?letters=canedanon                 solve a conundrum
    /conundrum?generate=1&seed=S                 a new conundrum, the answer behind a click
    /numbers?numbers=25+50+75+100+3+6&target=952[&all=1]
    /practice?round=letters|numbers&seed=S[&seconds=30][&answer=...]   (see practice.py)

A page's query parameters are those of its JSON twin (/api/letters, ...), whose records it
renders; the inline script renders the same records in the same markup as you type. Every
piece of text that came from a request or a record goes through html.escape.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import urlencode

from ..countdown.draw import SEED_LIMIT
from .api import MAX_BLANKS, MAX_RACK, ApiError, Params, answer
from .assets import SCRIPT, STYLE
from .routes import CACHE_SOLVED, NO_STORE, Request, Response, route

PAGES = (
    ("/letters", "Letters"),
    ("/conundrum", "Conundrum"),
    ("/numbers", "Numbers"),
    ("/practice", "Practice"),
)


class Redirect(Exception):
    """The page's state is completed by the server (a random seed): go to *location*."""

    def __init__(self, location: str) -> None:
        super().__init__(location)
        self.location = location


Page = Callable[[Request], tuple[int, str]]


def page(path: str, cached: bool = True) -> Callable[[Page], Page]:
    """Register the decorated function, (status, HTML) of a request, as the page at *path*
    (routes.py); a Redirect it raises becomes a 302. *cached*: a 200 may be cached."""

    def register(show: Page) -> Page:
        def handler(request: Request) -> Response:
            try:
                status, html = show(request)
            except Redirect as move:
                return Response.redirect(move.location)
            return Response.html(
                status, html, CACHE_SOLVED if status == 200 and cached else NO_STORE
            )

        route(path)(handler)
        return show

    return register


def random_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)


def layout(title: str, path: str, content: str) -> str:
    """A whole page: navigation, *content* (already HTML), the inline style and script."""
    links = "".join(
        f'<a href="{href}"{" aria-current=page" if href == path else ""}>{name}</a>'
        for href, name in PAGES
    )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" '
        'href="data:,">'
        f"<title>{escape(title)} · anagramdb</title><style>{STYLE}</style></head>\n"
        f'<body><header><nav aria-label="Pages">{links}</nav></header>\n<main>{content}</main>\n'
        "<footer>anagramdb: works offline; every page is also JSON under <a "
        'href="/api/">/api/</a>.</footer>'
        f"<script>{SCRIPT}</script></body></html>\n"
    )


def field(name: str, label: str, value: str, hint: str = "", **attributes: str) -> str:
    """A labelled text input; *attributes* become HTML attributes (pattern=..., ...)."""
    extra = "".join(
        f' {key.replace("_", "-")}="{escape(text)}"' for key, text in attributes.items()
    )
    described = f' aria-describedby="{name}-hint"' if hint else ""
    hint_html = f'<small id="{name}-hint">{escape(hint)}</small>' if hint else ""
    return (
        f'<div class="field"><label for="{name}">{escape(label)}</label>'
        f'<input type="text" id="{name}" name="{name}" value="{escape(value)}" autocomplete="off" '
        f'spellcheck="false"{described}{extra}>'
        f"{hint_html}</div>"
    )


def checkbox(name: str, label: str, checked: bool) -> str:
    return (
        f'<label class="check"><input type="checkbox" name="{name}" '
        f'value="1"{" checked" if checked else ""}> {escape(label)}</label>'
    )


def value(params: Params, name: str) -> str:
    return params.get(name, [""])[0]


def error_html(message: str) -> str:
    return f'<p class="error" role="alert">{escape(message)}</p>'


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def letters_html(record: dict[str, Any]) -> str:
    """A letters record as the script renders it: a section a length, longest first."""
    words = record["words"]
    if not words:
        return f'<p class="status">{escape(record["rack"])}: no words</p>'
    parts = []
    for length in sorted({word["length"] for word in words}, reverse=True):
        same = [word for word in words if word["length"] == length]
        items = "".join(
            f"<li>{escape(word['word'])}"
            + (f" <small>?={escape(''.join(word['blanks']))}</small>" if word.get("blanks") else "")
            + "</li>"
            for word in same
        )
        heading = (
            f"<h2>{length} letters <span "
            f'class="score">{plural(same[0]["score"], "point")}</span></h2>'
        )
        parts.append(f'<section class="length">{heading}<ul class="words">{items}</ul></section>')
    return "".join(parts)


def conundrum_html(record: dict[str, Any]) -> str:
    if not record["words"]:
        return f'<p class="status">{escape(record["letters"])}: no answer</p>'
    verdict = "the unique answer" if record["unique"] else plural(len(record["words"]), "answer")
    items = "".join(f"<li>{escape(word)}</li>" for word in record["words"])
    return (
        f'<p class="status">{escape(record["letters"])}: {verdict}</p><ul '
        f'class="words">{items}</ul>'
    )


def numbers_html(record: dict[str, Any], warnings: list[str]) -> str:
    """A numbers record: the verdict, then each solution's steps and expression."""
    target = record["target"]
    head = (
        f"{target}: exact"
        if record["exact"]
        else f"{target}: not reachable; nearest is {record['value']} ({record['distance']} away)"
    )
    if "count" in record:
        head += ", " + plural(record["count"], "distinct solution")
    parts = [f'<p class="verdict">{escape(head)}</p>']
    parts.extend(f'<p class="status">Warning: {escape(warning)}</p>' for warning in warnings)
    for solution in record["solutions"]:
        steps = "".join(f"<li>{escape(step)}</li>" for step in solution["steps"])
        parts.append(
            f'<ol class="steps">{steps}</ol><p class="expression">{escape(solution["infix"])} = '
            f"{solution['value']}</p>"
        )
    return "".join(parts)


def results(request: Request, endpoint: str, params: Params, show: Any) -> tuple[int, str]:
    """(status, HTML) of the answer to *params*, or of the error it gets."""
    try:
        record, warnings = answer(request.solvers, endpoint, params, request.budget)
    except ApiError as exc:
        return exc.status, error_html(str(exc))
    return 200, show(record, warnings)


def solve_form(path: str, endpoint: str, fields: str) -> str:
    return (
        f'<form action="{path}" method="get" role="search" data-api="/api/{endpoint}" '
        f'data-render="{endpoint}">{fields}<button>Solve</button></form>'
    )


@page("/")
@page("/letters")
def letters_page(request: Request) -> tuple[int, str]:
    params = request.query
    rack = value(params, "rack")
    fields = field(
        "rack",
        "Letters",
        rack,
        f"Up to {MAX_RACK} letters; ? is a blank (at most {MAX_BLANKS}). Answers appear as you "
        "type.",
        required="",
        maxlength=str(MAX_RACK),
        autofocus="",
        autocapitalize="characters",
    ) + checkbox("all", "every word down to 3 letters", "all" in params)
    status, shown = (
        results(request, "letters", params, lambda record, _: letters_html(record))
        if rack
        else (200, "")
    )
    content = (
        f'<h1>Letters</h1>{solve_form("/letters", "letters", fields)}<div id="results" '
        f'aria-live="polite">{shown}</div>'
    )
    return status, layout(f"Letters {rack}" if rack else "Letters", "/letters", content)


@page("/conundrum")
def conundrum_page(request: Request) -> tuple[int, str]:
    params = request.query
    if "generate" in params:
        return generated_page(request)
    letters = value(params, "letters")
    fields = field(
        "letters",
        "Conundrum",
        letters,
        "Nine scrambled letters, e.g. CANEDANON.",
        required="",
        maxlength="64",
        autofocus="",
        autocapitalize="characters",
    )
    status, shown = (
        results(request, "conundrum", params, lambda record, _: conundrum_html(record))
        if letters
        else (200, "")
    )
    content = (
        f'<h1>Conundrum</h1>{solve_form("/conundrum", "conundrum", fields)}<div id="results" '
        f'aria-live="polite">{shown}</div>'
        '<p><a class="button" href="/conundrum?generate=1">Make a new conundrum</a></p>'
    )
    return status, layout("Conundrum", "/conundrum", content)


def generated_page(request: Request) -> tuple[int, str]:
    params = request.query
    if "seed" not in params:
        raise Redirect("/conundrum?" + urlencode({"generate": 1, "seed": random_seed()}))
    try:
        made, _ = answer(
            request.solvers,
            "conundrum",
            {"generate": ["1"], "seed": params["seed"][:1]},
            request.budget,
        )
    except ApiError as exc:
        return exc.status, layout(
            "Conundrum", "/conundrum", "<h1>Conundrum</h1>" + error_html(str(exc))
        )
    if not made:
        return 200, layout(
            "Conundrum",
            "/conundrum",
            '<h1>Conundrum</h1><p class="status">No conundrum could be made.</p>',
        )
    puzzle = made[0]
    tiles = "".join(f"<li>{escape(letter.upper())}</li>" for letter in puzzle["clue"])
    content = (
        f'<h1>Conundrum</h1><ul class="tiles" aria-label="The conundrum">{tiles}</ul>'
        "<details><summary>Show the answer</summary><p "
        f'class="verdict">{escape(puzzle["answer"].upper())}</p>'
        f'<p class="status">The clue is {escape(" + ".join(puzzle["words"]))}.</p></details>'
        '<p><a class="button" href="/conundrum?generate=1">Another one</a></p>'
    )
    return 200, layout("Conundrum", "/conundrum", content)


@page("/numbers")
def numbers_page(request: Request) -> tuple[int, str]:
    params = request.query
    numbers, target = value(params, "numbers"), value(params, "target")
    fields = (
        field(
            "numbers",
            "Numbers",
            numbers,
            "Up to six, e.g. 25 50 75 100 3 6",
            required="",
            maxlength="64",
            autofocus="",
            inputmode="numeric",
            pattern=r"[0-9 ,]+",
        )
        + field(
            "target",
            "Target",
            target,
            "",
            required="",
            maxlength="6",
            inputmode="numeric",
            pattern="[0-9]+",
        )
        + checkbox("all", "every distinct solution", "all" in params)
    )
    status, shown = (
        results(request, "numbers", params, numbers_html) if numbers and target else (200, "")
    )
    content = (
        f'<h1>Numbers</h1>{solve_form("/numbers", "numbers", fields)}<div id="results" '
        f'aria-live="polite">{shown}</div>'
    )
    return status, layout("Numbers", "/numbers", content)


def not_found_page(path: str) -> tuple[int, str]:
    content = (
        f'<h1>Not found</h1><p>There is no page {escape(path)}. Try <a href="/letters">the '
        "letters round</a>.</p>"
    )
    return 404, layout("Not found", "", content)
