"""``anagramdb play`` in a real terminal: tmux runs it, send-keys types, capture-pane reads
the screen. What is checked is what a player sees: letters picked one key each with "no
more vowels", the clock counting down without ever overwriting the typing, an empty Enter
that does nothing, an entry replaced, a word typed but not entered that counts when the
clock stops, a working that wraps over several rows surviving the clock at 80x24 and at 40
columns and a resize, the buzzer, and two players sharing the keyboard with hidden
declarations. Waits poll the screen with a generous bound; nothing asserts how fast the
machine is. The expected scores come from the library, driven with the same moves."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from anagramdb.countdown.game import COMPUTER, Game
from anagramdb.countdown.letters import solve_letters
from anagramdb.countdown.numbers import solve
from anagramdb.dictionary import Dictionary

from ..support.terminals import Tmux, play_command

pytestmark = [
    pytest.mark.terminal,
    pytest.mark.skipif(
        shutil.which("tmux") is None,
        reason="tmux is not installed: the real-terminal tests of play need it "
        "(apt-get install tmux)",
    ),
]

PICKS = "vcvcvcvvvc"  # the ninth key, a sixth vowel, is refused: "no more vowels"


def game_screen(tmp_path, args: str, width: int = 80, height: int = 24) -> Tmux:
    """A pane running ``anagramdb play ARGS``, then saying GAME-OVER and its exit code."""
    command = f"{play_command(tmp_path, args)}; echo GAME-OVER $?; sleep 120"
    return Tmux(command, width, height)


def picked(rnd) -> str:
    for key in PICKS:
        if rnd.picks.refusal(key) is None:
            rnd.pick(key)
    return rnd.letters


def ascii_working(answer) -> str:
    """The solver's steps as a player types them, one long line."""
    return " ;  ".join(answer.solutions[0].steps).replace("×", "x").replace("÷", "/")


SOLO_SEED, SOLO_SECONDS = 8, 7


def solo_game() -> dict:
    """The quick game of SOLO_SEED against 'medium', through the library, with the moves
    the terminal test makes."""
    with Dictionary("full") as full, Dictionary("common") as common:
        game = Game(full, common, "LNC", SOLO_SEED, "medium", SOLO_SECONDS)
        rnd = game.next_round()
        rack = picked(rnd)
        words = solve_letters(full, rack, all=True)
        short, longest = words[-1].word, words[0].word
        rnd.start(0.0)
        rnd.enter("you", short, 1.0)
        rnd.time_up(SOLO_SECONDS, {"you": longest})
        rnd.finish()
        rnd = game.next_round()
        assert rnd.picker == COMPUTER
        rnd.pick_for_computer()
        working = ascii_working(solve(rnd.draw.numbers, rnd.draw.target))
        rnd.start(0.0)
        rnd.enter("you", working, 1.0)
        rnd.time_up(SOLO_SECONDS)
        rnd.finish()
        rnd = game.next_round()
        rnd.start(0.0)
        move = rnd.moves[COMPUTER]
        assert move.answer is None or move.seconds > 3  # the test buzzes within a second
        rnd.buzz("you", 1.0, rnd.puzzle.answer)
        rnd.finish()
        return {"rack": rack, "short": short, "longest": longest, "working": working,
                "answer": rnd.puzzle.answer, "totals": game.totals}  # fmt: skip


def test_a_quick_game_in_a_real_terminal_at_80x24(tmp_path):
    expected = solo_game()
    screen = game_screen(
        tmp_path, f"--format quick --seed {SOLO_SEED} --seconds {SOLO_SECONDS} --vs medium"
    )
    try:
        screen.wait_for(r"pick nine: v vowel, c consonant")
        screen.keys(PICKS[:3])  # a running count of vowels and consonants follows the letters
        screen.wait_for(r"^    [A-Z] [A-Z] [A-Z] \(2 vowels, 1 consonant\)$")
        screen.keys(PICKS[3:])
        screen.wait_for(r"\(no more vowels\)")
        screen.wait_for(rf"^  letters: {' '.join(expected['rack'])}$")
        first = screen.wait_for(r"^ +(\d+) s #+$")  # the clock, with its bar ...
        screen.enter()  # an empty Enter does nothing
        screen.keys(expected["short"])
        screen.enter()
        screen.wait_for(rf"entered: {expected['short']}$")
        screen.keys(expected["longest"])  # typed, never entered
        screen.wait_for(rf"^  your word > {expected['longest']}$")
        screen.wait_for(rf"^ +[0-{int(first.group(1)) - 1}] s ")  # ... counting down
        up = screen.wait_for(r"^time's up!$")
        screen.wait_for(rf"^  you wrote: 1 {expected['short']}  2 {expected['longest']}$")
        screen.wait_for(rf"declare 1-2, Enter keeps {expected['longest']} > $", up.end())
        screen.enter()  # the default: the longer word
        screen.wait_for(rf"^  declared: {expected['longest']} \(the default\)$", up.end())
        screen.wait_for(rf"^  you: {expected['longest']}, \d letters", up.end())
        screen.wait_for(r"^  press Enter for round 2 $", up.end())  # the beat
        screen.enter()
        screen.wait_for(r"^  numbers: .*target: \d+$", up.end())
        prompt = screen.wait_for(r"your working > $", up.end())
        screen.keys(expected["working"])  # longer than a row: it wraps
        tail = expected["working"][-12:]
        screen.wait_for(re.escape(tail) + "$", prompt.end())
        rows = screen.rows()
        typing = next(i for i, row in enumerate(rows) if row.startswith("  your working > "))
        assert re.match(r" +\d+ s ", rows[typing - 1])  # the clock row sits above the input
        assert (
            "".join(rows[typing:])
            .replace("  your working > ", "", 1)
            .startswith(expected["working"][:20])
        )
        screen.enter()
        up = screen.wait_for(r"^time's up!$", prompt.end())
        screen.wait_for(r"^  you: .*, (exact|\d+ away)", flat=True)
        screen.wait_for(r"^  press Enter for round 3 $", up.end())
        screen.enter()
        clue = screen.wait_for(r"conundrum: ([A-Z] ){8}[A-Z]$", up.end())
        screen.wait_for(r"buzz > $", clue.end())
        screen.keys(expected["answer"])
        screen.enter()
        screen.wait_for(rf"^you buzzed at [\d.]+ s: {expected['answer']}$", clue.end())
        final = screen.wait_for(r"^final score: you (\d+), computer (\d+): .*$")
        totals = expected["totals"]
        assert (int(final.group(1)), int(final.group(2))) == (totals["you"], totals[COMPUTER])
        screen.wait_for(r"^GAME-OVER 0$")
        assert os.path.exists(tmp_path / "anagramdb" / "history.json")
    finally:
        screen.close()


