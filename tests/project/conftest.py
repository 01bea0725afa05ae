"""Fixtures shared by the project's tests of the packaged data."""

from __future__ import annotations

import pytest

from anagramdb.packaged import PACKAGED, data_path


@pytest.fixture(scope="module")
def packaged_words() -> dict[str, set[str]]:
    """Each packaged list's words, by the list's name."""
    found = {}
    for name, file in PACKAGED.items():
        with open(data_path(file), encoding="utf-8") as handle:
            found[name] = set(handle.read().split())
    return found
