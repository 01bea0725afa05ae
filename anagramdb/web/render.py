"""Records as HTML, as the pages show them: the same markup the inline script (assets.py)
builds from the same JSON as you type, and the one-line summary a screen reader hears
instead of the whole list. Every piece of text from a request or a record goes through
markup.escape.
"""

from __future__ import annotations

from typing import Any

from ..countdown.show import RACK_SIZE
from .markup import escape

SHOWN_WORDS = 3  # words of the longest length a summary names


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def error_html(message: str) -> str:
    return f'<p class="error" role="alert">{escape(message)}</p>'


def copy_button(text: str, label: str) -> str:
    """A button the script shows and wires to copy *text* (hidden without the script)."""
    return (
        f'<button type="button" class="copy" data-copy="{escape(text)}" '
        f'aria-label="{escape(label)}" hidden>Copy</button>'
    )


def listing(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c', or the first SHOWN_WORDS and how many more."""
    if len(names) > SHOWN_WORDS:
        return f"{', '.join(names[:SHOWN_WORDS])} and {len(names) - SHOWN_WORDS} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def letters_html(record: dict[str, Any], level: int = 2) -> str:
    """A letters record: a section a length, longest first, each headed at *level* with its
    points when the show would score it (words of at most RACK_SIZE letters)."""
    words = record["words"]
    if not words:
        return ""
    parts = []
    for length in sorted({word["length"] for word in words}, reverse=True):
        same = [word for word in words if word["length"] == length]
        items = "".join(
            f"<li>{escape(word['word'])}"
            + (f" <small>?={escape(''.join(word['blanks']))}</small>" if word.get("blanks") else "")
            + "</li>"
            for word in same
        )
        score = (
            f' <span class="score">{plural(same[0]["score"], "point")}</span>'
            if length <= RACK_SIZE
            else ""
        )
        copy = copy_button(
            " ".join(word["word"] for word in same), f"Copy the {length}-letter words"
        )
        parts.append(
            f'<section class="length"><h{level}>{length} letters{score}</h{level}>'
            f'<ul class="words">{items}</ul>{copy}</section>'
        )
    return "".join(parts)


def letters_summary(record: dict[str, Any]) -> str:
    words = record["words"]
    if not words:
        return f"{record['rack']}: no words"
    longest = [word["word"] for word in words if word["length"] == words[0]["length"]]
    return (
        f"{record['rack']}: {plural(len(words), 'word')}; the longest, "
        f"{plural(words[0]['length'], 'letter')}: {listing(longest)}"
    )


def conundrum_html(record: dict[str, Any], level: int = 2) -> str:
    if not record["words"]:
        return ""
    items = "".join(f"<li>{escape(word)}</li>" for word in record["words"])
    return f'<ul class="words">{items}</ul>' + copy_button(
        " ".join(record["words"]), "Copy the answer"
    )


def conundrum_summary(record: dict[str, Any]) -> str:
    words = record["words"]
    if not words:
        return f"{record['letters']}: no answer"
    verdict = "the unique answer" if record["unique"] else plural(len(words), "answer")
    return f"{record['letters']}: {verdict}: {listing(words)}"


def numbers_html(record: dict[str, Any], warnings: list[str], level: int = 2) -> str:
    """A numbers record: any warning, then the solutions, numbered, each its steps and its
    expression with a copy button."""
    # One line for all warnings, as the script has them: one header, joined with "; ".
    parts = [f'<p class="status">Warning: {escape("; ".join(warnings))}</p>'] if warnings else []
    items = []
    for solution in record["solutions"]:
        steps = "".join(f"<li>{escape(step)}</li>" for step in solution["steps"])
        expression = f"{solution['infix']} = {solution['value']}"
        items.append(
            f'<li><ol class="steps">{steps}</ol><p class="expression">{escape(expression)}'
            f"{copy_button(solution['infix'], 'Copy ' + solution['infix'])}</p></li>"
        )
    parts.append(f'<ol class="solutions">{"".join(items)}</ol>')
    return "".join(parts)


def numbers_summary(record: dict[str, Any]) -> str:
    target, solutions = record["target"], record["solutions"]
    if record["exact"]:
        head = f"{target}: exact"
    else:
        head = f"{target}: not reachable; nearest is {record['value']} ({record['distance']} away)"
    if "count" in record:
        return f"{head}, {plural(record['count'], 'distinct solution')}"
    return f"{head}: {solutions[0]['infix']}" if solutions else head


SUMMARIES = {
    "letters": letters_summary,
    "conundrum": conundrum_summary,
    "numbers": numbers_summary,
}
