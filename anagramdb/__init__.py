"""anagramdb: an on-disk anagram dictionary engine and Countdown solver (standard library only)."""

from __future__ import annotations

from .dictionary import Dictionary, resolve_path
from .errors import (
    AnagramDBError,
    AnagramDBWarning,
    DictionaryFormatError,
    IndexCorruptError,
    IndexVersionError,
    InvalidNumbersError,
    InvalidRackError,
    StorageError,
    TimeLimitError,
    WordListError,
)
from .keys import fold, word_key

__version__ = "0.1.0"

__all__ = [
    "AnagramDBError",
    "AnagramDBWarning",
    "Dictionary",
    "DictionaryFormatError",
    "IndexCorruptError",
    "IndexVersionError",
    "InvalidNumbersError",
    "InvalidRackError",
    "StorageError",
    "TimeLimitError",
    "WordListError",
    "__version__",
    "fold",
    "resolve_path",
    "word_key",
]
