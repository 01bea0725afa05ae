"""Solvers: the dictionaries the threads of one server process share, opened once.

A request reaches them as ``request.solvers`` (routes.Request); the API, the pages, the
practice page and the game's rooms all look words up through them.
"""

from __future__ import annotations

import threading
from contextlib import ExitStack

from ..countdown.rules import packaged_dictionaries
from ..definitions import Definitions
from ..dictionary import Dictionary
from ..packaged import COMMON_NAME
from ..resolve import display_name

# The cache of each dictionary besides the server's own (block_cache.py; the default is
# 4 MiB each): they answer a word check's "is it in the other lists?" and make conundrums,
# a few lookups a request, so a small cache serves them, and the server's caches stay
# bounded in bytes: at most the default for its own dictionary (or its key table) and this
# for each of the three packaged ones. At the default each kept up to 4 MiB of blocks that
# rooms had touched, long after the rooms had gone (measured: docs/PERFORMANCE.md).
OTHER_CACHE_BYTES = 256 * 1024


class Solvers:
    """What the threads of one server process share: the dictionary (opened once), the
    packaged dictionaries a word check also asks (``common`` among them: conundrums are
    made from it), and, opened on first use, the definitions."""

    def __init__(self, spec: str | None = None) -> None:
        self.full = Dictionary(spec, batch=True)  # its threads answer many queries
        self.name = display_name(spec)  # as word checks show it
        self._packaged = ExitStack()
        self.packaged = self._packaged.enter_context(packaged_dictionaries(OTHER_CACHE_BYTES))
        self._common: Dictionary | None = None
        self._definitions: Definitions | None = None
        self._lock = threading.Lock()

    def common(self) -> Dictionary:
        """The ``common`` dictionary: the packaged one open already, or opened now."""
        with self._lock:
            if COMMON_NAME in self.packaged:
                return self.packaged[COMMON_NAME]
            if self._common is None:
                self._common = Dictionary(COMMON_NAME, cache_bytes=OTHER_CACHE_BYTES)
            return self._common

    def definitions(self) -> Definitions:
        """The definitions file, opened on first use and shared by the threads."""
        with self._lock:
            if self._definitions is None:
                self._definitions = Definitions()
            return self._definitions

    def release_pages(self) -> None:
        """Give back the pages of every open file that requests have read (a quiet
        server's, web/workers.py): about 2 MiB of RSS after 10,000 requests, which the
        next request maps again from the page cache."""
        for opened in (self.full, *self.packaged.values(), self._common, self._definitions):
            if opened is not None:
                opened.release_pages()

    def define(self, word: str) -> dict[str, object]:
        """The record of ``anagramdb define WORD --json``."""
        return self.definitions().define(word).to_dict()

    def close(self) -> None:
        self.full.close()
        self._packaged.close()
        if self._common is not None:
            self._common.close()
        if self._definitions is not None:
            self._definitions.close()
