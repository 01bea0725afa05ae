"""The practice page: draw a round, play it against the clock, see it checked and scored.

Its states, each a URL::

    /practice                                      choose a letters or a numbers round
    /practice?round=letters[&seconds=30]           draws a seed and redirects to ...
    /practice?round=letters&seed=S&seconds=30      the round: tiles, the clock, the answer box
    ...&answer=WORD[&timeup=1]                     the answer checked and scored, then the best

The seed fixes the draw, so a round can be shared or replayed. The clock is the inline
script's: when it runs out it submits what has been typed, with ``timeup=1``. Without the
script the page still works, with no clock.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from ..cli.render import letters_answer, letters_record
from ..countdown.draw import draw_letters, draw_numbers
from ..countdown.letters import score
from ..errors import AnagramDBError
from ..keys import fold, word_key
from .api import ApiError, Params, Solvers, integer, one
from .pages import Redirect, error_html, layout, letters_html, numbers_html, random_seed

ROUNDS = ("letters", "numbers")
SECONDS = 30  # the show's clock
MAX_SECONDS = 300
BEST_WORDS = 10


def practice_page(solvers: Solvers, params: Params) -> tuple[int, str]:
    try:
        return round_page(solvers, params)
    except ApiError as exc:
        return exc.status, layout("Practice", "/practice", "<h1>Practice</h1>" + error_html(str(exc)))


def choose_html(seconds: int) -> str:
    links = "".join(
        f'<a class="button" href="/practice?{escape(urlencode({"round": kind, "seconds": seconds}))}">{kind.capitalize()} round</a> ' for kind in ROUNDS
    )
    return f"<h1>Practice</h1><p>Draw a round and beat the {seconds}-second clock, as on the show.</p><p>{links}</p>"


def round_page(solvers: Solvers, params: Params) -> tuple[int, str]:
    seconds = integer(params, "seconds", SECONDS, 1, MAX_SECONDS)
    assert seconds is not None
    kind = one(params, "round", "")
    if not kind:
        return 200, layout("Practice", "/practice", choose_html(seconds))
    if kind not in ROUNDS:
        raise ApiError(400, f"round must be letters or numbers, not {kind!r}")
    seed = integer(params, "seed", None, 0, 10**9)
    if seed is None:
        raise Redirect("/practice?" + urlencode({"round": kind, "seed": random_seed(), "seconds": seconds}))
    state = {"round": kind, "seed": seed, "seconds": seconds}
    if kind == "letters":
        rack = draw_letters(None, seed).letters
        tiles, label = list(rack), "Your word"
    else:
        drawn = draw_numbers(None, seed)
        tiles, label = [str(n) for n in drawn.numbers], "Your working, e.g. (100 + 6) × 9"
    tiles_html = '<ul class="tiles" aria-label="The tiles">' + "".join(f"<li>{escape(tile)}</li>" for tile in tiles) + "</ul>"
    if kind == "numbers":
        tiles_html += f'<p>Target: <span class="target">{drawn.target}</span></p>'
    title = f"Practice: {kind} round"
    if "answer" not in params and "timeup" not in params:
        hidden = "".join(f'<input type="hidden" name="{name}" value="{escape(str(text))}">' for name, text in state.items())
        content = (
            f"<h1>{escape(title.capitalize())}</h1>{tiles_html}"
            f'<p id="clock" role="timer" data-seconds="{seconds}">{seconds} s</p>'
            f'<progress id="clock-bar" max="{seconds}" value="{seconds}" aria-label="Time left"></progress>'
            f'<form id="practice" action="/practice" method="get">{hidden}'
            f'<div class="field"><label for="answer">{escape(label)}</label>'
            '<input type="text" id="answer" name="answer" autocomplete="off" spellcheck="false" autofocus maxlength="200"></div>'
            "<button>Check</button></form>"
        )
        return 200, layout(title, "/practice", content)
    given = one(params, "answer", "", cap=200).strip()
    verdict = check_letters(solvers, rack, given) if kind == "letters" else check_working(drawn.numbers, drawn.target, given)
    best = best_letters(solvers, rack) if kind == "letters" else best_numbers(drawn.numbers, drawn.target)
    again = escape(urlencode({"round": kind, "seconds": seconds}))
    content = (
        f"<h1>{escape(title.capitalize())}</h1>{tiles_html}"
        + ('<p class="verdict" id="timeup">Time\'s up!</p>' if "timeup" in params else "")
        + f'<div id="verdict">{verdict}</div><h2>The best answers</h2><div id="best">{best}</div>'
        f'<p><a class="button" href="/practice?{again}">Next round</a></p>'
    )
    return 200, layout(title, "/practice", content)


def check_letters(solvers: Solvers, rack: str, word: str) -> str:
    """The verdict on a letters answer, as HTML: valid and its score, or why not."""
    if not word:
        return '<p class="verdict">No answer: 0 points.</p>'
    try:
        key = word_key(word)
    except AnagramDBError as exc:
        return error_html(str(exc))
    have = word_key(rack)
    left = list(have)
    missing = []
    for letter in key:
        if letter in left:
            left.remove(letter)
        else:
            missing.append(letter)
    in_dictionary = any(fold(found) == fold(word) for found in solvers.full.words_with_key(key))
    reasons = []
    if missing:
        reasons.append(f"the rack {rack} has no {', '.join(sorted(set(missing)))} to spare")
    if not in_dictionary:
        reasons.append(f"{word} is not in the dictionary")
    if reasons:
        return f'<p class="verdict">{escape(word)}: 0 points</p><p class="error">{escape("; ".join(reasons))}.</p>'
    return f'<p class="verdict">{escape(word)}: valid, {score(len(key))} points.</p>'


def check_working(numbers: list[int], target: int, working: str) -> str:
    if not working:
        return '<p class="verdict">No answer: 0 points.</p>'
    return f'<p class="verdict">Your working: {escape(working)}</p><p class="status">(Checking numbers answers is not available yet.)</p>'


def best_letters(solvers: Solvers, rack: str) -> str:
    return letters_html(letters_record(letters_answer(solvers.full, rack, enough=BEST_WORDS)))


def best_numbers(numbers: list[int], target: int) -> str:
    from ..countdown.numbers import solve

    return numbers_html(solve(numbers, target).to_dict(), [])
