"""Test ids in printable ASCII, so that a test selected by name is found again."""

from __future__ import annotations


def ascii_id(value: str | bytes) -> str:
    """A test id in printable ASCII: other characters as <hex>, so "Café" is "Caf<e9>".

    pytest escapes them itself ("Caf\\xe9"), but an id written that way is not found again
    when a second session in the same process (as mutmut runs them) selects it by name.
    """
    codes = value if isinstance(value, bytes) else [ord(c) for c in value]
    return "".join(chr(c) if 32 <= c < 127 and c != 92 else f"<{c:x}>" for c in codes)
