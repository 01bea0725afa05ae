"""Exhaustive numbers-round statistics: every six-tile selection against every target.

The show's tiles (two each of 1-10, one each of 25, 50, 75, 100) give 13,243 distinct
six-tile selections. For each, the set R of values reachable with any of its tiles is
needed only inside the window W = [first target - 10, last target + 10]: a target's
distance to R is at most 10 exactly when R meets W within 10 of it. R ∩ W is kept as an
integer bitset (bit v - W.start for value v), so distances come from a few shifts:
``near(k) = R | R << 1 | R >> 1 | ... | R << k | R >> k``.

An expression using all six tiles splits at its last operation into 5+1, 4+2 or 3+3
tiles. Selections share their sub-selections, so the work is arranged around those
(numbers_window.py does it): each five-tile sub-selection (5,402) has its value set
built once and combined with every tile that extends it; each four-tile one (1,826) and
three-tile one with every two or three tiles that complete it, through one table per
value of the other side, shared by every selection that meets that value. The parts are
spread over worker processes (numbers_workers.py); the result does not depend on how.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from itertools import combinations
from operator import itemgetter
from typing import NamedTuple

from ..errors import InvalidNumbersError, quoted
from .numbers import off_the_show
from .numbers_search import Key
from .numbers_window import REACH as REACH
from .numbers_window import Window, five_bits, pairs_bits, values
from .numbers_workers import context, workers
from .show import LARGE_TILES, SHOW_TILES, TARGET_RANGE, TILES_DRAWN

CHUNK = 256  # sub-selections a task: about 30 tasks, each a few per cent of the work
MAX_TARGET = 10_000  # the window's bitsets and the per-target counts grow with the range

Progress = Callable[[int, int], None]


def selections() -> list[Key]:
    """Every distinct six-tile selection the show's tiles allow, sorted (13,243)."""
    tiles = [n for n, count in sorted(SHOW_TILES.items()) for _ in range(count)]
    return sorted({tuple(sorted(combo)) for combo in combinations(tiles, TILES_DRAWN)})


class Row(NamedTuple):
    """One selection's results: games exactly solvable, and how many are k away."""

    numbers: Key
    large: int
    exact: int
    away: tuple[
        int, ...
    ]  # away[k - 1]: games whose nearest reachable value is k away, k = 1..REACH
    more: int


class Stats(NamedTuple):
    """Reachable values (bitsets over the window) of every selection; see to_dict."""

    targets: tuple[int, int]
    reached: dict[Key, int]
    window_low: int

    def reaches(self, selection: Key, value: int) -> bool:
        """Whether *selection* (sorted tiles) reaches *value*, a value inside the window
        (the targets, widened by REACH on each side)."""
        return bool(self.reached[selection] >> (value - self.window_low) & 1)

    def target_mask(self) -> int:
        first, last = self.targets
        return ((1 << (last - first + 1)) - 1) << (first - self.window_low)

    def rows(self) -> Iterable[Row]:
        """Per selection, in sorted order: exact games and games k away."""
        mask = self.target_mask()
        span = self.targets[1] - self.targets[0] + 1
        for selection in sorted(self.reached):
            bits = self.reached[selection]
            near = bits
            previous = exact = (bits & mask).bit_count()
            away = []
            for k in range(1, REACH + 1):
                near |= (bits << k) | (bits >> k)
                within = (near & mask).bit_count()
                away.append(within - previous)
                previous = within
            yield Row(
                selection,
                sum(1 for tile in selection if tile in LARGE_TILES),
                exact,
                tuple(away),
                span - previous,
            )

    def to_dict(self, listed: int = 10) -> dict[str, object]:
        """The JSON form: per number of large tiles, selections, games, exact games and games
        k away; per target, the selections that reach it; the hardest targets; the best and
        worst selections (most and fewest targets reached)."""
        first, last = self.targets
        span = last - first + 1
        totals: dict[str, dict[str, int]] = {}
        aways: dict[str, dict[str, int]] = {}
        counter: list[int] = []
        mask = self.target_mask()
        for bits in self.reached.values():
            _count_into(counter, bits & mask)
        rows = list(self.rows())
        for row in rows:
            large = str(row.large)
            if large not in totals:
                totals[large] = {"selections": 0, "games": 0, "exact": 0}
                aways[large] = dict.fromkeys([*map(str, range(1, REACH + 1)), "more"], 0)
            group, away = totals[large], aways[large]
            group["selections"] += 1
            group["games"] += span
            group["exact"] += row.exact
            for k, count in enumerate(row.away, 1):
                away[str(k)] += count
            away["more"] += row.more
        by_large = {large: {**totals[large], "away": aways[large]} for large in totals}
        per_target = {
            str(t): _count_at(counter, t - self.window_low) for t in range(first, last + 1)
        }
        ranked = sorted(rows, key=lambda row: (-row.exact, row.numbers))
        hardest = sorted(per_target.items(), key=lambda item: (item[1], int(item[0])))[:listed]
        return {
            "targets": [first, last],
            "selections": len(rows),
            "by_large": dict(sorted(by_large.items())),
            "per_target": per_target,
            "hardest_targets": [{"target": int(t), "selections": n} for t, n in hardest],
            "best_selections": [
                {"numbers": list(row.numbers), "exact": row.exact} for row in ranked[:listed]
            ],
            "worst_selections": [
                {"numbers": list(row.numbers), "exact": row.exact} for row in ranked[::-1][:listed]
            ],
        }


