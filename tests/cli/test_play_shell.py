"""``anagramdb play`` and the shell around it, in tmux: the game owns the terminal while
it runs and gives it back on every way out. Ctrl-Z stops it with the terminal as it was,
``fg`` resumes it reading keys with the round redrawn; keys typed after the computer
buzzed never reach the shell; SIGTERM gives the terminal back as the end of the game
does; the reveal waits for Enter before the next round; with output piped to tee, no
clock frame goes into the transcript. The shell is an interactive bash without start-up
files (job control on); every wait is on what the screen, the terminal's input queue or
a file shows."""

from __future__ import annotations

import fcntl
import os
import re
import shutil

import pytest

from anagramdb.countdown.game import COMPUTER, Game
from anagramdb.countdown.letters import solve_letters
from anagramdb.dictionary import Dictionary

from ..support.terminals import ModelTerminal, Tmux, play_command
from ..support.waiting import children, wait_until

pytestmark = [
    pytest.mark.terminal,
    pytest.mark.skipif(
        shutil.which("tmux") is None or shutil.which("bash") is None,
        reason="tmux and bash are not installed: the real-terminal tests of play need them "
        "(apt-get install tmux)",
    ),
]


@pytest.fixture
def shell(tmp_path):
    """An interactive bash in tmux, its terminal settings saved to tmp_path/stty.before."""
    screen = Tmux(None)
    try:
        screen.wait_for(r"^\$ $")
        screen.keys(f"cd {tmp_path} && stty -g > stty.before && echo READY")
        screen.enter()
        screen.wait_for(r"^READY$")
        yield screen
    finally:
        screen.close()


def run(screen: Tmux, command: str) -> None:
    screen.keys(command)
    screen.enter()


def game_over(screen: Tmux, after: int) -> int:
    """Once the shell's prompt is back (keys typed before that are the game's, and its
    exit drops them), its exit code: where the screen says so."""
    screen.wait_for(r"^\$ $", after)
    run(screen, "echo GAME-OVER $?")
    return screen.wait_for(r"^GAME-OVER \d+$", after).end()


def settings_and_line_are_clean(screen: Tmux, after: int) -> None:
    """The shell got the terminal back as it was and an empty command line: what is typed
    next runs as typed, and nothing ran in between."""
    run(screen, "stty -g | cmp -s - stty.before && echo SAME-$((6*7))")
    screen.wait_for(r"^SAME-42$", after)
    assert "command not found" not in screen.text()[after:]


def test_ctrl_z_and_fg_resume_the_round(shell, tmp_path):
    with Dictionary("full") as full, Dictionary("common") as common:
        rnd = Game(full, common, "L", 3, "none", 60).next_round()
        rnd.pick_rest()
        word = solve_letters(full, rnd.letters, enough=1)[0].word
    run(shell, play_command(tmp_path, "--rounds L --seed 3 --seconds 60 --no-history"))
    shell.wait_for(r"pick nine")
    shell.keys("a")
    shell.wait_for(r"your word > $")
    shell.keys(word[:3])
    shell.wait_for(rf"your word > {word[:3]}$")
    shell.press("C-z")
    stopped = shell.wait_for(r"^\[1\]\+ +Stopped +.*$")
    settings_and_line_are_clean(shell, stopped.end())  # the terminal given back ...
    run(shell, "fg")
    back = shell.wait_for(r"^\$ fg$", stopped.end())
    shell.wait_for(rf"^ +\d+ s #+\n  your word > {word[:3]}$", back.end())  # ... redrawn
    shell.keys(word[3:] + "x")  # ... reading keys again, and editing them
    shell.press("BSpace", "Home", "Right", "Left", "End")
    shell.wait_for(rf"your word > {word}$", back.end())
    shell.press("C-d")  # done with the round
    seen = shell.wait_for(rf"^  you: {word}, {len(word)} letters", back.end())
    over = game_over(shell, seen.end())
    assert shell.text()[:over].endswith("GAME-OVER 0")
    settings_and_line_are_clean(shell, over)


