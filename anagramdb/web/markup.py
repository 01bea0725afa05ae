"""escape(): text made safe to put inside HTML, in an element or a quoted attribute.

The standard library's html.escape does the same five replacements, but importing the html
package loads html.entities, a table of 2,000 named characters that unescape() needs and
nothing here does: 0.7 MiB of every serving process (docs/PERFORMANCE.md).
"""

from __future__ import annotations

ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """*text* with &, <, >, " and ' as character references (as html.escape(text))."""
    return text.translate(ESCAPES)
