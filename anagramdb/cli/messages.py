"""What the command line says on stderr, in one style for both paths (no typer here).

    anagramdb: error: MESSAGE      exit 2 (bad input, usage) or 1 (files, system)
    anagramdb: warning: MESSAGE    the command goes on
    anagramdb: notice: 'OLD' is now 'NEW'   after a superseded form ran without an error
    anagramdb: interrupted         exit 130 (Ctrl-C)
    anagramdb: interrupted by SIGTERM   exit 143 (129 for SIGHUP; stop_signals.py)
    QUERY: no words                an empty result: exit 0, nothing on stdout
    WORD: no definition            define's empty result, the same way

Every message is one line: queries echoed in them are cut (see :func:`cut`).
"""

from __future__ import annotations

import errno
import io
import os
import sys

from ..errors import SHOWN
from .stop_signals import INTERRUPTED as INTERRUPTED  # typer's code for any KeyboardInterrupt
from .stop_signals import describe, exit_code

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing costs a cold lookup more than its solve
    from typing import Any

PROGRAM = "anagramdb"


def cut(text: str, limit: int = SHOWN) -> str:
    """*text*, or its first *limit* characters and how many more there were (quoted
    text in messages is errors.quoted's)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit:,} more characters)"


LONGEST_WORD = 160  # characters of one word (a path, a value) shown in a message


def one_line(message: str) -> str:
    """*message* on one line (click's and the library's messages are one line already),
    each word of it (a path, most often) cut in the middle to LONGEST_WORD characters: a
    10 KB path must not make a 10 KB error line."""
    if "\n" in message or "\r" in message:
        message = " ".join(message.split())
    if len(message) <= LONGEST_WORD:
        return message
    return " ".join(
        f"{word[: LONGEST_WORD // 2]}...{word[-LONGEST_WORD // 2 :]}"
        if len(word) > LONGEST_WORD
        else word
        for word in message.split(" ")
    )


def error(message: str, code: int) -> int:
    """Print ``anagramdb: error: MESSAGE`` on stderr and return *code*."""
    _run["errors"] += 1
    print(f"{PROGRAM}: error: {one_line(message)}", file=sys.stderr, flush=True)
    return code


def warning(message: str) -> None:
    print(f"{PROGRAM}: warning: {one_line(message)}", file=sys.stderr, flush=True)


# What this run has to say at its end, and how many errors it said (program.Program.run).
_run: dict[str, Any] = {"notices": [], "errors": 0}

# ANAGRAMDB_DEBUG=1 (any value but empty): errors raise with their traceback instead of
# one line. Read once, at import: out of memory, even reading the environment can fail.
DEBUG = bool(os.environ.get("ANAGRAMDB_DEBUG"))


def superseded(old: str, new: str) -> None:
    """Note that an old form of a command ran (as it always did): show_notices says so
    once the run is over, unless it printed an error (an error stays one line)."""
    _run["notices"].append(f"{PROGRAM}: notice: '{old}' is now '{new}'")


def start_run() -> None:
    _run.update(notices=[], errors=0)


def show_notices() -> None:
    """Print the notices of a run that printed no error."""
    if not _run["errors"]:
        for notice in _run["notices"]:
            print(notice, file=sys.stderr, flush=True)
    _run["notices"] = []


def show_warning(
    message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None
) -> None:
    """warnings.showwarning replacement: one ``anagramdb: warning:`` line on stderr."""
    warning(str(message))


def show_warnings() -> None:
    """Show every library warning (AnagramDBWarning) as one ``anagramdb: warning:`` line,
    each time it happens: set once by each way into the command line. Where warnings is
    not loaded yet (a plain start: it costs a cold lookup 0.9M instructions), it is set
    just before the library's first warning (errors.before_first_warning)."""
    if "warnings" in sys.modules:
        _show_warnings_here()
    else:
        from ..errors import before_first_warning

        before_first_warning(_show_warnings_here)


