"""The cold path: what a one-shot lookup imports and reads (work bounds, not wall time)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from anagramdb import index_build as index_build_module
from anagramdb import index_stale as index_stale_module
from anagramdb import packaged as packaged_module
from anagramdb.countdown.letters import LettersWord
from anagramdb.countdown.numbers import Answer, Expression, solve
from anagramdb.countdown.queries import LettersResult, PhrasesResult
from anagramdb.dictionary import Dictionary
from anagramdb.errors import AnagramDBWarning

from ..support import ROOT
from ..support.dictionaries import index_header, make_dictionary

# Each costs a cold start more than a whole lookup does (callgrind, docs/PERFORMANCE.md).
HEAVY = {
    "re",
    "typing",
    "threading",
    "collections",
    "contextlib",
    "enum",
    "weakref",
    "anagramdb.atomic",
}
QUICK_CALLS = [
    ["letters", "gyroscope"],
    ["letters", "gyroscope", "--all", "--min", "1", "--json"],
    ["anagrams", "listen"],
    ["anagrams", "listen", "--json"],
    ["define", "listens", "--json"],
    ["numbers", "25", "50", "75", "100", "3", "6", "--target", "952"],
    ["numbers", "1", "2", "3", "--target", "6", "--all", "--json"],
]


@pytest.mark.parametrize("args", QUICK_CALLS, ids=" ".join)
def test_quick_path_imports_nothing_heavy(args, tmp_path):
    """Without site (so that no import hook of an editable install interferes), the quick
    path answers and leaves the heavy standard modules unimported, the stop signals'
    handlers (installed by main before it) included."""
    code = (
        f"import sys; sys.path.insert(0, {ROOT!r}); before = set(sys.modules)\n"
        f"from anagramdb.cli import stop_signals; stop_signals.install()\n"
        f"from anagramdb.cli.console import quick\n"
        f"code = quick({args!r})\n"
        f"print(sorted(set(sys.modules) - before), file=sys.stderr); sys.exit(code)"
    )
    result = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    imported = set(ast.literal_eval(result.stderr.strip().splitlines()[-1]))
    # --json too: the answers are written without the json module (it imports re).
    assert imported & HEAVY == set() and "json" not in imported
    # The engine imports the C modules behind struct.py and bisect.py (0.4M instructions each).
    assert args[0] == "numbers" or not imported & {"struct", "bisect"}
    # warnings is loaded only to say one (errors.warn), on one line (numbers off the show).
    said = result.stderr.splitlines()[:-1]
    assert ("warnings" in imported) is bool(said)
    assert all(line.startswith("anagramdb: warning: not a game from the show") for line in said)
    # Each loads the reader it needs and no other: define its keyed file, not the dictionary.
    needs = {"numbers": set(), "define": {"anagramdb.keyed"}}.get(args[0], {"anagramdb.dictionary"})
    assert needs <= imported
    assert args[0] != "define" or "anagramdb.dictionary" not in imported


def test_installed_command_is_a_plain_script():
    """pip's entry-point wrapper imports re, so the command is scripts/anagramdb, installed
    through setuptools' script-files (docs/DECISIONS.md, D5)."""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as handle:
        project = handle.read()
    assert (
        "\n[project.scripts]" not in project and 'script-files = ["scripts/anagramdb"]' in project
    )
    with open(os.path.join(ROOT, "scripts", "anagramdb"), encoding="utf-8") as handle:
        text = handle.read()
    assert (
        text.startswith("#!python\n")
        and "import re" not in text
        and "from anagramdb.cli.console import main" in text
        # Worker processes (numbers stats) import the script again as __mp_main__.
        and 'if __name__ == "__main__":\n    sys.exit(main(fast_exit=True))' in text
    )


def packaged_copy(tmp_path, monkeypatch) -> str:
    """A dictionary laid out as pip installs one: the dictionary with a new mtime, then
    its index, in a directory that counts as the packaged data."""
    path = make_dictionary(tmp_path, ["act", "cat", "dog", "god", "listen", "silent"])
    index_bytes = Path(path + ".idx").read_bytes()
    status = os.stat(path)
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns - 10**9))
    os.unlink(path + ".idx")
    with open(path + ".idx", "wb") as handle:
        handle.write(index_bytes)
    monkeypatch.setattr(packaged_module, "DATA_DIRECTORY", os.path.dirname(os.path.abspath(path)))
    return path


def test_installed_rule_opens_a_packaged_dictionary_without_reading_it(tmp_path, monkeypatch):
    path = packaged_copy(tmp_path, monkeypatch)
    inode = os.stat(path + ".idx").st_ino
    checksum = index_stale_module.file_crc

    def index_only(fd: int, start: int = 0, crc: int = 0) -> int:
        assert start > 0, "read the whole dictionary"  # start 0: the dictionary's CRC
        return checksum(fd, start, crc)

    monkeypatch.setattr(index_stale_module, "file_crc", index_only)
    monkeypatch.setattr(
        index_build_module, "scan_dictionary", lambda *a, **k: pytest.fail("rebuilt a fresh index")
    )
    with Dictionary(path) as dictionary:
        assert dictionary.anagrams("tac") == ["act", "cat"]
    assert os.stat(path + ".idx").st_ino == inode  # packaged data is never rewritten


