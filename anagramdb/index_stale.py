"""Whether an index still describes its dictionary (fresh, or stale by size, mtime or
CRC-32, or written for another kind of file), and what open_index does then: use it,
record a new mtime, or rebuild it (index_build.py). docs/FORMAT.md states the rules.

Only what a fresh index needs is imported here: the rebuild and the rewrite load
index_build.py (and atomic.py) on first use, off a lookup's cold path.
"""

from __future__ import annotations

import os

from .errors import DictionaryChangedError, IndexCorruptError, OutputRefusedError, StorageError
from .index import BLOCK_SIZE, SparseIndex, file_crc, index_path_for, read_index
from .kinds import ANAGRAM, NAMES


def open_index(
    dict_path: str,
    fd: int,
    stat: os.stat_result,
    block_size: int = BLOCK_SIZE,
    packaged: bool = False,
    kind: int = ANAGRAM,
    rebuild: bool = True,
) -> SparseIndex:
    """The index of the open dictionary *fd*, rebuilt first when missing, corrupt, stale,
    or written for another *kind* of file (kinds.py).

    Fresh means: the header's dictionary size matches, and either its mtime matches or
    (mtimes are reset by pip, git and cp) the dictionary's CRC-32 does. A fresh index whose
    mtime differs is rewritten with the new mtime where the directory allows, so the CRC
    is computed once. A rebuilt index is written atomically; where it cannot be written
    (read-only directory, full disk) it is kept in memory with one AnagramDBWarning.

    A *packaged* dictionary (packaged.is_packaged: inside anagramdb/data/, written only
    by its installer, which writes each dictionary before its index) is never rewritten to
    record an mtime, so the CRC would be paid on every open. Instead, the installed rule:
    when the dictionary's status has not changed (st_ctime_ns, which no tool can set back)
    since the index file was last written, the index is fresh without reading the
    dictionary. Any later write to the dictionary moves its ctime past the index's mtime
    and brings the CRC back.

    Without *rebuild* (a reader checking whether a file changed in place is whole again),
    an index that is not fresh raises DictionaryChangedError instead of being rebuilt.
    """
    index_path = index_path_for(dict_path)
    reason = "missing"
    try:
        # A packaged index is never written, so never stamped: its CRC is read each time.
        index = read_index(index_path, trust=not packaged)
    except (IndexCorruptError, StorageError) as exc:  # unreadable is rebuilt like damaged
        index, reason = None, str(exc)
    if index is not None and index.header.kind != kind:
        reason = f"written for {NAMES[index.header.kind]}"
        index.close()
        index = None
    if index is not None:
        header = index.header
        if header.dict_size == stat.st_size:
            if header.dict_mtime_ns == stat.st_mtime_ns:
                return index
            if packaged and stat.st_ctime_ns <= index.file_mtime_ns:
                return index
            if file_crc(fd) == header.dict_crc:
                if not packaged:
                    from .index_build import with_mtime, write_index

                    try:
                        write_index(index_path, with_mtime(index, stat.st_mtime_ns))
                    except (StorageError, OutputRefusedError):
                        pass
                return index
        reason = "older than the dictionary"
        index.close()
    if not rebuild:
        raise DictionaryChangedError(f"{dict_path}: not what its index describes ({reason})")
    from .index_build import rebuild_index

    return rebuild_index(dict_path, fd, stat, block_size, reason, kind)