def test_a_wrapped_working_survives_the_clock_and_a_resize_at_40_columns(tmp_path):
    with Dictionary("full") as full, Dictionary("common") as common:
        game = Game(full, common, "N", 3, "none", 6)
        draw = game.next_round().choose_large(1)
    working = ascii_working(solve(draw.numbers, draw.target))
    screen = game_screen(tmp_path, "--rounds N --seed 3 --seconds 6 --no-history", width=80)
    try:
        screen.wait_for(r"how many large numbers\?")
        screen.keys("1")
        prompt = screen.wait_for(r"your working > $")
        screen.tmux("resize-window", "-t", "game", "-x", "40")
        screen.keys(working)
        screen.wait_for(re.escape(working[-8:]) + "$", prompt.end())
        rows = screen.rows()
        typing = next(i for i, row in enumerate(rows) if row.startswith("  your working > "))
        assert all(len(row) < 40 for row in rows[typing - 1 :])  # drawn for 40 columns
        clock_rows = [row for row in rows if re.match(r" +\d+ s", row)]
        assert len(clock_rows) == 1 and rows[typing - 1] == clock_rows[0]  # one clock, above
        assert "".join(rows[typing:]).startswith("  your working > " + working[:10])
        screen.wait_for(r"^time's up!$")  # (the resize reflowed what came before)
        screen.wait_for(r"^  you: .*, (exact|\d+ away)", flat=True)
        screen.wait_for(r"^GAME-OVER 0$")
    finally:
        screen.close()


def test_two_players_share_the_keyboard(tmp_path):
    with Dictionary("full") as full, Dictionary("common") as common:
        game = Game(full, common, "LC", 5, "none", 3, players=["ann", "bob"])
        rnd = game.next_round()
        rack = picked(rnd)
        word = solve_letters(full, rack, enough=1)[0].word
        answer = game.conundrum(1).answer
    screen = game_screen(tmp_path, "--rounds LC --seed 5 --seconds 3 --player ann --player bob")
    try:
        screen.wait_for(r"Round 1 of 2: letters \(ann's pick\)")
        screen.keys(PICKS)
        screen.wait_for(r"think: each declares in turn")
        screen.wait_for(r"^time's up!$")
        screen.wait_for(r"ann, your word \(hidden")
        screen.keys(word)
        screen.wait_for(r"^  > \*+$")
        assert word not in screen.text().split("time's up!")[-1]  # hidden from bob
        screen.enter()
        screen.wait_for(r"bob, your word \(hidden")
        screen.enter()  # bob has nothing
        screen.wait_for(rf"^  ann: {word}, \d letters")
        screen.wait_for(r"^  bob: no answer$")
        screen.wait_for(r"^  press Enter for round 2 $")
        screen.enter()
        screen.wait_for(r"buzz: 1 ann, 2 bob")
        screen.keys("2")
        screen.wait_for(r"bob buzzed! answer > $")
        screen.keys("wrongword")
        screen.enter()
        screen.wait_for(r"^bob: wrong$")
        screen.keys("2")  # locked out: nothing happens
        screen.keys("1")
        screen.wait_for(r"ann buzzed! answer > $")
        screen.keys(answer)
        screen.enter()
        screen.wait_for(r"^ann: right$")
        screen.wait_for(r"^final score: ann \d+, bob 0: ann wins$")
        screen.wait_for(r"^GAME-OVER 0$")
    finally:
        screen.close()


def test_ctrl_c_leaves_the_answer_line(tmp_path):
    screen = game_screen(tmp_path, "--rounds N --seed 3 --seconds 30 --no-history")
    try:
        screen.wait_for(r"how many large numbers\?")
        screen.keys("1")
        screen.wait_for(r"your working > $")
        screen.keys("100 + 5")
        screen.wait_for(r"your working > 100 \+ 5$")
        screen.tmux("send-keys", "-t", "game", "C-c")
        screen.wait_for(r"^  your working > 100 \+ 5\nanagramdb: interrupted\nGAME-OVER 130$")
    finally:
        screen.close()
