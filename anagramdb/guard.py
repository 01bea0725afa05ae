"""Readers dropped without close(): one ResourceWarning, as for an unclosed file, and
their descriptors and mappings closed (UnclosedGuard, shared by every reader)."""

from __future__ import annotations

import sys
from _weakref import ref as weak_reference

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


class UnclosedGuard:
    """Calls *closers* (which must not refer to *owner*) when *owner* is collected without
    having been closed, with a ResourceWarning as for an unclosed file. The owner's
    close() calls :meth:`detach`. Not run at interpreter exit: the process's descriptors
    and mappings go with it then.

    weakref.finalize does the same, but importing weakref (with types, atexit and
    _weakrefset) costs a cold lookup more than opening the dictionary; the builtin
    _weakref.ref with a callback, kept alive in a module-level set, is all it needs.
    """

    __slots__ = ("_arguments", "_reference")

    def __init__(
        self, owner: object, what: str, path: str, closers: tuple[Callable[[], object], ...]
    ) -> None:
        self._arguments = (what, path, closers)
        self._reference = weak_reference(owner, self._collected)
        _LIVE_GUARDS.add(self)

    def _collected(self, _reference: object) -> None:
        if self in _LIVE_GUARDS and not sys.is_finalizing():
            _LIVE_GUARDS.discard(self)
            _release_unclosed(*self._arguments)

    def detach(self) -> None:
        """The owner was closed: never warn or close for it."""
        _LIVE_GUARDS.discard(self)


_LIVE_GUARDS: set[UnclosedGuard] = set()


def unclosed_guard(
    owner: object, what: str, path: str, *closers: Callable[[], object]
) -> UnclosedGuard:
    """An :class:`UnclosedGuard` for *owner* (see there); *what* "" closes without a
    warning."""
    return UnclosedGuard(owner, what, path, closers)


def _release_unclosed(what: str, path: str, closers: tuple[Callable[[], object], ...]) -> None:
    if what:  # "": a reader's old file, retired when it reopened its path (mapped.py)
        import warnings

        warnings.warn(f"unclosed {what} {path!r}", ResourceWarning, stacklevel=2)
    for close in closers:
        close()
