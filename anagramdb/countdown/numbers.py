"""The numbers round: reach a target from up to seven numbers with + - × ÷.

Rules: every intermediate result is a positive integer (no zero, no negatives, division
exact), each number is used at most once, and not all need be used. If the target cannot
be reached, the nearest reachable value (below or above) is the answer. A step that
multiplies or divides by 1 changes nothing, so expressions containing one are left out
(whatever they reach is reached without the 1).

The search works on sub-multisets of the numbers ("keys": sorted tuples, so the two 5s of
a game are one thing). ``_Search.values(key)`` is the set of values an expression using
exactly the numbers of *key* can take, built from the values of complementary pairs of
smaller keys. Whether the target is reachable from a large key is decided without
building its whole set: for each split, each value y of the smaller side, and each
operation, the one x that would give the target is computed and looked up on the other
side (recursively, with memoisation).

Canonical form (for counting distinct solutions): + and - chains are flattened into a
sum of positive terms minus negative terms, × and ÷ chains into a product of numerator
factors over denominator factors, and each list of terms is sorted, so expressions that
differ only by the order of operands of + and ×, or by regrouping such chains, have one
form. Forms are tuples: ``(0, n)`` for a number, ``(1, plus, minus)`` for a sum and
``(2, times, over)`` for a product.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import combinations
from time import monotonic

from ..errors import InvalidNumbersError, TimeLimitError
from .budget import STATE_COST, Budget, spend

# Annotations only: typing and collections.abc cost a cold ``anagramdb numbers`` more than
# the solve, so the answer classes below are plain tuple subclasses, not NamedTuples.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

MAX_NUMBERS = 7
# Digits in a number or target, counted before converting text (Python refuses to convert
# 4,300 or more): no game needs more, and a solution's products stay small.
MAX_DIGITS = 18
UNBOUNDED = 1 << 62
SMALL_TILES = tuple(range(1, 11))
LARGE_TILES = (25, 50, 75, 100)
SHOW_TILES = {n: 2 for n in SMALL_TILES} | {n: 1 for n in LARGE_TILES}
TARGET_RANGE = (101, 999)
UNICODE_SIGNS = {"+": "+", "-": "-", "*": "×", "/": "÷"}
ASCII_SIGNS = {"+": "+", "-": "-", "*": "*", "/": "/"}

Key = tuple[int, ...]
if TYPE_CHECKING:
    from typing import Any

    Form = tuple[Any, ...]  # (0, n), (1, plus, minus) or (2, times, over): see above
    Recipe = tuple[str, Key, int, Key, int, bool]  # op, part, x, rest, y, y first?


def named_repr(record: tuple[object, ...], fields: tuple[str, ...]) -> str:
    """``Name(field=value, ...)``, as a NamedTuple shows itself, for the record classes below."""
    return (
        f"{type(record).__name__}("
        + ", ".join(f"{name}={value!r}" for name, value in zip(fields, record, strict=True))
        + ")"
    )


class Expression(tuple[int, list[str], str, str, int]):
    """One solution: its value, the steps as on the show, infix, reverse Polish, and how
    many numbers it uses: ``(value, steps, infix, rpn, numbers)``."""

    __slots__ = ()
    _fields = ("value", "steps", "infix", "rpn", "numbers")

    def __new__(
        cls, value: int, steps: list[str], infix: str, rpn: str, numbers: int
    ) -> Expression:
        return tuple.__new__(cls, (value, steps, infix, rpn, numbers))

    @property
    def value(self) -> int:
        return self[0]

    @property
    def steps(self) -> list[str]:
        return self[1]

    @property
    def infix(self) -> str:
        return self[2]

    @property
    def rpn(self) -> str:
        return self[3]

    @property
    def numbers(self) -> int:
        return self[4]

    def __repr__(self) -> str:
        return named_repr(self, self._fields)

    def to_dict(self) -> dict[str, object]:
        return {"value": self.value, "steps": self.steps, "infix": self.infix, "rpn": self.rpn}


class Answer(tuple[list[int], int, int, list[Expression], int | None]):
    """The best a game allows: exact or nearest, with one or every distinct solution:
    ``(numbers, target, value, solutions, count)``."""

    __slots__ = ()
    _fields = ("numbers", "target", "value", "solutions", "count")

    def __new__(
        cls,
        numbers: list[int],
        target: int,
        value: int,
        solutions: list[Expression],
        count: int | None = None,
    ) -> Answer:
        return tuple.__new__(cls, (numbers, target, value, solutions, count))

    @property
    def numbers(self) -> list[int]:
        return self[0]

    @property
    def target(self) -> int:
        return self[1]

    @property
    def value(self) -> int:
        return self[2]

    @property
    def solutions(self) -> list[Expression]:
        return self[3]

    @property
    def count(self) -> int | None:  # type: ignore[override]  # the field, as in the NamedTuple it was
        return self[4]

    def __repr__(self) -> str:
        return named_repr(self, self._fields)

    @property
    def exact(self) -> bool:
        return self.value == self.target

    @property
    def distance(self) -> int:
        return abs(self.value - self.target)

    def to_dict(self) -> dict[str, object]:
        record: dict[str, object] = {
            "numbers": self.numbers,
            "target": self.target,
            "exact": self.exact,
            "value": self.value,
            "distance": self.distance,
            "solutions": [s.to_dict() for s in self.solutions],
        }
        if self.count is not None:
            record["count"] = self.count
        return record


def validate(numbers: list[int], target: int) -> None:
    """Raise InvalidNumbersError unless there are 1 to 7 positive integers and a positive target."""
    if not 1 <= len(numbers) <= MAX_NUMBERS:
        raise InvalidNumbersError(f"give 1 to {MAX_NUMBERS} numbers, not {len(numbers)}")
    for number in [*numbers, target]:
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            shown = number if not isinstance(number, int) or number > -(10**MAX_DIGITS) else "-..."
            raise InvalidNumbersError(
                f"numbers and the target must be positive whole numbers, not {shown!r}"
            )
        if number >= 10**MAX_DIGITS:
            raise InvalidNumbersError(f"numbers and the target have at most {MAX_DIGITS} digits")


def off_the_show(numbers: list[int], target: int) -> list[str]:
    """Ways the game could not come from the show's tiles and targets (empty: it could)."""
    problems = []
    for number in sorted(set(numbers)):
        if numbers.count(number) > SHOW_TILES.get(number, 0):
            have = SHOW_TILES.get(number, 0)
            problems.append(
                f"{number} is not a tile"
                if not have
                else f"there {'is' if have == 1 else 'are'} only {have} tile{'s' * (have > 1)} of "
                f"{number}"
            )
    if not TARGET_RANGE[0] <= target <= TARGET_RANGE[1]:
        problems.append(f"the target {target} is outside {TARGET_RANGE[0]}-{TARGET_RANGE[1]}")
    if len(numbers) != 6:
        problems.append(f"the show uses six numbers, not {len(numbers)}")
    return problems


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


