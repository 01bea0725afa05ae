"""Rooms over HTTP (issue 31 items 1-5): names checked at join, the host's say over the
seats, rooms that move on without an away player, a seat's one stream and its cookie,
the end of a game (recap, rematch) and a wrong buzz told to everyone.

Time is the registry's fake clock, moved by the tests; the room's alarms are run by
calling Games.tick (what the alarm thread calls), never by sleeping. Expected values are
the show's: round n is picked by player n mod the number of players.
"""

from __future__ import annotations

import http.client
import json

import pytest

from anagramdb.web.match import PICK_SECONDS
from anagramdb.web.rooms import AWAY_SECONDS, SEAT_COOKIE_SECONDS

from ..support.waiting import wait_until
from ..support.web import Player, served_on_a_fake_clock


@pytest.fixture(scope="module")
def served():
    """A server whose rooms run on a fake clock."""
    with served_on_a_fake_clock() as server:
        yield server


def newcomer(served, game: str) -> Player:
    player = Player(served.server_address[1])
    player.game = game
    return player


def room_of(served, player: Player):
    code = player.game.rsplit("/", 1)[1]
    return served.games.rooms.get(code)


def tick(served, player: Player) -> None:
    """What the room's alarm does when it comes: the clock run, the away seen to."""
    served.games.tick(room_of(served, player))


def a_room(served, *names: str, rounds: str = "LLL", seconds: str = "0") -> list[Player]:
    host = Player(served.server_address[1])
    host.create(mode="room", name=names[0], rounds=rounds, seconds=seconds)
    players = [host]
    for name in names[1:]:
        guest = newcomer(served, host.game)
        guest.act("join", name=name)
        players.append(guest)
    return players


def test_a_name_is_checked_at_join_with_a_message(served):
    (ann,) = a_room(served, "Ann")
    guest = newcomer(served, ann.game)
    for name, status, message in [
        ("Computer", 400, "'Computer' is the computer's name: choose another"),
        ("x" * 25, 400, "a name has at most 24 characters, not 25"),
        ("A\u0301\u0302\u0303nn", 400, "a name has at most 2 accents on one letter"),
        ("ANN", 409, "Ann is already playing here: choose another name"),
        ("Аnn", 409, "Аnn looks too like Ann, who plays here: choose another name"),
    ]:
        got, _, data = guest.request("POST", ann.game, {"do": "join", "name": name})
        assert (got, json.loads(data)["error"]) == (status, message)
    # Without the script: the join form again, saying why, the name kept out.
    got, _, data = guest.request(
        "POST", ann.game, {"do": "join", "name": "computer"}, accept="text/html"
    )
    page = data.decode()
    assert got == 400 and "Join the game" in page and "the computer&#x27;s name" in page
    assert 'maxlength="24"' in page and "Up to 24 characters" in page
    # The longest name allowed joins, and the game starts with it.
    guest.act("join", name="Maria Fernanda Gonzalez")
    ann.act("start")
    assert [p["name"] for p in ann.state()["players"]] == ["Ann", "Maria Fernanda Gonzalez"]
    assert ann.state()["phase"] == "picking"


def test_a_game_alone_with_a_bad_name_is_a_4xx_with_a_message(served):
    player = Player(served.server_address[1])
    for name, message in [
        ("Computer", "the computer's name"),
        ("x" * 40, "at most 24 characters"),
        ("a\u200bb", "printable"),
    ]:
        status, _, data = player.request("POST", "/game", {"mode": "solo", "name": name})
        assert status == 400 and message in json.loads(data)["error"], data
    before = len(served.games.rooms)
    status, _, data = player.request("POST", "/game", {"mode": "solo", "name": "Computer"},
                                     accept="text/html")  # fmt: skip
    assert status == 400 and "the computer&#x27;s name" in data.decode()
    assert len(served.games.rooms) == before  # no room left behind


