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

API_DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "API.md"


def test_the_api_document_runs():
    failures, tried = doctest.testfile(str(API_DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert tried > 40
    assert failures == 0


@pytest.mark.parametrize("module", [anagramdb, anagramdb.countdown], ids=lambda m: m.__name__)
def test_every_exported_name_resolves(module):
    for name in module.__all__:
        assert getattr(module, name) is not None, name
        assert name in dir(module)
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        module.nothing_here  # noqa: B018


def test_importing_loads_only_the_reader():
    code = "import sys, anagramdb, anagramdb.countdown; print(sorted(m for m in sys.modules if m.startswith('anagramdb')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert eval(result.stdout) == ["anagramdb", "anagramdb.countdown", "anagramdb.dictionary", "anagramdb.errors", "anagramdb.index", "anagramdb.keys"]