def values_of(key: Key, sorted_values: Callable[[Key], list[int]]) -> set[int]:
    """Every value of an expression using exactly the numbers of *key*, from the sorted
    value lists of its parts (*sorted_values* memoises them)."""
    if len(key) == 1:
        return {key[0]}
    found: set[int] = set()
    for part, rest in splits(key):
        a, b = sorted_values(part), sorted_values(rest)
        small, large = (a, b) if len(a) <= len(b) else (b, a)
        for y in small:
            combine_into(found, large, y)
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


class _Search:
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


def join(op: str, left: Form, right: Form) -> Form:
    """The canonical form of ``left op right``: chains flattened, terms sorted."""
    kind = 1 if op in "+-" else 2

    def parts(form: Form) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        return (form[1], form[2]) if form[0] == kind else ((form,), ())

    lp, ln = parts(left)
    rp, rn = parts(right)
    if op in "+*":
        return (kind, tuple(sorted(lp + rp)), tuple(sorted(ln + rn)))
    return (kind, tuple(sorted(lp + rn)), tuple(sorted(ln + rp)))


def evaluate(form: Form) -> int:
    """The value of a canonical form."""
    if form[0] == 0:
        number: int = form[1]
        return number
    terms = [evaluate(f) for f in form[1]]
    others = [evaluate(f) for f in form[2]]
    if form[0] == 1:
        return sum(terms) - sum(others)
    result = 1
    for term in terms:
        result *= term
    for other in others:
        result //= other
    return result


