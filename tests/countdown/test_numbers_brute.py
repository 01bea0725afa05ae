"""The numbers solver against an independent brute force on the show's own domain: six
tiles drawn from the show's 24 (large ones included), targets 101-999.

The brute force shares nothing with the solver: it walks every state of the game (the
multiset of numbers still in hand) by combining any two with + - x / on positive
integers, and collects every value seen. Its cost is about a second a game, so the
default run checks a few seeded games and the slow run many more.
"""

from __future__ import annotations

import random

import pytest

from anagramdb.countdown.numbers import solve
from anagramdb.countdown.numbers_check import check_numbers

# The show's tiles, as published: two each of 1-10, one each of 25, 50, 75 and 100.
TILES = [n for n in range(1, 11) for _ in range(2)] + [25, 50, 75, 100]


def brute_force_values(numbers: list[int]) -> set[int]:
    """Every value some expression of some of *numbers* (each used at most once) takes,
    every intermediate result a positive whole number."""
    seen: set[tuple[int, ...]] = set()
    values: set[int] = set()
    stack = [tuple(sorted(numbers))]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        values.update(state)
        for i in range(len(state)):
            for j in range(i + 1, len(state)):
                small, large = state[i], state[j]
                rest = state[:i] + state[i + 1 : j] + state[j + 1 :]
                results = {small + large, small * large}
                if large > small:
                    results.add(large - small)
                if large % small == 0:
                    results.add(large // small)
                for result in results:
                    stack.append(tuple(sorted((*rest, result))))
    return values


def games(count: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """*count* seeded games: six tiles (each number of large ones in turn) and targets."""
    rng = random.Random(seed)
    found = []
    for game in range(count):
        large = game % 5
        tiles = rng.sample(TILES[20:], large) + rng.sample(TILES[:20], 6 - large)
        found.append((tiles, rng.sample(range(101, 1000), 12)))
    return found


def check_game(tiles: list[int], targets: list[int]) -> None:
    values = brute_force_values(tiles)
    for target in targets:
        answer = solve(tiles, target)
        best = min(abs(value - target) for value in values)
        assert (answer.exact, answer.distance) == (target in values, best), (tiles, target)
        assert answer.value in values
        # The solution shown is a real one: the answer checker (its own parser) agrees.
        verdict = check_numbers(tiles, target, answer.solutions[0].infix)
        assert verdict.valid and verdict.value == answer.value, (tiles, target, verdict)


@pytest.mark.parametrize(("tiles", "targets"), games(3, seed=2026))
def test_the_solver_agrees_with_brute_force_on_show_games(tiles, targets):
    check_game(tiles, targets)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_solver_agrees_with_brute_force_on_many_show_games():
    for tiles, targets in games(60, seed=19):
        check_game(tiles, targets)
