"""The game and rooms over HTTP, as a browser without JavaScript and as the page's script
use them: forms that post and come back, the JSON twin, the event stream, and the bounds.

Clocks are driven by events: games here have no clock (seconds=0: a round ends when every
player is done), or the round's time-up is reached by moving the registry's fake clock and
ticking the room, never by sleeping.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading

import pytest

from anagramdb.web.game_http import PLAYERS_MESSAGE

from ..support import ROOT
from ..support.waiting import wait_until
from ..support.web import Player, served_on_a_fake_clock


@pytest.fixture(scope="module")
def served():
    """A server whose rooms run on a fake clock."""
    with served_on_a_fake_clock() as server:
        yield server


@pytest.fixture
def player(served) -> Player:
    return Player(served.server_address[1])


def events_of(player: Player) -> str:
    return player.game.replace("/game/", "/game/events/")


def pick_all(player: Player, calls: str = "cvccvccvc") -> None:
    for call in calls:
        player.act("pick", kind=call)


def test_the_start_page_offers_a_game_alone_and_a_room(player):
    status, headers, data = player.request("GET", "/game", accept="text/html")
    page = data.decode()
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert 'name="mode" value="solo"' in page and 'name="mode" value="room"' in page
    assert "Play alone" in page and "Make a room" in page


def test_a_game_alone_by_forms_without_javascript(player):
    status, headers, _ = player.request(
        "POST",
        "/game",
        {"mode": "solo", "rounds": "LNC", "seconds": "0", "opponent": "none"},
        accept="text/html",
    )
    assert status == 303
    player.game = headers["Location"]
    cookie = headers["Set-Cookie"]
    code = player.game.rsplit("/", 1)[1]
    assert cookie.startswith(f"seat_{code}=") and "Path=/game;" in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = player.page()
    assert "Round 1 of 3, letters" in page and ">Vowel</button>" in page
    for call in "cvccvccvc":
        status, headers, _ = player.request(
            "POST", player.game, {"do": "pick", "kind": call}, accept="text/html"
        )
        assert status == 303 and headers["Location"] == player.game
    view = player.state()
    rack = view["round"]["letters"]
    assert view["phase"] == "clock" and len(rack) == 9
    assert sum(letter in "AEIOU" for letter in rack) == 3
    page = player.page()
    assert "No clock: press Done" in page and 'value="finish"' in page
    for text in (rack[:2], rack[2:4]):  # two entries: both are written, neither replaced
        player.request("POST", player.game, {"do": "enter", "text": text}, accept="text/html")
    assert player.state()["round"]["written"] == [rack[:2], rack[2:4]]
    assert f"Written: <strong>{rack[:2]}</strong>, <strong>{rack[2:4]}</strong>." in player.page()
    player.request("POST", player.game, {"do": "enter", "text": rack[:2]}, accept="text/html")
    assert player.state()["round"]["entry"] == rack[:2]
    player.request("POST", player.game, {"do": "finish"}, accept="text/html")
    assert player.state()["phase"] == "declare"  # two written: no clock, a window to choose
    player.request("POST", player.game, {"do": "declare", "text": rack[:2]}, accept="text/html")
    view = player.state()
    assert view["phase"] == "reveal"
    assert view["result"]["plays"][0]["answer"] == rack[:2]
    page = player.page()
    assert "The answers" in page and "The best" in page and ">Next round</button>" in page


def test_the_json_twin_is_linked_and_a_visitor_sees_no_answers(player, served):
    player.create(mode="room", name="Host", rounds="L", seconds="0")
    assert f'href="{player.game}/state"' in player.page()
    visitor = Player(served.server_address[1])
    visitor.game = player.game
    view = visitor.state()
    assert view["you"] is None and view["phase"] == "lobby"
    status, _, data = visitor.request("GET", player.game, accept="text/html")
    assert status == 200 and "Join the game" in data.decode()


def test_two_players_join_a_room_with_a_link_and_a_name(player, served):
    player.create(mode="room", name="Ann", rounds="L", seconds="0")
    bob = Player(served.server_address[1])
    bob.game = player.game
    status, _, _ = bob.request("POST", bob.game, {"do": "join", "name": "Bob"}, accept="text/html")
    assert status == 303 and any(name.startswith("seat_") for name in bob.cookies)
    assert [p["name"] for p in player.state()["players"]] == ["Ann", "Bob"]
    # Only the host starts; a name in use is refused; the room is private to its seats.
    assert "the host starts" in bob.act("start", expect=409)["error"]
    carol = Player(served.server_address[1])
    carol.game = player.game
    status, _, data = carol.request("POST", carol.game, {"do": "join", "name": "bob"})
    assert status == 409 and "already playing" in json.loads(data)["error"]
    status, _, data = carol.request("POST", carol.game, {"do": "pick", "kind": "v"})
    assert status == 403 and "join the game first" in json.loads(data)["error"]


def test_a_dropped_player_rejoins_by_cookie_and_the_host_lets_a_new_browser_in(player, served):
    player.create(mode="room", name="Ann", rounds="L", seconds="0")
    bob = Player(served.server_address[1])
    bob.game = player.game
    bob.act("join", name="Bob")
    saved = dict(bob.cookies)
    again = Player(served.server_address[1])  # the same browser after a reload
    again.game, again.cookies = bob.game, saved
    assert again.state()["you"] == "Bob"
    # Typing Bob's name on another browser takes nothing, even once he is away: it asks
    # the host, who lets it in.
    served.clock.now += 60
    player.state()  # Ann is here
    phone = Player(served.server_address[1])
    phone.game = bob.game
    status, _, data = phone.request("POST", phone.game, {"do": "join", "name": "Bob"})
    assert status == 202 and "Ann (the host) can let you in" in json.loads(data)["waiting"]
    assert phone.state()["you"] is None and bob.state()["you"] == "Bob"
    assert "Waiting for the host" in phone.page() and player.state()["claims"] == ["Bob"]
    assert "Let them in as Bob" in player.page()
    assert "only the host" in bob.act("admit", expect=409, player="Bob")["error"]
    player.act("admit", player="Bob")
    assert phone.state()["you"] == "Bob" and len(phone.state()["players"]) == 2
    assert bob.state()["you"] is None  # the old cookie no longer holds the seat


def test_a_game_code_that_does_not_exist_is_404(player):
    player.game = "/game/" + "A" * 16
    status, _, data = player.request("GET", player.game + "/state")
    assert status == 404 and "no such game" in json.loads(data)["error"]
    status, _, data = player.request("GET", "/game/short", accept="text/html")
    assert status == 404


def test_bad_settings_and_oversized_fields_are_refused(player):
    for fields, message in [
        ({"mode": "duel"}, "mode is solo or room"),
        ({"mode": "solo", "seconds": "-1"}, "'seconds' must be a whole number"),
        ({"mode": "solo", "seconds": "301"}, "from 0 to 300"),
        ({"mode": "solo", "opponent": "genius"}, "the opponent is one of"),
        ({"mode": "solo", "rounds": "LXQ"}, "rounds must be"),
        ({"mode": "room", "name": ""}, "give a name"),
        ({"mode": "room", "name": "x" * 30}, "at most"),
        ({"mode": "room", "name": "a\x1bb"}, "printable"),
    ]:
        status, _, data = player.request("POST", "/game", fields)
        assert status in (400, 413), (fields, data)
        assert message in json.loads(data)["error"], (fields, data)
    player.create(mode="solo", rounds="L", seconds="0")
    pick_all(player)
    assert "longer than" in player.act("enter", expect=413, text="x" * 201)["error"]
    assert "do is one of" in player.act("dance", expect=400)["error"]
    status, _, _ = player.request("POST", player.game, {"do": "enter", "text": "x" * 5000})
    assert status == 413


def test_actions_from_another_site_are_refused(player):
    player.create(mode="solo", rounds="L", seconds="0")
    for headers in (
        {"Sec_Fetch_Site": "cross-site"},
        {"Sec_Fetch_Site": "same-site", "Origin": "null"},  # another port's page, no-referrer
        {"Origin": "http://evil.example"},
    ):
        sent = {name.replace("_", "-"): value for name, value in headers.items()}
        status, _, data = player.request("POST", player.game, {"do": "pick", "kind": "v"}, **sent)
        assert status == 403, (headers, data)
    assert player.state()["round"]["letters"] == ""
    # The page's own posts: a browser marks them same-origin (and, under no-referrer, its
    # form posts carry Origin: null).
    status, _, _ = player.request(
        "POST",
        player.game,
        {"do": "pick", "kind": "v"},
        **{"Sec-Fetch-Site": "same-origin", "Origin": "null"},
    )
    assert status == 200 and len(player.state()["round"]["letters"]) == 1


def test_the_letters_picks_follow_the_rules_and_say_no_more_vowels(player):
    player.create(mode="solo", rounds="L", seconds="0")
    for _ in range(5):
        player.act("pick", kind="v")
    refused = player.act("pick", expect=409, kind="v")["error"]
    assert refused.startswith("no more vowels")
    assert "No more vowels" in player.page()
    player.act("pick", kind="auto")
    rack = player.state()["round"]["letters"]
    assert len(rack) == 9 and sum(letter in "AEIOU" for letter in rack) == 5


def _time_passes(served, seconds: float) -> None:
    served.clock.now += seconds  # on the server's clock
    for room in served.games.rooms.rooms():
        served.games.tick(room)


def test_the_box_at_time_up_is_written_and_each_player_declares_in_a_window(player, served):
    player.create(mode="solo", rounds="LL", seconds="30")
    for number in (1, 2):
        if number == 2:
            player.act("next")
        pick_all(player)
        view = player.state()
        assert view["round"]["left"] == pytest.approx(30)
        rack = view["round"]["letters"].lower()
        player.act("enter", text=rack[:3])
        player.act("line", text="zzzz")  # typed, not entered: written at time-up
        # The page without the script shows when time is up, not a frozen count.
        page = player.page()
        assert "Time is up at <time" in page and 'http-equiv="refresh"' in page
        _time_passes(served, 30.6)  # past the deadline and its grace
        view = player.state()
        assert view["phase"] == "declare" and view["round"]["left"] == pytest.approx(10)
        assert view["round"]["written"] == [rack[:3], "zzzz"]
        assert view["round"]["default"] == rack[:3]  # the rack cannot make zzzz
        page = player.page()
        assert "Declare one of your answers" in page and 'name="text" value="zzzz"' in page
        if number == 1:
            player.act("declare", text="zzzz")  # in the window: the player's choice counts
            assert player.state()["result"]["plays"][0]["answer"] == "zzzz"
        else:
            _time_passes(served, 10.6)  # the window and its grace: the default stands
            assert player.act("declare", expect=409, text="zzzz")["error"]
            assert player.state()["result"]["plays"][0]["answer"] == rack[:3]
    assert player.state()["phase"] == "over"
    # Too late: nothing more is taken.
    assert player.act("enter", expect=409, text="late")["error"]


def test_the_event_stream_pushes_each_change(player, served):
    player.create(mode="solo", rounds="L", seconds="0")
    connection = http.client.HTTPConnection("127.0.0.1", served.server_address[1], timeout=60)
    connection.request(
        "GET",
        events_of(player),
        headers={"Cookie": "; ".join(f"{k}={v}" for k, v in player.cookies.items())},
    )
    response = connection.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type").startswith("text/event-stream")

    def next_event() -> dict:
        name = ""
        while True:
            line = response.fp.readline().decode()
            if line.startswith("event: "):
                name = line.split(": ", 1)[1].strip()
            if line.startswith("data: ") and name == "update":
                return json.loads(line[len("data: ") :])

    first = next_event()
    assert set(first["html"]) == {"stage", "answer", "yours", "players"}
    assert "to pick" in first["summary"]
    player.act("pick", kind="c")
    second = next_event()
    assert second["version"] > first["version"]
    assert second["html"]["stage"].count("<li>") == 1
    connection.close()


def test_a_seat_has_one_stream_and_a_new_one_replaces_the_old(player, served):
    player.create(mode="solo", rounds="L", seconds="0")
    cookie = "; ".join(f"{k}={v}" for k, v in player.cookies.items())

    def open_stream():
        connection = http.client.HTTPConnection("127.0.0.1", served.server_address[1], timeout=60)
        connection.request("GET", events_of(player), headers={"Cookie": cookie})
        response = connection.getresponse()
        assert response.status == 200
        return response

    def next_event(response) -> str:
        while True:
            line = response.fp.readline().decode()
            if line.startswith("event: "):
                return line.split(": ", 1)[1].strip()

    first = open_stream()
    assert next_event(first) == "update"
    second = open_stream()
    assert next_event(second) == "update"
    assert next_event(first) == "replaced"  # and then it ends
    assert first.fp.readline() in (b"data: {}\n", b"")
    room = served.games.rooms.rooms()[-1]
    wait_until(lambda: room.seats[0].streams == 1, "the old stream to end")
    first.close()
    second.close()


def test_a_server_of_several_workers_says_the_game_needs_one(player, served):
    served.games.processes = 2
    try:
        status, _, data = player.request("GET", "/game", accept="text/html")
        # Players are told games are not available; the operator's words are for the log.
        assert status == 503 and "games are not available on this server" in data.decode()
        assert "--workers" not in data.decode()
        status, _, data = player.request("POST", "/game", {"mode": "solo"})
        assert status == 503 and json.loads(data)["error"] == PLAYERS_MESSAGE
    finally:
        served.games.processes = 1


def test_the_load_benchmark_plays_rooms_without_errors():
    script = os.path.join(
        ROOT,
        "benchmarks",
        "serve_load.py",
    )
    result = subprocess.run(
        [sys.executable, script, "--clients", "1", "--seconds", "0.2", "--workers", "1",
         "--rooms", "2", "--players", "3", "--json"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rooms = json.loads(result.stdout.splitlines()[-1])[-1]
    assert rooms["rooms"] == 2 and rooms["errors"] == 0, rooms
    # Every player declared in the letters and numbers rounds and buzzed in the conundrum
    # (and in any crucial conundrum a tie called for).
    assert rooms["declarations"] >= 2 * 3 * 3 and rooms["declarations"] % 3 == 0
    assert rooms["pushes"] > 0 and rooms["push_p99_ms"] is not None


def play_out(player: Player, served) -> dict:
    """Let the clock of every round run out, as a player who answers nothing; the end."""
    for _ in range(20):
        view = player.state()
        if view["phase"] == "over":
            return view
        if view["phase"] == "reveal":
            player.act("next")
            continue
        assert view["phase"] == "clock", view  # the picks are the date's, never asked
        served.clock.now += view["round"]["left"] + 0.6
        for room in served.games.rooms.rooms():
            served.games.tick(room)
    raise AssertionError("the game did not end")


def test_a_game_alone_ends_in_the_history_that_play_keeps(player, own_history):
    player.create(mode="solo", rounds="L", seconds="0", opponent="easy")
    pick_all(player)
    player.act("enter", text="zzz")
    player.act("finish")
    view = player.state()
    # The server draws the seed: when the computer scores nothing too, the tie goes to a
    # crucial conundrum, as on the show, which the player then solves.
    crucial = view["phase"] == "reveal"
    if crucial:
        from anagramdb import Dictionary
        from anagramdb.countdown.conundrum import solve_conundrum

        player.act("next")
        clue = player.state()["round"]["clue"]
        with Dictionary() as full:
            answer = solve_conundrum(full, clue).words[0]
        player.act("buzz", text=answer)
        view = player.state()
    assert view["phase"] == "over" and view["history"]["note"].startswith("Recorded")
    kept = json.loads(own_history.read_text(encoding="utf-8"))
    game = kept["games"][-1]
    assert game["players"] == ["You"] and game["rounds"] == ("LC" if crucial else "L")
    assert game["scores"] == view["scores"]
    status, _, data = player.request("GET", "/game/history/state")
    state = json.loads(data)
    assert status == 200 and state["games"][0]["seed"] == game["seed"]
    assert state["statistics"]["overall"]["games"] == len(kept["games"])
    status, _, data = player.request("GET", "/game/history", accept="text/html")
    assert status == 200 and "Your history" in data.decode() and "Statistics" in data.decode()


def test_rooms_and_other_machines_keep_no_history(player, served):
    from email.message import Message

    from anagramdb.countdown.budget import Budget
    from anagramdb.web.routes import Request

    visitor = Request(
        "GET", "/game/history", {}, {}, Message(), served.solvers, Budget(1000),
        threading.Event(), "192.168.1.20",
    )  # fmt: skip
    answer = served.games.handle(visitor)
    assert answer.status == 403 and b"own machine only" in answer.body


def test_the_daily_challenge_is_the_dates_and_counts_once(player, served, own_history):
    from anagramdb.countdown.daily import DAILY_FORMAT, parse_day

    today = parse_day(None).isoformat()
    player.create(mode="solo", daily=today)
    first = player.state()
    assert first["daily"] == today and first["rounds"] == DAILY_FORMAT
    assert first["phase"] == "clock"  # the letters were called from the date's seed
    rack = first["round"]["letters"]
    end = play_out(player, served)
    share = end["history"]["share"]
    assert share.startswith(f"anagramdb daily {today}: 0 of ")
    assert end["history"]["note"] == "Recorded in your history."
    again = Player(player.port)
    again.create(mode="solo", daily=today)
    assert again.state()["round"]["letters"] == rack  # the same game for everyone
    end = play_out(again, served)
    assert "not recorded" in end["history"]["note"] and end["history"]["share"] is None
    kept = json.loads(own_history.read_text(encoding="utf-8"))
    assert kept["daily"][today]["share"] == share
    assert [game["daily"] for game in kept["games"]].count(today) == 1  # then practice
    for bad, message in (("2025-12-31", "start on"), ("tomorrow", "YYYY-MM-DD")):
        status, _, data = player.request("POST", "/game", {"mode": "solo", "daily": bad})
        assert status == 400 and message in json.loads(data)["error"]


def test_a_champions_run_in_the_browser(player, served, own_history):
    from anagramdb.countdown.history import record_game

    status, _, data = player.request("GET", "/game", accept="text/html")
    assert status == 200 and 'name="champion" value="1"' in data.decode()
    status, _, data = player.request(
        "POST", "/game", {"mode": "room", "champion": "1", "name": "ann"}
    )
    assert status == 400 and "played alone" in json.loads(data)["error"]
    won = {"seed": 1, "rounds": "C", "format": None, "opponent": "easy", "seconds": 30,
           "players": ["You"], "picks": "turns", "results": [],
           "totals": {"You": 10, "computer": 0}}  # fmt: skip
    for _ in range(2):  # a run of two wins goes on: the third game is against medium
        record_game(won, str(own_history), champion=True)
    player.create(mode="solo", champion="1", rounds="C", seconds="30")
    assert player.state()["opponent"] == "medium"
    end = play_out(player, served)  # nothing answered: the run ends
    assert "Your champion's run ends after 2 wins." in end["history"]["note"]
    kept = json.loads(own_history.read_text(encoding="utf-8"))
    assert kept["runs"][-1]["wins"] == 2 and kept["runs"][-1]["ended"] in ("loss", "draw")