def _show_warnings_here() -> None:
    import warnings

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
    """The command was stopped (Ctrl-C, SIGTERM, SIGHUP) and has unwound: say which, and
    return its exit code. After SIGHUP the terminal may be gone: then nothing is said."""
    try:
        print(f"{PROGRAM}: {describe()}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
    return exit_code()


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of what is still
    buffered cannot fail a second time."""
    raw = getattr(getattr(sys.stdout, "buffer", None), "raw", None)
    if isinstance(raw, _ClosedOutput):
        raw.discard = True
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def broken_pipe() -> int:
    """The reader went away (``anagramdb ... | head``): exit quietly, as cat does."""
    _silence_stdout()
    return 1


def stdout_failed(exc: OSError) -> int:
    """Standard output cannot be written (closed with ``>&-``, a full disk): one line and
    exit 1. Whatever the command wrote to files before it printed is complete and stays."""
    _silence_stdout()
    return error(f"cannot write to stdout: {exc.strerror or type(exc).__name__}", 1)


# What writing to a closed descriptor or a full device raises. The library turns its own
# file errors into StorageErrors, so such an OSError at the top came from printing.
_OUTPUT_ERRNOS = frozenset(
    getattr(errno, name)
    for name in ("EBADF", "ENOSPC", "EDQUOT", "EFBIG", "EIO")
    if hasattr(errno, name)
)


def is_output_error(exc: OSError) -> bool:
    """True when *exc* is standard output failing (closed, a full disk), not a bug."""
    return exc.filename is None and exc.errno in _OUTPUT_ERRNOS


class _ClosedOutput(io.RawIOBase):
    """What stdout is when descriptor 1 was closed (``>&-``): a write fails with EBADF, as
    writing to a closed descriptor does, until the failure is reported (then writes are
    dropped, so that Python's own flush at exit does not report it again)."""

    discard = False

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        if not self.discard:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        return len(data)


def stand_in_for_closed_streams() -> None:
    """Python leaves sys.stdout (sys.stderr) None when descriptor 1 (2) is closed: give
    stdout a stand-in that fails when written, and stderr one that drops what it gets."""
    if sys.stdout is None:
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(_ClosedOutput()), encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # kept for the process


def failed(exc: BaseException, args: list[str] | None = None) -> int:
    """What ended the command line *args* early, said on one line, and the exit code:
    Ctrl-C, a reader gone (a closed pipe), stdout failing (the library's own file errors
    are StorageErrors, so another OSError here is printing's), memory, or a bug."""
    if isinstance(exc, KeyboardInterrupt):
        return interrupted()
    if isinstance(exc, BrokenPipeError):
        return broken_pipe()
    if isinstance(exc, OSError) and is_output_error(exc):
        return stdout_failed(exc)
    if is_out_of_memory(exc) and not DEBUG:
        # The frames of its traceback may hold what used the memory up: let them go first,
        # before anything here allocates (Python 3.10 crashed in os.environ.get otherwise).
        exc.__traceback__ = None
        if exc.__context__ is not None:
            exc.__context__.__traceback__ = None
        return out_of_memory(args)
    return internal_error(exc)


def drop_memory_errors(unraisable: Any) -> None:
    """sys.unraisablehook for the command line: an exception no caller can catch (in a
    finalizer, a generator closed as it is collected) is shown as CPython shows it, unless
    it is a MemoryError: then the command is running out of memory, which the one line
    says when it ends (a generator closed while a build's exception unwound printed
    "Exception ignored in ..." and a traceback above it), or it recovered."""
    if not isinstance(unraisable.exc_value, MemoryError):
        sys.__unraisablehook__(unraisable)


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether *exc* means the process ran out of memory or address space: a MemoryError;
    an OSError of ENOMEM (a directory listed or a file mapped by an import); a C
    extension that could not be loaded for want of address space (the dynamic loader's
    "failed to map segment"); or, under a memory limit (``ulimit -v`` or ``-d``), an
    import that failed in one of the ways CPython reports an allocation it could not make
    while importing: a SystemError of a NULL returned without an exception (3.12's
    typing, 3.13's _find_and_load), a SyntaxError in a module that parses (3.10's
    parser), an ImportError. The modules anagramdb imports do import when memory
    suffices (every test imports them), so under a limit these mean the limit."""
    if isinstance(exc, MemoryError):
        return True
    if isinstance(exc, OSError) and exc.errno == errno.ENOMEM:
        return True
    if isinstance(exc, ImportError) and "failed to map segment" in str(exc):
        return True
    if isinstance(exc, (SystemError, SyntaxError, ImportError)):
        return memory_is_limited()
    return False


def memory_is_limited() -> bool:
    """Whether an address-space or data-segment limit (ulimit -v, -d) is set."""
    try:
        import resource

        return any(
            resource.getrlimit(which)[0] != resource.RLIM_INFINITY
            for which in (resource.RLIMIT_AS, resource.RLIMIT_DATA)
        )
    except MemoryError:  # too short of memory to ask: that answers it
        return True
    except ImportError:  # every POSIX Python has resource: there, memory was too short to
        return os.name == "posix"  # load it (seen on 3.10 without .pyc files)
    except (OSError, ValueError):
        return False


def internal_error(exc: BaseException) -> int:
    """A bug: still one line, with the way to see the traceback."""
    if DEBUG:
        raise exc
    return error(
        f"internal error: {type(exc).__name__}: {cut(str(exc), 200)} (set ANAGRAMDB_DEBUG=1 for a "
        "traceback)",
        1,
    )


# The out-of-memory line as bytes, made before memory runs out: when even the message
# cannot be made (an import, a string), this is written to descriptor 2 as it is.
OUT_OF_MEMORY_LINE = (
    f"{PROGRAM}: error: out of memory; free some memory, raise the limit, "
    "or ask for less (a smaller --cache, build --memory, phrases --limit)\n"
).encode()


def out_of_memory(args: list[str] | None = None) -> int:
    """'out of memory while running COMMAND', with the address-space limit when one is
    set; exit 1. *args* is the command line (sys.argv[1:] by default). When memory is
    too short even for that, OUT_OF_MEMORY_LINE, written without Python's help."""
    try:
        return _out_of_memory(args)
    except MemoryError:
        try:
            sys.stderr.flush()
        except (MemoryError, OSError, ValueError):
            pass
        try:
            os.write(2, OUT_OF_MEMORY_LINE)
        except OSError:
            pass
        return 1


def _out_of_memory(args: list[str] | None) -> int:
    from .grammar import hoist, split_globals

    try:
        words = split_globals(hoist(sys.argv[1:] if args is None else args))[1]
    except ValueError:
        words = []
    command = " ".join(["anagramdb", *[w for w in words[:2] if not w.startswith("-")][:1]])
    limit = ""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY:
            limit = f" under an address-space limit of {soft // 2**20} MiB"
    except (ImportError, OSError, ValueError, MemoryError):  # the limit is a detail
        pass
    return error(
        f"out of memory while running {command}{limit}; free some memory, raise the limit, "
        "or ask for less (a smaller --cache, build --memory, phrases --limit)",
        1,
    )
