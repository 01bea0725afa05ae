"""The values of a window [low, high] that ``x op y`` reaches, as the bits of an integer,
and the two phases of numbers_stats.py that find each selection's values in the window.

numbers_stats.py needs, for each selection, only the values inside a window W around the
targets. A value set X (a sorted list) gets two integer tables once (:class:`Table`): its
members up to SPAN = 2 * high as bits (bit x for x), and the same members mirrored (bit
SPAN - x). Then the sums, differences and reversed differences of X with one value y are
one shift each, whatever the size of X:

    x + y      table.bits << y
    x - y      table.bits >> y                 (y <= high: x - y <= high needs x <= SPAN)
    y - x      table.mirrored >> (SPAN - y)    (y <= SPAN: bit SPAN - x lands on y - x)

Products and quotients slice X by bisection and are mapped in C, as numbers_search does.
Results outside W, zero and below are masked off at the end (bit 0 and below vanish in a
right shift; bits beyond high by the window's mask). Only what the rules allow: positive
whole results, no multiplying or dividing by 1 (numbers.py).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import combinations, compress
from operator import itemgetter, not_

from .numbers_search import UNBOUNDED, Key, values_of
from .show import SHOW_TILES, TILES_DRAWN

REACH = 10  # a target's nearest value counts up to this far away


class Table:
    """A sorted value list with its bits and mirrored bits up to the window's SPAN."""

    __slots__ = ("bits", "largest", "mirrored", "values")

    def __init__(self, values: list[int], span: int) -> None:
        self.values = values
        self.largest = values[-1] if values else 0
        low = values[: bisect_right(values, span)]
        self.bits: int = sum(map((1).__lshift__, low))  # distinct powers: their sum is the OR
        self.mirrored: int = sum(map((1).__lshift__, map(span.__sub__, low)))