def test_keys_typed_after_the_computer_buzzed_never_reach_the_shell(shell, tmp_path):
    with Dictionary("full") as full, Dictionary("common") as common:
        rnd = Game(full, common, "C", 1, "hard", 30).next_round()
        rnd.start(0.0)
        move = rnd.moves[COMPUTER]
        assert move.answer == rnd.puzzle.answer and move.seconds > 3
    history = tmp_path / "anagramdb" / "history.json"
    history.parent.mkdir()
    with open(f"{history}.lock", "w") as lock:
        # The game stops at its end to record the game (file_lock.py) while the test holds
        # the history's lock: keys typed then wait, unread, in the terminal's input queue.
        fcntl.flock(lock, fcntl.LOCK_EX)
        run(shell, play_command(tmp_path, "--rounds C --seed 1 --seconds 30 --vs hard"))
        clue = shell.wait_for(r"^  conundrum: [A-Z ]+$")
        shell.wait_for(r"buzz > $", clue.end())
        shell.keys("handb")  # half an answer, when the computer buzzes
        shell.wait_for(rf"^the computer buzzed at {move.seconds:g} s: {move.answer}$", clue.end())
        queued = shell.waiting_input()
        shell.keys("rake")
        shell.enter()
        wait_until(lambda: shell.waiting_input() >= queued + 5, "the keys in the input queue")
        fcntl.flock(lock, fcntl.LOCK_UN)
    seen = shell.wait_for(r"^  round 1 \(conundrum\): 0, missed [A-Z]+$", clue.end())
    over = game_over(shell, seen.end())
    ending = shell.text()[seen.end() : over]
    # On a machine too loaded to type five keys in the lock's 10 s, the game ends with an
    # error instead (file_lock.LOCK_WAIT): an error is a way out that owes the same.
    assert ending.endswith("GAME-OVER 0") or "cannot lock" in ending
    assert "handb" not in shell.text()[seen.end() :] and "rake" not in shell.text()[seen.end() :]
    settings_and_line_are_clean(shell, over)


def test_sigterm_gives_the_terminal_back(shell, tmp_path):
    run(shell, play_command(tmp_path, "--rounds N --seed 3 --seconds 60 --no-history"))
    shell.wait_for(r"how many large numbers\?")
    shell.keys("1")
    shell.wait_for(r"your working > $")
    shell.keys("100 + 5")
    shell.wait_for(r"your working > 100 \+ 5$")
    bash = int(shell.tmux("display", "-p", "-t", "game", "#{pane_pid}"))
    (game,) = wait_until(lambda: children(bash), "the game under the shell")
    os.kill(game, 15)
    seen = shell.wait_for(r"^anagramdb: interrupted by SIGTERM$")
    over = game_over(shell, seen.end())
    assert shell.text()[:over].endswith("GAME-OVER 143")
    settings_and_line_are_clean(shell, over)


def test_the_reveal_waits_for_enter_before_the_next_round(tmp_path):
    screen = Tmux(
        f"{play_command(tmp_path, '--rounds LN --seed 3 --seconds 5 --vs medium --no-history')}"
        "; echo GAME-OVER $?; sleep 120"
    )
    try:
        screen.wait_for(r"pick nine")
        screen.keys("a")
        beat = screen.wait_for(r"^  points: .*\n  press Enter for round 2 $")
        for key in "xv1 ":  # no key but Enter ends the beat
            screen.keys(key)
            wait_until(lambda: not screen.waiting_input(), "the game reading the key")
        assert "Round 2" not in screen.text()  # the computer has not picked, no clock runs
        screen.enter()
        round_two = screen.wait_for(r"^Round 2 of 2: numbers \(the computer's pick\)$")
        assert "press Enter" not in screen.text()[beat.start() :]  # the prompt is cleared
        screen.wait_for(r"your working > $", round_two.end())
        screen.press("C-d")
        screen.wait_for(r"^GAME-OVER 0$")  # no beat after the last round
    finally:
        screen.close()


