"""The public API: docs/API.md's examples run as doctests, every exported name resolves,
and importing the package stays cheap (nothing outside the dictionary reader loads)."""

from __future__ import annotations

import doctest
import pathlib
import subprocess
import sys

import pytest

import anagramdb
import anagramdb.countdown

API_DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "API.md"


def test_the_api_document_runs():
    failures, tried = doctest.testfile(
        str(API_DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 40
    assert failures == 0


@pytest.mark.parametrize("module", [anagramdb, anagramdb.countdown], ids=lambda m: m.__name__)
def test_every_exported_name_resolves(module):
    for name in module.__all__:
        assert getattr(module, name) is not None, name
        assert name in dir(module)
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        module.nothing_here  # noqa: B018


# The names the top level exported up to 0.1, and their modules now (API.md, DECISIONS D7).
MOVED = {
    "BLOCK_SIZE": "index",
    "CACHE_BYTES": "block_cache",
    "DEFAULT_NAME": "packaged",
    "PACKAGED": "packaged",
    "resolve_path": "resolve",
    "fold": "keys",
    "read_words": "wordlist",
    "AnagramDBWarning": "errors",
    "StorageError": "errors",
    "InvalidRackError": "errors",
    "TimeLimitError": "errors",
}


def test_the_top_level_exports_the_engine_only():
    assert sorted(anagramdb.__all__) == [
        "AnagramDBError",
        "BuildReport",
        "Dictionary",
        "WordFilter",
        "__version__",
        "build",
        "check_index",
        "save_index",
        "word_key",
    ]
    assert callable(anagramdb.open) and "open" in dir(anagramdb)


@pytest.mark.parametrize("name", sorted(MOVED))
def test_a_moved_name_still_resolves_for_a_release_with_a_warning(name):
    import importlib

    module = importlib.import_module(f"anagramdb.{MOVED[name]}")
    message = f"anagramdb.{name} is deprecated: use anagramdb.{MOVED[name]}.{name}"
    with pytest.warns(DeprecationWarning, match=message.replace(".", r"\.")):
        assert getattr(anagramdb, name) is getattr(module, name)
    with pytest.warns(DeprecationWarning, match=message.replace(".", r"\.")):
        exec(f"from anagramdb import {name}", {})
    assert name not in anagramdb.__all__ and name not in dir(anagramdb)


def test_importing_loads_only_the_errors():
    """Every name but the error classes is loaded on first use: a command's cold start pays
    for the modules it uses and no others."""
    code = (
        "import sys, anagramdb, anagramdb.countdown; "
        "print(sorted(m for m in sys.modules if m.startswith('anagramdb')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert eval(result.stdout) == ["anagramdb", "anagramdb.countdown", "anagramdb.errors"]
    code = (
        "import sys, anagramdb; anagramdb.Dictionary; print('anagramdb.dictionary' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "True"


NAMEDTUPLE_API = {
    "_make",
    "_replace",
    "_asdict",
    "_fields",
}  # public, underscored to leave field names free


def test_tests_and_benchmarks_use_no_private_names():
    """Tests and benchmarks go through the public surface (what an embedder can use): no
    private name imported, and a private attribute reached only where a ``# private:``
    comment says why, on its line, the line above, or just above the test's def."""
    import ast

    root = API_DOC.parent.parent
    found = []
    for path in sorted([*root.glob("tests/**/*.py"), *root.glob("benchmarks/*.py")]):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        said = {n for n, line in enumerate(text.splitlines(), 1) if "# private:" in line}
        functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        imports = [
            alias for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
        ]
        modules = {
            alias.asname or alias.name for alias in imports if alias.name.startswith("anagramdb")
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("anagramdb"):
                found += [
                    f"{path.name}:{node.lineno}: {alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
                modules |= {alias.asname or alias.name for alias in node.names}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.attr not in NAMEDTUPLE_API
            ):
                if isinstance(node.value, ast.Name) and node.value.id in modules:
                    found.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
                elif not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    tests = [f for f in functions if f.lineno <= node.lineno <= f.end_lineno]
                    near = {node.lineno, node.lineno - 1, *(f.lineno - 1 for f in tests)}
                    if not near & said:
                        found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert found == []
