"""errors.py's message helpers: user text cut to a readable length, OS errors' reasons,
and the library's warnings."""

from __future__ import annotations

import errno

import pytest

from anagramdb import errors
from anagramdb.errors import SHOWN, AnagramDBWarning, describe_os_error, quoted


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("", "''"),
        ("a" * 40, "'" + "a" * 40 + "'"),  # exactly the limit: whole
        ("a" * 41, "'" + "a" * 40 + "'... (1 more characters)"),
        ("b" * 100_000, "'" + "b" * 40 + "'... (99,960 more characters)"),
    ],
    ids=["empty", "limit", "one-over", "huge"],
)
def test_quoted_cuts_long_text_and_says_how_much_is_left_out(text, shown):
    assert SHOWN == 40
    assert quoted(text) == shown


def test_quoted_takes_another_limit():
    assert quoted("abcdef", 3) == "'abc'... (3 more characters)"
    assert quoted("abc", 3) == "'abc'"


def test_describe_os_error_gives_the_reason_or_the_kind():
    assert describe_os_error(OSError(errno.ENOSPC, "No space left on device")) == (
        "No space left on device"
    )
    assert describe_os_error(FileNotFoundError()) == "FileNotFoundError"


def test_warn_runs_a_front_ends_setup_once_before_the_first_warning():
    calls: list[str] = []

    def setup() -> None:
        calls.append("set up")

    errors.before_first_warning(setup)
    errors.before_first_warning(setup)  # asked twice, run once
    assert calls == []
    with pytest.warns(AnagramDBWarning, match="first") as caught:
        errors.warn("first")  # the warning names this line, as warnings.warn would
    with pytest.warns(AnagramDBWarning, match="second"):
        errors.warn("second")
    assert calls == ["set up"] and caught[0].filename == __file__
