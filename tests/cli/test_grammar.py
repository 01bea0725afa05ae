"""One grammar and one error style for every command (program.Program, grammar.hoist)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from anagramdb.cli.app import app
from anagramdb.cli.common import commands, groups
from anagramdb.cli.grammar import UsageProblem, hoist

from ..support.waiting import wait_until

runner = CliRunner()


def invoke(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


def assert_one_line_error(result, code: int, fragment: str = "") -> None:
    assert result.exit_code == code, (result.exit_code, result.stderr)
    assert result.stderr.startswith("anagramdb: error: ") and result.stderr.count("\n") == 1, (
        result.stderr
    )
    assert "Traceback" not in result.stderr and fragment in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (
            ["letters", "abc", "--min", "0"],
            "letters: invalid value for '--min': 0 is not in the range x>=1",
        ),
        (["letters"], "letters: missing argument 'rack'"),
        (["build", "x", "-o", "y", "--memory", "abc"], "'abc' is not a size like 64M or 1G"),
        (["build", "x", "-o", "y", "--memory", "0"], "0 is below the minimum of 16M"),
        (
            ["conundrum", "--count", "3"],
            "give LETTERS to solve; draw conundrum makes new conundrums",
        ),
        (["draw", "letters", "--vowels", "2"], "draw letters: invalid value for '--vowels'"),
        (["--dict"], "option '--dict' needs a value"),
        (["letters", "abc", "--dict"], "option '--dict' needs a value"),
        (["--dict="], "option '--dict' needs a value"),
        (["nosuchcommand"], "no such command 'nosuchcommand' (see anagramdb --help)"),
        (["letters", "abc", "--nosuchoption"], "letters: no such option: --nosuchoption"),
    ],
)
def test_usage_errors_are_one_line_with_exit_2(args, fragment):
    assert_one_line_error(invoke(*args), 2, fragment)


@pytest.mark.parametrize("name", sorted([*commands, *groups]))
def test_every_command_reports_a_usage_error_on_one_line(name):
    assert_one_line_error(invoke(name, "--no-such-option"), 2, "no such option")


def test_file_problems_exit_1(tmp_path):
    assert_one_line_error(
        invoke("--dict", "/nonexistent/words.txt", "anagrams", "stone"),
        1,
        "cannot open dictionary /nonexistent/words.txt",
    )
    damaged = tmp_path / "damaged.txt"
    damaged.write_text("dog\ncat\n")
    assert_one_line_error(invoke("anagrams", "cat", "--dict", str(damaged)), 1, "line 2: 'cat'")


@pytest.mark.parametrize(
    "args",
    [
        ["anagrams", "stone", "--dict", "common"],
        ["anagrams", "--dict=common", "stone"],
        ["anagrams", "stone", "-d", "common"],
        ["-dcommon", "anagrams", "stone"],
        ["--dict", "full", "anagrams", "stone", "--dict", "common"],
    ],
)
def test_global_options_before_or_after_the_command(args):
    assert invoke(*args).stdout == invoke("--dict", "common", "anagrams", "stone").stdout


def test_hoist():
    assert hoist(["letters", "abc", "-d", "x"]) == ["--dict", "x", "letters", "abc"]
    assert hoist(["letters", "--", "-d", "x"]) == ["letters", "--", "-d", "x"]
    assert hoist(["letters", "abc", "--dict", "-"]) == ["--dict", "-", "letters", "abc"]
    for args in (["--dict"], ["x", "--dict", "--json"], ["--dict="]):
        with pytest.raises(UsageProblem):
            hoist(args)


def test_bare_command_and_group_print_their_help():
    for args in ([], ["draw"], ["check"], ["numbers"]):
        result = invoke(*args)
        assert (
            result.exit_code == 0
            and result.stdout.startswith("Usage: anagramdb")
            and result.stderr == ""
        )


def test_arguments_are_described_in_help():
    result = invoke("letters", "--help")
    assert "rack  The rack, e.g. GYROSCOPE" in result.stdout
    for path, _command in every_command():
        text = invoke(*path, "--help").stdout
        assert "Positional arguments" not in text and text.count("Arguments:") <= 1, path
        if " ".join(path) in BATCH:
            assert "- reads" in " ".join(text.split()), f"{path}: help does not describe batch mode"


# The query commands: a good line, an empty result and a bad line each, in batch mode.
BATCH = {
    "anagrams": (
        ["anagrams", "-"],
        "stone\nqqq\nst0ne\n",
        "stone: notes onset stone tones",
        "letters",
    ),
    "letters": (
        ["letters", "-", "--enough", "1"],
        "stone\nqqq\nst0ne\n",
        "stone\n  5 letters, 5 points: notes onset stone tones",
        "rack",
    ),
    "phrases": (
        ["phrases", "-", "--max-words", "1"],
        "stone\nqqq\nst0ne\n",
        "stone\n  notes\n  onset\n  stone\n  tones",
        "letters",
    ),
    "conundrum": (
        ["conundrum", "-"],
        "stone\nqqq\nst0ne\n",
        "stone: notes onset tones (3 answers)",
        "letters",
    ),
    "check letters": (
        ["check", "letters", "-"],
        "stone notes\nstone zzz\nbad\n",
        "stone notes: valid, 5 letters, 5 points",
        "query",
    ),
    "numbers solve": (
        ["numbers", "-"],
        "25 50 75 100 3 6 target 952\n1 1 target 999\n25 x target 952\n",
        "952: exact",
        "game",
    ),
}


@pytest.mark.parametrize("name", sorted(BATCH))
def test_every_query_command_reads_one_query_a_line(name, sample_dictionary):
    args, stdin, first, field = BATCH[name]
    result = invoke("--dict", sample_dictionary, *args, stdin=stdin)
    assert result.exit_code == 2, result.stderr
    assert result.stdout.startswith(first + "\n"), result.stdout
    errors = [line for line in result.stderr.splitlines() if line.startswith("anagramdb: error: ")]
    assert len(errors) == 1, result.stderr
    result = invoke("--dict", sample_dictionary, *args, "--json", stdin=stdin)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 3 and "error" not in records[0] and "error" not in records[1]
    assert records[2][field] == stdin.splitlines()[2] and records[2]["error"]


EMPTY = {
    "anagrams": (["anagrams", "qqq"], "words"),
    "letters": (["letters", "qqq"], "words"),
    "phrases": (["phrases", "qqq"], "phrases"),
    "conundrum": (["conundrum", "qqq"], "words"),
}


@pytest.mark.parametrize("name", sorted(EMPTY))
def test_one_empty_result_behaviour(name, sample_dictionary):
    args, key = EMPTY[name]
    result = invoke("--dict", sample_dictionary, *args)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "qqq: no words\n")
    result = invoke("--dict", sample_dictionary, *args, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)[key] == [] and result.stderr == ""


def test_long_queries_are_cut_in_messages(sample_dictionary):
    for args in (
        ["anagrams", "1" * 100_000],
        ["letters", "x1" * 50_000],
        ["numbers", "9" * 50 + "x", "--target", "5"],
    ):
        result = invoke("--dict", sample_dictionary, *args)
        assert (
            result.exit_code == 2 and result.stderr.count("\n") == 1 and len(result.stderr) < 300
        ), result.stderr
    result = invoke("--dict", sample_dictionary, "anagrams", "q" * 100_000)
    assert result.stderr == "q" * 40 + "... (99,960 more characters): no words\n"


@pytest.mark.parametrize("name", sorted([*commands, *groups]))
def test_every_command_has_json(name):
    import typer.main

    subcommands = getattr(typer.main.get_command(app).commands[name], "commands", {})
    names = [f"{name} {sub}" for sub in subcommands] or [name]
    for words in names:
        assert "--json" in invoke(*words.split(), "--help").stdout, f"{words} has no --json"


def test_build_and_index_print_json(tmp_path):
    source = tmp_path / "in.txt"
    source.write_text("stone\nnotes\nStone\n")
    output = str(tmp_path / "out.txt")
    record = json.loads(invoke("build", str(source), "-o", output, "--json").stdout)
    assert (
        record["output"] == output and record["kept"] == 2 and record["skipped"]["capitalised"] == 1
    )
    record = json.loads(invoke("index", output, "--json").stdout)
    assert record == {
        "dictionary": output,
        "index_path": output + ".idx",
        "keys_path": None,
        "entries": 1,
        "words": 2,
        "block_size": 64,
    }
    assert json.loads(invoke("check", "index", output, "--json").stdout)["ok"] is True


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["numbers", "stats", "--jobs", "0"], "invalid value for '--jobs'"),
        (["numbers", "stats", "--jobs", "100000"], "invalid value for '--jobs'"),
        (["numbers", "stats", "--targets", "1-100000000"], "within 1-10000"),
        (
            ["numbers", "stats", "--target", "500"],
            "numbers stats: option '--target' belongs to anagramdb numbers solve",
        ),
        (["numbers", "stats", "--rpn"], "option '--rpn' belongs to anagramdb numbers solve"),
        (
            ["numbers", "1", "2", "--target", "3", "--jobs", "2"],
            "numbers solve: option '--jobs' belongs to anagramdb numbers stats (see anagramdb "
            "numbers stats --help)",
        ),
        (
            ["numbers", "1", "2", "--target", "3", "--csv", "x.csv"],
            "option '--csv' belongs to anagramdb numbers stats",
        ),
        (["numbers", "1", "2"], "give the target with --target"),
        (["conundrum", "abc", "--count", "2"], "apply only with --generate"),
    ],
)
def test_numeric_options_are_bounded_and_ignored_options_refused(args, fragment):
    assert_one_line_error(invoke(*args), 2, fragment)


def test_the_csv_output_is_checked_before_the_work(monkeypatch, tmp_path):
    import anagramdb.countdown.numbers_stats as numbers_stats

    def no_work(*args, **kwargs):
        raise AssertionError("the statistics ran")

    monkeypatch.setattr(numbers_stats, "statistics", no_work)
    assert_one_line_error(
        invoke("numbers", "stats", "--csv", "/nonexistent/x.csv"),
        1,
        "cannot write /nonexistent/x.csv",
    )
    assert_one_line_error(invoke("numbers", "stats", "--csv", str(tmp_path)), 1, "Is a directory")


def test_command_list_is_not_truncated():
    import typer.main

    group = typer.main.get_command(app)
    listing = " ".join(invoke("--help").stdout.split())
    for name, command in group.commands.items():
        summary = command.get_short_help_str(1000)
        assert f"{name} {summary}" in listing
    for path, command in every_command():
        summary = command.get_short_help_str(1000)
        assert not summary.endswith("..."), f"{' '.join(path)}: its first sentence is cut"


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_scripts(shell):
    result = invoke("--show-completion", shell)
    assert result.exit_code == 0 and "_ANAGRAMDB_COMPLETE" in result.stdout


def children(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return handle.read().split()
    except OSError:
        return []


def signal_mask(pid: int | str, field: str) -> int:
    """A signal set from /proc/PID/status (SigBlk, SigIgn) as a bit mask; 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith(field + ":"):
                    return int(line.split()[1], 16)
    except OSError:
        pass
    return 0


