"""Shell completion for bash, zsh and fish only; another shell is a usage error and a file
problem is a one-line ``cannot write`` error, never an internal error; a group completes
its subcommands, and a default subcommand its options."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from anagramdb.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize("shell", ["pwsh", "powershell", "tcsh"])
@pytest.mark.parametrize("option", ["--install-completion", "--show-completion"])
def test_unsupported_shells_are_usage_errors(option, shell, tmp_path):
    result = runner.invoke(app, [option, shell], env={"HOME": str(tmp_path)})
    assert result.exit_code == 2, result.output
    expected = (
        f"anagramdb: error: invalid value for '{option}': '{shell}' is not one of "
        "'bash', 'zsh', 'fish' (see anagramdb --help)\n"
    )
    assert result.stderr == expected
    assert list(tmp_path.iterdir()) == []


def test_install_names_the_shell_and_reports_file_problems(tmp_path):
    result = runner.invoke(app, ["--install-completion", "bash"], env={"HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert (
        result.stdout.splitlines()[0]
        == f"bash completion installed in {tmp_path}/.bash_completions/anagramdb.sh"
    )
    home = tmp_path / "a-file"
    home.write_text("not a directory\n")
    result = runner.invoke(app, ["--install-completion", "bash"], env={"HOME": str(home)})
    assert result.exit_code == 1
    assert (
        result.stderr.startswith(f"anagramdb: error: cannot write {home}")
        and result.stderr.count("\n") == 1
    ), result.stderr
    assert home.read_text() == "not a directory\n"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("anagramdb check ", ["letters", "numbers", "index"]),
        ("anagramdb draw ", ["letters", "numbers", "conundrum"]),
        ("anagramdb numbers st", ["stats"]),
        ("anagramdb check letters --j", ["--json"]),
        # No subcommand named: numbers' default, solve, completes its options.
        ("anagramdb numbers 25 50 -t 3 --a", ["--all", "--ascii"]),
    ],
)
def test_completion_offers_the_groups_subcommands_and_their_options(line, expected):
    words = line.split()
    env = {
        **os.environ,
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - (0 if line.endswith(" ") else 1)),
        "_ANAGRAMDB_COMPLETE": "complete_bash",
    }
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb"], env=env, capture_output=True, text=True
    )
    assert (result.stdout.split(), result.stderr) == (expected, "")
