"""The text ``play`` shows: a round's reveal, the final score, the summary of what was
missed, and a logged game replayed round by round. Records in, lines out: the records
are the engine's (RoundResult.to_dict(), Game.record()), so a log replays as it played.
"""

from __future__ import annotations

from typing import Any

from ..countdown.game import COMPUTER
from ..countdown.round_kinds import RoundKind


def _points(value: int) -> str:
    return f"{value} point{'s' * (value != 1)}"


def _who(name: str) -> str:
    return name


def _working(answer: str, value: object) -> str:
    """A numbers answer as shown: its steps (one line's worth) ending with its value."""
    text = answer.replace("\n", "; ")
    return text if text.rstrip().split("=")[-1].strip() == str(value) else f"{text} = {value}"


def play_lines(result: dict[str, Any]) -> list[str]:
    """Each player's declaration and verdict in a round (a RoundResult's record)."""
    lines = []
    target = result["puzzle"].get("target")
    for play in result["plays"]:
        note = f" ({play['reasoning']})" if play.get("reasoning") else ""
        who = _who(play["player"])
        if play["answer"] is None:
            lines.append(f"  {who}: {play['reason']}{note}")
        elif not play["valid"]:
            lines.append(f"  {who}: {play['answer']}: not valid: {play['reason']}{note}")
        elif result["kind"] == RoundKind.LETTERS:
            lines.append(
                f"  {who}: {play['answer']}, {play['value']} letters, "
                f"{_points(play['score'])}{note}"
            )
        elif result["kind"] == RoundKind.NUMBERS:
            away = abs(int(play["value"]) - int(target))
            near = "exact" if not away else f"{away} away"
            shown = _working(play["answer"], play["value"])
            lines.append(f"  {who}: {shown}, {near}, {_points(play['score'])}{note}")
        else:
            timed = play.get("seconds") is not None and not play.get("reasoning")
            when = f" at {play['seconds']:g} s" if timed else ""
            lines.append(f"  {who}: {play['answer']}, right{when}{note}")
    return lines


def best_lines(result: dict[str, Any]) -> list[str]:
    """The best answers of a round."""
    best = result["best"]
    if result["kind"] == RoundKind.LETTERS:
        words = " ".join(best["words"]) or "no word"
        more = (
            f"; {best['count']} words, {len(best['words'])} shown"
            if best["count"] > len(best["words"])
            else ""
        )
        return [f"  best: {words} ({best['length']} letters{more})"]
    if result["kind"] == RoundKind.NUMBERS:
        away = f" ({best['distance']} away)" if best["distance"] else ""
        return [f"  best: {best['infix']} = {best['value']}{away}"] + [
            f"    {step}" for step in best["steps"]
        ]
    return [f"  answer: {str(best['answer']).upper()}"]


GLOSS_SHOWN = 100  # characters of a definition shown in a round's reveal


def definition_lines(result: dict[str, Any]) -> list[str]:
    """Dictionary Corner: each of the round's words that has a definition, with its part
    of speech and first sense (RoundResult's ``definitions``, when the game has them)."""
    lines = []
    for word, entries in (result.get("definitions") or {}).items():
        entry = entries[0]
        relation = {"form": ", form of ", "derived": ", from the "}.get(entry["relation"])
        base = f"{entry['lemma_pos']} " if "lemma_pos" in entry else ""  # derived: its base's
        about = f"{entry['pos']}{relation}{base}{entry['lemma']}" if relation else entry["pos"]
        sense = entry["senses"][0]
        gloss = f"[{', '.join(sense['labels'])}] " * bool(sense["labels"]) + sense["gloss"]
        if len(gloss) > GLOSS_SHOWN:
            gloss = gloss[: GLOSS_SHOWN - 3].rstrip() + "..."
        lines.append(f"    {word} ({about}): {gloss}")
    return ["  dictionary corner:", *lines] if lines else []


def round_lines(result: dict[str, Any], totals: dict[str, int]) -> list[str]:
    """What a round's end shows: each answer, the best answers, what the words mean,
    points and scores."""
    points = ", ".join(f"{name} {value}" for name, value in result["points"].items())
    score = ", ".join(f"{name} {total}" for name, total in totals.items())
    return [
        *play_lines(result),
        *best_lines(result),
        *definition_lines(result),
        f"  points: {points}; score: {score}",
    ]


