"""The command line, through typer's CliRunner and once through the installed script."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from anagramdb import __version__
from anagramdb.cli.app import app

from ..support.dictionaries import write_list
from ..support.ids import ascii_id

runner = CliRunner()
CLI_DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "CLI.md")
# Every command and subcommand (docs/CLI.md: groups for families, one shape per kind).
COMMANDS = [
    "anagrams",
    "build",
    "check",
    "check index",
    "check letters",
    "check numbers",
    "conundrum",
    "define",
    "draw",
    "draw conundrum",
    "draw letters",
    "draw numbers",
    "history",
    "index",
    "info",
    "letters",
    "numbers",
    "numbers solve",
    "numbers stats",
    "phrases",
    "play",
    "replay",
    "serve",
]


def invoke(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def test_anagrams_human_and_json(sample_dictionary):
    result = invoke("--dict", sample_dictionary, "anagrams", "Listen")
    assert result.exit_code == 0
    assert result.stdout.split() == ["enlist", "inlets", "listen", "silent", "tinsel"]
    result = invoke("--dict", sample_dictionary, "anagrams", "notes", "--json")
    assert json.loads(result.stdout) == {
        "letters": "notes",
        "key": "enost",
        "words": ["notes", "onset", "stone", "tones"],
    }


def test_no_anagrams_says_so_on_stderr(sample_dictionary):
    result = invoke("--dict", sample_dictionary, "anagrams", "qqq")
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == "qqq: no words\n"


def test_anagrams_batch_from_stdin(sample_dictionary):
    result = invoke("--dict", sample_dictionary, "anagrams", "-", stdin="stone\n\nx1\nzoo\n")
    assert result.exit_code == 2
    assert result.stdout.splitlines() == ["stone: notes onset stone tones", "zoo: zoo"]
    assert result.stderr.count("\n") == 1 and "'1'" in result.stderr
    result = invoke("--dict", sample_dictionary, "anagrams", "-", "--json", stdin="stone\nx1\n")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records[0]["words"] == ["notes", "onset", "stone", "tones"]
    assert records[1]["letters"] == "x1" and "not letters" in records[1]["error"]


def test_environment_variable_chooses_the_dictionary(sample_dictionary, monkeypatch):
    monkeypatch.setenv("ANAGRAMDB_DICT", sample_dictionary)
    assert json.loads(invoke("info", "--json").stdout)["words"] == 14


def test_letters_human_json_and_batch():
    result = invoke("letters", "countdown")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:3] == [
        "countdown",
        "  9 letters, 18 points: countdown",
        "  7 letters, 7 points: woodcut",
    ]
    record = json.loads(invoke("letters", "gyro?cope", "--json", "--enough", "1").stdout)
    assert record["rack"] == "gyro?cope" and record["words"][0] == {
        "word": "gyroscope",
        "length": 9,
        "score": 18,
        "blanks": ["s"],
    }
    result = invoke(
        "letters", "-", "--json", "--all", "--min", "8", stdin="countdown\nab1\n\nzzz\n"
    )
    assert result.exit_code == 2
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["rack"] for line in lines] == ["countdown", "ab1", "zzz"]
    assert "error" in lines[1] and lines[2]["words"] == []
    result = invoke("letters", "-", stdin="countdown\n")
    assert result.stdout.startswith("countdown\n  9 letters, 18 points: countdown")


def test_conundrum_commands():
    result = invoke("conundrum", "canedanon")
    assert result.stdout.strip() == "canedanon: cannonade (the unique answer)"
    made = [
        json.loads(line)
        for line in invoke(
            "draw", "conundrum", "--count", "2", "--seed", "5", "--json"
        ).stdout.splitlines()
    ]
    assert len(made) == 2 and all(sorted(m["clue"]) == sorted(m["answer"]) for m in made)
    assert invoke("conundrum").exit_code == 2
    assert invoke("conundrum", "abc", "--generate").exit_code == 2


def test_phrases_and_draw_commands():
    result = invoke("phrases", "count down", "--max-words", "2", "--min", "4", "--json")
    record = json.loads(result.stdout)
    assert ["count", "down"] in record["phrases"] and record["count"] == len(record["phrases"])
    assert (
        json.loads(invoke("draw", "letters", "--seed", "3", "--json").stdout)["letters"]
        == "NEOBITDLN"
    )
    assert invoke("draw", "letters", "--vowels", "6").exit_code == 2


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["anagrams", "l1sten"], 2, "contain characters that are not letters: '1'"),
        (["anagrams", ""], 2, "no letters given"),
        (["letters", "12345"], 2, "neither letters nor ? blanks: '1', '2', '3', '4', '5'"),
        (["letters", "   "], 2, "empty rack"),
        (
            ["--dict", "/nonexistent/words.txt", "info"],
            1,
            "cannot open dictionary /nonexistent/words.txt: No such file or directory",
        ),
    ],
)
def test_errors_are_one_line(args, code, message):
    result = invoke(*args)
    assert result.exit_code == code
    assert result.stderr.startswith("anagramdb: error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_build_index_and_check(tmp_path):
    source = write_list(
        tmp_path / "in.txt", ["Stone", "notes", "onset", "o'clock", "tones", "notes"]
    )
    output = str(tmp_path / "out.txt")
    result = invoke("build", source, "-o", output, "--block-size", "2")
    assert result.exit_code == 0, result.output
    expected = (
        f"wrote {output} and {output}.idx: read 6 lines: kept 3 words; "
        "skipped 1 capitalised, 1 not letters, 1 duplicates"
    )
    assert result.stdout.strip() == expected
    assert invoke("--dict", output, "anagrams", "stone").stdout.split() == [
        "notes",
        "onset",
        "tones",
    ]
    result = invoke("index", output)
    assert result.stdout.strip() == f"wrote {output}.idx: 1 entries for 3 words (block size 64)"
    assert invoke("check", "index", output).stdout.strip() == f"{output}: ok"
    with open(output, "a") as handle:
        handle.write("aaa\n")
    result = invoke("check", "index", output)
    assert result.exit_code == 1 and "line 4: 'aaa'" in result.stdout


def test_build_rejects_bad_options(tmp_path):
    source = write_list(tmp_path / "in.txt", ["a"])
    result = invoke("build", source, "-o", str(tmp_path / "o.txt"), "--memory", "lots")
    assert result.exit_code == 2 and "not a size" in result.stderr
    result = invoke("build", source, "-o", str(tmp_path / "o.txt"), "--format", "xml")
    assert result.exit_code == 2 and "unknown word-list format" in result.stderr


def test_unsorted_dictionary_is_an_error_with_the_fix(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("dog\ncat\n")
    result = invoke("--dict", str(path), "anagrams", "cat")
    assert result.exit_code == 1
    assert (
        f"{path}: line 2: 'cat'" in result.stderr
        and f"anagramdb build {path} -o {tmp_path / 'bad.sorted.txt'}" in result.stderr
    )


def test_info_human(sample_dictionary):
    result = invoke("--dict", sample_dictionary, "info")
    assert re.search(r"^words\s+14$", result.stdout, re.M) and re.search(
        r"^block_size\s+64$", result.stdout, re.M
    )
    assert "provenance" not in result.stdout
    result = invoke("--dict", "huge", "info")
    categories = (
        "english british british_variant_1 british_variant_2 british_z variant_3 australian"
    )
    assert re.search(
        rf"^provenance\s+name huge, source scowl \S+, categories {categories}, "
        r"max_size 80, words \d+$",
        result.stdout,
        re.M,
    )


def test_version():
    assert invoke("--version").stdout.strip() == f"anagramdb {__version__}"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_and_an_example_in_the_manual(command):
    result = invoke(*command.split(), "--help")
    assert result.exit_code == 0 and len(result.stdout) > 100
    with open(CLI_DOC, encoding="utf-8") as handle:
        assert re.search(rf"^\$ anagramdb (--dict \S+ )?{command}\b", handle.read(), re.M), (
            f"no example of {command} in docs/CLI.md"
        )


def test_the_app_has_exactly_the_documented_commands():
    import typer.main

    def names(command, path):
        for name, sub in getattr(command, "commands", {}).items():
            yield " ".join([*path, name])
            yield from names(sub, [*path, name])

    assert sorted(names(typer.main.get_command(app), [])) == COMMANDS


def run_python(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout


def test_import_uses_the_standard_library_only():
    out = run_python(
        "import sys, anagramdb; "
        "print(sorted(m for m in ('typer', 'click', 'rich') if m in sys.modules))"
    )
    assert out.strip() == "[]"


def test_rich_is_not_imported_on_the_lookup_path(tmp_path):
    """rich is not a dependency, but an environment may have it: a stand-in 'rich' on the
    path records whether a lookup, on the quick path or through typer, imports it."""
    (tmp_path / "rich").mkdir()
    (tmp_path / "rich" / "__init__.py").write_text(
        "import sys\nsys.stderr.write('RICH IMPORTED\\n')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    for entry in (
        "from anagramdb.cli.console import main",
        "from anagramdb.cli.app import run as main",
    ):
        code = f"import sys\n{entry}\nsys.argv = ['anagramdb', 'anagrams', 'listen']\n"
        code += "try:\n    main()\nexcept SystemExit:\n    pass\nprint('json' in sys.modules)"
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        assert "listen" in result.stdout and result.stdout.split()[-1] == "False"
        assert "RICH IMPORTED" not in result.stderr, entry
    probe = subprocess.run(
        [sys.executable, "-c", "import rich"], capture_output=True, text=True, env=env, check=True
    )
    assert "RICH IMPORTED" in probe.stderr  # the stand-in would have been seen


def console_script() -> str:
    script = shutil.which("anagramdb", path=os.path.dirname(sys.executable)) or shutil.which(
        "anagramdb"
    )
    if script is None:
        pytest.skip("the anagramdb script is not installed")
    return script


def test_installed_console_script_and_module():
    env = {name: value for name, value in os.environ.items() if name != "ANAGRAMDB_DICT"}
    for command in ([console_script()], [sys.executable, "-m", "anagramdb"]):
        result = subprocess.run(
            [*command, "anagrams", "listen"], capture_output=True, text=True, env=env
        )
        assert result.returncode == 0, result.stderr
        assert "silent" in result.stdout.split() and result.stderr == ""
        result = subprocess.run([*command, "anagrams", "42"], capture_output=True, text=True)
        assert (
            result.returncode == 2
            and result.stderr.count("\n") == 1
            and "Traceback" not in result.stderr
        )


QUICK_CASES = [
    ["anagrams", "listen"],
    ["anagrams", "Café", "--json"],
    ["anagrams", "qqq"],
    ["anagrams", "l1sten"],
    ["anagrams", ""],
    ["letters", "countdown"],
    ["letters", "gyro?cope", "--json"],
    ["letters", "zzzq"],
    ["letters", "12345"],
    ["letters", "countdown", "--all", "--min", "6"],
    ["letters", "--enough=2", "countdown", "--json"],
    ["letters", "--all", "--min=8", "gyroscope"],
    ["--dict", "common", "letters", "stone"],
    ["--dict=common", "anagrams", "stone", "--json"],
    ["--dict", "/nonexistent/words.txt", "anagrams", "stone"],
    ["numbers", "25", "50", "75", "100", "3", "6", "--target", "952"],
    ["numbers", "100", "4", "7", "1", "1", "1", "--target=728", "--rpn", "--json"],
    ["numbers", "1", "1", "2", "2", "3", "3", "--target", "999", "--ascii", "--all"],
    ["numbers", "30", "3", "--target", "90"],
    ["numbers", "30", "3", "--target", "90", "--strict"],
    ["numbers", "25", "-5", "3", "--target", "100"],
    ["numbers", "2.5", "3", "--target", "100"],
    ["numbers", "5", "3", "--target", "-4"],
    ["numbers", "2 5", "3", "--target", "100"],
]


@pytest.mark.parametrize("args", QUICK_CASES, ids=lambda args: ascii_id(" ".join(args)))
def test_quick_path_prints_what_typer_prints(args, capsys):
    from anagramdb.cli.console import quick

    code = quick(args)
    quick_out = capsys.readouterr()
    result = invoke(*args)
    assert code == result.exit_code
    assert quick_out.out == result.stdout and quick_out.err == result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["anagrams", "abc", "--all"],
        ["anagrams", "--help"],
        ["info"],
        [],
        ["letters", "a", "b"],
        ["letters", "a", "--min", "0"],
        ["letters", "a", "--min"],
        ["letters", "a", "--min", "x"],
        ["numbers", "stats"],
        ["numbers", "1", "2"],
        ["numbers", "--target", "5"],
        ["numbers", "1", "--target", "x"],
        ["numbers", "1", "--foo"],
    ],
)
def test_other_command_lines_go_to_typer(args):
    from anagramdb.cli.console import quick

    assert quick(args) is None


def test_quick_path_imports_no_cli_library():
    code = (
        "import sys\nfrom anagramdb.cli.console import quick\nquick(['letters', 'countdown'])\n"
        "print(sorted(m for m in ('typer', 'click', 'rich') if m in sys.modules))"
    )
    assert run_python(code).splitlines()[-1] == "[]"
