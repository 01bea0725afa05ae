"""What the command line says on stderr, in one style for both paths (no typer here).

    anagramdb: error: MESSAGE      exit 2 (bad input, usage) or 1 (files, system)
    anagramdb: warning: MESSAGE    the command goes on
    anagramdb: interrupted         exit 130 (Ctrl-C)
    QUERY: no words                an empty result: exit 0, nothing on stdout
    WORD: no definition            define's empty result, the same way

Every message is one line: queries echoed in them are cut (see :func:`cut`).
"""

from __future__ import annotations

import os
import sys

from ..errors import SHOWN

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold lookup more than its solve
    from typing import Any

PROGRAM = "anagramdb"
INTERRUPTED = 130


def cut(text: str, limit: int = SHOWN) -> str:
    """*text*, or its first *limit* characters and how many more there were (quoted
    text in messages is errors.quoted's)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit:,} more characters)"


def one_line(message: str) -> str:
    """*message* on one line (click's and the library's messages are one line already)."""
    return " ".join(message.split()) if "\n" in message or "\r" in message else message


def error(message: str, code: int) -> int:
    """Print ``anagramdb: error: MESSAGE`` on stderr and return *code*."""
    print(f"{PROGRAM}: error: {one_line(message)}", file=sys.stderr, flush=True)
    return code


def warning(message: str) -> None:
    print(f"{PROGRAM}: warning: {one_line(message)}", file=sys.stderr, flush=True)


def show_warning(
    message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None
) -> None:
    """warnings.showwarning replacement: one ``anagramdb: warning:`` line on stderr."""
    warning(str(message))


def show_warnings() -> None:
    """Show every library warning (AnagramDBWarning) as one ``anagramdb: warning:`` line,
    each time it happens: set once by each way into the command line."""
    import warnings  # always loaded by the interpreter: free

    from ..errors import AnagramDBWarning

    warnings.showwarning = show_warning
    warnings.simplefilter("always", AnagramDBWarning)


def no_definition(word: str) -> None:
    """A word without a definition (not an error: exit 0, nothing on stdout)."""
    print(f"{cut(word)}: no definition", file=sys.stderr, flush=True)


def no_words(query: str) -> None:
    """The empty-result line on stderr (exit 0; JSON says it with an empty list)."""
    print(f"{cut(query)}: no words", file=sys.stderr, flush=True)


def interrupted() -> int:
    print(f"{PROGRAM}: interrupted", file=sys.stderr, flush=True)
    return INTERRUPTED


def broken_pipe() -> int:
    """The reader went away (``anagramdb ... | head``): exit quietly, as cat does."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 1


def internal_error(exc: BaseException) -> int:
    """A bug: still one line, with the way to see the traceback."""
    if os.environ.get("ANAGRAMDB_DEBUG"):
        raise exc
    return error(
        f"internal error: {type(exc).__name__}: {cut(str(exc), 200)} (set ANAGRAMDB_DEBUG=1 for a "
        "traceback)",
        1,
    )
