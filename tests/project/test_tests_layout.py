"""The tests' own layout (docs/TESTING.md): test files in the folder of the part of the
package they test, helpers in tests/support/, and no test module importing another."""

from __future__ import annotations

import ast
import pathlib

TESTS = pathlib.Path(__file__).resolve().parents[1]
FOLDERS = {"engine", "countdown", "cli", "web", "project"}


def test_every_test_file_is_in_a_folder_of_the_package():
    places = {path.parent.relative_to(TESTS).as_posix() for path in TESTS.rglob("test_*.py")}
    assert places == FOLDERS
    for folder in [*FOLDERS, "support"]:
        assert (TESTS / folder / "__init__.py").is_file(), folder


def test_no_test_module_imports_another_or_a_conftest():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or "", *(alias.name for alias in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            last = [name.rsplit(".", 1)[-1] for name in names]
            if any(name.startswith("test_") or name == "conftest" for name in last):
                found.append(f"{path.relative_to(TESTS)}:{node.lineno}")
    assert found == []