def count_numbers(form: Form) -> int:
    """How many numbers a form uses."""
    return 1 if form[0] == 0 else sum(count_numbers(f) for f in form[1] + form[2])


def _ordered(terms: tuple[Form, ...]) -> list[Form]:
    """Terms largest value first (the show's habit: 100 + 4, not 4 + 100)."""
    return sorted(terms, key=lambda f: (-evaluate(f), f))


def render(form: Form, ascii_signs: bool = False) -> Expression:
    """Steps, infix with minimal brackets, and RPN of a canonical form.

    A sum is evaluated as its positive terms added, largest first, then each negative
    term subtracted; a product as its factors multiplied, then each divisor divided.
    Every intermediate result is then a positive integer: the full sum (product) is, and
    removing terms one at a time only walks down to it.
    """
    signs = ASCII_SIGNS if ascii_signs else UNICODE_SIGNS
    steps: list[str] = []

    def walk(node: Form) -> tuple[int, str, str]:
        """(value, infix, rpn) of a node, appending its steps."""
        if node[0] == 0:
            return node[1], str(node[1]), str(node[1])
        up, down = ("+", "-") if node[0] == 1 else ("*", "/")
        value, text, rpn = None, "", ""
        for sign, term in [(up, t) for t in _ordered(node[1])] + [
            (down, t) for t in _ordered(node[2])
        ]:
            term_value, term_text, term_rpn = walk(term)
            bracket = (term[0] == 1 and node[0] == 2) or (sign == "-" and term[0] == 1)
            shown = f"({term_text})" if bracket else term_text
            if value is None:
                value, text, rpn = term_value, shown, term_rpn
                continue
            result = {
                "+": value + term_value,
                "-": value - term_value,
                "*": value * term_value,
                "/": value // term_value,
            }[sign]
            steps.append(f"{value} {signs[sign]} {term_value} = {result}")
            value, text, rpn = result, f"{text} {signs[sign]} {shown}", f"{rpn} {term_rpn} {sign}"
        assert value is not None
        return value, text, rpn

    value, text, rpn = walk(form)
    return Expression(value, steps, text, f"({rpn})", count_numbers(form))


def _best_value(search: _Search, target: int, most: int = MAX_NUMBERS) -> int:
    """The value nearest *target* (the smaller of two equally near ones) reachable with at
    most *most* of the numbers."""
    keys = [key for key in sub_keys(search.key) if len(key) <= most]
    if any(search.recipe(key, target) is not None for key in keys):
        return target
    reachable: set[int] = set()
    for key in keys:
        reachable |= search.values(key)
    return min(reachable, key=lambda value: (abs(value - target), value))


def reachable(numbers: list[int]) -> set[int]:
    """Every value an expression using any of *numbers* (each at most once) can take.

    Cost: the full value set of every sub-multiset: about 10-50 ms for six numbers and
    0.35 s for seven (measured); solve() builds it only when the target is out of reach.
    """
    validate(numbers, 1)
    search = _Search(numbers)
    found: set[int] = set()
    for key in sub_keys(search.key):
        found |= search.values(key)
    return found


def _simplest_key(search: _Search, value: int) -> Key:
    """The smallest sub-multiset (fewest numbers, then smallest values) that reaches *value*."""
    return next(key for key in sub_keys(search.key) if search.recipe(key, value) is not None)


