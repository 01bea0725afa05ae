"""The numbers search: which values an expression over some of the numbers can take, and
how one of them is made, memoised by sub-multiset.

The search works on sub-multisets of the numbers ("keys": sorted tuples, so the two 5s of
a game are one thing). ``Search.values(key)`` is the set of values an expression using
exactly the numbers of *key* can take, built from the values of complementary pairs of
smaller keys. Whether the target is reachable from a large key is decided without
building its whole set: for each split, each value y of the smaller side, and each
operation, the one x that would give the target is computed and looked up on the other
side (recursively, with memoisation). Only what the rules allow is combined (numbers.py
has them): positive whole results, and no multiplying or dividing by 1.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import combinations

from .budget import STATE_COST, Budget, spend
from .numbers_forms import join

# Annotations only: typing and collections.abc cost a cold ``anagramdb numbers`` more than
# the solve.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from .numbers_forms import Form

    Recipe = tuple[str, "Key", int, "Key", int, bool]  # op, part, x, rest, y, y first?

Key = tuple[int, ...]
UNBOUNDED = 1 << 62


def combine_into(
    found: set[int], xs: list[int], y: int, low: int = 1, high: int = UNBOUNDED
) -> None:
    """Add to *found* every allowed ``x op y`` and ``y op x`` in [low, high], x from sorted *xs*.

    Each operation's x range is cut from *xs* by bisection and the operation mapped over
    the slice in C, so the cost is a few calls per y rather than a Python step per pair.
    """

    def window(a: int, b: int) -> list[int]:
        return xs[bisect_left(xs, a) : bisect_right(xs, b)]

    found.update(map(y.__add__, window(low - y, high - y)))
    found.update(map(y.__rsub__, window(max(low + y, y + 1), high + y)))
    found.update(map(y.__sub__, window(max(y - high, 1), min(y - low, y - 1))))
    if y > 1:
        found.update(map(y.__mul__, window(max(-(-low // y), 2), high // y)))
        found.update(x // y for x in window(low * y, high * y) if not x % y)
    found.update(y // x for x in window(2, y // max(low, 1)) if not y % x and low <= y // x <= high)


def values_of(
    key: Key, sorted_values: Callable[[Key], list[int]], high: int = UNBOUNDED
) -> set[int]:
    """Every value up to *high* of an expression using exactly the numbers of *key*, from
    the sorted value lists of its parts (*sorted_values* memoises them)."""
    if len(key) == 1:
        return {key[0]} if key[0] <= high else set()
    found: set[int] = set()
    for part, rest in splits(key):
        a, b = sorted_values(part), sorted_values(rest)
        small, large = (a, b) if len(a) <= len(b) else (b, a)
        for y in small:
            combine_into(found, large, y, 1, high)
    return found


def splits(key: Key) -> list[tuple[Key, Key]]:
    """Each way to cut a multiset into two non-empty parts, once per unordered pair."""
    seen: set[tuple[Key, Key]] = set()
    size = len(key)
    for count in range(1, size // 2 + 1):
        for chosen in combinations(range(size), count):
            part = tuple(key[i] for i in chosen)
            rest = tuple(key[i] for i in range(size) if i not in chosen)
            pair = (part, rest) if part <= rest else (rest, part)
            seen.add(pair)
    return sorted(seen, key=lambda pair: (len(pair[0]), pair))


def sub_keys(key: Key) -> list[Key]:
    """Every distinct non-empty sub-multiset, smallest first."""
    found = {
        tuple(key[i] for i in chosen)
        for size in range(1, len(key) + 1)
        for chosen in combinations(range(len(key)), size)
    }
    return sorted(found, key=lambda sub: (len(sub), sub))


def inverses(target: int, y: int) -> Iterator[tuple[str, int, bool]]:
    """For ``target = x op y`` (or, flagged, ``y op x``): (op, the x it needs, y first?).

    Only what the rules allow: positive x, no multiplying or dividing by 1.
    """
    if target > y:
        yield "+", target - y, False
    yield "-", target + y, False
    if y > target:
        yield "-", y - target, True
    if y > 1:
        if target % y == 0 and target // y > 1:
            yield "*", target // y, False
        yield "/", target * y, False
    if y % target == 0 and y // target > 1:
        yield "/", y // target, True


class Search:
    """Values, reachability and reconstruction for one game's numbers, memoised by key."""

    def __init__(self, numbers: list[int], budget: Budget | None = None) -> None:
        self.key: Key = tuple(sorted(numbers))
        self.budget = budget
        self._values: dict[Key, set[int]] = {}
        self._sorted: dict[Key, list[int]] = {}
        self._reach: dict[tuple[Key, int], Recipe | None] = {}

    def values(self, key: Key) -> set[int]:
        """Every value of an expression using exactly the numbers of *key*."""
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = values_of(key, self.sorted_values)
            spend(self.budget, len(found) * STATE_COST, "values derived")
        return found

    def sorted_values(self, key: Key) -> list[int]:
        """values(key), sorted."""
        found = self._sorted.get(key)
        if found is None:
            found = self._sorted[key] = sorted(self.values(key))
        return found

    def recipe(self, key: Key, target: int, full_below: int = 5) -> Recipe | None:
        """How *target* is made from exactly *key* (op, part, x, rest, y, y-first), or None.

        Keys shorter than *full_below* get their whole value set built; longer ones are
        searched by inverses, iterating the smaller side's values.
        """
        memo = (key, target)
        if memo in self._reach:
            return self._reach[memo]
        result: Recipe | None = None
        if len(key) == 1:
            result = ("=", key, target, (), 0, False) if key[0] == target else None
        elif len(key) < full_below and target not in self.values(key):
            result = None
        else:
            result = self._split_recipe(key, target, full_below)
        self._reach[memo] = result
        return result

    def _split_recipe(self, key: Key, target: int, full_below: int) -> Recipe | None:
        for part, rest in splits(key):
            small, large = (part, rest) if len(part) <= len(rest) else (rest, part)
            for y in sorted(self.values(small)):
                for op, x, y_first in inverses(target, y):
                    if self.recipe(large, x, full_below) is not None:
                        return (op, large, x, small, y, y_first)
        return None

    def form(self, key: Key, value: int) -> Form:
        """The canonical form of one expression for *value* from exactly *key*."""
        recipe = self.recipe(key, value)
        if recipe is None:
            raise ValueError(f"{value} is not reachable from {key}")
        op, large, x, small, y, y_first = recipe
        if op == "=":
            return (0, value)
        left, right = self.form(large, x), self.form(small, y)
        if y_first:
            left, right = right, left
        return join(op, left, right)
