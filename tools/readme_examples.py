"""Run the documents' examples and compare their output, or paste the real output in.

    python tools/readme_examples.py [--update] [--slow] [FILE.md ...]

The documents are README.md and every docs/*.md (``documents()``), or the files named.

An example is a fenced block in which lines starting with ``$ `` are shell commands and
the lines after each, up to the next command, are its output (stdout and stderr together,
as a terminal shows them). A document's blocks run in order, in one scratch directory of
its own (a later block may use a file an earlier one made), with this Python's
``anagramdb`` first on PATH, no ANAGRAMDB_ variables, and the XDG directories inside the
scratch one. A comment on the line before the fence changes that:

    <!-- not-run: REASON -->    never run (installing, the test suite itself)
    <!-- slow-example -->       run only with --slow (tests: pytest -m slow)

A command that runs one of the repository's scripts (``python tools/...``) runs from the
repository's root instead.

(``<!-- run-command -->`` and ``<!-- test-command -->``, read by .ci/run, are not run
either.) The packaged dictionaries' directory depends on the installation: outputs are
compared, and pasted, with it written as DATA_SHOWN. Exit status: 0 when every output
matched (or was pasted), 1 otherwise, with a diff.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")


def documents() -> list[str]:
    """README.md and every docs/*.md, the files whose examples are checked."""
    docs = os.path.join(ROOT, "docs")
    names = sorted(name for name in os.listdir(docs) if name.endswith(".md"))
    return [README, *(os.path.join(docs, name) for name in names)]


NOT_RUN = ("<!-- not-run", "<!-- run-command -->", "<!-- test-command -->")
SLOW = "<!-- slow-example -->"
EXAMPLES_EPOCH = 1796115600  # 2026-12-01 09:00 UTC
DATA_SHOWN = "/tmp/venv/lib/python3.11/site-packages/anagramdb/data/"
TIMEOUT = 300
DATA_PATTERN = re.compile(r"/[^\s\"']*/anagramdb/data/")


@dataclass
class Command:
    line: int  # index in the document's lines of the "$ " line
    text: str
    expected: list[str] = field(default_factory=list)


@dataclass
class Example:
    slow: bool
    commands: list[Command]
    end: int  # index of the closing fence


def examples(lines: list[str]) -> list[Example]:
    """A document's runnable examples, in order."""
    found = []
    position = 0
    while position < len(lines):
        if not lines[position].startswith("```"):
            position += 1
            continue
        marker = lines[position - 1].strip() if position else ""
        start = position + 1
        end = next(i for i in range(start, len(lines)) if lines[i].startswith("```"))
        position = end + 1
        if (
            lines[start - 1].strip() != "```"
            or not lines[start:end]
            or not lines[start].startswith("$ ")
        ):
            continue  # a code block in a language (python), or output without a command
        if marker.startswith(NOT_RUN):
            continue
        commands: list[Command] = []
        for index in range(start, end):
            if lines[index].startswith("$ "):
                commands.append(Command(index, lines[index][2:]))
            else:
                commands[-1].expected.append(lines[index])
        found.append(Example(marker == SLOW, commands, end))
    return found


def environment(directory: str) -> dict[str, str]:
    """This Python's scripts first on PATH, no ANAGRAMDB_ variables, and the XDG data,
    config and cache directories inside the scratch *directory* (play keeps its history
    there: every run starts as a new user's first)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("ANAGRAMDB_")}
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[name] = os.path.join(directory, ".xdg", name.split("_")[1].lower())
    # play's history dates and the daily challenge's "today" follow it: examples of them
    # show the same date on every run.
    env["SOURCE_DATE_EPOCH"] = str(EXAMPLES_EPOCH)
    return env


def run(command: str, directory: str, env: dict[str, str]) -> list[str]:
    """The output lines of *command*, stdout and stderr in the order written (a command
    that never ends, such as a server left unmarked, is stopped after TIMEOUT seconds)."""
    try:
        result = subprocess.run(
            ["bash", "-c", command],
            cwd=directory,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return [f"(still running after {TIMEOUT} s: mark it <!-- not-run: ... -->)"]
    return DATA_PATTERN.sub(DATA_SHOWN, result.stdout).splitlines()


def check(path: str = README, slow: bool = False, update: bool = False) -> list[str]:
    """Run the examples of the document at *path*; return one diff per command whose output
    differs, named by file and line (after pasting the real outputs into *path* when
    *update*)."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    problems = []
    name = os.path.relpath(path, ROOT)
    replacements: dict[int, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="readme-examples-") as directory:
        env = environment(directory)
        for example in examples(lines):
            if example.slow and not slow:
                continue
            for command in example.commands:
                # The repository's own scripts (python tools/...) run from its root.
                actual = run(
                    command.text,
                    ROOT if command.text.startswith("python tools/") else directory,
                    env,
                )
                expected = [DATA_PATTERN.sub(DATA_SHOWN, line) for line in command.expected]
                if actual != expected:
                    diff = difflib.unified_diff(expected, actual, name, "actual", lineterm="")
                    problems.append(
                        f"{name}, line {command.line + 1}: $ {command.text}\n" + "\n".join(diff)
                    )
                replacements[command.line] = actual
    if update and problems:
        out: list[str] = []
        skip_until = -1
        for index, line in enumerate(lines):
            if index < skip_until:
                continue
            out.append(line)
            if index in replacements:
                out.extend(replacements[index])
                skip_until = index + 1
                while skip_until < len(lines) and not lines[skip_until].startswith(("$ ", "```")):
                    skip_until += 1
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(out))
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "documents", nargs="*", help="the files to check (default: README.md and docs/*.md)"
    )
    parser.add_argument(
        "--update", action="store_true", help="paste the real outputs into the documents"
    )
    parser.add_argument("--slow", action="store_true", help="run the slow examples too")
    options = parser.parse_args()
    problems = [
        problem
        for path in options.documents or documents()
        for problem in check(path, options.slow, options.update)
    ]
    for problem in problems:
        print(problem, end="\n\n")
    verb = "pasted" if options.update else "differ"
    print(f"{len(problems)} outputs {verb}" if problems else "every example's output matches")
    return 1 if problems and not options.update else 0


if __name__ == "__main__":
    sys.exit(main())
