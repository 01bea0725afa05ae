"""The letters round: the longest words that can be made from a rack of letters.

The search is the 1988 original's: look up the key of the whole rack, then the key of
every *distinct* sub-multiset one letter shorter, and so on down, stopping after the
length at which there are ``enough`` candidates. All the keys of one length are looked up
in ascending order in one walk (Dictionary.find_keys), so the file is read front to back
and each block is decoded at most once per walk; the Dictionary's block cache carries
decoded blocks from one length to the next. With ``all=True`` every length is wanted, so
all the keys go in one walk.

Racks can be long, and a rack of n distinct letters has 2**n sub-multisets. When looking
them up would cost more than reading the whole dictionary once, the solver instead makes
one sequential pass: a regex picks, in C, the lines made only of the rack's letters, and
each is checked exactly (``strategy()`` says which, from the cost model below).

A ``?`` is a blank that stands for any one letter; each result says what its blanks became.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, repeat

from ..dictionary import Dictionary
from ..errors import InvalidArgumentError, InvalidRackError, quoted
from ..keys import bad_characters, describe, is_word, word_key
from .records import Record
from .show import RACK_SIZE

# Annotations only; re and collections are imported where the rare paths need them, so a
# cold lookup does not pay for them (re alone costs more than the whole lookup).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from collections.abc import Iterable, Iterator
    from typing import Any

    from .budget import Budget

    # Words by length: the words alone for a rack without blanks, else (word, blanks used).
    Found = dict[int, list[Any]]

BLANK = "?"
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MIN_LENGTH = 3
ENOUGH = 10
# Cost model, in microseconds, measured on the default dictionary by
# benchmarks/letters_crossover.py: a key looked up in a walk of thousands of keys (blocks
# shared by neighbouring keys), and a word passed over by the regex-filtered pass.
COST_PER_KEY = 1.7
COST_PER_WORD = 0.12
# Keys are generated in memory before the walk: past this many (about 7 MiB) the pass is
# used whatever the model says, so memory stays flat on huge dictionaries.
MAX_LOOKUP_KEYS = 100_000
COMBINATIONS_UP_TO = 12
METHODS = ("lookup", "scan")
SCAN_BATCH = 256  # words the pass checks between two payments from a budget


class LettersWord(Record, tuple[str, int, int, tuple[str, ...]]):
    """A word the rack makes: its length, its Countdown score, and what its blanks became.

    A plain tuple subclass with named fields (a typing.NamedTuple class costs a cold start
    about as much as a whole lookup): ``(word, length, score, blanks)``.
    """

    __slots__ = ()
    _fields = ("word", "length", "score", "blanks")

    def __new__(
        cls, word: str, length: int, score: int, blanks: tuple[str, ...] = ()
    ) -> LettersWord:
        return tuple.__new__(cls, (word, length, score, blanks))

    @property
    def word(self) -> str:
        return self[0]

    @property
    def length(self) -> int:
        return self[1]

    @property
    def score(self) -> int:
        return self[2]

    @property
    def blanks(self) -> tuple[str, ...]:
        return self[3]

    def to_dict(self) -> dict[str, object]:
        """The JSON form: word, length, score, and blanks when there are any."""
        record: dict[str, object] = {"word": self.word, "length": self.length, "score": self.score}
        if self.blanks:
            record["blanks"] = list(self.blanks)
        return record


def score(length: int) -> int:
    """Countdown scoring: one point a letter, and 18 (double) for a nine-letter word."""
    return 2 * length if length == RACK_SIZE else length


def parse_rack(rack: str) -> tuple[str, int]:
    """Split a rack into its folded letters (as a key) and its number of blanks.

    Raises InvalidRackError naming the characters that are neither letters nor ``?``.
    """
    letters = rack.replace(BLANK, "")
    blanks = len(rack) - len(letters)
    if not rack.strip():
        raise InvalidRackError("empty rack: give letters such as GYROSCOPE, with ? for a blank")
    if letters and not is_word(letters):
        raise InvalidRackError(
            f"rack {quoted(rack)} has characters that are neither letters nor ? blanks: "
            f"{describe(bad_characters(letters))}"
        )
    return word_key(letters) if letters else "", blanks


def sub_keys_by_length(key: str, blanks: int = 0) -> dict[int, list[str]]:
    """Every distinct key made of letters from *key* plus up to *blanks* wildcards,
    grouped by length, each group sorted.

    Repeated letters give each sub-multiset once: for ``"aab"`` the keys of length 2 are
    ``["aa", "ab"]``, not ``["aa", "ab", "ab"]``. Built letter by letter in alphabetical
    order (each key extends a shorter one by a run of one letter), so no key is made twice.
    """
    keys = [""]
    for letter, count in sorted((letter, key.count(letter)) for letter in set(key)):
        keys = [base + letter * n for base in keys for n in range(count + 1)]
    if blanks:
        wild = [""]
        for size in range(1, blanks + 1):
            wild += ["".join(combo) for combo in combinations_with_replacement(ALPHABET, size)]
        keys = list({"".join(sorted(base + extra)) for base in keys for extra in wild})
    groups: dict[int, list[str]] = {}
    for sub in keys:
        groups.setdefault(len(sub), []).append(sub)
    for group in groups.values():
        group.sort()
    return groups


def all_sub_keys(key: str, ascending: bool = True) -> list[str]:
    """Every distinct non-empty key made of letters from the sorted *key*, ascending (or
    in the order made, without *ascending*).

    Built letter by letter in alphabetical order, each new letter appended to every key
    so far (so each key stays sorted and none is made twice), then sorted once: about
    three times faster than joining itertools.combinations of every length into a set.
    """
    keys = [""]
    for letter in sorted(set(key)):
        count = key.count(letter)
        if count == 1:
            keys += [base + letter for base in keys]
        else:
            keys += [base + letter * n for base in keys for n in range(1, count + 1)]
    if ascending:
        keys.sort()
    return keys[1:]  # ("" is the first either way)


def sub_keys_of_length(key: str, length: int) -> list[str]:
    """The distinct keys of exactly *length* letters drawn from *key*, in ascending order.

    itertools.combinations of a sorted key yields sorted strings, so a set removes the
    repeats that repeated letters make; for a rack of up to COMBINATIONS_UP_TO letters
    that is the fastest way (30 microseconds for lengths 9 to 5 of a nine-letter rack).
    Longer racks go through sub_keys_by_length, which never makes a repeat.
    """
    if len(key) > COMBINATIONS_UP_TO:
        return sub_keys_by_length(key).get(length, [])
    return sorted({"".join(chosen) for chosen in combinations(key, length)})


def count_sub_keys(key: str, blanks: int) -> int:
    """An upper bound on the keys a full search looks up (every length, down to 1)."""
    total = 1
    for letter in set(key):
        count = key.count(letter)
        total *= count + 1
    # Each blank multiplies the choices by up to 27 (no letter, or one of 26).
    per_blank: int = 27**blanks
    return total * per_blank


def strategy(dictionary: Dictionary, key: str, blanks: int) -> str:
    """``"lookup"`` (sub-multiset lookups) or ``"scan"`` (one pass), by the cost model.

    Lookups cost about COST_PER_KEY per key; the pass about COST_PER_WORD per word. On the
    default dictionary (full, 114,029 words) the measured crossover is between 3,840 keys
    (lookups 19 ms, pass 26 ms) and 24,576 (79 ms against 39 ms); the model puts it at
    8,000: racks of up to 12 distinct letters are looked up, 13 or more, or 9 letters and
    a blank, take the pass (20-60 ms). On huge (246,337 words) the model's crossover is
    17,400 keys (14 distinct letters, or 9 and a blank, looked up). MAX_LOOKUP_KEYS bounds
    the keys held in memory on dictionaries so large that the model would allow more.
    """
    keys = count_sub_keys(key, blanks)
    if keys > MAX_LOOKUP_KEYS:
        return "scan"
    return "lookup" if keys * COST_PER_KEY <= dictionary.word_count * COST_PER_WORD else "scan"


def _blanks_used(key: str, word_letters: str) -> tuple[str, ...]:
    """Which letters of a word's key the rack's blanks had to supply (none: ``()``)."""
    from collections import Counter

    need = Counter(word_letters)
    need.subtract(Counter(key))
    return tuple(sorted(letter for letter, n in need.items() for _ in range(n) if n > 0))


class LettersWords(list[LettersWord]):
    """The words of a letters answer, a list of LettersWord, that also keeps, when the rack
    had no blank, the runs it was made of: ``(length, score, words)``, each a length's
    words sorted, in order. Printing a batch reads them (cli/render.letters_json) rather
    than every word's record; a list made any other way has no runs (None), and code that
    changes one in place must set them to None."""

    __slots__ = ("runs",)

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[tuple[int, int, list[str]]] | None = []


def _results(words_by_length: Found, enough: int, everything: bool) -> list[LettersWord]:
    """Longest first, then alphabetical; whole lengths until there are *enough* words."""
    results = LettersWords()
    runs = results.runs
    for length in sorted(words_by_length, reverse=True):
        if not everything and len(results) >= enough:
            break
        points = score(length)
        found = words_by_length[length]
        found.sort()
        if isinstance(found[0], str):  # no blanks: the words alone, sorted as strings
            rows: Iterable[tuple[str, int, int, tuple[str, ...]]] = zip(
                found, repeat(length), repeat(points), repeat(())
            )
            if runs is not None:
                runs.append((length, points, found))
        else:
            rows = ((word, length, points, used) for word, used in found)
            results.runs = runs = None
        # tuple.__new__ mapped in C: one LettersWord per word without a Python call each.
        results.extend(map(tuple.__new__, repeat(LettersWord), rows))
    return results


def _by_lookup(
    dictionary: Dictionary,
    key: str,
    blanks: int,
    min_length: int,
    enough: int,
    everything: bool,
    budget: Budget | None = None,
) -> Found:
    if budget is not None:  # only a caller that sets a budget (the server) loads budget.py
        from .budget import KEY_COST
    groups = sub_keys_by_length(key, blanks) if blanks or len(key) > COMBINATIONS_UP_TO else None
    # Blocks by number, and the open file the walk began with (Dictionary.find_keys).
    memo: dict[int, Any] = {}
    words_by_length: Found = {}
    if everything:
        # Every length is wanted: one walk over all the keys in order reaches each block once.
        if groups is None:
            # The key table takes keys in any order: then they are not sorted (the walk
            # wants them ascending); the words of each length are sorted in _results.
            wanted = all_sub_keys(key, not dictionary.any_order)
            if min_length > 1:
                wanted = [sub for sub in wanted if len(sub) >= min_length]
        else:
            wanted = sorted(
                sub for length, subs in groups.items() if length >= min_length for sub in subs
            )
        if budget is not None:
            budget.spend(len(wanted) * KEY_COST, "keys looked up")
        if not blanks:  # (a batch's common case: a list a length, no dict call a hit)
            lists: list[list[str]] = [[] for _ in range(len(key) + 1)]
            for sub, words in dictionary.find_keys(wanted, memo):
                lists[len(sub)] += words
            return {length: found for length, found in enumerate(lists) if found}
        for sub, words in dictionary.find_keys(wanted, memo):
            used = _blanks_used(key, sub)
            words_by_length.setdefault(len(sub), []).extend((word, used) for word in words)
        return words_by_length
    total = 0
    for length in range(len(key) + blanks, min_length - 1, -1):
        found: list[Any] = []
        wanted = groups.get(length, []) if groups is not None else sub_keys_of_length(key, length)
        if budget is not None:
            budget.spend(len(wanted) * KEY_COST, "keys looked up")
        for sub, words in dictionary.find_keys(wanted, memo):
            if blanks:
                used = _blanks_used(key, sub)
                found.extend((word, used) for word in words)
            else:
                found.extend(words)
        if found:
            words_by_length[length] = found
            total += len(found)
        if total >= enough:  # (everything returned above)
            break
    return words_by_length


def line_pattern(key: str, blanks: int) -> re.Pattern[bytes]:
    """A regex for the dictionary lines that can possibly be made from the rack: every
    byte one of the rack's letters (either case) or any non-ASCII byte (an accented
    letter, decided exactly later), with up to *blanks* other characters."""
    import re

    letters = "".join(sorted({letter for letter in key if letter.isascii()}))
    allowed = b"[" + re.escape((letters + letters.upper()).encode()) + rb"\x80-\xff]"
    wild = b"" if not blanks else b"(?:[^\n]" + allowed + b"*){0,%d}" % blanks
    return re.compile(b"^" + allowed + b"*" + wild + b"$", re.MULTILINE)


def _scan(
    dictionary: Dictionary, key: str, blanks: int, min_length: int, budget: Budget | None = None
) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """One pass over the dictionary: (word, its key, blanks used) for each word the rack
    makes. A regex picks the candidate lines in C; each is then checked exactly (and paid
    for from *budget*, a batch of SCAN_BATCH at a time)."""
    from collections import Counter

    from .budget import SCAN_COST, spend

    have = Counter(key)
    longest = len(key) + blanks
    for checked, word in enumerate(dictionary.scan(line_pattern(key, blanks))):
        if not checked % SCAN_BATCH:
            spend(budget, SCAN_BATCH * SCAN_COST, "words checked")
        word_letters = word_key(word)
        length = len(word_letters)
        if length < min_length or length > longest:
            continue
        short = sum(max(0, n - have[letter]) for letter, n in Counter(word_letters).items())
        if short <= blanks:
            yield word, word_letters, _blanks_used(key, word_letters) if short else ()


def _by_scan(
    dictionary: Dictionary, key: str, blanks: int, min_length: int, budget: Budget | None = None
) -> dict[int, list[tuple[str, tuple[str, ...]]]]:
    words_by_length: dict[int, list[tuple[str, tuple[str, ...]]]] = {}
    for word, word_letters, used in _scan(dictionary, key, blanks, min_length, budget):
        words_by_length.setdefault(len(word_letters), []).append((word, used))
    return words_by_length


def choose_method(dictionary: Dictionary, key: str, blanks: int, method: str | None) -> str:
    """*method* when it is one of METHODS, else (None) the cost model's choice (see strategy())."""
    if method is None:
        return strategy(dictionary, key, blanks)
    if method not in METHODS:
        raise InvalidArgumentError(
            f"the method must be one of {', '.join(METHODS)} (or None to choose by cost), not "
            f"{method!r}"
        )
    return method


