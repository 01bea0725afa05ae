"""Declarations as on the show (countdown/declarations.py and the Round's declaring
phase): every entry and the line at time-up are written answers, the default is the
longest word the rack makes or the closest working, a fragment never replaces a longer
word, and each declaration window has its own clock."""

from __future__ import annotations

import pytest

from anagramdb.countdown.declarations import DECLARE_SECONDS, Declarations, default_choice, fits
from anagramdb.countdown.draw import NumbersDraw
from anagramdb.countdown.game import Game
from anagramdb.countdown.letters import solve_letters
from anagramdb.errors import InvalidGameError

RACK = "FIGURESSA"


def test_a_fragment_never_replaces_a_longer_word():
    assert fits(RACK, "figures") and fits(RACK, "fissu") and not fits(RACK, "figuresss")
    assert default_choice(["figures", "fissu"], RACK, None) == "figures"
    assert default_choice(["fissu", "figures"], RACK, None) == "figures"


def test_a_word_the_rack_cannot_make_loses_to_one_it_can_and_a_tie_goes_to_the_later():
    assert default_choice(["figurines", "sea"], RACK, None) == "sea"
    assert default_choice(["sea", "age"], RACK, None) == "age"
    assert default_choice(["xyz", "zzz"], RACK, None) == "zzz"  # none fits: the last written
    assert default_choice([], RACK, None) is None


def test_the_closest_working_by_its_own_arithmetic():
    draw = NumbersDraw([100, 50, 3, 7, 2, 1], 357)
    written = ["100 + 50", "50 x 7 = 350, + 3", "100 x 100", "(50 + 1) x 7", "3 +"]
    # 150 is 207 away, 353 is 4 away, 100 x 100 reuses a tile, 357 is exact, "3 +" no working
    assert default_choice(written, None, draw) == "(50 + 1) x 7"
    assert default_choice(written[:3], None, draw) == "50 x 7 = 350, + 3"
    assert default_choice(["100 x 100", "3 +"], None, draw) == "3 +"  # none keeps the rules


def test_windows_open_together_for_those_with_a_choice():
    decl = Declarations("together", timed=True)
    decl.write("ann", " figures ", 3.0)
    decl.write("ann", "figures", 4.0)  # the same again: once
    decl.write("ann", "fissu", 30.0)
    decl.write("bob", "sea", 5.0)
    assert decl.texts("ann") == ["figures", "fissu"]
    assert decl.open_all(["ann", "bob", "cy"], 30.0)
    assert decl.windows == {"ann": 30.0 + DECLARE_SECONDS}
    with pytest.raises(InvalidGameError, match=r"^bob has no choice to declare"):
        decl.declare("bob", "sea", 31.0)
    with pytest.raises(InvalidGameError, match=r"^declare one of the answers you wrote: figures, "):
        decl.declare("ann", "figure", 31.0)
    assert decl.declare("ann", "FISSU", 31.0) == "fissu"  # case folded to what was written
    assert decl.done and decl.declared == {"ann": "fissu"}


def test_without_a_clock_a_window_waits_and_bad_modes_are_refused():
    decl = Declarations("in turn", timed=False)
    assert decl.open_all(["ann"], 0.0) and decl.pending == ["ann"]
    assert decl.open("ann", 5.0) is None and decl.left("ann", 1e9) is None
    assert decl.expire(1e9) == [] and decl.declare("ann", "", 1e9) == ""
    with pytest.raises(InvalidGameError):
        Declarations("shouting", timed=True)


def test_a_valid_word_then_a_fragment_on_the_line_at_time_up_scores_the_word(full, common):
    game = Game(full, common, "L", seed=4, seconds=30)
    rnd = game.next_round()
    rnd.pick_rest()
    word = solve_letters(full, rnd.letters, enough=1)[0].word
    rnd.start(0.0)
    rnd.enter("you", word, 20.0)
    rnd.type("you", word[:3], 29.0)
    rnd.tick(30.0)
    assert rnd.phase == "declaring" and rnd.default_declaration("you") == word
    assert rnd.declare("you", "", 31.0) == word  # Enter keeps the default
    play = rnd.finish().plays[0]
    assert play.answer == word and play.valid and play.seconds == 20.0


def test_one_written_answer_needs_no_window_and_the_conundrum_none(full, common):
    game = Game(full, common, "LC", seed=4, seconds=30)
    rnd = game.next_round()
    rnd.pick_rest()
    rnd.start(0.0)
    rnd.enter("you", "zzz", 3.0)
    rnd.time_up(10.0, {"you": "zzz"})
    assert rnd.phase == "stopped"
    rnd.finish()
    conundrum = game.next_round()
    conundrum.start(0.0)
    conundrum.time_up(1.0)
    assert conundrum.phase == "stopped"
    with pytest.raises(InvalidGameError, match=r"^the conundrum is answered by buzzing"):
        conundrum.declare("you", "x", 2.0)
