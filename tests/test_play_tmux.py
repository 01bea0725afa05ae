"""``anagramdb play`` in a real terminal: tmux runs it, send-keys types, capture-pane reads
the screen. A seeded quick game with a 5-second clock: letters picked one key each (a
refused sixth vowel comes from the consonants), the clock shown and counting down, the
letters round running out of time, the numbers and conundrum answers are typed in time,
and the scores are shown. Waits poll the screen with a generous bound; nothing asserts how
fast the machine is."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time

import pytest

from anagramdb.countdown.game import Game
from anagramdb.countdown.numbers import solve
from anagramdb.dictionary import Dictionary

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None,
    reason="tmux is not installed: the real-terminal test of play needs it (apt-get install tmux)",
)

SEED, SECONDS = 42, 5
PICKS = "vcvcvcvvv"  # the last is refused (a sixth vowel) and comes from the consonants
PATIENCE = 90.0  # seconds to wait for a screen before failing: generous, for a loaded machine


class Screen:
    """One tmux server of our own (its own socket, no user configuration) with one pane."""

    def __init__(self, socket: str) -> None:
        self.base = ["tmux", "-L", socket, "-f", os.devnull]

    def tmux(self, *args: str) -> str:
        return subprocess.run(
            [*self.base, *args], capture_output=True, text=True, check=True, timeout=30
        ).stdout

    def text(self) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", "game")

    def wait_for(self, pattern: str, after: int = 0) -> re.Match[str]:
        """Poll the screen until *pattern* appears (searching from character *after*)."""
        deadline = time.monotonic() + PATIENCE
        while True:
            screen = self.text()
            found = re.compile(pattern, re.M).search(screen, after)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def keys(self, text: str) -> None:
        self.tmux("send-keys", "-t", "game", "-l", text)

    def type(self, text: str) -> None:
        self.keys(text)
        self.tmux("send-keys", "-t", "game", "Enter")


def expected_game() -> tuple[str, str, str, dict[str, int]]:
    """The quick game of SEED against the hard opponent, through the library: the numbers
    answer to type, the conundrum answer, the rack, and the final scores."""
    with Dictionary("full") as full, Dictionary("common") as common:
        game = Game(full, common, "LNC", SEED, "hard", SECONDS)
        picker = game.letters(0)
        for kind in PICKS:
            picker.pick(kind, forced=True)
        rack = picker.letters
        game.play_letters(0, rack, None, late=True)
        draw = game.numbers(1, 2)
        answer = solve(draw.numbers, draw.target, ascii_signs=True).solutions[0].infix
        game.play_numbers(1, draw, answer)
        puzzle = game.conundrum(2)
        game.play_conundrum(2, puzzle, puzzle.answer, seconds=0.5)
        return answer, puzzle.answer, rack, game.totals


def test_a_quick_game_in_a_real_terminal(tmp_path):
    answer, conundrum, rack, totals = expected_game()
    screen = Screen(f"anagramdb-test-{os.getpid()}")
    command = (
        f"env XDG_DATA_HOME={shlex.quote(str(tmp_path))} "
        f"{shlex.quote(sys.executable)} -m anagramdb play"
        f" --format quick --seed {SEED} --seconds {SECONDS} --vs hard; echo GAME-OVER $?; sleep 120"
    )
    screen.tmux("new-session", "-d", "-s", "game", "-x", "150", "-y", "60", command)
    try:
        screen.wait_for(r"pick nine: v vowel, c consonant")
        screen.keys(PICKS)  # one key a letter, no Enter
        screen.wait_for(rf"random: {' '.join(rack)} $")
        screen.wait_for(rf"^  letters: {' '.join(rack)}$")
        first = screen.wait_for(r"clock:\s+(\d+) s")  # the clock is shown ...
        assert int(first.group(1)) <= SECONDS
        screen.wait_for(rf"clock:\s+[0-{int(first.group(1)) - 1}] s")  # ... and counts down
        up = screen.wait_for(r"^time's up!$")  # nothing typed: the letters round runs out
        screen.wait_for(r"^  you: no answer in time$", up.end())
        screen.wait_for(r"^  computer: \w+, \d letters, \d+ points \(the solver's best", up.end())
        screen.wait_for(r"how many large numbers\?")
        screen.keys("2")
        screen.wait_for(r"how many large numbers\? \[0-4, Enter: 1\] > 2$")
        screen.wait_for(r"your answer > $")
        screen.type(answer)
        screen.wait_for(r"^  you: .* = \d+, (exact|\d+ away), \d+ points?$")
        clue = screen.wait_for(r"conundrum: ([A-Z] ){8}[A-Z]$")
        screen.wait_for(r"your answer > $", clue.end())
        screen.type(conundrum)
        screen.wait_for(rf"^  you: {conundrum}, right at [\d.]+ s$")
        final = screen.wait_for(r"^final score: you (\d+), computer (\d+): .*$")
        assert (int(final.group(1)), int(final.group(2))) == (totals["you"], totals["computer"])
        screen.wait_for(r"^GAME-OVER 0$")
        assert os.path.exists(tmp_path / "anagramdb" / "history.json")
    finally:
        subprocess.run([*screen.base, "kill-server"], capture_output=True, timeout=30)
