"""anagramdb: an on-disk anagram dictionary engine and Countdown solver (standard library only).

The top level is the storage engine's front door, a few names: ``open`` and
``Dictionary`` to look words up, ``build``, ``BuildReport`` and ``WordFilter`` to make a
dictionary, ``check_index`` and ``save_index`` for its index, ``word_key``, and the base
error ``AnagramDBError`` (every error class is in :mod:`anagramdb.errors`). The game's
names (the solvers for the rounds) are in :mod:`anagramdb.countdown`. docs/API.md shows
both at work.

``import anagramdb`` loads the error classes only: every other name is loaded on first
use (module ``__getattr__``), so a command's cold start pays for the modules it uses and
no others (``define`` never loads the dictionary reader, ``numbers`` no file reader).
Names that were exported here before 0.2 still resolve, with a DeprecationWarning naming
their module, for one release.
"""

from __future__ import annotations

from .errors import AnagramDBError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import os

    from .builder import BuildReport, build
    from .dictionary import Dictionary
    from .index_build import save_index
    from .index_check import check_index
    from .keys import word_key
    from .wordlist import WordFilter

__version__ = "0.1.0"

# name -> module of the names loaded on first use
_LAZY = {
    "Dictionary": "dictionary",
    "word_key": "keys",
    "build": "builder",
    "BuildReport": "builder",
    "WordFilter": "wordlist",
    "check_index": "index_check",
    "save_index": "index_build",
}
# name -> module of the names exported here until 0.1: they resolve, with a
# DeprecationWarning, for one release (docs/DECISIONS.md, D7), but are not listed.
_MOVED = {
    "BLOCK_SIZE": "index",
    "CACHE_BYTES": "block_cache",
    "DEFAULT_NAME": "packaged",
    "PACKAGED": "packaged",
    "resolve_path": "resolve",
    "fold": "keys",
    "read_words": "wordlist",
    **dict.fromkeys(
        (
            "AnagramDBWarning",
            "BuildRefusedError",
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
            "WordListError",
        ),
        "errors",
    ),
}


def open(
    path: str | os.PathLike[str] | None = None,
    *,
    block_size: int | None = None,
    cache_bytes: int | None = None,
) -> Dictionary:
    """Open a dictionary file, a packaged one by name (``"full"``, ``"common"``, ...) or,
    with no *path*, the default: the same as ``Dictionary(path, ...)`` (*block_size* None:
    index.BLOCK_SIZE). Close it, or use it in a ``with`` block."""
    from .dictionary import Dictionary
    from .index import BLOCK_SIZE

    return Dictionary(
        path, block_size=BLOCK_SIZE if block_size is None else block_size, cache_bytes=cache_bytes
    )


def __getattr__(name: str) -> object:
    from importlib import import_module

    module = _LAZY.get(name)
    if module is not None:
        value = getattr(import_module(f"{__name__}.{module}"), name)
        globals()[name] = value
        return value
    module = _MOVED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    warnings.warn(
        f"anagramdb.{name} is deprecated: use anagramdb.{module}.{name}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


# `open` is public but left out of __all__, so that `from anagramdb import *` does not
# hide the built-in open.
__all__ = [
    "AnagramDBError",
    "BuildReport",
    "Dictionary",
    "WordFilter",
    "__version__",
    "build",
    "check_index",
    "save_index",
    "word_key",
]
