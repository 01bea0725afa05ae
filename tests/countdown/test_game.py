"""The game engine: picks and turns, the show's answer model driven by events (entries
that replace each other, what is on the line at time-up, the buzzer with lock-out),
scoring between players, crucial conundrums, seeded replays."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anagramdb.countdown.conundrum import Conundrum
from anagramdb.countdown.game import COMPUTER, FORMATS, Game, check_names, parse_rounds
from anagramdb.countdown.letters import solve_letters
from anagramdb.countdown.numbers import solve, solve_by_count
from anagramdb.countdown.picks import LetterPicker, contestant_large, contestant_letters
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidGameError

from ..support.dictionaries import make_dictionary
from ..support.games import play_through


def test_formats_and_custom_rounds():
    assert parse_rounds("full") == FORMATS["full"] == "LLNLLNLLNLLLLNC"
    assert parse_rounds("quick") == "LNC"
    assert parse_rounds("llnc") == "LLNC"
    for bad in ("", "LXN", "L" * 51, "slow"):
        with pytest.raises(InvalidGameError):
            parse_rounds(bad)


def test_player_names_are_checked():
    assert check_names([" ann ", "bob"]) == ["ann", "bob"]
    for bad in ([], ["a"] * 9, ["ann", "ANN"], [""], ["x" * 25], ["computer"], ["bell\x07"]):
        with pytest.raises(InvalidGameError):
            check_names(bad)


def test_picks_follow_the_rules():
    picker = LetterPicker(random.Random(1))
    for _ in range(5):
        picker.pick("v")
    assert picker.allowed() == ("consonant",)
    assert picker.refusal("v").startswith("no more vowels")
    with pytest.raises(InvalidGameError, match="no more vowels"):
        picker.pick("v")
    assert picker.pick("v", forced=True) not in "AEIOU"  # forced: the consonant the rules require
    while not picker.done:
        picker.pick("c")
    assert len(picker.letters) == 9 and picker.vowels == 5
    with pytest.raises(InvalidGameError, match="all 9 letters"):
        picker.pick("c")
    with pytest.raises(InvalidGameError, match="pick v"):
        LetterPicker(random.Random(1)).pick("x")


@pytest.mark.parametrize("seed", range(40))
def test_auto_and_contestant_picks_make_a_legal_selection(seed):
    picker = LetterPicker(random.Random(seed))
    for kind in "vc"[: seed % 3]:
        picker.pick(kind)
    letters = picker.auto()
    vowels = sum(letter in "AEIOU" for letter in letters)
    assert len(letters) == 9 and 3 <= vowels <= 5 and vowels == picker.vowels
    calls = contestant_letters(random.Random(seed))
    assert len(calls) == 9 and calls.count("c") in (4, 5, 6) and "vvv" not in calls


def test_a_contestant_usually_asks_for_one_large_number():
    counts = [contestant_large(random.Random(seed)) for seed in range(400)]
    assert counts.count(1) > 200 and set(counts) <= {0, 1, 2, 3, 4}


def test_a_seed_replays_the_game(full, common):
    def draws(seed: int) -> tuple[str, list[int], int, str, list[str]]:
        game = Game(full, common, "LNC", seed=seed, opponent="medium")
        rnd = game.next_round()
        for kind in "vcvcvccvc":
            rnd.pick(kind)
        rnd.start(0.0)
        rnd.time_up(30.0)
        rnd.finish()
        rnd = game.next_round()
        rnd.pick_for_computer()
        draw = rnd.draw
        rnd.start(0.0)
        rnd.time_up(30.0)
        answers = [p.answer for p in rnd.finish().plays]
        return (
            game.results[0].puzzle["letters"],
            draw.numbers,
            draw.target,
            game.conundrum(2).clue,
            answers,
        )

    assert draws(11) == draws(11)
    assert draws(11) != draws(12)
    assert isinstance(Game(full, common, "LNC").seed, int)


def test_players_take_turns_to_pick_and_the_computer_picks_like_a_contestant(full, common):
    game = Game(full, common, "LLNNLC", seed=2, opponent="hard", players=["ann", "bob"])
    assert [game.picker(n) for n in range(6)] == ["ann", "bob", COMPUTER, "ann", "bob", None]
    game = Game(full, common, "NL", seed=2, opponent="hard", players=["ann"])
    play_through(game, {})
    rnd = game.next_round()
    assert rnd.picker == COMPUTER
    calls = rnd.pick_for_computer()
    assert calls.count("c") in (4, 5, 6) and rnd.phase == "ready" and len(rnd.letters) == 9
    seeded = Game(full, common, "LN", seed=2, picks="seeded")
    assert seeded.picker(0) is None and seeded.picker(1) is None


def test_every_entry_is_written_and_the_longest_is_declared_by_default(full, common):
    game = Game(full, common, "L", seed=4, seconds=30)
    rnd = game.next_round()
    rnd.pick_rest()
    words = solve_letters(full, rnd.letters, all=True)
    short, long = words[-1].word, words[0].word
    assert rnd.start(10.0) == 40.0
    assert rnd.enter("you", short, 11.0)
    assert not rnd.enter("you", "   ", 12.0)  # an empty Enter does nothing
    assert rnd.entries["you"].text == short
    rnd.type("you", long, 39.0)  # typed, not entered
    assert rnd.tick(39.9) == [] and rnd.phase == "clock"
    assert rnd.tick(40.0) == ["time's up"] and rnd.phase == "declaring"
    assert not rnd.enter("you", "late", 41.0)
    assert rnd.written("you") == [short, long] and rnd.default_declaration("you") == long
    assert rnd.declaration_left("you", 45.0) == 5.0  # a window of 10 s from time-up
    assert rnd.tick(50.5) == [] and rnd.phase == "declaring"  # GRACE: still open
    assert rnd.tick(50.6) == ["you: time to declare is up"] and rnd.phase == "stopped"
    result = rnd.finish()
    assert result.plays[0].answer == long and result.points == [words[0].score]
    assert result.available == words[0].score


def test_the_working_closest_by_its_own_arithmetic_is_declared_by_default(full, common):
    game = Game(full, common, "N", seed=4, seconds=30)
    rnd = game.next_round()
    draw = rnd.choose_large(2)
    a, b, c = draw.numbers[:3]
    written = {f"{a} + {b}": a + b, f"{a} × {b}": a * b, f"{c}": c}
    rnd.start(0.0)
    for (text, _), when in zip(list(written.items())[:2], (5.0, 6.0), strict=True):
        rnd.enter("you", text, when)
    rnd.type("you", "", 29.0)
    assert rnd.enter("you", f"{c}", 30.3)  # in flight at the deadline: taken
    rnd.tick(31.0)
    # The closest to the target, a tie going to the later one (computed here by hand).
    order = list(written)
    expected = min(order, key=lambda text: (abs(written[text] - draw.target), -order.index(text)))
    assert rnd.phase == "declaring" and rnd.default_declaration("you") == expected
    play = rnd.finish().plays[0]  # judged in the window: the default stands
    assert play.answer == expected and play.seconds == {order[0]: 5.0, order[1]: 6.0}.get(
        expected, 30.3
    )


def test_people_declare_in_turn_after_the_clock(full, common):
    game = Game(
        full, common, "L", seed=6, players=["ann", "bob"], opponent="easy", declarations="in turn"
    )
    rnd = game.next_round()
    rnd.pick_rest()
    best = solve_letters(full, rnd.letters, enough=1)[0]
    rnd.start(0.0)
    with pytest.raises(InvalidGameError):
        rnd.declare("ann", best.word, 1.0)  # not before the clock stops
    rnd.tick(30.0)
    assert rnd.phase == "declaring"
    with pytest.raises(InvalidGameError, match=r"^it is not ann's turn to declare yet$"):
        rnd.declare("ann", best.word, 31.0)
    assert rnd.open_declaration("ann", 31.0) == 41.0  # each window has its own clock
    assert rnd.declare("ann", best.word, 40.0) == best.word
    with pytest.raises(InvalidGameError, match=r"^ann has declared already$"):
        rnd.declare("ann", "x", 40.0)
    assert rnd.open_declaration("bob", 45.0) == 55.0
    with pytest.raises(InvalidGameError, match=r"^bob's time to declare is up: the default"):
        rnd.declare("bob", "zzz", 55.6)  # late: refused, and bob wrote nothing
    assert rnd.phase == "stopped"
    with pytest.raises(InvalidGameError):
        rnd.declare("carol", "x", 46.0)
    result = rnd.finish()
    assert [p.player for p in result.plays] == ["ann", "bob", COMPUTER]
    # The show's rule, not the solver's: a word scores its length, nine letters 18.
    assert result.points[0] == (18 if len(best.word) == 9 else len(best.word))
    assert result.plays[1].reason == "no answer"


def conundrum_round(full, common, opponent="none", players=("you",), seconds=30, seed=3):
    game = Game(full, common, "C", seed=seed, opponent=opponent, players=players, seconds=seconds)
    rnd = game.next_round()
    assert rnd.phase == "ready"
    return game, rnd


def test_the_buzzer_locks_out_a_wrong_answer_and_the_clock_runs_on(full, common):
    _, rnd = conundrum_round(full, common, players=("ann", "bob"))
    answer = rnd.puzzle.answer
    rnd.start(0.0)
    assert rnd.buzz("ann", 5.0) == "buzzed" and rnd.phase == "answering"
    assert rnd.answer("ann", "wrongword", 9.0) == "wrong"  # 4 s answering: the clock stopped
    assert rnd.deadline == 34.0 and rnd.buzz("ann", 10.0, answer) == "locked"
    assert rnd.buzz("bob", 20.0, answer.upper()) == "right"
    result = rnd.finish()
    assert result.points == [0, 10] and result.plays[1].seconds == 16.0
    assert result.plays[0].reason == "wrongword is not the answer"


def test_the_computer_buzzes_at_its_time(full, common):
    for seed in range(40):
        _, rnd = conundrum_round(full, common, opponent="hard", seed=seed)
        rnd.start(0.0)
        move = rnd.moves[COMPUTER]
        if move.answer == rnd.puzzle.answer:
            break
    assert rnd.tick(move.seconds - 0.1) == []
    assert rnd.tick(move.seconds) == ["computer buzzed: right"] and rnd.phase == "stopped"
    assert rnd.buzz("you", move.seconds + 1, rnd.puzzle.answer) == "late"
    result = rnd.finish()
    assert (
        result.points == [0, 10] and result.plays[0].reason == "no answer (computer buzzed first)"
    )


def test_without_a_clock_the_computer_has_had_its_time(full, common):
    for seed in range(40):
        _, rnd = conundrum_round(full, common, opponent="medium", seconds=0, seed=seed)
        rnd.start(0.0)
        if rnd.moves[COMPUTER].answer == rnd.puzzle.answer:
            break
    assert rnd.deadline is None and rnd.left(5.0) is None
    assert rnd.buzz("you", 0.1, "nottheone") == "wrong"
    rnd.time_up(0.2)
    assert rnd.finish().points == [0, 10]


def test_a_tie_goes_to_a_crucial_conundrum(full, common):
    game = Game(full, common, "L", seed=1, players=["ann", "bob"])
    play_through(game, {"letters": "zzz"})  # both score nothing: a tie
    assert not game.over
    rnd = game.next_round()
    assert rnd.crucial and rnd.kind == "conundrum" and game.rounds == "LC"
    rnd.start(0.0)
    rnd.buzz("bob", 3.0, rnd.puzzle.answer)
    rnd.finish()
    assert game.over and game.winners == ["bob"] and game.next_round() is None
    record = json.loads(json.dumps(game.record()))
    assert record["results"][1]["crucial"] and record["finished"]
    solo = Game(full, common, "L", seed=1)
    play_through(solo, {})
    assert solo.over  # one player: no tie to break


def test_ties_stop_after_three_crucial_conundrums(full, common):
    game = Game(full, common, "C", seed=5, players=["ann", "bob"])
    while game.next_round() is not None:
        play_through(game, {})
    assert game.rounds == "CCCC" and game.over and len(game.winners) == 2


def test_answers_that_are_not_words_or_expressions_score_nothing(full, common):
    game = Game(full, common, "LN", seed=5)
    play_through(game, {"letters": "r2d2", "numbers": "(1 +"})
    play_through(game, {"letters": "r2d2", "numbers": "(1 +"})
    assert game.results[0].plays[0].reason.startswith("word 'r2d2' has characters")
    assert game.results[1].plays[0].reason.startswith("expected") and game.results[1].points == [0]


def test_events_in_the_wrong_phase_are_refused(full, common):
    game = Game(full, common, "LN", seed=5)
    rnd = game.next_round()
    with pytest.raises(InvalidGameError, match=r"^round 1 is in its pick phase, not ready$"):
        rnd.start(0.0)  # picks first
    with pytest.raises(InvalidGameError, match=r"^this is a letters round: pick vowels and cons"):
        rnd.choose_large(1)
    with pytest.raises(InvalidGameError, match=r"^only the conundrum has a buzzer$"):
        rnd.buzz("you", 0.0)
    with pytest.raises(InvalidGameError, match=r"^round 1 is in its pick phase, not declaring or"):
        rnd.finish()
    with pytest.raises(InvalidGameError, match=r"^'nobody' is not a player of this game$"):
        rnd.enter("nobody", "x", 0.0)
    assert json.dumps(rnd.to_dict(0.0, "you"))
    rnd.pick_rest()
    with pytest.raises(InvalidGameError, match=r"^round 1 is in its ready phase, not pick$"):
        rnd.pick("v")
    rnd.start(0.0)
    rnd.time_up(1.0)
    rnd.finish()
    numbers = game.next_round()
    with pytest.raises(InvalidGameError, match=r"^this is a numbers round: choose how many lar"):
        numbers.pick("v")
    for large in (-1, 5):
        with pytest.raises(InvalidGameError, match=f"^choose 0 to 4 large numbers, not {large}$"):
            numbers.choose_large(large)
    assert numbers.phase == "pick" and numbers.draw is None


def test_a_buzz_is_timed_to_a_tenth_of_a_second_and_answered_by_its_player(full, common):
    _, rnd = conundrum_round(full, common, players=("ann", "bob"))
    rnd.start(100.0)
    assert rnd.buzz("ann", 103.14159) == "buzzed"
    with pytest.raises(InvalidGameError, match=r"^bob has not buzzed$"):
        rnd.answer("bob", rnd.puzzle.answer, 104.0)
    assert rnd.answer("ann", rnd.puzzle.answer, 104.5) == "right"
    with pytest.raises(InvalidGameError, match=r"^the conundrum is answered by buzzing, not dec"):
        rnd.declare("bob", "anything", 105.0)
    play = rnd.finish().plays[0]
    assert play.seconds == 3.1 and play.score == 10 and play.answer == rnd.puzzle.answer


def test_bad_settings(full, common):
    with pytest.raises(InvalidGameError):
        Game(full, common, "LNC", opponent="genius")
    with pytest.raises(InvalidGameError):
        Game(full, common, "LNC", seconds=-1)
    with pytest.raises(InvalidGameError):
        Game(full, common, "LNC").numbers(5, 1)
    with pytest.raises(InvalidGameError):
        Game(full, common, "LNC", picks="mine")


def test_solve_by_count_agrees_with_solve():
    for seed in range(20):
        rng = random.Random(seed)
        numbers = rng.sample([25, 50, 75, 100], 2) + rng.sample(range(1, 11), 4)
        target = rng.randint(101, 999)
        by_count = solve_by_count(numbers, target)
        for most in (1, 3, 6):
            assert by_count[most - 1].value == solve(numbers, target, most=most).value
        assert by_count[-1].distance == solve(numbers, target).distance


def test_small_dictionaries_work_too(tmp_path, common):
    words = make_dictionary(tmp_path, ["cat", "act", "tac", "dog"])
    with Dictionary(words) as small:
        game = Game(small, common, "LC", seed=1, opponent="hard")
        play_through(game, {"letters": "cat"})
        assert all(w in ("cat", "act", "tac", "dog") for w in game.results[0].best["words"])
        puzzle = game.conundrum(1)  # none unique in the small list: from common
        assert len(puzzle.answer) == 9 and common.anagrams(puzzle.answer) == [puzzle.answer]


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.integers(0, 10**6),
    st.text(max_size=30),
    st.text(alphabet="0123456789+-*/x()=; ", max_size=30),
    st.text(max_size=12),
)
def test_any_answer_gets_a_verdict_never_an_error(full, common, seed, word, working, guess):
    game = Game(full, common, "LNC", seed=seed, opponent="easy")
    for _ in range(3):
        play_through(game, {"letters": word, "numbers": working, "conundrum": guess})
    for result in game.results:
        you = result.plays[0]
        assert you.valid == (you.reason is None) and (you.score > 0) <= you.valid
        assert sum(result.points) <= sum(p.score for p in result.plays)
    json.dumps(game.record())


def test_conundrum_cannot_be_entered_as_a_word(full, common):
    _, rnd = conundrum_round(full, common)
    rnd.start(0.0)
    assert rnd.enter("you", "", 1.0) is False
    assert isinstance(Conundrum("a", "b", ()), tuple)


def test_the_computer_s_numbers_pick_says_how_many_large_numbers_it_asked_for(full, common):
    said = set()
    for seed in range(8):
        rnd = Game(full, common, "N", seed=seed).next_round()
        calls = rnd.pick_for_computer()
        large = sum(n in (25, 50, 75, 100) for n in rnd.draw.numbers)
        assert calls == str(large) and rnd.phase == "ready" and len(rnd.draw.numbers) == 6
        said.add(calls)
    assert len(said) > 1


def test_a_round_s_record_for_a_page_at_each_phase(full, common):
    game = Game(full, common, "LC", seed=4, seconds=30, players=["ann", "bob"])
    rnd = game.next_round()
    waiting = {
        "round": 1, "kind": "letters", "crucial": False, "picker": "ann", "phase": "pick",
        "puzzle": {"letters": ""}, "seconds": 30, "deadline": None, "left": 30.0,
        "entered": [], "entry": None, "buzzed": [], "answering": None, "result": None,
        "declaring": [], "written": [], "default": None, "declare_left": None,
    }  # fmt: skip
    assert rnd.to_dict(0.0, "ann") == waiting
    first = rnd.pick("c")
    assert rnd.to_dict() == {**waiting, "puzzle": {"letters": first}, "left": None}
    rnd.pick_rest()
    assert rnd.start(10.0) == 40.0
    assert rnd.enter("ann", " rat ", 12.34)
    rnd.type("bob", "tar", 13.0)
    clock = {
        **waiting, "phase": "clock", "puzzle": {"letters": rnd.letters}, "deadline": 40.0,
        "left": 17.5, "entered": ["ann"], "entry": "rat", "written": ["rat"], "default": "rat",
    }  # fmt: skip
    assert rnd.to_dict(22.5, "ann") == clock
    mine = {"entry": None, "written": [], "default": None}  # ann's entry is hers alone
    assert rnd.to_dict(22.5, "bob") == {**clock, **mine}
    assert rnd.to_dict(50.0, "carol")["left"] == 0.0
    assert rnd.tick(40.0) == ["time's up"]
    result = rnd.finish()
    assert [(p.answer, p.seconds) for p in result.plays] == [("rat", 2.3), ("tar", 30.0)]
    assert rnd.to_dict(45.0, "bob") == {
        **clock, "phase": "over", "left": 0.0, "entered": ["ann", "bob"], "entry": "tar",
        "result": result.to_dict(), "written": ["tar"], "default": "tar",
    }  # fmt: skip
    conundrum = game.next_round()
    conundrum.start(0.0)
    assert conundrum.buzz("bob", 2.0) == "buzzed"
    assert conundrum.to_dict(3.0, "bob") == {
        **waiting, "round": 2, "kind": "conundrum", "picker": None, "phase": "answering",
        "puzzle": {"clue": conundrum.puzzle.clue}, "deadline": 30.0, "left": 28.0,
        "buzzed": ["bob"], "answering": "bob",
    }  # fmt: skip


def test_the_clock_stops_while_a_buzzer_answers(full, common):
    _, rnd = conundrum_round(full, common, players=("ann", "bob"))
    assert rnd.elapsed(3.0) == 0.0 and rnd.left(3.0) == 30.0  # not started
    rnd.start(10.0)
    assert rnd.elapsed(15.0) == 5.0 and rnd.left(15.0) == 25.0
    assert rnd.buzz("ann", 15.0) == "buzzed"
    assert rnd.elapsed(18.0) == 5.0 and rnd.left(18.0) == 25.0 and rnd.deadline == 40.0
    assert rnd.tick(60.0) == [] and rnd.phase == "answering"  # the clock is stopped
    assert rnd.answer("ann", "wrong", 19.0) == "wrong" and rnd.phase == "clock"
    assert rnd.deadline == 44.0 and rnd.elapsed(20.0) == 6.0 and rnd.left(20.0) == 24.0
    assert rnd.left(100.0) == 0.0
    assert rnd.tick(43.9) == [] and rnd.tick(44.0) == ["time's up"] and rnd.phase == "stopped"
    assert rnd.buzz("bob", 44.1) == "late"


def test_at_time_up_the_line_counts_over_the_last_entry(full, common):
    game = Game(full, common, "LC", seed=4, seconds=30, players=["ann", "bob", "cy"])
    rnd = game.next_round()
    rnd.pick_rest()
    words = [w.word for w in solve_letters(full, rnd.letters, all=True)]
    rnd.start(0.0)
    rnd.enter("ann", words[0], 1.0)
    rnd.enter("bob", words[1], 2.0)
    rnd.type("bob", words[2], 3.0)  # replaced by what the front end says is on the line
    rnd.type("cy", words[3], 4.0)
    rnd.time_up(12.25, {"ann": "  ", "bob": words[-1]})
    assert rnd.phase == "declaring" and rnd.written("bob") == [words[1], words[-1]]
    rnd.time_up(13.0, {"ann": words[-1]})  # stopped already: nothing changes
    assert rnd.declare("bob", words[-1].upper(), 14.0) == words[-1]  # his choice, not the default
    plays = rnd.finish().plays
    assert [(p.answer, p.seconds) for p in plays] == [
        (words[0], 1.0),
        (words[-1], 12.2),
        (words[3], 12.2),
    ]
    conundrum = game.next_round()
    conundrum.start(0.0)
    conundrum.type("ann", conundrum.puzzle.answer, 1.0)  # no line in the conundrum
    conundrum.time_up(2.0, {"bob": conundrum.puzzle.answer})
    assert [p.answer for p in conundrum.finish().plays] == [None, None, None]


def test_a_round_made_directly_is_not_crucial_by_default(full, common):
    from anagramdb.countdown.answers import Round

    game = Game(full, common, "LC", seed=4)
    assert Round(game, 0, None).crucial is False and Round(game, 1, None, True).crucial
    assert Round(game, 0, "you").to_dict()["crucial"] is False
