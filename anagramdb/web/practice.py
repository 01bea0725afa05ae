"""The practice page: draw a round, play it against the clock, see it checked and scored.

Its states, each a URL::

    /practice                                      choose a letters or a numbers round
    /practice?round=letters[&vowels=3-5][&seconds=30]   draws a seed and redirects to ...
    /practice?round=numbers[&large=0-4][&seconds=30]
    /practice?round=letters&seed=S&seconds=30      the round: tiles, the clock, the answer box
    ...&answer=WORD[&timeup=1]                     the answer checked and scored, then the best

The seed fixes the draw, so a round can be shared or replayed. The clock is the inline
script's: when it runs out it submits what has been typed, with ``timeup=1``. Without the
script the page still works, with no clock.
"""

from __future__ import annotations

from typing import Any, cast
from urllib.parse import urlencode

from ..countdown.broadcast import fit_to_show
from ..countdown.draw import SEED_LIMIT, draw_letters, draw_numbers
from ..countdown.game import DEFAULT_SECONDS, MAX_SECONDS
from ..countdown.letters import MIN_LENGTH
from ..countdown.queries import letters
from ..countdown.round_kinds import RoundKind
from ..countdown.rules import MAX_ANSWER
from ..countdown.show import MAX_LARGE, MAX_VOWELS, MIN_VOWELS
from .api import answer
from .board import SOUND_TOGGLE, WORD_BOX, board_html, clock_face
from .board_assets import BOARD_SCRIPT, BOARD_STYLE
from .markup import escape
from .pages import Redirect, layout, page, random_seed, twin_link
from .params import ApiError, Params, integer, one
from .render import error_html, letters_html, numbers_html, numbers_summary, plural
from .routes import Request
from .solvers import Solvers

ROUNDS = (RoundKind.LETTERS, RoundKind.NUMBERS)
BEST_WORDS = 10


@page("/practice", cached=False, assets=(BOARD_STYLE, BOARD_SCRIPT))
def practice_page(request: Request) -> tuple[int, str]:
    try:
        return round_page(request.solvers, request.query)
    except ApiError as exc:
        return exc.status, layout(
            "Practice", "/practice", "<h1>Practice</h1>" + error_html(str(exc))
        )


def choose_html(seconds: int) -> str:
    """Links to draw a round, as the contestant chooses on the show: how many vowels, how
    many large."""

    def link(text: str, **choice: object) -> str:
        return (
            '<a class="button" '
            f'href="/practice?{escape(urlencode({**choice, "seconds": seconds}))}">{text}</a>'
        )

    vowels = " ".join(
        link(f"{n} vowels", round="letters", vowels=n) for n in range(MIN_VOWELS, MAX_VOWELS + 1)
    )
    large = " ".join(link(f"{n} large", round="numbers", large=n) for n in range(MAX_LARGE + 1))
    return (
        f"<h1>Practice</h1><p>Draw a round and beat the {seconds}-second clock, as on the show.</p>"
        f'<h2>Letters round</h2><p class="choices">{link("Any mix", round="letters")} {vowels}</p>'
        f'<h2>Numbers round</h2><p class="choices">{link("Any mix", round="numbers")} {large}</p>'
    )


