"""Players' names: the one rule for every front end (the terminal's ``play --player``, the
web's solo games and rooms), and when two names are too alike to tell apart.

A name is cleaned, then checked::

    clean_name("  Ann   Marie ")  ->  "Ann Marie"   (NFC, runs of spaces made one)
    1 to MAX_NAME characters, printable (no control, format or invisible characters),
    at most MAX_MARKS combining marks on one letter (Zalgo text is refused),
    and not the computer's name (COMPUTER, compared as below)

Two names are *too alike* when their skeletons are equal (``skeleton``): the name
NFKC-normalized (full-width and compatibility forms made plain), case-folded, its
combining marks dropped, its spaces and joining punctuation dropped, and each letter that
looks like a Latin one in common fonts mapped to it (Cyrillic and Greek lookalikes, 0 for
o, 1 and I for l, "rn" for m). The idea is that of the skeletons of Unicode's UTS #39
(confusable detection); the table here is a short one made by hand, for the letters of
names, not Unicode's data file. A room refuses a newcomer whose name is too alike to a
player's; a game refuses two such players.
"""

from __future__ import annotations

from ..errors import InvalidGameError, quoted
from .opponent import COMPUTER

MAX_NAME = 24  # characters of a name once cleaned (a room's join form says so too)
MAX_MARKS = 2  # combining marks on one letter (Vietnamese needs two: ệ)

# Letters drawn like Latin ones (after case folding): Cyrillic, Greek, digits, and the
# ones that are the same stroke in most fonts (l, i, 1, |).
LOOKALIKES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "l", "ї": "l", "ј": "j",
        "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
        "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ӏ": "l",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c",
        "0": "o", "1": "l", "i": "l", "|": "l", "!": "l", "5": "s", "$": "s", "@": "a",
    }
)  # fmt: skip
JOINERS = " -_.'’·"  # dropped from a skeleton: "Ann-Marie" is "Ann Marie"


def clean_name(text: str) -> str:
    """*text* as a player's name (NFC, spaces collapsed), checked by the rule above;
    InvalidGameError saying what is wrong, in a sentence a player can act on."""
    import unicodedata  # a C extension: loaded when a name is checked, not on import

    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise InvalidGameError("give a name to play")
    if len(name) > MAX_NAME:
        raise InvalidGameError(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    if not name.isprintable():
        raise InvalidGameError(
            f"a name must be printable text, without control or invisible characters: "
            f"not {quoted(name)}"
        )
    marks = 0
    for char in unicodedata.normalize("NFD", name):
        marks = marks + 1 if unicodedata.combining(char) else 0
        if marks > MAX_MARKS:
            raise InvalidGameError(f"a name has at most {MAX_MARKS} accents on one letter")
    if skeleton(name) == skeleton(COMPUTER):
        raise InvalidGameError(f"{name!r} is the computer's name: choose another")
    return name


def skeleton(name: str) -> str:
    """What *name* looks like, for comparing names: equal skeletons are too alike."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", name).casefold()
    bare = "".join(
        char for char in unicodedata.normalize("NFD", folded) if not unicodedata.combining(char)
    )
    plain = "".join(char for char in bare if char not in JOINERS).translate(LOOKALIKES)
    return plain.replace("rn", "m").replace("vv", "w")


def too_alike(one: str, other: str) -> bool:
    """Whether two names could be taken for each other (equal skeletons)."""
    return skeleton(one) == skeleton(other)


def check_names(names: tuple[str, ...] | list[str], most: int) -> list[str]:
    """The players' names, each cleaned and checked (``clean_name``): 1 to *most* of them,
    no two too alike."""
    if not 1 <= len(names) <= most:
        raise InvalidGameError(f"a game has 1 to {most} players, not {len(names)}")
    cleaned = [clean_name(name) for name in names]
    for index, name in enumerate(cleaned):
        for other in cleaned[:index]:
            if too_alike(name, other):
                raise InvalidGameError(
                    f"two players' names are the same or too alike: {other}, {name}"
                )
    return cleaned
