"""The invariant checker behind ``anagramdb check index DICT``: every problem with a
dictionary and its index, found without changing anything."""

from __future__ import annotations

import os

from .errors import IndexCorruptError, StorageError
from .index import BLOCK_SIZE, SUMMARY_STRIDE, index_path_for, read_index
from .index_build import MAX_PROBLEMS, scan_dictionary
from .kinds import ANAGRAM, NAMES


def check_index(dict_path: str | os.PathLike[str], kind: int | None = None) -> list[str]:
    """Every problem with a dictionary (a file of *kind*, kinds.py; None: the kind its
    index records, else a dictionary of words) and its index, without changing anything.

    Checks the file's lines (words, order, LF endings), the index header (magic,
    version, checksum, size), that the header describes this dictionary (size, CRC-32 of
    the content, word count), and that every entry's key and offset are those of line
    ``i * block_size``; then the stored keys (DICT.keys), when there are any. An empty
    list means the files are sound.
    """
    dict_path = os.fspath(dict_path)
    index_path = index_path_for(dict_path)
    problems: list[str] = []
    try:
        index = read_index(index_path)
    except (IndexCorruptError, StorageError) as exc:
        index = None
        problems.append(str(exc))
    else:
        if index is None:
            problems.append(f"{index_path}: missing")
    block_size = index.block_size if index is not None else BLOCK_SIZE
    if kind is None:
        kind = index.header.kind if index is not None else ANAGRAM
    elif index is not None and index.header.kind != kind:
        problems.append(f"{index_path}: written for {NAMES[index.header.kind]}, not {NAMES[kind]}")
    expected = scan_dictionary(dict_path, block_size, problems, kind=kind)
    if index is None:
        return problems
    try:
        header = index.header
        if header.dict_size != expected.size:
            problems.append(
                f"{index_path}: records a dictionary of {header.dict_size} bytes, but {dict_path} "
                f"has {expected.size}"
            )
        elif header.dict_crc != expected.crc:
            problems.append(
                f"{index_path}: records dictionary CRC-32 {header.dict_crc:08x}, but {dict_path} "
                f"has {expected.crc:08x}"
            )
        if header.word_count != expected.words:
            problems.append(
                f"{index_path}: records {header.word_count} words, but {dict_path} has "
                f"{expected.words}"
            )
        count = min(index.entry_count, len(expected.keys))
        offsets, keys = index.offsets(0, count), index.keys(0, count)
        for i in range(count):
            line = i * block_size + 1
            if offsets[i] != expected.offsets[i]:
                problems.append(
                    f"{index_path}: entry {i}: offset {offsets[i]}, but line {line} starts at "
                    f"byte {expected.offsets[i]}"
                )
            elif keys[i] != expected.keys[i]:
                problems.append(
                    f"{index_path}: entry {i}: key {keys[i]!r}, but line {line} has key "
                    f"{expected.keys[i]!r}"
                )
            if len(problems) >= MAX_PROBLEMS:
                break
        if len(problems) < MAX_PROBLEMS and index.summary != expected.keys[::SUMMARY_STRIDE]:
            problems.append(
                f"{index_path}: the summary does not hold the key of every {SUMMARY_STRIDE}th entry"
            )
        if not problems:  # the stored keys are checked against a sound dictionary and index
            from .stored_keys import check_stored_keys

            return check_stored_keys(dict_path, index)
    finally:
        index.close()
    return problems
