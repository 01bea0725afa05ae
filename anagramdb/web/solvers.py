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


class Solvers:
    """What the threads of one server process share: the dictionary (opened once), the
    packaged dictionaries a word check also asks, and, opened on first use, the ``common``
    dictionary that conundrums are made from and the definitions."""

    def __init__(self, spec: str | None = None) -> None:
        self.full = Dictionary(spec, batch=True)  # its threads answer many queries
        self.name = display_name(spec)  # as word checks show it
        self._packaged = ExitStack()
        self.packaged = self._packaged.enter_context(packaged_dictionaries())
        self._common: Dictionary | None = None
        self._definitions: Definitions | None = None
        self._lock = threading.Lock()

    def common(self) -> Dictionary:
        with self._lock:
            if self._common is None:
                self._common = Dictionary(COMMON_NAME)
            return self._common

    def definitions(self) -> Definitions:
        """The definitions file, opened on first use and shared by the threads."""
        with self._lock:
            if self._definitions is None:
                self._definitions = Definitions()
            return self._definitions

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
