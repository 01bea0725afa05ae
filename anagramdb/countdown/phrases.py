"""Multi-word anagrams: sets of dictionary words whose letters together are exactly the input's.

Two steps. First the candidates: every dictionary key that is a sub-multiset of the
input (letters.words_within: index lookups for short inputs, one pass for long ones).
Then a depth-first search over those keys, with the letter counts packed into one integer
(a byte a distinct letter, its top bit a guard) so that "does this word fit in what is
left?" and "what is left after it?" are one subtraction each::

    fits:  ((left | GUARD) - word) & GUARD == GUARD      left after:  left - word

Each step only tries words containing one letter still left, the one the fewest
candidates contain (some word of every answer must cover it: the exact-cover heuristic),
and the last word allowed by ``max_words`` is a lookup of whatever is left rather than a
search.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice, product
from time import monotonic

from ..dictionary import Dictionary
from ..errors import InvalidArgumentError, InvalidRackError, TimeLimitError
from ..keys import letters_key
from .budget import Budget, spend
from .letters import words_within

MAX_WORDS = 3
MOST_WORDS = 6  # the largest max_words accepted: the search grows exponentially with it
SECONDS = 10.0  # the command line's default time limit for one search (see deadline)
MIN_LENGTH = 3
LIMIT = 100
CANDIDATES_A_UNIT = 4  # candidate words a search step tries, a unit of a Budget (1 µs)
MAX_LETTERS = 40  # 35 letters take about 1.3 s; the search grows exponentially beyond
FIELD_BITS = 8  # a letter's field: its count below the guard bit, which no count reaches
GUARD = 1 << (FIELD_BITS - 1)  # 128: above any count, since no input has over MAX_LETTERS
COUNT = GUARD - 1  # the bits of a field that hold its count


class _Packing:
    """Letter counts of sub-multisets of one input packed into integers, a byte a letter."""

    def __init__(self, key: str) -> None:
        self.alphabet = sorted(set(key))
        self.field = {letter: index for index, letter in enumerate(self.alphabet)}
        self.guard = sum(GUARD << (FIELD_BITS * i) for i in range(len(self.alphabet)))

    def pack(self, key: str) -> int:
        return sum(
            key.count(letter) << (FIELD_BITS * field) for letter, field in self.field.items()
        )

    def count(self, packed: int, field: int) -> int:
        return (packed >> (FIELD_BITS * field)) & COUNT


def phrases(
    dictionary: Dictionary,
    letters: str,
    max_words: int = MAX_WORDS,
    min_length: int = MIN_LENGTH,
    limit: int | None = LIMIT,
    deadline: float | None = None,
    budget: Budget | None = None,
) -> list[tuple[str, ...]]:
    """Up to *limit* multi-word anagrams of *letters*: tuples of 1 to *max_words* (at most
    MOST_WORDS) words of at least *min_length* letters, each tuple sorted, in search order
    (fewest words of the first key combinations first). ``limit=None`` lists them all.

    With a *deadline* (a time.monotonic() value), the search raises TimeLimitError once
    it is passed: the bound a server puts on a search that grows exponentially; a *budget*
    (countdown.budget) bounds it in work instead (WorkLimitError), the same on any machine.
    The list of iter_phrases, which yields them as they are found.
    """
    return list(iter_phrases(dictionary, letters, max_words, min_length, limit, deadline, budget))


def iter_phrases(
    dictionary: Dictionary,
    letters: str,
    max_words: int = MAX_WORDS,
    min_length: int = MIN_LENGTH,
    limit: int | None = LIMIT,
    deadline: float | None = None,
    budget: Budget | None = None,
) -> Iterator[tuple[str, ...]]:
    """The phrases of :func:`phrases`, yielded as the search finds them: memory holds the
    key combinations found (to skip one reached again) and the phrases of the current one
    only, so a search
    for millions of them (``limit=None``) can be printed as it goes. Errors in the
    arguments are raised at once, a TimeLimitError when the deadline passes."""
    if max_words < 1 or min_length < 1:
        raise InvalidArgumentError(
            f"the most words and the shortest word must be at least 1, not {max_words} and "
            f"{min_length}"
        )
    if max_words > MOST_WORDS:
        raise InvalidArgumentError(
            f"the most words is at most {MOST_WORDS}, not {max_words}: the search grows "
            "exponentially with it"
        )
    if limit is not None and limit < 1:
        raise InvalidArgumentError(
            f"the limit must be at least 1 (or None for every anagram), not {limit}"
        )
    key = letters_key(letters.replace(" ", ""))
    if len(key) > MAX_LETTERS:
        raise InvalidRackError(
            f"phrases takes at most {MAX_LETTERS} letters, not {len(key)}: the search grows "
            "exponentially with the length"
        )
    candidates = words_within(dictionary, key, min_length)
    packing = _Packing(key)
    by_packed = {packing.pack(sub): sub for sub in candidates}
    containing: list[list[tuple[int, int, str]]] = [[] for _ in packing.alphabet]
    for sub in sorted(candidates):
        packed = packing.pack(sub)
        for letter in set(sub):
            containing[packing.field[letter]].append((packed, len(sub), sub))
    # Branch on the letter left that the fewest candidates contain: some word of every
    # answer must cover it, and few choices there prune the search most.
    order = sorted(range(len(packing.alphabet)), key=lambda field: len(containing[field]))
    guard = packing.guard
    seen_keys: set[tuple[str, ...]] = set()

    def emit(keys: list[str]) -> Iterator[tuple[str, ...]]:
        combination = tuple(sorted(keys))
        if combination in seen_keys:
            return
        seen_keys.add(combination)
        # A phrase's words give its keys, so only one combination makes it; repeated keys
        # (two words of one anagram group) make it more than once, in different orders.
        seen_phrases: set[tuple[str, ...]] = set()
        for words in product(*(candidates[sub] for sub in combination)):
            phrase = tuple(sorted(words))
            if phrase not in seen_phrases:
                seen_phrases.add(phrase)
                yield phrase

    def search(left: int, size: int, chosen: list[str], most: int) -> Iterator[tuple[str, ...]]:
        if deadline is not None and monotonic() > deadline:
            raise TimeLimitError(
                f"the search for phrases of {letters!r} took too long; allow fewer or longer words"
            )
        if len(chosen) == most - 1:
            last = by_packed.get(left)
            if last is not None:
                yield from emit([*chosen, last])
            return
        rarest = next(field for field in order if packing.count(left, field))
        spend(budget, len(containing[rarest]) // CANDIDATES_A_UNIT + 1, "phrase words tried")
        # A word using up every letter left is never taken here: that phrase has fewer
        # than *most* words, so an earlier pass of the deepening gave it.
        for packed, length, sub in containing[rarest]:
            rest = size - length
            if rest >= min_length and ((left | guard) - packed) & guard == guard:
                yield from search(left - packed, rest, [*chosen, sub], most)

    # Iterative deepening: every one-word answer first, then two-word ones, and so on; pass
    # *most* gives the phrases of exactly *most* words, its last word looked up.
    found = (
        phrase
        for most in range(1, max_words + 1)
        for phrase in search(packing.pack(key), len(key), [], most)
    )
    return islice(found, limit)  # islice(found, None) is all of them
