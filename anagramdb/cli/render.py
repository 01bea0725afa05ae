"""Answers as the command line prints them, shared by the typer commands and the quick
path of console.py (so this module never imports typer). Pure functions of the answers:
no lookups, no printing. A text form of None means an empty result (messages.no_words).
"""

from __future__ import annotations

# _operator, not operator: the Python module around it costs a cold lookup 0.2 ms.
from _operator import itemgetter

WORD, LENGTH, BLANKS = itemgetter(0), itemgetter(1), itemgetter(3)  # of a LettersWord
RECORD_TAIL = itemgetter(1, 2, 3)  # length, score, blanks: all but the word of its record

RUN_WORDS = itemgetter(2)  # of a run of countdown.letters.LettersWords: its words

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold start about 10M instructions
    from typing import Any

    from ..countdown.queries import LettersResult
    from ..definitions import Definition, Entry, Sense


def valid_text(text: str) -> str:
    """*text* as valid Unicode: lone surrogates (the escapes of bytes that were not UTF-8,
    in argv or stdin) become U+FFFD, so that output is always valid UTF-8, never raw bytes."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def has_bad_bytes(text: str) -> bool:
    """Whether *text* came from bytes that are not valid UTF-8 (holds lone surrogates)."""
    return valid_text(text) is not text


def to_json(value: object) -> str:
    """One line of JSON, always valid UTF-8 (valid_text): ``json.dumps(value,
    ensure_ascii=False)`` byte for byte (a property test compares), written here for the
    types the answers hold (dict with str keys, list, tuple, str, int, bool, None), since
    importing the json module (it loads re) costs a cold command more than its answer.
    Anything else (floats, other keys) goes through json."""
    try:
        text = _json(value)
    except TypeError:  # a value of another type: json writes it, or says what it cannot
        import json

        text = json.dumps(value, ensure_ascii=False)
    return valid_text(text)


# What json.dumps(ensure_ascii=False) escapes in a string: the quote, the backslash and the
# control characters, with its short forms where it has them.
_ESCAPES = {code: f"\\u{code:04x}" for code in range(0x20)} | {
    ord('"'): '\\"',
    ord("\\"): "\\\\",
    ord("\n"): "\\n",
    ord("\r"): "\\r",
    ord("\t"): "\\t",
    ord("\b"): "\\b",
    ord("\f"): "\\f",
}


def quote(text: str) -> str:
    """*text* as a JSON string, as json.dumps(text, ensure_ascii=False) writes it."""
    return '"' + text.translate(_ESCAPES) + '"'


def _json(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    kind = type(value)
    if kind is str:
        return quote(value)
    if kind is int:
        return int.__repr__(value)
    if kind is list or kind is tuple:
        return "[" + ", ".join(map(_json, value)) + "]"
    if kind is dict:
        items = value.items()
        if all(type(key) is str for key, _ in items):
            return "{" + ", ".join(f"{quote(key)}: {_json(item)}" for key, item in items) + "}"
    raise TypeError(f"not written here: {kind.__name__}")


def anagrams_text(record: dict[str, Any]) -> str | None:
    """One word a line."""
    return "\n".join(record["words"]) or None


def anagrams_line(record: dict[str, Any]) -> str | None:
    """Batch mode: 'LETTERS: WORD WORD ...'."""
    return f"{record['letters']}: {' '.join(record['words'])}" if record["words"] else None


def letters_text(result: LettersResult) -> str | None:
    """Words grouped by length, longest first, with the score: one line a length.

    Built a group at a time (itemgetter and groupby in C, one join per group), never with
    a Python call per word: batch mode renders hundreds of thousands of words."""
    from itertools import groupby

    rack, words = result
    if not words:
        return None
    lines = [rack]
    # A stable sort, longest first (linear on the solver's results, already in that order).
    for length, group in groupby(sorted(words, key=LENGTH, reverse=True), LENGTH):
        same = list(group)
        if any(map(BLANKS, same)):
            shown = " ".join(
                word[0] + (f" [?={''.join(word[3])}]" if word[3] else "") for word in same
            )
        else:
            shown = " ".join(map(WORD, same))
        lines.append(f"  {length} letters, {same[0][2]} points: {shown}")
    return "\n".join(lines)


def letters_json(result: LettersResult) -> str:
    """``json.dumps(result.to_dict(), ensure_ascii=False)``, byte for byte (the tests
    compare), made a run of words at a time: the words of a run that share length, score
    and blanks are joined between two fixed fragments. Words, blanks and a rack of letters
    (the common case: dictionary words are letters) need no escaping, so they are joined
    as they are, one join a run; else each is quoted (str.translate, in C)."""
    from itertools import groupby

    rack, words = result
    runs = getattr(words, "runs", None)  # the solver's runs (countdown.letters.LettersWords)
    if (
        runs is not None
        and rack.isalpha()
        and all(map(str.isalpha, map("".join, map(RUN_WORDS, runs))))
    ):
        # No blank, and each run's words are letters: joined as they are, a run at a time.
        shown = []
        for length, score, names in runs:
            tail = f'", "length": {int.__repr__(length)}, "score": {int.__repr__(score)}}}'
            shown.append('{"word": "' + (tail + ', {"word": "').join(names) + tail)
        return '{"rack": "' + rack + '", "words": [' + ", ".join(shown) + "]}"
    plain = (rack.replace("?", "") or "a").isalpha() and "".join(map(WORD, words)).isalpha()
    if plain and "?" in rack:  # blanks are letters of the words' keys
        plain = all(("".join(word[3]) or "a").isalpha() for word in words)
    if plain:
        runs = []
        for (length, score, blanks), group in groupby(words, RECORD_TAIL):
            tail = f'", "length": {int.__repr__(length)}, "score": {int.__repr__(score)}'
            if blanks:
                tail += ', "blanks": ["' + '", "'.join(blanks) + '"]'
            runs.append('{"word": "' + (tail + '}, {"word": "').join(map(WORD, group)) + tail + "}")
        return '{"rack": "' + rack + '", "words": [' + ", ".join(runs) + "]}"
    runs = []
    for (length, score, blanks), group in groupby(words, RECORD_TAIL):
        tail = f', "length": {int.__repr__(length)}, "score": {int.__repr__(score)}'
        if blanks:
            tail += f', "blanks": {_json(list(blanks))}'
        tail += "}"
        names = map(quote, map(WORD, group))
        runs.append('{"word": ' + (tail + ', {"word": ').join(names) + tail)
    return valid_text('{"rack": ' + quote(rack) + ', "words": [' + ", ".join(runs) + "]}")


def phrases_text(letters: str, found: list[tuple[str, ...]], indent: str = "") -> str | None:
    """One phrase a line (under the letters, indented, in batch mode); None when there are none."""
    if not found:
        return None
    lines = [indent + " ".join(phrase) for phrase in found]
    return "\n".join([letters, *lines] if indent else lines)


def numbers_text(answer: Any, rpn: bool = False) -> str:
    """The answer as on the show: steps, then the expression; several separated by blank lines."""
    head = (
        f"{answer.target}: exact"
        if answer.exact
        else f"{answer.target}: not reachable; nearest is {answer.value} ({answer.distance} away)"
    )
    if answer.count is not None:
        head += f", {answer.count} distinct solution{'s' * (answer.count != 1)}"
    blocks = []
    for solution in answer.solutions:
        lines = [f"  {step}" for step in solution.steps] or [
            f"  {solution.value} is one of the numbers"
        ]
        lines.append(f"  {solution.rpn if rpn else solution.infix} = {solution.value}")
        blocks.append("\n".join(lines))
    return head + "\n" + "\n\n".join(blocks)


def entry_heading(entry: Entry) -> str:
    """'noun', 'noun: form of cat' or 'noun: derived from the verb abide' for a
    definitions.Entry."""
    if entry.relation == "form":
        return f"{entry.pos}: form of {entry.lemma}"
    if entry.relation == "derived":
        return f"{entry.pos}: derived from the {entry.lemma_pos} {entry.lemma}"
    return entry.pos


def sense_text(sense: Sense) -> str:
    """A sense's gloss, after its labels in brackets: '[Britain] a small portable lamp'."""
    return f"[{', '.join(sense.labels)}] {sense.gloss}" if sense.labels else sense.gloss


def definition_text(definition: Definition, senses: int | None = None) -> str | None:
    """The word, then each entry's heading and numbered senses (at most *senses* of each);
    None when the word has no definition."""
    if not definition.defined:
        return None
    lines = [definition.word]
    for entry in definition.entries:
        lines.append(f"  {entry_heading(entry)}")
        shown = entry.senses[:senses] if senses is not None else entry.senses
        lines.extend(f"    {number}. {sense_text(sense)}" for number, sense in enumerate(shown, 1))
        if len(shown) < len(entry.senses):
            lines.append(f"    ({len(entry.senses) - len(shown)} more)")
    return "\n".join(lines)
