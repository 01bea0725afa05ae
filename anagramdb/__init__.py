"""anagramdb: an on-disk anagram dictionary engine and Countdown solver (standard library only).

The storage engine's public names are here; the game's (the solvers for the rounds) are
in :mod:`anagramdb.countdown`. docs/API.md shows both at work. ``import anagramdb``
loads the dictionary reader only: the builder and the checker are loaded on first use
(module ``__getattr__``), so a lookup's cold start does not pay for them.
"""

from __future__ import annotations

from .block_cache import CACHE_BYTES
from .dictionary import Dictionary
from .errors import (
    AnagramDBError,
    AnagramDBWarning,
    BuildRefusedError,
    DictionaryFormatError,
    IndexCorruptError,
    IndexVersionError,
    InputTooLongError,
    InvalidArgumentError,
    InvalidGameError,
    InvalidNumbersError,
    InvalidRackError,
    OutputRefusedError,
    PilesFormatError,
    StorageError,
    TimeLimitError,
    WordListError,
)
from .index import BLOCK_SIZE
from .keys import fold, word_key
from .packaged import DEFAULT_NAME, PACKAGED
from .resolve import resolve_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    import os

    from .builder import BuildReport, build
    from .index_build import save_index
    from .index_check import check_index
    from .wordlist import WordFilter, read_words

__version__ = "0.1.0"

# name -> module of the names loaded on first use
_LAZY = {
    "build": "builder",
    "BuildReport": "builder",
    "WordFilter": "wordlist",
    "read_words": "wordlist",
    "check_index": "index_check",
    "save_index": "index_build",
}


def open(
    path: str | os.PathLike[str] | None = None,
    *,
    block_size: int = BLOCK_SIZE,
    cache_bytes: int | None = None,
) -> Dictionary:
    """Open a dictionary file, a packaged one by name (``"full"``, ``"common"``, ...) or,
    with no *path*, the default: the same as ``Dictionary(path, ...)``. Close it, or use
    it in a ``with`` block."""
    return Dictionary(path, block_size=block_size, cache_bytes=cache_bytes)


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


# `open` is public but left out of __all__, so that `from anagramdb import *` does not
# hide the built-in open.
__all__ = [
    "BLOCK_SIZE",
    "CACHE_BYTES",
    "DEFAULT_NAME",
    "PACKAGED",
    "AnagramDBError",
    "AnagramDBWarning",
    "BuildRefusedError",
    "BuildReport",
    "Dictionary",
    "DictionaryFormatError",
    "IndexCorruptError",
    "IndexVersionError",
    "InputTooLongError",
    "InvalidArgumentError",
    "InvalidGameError",
    "InvalidNumbersError",
    "InvalidRackError",
    "OutputRefusedError",
    "PilesFormatError",
    "StorageError",
    "TimeLimitError",
    "WordFilter",
    "WordListError",
    "__version__",
    "build",
    "check_index",
    "fold",
    "read_words",
    "resolve_path",
    "save_index",
    "word_key",
]
