"""Atomic file replacement: readers see the old file or the new one, never a partial one.

The new content goes to a temporary file in the target's own directory, hidden and named
``.NAME.tmp-PID-XXXXXXXX`` (PID: the writing process), created exclusively. It is
flushed and fsynced, renamed over the target with ``os.replace``, and the directory is
fsynced so that the rename survives a power cut. On any error the temporary file is
removed and the target is left untouched. A writer killed outright leaves its temporary
file behind; the next writer in that directory removes the leftovers of processes that
no longer exist (never those of a live writer).

What may be replaced (check_output, the one rule for every output): a missing file; an
existing regular file only when it is recognisably anagramdb's own output of that kind
(a dictionary, its index, a game log, a statistics CSV) or the caller forces it; never a
directory, device, FIFO or socket, nor anything in the packaged data, even forced. A
symbolic link is written through: its target is replaced atomically and the link itself
is kept.

For crash tests, ``ANAGRAMDB_PAUSE_AT="STEP NAME"`` makes a writer stop at one named step
(see checkpoint) and wait to be killed.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

from .errors import OutputRefusedError, StorageError, describe_os_error
from .packaged import is_packaged

TEMP_MARK = ".tmp-"
PAUSE_VARIABLE = "ANAGRAMDB_PAUSE_AT"
NEW_OUTPUT = "; choose a new output file"  # the end of every refusal: what the user can do
_packaging = False  # see packaging()


@contextmanager
def packaging() -> Iterator[None]:
    """Within this block, check_output lets writes into the packaged data through: for the
    maintainers' tools that make it (tools/make_*.py) only; no command writes there."""
    global _packaging
    before, _packaging = _packaging, True
    try:
        yield
    finally:
        _packaging = before


def checkpoint(step: str, path: str) -> None:
    """A named point in a write ('created', 'written', 'synced', 'replaced', ...). When
    ANAGRAMDB_PAUSE_AT is ``"STEP NAME"`` for this step and file name, say so on stderr
    and wait: crash tests kill the process there."""
    wanted = os.environ.get(PAUSE_VARIABLE)
    if wanted and wanted == f"{step} {os.path.basename(path)}":
        import signal
        import sys

        # stderr is line-buffered (Python 3.9 on, even to a pipe): the line goes out now.
        print(f"anagramdb: paused at {wanted}", file=sys.stderr)
        while True:
            signal.pause()


def temp_prefix(name: str) -> str:
    """The prefix of this process's temporary files for *name*: ``.NAME.tmp-PID-``."""
    return f".{name}{TEMP_MARK}{os.getpid()}-"


def remove_leftovers(directory: str, name: str) -> list[str]:
    """Delete temporary files for *name* left by processes that no longer exist; return them."""
    removed: list[str] = []
    start = f".{name}{TEMP_MARK}"
    try:
        entries = os.listdir(directory)
    except OSError:
        return removed
    for entry in entries:
        if not entry.startswith(start):
            continue
        pid_text = entry[len(start) :].partition("-")[0]
        if not pid_text.isdigit() or _alive(int(pid_text)):
            continue
        try:
            os.unlink(os.path.join(directory, entry))
            removed.append(entry)
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but belongs to someone else
    return True


def check_output(
    path: str,
    problem_of: Callable[[str], str | None] | None = None,
    kind: str | None = None,
    force: bool = False,
    error: type[OutputRefusedError] = OutputRefusedError,
) -> str:
    """The file to write for the output *path*: *path* itself, or the target of a symbolic
    link (written through, the link kept). Raises *error* when it exists and is not a
    regular file (even with *force*), or when *problem_of* (the reason the file is not
    anagramdb's own *kind*, a phrase given with it such as "a game log"; or None when it
    is) finds a problem and not *force*; raises
    StorageError when it is a directory or cannot be examined."""
    import stat

    if not path:
        raise error("no output file given (an empty name)")
    target = os.path.realpath(path) if os.path.islink(path) else path
    if not _packaging and is_packaged(path):
        # Whatever the permissions say (a venv, pipx and root can write site-packages).
        raise error(
            f"{path} is in anagramdb's packaged data, which no command changes, even with "
            f"--force{NEW_OUTPUT}"
        )
    try:
        status = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
    if stat.S_ISDIR(status.st_mode):
        raise StorageError(f"cannot write {path}: {os.strerror(errno.EISDIR)}")
    if not stat.S_ISREG(status.st_mode):
        raise error(
            f"{path} exists and is not a regular file (a device, FIFO or socket), so it is not "
            f"replaced{NEW_OUTPUT}"
        )
    if not force and problem_of is not None:
        problem = problem_of(target)
        if problem:
            raise error(
                f"{path} exists and is not {kind} ({problem}), so it is not replaced{NEW_OUTPUT}"
            )
    return target


def probe_directory(path: str) -> None:
    """Raise StorageError now when the file *path* could not be written later: its
    directory is missing or not writable (a temporary file is created there and removed)."""
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, temp = tempfile.mkstemp(prefix=temp_prefix(os.path.basename(path)), dir=directory)
    except OSError as exc:
        raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
    os.close(fd)
    os.unlink(temp)


@contextmanager
def atomic_writer(path: str) -> Iterator[BinaryIO]:
    """Yield a binary file whose content replaces *path* atomically when the block ends
    (through a symbolic link: its target is replaced, see check_output).

    Raises :class:`StorageError` (naming the path and the reason) when the directory is
    not writable, the disk is full, or the rename fails, and OutputRefusedError when
    *path* is not a regular file.
    """
    import tempfile

    path = check_output(path)
    directory = os.path.dirname(os.path.abspath(path))
    name = os.path.basename(path)
    remove_leftovers(directory, name)
    try:
        fd, temp = tempfile.mkstemp(prefix=temp_prefix(name), dir=directory)
    except OSError as exc:
        raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
    try:
        checkpoint("created", path)
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            checkpoint("written", path)
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        checkpoint("synced", path)
        os.replace(temp, path)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise StorageError(f"cannot write {path}: {describe_os_error(exc)}") from exc
        raise
    checkpoint("replaced", path)
    fsync_directory(directory)


def fsync_directory(directory: str) -> None:
    """Flush a directory entry to disk; a no-op where directories cannot be opened."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
