"""The game's HTML, rendered on the server from a seat's view (game_http.Games.view).

A game page has five parts, each rendered here alone so that the update stream can send
them (``regions``) and the script swap them in::

    #summary   one line for screen readers (aria-live): what just happened
    #stage     the round: its tiles, the clock, or the reveal and the best answers
    #answer    the seat's controls: picks, the answer box, Next round (kept while typing)
    #yours     the answers the seat has written, as the server holds them
    #players   the players and the score table, round by round

Without the script every control is a form that posts and comes back (303), the clock is
shown as the time it stops, and the page reloads itself when something must change.
"""

from __future__ import annotations

import time
from typing import Any

from ..countdown.declarations import DECLARE_SECONDS
from ..countdown.round_kinds import RoundKind
from ..countdown.rules import MAX_ANSWER
from ..countdown.show import MAX_LARGE, RACK_SIZE
from .board import SOUND_TOGGLE, WORD_BOX, board_html, clock_face
from .game_assets import GAME_SCRIPT, GAME_STYLE
from .markup import escape
from .pages import layout, plural
from .room_html import end_controls, final_html, host_html
from .rooms import Room, Seat

KINDS = {
    RoundKind.LETTERS: "Letters",
    RoundKind.NUMBERS: "Numbers",
    RoundKind.CONUNDRUM: "Conundrum",
}
NEXT_IN_RUN = (  # at the end of a game of a champion's run that goes on
    '<form method="post" action="/game" class="act"><input type="hidden" name="mode" '
    'value="solo"><input type="hidden" name="champion" value="1">'
    "<button>The next game of your run</button></form>"
)
WAIT_REFRESH = 4  # seconds between reloads of a page without the script, while waiting


def page(title: str, content: str, refresh: float | None = None) -> str:
    head = (
        f'<noscript><meta http-equiv="refresh" content="{max(1, round(refresh))}"></noscript>'
        if refresh is not None
        else ""
    )
    return layout(title, "/game", head + content, extra=(GAME_STYLE, GAME_SCRIPT))


def button(action: str, label: str, code: str, focus: bool = False, **fields: str) -> str:
    hidden = "".join(
        f'<input type="hidden" name="{name}" value="{escape(value)}">'
        for name, value in fields.items()
    )
    return (
        f'<form method="post" action="/game/{code}" class="act">'
        f'<input type="hidden" name="do" value="{action}">{hidden}'
        f"<button{' autofocus' if focus else ''}>{escape(label)}</button></form>"
    )


def room_page(room: Room[Any], seat: Seat, view: dict[str, Any]) -> str:
    parts = regions(room, seat, view)
    html = parts["html"]
    content = (
        f'<div id="game" data-events="/game/events/{room.code}" data-game="{room.code}">'
        f'<p id="summary" class="summary" aria-live="polite">{escape(parts["summary"])}</p>'
        '<p id="connection" class="status" role="status" hidden></p>'
        f'<section id="stage" aria-label="The round">{html["stage"]}</section>'
        f'<section id="answer" data-key="{escape(parts["key"])}" aria-label="Your play">'
        f"{html['answer']}</section>"
        f'<div id="yours">{html["yours"]}</div>'
        f'<section id="players" aria-label="Scores">{html["players"]}</section></div>'
        f"<p>{SOUND_TOGGLE}</p>"
        f'<p class="status"><a href="/game/{room.code}/state">This game as JSON</a></p>'
    )
    return page(title(view), content, refresh(view))


def title(view: dict[str, Any]) -> str:
    current = view.get("round")
    if not current:
        return "Countdown: waiting for players"
    return f"Countdown: round {current['number']} of {current['of']}, {current['kind']}"


