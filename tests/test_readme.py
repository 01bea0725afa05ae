"""Every example in README.md, run as a user would, prints what the README shows.

tools/readme_examples.py does the work (and ``--update`` pastes real outputs in after a
change that alters them, such as new packaged dictionaries)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys

import pytest

TOOL = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "readme_examples.py"
)


def load_tool():
    spec = importlib.util.spec_from_file_location("readme_examples", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


needs_script = pytest.mark.skipif(
    shutil.which("anagramdb", path=os.path.dirname(sys.executable)) is None
    or shutil.which("bash") is None,
    reason="needs the installed anagramdb script and bash",
)


def test_the_readme_has_examples_of_every_kind():
    tool = load_tool()
    with open(tool.README, encoding="utf-8") as handle:
        found = tool.examples(handle.read().split("\n"))
    commands = [command.text for example in found for command in example.commands]
    assert len(commands) > 40 and any(example.slow for example in found)
    assert not any("pip install" in command or "pytest" in command for command in commands)


@needs_script
def test_readme_examples_print_what_the_readme_shows():
    problems = load_tool().check()
    assert not problems, (
        "README examples differ (python tools/readme_examples.py --update pastes real output):\n\n"
        + "\n\n".join(problems)
    )


@needs_script
@pytest.mark.slow
def test_slow_readme_examples_too():
    problems = load_tool().check(slow=True)
    assert not problems, "\n\n".join(problems)