def final_lines(totals: dict[str, int]) -> list[str]:
    """The final score and who won."""
    if len(totals) == 1:
        return [f"final score: {next(iter(totals.values()))}"]
    shown = ", ".join(f"{name} {score}" for name, score in totals.items())
    top = max(totals.values())
    winners = [name for name, score in totals.items() if score == top]
    if len(winners) > 1:
        verdict = "a draw" if len(winners) == len(totals) else f"a tie: {' and '.join(winners)}"
    elif winners[0] == "you":
        verdict = "you win"
    else:
        verdict = f"the {COMPUTER} wins" if winners[0] == COMPUTER else f"{winners[0]} wins"
    return [f"final score: {shown}: {verdict}"]


def summary_lines(record: dict[str, Any], player: str) -> list[str]:
    """After a game: *player*'s score against the most the rounds offered, and the rounds
    where more was there, with what was missed."""
    results = record["results"]
    scored = sum(r["points"].get(player, 0) for r in results)
    available = sum(r.get("available", 0) for r in results)
    lines = [f"{player}: {scored} of the {available} points the rounds offered"]
    for result in results:
        own = next((p for p in result["plays"] if p["player"] == player), None)
        if own is None or own["score"] >= result.get("available", 0):
            continue
        best = result["best"]
        if result["kind"] == RoundKind.LETTERS:
            missed = f"{' '.join(best['words'][:3])} ({best['length']})"
        elif result["kind"] == RoundKind.NUMBERS:
            missed = f"{best['infix']} = {best['value']}"
        else:
            missed = str(best["answer"]).upper()
        got = result["points"].get(player, 0)
        # Points are what the round gave; an answer worth more that another player beat
        # says so, instead of its worth standing as if it had been given.
        beaten = f" (your {own['score']} was outscored)" if own["score"] > got else ""
        lines.append(
            f"  round {result['round']} ({result['kind']}): {got}{beaten}, missed {missed}"
        )
    return lines


def replay_lines(record: dict[str, Any]) -> list[str]:
    """A logged game (a Game.record()) round by round, as it was revealed."""
    clock = f"{record['seconds']} s clock" if record.get("seconds") else "no clock"
    players = ", ".join(record.get("players") or ["you"])
    against = (
        f", against the computer ({record['opponent']})" if record["opponent"] != "none" else ""
    )
    lines = [f"game of seed {record['seed']}: {record['rounds']}, {clock}, {players}{against}"]
    totals: dict[str, int] = {}
    for result in record["results"]:
        crucial = " (crucial conundrum)" if result.get("crucial") else ""
        lines += ["", f"Round {result['round']}: {result['kind']}{crucial}", f"  {_puzzle(result)}"]
        for name, value in result["points"].items():
            totals[name] = totals.get(name, 0) + value
        lines += round_lines(result, totals)
    lines += ["", *final_lines(record["totals"])]
    if not record.get("finished", True):
        lines.append("(the game was not finished)")
    return lines


def _puzzle(result: dict[str, Any]) -> str:
    puzzle = result["puzzle"]
    if result["kind"] == RoundKind.LETTERS:
        return f"letters: {' '.join(puzzle['letters'])}"
    if result["kind"] == RoundKind.NUMBERS:
        return f"numbers: {' '.join(map(str, puzzle['numbers']))}   target: {puzzle['target']}"
    return f"conundrum: {' '.join(str(puzzle['clue']).upper())}"


def best_line(record: dict[str, Any], recorded: dict[str, Any]) -> str | None:
    """What the history says after a game: a new best, the best to beat, or why the
    game sets none (None: nothing to say)."""
    best = recorded["best"]
    opponent = record["opponent"]
    against = "alone" if opponent == "none" else f"against {opponent}"
    settings = f"{record.get('format') or record['rounds']} {against}, {record['seconds']} s"
    if recorded["new_best"] and recorded["previous"] is None:
        return f"your first score for {settings}: {best['score']}, the best to beat"
    if recorded["new_best"]:
        was = recorded["previous"]["score"]
        return f"a new best score for {settings}: {best['score']} (was {was})!"
    if best is not None:
        return (
            f"your best for {settings}: {best['score']} ({best['date'][:10]}, seed {best['seed']})"
        )
    return None
