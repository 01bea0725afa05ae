"""The numbers round: reach a target from up to seven numbers with + - × ÷, the best
answer and every distinct solution (solve, solve_by_count, solutions), and whether a game
could come from the show (validate, off_the_show).

Rules: every intermediate result is a positive integer (no zero, no negatives, division
exact), each number is used at most once, and not all need be used. If the target cannot
be reached, the nearest reachable value (below or above) is the answer. A step that
multiplies or divides by 1 changes nothing, so expressions containing one are left out
(whatever they reach is reached without the 1).

numbers_search.py finds the values and how each is made; numbers_forms.py writes an
expression in canonical form (so distinct solutions are counted once) and as text.
"""

from __future__ import annotations

from time import monotonic

from ..errors import InvalidNumbersError, TimeLimitError
from .budget import STATE_COST, Budget, spend
from .numbers_forms import Expression, join, render
from .numbers_search import Key, Search, inverses, splits, sub_keys
from .records import Record
from .show import SHOW_TILES, TARGET_RANGE, TILES_DRAWN

# Annotations only: typing costs a cold ``anagramdb numbers`` more than the solve, so the
# answer classes are Records (plain tuple subclasses), not NamedTuples.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .numbers_forms import Form

MAX_NUMBERS = 7
# Digits in a number or target, counted before converting text (Python refuses to convert
# 4,300 or more): no game needs more, and a solution's products stay small.
MAX_DIGITS = 18


class Answer(Record, tuple[list[int], int, int, list[Expression], int | None]):
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

    @property
    def exact(self) -> bool:
        return self.value == self.target

    @property
    def distance(self) -> int:
        return abs(self.value - self.target)

    def to_dict(self) -> dict[str, object]:
        """The JSON record: the fields with exact and distance beside the value, and the
        count only when every solution was listed."""
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
    if len(numbers) != TILES_DRAWN:
        problems.append(f"the show uses six numbers, not {len(numbers)}")
    return problems


def _best_value(search: Search, target: int, most: int = MAX_NUMBERS) -> int:
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
    search = Search(numbers)
    found: set[int] = set()
    for key in sub_keys(search.key):
        found |= search.values(key)
    return found


def _simplest_key(search: Search, value: int) -> Key:
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
    search = Search(numbers, budget)
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
    search = Search(numbers)
    answers = []
    for most in range(1, len(numbers) + 1):
        value = _best_value(search, target, most)
        expression = render(search.form(_simplest_key(search, value), value), ascii_signs)
        answers.append(Answer(list(numbers), target, value, [expression], None))
    return answers


def _forms(
    search: Search,
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
    search = Search(numbers, budget)
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
