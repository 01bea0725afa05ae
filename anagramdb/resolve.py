"""Which file a dictionary is: a path, a packaged name (packaged.PACKAGED), or the default
from the ANAGRAMDB_DICT environment variable or DEFAULT_NAME; and the name it is shown by.

A packaged name always means the packaged file, whatever the current directory holds: a
local file of that name is reached as a path (``./full``), as is any os.PathLike.
"""

from __future__ import annotations

import os

from .errors import InvalidArgumentError
from .packaged import DEFAULT_NAME, PACKAGED, packaged_names, packaged_path

ENVIRONMENT_VARIABLE = "ANAGRAMDB_DICT"


def display_name(spec: str | None = None) -> str:
    """The name a dictionary is shown by (in word checks and game records): *spec* as
    given, else the ANAGRAMDB_DICT environment variable, else the default's name."""
    return spec or os.environ.get(ENVIRONMENT_VARIABLE) or DEFAULT_NAME


def resolve_path(spec: str | os.PathLike[str] | None = None) -> str:
    """The dictionary file meant by *spec*: a path, a packaged name, or None for the default.

    None falls back to the ANAGRAMDB_DICT environment variable (set but empty: an
    InvalidArgumentError), then to the packaged ``full`` dictionary. A name in PACKAGED
    ("full", "common", "huge") always means the packaged file, whatever the current
    directory holds; a local file of that name is reached as a path (``./full``), and so
    is any os.PathLike (``Path("full")``).
    """
    if isinstance(spec, os.PathLike):
        return os.fspath(spec)
    if not spec:
        spec = os.environ.get(ENVIRONMENT_VARIABLE, DEFAULT_NAME)
        if not spec:  # set but empty: an error, as an empty --dict is, not the default
            raise InvalidArgumentError(
                f"{ENVIRONMENT_VARIABLE} is set but empty: set it to a dictionary file, or "
                f"{packaged_names()}, or unset it"
            )
    if spec in PACKAGED:
        return packaged_path(spec)
    return spec
