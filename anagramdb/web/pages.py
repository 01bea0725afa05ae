"""The pages, rendered on the server so that every state is a URL::

    /  and  /letters?rack=gyroscope[&all=1]     letters round, grouped by length with scores
    /conundrum?letters=canedanon                 solve a conundrum
    /conundrum?generate=1&seed=S                 a new conundrum, the answer behind a click
    /numbers?numbers=25+50+75+100+3+6&target=952[&all=1]
    /practice?round=letters|numbers&seed=S[&seconds=30][&answer=...]   (see practice.py)

A page's query parameters are those of its JSON twin (/api/letters, ...), whose records it
renders; the inline script renders the same records in the same markup as you type. Every
piece of text that came from a request or a record goes through markup.escape.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from ..countdown.draw import SEED_LIMIT
from ..countdown.show import RACK_SIZE
from .api import answer
from .assets import SCRIPT, STYLE, content_security_policy
from .markup import escape
from .params import MAX_BLANKS, MAX_NUMBER_DIGITS, MAX_RACK, MAX_TEXT, ApiError, Params
from .render import (
    SHOWN_WORDS,
    SUMMARIES,
    conundrum_html,
    error_html,
    letters_html,
    numbers_html,
    plural,
)
from .routes import CACHE_SOLVED, NO_STORE, Request, Response, route

__all__ = ["Redirect", "error_html", "layout", "letters_html", "numbers_html", "page", "plural"]

# The navigation bar: (path, name); a module of pages adds its own with add_to_navigation.
PAGES = [
    ("/letters", "Letters"),
    ("/conundrum", "Conundrum"),
    ("/numbers", "Numbers"),
    ("/practice", "Practice"),
]
# What the pages' scripts read from the page (document.body.dataset) rather than write
# again: the show's rack, and how many words of the longest length a summary names.
SCRIPT_DATA = {"rack-size": RACK_SIZE, "shown-words": SHOWN_WORDS}


class Redirect(Exception):
    """The page's state is completed by the server (a random seed): go to *location*."""

    def __init__(self, location: str) -> None:
        super().__init__(location)
        self.location = location


Page = Callable[[Request], tuple[int, str]]


def page(
    path: str, cached: bool = True, assets: tuple[str, str] | None = None
) -> Callable[[Page], Page]:
    """Register the decorated function, (status, HTML) of a request, as the page at *path*
    (routes.py); a Redirect it raises becomes a 302. *cached*: a 200 may be cached.
    *assets*: the (style, script) its pages may add to the site's (layout's *extra*)."""
    headers = (
        {
            "Content-Security-Policy": content_security_policy(
                (SCRIPT, assets[1]), (STYLE, assets[0])
            )
        }
        if assets
        else {}
    )

    def register(show: Page) -> Page:
        def handler(request: Request) -> Response:
            try:
                status, html = show(request)
            except Redirect as move:
                return Response.redirect(move.location)
            return Response.html(
                status, html, CACHE_SOLVED if status == 200 and cached else NO_STORE
            )._replace(headers=headers)

        route(path)(handler)
        return show

    return register


def add_to_navigation(path: str, name: str) -> None:
    """Show *name*, a link to *path*, in every page's navigation bar."""
    if (path, name) not in PAGES:
        PAGES.append((path, name))


def random_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)


def layout(title: str, path: str, content: str, extra: tuple[str, str] = ("", "")) -> str:
    """A whole page: navigation, *content* (already HTML), the inline style and script,
    and a page's own *extra* style and script (which its Response must allow with its own
    Content-Security-Policy: assets.content_security_policy)."""
    links = "".join(
        f'<a href="{href}"{" aria-current=page" if href == path else ""}>{name}</a>'
        for href, name in PAGES
    )
    data = "".join(f' data-{name}="{value}"' for name, value in SCRIPT_DATA.items())
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" '
        'href="data:,">'
        f"<title>{escape(title)} · anagramdb</title><style>{STYLE}</style>"
        + (f"<style>{extra[0]}</style>" if extra[0] else "")
        + "</head>\n"
        f"<body{data}>"
        f'<header><nav aria-label="Pages">{links}</nav></header>\n<main>{content}</main>\n'
        "<footer>anagramdb: works offline; every page is also JSON under <a "
        'href="/api/">/api/</a>.</footer>'
        f"<script>{SCRIPT}</script>"
        + (f"<script>{extra[1]}</script>" if extra[1] else "")
        + "</body></html>\n"
    )


