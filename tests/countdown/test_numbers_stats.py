"""Exhaustive statistics, checked against the solver's own value sets on a sample."""

from __future__ import annotations

import functools
import json
import random
from itertools import combinations

import pytest

from anagramdb.countdown.numbers import reachable as reachable_values
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.numbers_stats import CHUNK, parse_targets, plan, selections, statistics
from anagramdb.errors import InvalidNumbersError


@functools.cache
def reachable(selection: tuple[int, ...]) -> frozenset[int]:
    return frozenset(reachable_values(list(selection)))


def test_there_are_13243_selections():
    chosen = selections()
    assert len(chosen) == 13243 and len(set(chosen)) == 13243
    assert (25, 50, 75, 100, 1, 1) not in chosen and (1, 1, 25, 50, 75, 100) in chosen


def test_sample_matches_the_solver():
    sample = [*random.Random(11).sample(selections(), 12), (1, 1, 2, 2, 3, 3)]
    stats = statistics((101, 160), jobs=1, chosen=sample)
    for row in stats.rows():
        values = reachable(row.numbers)
        exact = sum(1 for t in range(101, 161) if t in values)
        assert row.exact == exact
        distances = [min(abs(v - t) for v in values) for t in range(101, 161)]
        assert row.away == tuple(distances.count(k) for k in range(1, 11))
        assert row.more == sum(1 for d in distances if d > 10)
    spot = sample[0]
    assert (solve(list(spot), 137).exact) == (137 in reachable(spot))
    assert stats.to_dict(listed=4) == model_summary(sample, (101, 160), 4)


def model_summary(chosen: list[tuple[int, ...]], targets: tuple[int, int], listed: int) -> dict:
    """Statistics.to_dict's record, from the solver's value sets and the definitions in its
    docstring: per number of large tiles, selections, games, exact games and games k away
    (k = 1-10, "more" beyond); per target the selections reaching it; the hardest targets
    (fewest selections, then the lowest); the best and worst selections (most and fewest
    exact games)."""
    span = range(targets[0], targets[1] + 1)
    by_large: dict[str, dict] = {}
    per_target = {str(t): 0 for t in span}
    exact: dict[tuple[int, ...], int] = {}
    for selection in sorted(set(chosen)):
        values = reachable(selection)
        group = by_large.setdefault(
            str(sum(1 for n in selection if n >= 25)),
            {"selections": 0, "games": 0, "exact": 0,
             "away": {**{str(k): 0 for k in range(1, 11)}, "more": 0}},
        )  # fmt: skip
        group["selections"] += 1
        group["games"] += len(span)
        for target in span:
            distance = next(
                (k for k in range(11) if target - k in values or target + k in values), 11
            )
            if distance == 0:
                group["exact"] += 1
                per_target[str(target)] += 1
            else:
                group["away"][str(distance) if distance <= 10 else "more"] += 1
        exact[selection] = sum(1 for t in span if t in values)
    hardest = sorted(span, key=lambda t: (per_target[str(t)], t))[:listed]
    best = sorted(exact, key=lambda s: (-exact[s], s))
    worst = sorted(exact, key=lambda s: (exact[s], [-n for n in s]))
    return {
        "targets": list(targets),
        "selections": len(exact),
        "by_large": dict(sorted(by_large.items())),
        "per_target": per_target,
        "hardest_targets": [{"target": t, "selections": per_target[str(t)]} for t in hardest],
        "best_selections": [{"numbers": list(s), "exact": exact[s]} for s in best[:listed]],
        "worst_selections": [{"numbers": list(s), "exact": exact[s]} for s in worst[:listed]],
    }


def test_every_value_of_a_wide_window_matches_the_solver():
    """Every value from 1 to 10,010 (targets 1-10,000 widened by 10), for selections whose
    values thin out there, chosen unsorted and twice: the selections are each one row."""
    chosen = [(25, 1, 4, 6, 6, 8), (1, 4, 6, 6, 8, 25), (2, 5, 8, 10, 50, 100)]
    stats = statistics((1, 10_000), jobs=1, chosen=chosen)
    assert [row.numbers for row in stats.rows()] == [(1, 4, 6, 6, 8, 25), (2, 5, 8, 10, 50, 100)]
    for selection in ((1, 4, 6, 6, 8, 25), (2, 5, 8, 10, 50, 100)):
        values = reachable(selection)
        missed = [v for v in range(1, 10_011) if stats.reaches(selection, v) != (v in values)]
        assert missed == [], (selection, missed[:10])


