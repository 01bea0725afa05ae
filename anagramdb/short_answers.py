"""A batch's answers to short keys, kept in a share of the cache budget.

The racks of a batch ask the same short keys again and again: a nine-letter rack has 511
sub-keys, 255 of them of four letters or fewer, and on the 2,000 racks of the benchmark
17,253 distinct keys of up to four letters make half of all lookups. When the batch walks
the blocks (the dictionary is too large for the key table, key_table.py), each of those
costs a block switch or a bisection again; kept here, a repeat is one dict lookup.

:class:`ShortAnswers` keeps, for keys of up to SHORT letters, the words a walk found (one
newline-joined string a key, "" for a key with none), first come first kept, until its
budget in bytes is spent: nothing is evicted, and a key not kept is walked as before. The
answers are the walk's own, so they are the same whichever way they come; only their
order differs (a kept key's words come first), and every caller sorts or maps them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

SHORT = 4  # keys of up to four letters
SHARE = 4  # a batch that walks keeps short answers in 1/SHARE of its cache budget
# What an entry costs beyond its words' letters (a dict slot, the key's str object, the
# words' str object: CPython 3.10-3.13, 64-bit), counted against the budget.
ENTRY_BYTES = 160
MISS_BYTES = 110  # a key with no words: its slot and key (the "" is shared)

Found = Iterator[tuple[str, list[str]]]


class ShortAnswers:
    """Answers to keys of up to SHORT letters, within *budget* bytes (see the module)."""

    __slots__ = ("answers", "budget", "used")

    def __init__(self, budget: int) -> None:
        self.answers: dict[str, str] = {}
        self.budget = budget
        self.used = 0

    def find_keys(self, keys: Iterable[str], walk: Callable[[list[str]], Found]) -> Found:
        """Yield ``(key, words)`` for each of *keys* that has words: a kept key's from here,
        the others' from *walk* (given the rest of the keys, in their order), keeping the
        short ones' answers while the budget lasts."""
        answers = self.answers
        rest = []
        for key in keys:
            if len(key) <= SHORT:
                known = answers.get(key)
                if known is not None:
                    if known:
                        yield key, known.split("\n")
                    continue
            rest.append(key)
        if not rest:
            return
        hits = set()
        for key, words in walk(rest):
            if len(key) <= SHORT:
                hits.add(key)
                if self.used < self.budget:
                    joined = "\n".join(words)
                    answers[key] = joined
                    self.used += ENTRY_BYTES + len(joined)
            yield key, words
        if self.used < self.budget:
            for key in rest:
                if len(key) <= SHORT and key not in hits and key not in answers:
                    answers[key] = ""
                    self.used += MISS_BYTES
