"""The quick path (console.quick) against the typer app, over generated command lines.

(QUICK_EXAMPLES=2500 in the environment runs ten times the examples.)

For any command line, the quick path either declines (returns None) or prints exactly
what the typer app prints, with the same exit code. And whatever the command line, no
path prints a traceback: stderr is at most a few ``anagramdb:`` lines or a ``no words`` line.
"""

from __future__ import annotations

import contextlib
import io
import os
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.cli.app import run
from anagramdb.cli.console import quick

from ..support.dictionaries import SAMPLE_WORDS, make_dictionary


def capture(
    function, args: list[str], stdin: str = "stone\n25 50 75 100 3 6 target 952\n"
) -> tuple[int | None, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        mock.patch("sys.stdin", io.StringIO(stdin)),
    ):
        code = function(list(args))
    return code, out.getvalue(), err.getvalue()


def typer_path(
    args: list[str], stdin: str = "stone\n25 50 75 100 3 6 target 952\n"
) -> tuple[int | None, str, str]:
    return capture(run, args, stdin)


def assert_well_formed(args: list[str], code: int | None, err: str) -> None:
    assert code in (0, 1, 2), (args, code, err)
    assert "Traceback" not in err and "internal error" not in err, (args, err)
    for line in err.splitlines():
        assert line.startswith("anagramdb: ") or line.endswith((": no words", ": no definition")), (
            args,
            err,
        )


@pytest.fixture(scope="module")
def small_dictionary(tmp_path_factory) -> str:
    return make_dictionary(tmp_path_factory.mktemp("quick"), SAMPLE_WORDS)


QUERIES = [
    "listen",
    "notes",
    "countdown",
    "Café",
    "qqq",
    "l1sten",
    "",
    " ",
    "dirty room",
    "gyro?cope",
    "??",
    "stone",
    "²",
    "٣",
    "12",
    "x" * 60,
]
NUMBERS = [
    "25",
    "50",
    "75",
    "100",
    "3",
    "6",
    "1",
    "7",
    "-5",
    "0",
    "2.5",
    "²",
    "٣",
    "1_0",
    " 5",
    "stats",
    "solve",
    "007",
]
VALUES = [
    "3",
    "1",
    "0",
    "-4",
    "952",
    "100",
    "²",
    "٣",
    " 5",
    "5 ",
    "1_0",
    "x",
    "",
    "--5",
    "007",
    "99999999999999999999",
    "-",
]
FLAGS = [
    "--json",
    "--all",
    "-a",
    "--rpn",
    "--ascii",
    "--strict",
    "--foo",
    "-x",
    "-",
    "--",
    "--version",
    "-h",
]
VALUE_OPTIONS = ["--min", "--enough", "--target", "-t", "--max-words", "--jobs"]


@st.composite
def option_words(draw) -> list[str]:
    kind = draw(st.sampled_from(["flag", "value", "value", "dict", "number", "query"]))
    if kind == "flag":
        return [draw(st.sampled_from(FLAGS))]
    if kind == "number":
        return [draw(st.sampled_from(NUMBERS))]
    if kind == "query":
        return [draw(st.sampled_from(QUERIES))]
    value = draw(st.sampled_from(VALUES))
    if kind == "dict":
        name = draw(st.sampled_from(["--dict", "-d"]))
        value = draw(st.sampled_from(["common", "{small}", "/nonexistent/words.txt", ""]))
    else:
        name = draw(st.sampled_from(VALUE_OPTIONS))
    form = draw(st.sampled_from(["detached", "equals", "attached", "missing"]))
    if form == "equals":
        return [f"{name}={value}"]
    if form == "attached" and not name.startswith("--"):
        return [name + value]
    if form == "missing":
        return [name]
    return [name, value]


