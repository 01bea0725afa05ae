"""The rules every parameter of a request is read by, for the API, the pages and the game
alike, each bound stated once, and ApiError: the one shape of a refusal.

A parameter comes from a query string or an urlencoded form body (handler.py parses both
the same way, blank values kept), and is read by one of::

    one(params, NAME)            its one value: missing, its default or 400 "missing
                                 parameter 'NAME'"; repeated, 400 "parameter 'NAME' is given
                                 N times"; longer than CAPS[NAME] (else MAX_TEXT), 413
    integer(params, NAME, ...)   a whole number in [low, high]: ASCII digits, spaces around
                                 ignored; missing or blank (a number box left empty), its
                                 default; else 400 "parameter 'NAME' must be a whole number
                                 from LOW to HIGH, not 'TEXT'"
    flag(params, NAME)           yes or no: absent, no; present blank or 1/true/yes/on, yes;
                                 0/false/no/off, no; else 400
    number_list(text)            the numbers of a numbers game: 1 to MAX_WEB_NUMBERS of at
                                 most MAX_NUMBER_DIGITS digits, split at spaces, commas or +

A refusal is ApiError(status, message); the server answers it as ``{"error": message}``
(a page shows the message instead). The bounds of the countdown rules themselves (a rack's
size, the large tiles, the vowels) are countdown's, imported where they are checked.
"""

from __future__ import annotations

import re
from typing import overload

from ..countdown.rules import MAX_ANSWER

Params = dict[str, list[str]]

MAX_TEXT = 64  # characters of a text parameter that names no bound of its own (CAPS)
# A letters request is bounded by its rack: a rack of 30 letters and two blanks takes
# seconds and matches most of the dictionary. Countdown's racks are 9 letters.
MAX_RACK = 16
MAX_BLANKS = 2
MAX_WEB_NUMBERS = 6  # seven numbers can take a second and 150 MiB; the show uses six
MAX_NUMBER_DIGITS = 6
# The parameters with a length of their own; the answers (check, answer, text) are typed.
CAPS = {
    "rack": MAX_RACK,
    "check": MAX_ANSWER,
    "answer": MAX_ANSWER,
    "text": MAX_ANSWER,
}
TRUE = ("", "1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def one(params: Params, name: str, default: str | None = None) -> str:
    """The single value of parameter *name* (400 if missing without a default or repeated;
    413 if longer than its cap)."""
    values = params.get(name)
    if not values:
        if default is None:
            raise ApiError(400, f"missing parameter {name!r}")
        return default
    if len(values) > 1:
        raise ApiError(400, f"parameter {name!r} is given {len(values)} times")
    cap = CAPS.get(name, MAX_TEXT)
    if len(values[0]) > cap:
        raise ApiError(413, f"parameter {name!r} is longer than {cap} characters")
    return values[0]


@overload
def integer(params: Params, name: str, default: int, low: int, high: int) -> int: ...
@overload
def integer(params: Params, name: str, default: None, low: int, high: int) -> int | None: ...
def integer(params: Params, name: str, default: int | None, low: int, high: int) -> int | None:
    """A whole-number parameter within [low, high]; *default* when it is missing or blank."""
    text = one(params, name, "").strip()
    if not text:
        return default
    if not text.isascii() or not text.isdigit() or not low <= int(text) <= high:
        raise ApiError(
            400, f"parameter {name!r} must be a whole number from {low} to {high}, not {text!r}"
        )
    return int(text)


def flag(params: Params, name: str) -> bool:
    """A yes/no parameter: present (or 1/true/yes/on) is yes, 0/false/no/off is no."""
    if name not in params:
        return False
    text = one(params, name).lower()
    if text in TRUE or text in FALSE:
        return text in TRUE
    raise ApiError(400, f"parameter {name!r} must be 1 or 0, not {text!r}")


def number_list(text: str) -> list[str]:
    """The numbers of a game, separated by spaces, commas or plus signs (a URL's spaces)."""
    items = [item for item in re.split(r"[\s,+]+", text) if item]
    if not 1 <= len(items) <= MAX_WEB_NUMBERS:
        raise ApiError(400, f"give 1 to {MAX_WEB_NUMBERS} numbers, not {len(items)}")
    for item in items:
        if not re.fullmatch(f"[0-9]{{1,{MAX_NUMBER_DIGITS}}}", item):
            raise ApiError(
                400,
                f"numbers must be positive whole numbers of at most {MAX_NUMBER_DIGITS} digits, "
                f"not {item!r}",
            )
    return items