@pytest.mark.parametrize("targets", [(1, 5), (40, 60), (95, 105), (2000, 2010), (7400, 7500)])
def test_narrow_windows_match_the_solver(targets):
    """Windows where a tile or a value of few tiles lands by itself, by ``t - x`` or
    ``t / x``, or only through large intermediate values: every value of the window."""
    chosen = [
        (1, 1, 2, 3, 75, 100),
        (2, 2, 5, 9, 25, 50),
        (1, 3, 7, 8, 10, 100),
        (1, 1, 2, 2, 3, 3),
    ]
    stats = statistics(targets, jobs=1, chosen=chosen)
    low, high = max(1, targets[0] - 10), targets[1] + 10
    for selection in chosen:
        values = reachable(tuple(sorted(selection)))
        missed = [v for v in range(low, high + 1) if stats.reaches(selection, v) != (v in values)]
        assert missed == [], (selection, missed[:10])


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ([(1, 2, 3, 4, 5)], "[1, 2, 3, 4, 5] is not a selection: the show uses six numbers, not 5"),
        (
            [(1, 1, 1, 2, 3, 4)],
            "[1, 1, 1, 2, 3, 4] is not a selection: there are only 2 tiles of 1",
        ),
        ([(1, 2, 3, 4, 5, 30)], "[1, 2, 3, 4, 5, 30] is not a selection: 30 is not a tile"),
    ],
)
def test_chosen_selections_must_be_the_shows(chosen, message):
    with pytest.raises(InvalidNumbersError) as refused:
        statistics((101, 110), jobs=1, chosen=[(1, 2, 3, 4, 5, 6), *chosen])
    assert str(refused.value) == message


def test_workers_do_not_change_the_result():
    sample = random.Random(5).sample(selections(), 40)
    one = statistics((300, 320), jobs=1, chosen=sample).to_dict()
    two = statistics((300, 320), jobs=2, chosen=sample).to_dict()
    assert one == two
    assert one["selections"] == 40
    assert sum(group["selections"] for group in one["by_large"].values()) == 40
    for group in one["by_large"].values():
        assert group["exact"] + sum(group["away"].values()) == group["games"]


@pytest.mark.parametrize(
    "text", ["5-2", "abc", "0-10", "1-2-3", "", "10001", "1-10001", "5-", "-5", " 5", "\uff15"]
)
def test_bad_target_ranges(text):
    with pytest.raises(InvalidNumbersError) as refused:
        parse_targets(text)
    assert str(refused.value) == (
        f"targets must be a range like 101-999 within 1-10000, not {text!r}"
    )


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("101-999", (101, 999)),
        ("500", (500, 500)),
        ("1-10000", (1, 10_000)),
        ("10000", (10_000, 10_000)),
        ("00101-0999", (101, 999)),  # zeros in front are not digits that count
        ("1-000010000", (1, 10_000)),
    ],
)
def test_target_ranges(text, targets):
    assert parse_targets(text) == targets


def test_progress_is_reported_a_chunk_at_a_time():
    """One call a task. The work is planned around sub-selections: each five with the
    tiles that extend it, each four with its pairs, each three with its threes, up to
    CHUNK of one size a task. Two selections sharing five tiles: one task of each size."""
    calls: list[tuple[int, int]] = []
    statistics((101, 110), jobs=1, progress=lambda *call: calls.append(call),
               chosen=[(1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 7)])  # fmt: skip
    assert calls == [(1, 3), (2, 3), (3, 3)]
    calls.clear()
    chosen = selections()[:700]
    statistics((101, 110), jobs=1, progress=lambda *call: calls.append(call), chosen=chosen)
    parts = plan(chosen)
    total = len(parts)
    assert calls == [(done, total) for done in range(1, total + 1)]
    fives = {five for selection in chosen for five in combinations(selection, 5)}
    assert sum(len(part) for part in parts if len(part[0][0]) == 5) == len(fives)
    assert total > 3 and all(len(part) <= CHUNK for part in parts)