def command_line(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def pool_workers(pid: int) -> list[str]:
    """The pool's workers: the fork server's children where workers come from one
    (multiprocessing's forkserver context), else *pid*'s own children; never the fork
    server or the resource tracker, which ignore SIGINT from their start."""
    helpers = {child: command_line(child) for child in children(pid)}
    servers = [child for child, line in helpers.items() if "forkserver" in line]
    if servers:
        return [worker for server in servers for worker in children(int(server))]
    return [child for child, line in helpers.items() if "resource_tracker" not in line]


def pool_is_running(pid: int) -> bool:
    """The event the Ctrl-C test waits for: two workers that ignore SIGINT (their
    initializer has run) under a parent that no longer blocks it (the pool is made)."""
    bit = 1 << (signal.SIGINT - 1)
    workers = pool_workers(pid)
    return (
        len(workers) >= 2
        and all(signal_mask(worker, "SigIgn") & bit for worker in workers)
        and not signal_mask(pid, "SigBlk") & bit
    )


@pytest.mark.skipif(
    not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
    reason="needs Linux /proc children lists",
)
def test_ctrl_c_exits_130_with_one_line():
    process = subprocess.Popen(
        [sys.executable, "-m", "anagramdb", "numbers", "stats", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    with process:
        try:
            # Driven by the event, not the clock: polls until the pool runs (the work takes
            # many seconds more on any machine; the per-test timeout bounds a hang).
            wait_until(
                lambda: pool_is_running(process.pid) or process.poll() is not None,
                "the statistics' pool to run",
            )
            assert process.poll() is None, "stats ended before the pool was seen running"
            os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C does: the group
            out, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
    assert (process.returncode, out, err) == (130, "", "anagramdb: interrupted\n")


def test_completion_protocol_answers():
    env = {
        **os.environ,
        "COMP_WORDS": "anagramdb let",
        "COMP_CWORD": "1",
        "_ANAGRAMDB_COMPLETE": "complete_bash",
    }
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb"], env=env, capture_output=True, text=True
    )
    assert result.stdout.split() == ["letters"]


def every_command():
    import typer.main

    def walk(command, path):
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, [*path, name])

    return list(walk(typer.main.get_command(app), []))


def test_the_same_option_has_the_same_short_flag_everywhere():
    from anagramdb.cli.grammar import SHORT_FLAGS

    for path, command in every_command():
        for param in command.params:
            for name in param.opts:
                if name in SHORT_FLAGS:
                    assert SHORT_FLAGS[name] in param.opts, (
                        f"anagramdb {' '.join(path)} {name} lacks {SHORT_FLAGS[name]}"
                    )
