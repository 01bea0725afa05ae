"""Nothing unbounded, every failure one line (issue 19 parts 1, 3, 4 and 6).

Each case of the issue runs as a user would run it: a real process of this work tree,
with its address space limited (so that code reading without a bound fails here with a
MemoryError instead of taking the machine's memory) and its peak resident memory measured.
"""

from __future__ import annotations

import json
import random
import shlex
import subprocess
import sys

import pytest

from anagramdb.countdown.queries import numbers, whole_numbers
from anagramdb.errors import InvalidNumbersError
from anagramdb.lines import MAX_LINE

from ..support.dictionaries import make_dictionary, write_list
from ..support.measure import MIB, SMALL, measured

FIXED_OVERHEAD = 24 * MIB  # the interpreter, typer and the library, beyond --memory


def one_error_line(stderr: str, fragment: str) -> None:
    assert stderr.startswith("anagramdb: error: ") and stderr.count("\n") == 1, stderr
    assert fragment in stderr, stderr
    assert len(stderr) < 400, "a message is a readable line"


ENDLESS = [
    ("anagramdb build /dev/zero -o z.txt", "/dev/zero: line 1 is longer than 4,096 bytes"),
    ("anagramdb draw letters --piles /dev/zero", "/dev/zero: line 1 is longer than 4,096"),
    ("anagramdb anagrams - < /dev/zero", "stdin: line 1 is longer than 4,096 bytes"),
    ("anagramdb numbers - < /dev/zero", "stdin: line 1 is longer than 4,096 bytes"),
    ("anagramdb check - < /dev/zero", "stdin: line 1 is longer than 4,096 bytes"),
    ("anagramdb play --seconds 0 --rounds C < /dev/zero", "stdin: line 1 is longer than 4,096"),
]


@pytest.mark.parametrize(("command", "fragment"), ENDLESS, ids=[c for c, _ in ENDLESS])
def test_endless_input_is_refused_at_once(tmp_path, command, fragment):
    code, peak, _, err = measured(command, str(tmp_path))
    assert code == 2
    one_error_line(err.splitlines()[-1] + "\n" if err else "", fragment)
    assert peak * 1024 < SMALL, f"peak {peak} KiB"
    assert not (tmp_path / "z.txt").exists()


def test_a_one_line_file_costs_its_bound_not_its_size(tmp_path):
    """A real 100 MB one-line file took build to 1.7 GB; 24 MB here, refused at line 2."""
    with open(tmp_path / "one.txt", "wb") as handle:
        handle.write(b"cat\n" + b"a" * (24 * MIB) + b"\ndog\n")
    code, peak, _, err = measured("anagramdb build one.txt -o out.txt", str(tmp_path))
    assert code == 2
    one_error_line(err, "one.txt: line 2 is longer than 4,096 bytes")
    assert peak * 1024 < SMALL and not (tmp_path / "out.txt").exists()


def test_build_stays_within_its_memory_budget_on_wide_characters(tmp_path):
    """The runs count a str's real cost (up to 4 bytes a character), so words of Greek,
    Cyrillic or CJK letters spill on time too."""
    rng = random.Random(19)
    alphabets = [
        "αβγδεζηθικλμνξοπρστυφχψω",
        "абвгдежзийклмнопрстуфхцчшщ",
        "一丁七万丈三上下不与丐丑",
    ]
    words = ["".join(rng.choices(alphabets[i % 3], k=rng.randint(6, 14))) for i in range(60_000)]
    write_list(tmp_path / "wide.txt", words)
    code, peak, out, err = measured(
        "anagramdb build wide.txt -o out.txt --memory 16M --json", str(tmp_path), timeout=600
    )
    assert code == 0, err
    assert json.loads(out)["runs"] >= 2  # the budget was reached: it spilled
    assert peak * 1024 <= 16 * MIB + FIXED_OVERHEAD, f"peak {peak} KiB"


HUGE = "9" * 5000  # more digits than Python converts (4,300)


@pytest.mark.parametrize(
    "args",
    [
        ["numbers", HUGE, "2", "3", "4", "5", "6", "-t", "200"],
        ["numbers", "1", "2", "3", "4", "5", "6", "-t", HUGE],
        ["numbers", "1", "2", "3", "4", "5", "6", "--target", HUGE],
        ["letters", "countdown", "--min", HUGE],
        ["numbers", "stats", "--targets", f"1-{HUGE}"],
        ["numbers", "stats", "--targets", HUGE],
        ["play", "--seed", HUGE, "--rounds", "C"],
    ],
    ids=["positional", "-t", "--target", "--min", "--targets range", "--targets", "--seed"],
)
def test_numbers_of_thousands_of_digits_are_usage_errors(args):
    """Each was an 'internal error' (exit 1), the quick path's and typer's alike."""
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 2, result.stderr
    one_error_line(result.stderr, "9999")
    assert "internal error" not in result.stderr


def test_one_bad_batch_line_does_not_stop_the_batch():
    games = f"{'9' * 3000} 2 3 4 5 6 target 200\n25 50 75 100 3 6 target 952\n"
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb", "numbers", "-", "--json"],
        input=games,
        capture_output=True,
        text=True,
    )
    records = result.stdout.splitlines()
    assert result.returncode == 2 and len(records) == 2
    assert "has 3,000 digits; numbers have at most 18" in records[0]
    assert '"target": 952, "exact": true' in records[1]


