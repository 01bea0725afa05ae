"""Fixtures of the web tests: the history kept out of the user's files, one server for a
module's pages, and the one headless Chromium window (tests/support/browsers.py)."""

from __future__ import annotations

import os

import pytest

from ..support.browsers import chromium, missing
from ..support.web import serving, url_of


@pytest.fixture(scope="module", autouse=True)
def own_history(tmp_path_factory):
    """Games played alone from loopback end in the history: the tests' own, never the
    user's ($XDG_DATA_HOME/anagramdb/history.json)."""
    directory = tmp_path_factory.mktemp("data")
    before = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(directory)
    yield directory / "anagramdb" / "history.json"
    if before is None:
        del os.environ["XDG_DATA_HOME"]
    else:
        os.environ["XDG_DATA_HOME"] = before


@pytest.fixture(scope="module")
def url():
    """The address of a quiet server on a free port, serving for the whole module."""
    with serving() as server:
        yield url_of(server)


@pytest.fixture(scope="module")
def browser(request):
    """A headless Chromium window for the whole module, of the module's BROWSER_SIZE
    (width, height) or 1280 x 900."""
    why = missing()
    if why is not None:
        pytest.skip(why)
    driver = chromium(*getattr(request.module, "BROWSER_SIZE", (1280, 900)))
    yield driver
    driver.quit()