def refresh(view: dict[str, Any]) -> float | None:
    """When a page without the script should reload: at the time up, or soon while waiting
    for someone else; None when only this player can move the game on."""
    current = view.get("round") or {}
    if view["phase"] in ("clock", "declare"):
        return None if current.get("left") is None else current["left"] + 1
    if view["phase"] == "over":
        return None
    if view["phase"] == "picking" and current.get("picker") == view["you"]:
        return None
    if view["phase"] == "reveal" or (view["phase"] == "lobby" and view["you"] == view["host"]):
        return WAIT_REFRESH * 4
    return WAIT_REFRESH


def regions(room: Room[Any], seat: Seat, view: dict[str, Any]) -> dict[str, Any]:
    """The page's changing parts for *seat*: HTML a region, the summary line, the key that
    says whether the answer region may be kept (same round, same phase), the time left."""
    current = view.get("round") or {}
    key = f"{current.get('number', 0)}-{view['phase']}-{current.get('locked', False)}"
    return {
        "key": key,
        "summary": summary(view),
        "title": title(view),
        "left": current.get("left") if view["phase"] in ("clock", "declare") else None,
        "html": {
            "stage": stage_html(room, view),
            "answer": answer_html(room, view),
            "yours": yours_html(view),
            "players": players_html(view),
        },
    }


def summary(view: dict[str, Any]) -> str:
    phase, current = view["phase"], view.get("round") or {}
    if phase == "lobby":
        return f"Waiting for players: {plural(len(view['players']), 'player')} here."
    heading = f"Round {current['number']} of {current['of']}, {current['kind']}"
    if phase == "picking":
        who = "you" if current["picker"] == view["you"] else current["picker"]
        return f"{heading}: {who} to pick."
    if phase == "clock":
        wrong = [name for name in current.get("locked_out", []) if name != view["you"]]
        locked = f" A wrong buzz: {', '.join(wrong)} locked out." if wrong else ""
        return f"{heading}: the clock is running.{locked}"
    if phase == "declare":
        return f"{heading}: time's up. Declare your answer."
    points = (view.get("result") or {}).get("points", {})
    mine = points.get(view["you"], 0)
    if phase == "over":
        return f"The game is over: {final_line(view)}"
    return f"{heading}: time's up. You score {plural(mine, 'point')}."


def final_line(view: dict[str, Any]) -> str:
    scores: dict[str, int] = view["scores"]
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    shown = ", ".join(f"{name} {score}" for name, score in ranked)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return f"{shown}: a draw."
    winner = "you" if ranked[0][0] == view["you"] else ranked[0][0]
    if len(ranked) == 1:
        return f"{shown}."
    return f"{shown}: {winner} {'win' if winner == 'you' else 'wins'}."


def clock_html(current: dict[str, Any], seconds: int) -> str:
    """The clock: the time it stops, as the server's wall clock (the script counts down)."""
    left, ends = current.get("left"), current.get("ends")
    if left is None or ends is None:
        return '<p id="clock" class="clock">No clock: press Done when you have your answer.</p>'
    stamp = time.strftime("%H:%M:%S", time.localtime(ends))
    iso = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ends)) + f".{round(ends * 10) % 10}Z"
    return (
        f'<div class="clockface">{clock_face(seconds, left)}'
        f'<p id="clock" class="clock" role="timer" data-left="{left:.2f}" '
        f'data-seconds="{seconds}" data-deadline="{iso}">'
        f'Time is up at <time datetime="{iso}">{stamp}</time></p></div>'
    )


