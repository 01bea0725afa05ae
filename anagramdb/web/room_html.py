"""What a room adds to the game page (game_pages.py puts them in its regions): the host's
controls over the other seats (let a new browser in, skip, remove), and the end of a game:
the recap of every round (the puzzle, each player's answer or working and points, the
best there was) and its controls (a rematch in the same room, a new game).
"""

from __future__ import annotations

from typing import Any

from ..countdown.round_kinds import RoundKind
from .markup import escape

KIND_NAMES = {
    RoundKind.LETTERS: "letters",
    RoundKind.NUMBERS: "numbers",
    RoundKind.CONUNDRUM: "conundrum",
}


def puzzle_text(result: dict[str, Any]) -> str:
    puzzle = result["puzzle"]
    if result["kind"] == RoundKind.LETTERS:
        return str(puzzle.get("letters", "")).upper()
    if result["kind"] == RoundKind.NUMBERS:
        numbers = " ".join(str(n) for n in puzzle.get("numbers", []))
        return f"{numbers}, target {puzzle.get('target')}"
    return str(puzzle.get("clue", "")).upper()


def best_text(result: dict[str, Any]) -> str:
    best = result["best"]
    if result["kind"] == RoundKind.LETTERS:
        return ", ".join(best["words"]) if best["words"] else "no word at all"
    if result["kind"] == RoundKind.NUMBERS:
        away = f" ({best['distance']} away)" if best["distance"] else ""
        return f"{best['infix']} = {best['value']}{away}"
    return str(best["answer"]).upper()


def play_text(play: dict[str, Any]) -> str:
    """A player's answer (a word, or the numbers' working) and its verdict, in a few words."""
    if play["answer"] is None:
        return play["reason"] or "no answer"
    verdict = "" if play["valid"] else f" (not valid: {play['reason']})"
    return f"{play['answer']}{verdict}"


def recap_html(recap: list[dict[str, Any]]) -> str:
    """Every round of the game, a table each: who answered what, and the points."""
    if not recap:
        return ""
    tables = []
    for result in recap:
        crucial = " (crucial)" if result.get("crucial") else ""
        caption = (
            f"Round {result['round']}, {KIND_NAMES[result['kind']]}{crucial}: {puzzle_text(result)}"
        )
        rows = "".join(
            f"<tr><th scope=row>{escape(play['player'])}</th><td>{escape(play_text(play))}</td>"
            f"<td>{result['points'][play['player']]}</td></tr>"
            for play in result["plays"]
        )
        tables.append(
            f'<table class="recap"><caption>{escape(caption)}</caption>'
            "<thead><tr><th scope=col>Player</th><th scope=col>Answer</th>"
            f"<th scope=col>Points</th></tr></thead><tbody>{rows}</tbody>"
            f'<tfoot><tr><th scope=row>The best</th><td colspan="2">'
            f"{escape(best_text(result))}</td></tr></tfoot></table>"
        )
    return '<h2 id="recap">Every round</h2>' + "".join(tables)


def final_html(view: dict[str, Any], verdict: str, ending: str, reveal: Any) -> str:
    """The stage at the end: the final scores' heading and *verdict*, what the history
    said (*ending*), the last round revealed (*reveal*: game_pages.reveal_html), the recap."""
    last = f"<h2>The last round</h2>{reveal(view['result'])}" if "result" in view else ""
    return (
        f'<h1>Final scores</h1><p class="verdict">{escape(verdict)}</p>{ending}{last}'
        + recap_html(view.get("recap") or [])
    )


def end_controls(view: dict[str, Any], button: Any) -> str:
    """The controls at the end: a rematch (the same settings, the same room and players;
    not for a daily challenge, played once), and a new game. *button* makes a form's
    button (game_pages.button)."""
    again = '<a class="button" href="/game">New game</a>'
    if view.get("daily"):
        return f"<p>{again}</p>"
    rematch = button("rematch", "Rematch", view["game"], focus=True)
    return f'<div class="choices">{rematch} {again}</div>'


def host_html(view: dict[str, Any], button: Any) -> str:
    """The host's say over the other seats: let a new browser into an away player's seat,
    move on without a player who is not connected, remove a player. *button* makes a
    form's button (game_pages.button)."""
    if view["you"] is None or view["you"] != view["host"] or view.get("solo"):
        return ""
    code, current = view["game"], view.get("round") or {}
    waiting_on = set()
    if view["phase"] == "picking" and current.get("picker"):
        waiting_on.add(current["picker"])
    elif view["phase"] == "clock" and current.get("left") is None:
        waiting_on = {p["name"] for p in view["players"]}
    items = []
    for name in view.get("claims", []):
        items.append(
            f"<li>Someone asks for {escape(name)}'s seat on another device. "
            + button("admit", f"Let them in as {name}", code, player=name)
            + "</li>"
        )
    for player in view["players"]:
        if player["host"]:
            continue
        name = player["name"]
        state = "here" if player["here"] else "away"
        skip = (
            button("skip", f"Skip {name}", code, player=name)
            if name in waiting_on and not (player["live"] and player["here"])
            else ""
        )
        items.append(
            f"<li>{escape(name)} ({state}) {skip}"
            + button("remove", f"Remove {name}", code, player=name)
            + "</li>"
        )
    if not items:
        return ""
    return f'<h2>Players</h2><ul class="seats">{"".join(items)}</ul>'
