"""A Game's settings, seeds, draws, conundrums, Dictionary Corner and log
(countdown/game.py), checked in process against the rules in its docstring: the round
seeds, the conundrum unique in the game's own dictionary, the messages for bad settings,
the log's every field."""

from __future__ import annotations

import json

import pytest

from anagramdb.countdown.game import COMPUTER, MAX_NAME, MAX_ROUNDS, Game, check_names, parse_rounds
from anagramdb.definitions import Definitions
from anagramdb.dictionary import Dictionary
from anagramdb.errors import InvalidGameError

from ..support.dictionaries import make_dictionary
from ..support.games import play_through


def refused(message: str, make, *args, **kwargs) -> None:
    with pytest.raises(InvalidGameError) as caught:
        make(*args, **kwargs)
    assert str(caught.value) == message


def test_bad_settings_say_what_is_allowed(full, common):
    refused(
        "the opponent is one of none, easy, medium, hard, perfect, not 'genius'",
        Game, full, common, "LNC", opponent="genius",
    )  # fmt: skip
    refused("seconds must be 0 (no clock) or more, not -1", Game, full, common, seconds=-1)
    refused("picks are turns or seeded, not 'mine'", Game, full, common, picks="mine")
    refused(
        "rounds must be full, quick, daily or up to 50 of L (letters), N (numbers), "
        "C (conundrum), not 'LXN'",
        parse_rounds, "LXN",
    )  # fmt: skip
    assert parse_rounds("l" * MAX_ROUNDS) == "L" * 50
    for bad in ("", "L" * (MAX_ROUNDS + 1)):
        with pytest.raises(InvalidGameError, match=r"^rounds must be "):
            parse_rounds(bad)
    refused("a game has 1 to 8 players, not 9", check_names, [str(n) for n in range(9)])
    refused("a game has 1 to 8 players, not 0", check_names, [])
    assert check_names([str(n) for n in range(8)]) == [str(n) for n in range(8)]
    assert check_names(["x" * MAX_NAME]) == ["x" * 24]
    refused("a name has at most 24 characters, not 25", check_names, ["x" * 25])
    refused("give a name to play", check_names, ["  "])
    refused("'Computer' is the computer's name: choose another", check_names, ["Computer"])
    refused("two players' names are the same or too alike: ann, Ann", check_names, ["ann", " Ann"])


def test_a_game_without_an_opponent_or_a_seed(full, common):
    game = Game(full, common)
    assert game.rounds == game.base_rounds == "LLNLLNLLNLLLLNC" and game.format == "full"
    assert game.players == ["you"] and game.humans == ["you"] and game.opponent is None
    assert game.seconds == 30 and game.opponent_level == "none" and game.picks == "turns"
    assert isinstance(game.seed, int) and 0 <= game.seed < 1_000_000
    assert game.dictionary_name == full.path and game.definitions is None
    assert game.totals == {"you": 0} and game.winners == ["you"] and not game.over
    custom = Game(full, common, "llnc", opponent="easy", players=("ann",))
    assert custom.rounds == "LLNC" and custom.format is None
    assert custom.players == ["ann", COMPUTER] and custom.opponent is not None
    assert custom.opponent.level == "easy" and custom.totals == {"ann": 0, COMPUTER: 0}


def test_round_seeds_come_from_the_game_seed_in_any_order(full, common):
    ahead = Game(full, common, "LNC", seed=8)
    in_order = Game(full, common, "LNC", seed=8)
    late = ahead.seed_of(2)
    assert [in_order.seed_of(n) for n in range(3)] == [ahead.seed_of(0), ahead.seed_of(1), late]
    assert len({in_order.seed_of(n) for n in range(3)}) == 3
    assert Game(full, common, "LNC", seed=9).seed_of(0) != in_order.seed_of(0)
    refused("there is no round 4", ahead.seed_of, 3)
    refused("there is no round 0", ahead.seed_of, -1)
    one, other = ahead.rng(1, "letters"), ahead.rng(1, "opponent")
    assert one.random() != other.random()
    assert ahead.rng(1, "letters").random() == in_order.rng(1, "letters").random()
    assert ahead.rng(0, "letters").random() != ahead.rng(1, "letters").random()
    assert [ahead.kind(n) for n in range(3)] == ["letters", "numbers", "conundrum"]


