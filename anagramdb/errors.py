"""The exception hierarchy: every error the library raises on purpose is an AnagramDBError.

Each class carries the exit code the CLI uses for it: 2 for bad input or usage, 1 for a
runtime problem with files on disk.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


class AnagramDBError(Exception):
    """Base class of every error anagramdb raises on purpose."""

    exit_code = 1


class InvalidRackError(AnagramDBError, ValueError):
    """Letters given to a lookup or solver contain something that is not a letter."""

    exit_code = 2


class InvalidNumbersError(AnagramDBError, ValueError):
    """Numbers or a target given to the numbers solver break the rules."""

    exit_code = 2


class InvalidGameError(AnagramDBError, ValueError):
    """Game settings or a move break the rules (an unknown round, a pick from an empty pile)."""

    exit_code = 2


class InvalidArgumentError(AnagramDBError, ValueError):
    """An argument is outside its allowed range (a count, a length, a block size)."""

    exit_code = 2


class PilesFormatError(AnagramDBError):
    """A letter piles file breaks its format (``LETTER COUNT`` lines, see docs/FORMAT.md)."""

    exit_code = 2


class WordListError(AnagramDBError):
    """A word list given to the builder cannot be read (bad encoding, bad format)."""

    exit_code = 2


class InputTooLongError(AnagramDBError, ValueError):
    """A line of input is longer than its reader's bound (lines.MAX_LINE): a file with no
    line breaks, or not text at all."""

    exit_code = 2


class DictionaryFormatError(AnagramDBError):
    """A dictionary file breaks the format: a line out of order or a line that is not a word."""


class OutputRefusedError(AnagramDBError):
    """An output would replace a file that is not anagramdb's own output of that kind, or
    one that is not a regular file (a device, a FIFO): see atomic.check_output."""

    exit_code = 2


class BuildRefusedError(OutputRefusedError):
    """A build would lose data: it would replace a file that is not a dictionary, or write
    no words."""

    exit_code = 2


class IndexCorruptError(AnagramDBError):
    """An index file is damaged: bad magic, bad checksum, truncated, or inconsistent."""


class IndexVersionError(IndexCorruptError):
    """An index file was written by an incompatible version of the format."""


class DictionaryChangedError(AnagramDBError):
    """A file open for lookups was changed in place (truncated, rewritten) while in use;
    lookups resume once it is whole again or replaced (docs/RELIABILITY.md)."""


class StorageError(AnagramDBError):
    """A file could not be read or written (missing, a directory, read-only, disk full)."""


class TimeLimitError(AnagramDBError):
    """A search ran past the deadline its caller set (only callers that set one, such as
    the web server)."""

    exit_code = 2


class AnagramDBWarning(UserWarning):
    """Something was worked around: e.g. an index kept in memory because it could not be saved."""


# What a front end wants done to the warnings module before the library's first warning
# (cli/messages.py: one ``anagramdb: warning:`` line each time), run once by warn().
_BEFORE_FIRST_WARNING: list[Callable[[], object]] = []


def before_first_warning(setup: Callable[[], object]) -> None:
    """Have warn() call *setup* once, before it issues the library's first warning: a front
    end that shows warnings its own way need not import warnings to say so (the module
    costs a cold lookup more than a tenth of its answer) when nothing is ever said."""
    if setup not in _BEFORE_FIRST_WARNING:
        _BEFORE_FIRST_WARNING.append(setup)


def warn(message: str, stacklevel: int = 1) -> None:
    """``warnings.warn(message, AnagramDBWarning)`` as seen from the caller (*stacklevel*
    counts from there), importing warnings only now, after before_first_warning's setups."""
    while _BEFORE_FIRST_WARNING:
        _BEFORE_FIRST_WARNING.pop(0)()
    import warnings

    warnings.warn(message, AnagramDBWarning, stacklevel=stacklevel + 1)


SHOWN = 40  # characters of a user's text quoted in a message


def quoted(text: str, limit: int = SHOWN) -> str:
    """*text* quoted for a message, cut to *limit* characters: a 100,000-letter query
    must not become a 100,000-character error line."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text) - limit:,} more characters)"


def describe_os_error(exc: OSError) -> str:
    """The short reason of an OSError: 'No space left on device', 'Permission denied'."""
    return exc.strerror or exc.__class__.__name__
