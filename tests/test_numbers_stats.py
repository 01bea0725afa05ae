"""Exhaustive statistics, checked against the solver's own value sets on a sample."""

from __future__ import annotations

import json
import os
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


def test_a_pool_that_cannot_start_leaves_no_worker_behind(monkeypatch):
    """Under a tight address-space limit the pool's threads may not start ("can't start
    new thread") after its workers were forked: they are reaped, none is orphaned."""
    import multiprocessing
    import threading

    from anagramdb.countdown import numbers_stats

    if not hasattr(os, "fork"):
        pytest.skip("the statistics fork their workers here")
    context = multiprocessing.get_context("fork")
    start = threading.Thread.start

    def refuse(self: threading.Thread) -> None:
        if "handle" in (self.name or "") or "_handle" in getattr(self._target, "__name__", ""):
            raise RuntimeError("can't start new thread")
        start(self)

    monkeypatch.setattr(threading.Thread, "start", refuse)
    with pytest.raises(RuntimeError, match="can't start new thread"):
        numbers_stats.worker_pool(context, 2)
    assert context.active_children() == []
