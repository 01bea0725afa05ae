"""The stop signals: SIGTERM and SIGHUP stop a command the way Ctrl-C does.

Python turns SIGINT into KeyboardInterrupt, so every command already unwinds in order on
Ctrl-C: ``build`` removes its temporary files, ``numbers stats`` stops and reaps its
worker processes, ``play`` writes its ``--log``, and one line says so. SIGTERM (``kill``,
``timeout``, a service manager) and SIGHUP (the terminal closed) would instead end the
process where it stands. :func:`install` makes all three raise :class:`Stopped`, a
KeyboardInterrupt, in the main thread, so one unwinding serves them all; the last signal
received names the line and the exit code (:func:`exit_code`): 130 for Ctrl-C, and 128 +
the signal's number for the others, as a shell reports a process the signal killed (143
for SIGTERM, 129 for SIGHUP).

A signal ignored when the program starts (``nohup``, SIGINT in a background job) stays
ignored. ``serve`` puts handlers of its own in place of these (web/workers.py: it stops
gracefully and exits 0). ``numbers stats``' worker processes are started afresh (spawn or
forkserver), ignore Ctrl-C and SIGHUP, and are killed by the command when it stops
(countdown/numbers_workers.py).

Only the built-in ``_signal`` is imported, not ``signal``, which imports enum: the quick
path installs these handlers too and must not pay for enum (tests/cli/test_cold_path.py).
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # typeshed stubs only signal, not _signal

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold lookup more than its solve
    from typing import Any

INTERRUPTED = 130  # Ctrl-C's exit code, as the shell gives a process SIGINT killed
NAMES = {
    getattr(_signal, name): name
    for name in ("SIGINT", "SIGTERM", "SIGHUP")
    if hasattr(_signal, name)
}
SIGINT: int = _signal.SIGINT

_last: list[int] = []  # the stop signal received last, when one was


class Stopped(KeyboardInterrupt):
    """A stop signal (Ctrl-C, SIGTERM, SIGHUP), raised wherever the main thread was."""

    def __init__(self, signum: int) -> None:
        super().__init__(NAMES.get(signum, str(signum)))
        self.signum = signum


def _stop(signum: int, frame: Any) -> None:
    _last[:] = [signum]
    raise Stopped(signum)


def install() -> None:
    """Make each stop signal that has its default action raise Stopped from now on."""
    for signum in NAMES:
        handler = _signal.getsignal(signum)
        if handler == _signal.SIG_DFL or handler is _signal.default_int_handler:
            _signal.signal(signum, _stop)


def received() -> int:
    """The stop signal received last (SIGINT when none was: a KeyboardInterrupt raised
    otherwise is Ctrl-C's)."""
    return _last[0] if _last else SIGINT


def exit_code() -> int:
    """130 after Ctrl-C, 128 + the signal's number after another stop signal."""
    signum = received()
    return INTERRUPTED if signum == SIGINT else 128 + signum


def describe() -> str:
    """What stopped the command, for its last line: ``interrupted`` (Ctrl-C), or
    ``interrupted by SIGTERM`` (SIGHUP)."""
    signum = received()
    return "interrupted" if signum == SIGINT else f"interrupted by {NAMES[signum]}"