@st.composite
def command_lines(draw) -> list[str]:
    command = draw(
        st.sampled_from(
            [
                "anagrams",
                "letters",
                "numbers",
                "numbers",
                "letters",
                "anagrams",
                "info",
                "anagram",
                "draw",
                "define",
            ]
        )
    )
    words: list[str] = []
    if command in ("anagrams", "letters"):
        words.append(draw(st.sampled_from(QUERIES)))
    elif command == "define":
        words += draw(st.lists(st.sampled_from(QUERIES), min_size=0, max_size=3))
    elif command == "numbers":
        words += draw(st.lists(st.sampled_from(NUMBERS), min_size=0, max_size=5))
        if draw(st.booleans()):
            words += ["--target", draw(st.sampled_from(["952", "100", "728", "-4", "999"]))]
    for extra in draw(st.lists(option_words(), max_size=4)):
        words[draw(st.integers(0, len(words))) : 0] = extra
    at = draw(st.integers(0, len(words)))
    return [*words[:at], command, *words[at:]] if draw(st.booleans()) else [command, *words]


@settings(
    max_examples=int(os.environ.get("QUICK_EXAMPLES", "250")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(args=command_lines())
def test_the_quick_path_declines_or_prints_what_typer_prints(small_dictionary, args):
    args = [arg.replace("{small}", small_dictionary) for arg in args]
    code, out, err = capture(quick, args)
    expected_code, expected_out, expected_err = typer_path(args)
    assert_well_formed(args, expected_code, expected_err)
    if code is not None:
        assert (code, out, err) == (expected_code, expected_out, expected_err), args


def test_the_generated_command_lines_reach_both_outcomes(small_dictionary):
    """The property test above is not vacuous: on command lines drawn as it draws them (a
    fixed sample, whatever ran before), the quick path both answers and declines."""
    answered: list[bool] = []

    @settings(max_examples=250, derandomize=True, database=None, deadline=None)
    @given(args=command_lines())
    def outcome(args: list[str]) -> None:
        args = [arg.replace("{small}", small_dictionary) for arg in args]
        answered.append(capture(quick, args)[0] is not None)

    outcome()
    assert answered.count(True) >= 20 and answered.count(False) >= 20, (
        answered.count(True),
        answered.count(False),
    )


@pytest.mark.parametrize(
    "args",
    [
        ["letters", "abc", "--min", "²"],
        ["letters", "abc", "--min", "--5"],
        ["numbers", "1", "2", "3", "--target", "²"],
        ["letters", "--min=", "5", "countdown"],
        ["numbers", "٣", "--target", "5"],
        ["anagrams", "--dict"],
        ["--dict"],
        ["-d", "common", "letters", "stone", "--min"],
    ],
)
def test_odd_command_lines_get_one_line_errors(args):
    """Each of these once printed a traceback or was answered differently by the two paths."""
    code, out, err = capture(quick, args)
    expected = typer_path(args)
    assert code is None or (code, out, err) == expected
    assert_well_formed(args, expected[0], expected[2])
    assert (
        expected[0] == 2
        and expected[2].startswith("anagramdb: error: ")
        and expected[2].count("\n") == 1
    )


def test_the_sample_dictionary_is_used(small_dictionary):
    args = ["anagrams", "listen", "--dict", small_dictionary]
    assert (
        capture(quick, args)
        == typer_path(args)
        == (0, "enlist\ninlets\nlisten\nsilent\ntinsel\n", "")
    )
    assert os.path.exists(small_dictionary)


@pytest.mark.parametrize(
    "args",
    [
        ["letters", "-", "--json"],
        ["anagrams", "-"],
        ["letters", "-", "--all", "--min", "8"],
        ["anagrams", "-", "--json"],
    ],
)
def test_batch_mode_on_the_quick_path(args):
    stdin = "countdown\nab1\n\nzzz\n" + "x" * 100 + "\nstone\n"
    code, out, err = capture(quick, args, stdin)
    assert code == 2 and (code, out, err) == typer_path(args, stdin)


@pytest.mark.parametrize("args", [["define", "-"], ["define", "-", "--json"]])
def test_define_batch_on_the_quick_path(args):
    stdin = "Cats\nab1\n\nzzz\n" + "x" * 100 + "\nstones\n"
    code, out, err = capture(quick, args, stdin)
    assert code == 0 and (code, out, err) == typer_path(args, stdin)
    undefined = (
        '"word": "ab1", "defined": false' in out
        if "--json" in args
        else "ab1: no definition" in err
    )
    assert undefined and out.count("cat") >= 2
