"""The values of a window W = [low, high] that a selection's tiles reach, as the bits of
an integer (bit v - low for v in W), worked out per sub-selection for numbers_stats.py.

An expression over all six tiles splits at its last operation into two disjoint parts
of 5+1, 4+2 or 3+3 tiles. The work is arranged around the larger part A (the "table"
side), not around the selections: for one A, every selection A + B the statistics
examine is found from A's values and those of the small part B. For 4+2 and 3+3, A's
value set gets one table per value y it meets (:meth:`Window.pair_bits`: the bits of
every ``x op y`` and ``y op x`` in W), built the first time y comes up among the values
of any B that A is combined with, and then shared by all of them: a split costs one
lookup and one OR per value of B, done in C (``reduce(or_, map(row, values))``). A
four-tile A also brings the values of all its own sub-selections (:func:`within`); a
five-tile A its own values, and each extra tile t is combined with them at once through
a byte per value (:func:`five_bits`: sums and differences are slices, ``x * t`` is a
strided store and ``x / t`` a strided slice).

A value set X (a sorted list) combines with one value y through two integer tables
(:class:`Table`): its members up to SPAN = 2 * high as bits (bit x for x), and the same
mirrored (bit SPAN - x). Then

    x + y      table.bits << y
    x - y      table.bits >> y                 (y <= high: x - y <= high needs x <= SPAN)
    y - x      table.mirrored >> (SPAN - y)    (y <= SPAN: bit SPAN - x lands on y - x)

and products and quotients are cut from X by bisection, where they can land. Only what
the rules allow: positive whole results, no multiplying or dividing by 1 (numbers.py).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import reduce
from itertools import combinations, compress, product, starmap
from operator import add, floordiv, itemgetter, mod, mul, not_, or_, sub

from .numbers_search import UNBOUNDED, Key, values_of

REACH = 10  # a target's nearest value counts up to this far away

_ONE = 1
_DIGITS = bytes([48] + [49] * 255)  # a byte per value -> "0" or "1", for int(..., 2)


class Table:
    """A sorted value list with its bits and mirrored bits up to the window's SPAN."""

    __slots__ = ("bits", "largest", "mirrored", "values")

    def __init__(self, values: list[int], span: int) -> None:
        self.values = values
        self.largest = values[-1] if values else 0
        low = values[: bisect_right(values, span)]
        self.bits: int = sum(map(_ONE.__lshift__, low))  # distinct powers: their sum is the OR
        self.mirrored: int = sum(map(_ONE.__lshift__, map(span.__sub__, low)))