def stage_html(room: Room[Any], view: dict[str, Any]) -> str:
    phase, current = view["phase"], view.get("round") or {}
    if phase == "lobby":
        link = f"/game/{room.code}"
        return (
            "<h1>Waiting for players</h1>"
            f'<p>Send this link to your friends: <a id="share" href="{link}">{link}</a> '
            '<button type="button" class="copy" id="copy-share" hidden>Copy the link</button></p>'
            f"<p>Here: {escape(who_is_here(view))}.</p>"
            f"<p>{escape(str(len(view['rounds'])))} rounds ({escape(view['rounds'])}), "
            f"{clock_words(view['seconds'])}.</p>"
        )
    if phase == "over":
        return final_html(
            view, final_line(view), ending_html(view.get("history") or {}), reveal_html
        )
    parts = [f"<h1>{escape(title(view).removeprefix('Countdown: ').capitalize())}</h1>"]
    kind = current["kind"]
    if kind == RoundKind.LETTERS:
        parts.append(board_html(list(current.get("letters", "").upper()), "The letters", RACK_SIZE))
    elif kind == RoundKind.NUMBERS and "numbers" in current:
        numbers = [str(n) for n in current["numbers"]]
        parts.append(board_html(numbers, "The numbers", target=current["target"]))
    elif kind == RoundKind.CONUNDRUM and "clue" in current:
        parts.append(board_html(list(current["clue"].upper()), "The conundrum"))
    if phase == "picking":
        who = "You" if current["picker"] == view["you"] else escape(current["picker"])
        what = "vowels and consonants" if kind == RoundKind.LETTERS else "how many large numbers"
        parts.append(
            f'<p class="status">{who} {"choose" if who == "You" else "chooses"} {what}.</p>'
        )
    elif phase == "clock":
        parts.append(clock_html(current, view["seconds"]))
        answered = [n for n in current.get("answered", []) if n != view["you"]]
        if answered:
            parts.append(f'<p class="status">With an answer: {escape(", ".join(answered))}.</p>')
        wrong = current.get("locked_out", [])
        if wrong:
            parts.append(
                f'<p class="status">A wrong buzz: {escape(", ".join(wrong))} locked out.</p>'
            )
    elif phase == "declare":
        if current.get("declaring_now"):
            parts.append(clock_html(current, int(DECLARE_SECONDS)))
        waiting = [n for n in current.get("declaring", []) if n != view["you"]]
        if waiting:
            parts.append(f'<p class="status">Declaring: {escape(", ".join(waiting))}.</p>')
    elif view.get("result"):
        parts.append(reveal_html(view["result"]))
    return "".join(parts)


def ending_html(kept: dict[str, Any]) -> str:
    """What the history said of a finished game alone, and a daily result to share."""
    parts = [f'<p class="status">{escape(kept["note"])}</p>'] if kept.get("note") else []
    parts += [NEXT_IN_RUN] * ((kept.get("run") or {}).get("ended", True) is None)  # plays on
    if kept.get("share"):
        parts.append(
            f'<pre class="share">{escape(kept["share"])}</pre>'
            f'<button type="button" class="copy" data-copy="{escape(kept["share"])}" hidden>'
            "Copy the result</button>"
        )
    return "".join(parts)


def who_is_here(view: dict[str, Any]) -> str:
    return ", ".join(
        player["name"]
        + (" (host)" if player["host"] else "")
        + ("" if player["here"] else " (away)")
        for player in view["players"]
    )


def clock_words(seconds: int) -> str:
    return f"{seconds} s on the clock" if seconds else "no clock"


def reveal_html(result: dict[str, Any]) -> str:
    """Every declaration with its verdict and points, then the best answers."""
    rows = []
    for play in result["plays"]:
        answer = play["answer"] if play["answer"] is not None else "—"
        if play["answer"] is None:
            verdict = play["reason"] or "no answer"
        elif play["valid"]:
            verdict = "valid"
            if result["kind"] == RoundKind.NUMBERS:
                target = result["puzzle"]["target"]
                away = abs((play["value"] or 0) - target)
                verdict = f"= {play['value']}, " + ("exact" if not away else f"{away} away")
            elif result["kind"] == RoundKind.LETTERS:
                verdict = f"valid, {plural(play['value'] or 0, 'letter')}"
        else:
            verdict = f"not valid: {play['reason']}"
        if play.get("reasoning"):
            verdict += f" ({play['reasoning']})"
        rows.append(
            f"<tr><th scope=row>{escape(play['player'])}</th><td>{escape(answer)}</td>"
            f"<td>{escape(verdict)}</td><td>{result['points'][play['player']]}</td></tr>"
        )
    table = (
        '<table class="reveal"><caption>The answers</caption><thead><tr><th scope=col>Player</th>'
        "<th scope=col>Answer</th><th scope=col>Verdict</th><th scope=col>Points</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    return (
        table + f'<h2>The best</h2><div id="best">{best_html(result)}</div>' + corner_html(result)
    )