def field(name: str, label: str, value: str, **attributes: str) -> str:
    """A labelled text input; *attributes* become HTML attributes (pattern=..., ...)."""
    extra = "".join(
        f' {key.replace("_", "-")}="{escape(text)}"' for key, text in attributes.items()
    )
    return (
        f'<div class="field"><label for="{name}">{escape(label)}</label>'
        f'<input type="text" id="{name}" name="{name}" value="{escape(value)}" autocomplete="off" '
        f'autocorrect="off" spellcheck="false"{extra}></div>'
    )


def hint(name: str, text: str) -> str:
    """The hint under a form's row of fields, for the field *name* (its aria-describedby)."""
    return f'<small class="hint" id="{name}-hint">{escape(text)}</small>'


def checkbox(name: str, label: str, checked: bool) -> str:
    return (
        f'<label class="check"><input type="checkbox" name="{name}" '
        f'value="1"{" checked" if checked else ""}> {escape(label)}</label>'
    )


def value(params: Params, name: str) -> str:
    return params.get(name, [""])[0]


def title_of(template: str, params: Params) -> str:
    """A page's title from its query, as the script makes it: *template*'s {name}s filled
    with the parameters, or its first word alone when they are all empty."""
    names = [part.split("}")[0] for part in template.split("{")[1:]]
    if not any(value(params, name).strip() for name in names):
        return template.split(" ")[0]
    return template.format_map({name: value(params, name).strip() for name in names})


def twin_link(api: str, query: str, text: str = "This answer as JSON") -> str:
    """The link to the page's JSON twin, hidden while there is no query (the script keeps
    it in step with the form), and a button to copy the page's own address."""
    href = f"{api}?{query}" if query else api
    return (
        f'<p class="twin"{"" if query else " hidden"}><a id="twin" href="{escape(href)}">'
        f"{escape(text)}</a> "
        '<button type="button" class="copy" id="copy-link" data-copy="" '
        'aria-label="Copy link to this page" hidden>Copy link</button></p>'
    )


def results(request: Request, endpoint: str, show: Any) -> tuple[int, str, str]:
    """(status, HTML, summary) of the answer to the page's query, or of its error."""
    try:
        record, warnings = answer(request.solvers, endpoint, request.query, request.budget)
    except ApiError as exc:
        return exc.status, error_html(str(exc)), ""
    return 200, show(record, warnings), SUMMARIES[endpoint](record)


def solve_page(
    request: Request,
    endpoint: str,
    heading: str,
    title: str,
    fields: str,
    show: Any,
    extra: str = "",
) -> tuple[int, str]:
    """A page that solves as you type: its form (*fields*, then Solve), the one-line summary
    (the live region), the busy sign, the results, and the link to its JSON twin."""
    path = f"/{endpoint}"
    names = [part.split("}")[0] for part in title.split("{")[1:]]
    asked = any(value(request.query, name) for name in names)
    status, shown, summary = results(request, endpoint, show) if asked else (200, "", "")
    query = urlencode([(k, v) for k, values in request.query.items() for v in values])
    content = (
        f"<h1>{heading}</h1>"
        f'<form class="solve {endpoint}" action="{path}" method="get" role="search" '
        f'data-api="/api/{endpoint}" data-render="{endpoint}" data-title="{escape(title)}">'
        f"{fields}</form>"
        f'<p id="summary" class="summary" role="status">{escape(summary)}</p>'
        '<p id="busy" class="busy" hidden>Working…</p>'
        f'<div id="results">{shown}</div>{corner(endpoint)}'
        f"{twin_link('/api/' + endpoint, query if asked else '')}{extra}"
    )
    return status, layout(title_of(title, request.query), path, content)


def corner(endpoint: str) -> str:
    """Dictionary Corner under a page of words: the script shows there what a word of the
    answers means when it is tapped or hovered (/api/define); empty without the script."""
    if endpoint not in DEFINED_PAGES:
        return ""
    return '<p id="definition" class="definition"></p>'


DEFINED_PAGES = ("letters", "conundrum")
SOLVE = '<button class="solve-button">Solve</button>'