def solve(
    numbers: list[int],
    target: int,
    ascii_signs: bool = False,
    budget: Budget | None = None,
    most: int = MAX_NUMBERS,
) -> Answer:
    """The best answer: exact if possible, else the nearest; the simplest such expression
    (fewest numbers, hence fewest operations). *most* limits how many of the numbers an
    answer may use (the game's opponents reach only so far).

    Cost: the value sets of sub-multisets of up to four numbers, then a search by inverses
    for five and six; a full enumeration only when the target is out of reach. A *budget*
    (countdown.budget) bounds the work: WorkLimitError once it is spent.
    """
    validate(numbers, target)
    if most < 1:
        raise InvalidNumbersError(f"an answer uses at least 1 number, not {most}")
    search = _Search(numbers, budget)
    value = _best_value(search, target, most)
    expression = render(search.form(_simplest_key(search, value), value), ascii_signs)
    return Answer(list(numbers), target, value, [expression], None)


def solve_by_count(numbers: list[int], target: int, ascii_signs: bool = False) -> list[Answer]:
    """solve(numbers, target, most=k) for every k from 1 to len(numbers), in that order,
    sharing one search: what a player who combines at most k numbers can reach.

    Cost: about one solve(); the value sets of five and six numbers are built only when
    the target is out of reach with that many.
    """
    validate(numbers, target)
    search = _Search(numbers)
    answers = []
    for most in range(1, len(numbers) + 1):
        value = _best_value(search, target, most)
        expression = render(search.form(_simplest_key(search, value), value), ascii_signs)
        answers.append(Answer(list(numbers), target, value, [expression], None))
    return answers


def _forms(
    search: _Search,
    key: Key,
    value: int,
    memo: dict[tuple[Key, int], set[Form]],
    deadline: float | None = None,
) -> set[Form]:
    """Every canonical form of value *value* from exactly *key*."""
    remembered = memo.get((key, value))
    if remembered is not None:
        return remembered
    if deadline is not None and monotonic() > deadline:
        raise TimeLimitError(f"listing every solution for {value} took too long")
    spend(search.budget, STATE_COST, "expressions listed")
    found: set[Form] = set()
    if len(key) == 1:
        if key[0] == value:
            found.add((0, value))
    else:
        for part, rest in splits(key):
            if len(search.values(part)) < len(search.values(rest)):
                part, rest = rest, part
            have = search.values(part)
            for y in search.values(rest):
                for op, x, y_first in inverses(value, y):
                    if x not in have:
                        continue
                    for left in _forms(search, part, x, memo, deadline):
                        for right in _forms(search, rest, y, memo, deadline):
                            found.add(join(op, right, left) if y_first else join(op, left, right))
    memo[(key, value)] = found
    return found


def solutions(
    numbers: list[int],
    target: int,
    ascii_signs: bool = False,
    deadline: float | None = None,
    budget: Budget | None = None,
) -> Answer:
    """Every distinct solution (see the canonical form above) for the best value, simplest
    first (fewest numbers, then by infix text), with their count.

    With a *deadline* (a time.monotonic() value), listing them raises TimeLimitError once
    it is passed (finding the best value is bounded on its own: under a second for seven
    numbers). A *budget* (countdown.budget) bounds the whole search the same way, in work."""
    validate(numbers, target)
    search = _Search(numbers, budget)
    value = _best_value(search, target)
    memo: dict[tuple[Key, int], set[Form]] = {}
    forms: set[Form] = set()
    for key in sub_keys(search.key):
        if search.recipe(key, value) is not None:
            forms |= _forms(search, key, value, memo, deadline)
    rendered = sorted(
        (render(form, ascii_signs) for form in forms),
        key=lambda e: (e.numbers, len(e.steps), e.infix),
    )
    return Answer(list(numbers), target, value, rendered, len(rendered))