class Window:
    """W = [first target - REACH, last target + REACH] (at least 1), and combining into it."""

    def __init__(self, first: int, last: int) -> None:
        self.low = max(1, first - REACH)
        self.high = last + REACH
        self.span = 2 * self.high
        self.mask = (1 << (self.high - self.low + 1)) - 1

    def relative(self, bits: int) -> int:
        """Bits of values (bit v for v) as the window's bitset: bit v - low for v in W."""
        return (bits >> self.low) & self.mask

    def pair_bits(self, table: Table, y: int) -> int:
        """The window's bits of every allowed ``x op y`` and ``y op x``, x in *table*.

        Each operation's values are distinct powers of two, summed; the operations are
        ORed (two may give the same value)."""
        low, high, span, xs = self.low, self.high, self.span, table.values
        if y <= high:
            found = (table.bits << y) | (table.bits >> y)
        else:  # x + y is beyond W; x - y lands in W only from x in [y + low, y + high]
            part = xs[bisect_left(xs, y + low) : bisect_right(xs, y + high)]
            found = sum(map(_ONE.__lshift__, map(y.__rsub__, part)))
        if y <= span:
            found |= table.mirrored >> (span - y)
        else:
            part = xs[bisect_left(xs, y - high) : bisect_right(xs, y - low)]
            found |= sum(map(_ONE.__lshift__, map(y.__sub__, part)))
        # Each slice below is looked for only where it can hold something: most values y
        # are small, and a call saved is most of the cost of one.
        if 1 < y <= high // 2:
            part = xs[bisect_left(xs, max(-(-low // y), 2)) : bisect_right(xs, high // y)]
            found |= sum(map(_ONE.__lshift__, map(y.__mul__, part)))
        if y > 1 and low * y <= table.largest:
            multiples = xs[bisect_left(xs, low * y) : bisect_right(xs, high * y)]
            whole = compress(multiples, map(not_, map(y.__rmod__, multiples)))
            found |= sum(map(_ONE.__lshift__, map(y.__rfloordiv__, whole)))
        if y >= 2 * low:  # y / x for x >= 2 dividing y, the quotient in W
            divisors = xs[bisect_left(xs, 2) : bisect_right(xs, y // low)]
            found |= sum(1 << y // x for x in divisors if not y % x and y // x <= high)
        return (found >> low) & self.mask


class PairRow(dict[int, int]):
    """One value set's :meth:`Window.pair_bits`, by y, made the first time y is asked for."""

    __slots__ = ("table", "window")

    def __init__(self, window: Window, table: Table) -> None:
        super().__init__()
        self.window = window
        self.table = table

    def __missing__(self, y: int) -> int:
        bits = self[y] = self.window.pair_bits(self.table, y)
        return bits


class _Values:
    """Sorted value lists of sub-multisets of up to four tiles, and the window's bits of
    every value of a key's sub-multisets, memoised for the life of a process."""

    def __init__(self) -> None:
        self.memo: dict[Key, list[int]] = {}
        self.within: dict[tuple[Key, int, int], int] = {}

    def sorted(self, key: Key) -> list[int]:
        remembered = self.memo.get(key)
        if remembered is None:
            remembered = sorted(values_of(key, self.sorted))
            if len(key) <= 4:
                self.memo[key] = remembered
        return remembered


_values = _Values()


def values(key: Key) -> list[int]:
    """Every value of an expression using exactly the tiles of *key*, sorted (memoised up
    to four tiles)."""
    return _values.sorted(key)


def within(key: Key, window: Window) -> int:
    """The window's bits of every value of *key* or of any of its sub-multisets."""
    memo = (key, window.low, window.high)
    found = _values.within.get(memo)
    if found is None:
        found = 0
        for size in range(1, len(key) + 1):
            for sub in set(combinations(key, size)):
                found |= sum(map(_ONE.__lshift__, _in(_values.sorted(sub), window)))
        found = _values.within[memo] = found >> window.low
    return found


def _in(values: list[int], window: Window) -> list[int]:
    return values[bisect_left(values, window.low) : bisect_right(values, window.high)]


def pairs_bits(entry: tuple[Key, list[Key]], window: Window, found: dict[Key, int]) -> None:
    """For a part A of three or four tiles and the parts B it is combined with, OR into
    *found*, per selection A + B, the window's bits of every ``x op y`` (x of A, y of B,
    either order); with a four-tile A, also those of A's own sub-selections."""
    part, others = entry
    row = PairRow(window, Table(_values.sorted(part), window.span))
    base = within(part, window) if len(part) == 4 else 0
    get = row.__getitem__
    for other in others:
        selection = tuple(sorted(part + other))
        bits = reduce(or_, map(get, _values.sorted(other)), base)
        found[selection] = found.get(selection, 0) | bits


def five_bits(entry: tuple[Key, list[Key]], window: Window, found: dict[Key, int]) -> None:
    """For a five-tile part A and the tiles t it is extended with, OR into *found*, per
    selection A + t, the window's bits of A's values and of every ``x op t``, ``t op x``.

    A value beyond the window's top times the largest tile cannot come back into the
    window with one more tile, so A's value set is built only up to there, as a byte per
    value (1 for a member)."""
    five, tiles = entry
    low, high = window.low, window.high
    largest = max(max(tile) for tile in tiles)
    reach = high + largest  # x + t and x - t in W need x up to here
    present = five_values(five, max(high * largest, reach))
    # Bytes as values (byte x for x; in *mirrored* byte reach - x), so that a sum or a
    # difference with t is a shift of 8t bits; the operations' counts add, never carry.
    near = int.from_bytes(present[: reach + 1], "little")
    mirrored = int.from_bytes(present[reach::-1], "little")
    length = reach + largest + 1
    for (tile,) in tiles:
        slots = near + (near << 8 * tile) + (near >> 8 * tile) + (mirrored >> 8 * (reach - tile))
        if tile > 1:
            slots += _products_and_quotients(present, tile, high)
        digits = slots.to_bytes(length, "little")[high : low - 1 : -1].translate(_DIGITS)
        bits = int(digits, 2)
        if tile >= 2 * low:  # t / x, x >= 2 dividing t: few
            bits |= sum(
                1 << (tile // x - low)
                for x in range(2, tile // low + 1)
                if not tile % x and present[x] and tile // x <= high
            )
        selection = tuple(sorted((*five, tile)))
        found[selection] = found.get(selection, 0) | bits


# A five-tile key's splits into 4+1 and 3+2 tiles, as positions (its tiles are sorted).
_FIVE_SPLITS = [
    (itemgetter(*(i for i in range(5) if i not in rest)), itemgetter(*rest))
    for size in (1, 2)
    for rest in combinations(range(5), size)
]


def five_values(five: Key, top: int) -> bytearray:
    """A byte per value up to *top*, 1 where an expression over some of *five*'s tiles
    takes that value, built from the value sets of its 4+1 and 3+2 splits.

    Any value of fewer of the tiles may be marked as well (it is one of the selection's
    values all the same), so a product or quotient by 1 needs no care here: x * 1 is x.
    """
    found: set[int] = set()
    for part, rest in dict.fromkeys((part(five), rest(five)) for part, rest in _FIVE_SPLITS):
        xs = _values.sorted(part)
        if isinstance(rest, int):  # x op t: slices of the four's values, mapped in C
            t = rest
            found.update(map(t.__add__, xs[: bisect_right(xs, top - t)]))
            found.update(map(t.__rsub__, xs[bisect_right(xs, t) : bisect_right(xs, top + t)]))
            found.update(map(t.__sub__, xs[: bisect_left(xs, t)]))
            found.update(map(t.__mul__, xs[: bisect_right(xs, top // t)]))
            multiples = xs[: bisect_right(xs, top * t)]
            whole = compress(multiples, map(not_, map(t.__rmod__, multiples)))
            found.update(map(t.__rfloordiv__, whole))
            found.update(t // x for x in xs[: bisect_right(xs, t)] if not t % x)
        else:  # E(three) op E(two): every pair, a few passes in C; out-of-range ones dropped
            ys = _values.sorted(rest)
            pairs = list(product(xs, ys))
            found.update(starmap(add, pairs))
            found.update(map(abs, starmap(sub, pairs)))
            found.update(starmap(mul, pairs))
            found.update(compress(starmap(floordiv, pairs), map(not_, starmap(mod, pairs))))
            swapped = list(product(ys, xs))
            found.update(compress(starmap(floordiv, swapped), map(not_, starmap(mod, swapped))))
    present = bytearray(top + 1)
    for value in found:
        if 0 < value <= top:
            present[value] = 1
    return present


def _products_and_quotients(present: bytearray, tile: int, high: int) -> int:
    """Every ``x * tile`` and ``x / tile`` up to *high*, x with ``present[x]``, as a byte
    per value: products by a strided store, quotients by a strided slice."""
    slots = int.from_bytes(present[: high * tile + 1 : tile], "little")  # byte v: v * t
    count = high // tile - 1  # x * t for x in [2, high // t]
    if count > 0:
        spread = bytearray(high + 1)
        spread[2 * tile : 2 * tile + count * tile : tile] = present[2 : high // tile + 1]
        slots += int.from_bytes(spread, "little")
    return slots


__all__ = ["REACH", "UNBOUNDED", "Window", "five_bits", "pairs_bits", "values", "within"]
