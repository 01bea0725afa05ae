"""The numbers solver against a slow, obviously correct model."""

from __future__ import annotations

import random
import re
import time
from itertools import permutations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from anagramdb.countdown.budget import Budget, WorkLimitError
from anagramdb.countdown.draw import draw_numbers
from anagramdb.countdown.numbers import off_the_show, solutions, solve
from anagramdb.countdown.numbers_forms import join, render
from anagramdb.countdown.numbers_search import UNBOUNDED, combine_into, inverses
from anagramdb.countdown.show import LARGE_TILES
from anagramdb.errors import InvalidNumbersError, TimeLimitError

STEP = re.compile(r"^(\d+) ([-+×÷*/]) (\d+) = (\d+)$")


def model_values(numbers: tuple[int, ...]) -> set[int]:
    """Every value any expression of some of the numbers takes, by the classic method:
    repeatedly replace two of the numbers by the result of an allowed operation."""
    found: set[int] = set(numbers)
    seen: set[tuple[int, ...]] = set()

    def walk(pool: tuple[int, ...]) -> None:
        key = tuple(sorted(pool))
        if key in seen:
            return
        seen.add(key)
        found.update(pool)
        for i, j in permutations(range(len(pool)), 2):
            x, y = pool[i], pool[j]
            rest = tuple(pool[k] for k in range(len(pool)) if k not in (i, j))
            results = [x + y, x * y] if x <= y else []
            if x > y:
                results.append(x - y)
            if y > 1 and x % y == 0:
                results.append(x // y)
            for value in results:
                walk((*rest, value))

    walk(tuple(numbers))
    return found


def model_forms(numbers: tuple[int, ...], target: int) -> set:  # type: ignore[type-arg]
    """Every canonical form reaching target, by the same classic method carrying forms."""
    found = set()
    seen = set()

    def walk(pool: tuple) -> None:  # type: ignore[type-arg]
        key = tuple(sorted(pool))
        if key in seen:
            return
        seen.add(key)
        for value, form in pool:
            if value == target:
                found.add(form)
        for i, j in permutations(range(len(pool)), 2):
            (x, fx), (y, fy) = pool[i], pool[j]
            rest = tuple(pool[k] for k in range(len(pool)) if k not in (i, j))
            options = []
            if i < j:
                options.append((x + y, join("+", fx, fy)))
                if x > 1 and y > 1:
                    options.append((x * y, join("*", fx, fy)))
            if x > y:
                options.append((x - y, join("-", fx, fy)))
            if y > 1 and x % y == 0:
                options.append((x // y, join("/", fx, fy)))
            for option in options:
                walk((*rest, option))

    walk(tuple((n, (0, n)) for n in numbers))
    return found


def replay(steps: list[str], numbers: list[int]) -> int | None:
    """Check the steps obey the rules using each number once; the last result (or None)."""
    pool = list(numbers)
    result = None
    for step in steps:
        match = STEP.match(step)
        assert match, step
        x, op, y, z = int(match[1]), match[2], int(match[3]), int(match[4])
        pool.remove(x)
        pool.remove(y)
        expected = {"+": x + y, "-": x - y, "×": x * y, "*": x * y, "÷": x // y, "/": x // y}[op]
        assert z == expected and z > 0
        if op in "÷/":
            assert x % y == 0
        pool.append(z)
        result = z
    return result


games = st.tuples(st.lists(st.integers(1, 12), min_size=1, max_size=4), st.integers(1, 150))


@settings(max_examples=150, deadline=None)
@given(games)
def test_solve_matches_the_model(game):
    numbers, target = game
    reachable = model_values(tuple(numbers))
    answer = solve(numbers, target)
    best = min(reachable, key=lambda v: (abs(v - target), v))
    assert answer.value == best
    assert answer.exact == (target in reachable)
    solution = answer.solutions[0]
    assert solution.value == answer.value
    if solution.steps:
        assert replay(solution.steps, numbers) == answer.value
    else:
        assert answer.value in numbers


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=4), st.integers(2, 60))
def test_solutions_match_the_model(numbers, target):
    answer = solutions(numbers, target)
    # Exact or not, every distinct way to the best value is listed (the nearest value
    # when the target is out of reach).
    reachable = model_values(tuple(numbers))
    assert answer.value == min(reachable, key=lambda v: (abs(v - target), v))
    assert answer.exact == (target in reachable)
    assert answer.count == len(model_forms(tuple(numbers), answer.value)) == len(answer.solutions)
    for solution in answer.solutions:
        assert solution.value == answer.value
        if solution.steps:
            assert replay(solution.steps, numbers) == answer.value
        else:
            assert answer.value in numbers
    # How many tiles each uses, counted in its written form (not taken from the solver),
    # fewest first.
    used = [len(re.findall(r"\d+", solution.infix)) for solution in answer.solutions]
    assert [s.numbers for s in answer.solutions] == used == sorted(used)


def test_show_games():
    answer = solve([25, 50, 75, 100, 3, 6], 952)
    assert answer.exact and replay(answer.solutions[0].steps, [25, 50, 75, 100, 3, 6]) == 952
    simple = solve([100, 4, 7, 1, 1, 1], 728).solutions[0]
    assert simple.steps == ["100 + 4 = 104", "104 × 7 = 728"]
    assert simple.infix == "(100 + 4) × 7" and simple.rpn == "(100 4 + 7 *)"
    ascii_version = solve([100, 4, 7, 1, 1, 1], 728, ascii_signs=True).solutions[0]
    assert ascii_version.infix == "(100 + 4) * 7"


def test_simplest_uses_fewest_numbers():
    answer = solve([50, 2, 3, 7, 8, 9], 100)
    assert answer.solutions[0].steps == ["50 × 2 = 100"]
    assert solve([5, 100, 3], 100).solutions[0].steps == []


def test_nearest_when_unreachable():
    answer = solve([1, 1, 2, 2, 3, 3], 999)
    assert not answer.exact and answer.value == 81 and answer.distance == 918


def test_all_solutions_of_a_famous_game():
    answer = solutions([25, 50, 75, 100, 3, 6], 952)
    assert answer.count == len(answer.solutions) >= 2
    infixes = {s.infix for s in answer.solutions}
    assert "((100 + 6) × 75 × 3 - 50) ÷ 25" in infixes


def test_canonical_form_merges_order_and_regrouping():
    a, b, c = (0, 3), (0, 5), (0, 7)
    assert join("+", a, join("+", b, c)) == join("+", join("+", c, a), b)
    assert join("-", a, join("-", b, c)) == join("-", join("+", a, c), b)
    assert join("*", a, b) == join("*", b, a)
    assert render(join("-", join("*", (0, 100), (0, 4)), (0, 7))).infix == "100 × 4 - 7"


@pytest.mark.parametrize(
    ("numbers", "target", "message"),
    [
        ([], 100, "1 to 7"),
        ([1] * 8, 100, "1 to 7"),
        ([5, -3], 100, "-3"),
        ([5, 0], 100, "not 0"),
        ([5], 0, "not 0"),
        ([2.5], 100, "2.5"),
        (["x"], 1, "'x'"),
    ],
)
def test_bad_input(numbers, target, message):
    with pytest.raises(InvalidNumbersError, match=message):
        solve(numbers, target)


def test_off_the_show():
    assert off_the_show([25, 50, 75, 100, 3, 6], 952) == []
    assert off_the_show([1, 1, 1, 30, 5, 6], 50) == [
        "there are only 2 tiles of 1",
        "30 is not a tile",
        "the target 50 is outside 101-999",
    ]


@given(st.integers(0, 10**6), st.sampled_from([None, 0, 1, 2, 3, 4]))
def test_number_draws(seed, large):
    drawn = draw_numbers(large, seed)
    assert len(drawn.numbers) == 6 and 101 <= drawn.target <= 999
    assert off_the_show(drawn.numbers, drawn.target) == []
    if large is not None:
        assert sum(1 for n in drawn.numbers if n in LARGE_TILES) == large
    assert draw_numbers(large, seed) == drawn


def test_random_show_games_are_all_answered():
    rng = random.Random(3)
    for _ in range(40):
        drawn = draw_numbers(seed=rng.randrange(10**9))
        answer = solve(drawn.numbers, drawn.target)
        if answer.solutions[0].steps:
            assert replay(answer.solutions[0].steps, drawn.numbers) == answer.value


def test_json_records_are_exact():
    """The --json records, key by key (the command line prints Answer.to_dict())."""
    assert solve([100, 4, 7, 1, 1, 1], 728).to_dict() == {
        "numbers": [100, 4, 7, 1, 1, 1], "target": 728, "exact": True, "value": 728, "distance": 0,
        "solutions": [{"value": 728, "steps": ["100 + 4 = 104", "104 × 7 = 728"],
                       "infix": "(100 + 4) × 7", "rpn": "(100 4 + 7 *)"}],
    }  # fmt: skip
    assert solutions([2, 3, 4], 10, ascii_signs=True).to_dict() == {
        "numbers": [2, 3, 4], "target": 10, "exact": True, "value": 10, "distance": 0,
        "solutions": [
            {"value": 10, "steps": ["3 * 2 = 6", "6 + 4 = 10"],
             "infix": "3 * 2 + 4", "rpn": "(3 2 * 4 +)"},
            {"value": 10, "steps": ["4 * 3 = 12", "12 - 2 = 10"],
             "infix": "4 * 3 - 2", "rpn": "(4 3 * 2 -)"},
        ],
        "count": 2,
    }  # fmt: skip
    assert solve([1, 2], 100).to_dict() == {
        "numbers": [1, 2], "target": 100, "exact": False, "value": 3, "distance": 97,
        "solutions": [{"value": 3, "steps": ["2 + 1 = 3"], "infix": "2 + 1", "rpn": "(2 1 +)"}],
    }  # fmt: skip
    assert solve([120], 100).to_dict()["distance"] == 20  # above the target counts too


def test_seven_numbers_are_the_most():
    answer = solve([1, 2, 3, 4, 5, 6, 7], 999)
    assert answer.exact and replay(answer.solutions[0].steps, [1, 2, 3, 4, 5, 6, 7]) == 999
    with pytest.raises(InvalidNumbersError, match=r"^give 1 to 7 numbers, not 8$"):
        solve([1, 2, 3, 4, 5, 6, 7, 8], 999)
    with pytest.raises(InvalidNumbersError, match=r"^give 1 to 7 numbers, not 8$"):
        solutions([1, 2, 3, 4, 5, 6, 7, 8], 999)
    with pytest.raises(InvalidNumbersError, match="not True"):
        solve([True, 2], 3)


def test_the_show_targets_run_from_101_to_999():
    show = [25, 50, 75, 100, 3, 6]
    assert off_the_show(show, 101) == [] and off_the_show(show, 999) == []
    assert off_the_show(show, 100) == ["the target 100 is outside 101-999"]
    assert off_the_show(show, 1000) == ["the target 1000 is outside 101-999"]
    assert off_the_show([25, 50, 75, 100, 3], 500) == ["the show uses six numbers, not 5"]
    assert off_the_show([100, 100, 1, 2, 3, 4], 500) == ["there is only 1 tile of 100"]


@settings(max_examples=300, deadline=None)
@given(
    xs=st.lists(st.integers(1, 60), max_size=12, unique=True).map(sorted),
    y=st.integers(1, 60),
    low=st.integers(0, 80),  # a floor of 0 still keeps out 0 (x - x): results are positive
    span=st.one_of(st.integers(0, 200), st.just(None)),
)
@example(xs=[5], y=5, low=0, span=None)
def test_combine_into_matches_brute_force(xs, y, low, span):
    """Every allowed x op y and y op x inside [low, high] and nothing else, for the bounded
    window that the statistics use as well as the unbounded one."""
    high = UNBOUNDED if span is None else low + span
    found: set[int] = {-1}  # combine_into adds to what is there
    combine_into(found, xs, y, low, high)
    expected = {-1}
    for x in xs:
        candidates = [x + y, x - y, y - x, x * y if 1 not in (x, y) else 0]
        candidates += [x // y for _ in [0] if y > 1 and x % y == 0] + [
            y // x for _ in [0] if x > 1 and y % x == 0
        ]
        expected.update(v for v in candidates if v >= 1 and low <= v <= high)
    assert found == expected


def test_combine_into_keeps_both_ends_of_every_window():
    """Every small case, so each operation's result lands exactly on *low* and on *high*
    (the bounds are inclusive), with x below, equal to and above y."""
    for xs in (list(range(1, 13)), [1, 2, 3, 5, 8, 13, 21]):
        for y in range(1, 14):
            everything = set()
            for x in xs:
                everything.update(v for v in (x + y, x - y, y - x) if v >= 1)
                if 1 not in (x, y):
                    everything.add(x * y)
                everything.update(a // b for a, b in ((x, y), (y, x)) if b > 1 and a % b == 0)
            for low in range(0, 15):
                for high in [*range(low, 29), UNBOUNDED]:
                    found: set[int] = set()
                    combine_into(found, xs, y, low, high)
                    assert found == {v for v in everything if low <= v <= high}, (xs, y, low, high)


def test_no_solution_multiplies_or_divides_by_one():
    """A step by 1 changes nothing, so no listed solution has one (the rules above)."""
    assert [s.infix for s in solutions([1, 5], 5).solutions] == ["5"]
    assert [s.infix for s in solutions([1, 1, 5], 6).solutions] == ["5 + 1"]
    assert solutions([1, 2, 5], 10).count == len(model_forms((1, 2, 5), 10))
    for solution in solutions([1, 3, 7, 2], 21).solutions:
        assert not re.search(r"[×÷] 1\b|\b1 ×", solution.infix), solution.infix


def test_inverses_flag_only_the_y_first_forms():
    # target = x op y, or (flagged) y op x; no x below 1, no multiplying or dividing by 1.
    assert list(inverses(10, 3)) == [("+", 7, False), ("-", 13, False), ("/", 30, False)]
    assert list(inverses(5, 20)) == [
        ("-", 25, False),
        ("-", 15, True),
        ("/", 100, False),
        ("/", 4, True),
    ]
    assert list(inverses(12, 4)) == [
        ("+", 8, False),
        ("-", 16, False),
        ("*", 3, False),
        ("/", 48, False),
    ]
    assert list(inverses(4, 1)) == [("+", 3, False), ("-", 5, False)]


def test_the_budget_counts_values_derived_and_expressions_listed():
    """One unit (STATE_COST) a value derived and a state listed, worked by hand for [2, 3]:
    deriving gives 2, 3 and {2 + 3, 3 - 2, 2 × 3}: 5 units; listing 2 + 3 visits 5 from
    (2, 3), 2 from (2) and 3 from (3): 3 more; the nearest to 4 is 3, listed from (3) alone.
    One unit short, the search stops, naming the work it was doing."""
    for run, game, units, last in [
        (solve, ([2, 3], 5), 5, "values derived"),
        (solutions, ([2, 3], 5), 8, "expressions listed"),
        (solutions, ([2, 3], 4), 6, "expressions listed"),
        (solve, ([5], 5), 0, None),
        (solutions, ([5], 5), 1, "expressions listed"),
    ]:
        budget = Budget(100)
        run(*game, budget=budget)
        assert budget.spent == units, (run.__name__, game)
        run(*game, budget=Budget(units))  # exactly enough
        if last is not None:
            with pytest.raises(WorkLimitError) as refused:
                run(*game, budget=Budget(units - 1))
            assert str(refused.value) == (
                f"the search needs more work than the {units - 1} units allowed ({last})"
            )


def test_the_limits_of_a_game_are_inclusive_and_named():
    """18 digits are allowed and 19 are not, for the numbers and the target alike; a huge
    negative number is not quoted in full; most=1 is the least an answer can use."""
    biggest = 10**18 - 1
    assert solve([biggest], biggest).value == biggest
    assert solve([2, 3], 6, most=1).value == 3  # one number: 3 is nearest, not 2 x 3
    for numbers, target, message in [
        ([10**18], 5, "numbers and the target have at most 18 digits"),
        ([5], 10**18, "numbers and the target have at most 18 digits"),
        (
            [1 - 10**18],
            5,
            f"numbers and the target must be positive whole numbers, not {1 - 10**18}",
        ),
        ([-(10**18)], 5, "numbers and the target must be positive whole numbers, not '-...'"),
        ([], 5, "give 1 to 7 numbers, not 0"),
    ]:
        with pytest.raises(InvalidNumbersError) as refused:
            solve(numbers, target)
        assert str(refused.value) == message
    with pytest.raises(InvalidNumbersError) as refused:
        solve([2, 3], 6, most=0)
    assert str(refused.value) == "an answer uses at least 1 number, not 0"


def test_listing_solutions_stops_at_its_deadline():
    with pytest.raises(TimeLimitError) as stopped:
        solutions([25, 50, 75, 100, 3, 6], 952, deadline=0.0)  # long passed
    assert str(stopped.value) == "listing every solution for 952 took too long"
    later = time.monotonic() + 3600
    assert solutions([2, 3, 4], 10, deadline=later).count == 2