@page("/")
@page("/letters")
def letters_page(request: Request) -> tuple[int, str]:
    fields = (
        field(
            "rack",
            "Letters",
            value(request.query, "rack"),
            required="",
            maxlength=str(MAX_RACK),
            autofocus="",
            autocapitalize="characters",
            aria_describedby="rack-hint",
        )
        + SOLVE
        + hint(
            "rack",
            f"Up to {MAX_RACK} letters; ? is a blank (at most {MAX_BLANKS}). "
            "Answers appear as you type.",
        )
        + checkbox("all", "every word down to 3 letters", "all" in request.query)
    )
    return solve_page(
        request, "letters", "Letters", "Letters {rack}", fields, lambda r, _: letters_html(r)
    )


@page("/conundrum")
def conundrum_page(request: Request) -> tuple[int, str]:
    if "generate" in request.query:
        return generated_page(request)
    fields = (
        field(
            "letters",
            "Conundrum",
            value(request.query, "letters"),
            required="",
            maxlength=str(MAX_TEXT),
            autofocus="",
            autocapitalize="characters",
            aria_describedby="letters-hint",
        )
        + SOLVE
        + hint("letters", "Nine scrambled letters, e.g. CANEDANON.")
    )
    more = '<p><a class="button" href="/conundrum?generate=1">Make a new conundrum</a></p>'
    return solve_page(
        request,
        "conundrum",
        "Conundrum",
        "Conundrum {letters}",
        fields,
        lambda r, _: conundrum_html(r),
        more,
    )


def generated_page(request: Request) -> tuple[int, str]:
    params = request.query
    if "seed" not in params:
        raise Redirect("/conundrum?" + urlencode({"generate": 1, "seed": random_seed()}))
    asked = {"seed": params["seed"][:1]}
    try:
        made, _ = answer(request.solvers, "draw/conundrum", asked, request.budget)
    except ApiError as exc:
        return exc.status, layout(
            "Conundrum", "/conundrum", "<h1>Conundrum</h1>" + error_html(str(exc))
        )
    twin = twin_link("/api/draw/conundrum", urlencode({"seed": params["seed"][0]}))
    if not made:
        return 200, layout(
            "Conundrum",
            "/conundrum",
            f'<h1>Conundrum</h1><p class="status">No conundrum could be made.</p>{twin}',
        )
    puzzle = made[0]
    tiles = "".join(f"<li>{escape(letter.upper())}</li>" for letter in puzzle["clue"])
    content = (
        f'<h1>Conundrum</h1><ul class="tiles" aria-label="The conundrum">{tiles}</ul>'
        "<details><summary>Show the answer</summary><p "
        f'class="verdict">{escape(puzzle["answer"].upper())}</p>'
        f'<p class="status">The clue is {escape(" + ".join(puzzle["words"]))}.</p></details>'
        f'<p><a class="button" href="/conundrum?generate=1">Another one</a></p>{twin}'
    )
    return 200, layout(f"Conundrum {puzzle['clue'].upper()}", "/conundrum", content)


@page("/numbers")
def numbers_page(request: Request) -> tuple[int, str]:
    fields = (
        field(
            "numbers",
            "Numbers",
            value(request.query, "numbers"),
            required="",
            maxlength=str(MAX_TEXT),
            autofocus="",
            inputmode="numeric",
            pattern=r"[0-9 ,]+",
            aria_describedby="numbers-hint",
        )
        + field(
            "target",
            "Target",
            value(request.query, "target"),
            required="",
            maxlength=str(MAX_NUMBER_DIGITS),
            inputmode="numeric",
            pattern="[0-9]+",
        )
        + SOLVE
        + hint("numbers", "Up to six numbers, e.g. 25 50 75 100 3 6, and a target, e.g. 952.")
        + checkbox("all", "every distinct solution", "all" in request.query)
    )
    return solve_page(
        request, "numbers", "Numbers", "Numbers {numbers} → {target}", fields, numbers_html
    )


def not_found_page(path: str) -> tuple[int, str]:
    content = (
        f'<h1>Not found</h1><p>There is no page {escape(path)}. Try <a href="/letters">the '
        "letters round</a>.</p>"
    )
    return 404, layout("Not found", "", content)
