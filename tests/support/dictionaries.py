"""Small dictionaries built with the real builder, the brute-force models their lookups are
checked against, and index files damaged on purpose."""

from __future__ import annotations

import os
import struct
import zlib
from collections import Counter, defaultdict
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.builder import build
from anagramdb.index_check import check_index
from anagramdb.keys import word_key

SAMPLE_WORDS = [
    "listen",
    "silent",
    "enlist",
    "tinsel",
    "inlets",
    "stone",
    "notes",
    "onset",
    "tones",
    "apple",
    "café",
    "face",
    "a",
    "zoo",
]


def write_list(path: os.PathLike[str] | str, words: list[str]) -> str:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(words) + "\n")
    return str(path)


def make_dictionary(
    directory: os.PathLike[str] | str,
    words: list[str],
    block_size: int = 64,
    name: str = "words.txt",
) -> str:
    """Build a dictionary from *words* with the real builder and check it is sound."""
    source = write_list(os.path.join(directory, f"{name}.list"), words)
    output = os.path.join(directory, name)
    build([source], output, block_size=block_size)
    assert check_index(output) == []
    return output


def index_header(index_path: str):
    """The header of an index file, read and the file closed again."""
    from anagramdb.index import read_index

    index = read_index(index_path)
    assert index is not None, f"no index {index_path}"
    try:
        return index.header
    finally:
        index.close()


def patched(path: str, offset: int, fmt: str, value: int) -> None:
    """Overwrite one field of an index file and fix up its CRC, as a buggy writer would."""
    from anagramdb.index import CRC_FIELD, HEADER

    data = bytearray(Path(path).read_bytes())
    struct.pack_into(fmt, data, offset, value)
    crc = zlib.crc32(bytes(data[HEADER.size :]), zlib.crc32(bytes(data[:CRC_FIELD])))
    struct.pack_into("<I", data, CRC_FIELD, crc)
    with open(path, "wb") as handle:
        handle.write(bytes(data))


def anagram_model(words: list[str]) -> dict[str, list[str]]:
    """Brute force: key -> sorted distinct words with that key."""
    groups: dict[str, set[str]] = defaultdict(set)
    for word in words:
        groups[word_key(word)].add(word)
    return {key: sorted(group) for key, group in groups.items()}


def contains(rack: str, word: str) -> bool:
    """Brute force multiset containment of a word's folded letters in a rack's."""
    need = Counter(word_key(word))
    have = Counter(rack)
    return all(have[c] >= n for c, n in need.items())


# Few letters: large anagram groups whose runs cross block boundaries. A batch test's lists,
# block sizes and probe words (the key table's and the short answers' tests: tests/engine).
batch_examples = given(
    words=st.lists(st.text(alphabet="aabcde", min_size=1, max_size=6), min_size=1),
    block_size=st.integers(1, 70),
    probes=st.lists(st.text(alphabet="abcdef", min_size=1, max_size=7), max_size=30),
)
batch_settings = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