def test_the_plan_covers_every_split_of_every_selection_once():
    """Every 5+1 and 4+2 split of each selection is in the plan once; every 3+3 split once,
    from one of its sides."""
    chosen = random.Random(2).sample(selections(), 60)
    seen: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for part in plan(chosen):
        for side, others in part:
            for other in others:
                seen[side, other] = seen.get((side, other), 0) + 1
    assert set(seen.values()) == {1}
    for selection in chosen:
        for size in (1, 2, 3):
            for rest in set(combinations(selection, size)):
                side = list(selection)
                for tile in rest:
                    side.remove(tile)
                found = (tuple(side), rest) in seen or (size == 3 and (rest, tuple(side)) in seen)
                assert found, (selection, rest)
    assert sum(seen.values()) == sum(
        len({(five, rest) for five, rest in _splits(selection, size)})
        for selection in chosen
        for size in (1, 2)
    ) + sum(len({frozenset([a, b]) for a, b in _splits(selection, 3)}) for selection in chosen)


def _splits(selection, size):
    for positions in combinations(range(6), size):
        rest = tuple(selection[i] for i in positions)
        yield tuple(selection[i] for i in range(6) if i not in positions), rest


# docs/CLI.md's report of the whole statistics: per number of large tiles, the games
# exactly solvable and those 1, 2, ..., 10 and more away (12 cells a row, 60 in all).
PUBLISHED = {
    "0": (1963726, [353472, 65417, 26954, 15232, 9859, 7357, 5780, 4589, 3945, 3326], 102493),
    "1": (4966076, [220295, 21730, 5813, 2527, 1272, 713, 470, 339, 264, 217], 1676),
    "2": (3192103, [112258, 8487, 1880, 865, 435, 313, 207, 144, 114, 78], 426),
    "3": (693131, [53875, 4577, 1332, 724, 461, 296, 206, 139, 87, 64], 268),
    "4": (43710, [4661, 556, 179, 112, 75, 42, 28, 22, 18, 16], 26),
}


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_whole_statistics_give_the_published_cells():
    report = statistics().to_dict()
    cells = {
        large: (
            group["exact"],
            [group["away"][str(k)] for k in range(1, 11)],
            group["away"]["more"],
        )
        for large, group in report["by_large"].items()
    }
    assert cells == PUBLISHED
    assert report["hardest_targets"][:3] == [
        {"target": 947, "selections": 9017},
        {"target": 941, "selections": 9045},
        {"target": 967, "selections": 9166},
    ]


def run_stats_command(tmp_path, targets: str) -> tuple[dict, list[str]]:
    from typer.testing import CliRunner

    from anagramdb.cli.app import app

    csv = tmp_path / "stats.csv"
    result = CliRunner().invoke(
        app, ["numbers", "stats", "--targets", targets, "--json", "--csv", str(csv)]
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), csv.read_text().splitlines()


def test_stats_command_on_a_sample(tmp_path, monkeypatch):
    """The command's whole path (workers, JSON, CSV) on 30 selections, spot-checked against
    the solver's value sets; the full 13,243 run is the slow test below."""
    import anagramdb.countdown.numbers_stats as numbers_stats

    sample = sorted([*random.Random(3).sample(selections(), 29), (1, 1, 2, 2, 3, 3)])
    monkeypatch.setattr(numbers_stats, "selections", lambda: sample)
    report, lines = run_stats_command(tmp_path, "990-999")
    assert report["selections"] == 30 and report["targets"] == [990, 999]
    assert sorted(report["per_target"]) == [str(t) for t in range(990, 1000)]
    assert len(lines) == 31 and lines[1].startswith("1 1 2 2 3 3,0,0,")
    for line in lines[1:4]:
        numbers = tuple(map(int, line.split(",")[0].split()))
        exact = sum(1 for t in range(990, 1000) if t in reachable(numbers))
        assert int(line.split(",")[2]) == exact, line


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_stats_command_on_a_short_range(tmp_path):
    report, lines = run_stats_command(tmp_path, "990-999")
    assert report["selections"] == 13243 and report["targets"] == [990, 999]
    assert sorted(report["per_target"]) == [str(t) for t in range(990, 1000)]
    assert len(lines) == 13244 and lines[1].startswith("1 1 2 2 3 3,0,0,")