def words_within(
    dictionary: Dictionary, key: str, min_length: int = 1, method: str | None = None
) -> dict[str, list[str]]:
    """Every dictionary key that is a sub-multiset of *key*, with its words.

    The lookups or the single pass, whichever the cost model prefers (see strategy()), or
    *method* ("lookup" or "scan") when given: the first step of multi-word anagram searches.
    """
    if choose_method(dictionary, key, 0, method) == "lookup":
        groups = sub_keys_by_length(key)
        wanted = sorted(
            sub for length, subs in groups.items() if length >= min_length for sub in subs
        )
        return dict(dictionary.find_keys(wanted))
    found: dict[str, list[str]] = {}
    for word, word_letters, _ in _scan(dictionary, key, 0, min_length):
        found.setdefault(word_letters, []).append(word)
    return found


def solve_letters(
    dictionary: Dictionary,
    rack: str,
    min_length: int = MIN_LENGTH,
    enough: int = ENOUGH,
    all: bool = False,
    method: str | None = None,
    budget: Budget | None = None,
) -> list[LettersWord]:
    """The words made from a sub-multiset of *rack*, longest first, then alphabetical.

    By default the search stops after the length at which it has at least *enough*
    words; ``all=True`` goes down to *min_length*. ``?`` in the rack is a blank.
    Cost: about COST_PER_KEY microseconds per distinct sub-multiset key looked up, or one
    pass over the dictionary for racks where that is cheaper (see strategy()); *method*
    ("lookup" or "scan") overrides the choice, with the same answer. A *budget*
    (countdown.budget) bounds the work: WorkLimitError once it is spent. Raises
    InvalidRackError for a bad rack and InvalidArgumentError for a *min_length* or
    *enough* below 1.
    """
    key, blanks = parse_rack(rack)
    if min_length < 1:
        raise InvalidArgumentError(f"the shortest word must be at least 1 letter, not {min_length}")
    if enough < 1:
        raise InvalidArgumentError(f"enough must be at least 1, not {enough}")
    if choose_method(dictionary, key, blanks, method) == "lookup":
        found = _by_lookup(dictionary, key, blanks, min_length, enough, all, budget)
    else:
        found = _by_scan(dictionary, key, blanks, min_length, budget)
    return _results(found, enough, all)
