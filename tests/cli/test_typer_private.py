"""typer's private pieces: imported by one module of cli/ only, for one named range of
typer releases (docs/DECISIONS.md D1). A typer outside the range, a requirement in
pyproject.toml that names another, or a private piece that moved fails here, by name."""

from __future__ import annotations

import ast
import importlib
import re
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "anagramdb" / "cli"
DOOR = "typer_private.py"
WHY = "see docs/DECISIONS.md D1 and anagramdb/cli/typer_private.py"


def release(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def private_imports(path: Path) -> list[str]:
    """The typer modules *path* imports that are not typer's documented surface."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "typer" and (
                any(part.startswith("_") for part in parts)
                or parts[1:2] in (["core"], ["completion"])
            ):
                found.append(name)
    return found


def test_pyproject_names_the_supported_range():
    from anagramdb.cli.typer_private import REQUIREMENT

    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"{REQUIREMENT}"' in pyproject, (
        f"pyproject.toml no longer requires {REQUIREMENT}: change SUPPORTED and REQUIREMENT "
        f"together with it ({WHY})"
    )


def test_the_installed_typer_is_in_the_supported_range():
    from anagramdb.cli.typer_private import SUPPORTED

    lowest, first_unsupported = SUPPORTED
    installed = version("typer")
    assert lowest <= release(installed) < first_unsupported, (
        f"typer {installed} is installed, outside the supported range "
        f"{'.'.join(map(str, lowest))} up to (not including) "
        f"{'.'.join(map(str, first_unsupported))}: its private pieces may have moved ({WHY})"
    )


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("typer._click", ["Command", "Context", "HelpFormatter", "Parameter", "echo"]),
        (
            "typer._click.exceptions",
            ["ClickException", "NoArgsIsHelpError", "NoSuchOption", "UsageError"],
        ),
        ("typer._completion_shared", ["install"]),
        ("typer._types", ["TyperChoice"]),
        ("typer.completion", ["show_callback"]),
        ("typer.core", ["TyperGroup", "TyperOption"]),
    ],
)
def test_the_private_pieces_are_where_the_door_expects_them(module, names):
    try:
        found = importlib.import_module(module)
    except ImportError as exc:
        pytest.fail(f"typer {version('typer')} has no module {module} ({exc}; {WHY})")
    missing = [name for name in names if not hasattr(found, name)]
    assert not missing, f"typer {version('typer')}: {module} lacks {missing} ({WHY})"
    source = (CLI / DOOR).read_text(encoding="utf-8")
    assert module in private_imports(CLI / DOOR), f"{DOOR} no longer imports {module}"
    assert all(name in source for name in names)


def test_only_the_door_imports_private_pieces():
    others = {
        path.name: private_imports(path)
        for path in sorted(CLI.glob("*.py"))
        if path.name != DOOR and private_imports(path)
    }
    assert others == {}, f"import these through anagramdb/cli/{DOOR}: {others}"