def test_installed_rule_still_catches_a_changed_packaged_dictionary(tmp_path, monkeypatch):
    path = packaged_copy(tmp_path, monkeypatch)
    data = Path(path).read_bytes()
    with open(path, "wb") as handle:
        handle.write(data.replace(b"dog\n", b"dgo\n"))  # same size, same mtime below
    status = os.stat(path)
    os.utime(
        path,
        ns=(
            status.st_atime_ns,
            index_header(path + ".idx").dict_mtime_ns - 10**9,
        ),
    )
    # The index was written before this change, even on a clock with coarse ticks.
    index_status = os.stat(path + ".idx")
    os.utime(path + ".idx", ns=(index_status.st_atime_ns, os.stat(path).st_ctime_ns - 10**9))
    index_written = os.stat(path + ".idx").st_mtime_ns
    # The stale index is noticed and said once; the packaged one is not rewritten.
    with (
        pytest.warns(AnagramDBWarning, match="index older than the dictionary"),
        Dictionary(path) as dictionary,
    ):
        assert dictionary.anagrams("god") == ["dgo", "god"]
    assert os.stat(path + ".idx").st_mtime_ns == index_written


def test_tuple_classes_keep_the_named_tuple_behaviour():
    word = LettersWord("gyroscope", 9, 18)
    assert word == ("gyroscope", 9, 18, ()) and hash(word) == hash(("gyroscope", 9, 18, ()))
    assert (word.word, word.length, word.score, word.blanks) == ("gyroscope", 9, 18, ())
    assert LettersWord._make(("cat", 3, 3, ("c",))).blanks == ("c",)
    assert repr(word) == "LettersWord(word='gyroscope', length=9, score=18, blanks=())"
    assert word.to_dict() == {"word": "gyroscope", "length": 9, "score": 18}
    answer = solve([25, 50, 75, 100, 3, 6], 952)
    assert isinstance(answer, Answer) and isinstance(answer.solutions[0], Expression)
    assert answer == (answer.numbers, answer.target, answer.value, answer.solutions, answer.count)
    assert answer.exact and answer.distance == 0 and answer.count is None
    assert repr(answer).startswith(
        "Answer(numbers=[25, 50, 75, 100, 3, 6], target=952, value=952, "
        "solutions=[Expression(value=952,"
    )
    found = LettersResult("tca", [LettersWord("cat", 3, 3)])
    assert found == ("tca", [("cat", 3, 3, ())]) and found.words[0].word == "cat"
    assert repr(found) == (
        "LettersResult(rack='tca', words=[LettersWord(word='cat', length=3, score=3, blanks=())])"
    )
    assert found.to_dict() == {"rack": "tca", "words": [{"word": "cat", "length": 3, "score": 3}]}
    phrases = PhrasesResult._make(("dirtyroom", [("dormitory",), ("dirty", "room")]))
    assert phrases.to_dict() == {
        "letters": "dirtyroom",
        "phrases": [["dormitory"], ["dirty", "room"]],
        "count": 2,
    }


# Runs the program as `python -m anagramdb ARGS` does, with an exit handler that says when
# the interpreter's teardown runs.
TEARDOWN = (
    "import atexit, runpy, sys\n"
    "atexit.register(print, 'torn down', file=sys.stderr)\n"
    "sys.argv[0] = 'anagramdb'\n"
    "runpy.run_module('anagramdb', run_name='__main__', alter_sys=True)\n"
)


@pytest.mark.parametrize(
    ("args", "stdin", "torn_down"),
    [
        (["anagrams", "listen"], "", False),
        (["letters", "gyroscope", "--json"], "", False),
        (["define", "listens"], "", False),
        (["numbers", "1", "2", "3", "--target", "6"], "", False),
        (["anagrams", "-"], "listen\n", True),  # a batch ends as before
        (["define", "-"], "listens\n", True),
        (["info"], "", True),  # and so does anything typer answers
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else None,
)
def test_a_one_shot_answer_skips_the_interpreters_teardown(args, stdin, torn_down):
    """console.main(fast_exit=True) ends a one-shot answer with os._exit (D16)."""
    result = subprocess.run(
        [sys.executable, "-c", TEARDOWN, *args], input=stdin, capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stdout, result.stderr
    assert ("torn down" in result.stderr) is torn_down, result.stderr


RACK = ["letters", "aeiloprstcdnmgbhu", "--all", "--min", "1", "--json"]  # 550 KB of JSON


def test_a_fast_exit_writes_the_whole_answer_first(tmp_path, capsys):
    """What the quick path prints in-process reaches a file whole, and a reader that goes
    away early ends the command quietly, as before the fast exit."""
    from anagramdb.cli.console import quick

    assert quick(RACK) == 0
    expected = capsys.readouterr().out
    assert len(expected) > 4 * 65536  # more than a pipe holds
    command = f"{sys.executable} -m anagramdb {' '.join(RACK)}"
    subprocess.run(["bash", "-c", f"{command} > out.json"], cwd=tmp_path, check=True)
    assert (tmp_path / "out.json").read_text(encoding="utf-8") == expected
    result = subprocess.run(
        ["bash", "-c", f"{command} | head -c 100 >/dev/null; exit ${{PIPESTATUS[0]}}"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1 and result.stderr == ""
