"""Letters: folding case and accents, the alphabetized key, and rack validation.

The key of a word is its letters after folding (case folded, accents removed), in
code-point order: ``key("Café") == "acef"``. Dictionary files are sorted by key, so all
the anagrams of a word sit together.
"""

from __future__ import annotations

from .errors import InvalidRackError, quoted


def fold(text: str) -> str:
    """Case- and accent-fold *text*: ``fold("Café") == "cafe"``.

    Cost: O(len); ASCII text takes a fast path that never imports ``unicodedata``.
    """
    if text.isascii():
        return text.lower()
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def word_key(word: str) -> str:
    """The alphabetized key of a word already known to be valid (see :func:`is_word`)."""
    if word.isascii():
        return "".join(sorted(word.lower()))
    return "".join(sorted(fold(word)))


def is_word(text: str) -> bool:
    """True when *text* folds to a non-empty string of letters (the one definition of a
    word: accents and other combining marks fold away, so decomposed ``é`` is a letter)."""
    folded = fold(text)
    return bool(folded) and folded.isalpha()


def bad_characters(text: str) -> list[str]:
    """The distinct characters of *text* that do not fold to letters, in order of first
    appearance (combining marks, which fold to nothing, are not bad)."""
    seen: list[str] = []
    for char in text:
        folded = fold(char)
        if folded and not folded.isalpha() and char not in seen:
            seen.append(char)
    return seen


def describe(chars: list[str]) -> str:
    """Name characters for an error message: printable ones quoted, a space as "a space",
    others by code point; the first ten, and how many more."""
    named = ", ".join(
        "a space" if c == " " else repr(c) if c.isprintable() and not c.isspace() else
        f"U+{ord(c):04X}" for c in chars[:10]
    )  # fmt: skip
    return named + (f" and {len(chars) - 10} more" if len(chars) > 10 else "")


def letters_key(letters: str, what: str = "letters") -> str:
    """Validate user-supplied letters and return their key.

    Raises :class:`InvalidRackError` naming the offending characters when *letters* is
    empty or holds anything but letters (digits, punctuation, spaces).
    """
    folded = fold(letters)
    if not folded:
        raise InvalidRackError(f"no {what} given")
    if not folded.isalpha():
        if any(
            "\udc80" <= char <= "\udcff" for char in letters
        ):  # how Python passes on bytes that are not UTF-8
            raise InvalidRackError(f"{what} {quoted(letters)} are not valid UTF-8")
        raise InvalidRackError(
            f"{what} {quoted(letters)} contain characters that are not letters: "
            f"{describe(bad_characters(letters))}"
        )
    return "".join(sorted(folded))
