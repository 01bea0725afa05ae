"""What anagramdb ships and where: the data directory, the packaged dictionaries by name,
their provenance, and the one rule for "is this path packaged data".

The data directory is ``anagramdb/data/`` beside this module. It holds the packaged
dictionaries (PACKAGED: name -> file) with their indexes, ``PROVENANCE.json`` (format in
docs/FORMAT.md), the offensive list, the definitions and the conundrum lists, all written
only by the installer or by the maintainers' tools (tools/make_*.py). A path is packaged
data when, symbolic links resolved, it lies inside that directory: no command writes there
(atomic.check_output), and an index there is never rewritten just to record a new mtime
(index_stale.open_index, the installed rule of docs/FORMAT.md). Only the standard library.
"""

from __future__ import annotations

import os

DATA_DIRECTORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
# The packaged dictionaries, by name, and their files in DATA_DIRECTORY (built from SCOWL by
# tools/make_default_dictionary.py; PROVENANCE_FILE says from what, and how).
PACKAGED = {"full": "words.txt", "common": "common.txt", "huge": "huge.txt"}
DEFAULT_NAME = "full"
COMMON_NAME = "common"  # the everyday words a player would know
PROVENANCE_FILE = "PROVENANCE.json"


def data_path(name: str) -> str:
    """The file *name* of the data directory (``data_path("offensive.txt")``)."""
    return os.path.join(DATA_DIRECTORY, name)


def packaged_path(name: str) -> str:
    """The file of the packaged dictionary *name* (a key of PACKAGED)."""
    return data_path(PACKAGED[name])


def packaged_names() -> str:
    """The packaged dictionaries' names for a message: 'full, common or huge'."""
    names = list(PACKAGED)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def is_packaged(path: str) -> bool:
    """True when *path* (existing or not) is inside this installation's DATA_DIRECTORY,
    however it is reached: symbolic links are resolved on both sides (os.path.realpath),
    so a link to a packaged file, or a file under a linked directory, is packaged too.
    Cost: a few lstat calls, no file is read."""
    data = os.path.realpath(DATA_DIRECTORY)
    return os.path.realpath(path).startswith(data + os.sep)


def provenance(path: str) -> dict[str, object] | None:
    """Where the packaged dictionary at *path* came from, from PROVENANCE_FILE: its name,
    source package and version, categories, size limit and word count. None for a path
    that is not packaged data, or a file the provenance record does not list."""
    import json

    if not is_packaged(path):
        return None
    try:
        with open(data_path(PROVENANCE_FILE), encoding="utf-8") as handle:
            record = json.load(handle)
        source = record["source"]
        for name, entry in record["dictionaries"].items():
            if entry["file"] == os.path.basename(os.path.realpath(path)):
                return {
                    "name": name,
                    "source": f"{source['package']} {source['version']}",
                    "categories": source["categories"],
                    "max_size": entry["max_size"],
                    "words": entry["words"],
                }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return None
