"""Fixtures of the game's tests: the packaged dictionaries, open once a module."""

from __future__ import annotations

import pytest

from anagramdb.dictionary import Dictionary
from anagramdb.packaged import PACKAGED


@pytest.fixture(scope="module")
def lists():
    """Every packaged dictionary by name (full, common, huge), closed after the module."""
    opened = {name: Dictionary(name) for name in PACKAGED}
    yield opened
    for dictionary in opened.values():
        dictionary.close()