def test_play_piped_to_tee_writes_no_clock_frames(tmp_path):
    transcript = tmp_path / "game.txt"
    screen = Tmux(
        f"{play_command(tmp_path, '--rounds L --seed 3 --seconds 3 --no-history')}"
        f" | tee {transcript}; echo GAME-OVER $?; sleep 120"
    )
    try:
        screen.wait_for(r"pick nine")
        screen.keys("a")
        screen.wait_for(r"your word > $")
        screen.keys("sarne")
        screen.press("Left", "Left", "BSpace", "Enter")
        screen.wait_for(r"^  entered: sane$")
        screen.keys("ears")
        screen.wait_for(r"^time's up!$")  # the clock ran out: 3 s of frames, if any
        screen.wait_for(r"declare 1-2, Enter keeps ears > $")
        screen.enter()
        screen.wait_for(r"^GAME-OVER 0$")
    finally:
        screen.close()
    text = transcript.read_text(encoding="utf-8")
    assert "\x1b" not in text and not re.search(r"\d s #", text)
    lines = ModelTerminal(1000)  # the transcript as cat shows it: the echo's BS applied
    lines.feed(text)
    shown = lines.text()
    start = shown.index("Round 1 of 1: letters")
    assert shown[start:] == [
        "Round 1 of 1: letters",
        "  pick nine: v vowel, c consonant, a (or Enter) the rest at random:",
        "    N E R R I A S A R",
        "  letters: N E R R I A S A R",
        "  (3 seconds)",  # the clock, said once
        "  your word > sane",  # typed, edited with the cursor keys, and entered
        "  entered: sane",
        "  your word > ears",  # on the line when the clock stopped
        "time's up!",
        "  you wrote: 1 sane  2 ears",
        "  to declare (10 seconds)",  # the declaration's clock, said once too
        "  declare 1-2, Enter keeps ears >",
        "  declared: ears (the default)",
        "  you: ears, 4 letters, 4 points",
        "  best: arrears (7 letters)",
        "  dictionary corner:",
        "    arrears (noun): the state of being behind in payments",
        "    ears (noun, form of ear): the sense organ for hearing and equilibrium",
        "  points: you 4; score: you 4",  # one round: 19 lines, 4 the declaration's
        "",
        "final score: 4",
        "you: 4 of the 7 points the rounds offered",
        "  round 1 (letters): 4, missed arrears (7)",
        "",
    ]


def test_a_word_entered_then_a_fragment_on_the_line_at_time_up_scores_the_word(tmp_path):
    """The issue's case at a real terminal: `sane` entered, `sa` left on the line when the
    clock stopped; both are written answers, the default is the longer word the rack makes,
    and Enter keeps it."""
    screen = Tmux(
        f"{play_command(tmp_path, '--rounds L --seed 3 --seconds 5 --no-history')}"
        "; echo GAME-OVER $?; sleep 120"
    )
    try:
        screen.wait_for(r"pick nine")
        screen.keys("a")
        screen.wait_for(r"your word > $")
        screen.keys("sane")
        screen.enter()
        screen.wait_for(r"entered: sane$")
        screen.keys("sa")  # a fragment, never entered
        up = screen.wait_for(r"^time's up!$")
        screen.wait_for(r"^  you wrote: 1 sane  2 sa$", up.end())
        screen.wait_for(r"declare 1-2, Enter keeps sane > $", up.end())
        screen.enter()
        screen.wait_for(r"^  declared: sane \(the default\)$", up.end())
        screen.wait_for(r"^  you: sane, 4 letters, 4 points$", up.end())
        screen.wait_for(r"^GAME-OVER 0$", up.end())
    finally:
        screen.close()
