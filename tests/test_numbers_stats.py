"""Exhaustive statistics, checked against the solver's own value sets on a sample."""

from __future__ import annotations

import json
import random

import pytest

from anagramdb.countdown.numbers import reachable as reachable_values
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.numbers_stats import parse_targets, selections, statistics
from anagramdb.errors import InvalidNumbersError


def reachable(selection: tuple[int, ...]) -> set[int]:
    return reachable_values(list(selection))


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


def test_workers_do_not_change_the_result():
    sample = random.Random(5).sample(selections(), 40)
    one = statistics((300, 320), jobs=1, chosen=sample).to_dict()
    two = statistics((300, 320), jobs=2, chosen=sample).to_dict()
    assert one == two
    assert one["selections"] == 40
    assert sum(group["selections"] for group in one["by_large"].values()) == 40
    for group in one["by_large"].values():
        assert group["exact"] + sum(group["away"].values()) == group["games"]


@pytest.mark.parametrize("text", ["5-2", "abc", "0-10", "1-2-3", ""])
def test_bad_target_ranges(text):
    with pytest.raises(InvalidNumbersError):
        parse_targets(text)


def test_stats_command_on_a_short_range(tmp_path):
    from typer.testing import CliRunner

    from anagramdb.cli.app import app

    csv = tmp_path / "stats.csv"
    result = CliRunner().invoke(
        app, ["numbers", "stats", "--targets", "990-999", "--json", "--csv", str(csv)]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["selections"] == 13243 and report["targets"] == [990, 999]
    assert sorted(report["per_target"]) == [str(t) for t in range(990, 1000)]
    lines = csv.read_text().splitlines()
    assert len(lines) == 13244 and lines[1].startswith("1 1 2 2 3 3,0,0,")
