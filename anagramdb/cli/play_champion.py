"""``play --champion``: a champion's run, as the show's champions play. Game after game
against the computer, which rises with the wins (countdown.game.champion_opponent: easy,
then medium, then hard), until a loss; eight wins make an octochamp, who retires. The run
is kept in the history (countdown/history.py, ``runs``): a run left part-way (Ctrl-C, the
end of a script) goes on at the next ``play --champion``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..countdown.game import Game, champion_opponent
from ..countdown.history import OCTOCHAMP, check_history
from ..countdown.history_stats import best_run, current_run
from ..packaged import COMMON_NAME
from ..resolve import display_name
from .common import open_dictionary, state
from .play_terminal import Terminal

PlayOne = Callable[[Terminal, Game, bool], "dict[str, Any] | None"]


def champion_run(
    term: Terminal, rounds: str, seconds: int, seed: int | None, define: bool, play_one: PlayOne
) -> None:
    """Play the run's games until it ends, each by *play_one* (play_command's: it plays,
    sums up and records a game on the run, and returns what the history said)."""
    history = check_history()
    run = current_run(history)
    wins = run["wins"] if run else 0
    if run:
        term.say(term.bold(f"your champion's run goes on: {_wins(wins)} so far"))
    number = 0
    with open_dictionary() as dictionary, open_dictionary(COMMON_NAME) as common:
        while True:
            level = champion_opponent(wins)
            term.say(term.bold(f"champion's run, game {wins + 1}: against the computer ({level})"))
            game_seed = None if seed is None else seed + number
            name = display_name(state["dict"])
            game = Game(dictionary, common, rounds, game_seed, level, seconds, name)
            recorded = play_one(term, game, define)
            number += 1
            if recorded is None or recorded["run"] is None:
                return
            run = recorded["run"]
            wins = run["wins"]
            if run["ended"] is None:
                term.say(term.bold(f"a win: {_wins(wins)} in your run; the champion plays on"))
                term.say()
                continue
            best = best_run(check_history())
            most = f" (your best run: {_wins(best['wins'])})" if best else ""
            if run["ended"] == "octochamp":
                term.say(term.bold(f"{OCTOCHAMP} wins: an octochamp! You retire undefeated."))
            else:
                term.say(term.bold(f"the run ends after {_wins(wins)}{most}"))
            return


def _wins(count: int) -> str:
    return f"{count} win{'s' * (count != 1)}"