def corner_html(result: dict[str, Any]) -> str:
    """Dictionary Corner: the first sense of each of the round's words that has one
    (the engine's RoundResult ``definitions``; none for a numbers round)."""
    items = []
    for word, entries in (result.get("definitions") or {}).items():
        entry, sense, base = entries[0], entries[0]["senses"][0], entries[0].get("lemma_pos", "")
        how = {"form": ", form of ", "derived": ", from the "}.get(entry["relation"])
        about = entry["pos"] + (how + f"{base} {entry['lemma']}".lstrip() if how else "")
        labels = f"[{', '.join(sense['labels'])}] " if sense["labels"] else ""
        items.append(
            f"<dt>{escape(word)} <small>({escape(about)})</small></dt>"
            f"<dd>{escape(labels + sense['gloss'])}</dd>"
        )
    if not items:
        return ""
    return f'<h2>Dictionary Corner</h2><dl class="corner">{"".join(items)}</dl>'


def best_html(result: dict[str, Any]) -> str:
    best = result["best"]
    if result["kind"] == RoundKind.LETTERS:
        if not best["words"]:
            return '<p class="status">No word at all.</p>'
        more = f" ({best['count']} in all)" if best["count"] > len(best["words"]) else ""
        return (
            f"<p>{plural(best['length'], 'letter')}{more}: "
            f'<span class="best">{escape(", ".join(best["words"]))}</span></p>'
        )
    if result["kind"] == RoundKind.NUMBERS:
        away = f" ({best['distance']} away)" if best["distance"] else ""
        steps = "".join(f"<li>{escape(step)}</li>" for step in best["steps"])
        return (
            f'<p class="expression">{escape(best["infix"])} = {best["value"]}{away}</p>'
            f'<ol class="steps">{steps}</ol>'
        )
    return f'<p>The answer: <span class="best">{escape(str(best["answer"]).upper())}</span></p>'


def answer_html(room: Room[Any], view: dict[str, Any]) -> str:
    """The seat's controls for the phase."""
    phase, current, code = view["phase"], view.get("round") or {}, room.code
    you = view["you"]
    if phase == "lobby":
        if you == view["host"]:
            return button("start", "Start the game", code, focus=True)
        return (
            f'<p class="status">{escape(view["host"])} starts the game when everyone is here.</p>'
        )
    if phase == "picking":
        if current["picker"] != you:
            return ""
        if current["kind"] == RoundKind.LETTERS:
            return (
                '<div class="choices">'
                + button("pick", "Vowel", code, focus=True, kind="v")
                + button("pick", "Consonant", code, kind="c")
                + button("pick", "The rest at random", code, kind="auto")
                + "</div>"
            )
        return (
            '<p>How many large numbers?</p><div class="choices">'
            + "".join(
                button("large", str(n), code, focus=n == current["default_large"], large=str(n))
                for n in range(MAX_LARGE + 1)
            )
            + "</div>"
        )
    if phase == "clock":
        return answer_form(code, current)
    if phase == "declare":
        return declare_html(code, current)
    if phase == "reveal":
        return button("next", "Next round", code, focus=True)
    return end_controls(view, button)