def test_a_refused_form_says_why_on_the_page_it_comes_back_to(served):
    ann, bob = a_room(served, "Ann", "Bob")
    status, headers, _ = bob.request("POST", bob.game, {"do": "start"}, accept="text/html")
    assert status == 303 and headers["Location"] == bob.game
    assert "The host starts the game." in bob.page()
    assert "host starts" not in ann.page()  # the refusal is Bob's alone
    bob.act("pick", expect=409, kind="v")  # still the lobby
    ann.act("start")
    assert "host starts" not in bob.page()


def test_the_host_removes_a_player_in_the_lobby_and_during_the_game(served):
    ann, bob, carol = a_room(served, "Ann", "Bob", "Carol")
    assert "only the host" in bob.act("remove", expect=409, player="Carol")["error"]
    assert "own seat" in ann.act("remove", expect=409, player="Ann")["error"]
    ann.act("remove", player="Carol")
    assert [p["name"] for p in ann.state()["players"]] == ["Ann", "Bob"]
    assert carol.state()["you"] is None  # her cookie holds no seat now
    ann.act("start")
    ann.act("pick", kind="auto")
    ann.act("remove", player="Bob")  # mid-round: the round goes on without him
    ann.act("finish")
    view = ann.state()
    assert view["phase"] == "reveal" and [p["name"] for p in view["players"]] == ["Ann"]
    assert [play["player"] for play in view["result"]["plays"]] == ["Ann", "Bob"]
    ann.act("next")  # round 2 is Bob's to pick: made for him at once
    assert ann.state()["phase"] == "clock" and len(ann.state()["round"]["letters"]) == 9


def test_an_away_picker_is_picked_for_and_an_away_player_holds_nothing_up(served):
    ann, bob, _carol = a_room(served, "Ann", "Bob", "Carol")
    ann.act("start")  # round 1: Ann picks; 2: Bob; 3: Carol
    ann.act("pick", kind="auto")
    for step in (10, AWAY_SECONDS + 1 - 10):  # Carol says nothing from now on
        served.clock.now += step
        ann.state()
        bob.state()
    tick(served, ann)
    # Once Carol is away, nothing more is set to look at her until she is heard from.
    pending = len(served.games.alarms)
    tick(served, ann)
    assert len(served.games.alarms) <= pending
    players = {p["name"]: p["here"] for p in ann.state()["players"]}
    assert players == {"Ann": True, "Bob": True, "Carol": False}
    assert "Carol (away)" in ann.page()
    ann.act("finish")
    assert ann.state()["phase"] == "clock"  # Bob has not finished
    bob.act("enter", text="zzz")
    bob.act("finish")  # Carol is away: the round ends without her
    view = ann.state()
    assert view["phase"] == "reveal"
    assert {p["player"]: p["answer"] for p in view["result"]["plays"]}["Carol"] is None
    bob.act("next")
    bob.act("pick", kind="auto")
    ann.act("finish")
    bob.act("finish")
    ann.act("next")  # round 3, Carol's pick: made for her, the clock starts
    view = ann.state()
    assert view["phase"] == "clock" and len(view["round"]["letters"]) == 9


def test_an_away_picker_is_picked_for_when_the_alarm_comes(served):
    ann, _bob = a_room(served, "Ann", "Bob", rounds="LL", seconds="30")
    ann.act("start")
    ann.act("pick", kind="auto")
    served.clock.now += 31  # the round's time is up; Bob has said nothing since
    ann.state()
    tick(served, ann)
    ann.act("next")  # round 2: Bob's pick, and Bob has been away for 31 s
    assert ann.state()["phase"] == "clock"
    assert len(ann.state()["round"]["letters"]) == 9


def test_a_host_away_in_the_lobby_hands_the_room_to_a_player_here(served):
    ann, bob, carol = a_room(served, "Ann", "Bob", "Carol")
    assert "the host starts" in carol.act("start", expect=409)["error"]
    for step in (10, AWAY_SECONDS + 1 - 10):  # Ann has gone; Carol is here, Bob not
        served.clock.now += step
        carol.state()
    tick(served, carol)
    view = carol.state()
    assert view["host"] == "Carol" and [p["name"] for p in view["players"]] == [
        "Carol", "Ann", "Bob",
    ]  # fmt: skip
    carol.act("start")
    assert ann.state()["phase"] == "picking" and bob.state()["you"] == "Bob"