def round_page(solvers: Solvers, params: Params) -> tuple[int, str]:
    seconds = integer(params, "seconds", DEFAULT_SECONDS, 1, MAX_SECONDS)
    kind = one(params, "round", "")
    if not kind:
        return 200, layout("Practice", "/practice", choose_html(seconds))
    if kind not in ROUNDS:
        raise ApiError(400, f"round must be letters or numbers, not {kind!r}")
    # The contestant's choice: vowels (3-5) in a letters round, large tiles (0-4) in numbers.
    choice_name, low, high = (
        ("vowels", MIN_VOWELS, MAX_VOWELS) if kind == RoundKind.LETTERS else ("large", 0, MAX_LARGE)
    )
    choice = integer(params, choice_name, None, low, high)
    chosen = {choice_name: choice} if choice is not None else {}
    seed = integer(params, "seed", None, 0, SEED_LIMIT - 1)
    if seed is None:
        raise Redirect(
            "/practice?"
            + urlencode({"round": kind, **chosen, "seed": random_seed(), "seconds": seconds})
        )
    state = {"round": kind, **chosen, "seed": seed, "seconds": seconds}
    if kind == RoundKind.LETTERS:
        rack = draw_letters(choice, seed).letters
        tiles, label = list(rack), "Your word"
    else:
        drawn = draw_numbers(choice, seed)
        tiles, label = [str(n) for n in drawn.numbers], "Your working, e.g. (100 + 6) × 9"
    tiles_html = board_html(
        tiles, "The tiles", target=drawn.target if kind == RoundKind.NUMBERS else None
    )
    title = f"Practice: {kind} round"
    if "answer" not in params and "timeup" not in params:
        hidden = "".join(
            f'<input type="hidden" name="{name}" value="{escape(str(text))}">'
            for name, text in state.items()
        )
        content = (
            f"<h1>{escape(title.capitalize())}</h1>{tiles_html}"
            f'<div class="clockface">{clock_face(seconds, seconds)}'
            f'<p id="clock" role="timer" data-seconds="{seconds}">{seconds} s</p></div>'
            f'<form id="practice" class="solve" action="/practice" method="get">{hidden}'
            f'<div class="field"><label for="answer">{escape(label)}</label>'
            f'<input type="text" id="answer" name="answer" {WORD_BOX} data-spell="{kind}" '
            f'autofocus maxlength="{MAX_ANSWER}"></div>'
            f'<button class="solve-button">Check</button></form><p>{SOUND_TOGGLE}</p>'
            f"{twin(kind, chosen, seed)}"
        )
        return 200, layout(title, "/practice", content, extra=(BOARD_STYLE, BOARD_SCRIPT))
    given = one(params, "answer", "").strip()
    if not given:
        judged = '<p class="verdict">No answer: 0 points.</p>'
    elif kind == RoundKind.LETTERS:
        judged = verdict(solvers, "check/letters", {"rack": [rack], "word": [given]})
    else:
        judged = verdict(
            solvers,
            "check/numbers",
            {
                "numbers": [" ".join(map(str, drawn.numbers))],
                "target": [str(drawn.target)],
                "answer": [given],
            },
        )
    best = (
        best_letters(solvers, rack)
        if kind == RoundKind.LETTERS
        else best_numbers(drawn.numbers, drawn.target)
    )
    again = escape(urlencode({"round": kind, **chosen, "seconds": seconds}))
    content = (
        f"<h1>{escape(title.capitalize())}</h1>{tiles_html}"
        + ('<p class="verdict" id="timeup">Time\'s up!</p>' if "timeup" in params else "")
        + f'<div id="verdict">{judged}</div><h2>The best answers</h2><div id="best">{best}</div>'
        f'<p><a class="button" href="/practice?{again}">Next round</a></p>'
        + twin(kind, chosen, seed)
    )
    return 200, layout(title, "/practice", content)


def verdict(solvers: Solvers, endpoint: str, params: Params) -> str:
    """The answer to a round judged by /api/check/letters or /api/check/numbers
    (countdown.rules, countdown.numbers_check), as HTML: valid with its value and score,
    or the reason it scores nothing."""
    try:
        record, _ = answer(solvers, endpoint, params)
    except ApiError as exc:
        return f'<p class="verdict">0 points</p>{error_html(str(exc))}'
    given = record.get("word", record.get("answer"))
    if not record["valid"]:
        head = f"{given}: 0 points"
    elif "word" in record:
        head = (
            f"{given}: valid, {plural(record['length'], 'letter')}, "
            f"{plural(record['score'], 'point')}"
        )
    else:
        near = "exact" if not record["distance"] else f"{record['distance']} away"
        head = f"{given} = {record['value']}: valid, {near}, {plural(record['score'], 'point')}"
    parts = [f'<p class="verdict">{escape(head)}</p>']
    if record["reason"]:
        parts.append(f'<p class="error">{escape(record["reason"])}</p>')
    if record.get("steps"):
        parts.append(
            '<ol class="steps">'
            + "".join(f"<li>{escape(step)}</li>" for step in record["steps"])
            + "</ol>"
        )
    return "".join(parts)


def twin(kind: str, chosen: dict[str, int], seed: int) -> str:
    """The link to the round's draw as JSON (/api/draw/...: the same tiles)."""
    return twin_link(f"/api/draw/{kind}", urlencode({**chosen, "seed": seed}), "This draw as JSON")


def best_letters(solvers: Solvers, rack: str) -> str:
    """The best words, headed under the page's h2 ("The best answers")."""
    record = letters(solvers.full, rack, MIN_LENGTH, BEST_WORDS).to_dict()
    found = cast(list[dict[str, Any]], record["words"])
    shown = set(fit_to_show([word["word"] for word in found]))  # no slur on the page
    record["words"] = [word for word in found if word["word"] in shown]
    return letters_html(record, level=3)


def best_numbers(numbers: list[int], target: int) -> str:
    from ..countdown.numbers import solve

    record = solve(numbers, target).to_dict()
    return f'<p class="verdict">{escape(numbers_summary(record))}</p>' + numbers_html(record, [])