def answer_form(code: str, current: dict[str, Any]) -> str:
    conundrum = current["kind"] == RoundKind.CONUNDRUM
    if current.get("locked"):
        return '<p class="error">Locked out: your buzz was wrong. Wait for the others.</p>'
    label = {
        RoundKind.LETTERS: "Your word",
        RoundKind.NUMBERS: "Your working, e.g. 4×7=28, 28+100=128",
        RoundKind.CONUNDRUM: "The nine-letter word",
    }[current["kind"]]
    done = (
        '<button name="do" value="finish" class="secondary">Done</button>'
        if current.get("left") is None and not current.get("finished")
        else ""
    )
    return (
        f'<form method="post" action="/game/{code}" id="answer-form" class="solve" '
        f'data-kind="{current["kind"]}">'
        f'<div class="field"><label for="text">{escape(label)}</label>'
        f'<input type="text" id="text" name="text" {WORD_BOX} maxlength="{MAX_ANSWER}" autofocus '
        f'data-spell="{"numbers" if current["kind"] == RoundKind.NUMBERS else "letters"}" '
        f'value="{escape(current.get("line") or "")}"></div>'
        f'<button name="do" value="{"buzz" if conundrum else "enter"}">'
        f"{'Buzz' if conundrum else 'Enter'}</button>"
        f"{done}</form>"
    )


def declare_html(code: str, current: dict[str, Any]) -> str:
    """The seat's declaration: one button for each answer it wrote, the default first."""
    written: list[str] = current.get("written") or []
    default = str(current.get("default"))
    if not written or not current.get("declaring_now"):
        return '<p class="status">Waiting for the others to declare.</p>'
    ordered = [default] + [text for text in written if text != default]
    chosen = (button("declare", text, code, text == default, text=text) for text in ordered)
    return "<p>Declare one of your answers (the first counts if you do not):</p>" + (
        f'<div class="choices">{"".join(chosen)}</div>'
    )


WRITTEN_NOTE = "Enter more as you find them; the box at time-up counts too, then you declare one."


def yours_html(view: dict[str, Any]) -> str:
    """The answers this seat has written while the clock runs, or why a pick was refused."""
    current = view.get("round") or {}
    refusal = current.get("refusal") or view.get("refusal")
    if refusal:  # the host's words: "no more vowels"
        return f'<p class="error" role="alert">{escape(refusal.capitalize())}.</p>'
    written = current.get("written") or []
    if view["phase"] != "clock" or not written or current["kind"] == RoundKind.CONUNDRUM:
        return ""
    shown = ", ".join(f"<strong>{escape(text)}</strong>" for text in written)
    return f'<p class="status" id="entry">Written: {shown}. {WRITTEN_NOTE}</p>'


def players_html(view: dict[str, Any]) -> str:
    """The scoreboard (each player's name and total, as the show's desks) and the score
    table round by round; a name too long for its column is cut short, whole in its title."""
    scores: dict[str, int] = view["scores"]
    names = list(scores)
    for player in view["players"]:
        if player["name"] not in names:
            names.append(player["name"])
    here = {player["name"]: player["here"] for player in view["players"]}

    def shown(name: str) -> str:
        return escape(name) + ("" if here.get(name, True) else " (away)")

    board = "".join(
        f'<li><span class="who">{shown(name)}</span> '
        f'<span class="total">{scores.get(name, 0)}</span></li>'
        for name in names
    )
    head = "".join(
        f'<th scope=col><span class="name" title="{shown(name)}">{shown(name)}</span></th>'
        for name in names
    )
    rows = "".join(
        f"<tr><th scope=row>{row['round']} {KINDS[row['kind']]}</th>"
        + "".join(f"<td>{row['points'].get(name, 0)}</td>" for name in names)
        + "</tr>"
        for row in view["table"]
    )
    total = "".join(f"<td><strong>{scores.get(name, 0)}</strong></td>" for name in names)
    return (
        f'<ul class="scoreboard" aria-label="Totals">{board}</ul>'
        f'<table class="scores{" many" if len(names) > 3 else ""}"><caption>Scores</caption>'
        f"<thead><tr><th scope=col>Round</th>{head}</tr></thead><tbody>{rows}</tbody>"
        f"<tfoot><tr><th scope=row>Total</th>{total}</tr></tfoot></table>"
    ) + host_html(view, button)