def _count_into(counter: list[int], bits: int) -> None:
    """Add 1 at every set bit of *bits* to a bit-sliced counter (slice i holds bit i of
    each count)."""
    level = 0
    while bits:
        if level == len(counter):
            counter.append(0)
        counter[level], bits = counter[level] ^ bits, counter[level] & bits
        level += 1


def _count_at(counter: list[int], position: int) -> int:
    return sum(((level >> position) & 1) << i for i, level in enumerate(counter))


def parse_targets(text: str) -> tuple[int, int]:
    """``"101-999"`` -> (101, 999); a single number is a range of one; within 1-MAX_TARGET."""
    parts = text.split("-")
    # Digits counted before int() (which fails at 4,300): MAX_TARGET has five.
    digits = all(
        part.isascii() and part.isdigit() and len(part.lstrip("0")) <= len(str(MAX_TARGET))
        for part in parts
    )
    first, last = (
        (int(parts[0].lstrip("0") or "0"), int(parts[-1].lstrip("0") or "0"))
        if digits and len(parts) <= 2
        else (0, -1)
    )
    if not 1 <= first <= last <= MAX_TARGET:
        raise InvalidNumbersError(
            f"targets must be a range like 101-999 within 1-{MAX_TARGET}, not {quoted(text)}"
        )
    return first, last


def usable_cpus() -> int:
    """The cores this process may run on (its affinity mask where the platform has one):
    the default number of workers."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def statistics(
    targets: tuple[int, int] = TARGET_RANGE,
    jobs: int = 0,
    progress: Progress | None = None,
    chosen: list[Key] | None = None,
) -> Stats:
    """Examine every selection (or those *chosen*: six of the show's tiles each, in any
    order) against every target in *targets*, on *jobs* processes (0: one a core; 1: this
    process only). The result is the same whatever *jobs* is."""
    first, last = targets
    chosen = selections() if chosen is None else sorted({_selection(tiles) for tiles in chosen})
    tasks = [(part, first, last) for part in plan(chosen)]
    if not jobs:
        jobs = usable_cpus()
    reached: dict[Key, int] = dict.fromkeys(chosen, 0)
    if jobs == 1:
        results: Iterable[dict[Key, int]] = map(work, tasks)
        done = _merge(reached, results, len(tasks), progress)
    else:
        with workers(context(), jobs, work) as pool:
            done = _merge(reached, pool.imap_unordered(tasks), len(tasks), progress)
    assert done == len(tasks)
    return Stats(targets, reached, Window(first, last).low)


def _selection(tiles: Iterable[int]) -> Key:
    """*tiles* as a selection (sorted: the order they are given in does not matter);
    InvalidNumbersError unless they are six of the show's tiles."""
    key = tuple(sorted(tiles))
    problems = off_the_show(list(key), TARGET_RANGE[0])
    if problems:
        raise InvalidNumbersError(f"{list(key)} is not a selection: {'; '.join(problems)}")
    return key


Part = list[tuple[Key, list[Key]]]


# A selection's splits into a part and the rest (5+1, 4+2, 3+3), as positions: its tiles
# are sorted, so each side comes out sorted.
_SPLITS = [
    (itemgetter(*(i for i in range(TILES_DRAWN) if i not in rest)), itemgetter(*rest), size)
    for size in (1, 2, 3)
    for rest in combinations(range(TILES_DRAWN), size)
]


class _TableOrder(dict[Key, tuple[int, Key]]):
    """Which of two three-tile parts makes the better table side: the one with more
    values (so that the other's fewer values are looked up in it), then the larger key."""

    def __missing__(self, key: Key) -> tuple[int, Key]:
        rank = self[key] = (len(values(key)), key)
        return rank


def plan(chosen: list[Key]) -> list[Part]:
    """The work for the *chosen* selections, in parts of up to CHUNK sub-selections: each
    five-tile sub-selection with the tiles that extend it to a chosen selection, each four
    with its completing pairs, each three with the threes that complete it (a 3+3 split
    once, from the side with more values: see _TableOrder)."""
    sides: dict[Key, list[Key]] = {}
    same: dict[Key, Key] = {}  # one tuple for each small side, however often it comes
    order = _TableOrder()
    for selection in chosen:
        splits = dict.fromkeys(
            (part(selection), rest(selection), size) for part, rest, size in _SPLITS
        )
        for part, rest, size in splits:
            if size == 1:
                rest = (rest,)
            elif size == 3 and order[rest] > order[part]:
                continue
            rest = same.setdefault(rest, rest)
            others = sides.get(part)
            if others is None:
                sides[part] = [rest]
            else:
                others.append(rest)
    parts: list[Part] = []
    for size in (3, 4, 5):  # the costliest parts first: workers finish together
        entries = sorted(item for item in sides.items() if len(item[0]) == size)
        parts += [entries[i : i + CHUNK] for i in range(0, len(entries), CHUNK)]
    return parts


def work(task: tuple[Part, int, int]) -> dict[Key, int]:
    """One part of the plan: per selection it meets, the window's bits found there."""
    entries, first, last = task
    window = Window(first, last)
    found: dict[Key, int] = {}
    for entry in entries:
        (five_bits if len(entry[0]) == 5 else pairs_bits)(entry, window, found)
    return found


def _merge(
    reached: dict[Key, int],
    results: Iterable[dict[Key, int]],
    total: int,
    progress: Progress | None,
) -> int:
    done = 0
    for result in results:
        for selection, bits in result.items():
            if selection in reached:
                reached[selection] |= bits
        done += 1
        if progress is not None:
            progress(done, total)
    return done
