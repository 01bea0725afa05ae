"""Games played by script: a round of a Game in process, and ``anagramdb play`` as a
child process fed its answers on stdin."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

from anagramdb.countdown.game import COMPUTER, Game
from anagramdb.countdown.round_kinds import RoundKind


def play_through(game: Game, answers: dict[str, str], now: float = 100.0) -> None:
    """Play the next round: picks at random (or the computer's), every player enters
    *answers*[kind] at once, the clock runs out."""
    rnd = game.next_round()
    assert rnd is not None
    if rnd.phase == "pick":
        if rnd.picker in (None, COMPUTER):
            rnd.pick_for_computer()
        elif rnd.kind == RoundKind.LETTERS:
            rnd.pick_rest()
        else:
            rnd.choose_large(1)
    rnd.start(now)
    for name in game.humans:
        if rnd.kind == RoundKind.CONUNDRUM:
            rnd.buzz(name, now + 1, answers.get("conundrum", ""))
        else:
            rnd.enter(name, answers.get(rnd.kind, ""), now + 1)
    rnd.time_up(now + game.seconds)
    rnd.finish()


def run_play(
    args: list[str], script: list[str], data_home: pathlib.Path
) -> subprocess.CompletedProcess[str]:
    """``anagramdb play ARGS`` with one line of *script* per prompt, its history kept under
    *data_home*, on the packaged default dictionary whatever $ANAGRAMDB_DICT says."""
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    env.pop("ANAGRAMDB_DICT", None)
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", "play", *args],
        input="\n".join(script) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
