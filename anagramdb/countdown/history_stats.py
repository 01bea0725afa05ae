"""Statistics over the history (history.py), by ISO week and overall, for the player who
owns it: games and wins, letters (mean length of the valid words, over the rounds that
had one; share of rounds with
the longest possible), numbers (share exact, and of the rounds where exact was possible),
conundrums solved, and points against the most the rounds offered. Records in, records
out: ``anagramdb history`` and the web page show them."""

from __future__ import annotations

import datetime
from typing import Any


def week_of(date: str | None) -> str:
    """The ISO week of a history date (``2026-12-01T06:10:00Z`` -> ``2026-W49``)."""
    try:
        day = datetime.date.fromisoformat(str(date)[:10])
    except ValueError:
        return "unknown"
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def _summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    letters = [sum(g.get("letters", [0, 0, 0])[i] for g in games) for i in range(3)]
    numbers = [sum(g.get("numbers", [0, 0, 0])[i] for g in games) for i in range(3)]
    conundrums = [sum(g.get("conundrums", [0, 0])[i] for g in games) for i in range(2)]
    scored = [g for g in games if g.get("available")]
    # the mean length is over the rounds with a valid word (a game before "answered" was
    # kept counts all its letters rounds, as it did)
    answered = sum(g.get("answered", g.get("letters", [0])[0]) for g in games)
    return {
        "games": len(games),
        "wins": sum(g.get("result") == "win" for g in games),
        "draws": sum(g.get("result") == "draw" for g in games),
        "losses": sum(g.get("result") == "loss" for g in games),
        "letters_rounds": letters[0],
        "mean_length": round(letters[1] / answered, 2) if answered else None,
        "maxima": _share(letters[2], letters[0]),
        "numbers_rounds": numbers[0],
        "exact": _share(numbers[1], numbers[0]),
        "exact_where_possible": _share(numbers[1], numbers[2]),
        "conundrums": conundrums[0],
        "solved": _share(conundrums[1], conundrums[0]),
        "points": sum(g["scores"].get(g["players"][0], 0) for g in scored),
        "available": sum(g["available"] for g in scored),
    }


def current_run(history: dict[str, Any]) -> dict[str, Any] | None:
    """The champion's run that goes on (the next ``play --champion`` continues it)."""
    runs = history.get("runs") or []
    return runs[-1] if runs and runs[-1].get("ended") is None else None


def best_run(history: dict[str, Any]) -> dict[str, Any] | None:
    """The run with the most wins (the first of equals), None before any."""
    runs = history.get("runs") or []
    return max(reversed(runs), key=lambda run: run["wins"]) if runs else None


def statistics(history: dict[str, Any]) -> dict[str, Any]:
    """``{"overall": {...}, "weeks": {"2026-W49": {...}, ...}, "runs": {...}}``, weeks
    oldest first; ``runs``: how many champion's runs, the best (most wins) and the current
    one (None when none goes on)."""
    weeks: dict[str, list[dict[str, Any]]] = {}
    for game in history["games"]:
        weeks.setdefault(week_of(game.get("date")), []).append(game)
    runs = history.get("runs") or []
    return {
        "overall": _summary(history["games"]),
        "weeks": {week: _summary(games) for week, games in sorted(weeks.items())},
        "runs": {"count": len(runs), "best": best_run(history), "current": current_run(history)},
    }
