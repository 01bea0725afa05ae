"""Reading word lists: plain or prefix-compressed, gzip or not, files or stdin; filtering.

Plain lists hold one word a line, in any case, with LF or CRLF endings, an optional
byte-order mark and blank lines. The prefix-compressed format (from the "Solving
Countdown" articles) writes each word as a digit 1-9 saying how many leading characters
it shares with the previous word, then the rest::

    abandon
    7ed        <- "abandon" + "ed" = "abandoned"
    7ing       <- "abandon" + "ing" = "abandoning"

A line that does not start with a digit is a whole word. Gzip files are recognised by
their magic bytes, whatever their name.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Generator, Iterable, Iterator
from itertools import chain, islice
from typing import BinaryIO

from .errors import (
    InputTooLongError,
    InvalidArgumentError,
    StorageError,
    WordListError,
    describe_os_error,
)
from .keys import fold, is_word
from .lines import bounded_lines, read_in_order
from .packaged import data_path

FORMATS = ("auto", "plain", "prefix")
OFFENSIVE_FILE = data_path("offensive.txt")
DETECT_LINES = 1000
GZIP_MAGIC = b"\x1f\x8b"
MAX_PREFIX = 9


class WordFilter:
    """Which words the builder keeps. Length counts letters after folding.

    Defaults: keep every word made only of letters, drop words with capitals (proper
    nouns, acronyms), no length limits. Immutable, compared and hashed by its fields.
    (A plain class, not a dataclass: ``dataclasses`` imports ``inspect`` and ``ast``,
    0.75 MiB of every process that reads a word list, a server's among them.)
    """

    __slots__ = FIELDS = ("min_length", "max_length", "keep_proper_nouns", "ascii_only")
    min_length: int
    max_length: int | None
    keep_proper_nouns: bool
    ascii_only: bool

    def __init__(
        self,
        min_length: int = 1,
        max_length: int | None = None,
        keep_proper_nouns: bool = False,
        ascii_only: bool = False,
    ) -> None:
        if min_length < 1 or (max_length is not None and max_length < 1):
            raise InvalidArgumentError(
                f"word lengths must be at least 1, not {min_length} to {max_length}"
            )
        for name, value in zip(
            self.FIELDS, (min_length, max_length, keep_proper_nouns, ascii_only), strict=True
        ):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a WordFilter is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a WordFilter is immutable")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, WordFilter)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({shown})"

    def reason_to_skip(self, word: str) -> str | None:
        """None when *word* is kept, else the reason it is skipped (a report category)."""
        if not is_word(word):
            return "not letters"
        if self.ascii_only and not word.isascii():
            return "not ASCII"
        if not self.keep_proper_nouns and word != word.lower():
            return "capitalised"
        length = len(fold(word))
        if length < self.min_length:
            return "too short"
        if self.max_length is not None and length > self.max_length:
            return "too long"
        return None


def open_binary(path: str) -> BinaryIO:
    """Open a word list for reading bytes: ``-`` is stdin; gzip is unwrapped by its magic."""
    if path == "-":
        if sys.stdin is None:  # Python's sys.stdin when descriptor 0 is closed
            raise StorageError("cannot read word list -: stdin is closed")
        handle: BinaryIO = sys.stdin.buffer
    else:
        try:
            handle = open(path, "rb")
        except OSError as exc:
            raise StorageError(f"cannot read word list {path}: {describe_os_error(exc)}") from exc
        read_in_order(handle.fileno())
    peek = getattr(handle, "peek", None)
    start = peek(2)[:2] if peek else b""
    if start == GZIP_MAGIC:
        import gzip

        return gzip.GzipFile(fileobj=handle, mode="rb")  # type: ignore[return-value]  # a binary file, which typeshed does not call BinaryIO
    return handle


def decoded_lines(
    handle: BinaryIO, path: str, encoding: str = "utf-8"
) -> Iterator[tuple[int, str]]:
    """(line number, stripped text) for each non-blank line; a BOM on line 1 is dropped.
    A line longer than lines.MAX_LINE bytes raises InputTooLongError at once."""
    import codecs

    try:
        codecs.lookup(encoding)
    except LookupError as exc:
        raise WordListError(f"unknown encoding {encoding!r}") from exc
    line_no = 0
    try:
        for raw in bounded_lines(handle, path):
            line_no += 1
            try:
                text = raw.decode(encoding)
            except UnicodeDecodeError as exc:
                bad = f"byte {exc.start + 1} is 0x{raw[exc.start]:02x}"
                raise WordListError(
                    f"{path}: line {line_no}: not valid {encoding} ({bad}); give the file's "
                    f"encoding if it is not {encoding}"
                ) from exc
            if line_no == 1:
                text = text.lstrip("\ufeff")
            text = text.strip()
            if text:
                yield line_no, text
    except (EOFError, OSError, ValueError) as exc:
        if isinstance(exc, (WordListError, StorageError, InputTooLongError)):
            raise
        reason = (
            "the compressed data is truncated"
            if isinstance(exc, EOFError)
            else (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc))
        )
        raise WordListError(f"{path}: cannot read after line {line_no}: {reason}") from exc


def looks_prefix_compressed(lines: list[tuple[int, str]]) -> bool:
    """True when a sample of lines reads as prefix-compressed: the first line is a whole
    word and at least half of the lines start with a digit 1-9 followed by a non-digit."""
    if not lines or lines[0][1][0].isdigit():
        return False
    coded = sum(
        1
        for _, text in lines
        if text[0] in "123456789" and (len(text) == 1 or not text[1].isdigit())
    )
    return coded * 2 >= len(lines)


def expand_prefixes(lines: Iterable[tuple[int, str]], path: str) -> Iterator[tuple[int, str]]:
    """Undo prefix compression: ``7ed`` after ``abandon`` is ``abandoned``."""
    previous = ""
    for line_no, text in lines:
        if text[0] in "123456789":
            shared = int(text[0])
            if shared > len(previous):
                raise WordListError(
                    f"{path}: line {line_no}: {text!r} reuses {shared} characters but the "
                    f"previous word {previous!r} has {len(previous)}"
                )
            text = previous[:shared] + text[1:]
        previous = text
        yield line_no, text


def compress_prefixes(words: Iterable[str]) -> Iterator[str]:
    """Prefix-compress words (best sorted alphabetically): the inverse of expand_prefixes.

    A word that itself starts with a digit cannot be represented and raises ValueError.
    """
    previous = ""
    for word in words:
        if word[:1].isdigit():
            raise ValueError(f"{word!r} starts with a digit and cannot be prefix-compressed")
        shared = 0
        limit = min(len(previous), len(word), MAX_PREFIX)
        while shared < limit and previous[shared] == word[shared]:
            shared += 1
        yield f"{shared}{word[shared:]}" if shared else word
        previous = word


def read_words(
    path: str | os.PathLike[str], fmt: str = "auto", encoding: str = "utf-8"
) -> Generator[tuple[int, str], None, None]:
    """(line number, word) for each non-blank line of a word list, prefixes expanded."""
    if fmt not in FORMATS:
        raise WordListError(f"unknown word-list format {fmt!r}; choose one of {', '.join(FORMATS)}")
    path = os.fspath(path)
    handle = open_binary(path)
    try:
        lines = decoded_lines(handle, path, encoding)
        if fmt == "auto":
            sample = list(islice(lines, DETECT_LINES))
            fmt = "prefix" if looks_prefix_compressed(sample) else "plain"
            lines = chain(sample, lines)
        yield from expand_prefixes(lines, path) if fmt == "prefix" else lines
    finally:
        if path != "-":
            raw = getattr(handle, "fileobj", None)  # a GzipFile leaves the file it reads open
            handle.close()
            if raw is not None:
                raw.close()


def read_word_set(
    path: str | os.PathLike[str], fmt: str = "auto", encoding: str = "utf-8"
) -> frozenset[str]:
    """The words of a word list, folded, for matching whole words (exclusion lists, house
    rules). Text from ``#`` to the end of a line is a comment."""
    words = (text.split("#", 1)[0].strip() for _, text in read_words(path, fmt, encoding))
    return frozenset(fold(word) for word in words if word)


@functools.lru_cache(maxsize=1)
def offensive_words() -> frozenset[str]:
    """The packaged exclusion list of slurs and obscenities (data/offensive.txt), folded."""
    return read_word_set(OFFENSIVE_FILE, "plain")