def test_a_game_alone_waits_for_its_player(served):
    player = Player(served.server_address[1])
    player.create(mode="solo", rounds="L", seconds="0")
    served.clock.now += 10 * AWAY_SECONDS  # a phone locked for a while
    tick(served, player)
    view = player.state()
    assert view["phase"] == "picking" and view["round"]["letters"] == ""


def test_the_host_skips_a_player_who_is_not_connected(served):
    ann, _bob = a_room(served, "Ann", "Bob", rounds="LL", seconds="0")
    ann.act("start")
    assert "not waiting for Bob" in ann.act("skip", expect=409, player="Bob")["error"]
    ann.act("pick", kind="auto")
    ann.act("finish")
    ann.act("skip", player="Bob")  # no stream open: the host need not wait 15 s
    assert ann.state()["phase"] == "reveal"
    assert "Skip Bob" not in ann.page()
    ann.act("next")
    assert "Skip Bob" in ann.page()  # his turn to pick
    ann.act("skip", player="Bob")
    assert ann.state()["phase"] == "clock"


def test_a_closed_stream_is_noticed_and_away_follows_after_away_seconds(served):
    ann, bob = a_room(served, "Ann", "Bob")
    room = room_of(served, ann)
    connection = http.client.HTTPConnection("127.0.0.1", served.server_address[1], timeout=60)
    cookie = "; ".join(f"{k}={v}" for k, v in bob.cookies.items())
    connection.request("GET", bob.game.replace("/game/", "/game/events/"),
                       headers={"Cookie": cookie})  # fmt: skip
    response = connection.getresponse()
    assert response.status == 200 and response.fp.readline() == b"event: update\n"
    bob_seat = room.seats[1]
    wait_until(lambda: bob_seat.streams == 1, "Bob's stream to open")
    served.clock.now += 100  # a stream keeps a player here, however long
    ann.state()
    assert bob_seat.connected(served.clock())
    response.close()
    connection.close()
    closed_at = served.clock()
    wait_until(lambda: bob_seat.streams == 0, "the server to see Bob's stream closed")
    served.clock.now += AWAY_SECONDS - 0.5
    ann.state()
    assert {p["name"]: p["here"] for p in ann.state()["players"]}["Bob"]
    served.clock.now = closed_at + AWAY_SECONDS + 0.2
    ann.state()
    assert not {p["name"]: p["here"] for p in ann.state()["players"]}["Bob"]


def test_the_seat_cookie_is_renewed_and_found_beside_other_cookies(served):
    (ann,) = a_room(served, "Ann")
    seat = dict(ann.cookies)
    ((name, token),) = seat.items()
    for others in [
        'theme="dark; mode"; ',  # a quoted value with ; inside, before ours
        'session=abc,def; _xsrf=2|1a|ff; json={"a":[1,2]}; ',
        "broken; =nameless; a==b; ",
    ]:
        header = f"{others}{name}={token}; after=\\x; tail"
        status, headers, data = ann.request("GET", ann.game + "/state", Cookie=header)
        assert status == 200 and json.loads(data)["you"] == "Ann", (header, data)
        assert f"Max-Age={SEAT_COOKIE_SECONDS}" in headers["Set-Cookie"]
    served.clock.now += 31 * 60  # a long game: each action renews the cookie
    status, headers, _ = ann.request("POST", ann.game, {"do": "start"})
    assert status == 200 and headers["Set-Cookie"].startswith(f"{name}={token};")
    assert SEAT_COOKIE_SECONDS >= 12 * 3600