def test_the_library_raises_its_own_error_for_huge_numbers():
    with pytest.raises(InvalidNumbersError, match="has 5,000 digits"):
        whole_numbers([HUGE])
    with pytest.raises(InvalidNumbersError, match="at most 18 digits"):
        numbers([10**5000, 2], 5)
    with pytest.raises(InvalidNumbersError, match=r"positive whole numbers, not '-\.\.\.'"):
        numbers([-(10**5000), 2], 5)
    assert whole_numbers(["0" * 5000 + "7"]) == [7]  # digits that count, not zeros


def run_bash(command: str, cwd: str) -> subprocess.CompletedProcess[str]:
    script = command.replace("anagramdb", f"{shlex.quote(sys.executable)} -m anagramdb", 1)
    return subprocess.run(["bash", "-c", script], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize(
    ("command", "fragment"),
    [
        ("anagramdb anagrams listen >&-", "cannot write to stdout: Bad file descriptor"),
        ("anagramdb letters countdown >/dev/full", "cannot write to stdout: No space left"),
        ("anagramdb info >/dev/full", "cannot write to stdout: No space left on device"),
        ("anagramdb numbers 1 2 3 4 5 6 -t 200 --json >&-", "cannot write to stdout"),
        ("printf 'stone\\n' | anagramdb anagrams - >/dev/full", "cannot write to stdout"),
        ("anagramdb anagrams - <&-", "cannot read stdin: it is closed"),
        ("anagramdb numbers - <&-", "cannot read stdin: it is closed"),
        ("anagramdb build - -o out.txt <&-", "cannot read word list -: stdin is closed"),
        ("anagramdb play --seconds 0 --rounds C <&-", "cannot read stdin: it is closed"),
    ],
)
def test_closed_streams_and_a_full_disk_are_one_line(tmp_path, command, fragment):
    result = run_bash(command, str(tmp_path))
    assert result.returncode == 1
    one_error_line(result.stderr.splitlines()[-1] + "\n", fragment)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_a_build_whose_report_cannot_be_printed_keeps_its_complete_files(tmp_path, redirect):
    write_list(tmp_path / "words.in", ["cat", "act", "dog"])
    result = run_bash(f"anagramdb build words.in -o new.txt {redirect}", str(tmp_path))
    assert result.returncode == 1
    one_error_line(result.stderr, "cannot write to stdout")
    assert (tmp_path / "new.txt").read_text() == "act\ncat\ndog\n"
    from anagramdb.index_check import check_index

    assert check_index(str(tmp_path / "new.txt")) == []


@pytest.mark.parametrize(
    ("command", "stdin", "expected"),
    [
        (["anagrams", "-"], "\ufeffstone\n", "stone: notes onset steno stone tones\n"),
        (["letters", "-", "--min", "9"], "\ufeffcountdown\n", "countdown\n"),
        (["check", "letters", "-"], "\ufeffCOUNTDOWN count\n", "COUNTDOWN count: valid"),
        (["numbers", "-"], "\ufeff2 3 target 6\n", "6: exact"),
    ],
)
def test_a_byte_order_mark_at_the_start_of_batch_input_is_accepted(command, stdin, expected):
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb", *command],
        input=stdin.encode(),
        capture_output=True,
    )
    assert result.stdout.decode().startswith(expected.split("\n")[0]), result.stderr


def test_a_byte_order_mark_in_a_piles_file_is_accepted(tmp_path):
    from anagramdb.countdown.draw import read_piles

    (tmp_path / "piles.txt").write_bytes("\ufeffA 3\nE 3\n".encode())
    assert read_piles(tmp_path / "piles.txt") == {"A": 3, "E": 3}


def test_paths_in_messages_are_cut_to_a_readable_length(tmp_path):
    long_path = "/nonexistent/" + "d" * 10_000 + "/words.txt"
    for args in (["-d", long_path, "anagrams", "listen"], ["build", long_path, "-o", "x.txt"]):
        result = subprocess.run(
            [sys.executable, "-m", "anagramdb", *args],
            capture_output=True,
            text=True,
            cwd=tmp_path,
        )
        assert result.returncode != 0
        assert result.stderr.count("\n") == 1 and len(result.stderr) < 400, len(result.stderr)
        assert "/nonexistent/ddd" in result.stderr and "ddd/words.txt" in result.stderr


def test_hints_are_shell_quoted_and_safe_to_follow(tmp_path):
    """The hint for an unsorted dictionary, pasted into a shell as printed, works for a
    path with a space and a quote, and writes a new file beside the old one."""
    directory = tmp_path / "it's here"
    directory.mkdir()
    path = directory / "my words.txt"
    path.write_text("dog\ncat\n")
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb", "-d", str(path), "anagrams", "cat"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    hint = result.stderr.rsplit("make a sorted copy with: ", 1)[1].strip()
    assert shlex.split(hint)[2] == str(path)
    followed = run_bash(hint, str(tmp_path))
    assert followed.returncode == 0, followed.stderr
    assert path.read_text() == "dog\ncat\n"
    assert (directory / "my words.sorted.txt").read_text() == "cat\ndog\n"


def test_a_dictionary_without_line_breaks_is_refused_at_its_first_long_line(tmp_path):
    path = make_dictionary(tmp_path, ["act", "cat"])
    with open(path, "ab") as handle:
        handle.write(b"z" * (2 * MAX_LINE))
    from anagramdb.index_check import check_index

    problems = check_index(path)
    assert any("line 3: longer than 4,096 bytes" in problem for problem in problems), problems
