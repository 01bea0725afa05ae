"""The kinds of sorted text file a sparse index can describe, and what each calls a key.

An index header records its file's kind (docs/FORMAT.md, "Kinds"), so one index format,
one staleness rule, one atomic rebuild and one checker serve every kind:

    kind 0  ANAGRAM     plain text, one word a line, sorted by (alphabetized key, word);
                        the dictionary file of dictionary.py
    kind 1  KEYED       plain text, ``KEY<TAB>VALUE`` lines, sorted by KEY, keys unique
    kind 2  KEYED_GZIP  the lines of KEYED, compressed one block to a gzip member, so the
                        file is a multi-member gzip file (``zcat`` reads it as KEYED text)
                        and a lookup inflates only the member it reads

In a KEYED_GZIP file the index's offsets are those of members, block i being member i.
"""

from __future__ import annotations

import zlib

from .keys import bad_characters, describe, is_word, word_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import BinaryIO

ANAGRAM = 0
KEYED = 1
KEYED_GZIP = 2
NAMES = {ANAGRAM: "a dictionary", KEYED: "keyed text", KEYED_GZIP: "gzip-blocked keyed text"}
BOM = b"\xef\xbb\xbf"  # a UTF-8 byte-order mark: a plain-text file may start with one
GZIP_MAGIC = b"\x1f\x8b\x08"  # gzip's ID1, ID2 and CM (deflate), at the start of every member
GZIP_WBITS = 31  # zlib's window bits for a gzip wrapper
READ_CHUNK = 1 << 16  # compressed bytes a scan reads at a time
MAX_MEMBER = 1 << 24  # inflated bytes a member may hold: a block, not a decompression bomb


def line_key(kind: int, text: str) -> tuple[str, tuple[str, ...], str | None]:
    """``(key, order, problem)`` of one line's text (without its LF) in a file of *kind*.

    Lines must be in strictly increasing *order*; *problem* says why a line breaks its
    kind's grammar (None when it does not). The key of a line with a problem is its text.
    """
    if kind == ANAGRAM:
        if not is_word(text):
            reason = (
                "an empty line"
                if not text
                else f"{text!r} is not a word (it contains {describe(bad_characters(text))})"
            )
            return text, (text, text), reason
        key = word_key(text)
        return key, (key, text), None
    key, tab, _ = text.partition("\t")
    if not tab or not key:
        what = "an empty line" if not text else f"{text[:40]!r} has no key"
        return text, (text,), f"{what}: a keyed line is KEY<TAB>VALUE"
    return key, (key,), None


def describe_disorder(kind: int, current: tuple[str, ...], last: tuple[str, ...]) -> str:
    """The problem of a line whose *current* order is not above the *last* line's."""
    if kind == ANAGRAM:
        if current == last:
            return f"duplicate word {current[1]!r}"
        word, key = current[1], current[0]
        return f"{word!r} (key {key!r}) is out of order after {last[1]!r} (key {last[0]!r})"
    if current == last:
        return f"duplicate key {current[0]!r}"
    return f"key {current[0]!r} is out of order after {last[0]!r}"


def inflate(data: bytes, where: str) -> bytes:
    """The content of one gzip member *data*; raises ValueError naming *where* when it is
    not exactly one sound member or inflates past MAX_MEMBER."""
    if data[:3] != GZIP_MAGIC:
        raise ValueError(f"{where}: not a gzip member (starts {bytes(data[:3]).hex(' ')})")
    inflater = zlib.decompressobj(GZIP_WBITS)
    try:
        content = inflater.decompress(data, MAX_MEMBER)
    except zlib.error as exc:
        raise ValueError(f"{where}: damaged gzip member ({exc})") from exc
    if not inflater.eof:
        state = "larger than the limit" if inflater.unconsumed_tail else "truncated"
        raise ValueError(f"{where}: gzip member {state}")
    if inflater.unused_data:
        raise ValueError(f"{where}: {len(inflater.unused_data)} bytes after the gzip member")
    return content


def gzip_members(handle: BinaryIO, account: Callable[[bytes], None]) -> Iterator[tuple[int, bytes]]:
    """``(offset, content)`` of each member of the gzip file *handle*, in order, read
    READ_CHUNK bytes at a time; *account* sees every byte read. Raises ValueError (naming
    the member's byte offset) at the first damaged member."""
    pending = b""
    offset = 0
    while True:
        if not pending:
            pending = handle.read(READ_CHUNK)
            account(pending)
            if not pending:
                return
        where = f"member at byte {offset}"
        if pending[:3] != GZIP_MAGIC[: len(pending[:3])]:
            raise ValueError(f"{where}: not a gzip member (starts {pending[:3].hex(' ')})")
        inflater = zlib.decompressobj(GZIP_WBITS)
        parts: list[bytes] = []
        size = fed = 0
        while not inflater.eof:
            if not pending:
                pending = handle.read(READ_CHUNK)
                account(pending)
                if not pending:
                    raise ValueError(f"{where}: gzip member truncated")
            try:
                part = inflater.decompress(pending, MAX_MEMBER + 1 - size)
            except zlib.error as exc:
                raise ValueError(f"{where}: damaged gzip member ({exc})") from exc
            size += len(part)
            if size > MAX_MEMBER:
                raise ValueError(f"{where}: gzip member larger than the limit")
            parts.append(part)
            fed += len(pending)
            pending = inflater.unused_data
            fed -= len(pending)
        yield offset, b"".join(parts)
        offset += fed


def block_text(kind: int, data: bytes, where: str) -> bytes:
    """The text of one block as stored (*data*: its bytes in the file)."""
    return inflate(data, where) if kind == KEYED_GZIP else data