@pytest.mark.parametrize("large", range(5))
def test_a_numbers_round_has_the_large_numbers_asked_for(full, common, large):
    game = Game(full, common, "NN", seed=3)
    draw = game.numbers(1, large)
    assert len(draw.numbers) == 6 and sum(n in (25, 50, 75, 100) for n in draw.numbers) == large
    assert 101 <= draw.target <= 999
    assert Game(full, common, "NN", seed=3).numbers(1, large) == draw
    assert game.numbers(0, large) != draw


def test_the_conundrum_is_a_common_word_unique_in_the_games_dictionary(full, common):
    for seed in range(6):
        game = Game(full, common, "CC", seed=seed)
        puzzle = game.conundrum(1)
        assert len(puzzle.answer) == 9 and common.anagrams(puzzle.answer) == [puzzle.answer]
        assert full.anagrams(puzzle.answer) == [puzzle.answer]  # the game's own dictionary
        assert sorted(puzzle.clue) == sorted(puzzle.answer) != sorted(game.conundrum(0).answer)
        assert Game(full, common, "CC", seed=seed).conundrum(1) == puzzle


def test_no_conundrum_from_dictionaries_without_nine_letter_words(tmp_path):
    with Dictionary(make_dictionary(tmp_path, ["cat", "act", "dog"])) as small:
        game = Game(small, small, "C", seed=1)
        refused("no conundrum can be made from these dictionaries", game.conundrum, 0)


def test_dictionary_corner_explains_the_defined_words(full, common):
    assert Game(full, common, "L", seed=1).define(["stone"]) is None  # made without definitions
    with Definitions() as definitions:
        game = Game(full, common, "L", seed=1, definitions=definitions)
        assert game.define([]) is None
        found = game.define(["stone", "zzzqx", " ", "Cats"])
        assert list(found) == ["stone", "Cats"]  # an unknown word and a blank are left out
        assert found["stone"] == [e.to_dict() for e in definitions.define("stone").entries]
        assert found["Cats"][0]["lemma"] == "cat" and found["Cats"][0]["relation"] == "form"


def test_the_game_log_has_every_setting_and_round(full, common):
    game = Game(full, common, "quick", seed=5, opponent="easy", players=["ann"], seconds=45,
                dictionary_name="british")  # fmt: skip
    assert game.record()["finished"] is False and game.record()["results"] == []
    for _ in range(3):
        play_through(game, {"letters": "stone"})
    record = json.loads(json.dumps(game.record()))
    results = record.pop("results")
    assert record == {
        "version": 2, "seed": 5, "rounds": "LNC", "format": "quick", "opponent": "easy",
        "seconds": 45, "players": ["ann"], "picks": "turns", "dictionary": "british",
        "totals": game.totals, "finished": True,
    }  # fmt: skip
    assert [r["kind"] for r in results] == ["letters", "numbers", "conundrum"]
    assert results == [json.loads(json.dumps(r.to_dict())) for r in game.results]
    assert set(game.totals) == {"ann", COMPUTER}
    assert game.totals["ann"] == sum(r["points"].get("ann", 0) for r in results)
    assert Game(full, common, "L", seed=5).record()["dictionary"] == full.path


def test_the_current_round_is_kept_until_it_is_over(full, common):
    game = Game(full, common, "LN", seed=2)
    first = game.next_round()
    assert first is not None and game.next_round() is first and first.number == 0
    play_through(game, {})  # finishes the current round
    second = game.next_round()
    assert second is not first and second.number == 1 and not second.crucial
    play_through(game, {})
    assert game.over and game.next_round() is None and game.rounds == "LN"


def test_a_conundrum_with_a_second_answer_in_the_games_dictionary_is_passed_over(
    tmp_path, full, common
):
    first = Game(full, common, "C", seed=4).conundrum(0).answer
    other = Game(full, common, "C", seed=7).conundrum(0).answer
    twin = first[::-1]  # the game's own list has another word with the same letters
    with Dictionary(make_dictionary(tmp_path, [first, twin, other])) as own:
        assert Game(own, common, "C", seed=4).conundrum(0).answer == other