class Window:
    """W = [first target - REACH, last target + REACH] (at least 1), and combining into it."""

    def __init__(self, first: int, last: int) -> None:
        self.low = max(1, first - REACH)
        self.high = last + REACH
        self.span = 2 * self.high
        self.mask = ((1 << (self.high - self.low + 1)) - 1) << self.low

    def table(self, values: list[int]) -> Table:
        return Table(values, self.span)

    def relative(self, bits: int) -> int:
        """Bits of values (bit v for v) as the window's bitset: bit v - low for v in W."""
        return (bits & self.mask) >> self.low

    def combine(self, table: Table, y: int, extra: set[int]) -> int:
        """Every allowed ``x op y`` and ``y op x`` for x in *table*: the shifted ones as the
        returned bits (not yet masked), the sliced ones added to *extra* (values in W)."""
        low, high, xs = self.low, self.high, table.values
        found = 0
        if y <= high:
            found = (table.bits << y) | (table.bits >> y)
        else:  # x + y is beyond W; x - y lands in W only from x in [y + low, y + high]
            extra.update(map(y.__rsub__, xs[bisect_left(xs, y + low) : bisect_right(xs, y + high)]))
        if y <= self.span:
            found |= table.mirrored >> (self.span - y)
        else:
            extra.update(map(y.__sub__, xs[bisect_left(xs, y - high) : bisect_right(xs, y - low)]))
        # Each slice below is looked for only where it can hold something: most values y
        # are small, and a call saved is most of the cost of one.
        if 1 < y <= high // 2:
            products = xs[bisect_left(xs, max(-(-low // y), 2)) : bisect_right(xs, high // y)]
            extra.update(map(y.__mul__, products))
        if y > 1 and low * y <= table.largest:
            multiples = xs[bisect_left(xs, low * y) : bisect_right(xs, high * y)]
            whole = compress(multiples, map(not_, map(y.__rmod__, multiples)))
            extra.update(map(y.__rfloordiv__, whole))
        if y >= 2 * low:  # y / x for x >= 2 dividing y, the quotient in W
            divisors = xs[bisect_left(xs, 2) : bisect_right(xs, y // low)]
            extra.update(y // x for x in divisors if not y % x and y // x <= high)
        return found

    def bits_of(self, values: set[int]) -> int:
        """A set of values as bits (bit v for v)."""
        return sum(map((1).__lshift__, values))


class _Values:
    """Sorted value lists of sub-multisets of up to four tiles and their window tables,
    memoised for the life of a process (larger ones are computed, used and dropped)."""

    def __init__(self) -> None:
        self.memo: dict[Key, list[int]] = {}
        self.tables: dict[tuple[Key, int, int], Table] = {}

    def full(self, key: Key, high: int = UNBOUNDED) -> set[int]:
        """Every value up to *high* of an expression using exactly the tiles of *key*."""
        return values_of(key, self.sorted, high)

    def sorted(self, key: Key) -> list[int]:
        remembered = self.memo.get(key)
        if remembered is None:
            remembered = sorted(self.full(key))
            if len(key) <= 4:
                self.memo[key] = remembered
        return remembered

    def within(self, key: Key, window: Window) -> int:
        """The bits of every value of *key* or of any of its sub-multisets (up to SPAN)."""
        memo = (key, window.low, -window.high)
        found = self.tables.get(memo)
        if found is None:
            found = self.tables[memo] = window.table(self.sorted(key))
            for size in range(1, len(key)):
                for sub in set(combinations(key, size)):
                    found.bits |= self.table(sub, window).bits
        return found.bits

    def table(self, key: Key, window: Window) -> Table:
        """The window's table of *key*'s values (a key of up to four tiles)."""
        memo = (key, window.low, window.high)
        found = self.tables.get(memo)
        if found is None:
            found = self.tables[memo] = window.table(self.sorted(key))
        return found


_values = _Values()


def extensions(five: Key) -> list[Key]:
    """The selections made by adding one more tile to a five-tile sub-selection."""
    found = []
    for tile, count in SHOW_TILES.items():
        if five.count(tile) < count:
            found.append(tuple(sorted((*five, tile))))
    return found


def phase_a(task: tuple[list[Key], int, int]) -> dict[Key, int]:
    """5+1 splits: the value set of each five-tile key, combined with each extra tile.

    A value beyond the window's high times the largest tile cannot come back into the
    window with one more tile, so the five-tile set is built only up to there."""
    fives, first, last = task
    window = Window(first, last)
    cap = window.high * max(SHOW_TILES)
    found: dict[Key, int] = {}
    for five in fives:
        table = window.table(sorted(_values.full(five, cap)))
        for selection in extensions(five):
            extra: set[int] = set()
            tile = _extra_tile(selection, five)
            bits = table.bits | window.combine(table, tile, extra) | window.bits_of(extra)
            found[selection] = found.get(selection, 0) | window.relative(bits)
    return found


def _extra_tile(selection: Key, five: Key) -> int:
    rest = list(selection)
    for tile in five:
        rest.remove(tile)
    return rest[0]


# A selection's splits into 2+4 and 3+3 tiles, and its four-tile sub-selections, as
# positions (its tiles are sorted, so each part comes out sorted).
_PAIRS = [
    (itemgetter(*part), itemgetter(*(i for i in range(TILES_DRAWN) if i not in part)))
    for size in (2, 3)
    for part in combinations(range(TILES_DRAWN), size)
    if size == 2 or 0 in part  # a 3+3 split once, not twice
]
_FOURS = [itemgetter(*four) for four in combinations(range(TILES_DRAWN), 4)]


def phase_b(task: tuple[list[Key], int, int]) -> dict[Key, int]:
    """Per selection: the 4+2 and 3+3 splits, and every sub-selection of up to four tiles:
    each split combines the values of its side with fewer of them, one at a time, with the
    other side's window table."""
    chosen, first, last = task
    window = Window(first, last)
    found: dict[Key, int] = {}
    for selection in chosen:
        extra: set[int] = set()
        bits = 0
        for four in dict.fromkeys(get(selection) for get in _FOURS):
            bits |= _values.within(four, window)
        pairs = dict.fromkeys((one(selection), other(selection)) for one, other in _PAIRS)
        for part, rest in pairs:
            a, b = _values.sorted(part), _values.sorted(rest)
            small, large = (a, rest) if len(a) <= len(b) else (b, part)
            table = _values.table(large, window)
            for y in small:
                bits |= window.combine(table, y, extra)
        found[selection] = window.relative(bits | window.bits_of(extra))
    return found
