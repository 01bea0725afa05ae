"""Numbers-round benchmarks (pytest-benchmark).

    python -m pytest benchmarks/test_bench_numbers.py -s

The 1,000-game test prints the per-game median and maximum (the aim: median under 5 ms,
maximum under 50 ms); the statistics test runs the full 13,243 x 899 examination.
"""

from __future__ import annotations

import random
import statistics as stats_module
import time

from anagramdb.countdown.draw import draw_numbers
from anagramdb.countdown.numbers import solutions, solve
from anagramdb.countdown.numbers_stats import statistics

GAMES = [draw_numbers(seed=random.Random(42).randrange(10**9) + i) for i in range(1000)]


def test_solve_one_thousand_show_games(benchmark):
    timings: list[float] = []

    def all_games():
        for game in GAMES:
            start = time.perf_counter()
            solve(game.numbers, game.target)
            timings.append(time.perf_counter() - start)

    benchmark.pedantic(all_games, rounds=3, iterations=1)
    median, worst = stats_module.median(timings), max(timings)
    benchmark.extra_info.update(per_game_median_ms=median * 1e3, per_game_max_ms=worst * 1e3)
    print(
        f"\nsolve, per game over {len(timings)} solves: median {median * 1e3:.2f} ms, "
        f"max {worst * 1e3:.1f} ms"
    )


def test_solve_famous_game(benchmark):
    benchmark(solve, [25, 50, 75, 100, 3, 6], 952)


def test_solve_unreachable_game(benchmark):
    benchmark(solve, [1, 1, 2, 2, 3, 3], 999)


def test_all_solutions_many(benchmark):
    answer = benchmark(solutions, [1, 2, 3, 4, 5, 100], 500)
    print(f"\n{answer.count} distinct solutions")


def test_all_solutions_no_exact_answer(benchmark):
    benchmark.pedantic(solutions, args=([50, 25, 75, 100, 7, 5], 813), rounds=3, iterations=1)


def test_statistics_full_run(benchmark):
    benchmark.pedantic(statistics, kwargs={"jobs": 0}, rounds=1, iterations=1)