def test_a_wrong_buzz_is_told_to_every_player(served):
    ann, bob = a_room(served, "Ann", "Bob", rounds="C", seconds="30")
    ann.act("start")
    assert ann.state()["phase"] == "clock"
    bob.act("buzz", text="zzzzzzzzz")  # wrong: Bob is locked out, the clock runs on
    assert "locked out" in bob.act("buzz", expect=409, text="zzzzzzzzz")["error"]
    view = ann.state()
    assert view["round"]["locked_out"] == ["Bob"]
    assert "A wrong buzz: Bob locked out." in ann.page()


def test_the_end_shows_final_scores_a_recap_and_a_rematch_keeps_the_room(served):
    ann, bob = a_room(served, "Ann", "Bob", rounds="LN", seconds="0")
    code = ann.game
    ann.act("start")
    ann.act("pick", kind="auto")
    ann.act("enter", text=ann.state()["round"]["letters"][:2])
    ann.act("finish")
    bob.act("finish")
    ann.act("next")
    bob.act("large", large="1")
    ann.act("enter", text="1+1")
    ann.act("finish")
    bob.act("finish")
    view = bob.state()
    while view["phase"] == "reveal":  # a tie: a crucial conundrum (at most 3)
        ann.act("next")
        ann.act("finish")
        bob.act("finish")
        view = bob.state()
    assert view["phase"] == "over"
    assert [result["round"] for result in view["recap"]][:2] == [1, 2]
    assert view["recap"][0]["plays"][0]["player"] == "Ann"
    page = bob.page()
    assert "<h1>Final scores</h1>" in page and "Every round" in page
    assert "Round 1, letters: " in page and "Round 2, numbers: " in page
    assert "1+1" in page and ">Rematch</button>" in page
    bob.act("rematch")
    again = ann.state()
    assert (
        ann.game == code and again["phase"] == "picking" and again["scores"] == {"Ann": 0, "Bob": 0}
    )
    assert [p["name"] for p in again["players"]] == ["Ann", "Bob"]
    assert again["round"]["number"] == 1 and "recap" not in again
    assert "not over" in ann.act("rematch", expect=409)["error"]


def test_a_daily_challenge_has_no_rematch(served):
    from anagramdb.countdown.daily import parse_day

    player = Player(served.server_address[1])
    player.create(mode="solo", daily=parse_day(None).isoformat())
    for _ in range(20):
        view = player.state()
        if view["phase"] == "over":
            break
        if view["phase"] == "reveal":
            player.act("next")
            continue
        served.clock.now += view["round"]["left"] + 0.6
        tick(served, player)
    assert player.state()["phase"] == "over"
    assert ">Rematch</button>" not in player.page()
    assert "played once" in player.act("rematch", expect=409)["error"]


def test_a_picker_here_who_does_not_pick_has_the_picks_made_within_20_s(served):
    """On the show a contestant picks at once: a picker whose page is open but who picks
    nothing more has the rest made for them PICK_SECONDS after the last pick, while the
    room's other player waits; a pick made in time starts the count again."""
    ann, bob = a_room(served, "Ann", "Bob", rounds="LL", seconds="30")
    ann.act("start")
    room = room_of(served, ann)
    assert room.game.alarm() == served.clock() + PICK_SECONDS
    served.clock.now += PICK_SECONDS - 1
    ann.act("pick", kind="v")  # in time: Ann has PICK_SECONDS again from here
    served.clock.now += PICK_SECONDS - 1
    for player in (ann, bob):
        player.state()  # both here, with a request each
    tick(served, ann)
    assert ann.state()["phase"] == "picking"
    served.clock.now += 2
    tick(served, ann)
    view = bob.state()
    assert view["phase"] == "clock" and len(view["round"]["letters"]) == 9
    assert view["round"]["letters"][0] in "AEIOU"  # Ann's own pick kept


def test_a_game_alone_gives_its_picker_all_the_time_there_is(served):
    solo = Player(served.server_address[1])
    solo.create(mode="solo", name="Ann", rounds="L", seconds="30")
    room = room_of(served, solo)
    assert solo.state()["phase"] == "picking" and room.game.alarm() is None
