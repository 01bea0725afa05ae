"""The letters renderers made a run of words at a time print exactly what the per-word
renderers they replaced printed (kept here as the model), on generated results; and the
JSON written without the json module is json.dumps's, byte for byte."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from anagramdb.cli.render import letters_json, letters_text, quote, to_json, valid_text
from anagramdb.countdown.letters import LettersWord
from anagramdb.countdown.queries import LettersResult


def model_text(result: LettersResult) -> str | None:
    """letters_text as it was: a Python expression per word, a filter per length."""
    rack, words = result
    if not words:
        return None
    lines = [rack]
    for length in sorted({word.length for word in words}, reverse=True):
        same = [word for word in words if word.length == length]
        shown = " ".join(
            word.word + (f" [?={''.join(word.blanks)}]" if word.blanks else "") for word in same
        )
        lines.append(f"  {length} letters, {same[0].score} points: {shown}")
    return "\n".join(lines)


def model_json(result: LettersResult) -> str:
    """What --json printed: json.dumps of the record every front end shares, made valid
    UTF-8 (a lone surrogate, from bytes that were not UTF-8, becomes U+FFFD)."""
    return valid_text(json.dumps(result.to_dict(), ensure_ascii=False))


text = st.text(max_size=12)
words = st.builds(
    LettersWord,
    text,
    st.integers(0, 20),
    st.integers(-3, 40),
    st.lists(st.sampled_from('abcé"\\\n'), max_size=3).map(tuple),
)
results = st.builds(LettersResult, text, st.lists(words, max_size=30))


@settings(max_examples=300, deadline=None)
@given(results)
def test_the_run_renderers_print_what_the_per_word_ones_printed(result):
    assert letters_text(result) == model_text(result)
    assert letters_json(result) == model_json(result)


@settings(max_examples=100, deadline=None)
@given(text, st.lists(st.tuples(text, st.integers(1, 9)), max_size=40))
def test_solver_shaped_results_longest_first_render_the_same(rack, pairs):
    """Runs of one length and score, longest first, no blanks: the common case."""
    from anagramdb.countdown.letters import score

    ordered = sorted(pairs, key=lambda pair: -pair[1])
    result = LettersResult(rack, [LettersWord(w, n, score(n)) for w, n in ordered])
    assert letters_text(result) == model_text(result)
    assert letters_json(result) == model_json(result)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="abcdeilnorstuyGYRO?", min_size=1, max_size=10), st.integers(1, 4))
def test_solved_racks_print_from_their_runs_as_json_dumps_does(full, rack, least):
    """The solver's answers keep their runs (LettersWords.runs, none with a blank), and
    letters_json prints from them what json.dumps prints from the records."""
    from anagramdb.countdown.queries import letters

    for everything in (False, True):
        result = letters(full, rack, least, 10, everything)
        assert (result.words.runs is None) == ("?" in rack and bool(result.words))
        assert letters_json(result) == model_json(result)
        assert letters_json(LettersResult(rack, list(result.words))) == model_json(result)


def test_a_solved_rack_renders_as_before(full):
    from anagramdb.countdown.queries import letters

    for rack in ("gyroscope", "countdown", "qu??", "aeiou", "xyzzy"):
        result = letters(full, rack, 1, 10, True)
        assert letters_text(result) == model_text(result)
        assert letters_json(result) == model_json(result)


# Any text: control characters, quotes, backslashes, lone surrogates (the escapes of bytes
# that were not UTF-8), characters beyond the BMP.
any_text = st.text(st.characters(exclude_categories=()), max_size=20)
plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-(10**30), 10**30) | any_text,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.lists(inner, max_size=5).map(tuple)
        | st.dictionaries(any_text, inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=500, deadline=None)
@given(plain)
def test_to_json_writes_what_json_dumps_writes(value):
    """What the quick path prints for --json (anagrams, define, numbers) without importing
    json: the same bytes as json.dumps(value, ensure_ascii=False), made valid UTF-8."""
    assert to_json(value) == valid_text(json.dumps(value, ensure_ascii=False))


@given(any_text)
def test_quote_is_json_dumps_of_a_string(text):
    assert quote(text) == json.dumps(text, ensure_ascii=False)


def test_other_values_go_through_json():
    """Floats, keys that are not strings and tuple subclasses are left to json, which
    writes them as it always did, and refuses what it cannot write."""
    value = {"a": 1.5, "b": float("inf"), "c": {1: LettersWord("cat", 3, 3)}}
    assert to_json(value) == json.dumps(value, ensure_ascii=False)
    try:
        to_json({"a": object()})
    except TypeError as refused:
        assert "not JSON serializable" in str(refused)
    else:
        raise AssertionError("an object was written as JSON")
