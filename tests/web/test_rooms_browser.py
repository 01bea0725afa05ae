"""Rooms that always finish, in real Chromium (issue 31 items 1-5): three players and one
away, a name refused at join, 70 update streams from one address and a page that
recovers, and a rematch. axe-core looks at each new state of the page (when AXE_CORE_JS
names its axe.min.js: .ci/run sets it).

The server's clock is a fake one the tests move where the server allows (rooms, rounds,
away): a player is away AWAY_SECONDS after their last request, so moving the clock and
running the room's alarm (Games.tick) is the same as waiting, without the wait. The
streams' retries are the page's own, on the browser's clock: they are waited for, by what
the page shows, never timed.
"""

from __future__ import annotations

import http.client
import threading

import pytest

from anagramdb.web.rooms import AWAY_SECONDS
from anagramdb.web.server import Options, make_server

from ..support.browsers import axe_violations, chromium, missing, text, until
from ..support.web import (
    Player,
    served_on_a_fake_clock,
    start_server,
    stop_server,
    url_of,
)

if missing() is not None:
    pytest.skip(missing(), allow_module_level=True)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phone():
    """A second player's window, a phone's size."""
    driver = chromium(390, 844)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def served():
    """A server whose rooms run on a fake clock."""
    with served_on_a_fake_clock() as server:
        yield server


class Axe:
    """axe-core's findings at each state looked at, for one assertion at the end."""

    def __init__(self) -> None:
        self.problems: dict[str, list[str]] = {}

    def look(self, driver, state: str) -> None:
        found = axe_violations(driver)
        if found:
            self.problems[state] = found


def summary(driver) -> str:
    return text(driver, "#summary")


def press(driver, label: str) -> None:
    """Press the game's button labelled *label*, found and clicked inside the wait."""

    def pressed() -> bool:
        driver.find_element(By.XPATH, f"//div[@id='game']//button[.='{label}']").click()
        return True

    until(driver, pressed, lambda: f"no button {label!r}: {summary(driver)}")


def make_room(driver, url: str, name: str, rounds: str) -> str:
    """A room made from the start page with no clock; the invitation's path."""
    driver.get(url + "/game")
    form = driver.find_element(By.XPATH, "//form[.//input[@value='room']]")
    form.find_element(By.ID, "name").send_keys(name)
    Select(form.find_element(By.ID, "room-rounds")).select_by_value(rounds)
    seconds = form.find_element(By.ID, "room-seconds")
    seconds.clear()
    seconds.send_keys("0")
    form.find_element(By.XPATH, ".//button[.='Make a room']").click()
    link = until(driver, lambda: driver.find_element(By.ID, "share").get_attribute("href"))
    return "/game/" + link.rsplit("/", 1)[1]


def join(driver, url: str, game: str, name: str) -> None:
    driver.get(url + game)
    box = driver.find_element(By.ID, "name")
    box.clear()
    box.send_keys(name)
    driver.find_element(By.XPATH, "//button[.='Join']").click()


def says(driver, words: str) -> None:
    until(driver, lambda: words in summary(driver), lambda: f"not {words!r}: {summary(driver)}")


def test_a_room_of_three_moves_on_without_the_one_away(browser, phone, served):
    url, axe = url_of(served), Axe()
    game = make_room(browser, url, "Ann", "daily")  # LLNLLNC: round 3 is Carol's to pick
    join(phone, url, game, "Bob")
    says(browser, "2 players here")  # Bob's seat before Carol's: the order of the picks
    carol = Player(served.server_address[1])
    carol.game = game
    carol.act("join", name="Carol")  # Carol has no page open: she only posts
    says(browser, "3 players here")
    axe.look(browser, "lobby, the host's list of players")
    press(browser, "Start the game")
    for number, picker in ((1, browser), (2, phone)):
        says(browser, f"Round {number} of 7")
        press(picker, "The rest at random")
        for player in (browser, phone):
            press(player, "Done")
        carol.act("finish")
        says(phone, "time's up")
        press(browser, "Next round")
    for player in (browser, phone):
        says(player, "Round 3 of 7, numbers: Carol to pick")
    axe.look(browser, "Carol to pick, the host offered Skip")
    room = served.games.rooms.get(game.rsplit("/", 1)[1])
    spoke = served.clock()  # Carol's last request
    served.clock.now += AWAY_SECONDS - 1
    served.games.tick(room)  # what the room's alarm does when it comes
    assert room.game.phase == "picking"  # Carol has her time to pick
    served.clock.now += 2
    served.games.tick(room)
    for player in (browser, phone):
        says(player, "Round 3 of 7, numbers: the clock is running")
    assert served.clock() - spoke <= 20 and len(room.game.round.draw.numbers) == 6
    until(browser, lambda: "Carol (away)" in text(browser, "#players"))
    axe.look(browser, "the round moved on, Carol away")
    axe.look(phone, "the round moved on, at 390 wide")
    assert axe.problems == {}


def test_a_name_is_refused_at_join_and_the_form_says_why(browser, phone, served):
    url, axe = url_of(served), Axe()
    game = make_room(browser, url, "Ann", "quick")
    for name, reason in [
        ("Computer", "'Computer' is the computer's name: choose another"),
        ("Аnn", "Аnn looks too like Ann, who plays here: choose another name"),
    ]:
        join(phone, url, game, name)
        until(phone, lambda r=reason: r in text(phone, "[role=alert]"), lambda: text(phone, "h1"))
        assert text(phone, "h1") == "Join the game"
        axe.look(phone, f"join refused: {name}")
    box = phone.find_element(By.ID, "name")
    box.clear()
    box.send_keys("x" * 30)  # the box takes 24 characters, and says the rule
    assert box.get_attribute("value") == "x" * 24
    assert "Up to 24 characters" in text(phone, "#name-rule")
    phone.find_element(By.XPATH, "//button[.='Join']").click()
    says(browser, "2 players here")  # the 24 x's joined
    assert "x" * 24 in text(browser, "#stage")
    assert axe.problems == {}


def open_stream(port: int, cookies: dict[str, str], game: str):
    """An update stream of the seat of *cookies*; (status, response, connection)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    connection.request("GET", game.replace("/game/", "/game/events/"), headers={"Cookie": cookie})
    response = connection.getresponse()
    return response.status, response, connection


def test_seventy_streams_from_one_address_and_a_page_that_recovers(browser):
    server, thread = start_server(make_server(Options(port=0, quiet=True, queue_seconds=0.5)))
    port, url, axe = server.server_address[1], url_of(server), Axe()
    opened: list = []
    try:
        seats: list[Player] = []
        while len(seats) < 70:  # 9 rooms of up to 8 players, all from this machine
            host = Player(port)
            host.create(mode="room", name="Host", rounds="quick", seconds="0")
            seats.append(host)
            for n in range(min(7, 70 - len(seats))):
                guest = Player(port)
                guest.game = host.game
                guest.act("join", name=f"Guest {n}")
                seats.append(guest)
        opened.extend([None] * 70)

        def take(index: int) -> None:
            opened[index] = open_stream(port, seats[index].cookies, seats[index].game)

        takers = [threading.Thread(target=take, args=(n,)) for n in range(70)]
        for taker in takers:
            taker.start()
        for taker in takers:
            taker.join()
        statuses = sorted(status for status, _, _ in opened)
        held = server.options.max_waiting
        assert statuses.count(200) == held and statuses.count(503) == 70 - held
        game = make_room(browser, url, "Ann", "quick")
        until(browser, lambda: "Reconnecting" in text(browser, "#connection"))
        axe.look(browser, "the stream refused: reconnecting")
        for _, response, connection in opened:
            response.close()
            connection.close()
        until(browser, lambda: text(browser, "#connection") == "")
        bob = Player(port)
        bob.game = game
        bob.act("join", name="Bob")
        says(browser, "2 players here")  # the page is live again
        server.stop()  # as a stop signal does: the streams end, then the socket closes
        stop_server(server, thread)
        thread = None
        until(browser, lambda: "The server has gone" in text(browser, "#connection"))
        axe.look(browser, "the server has gone")
    finally:
        for taken in opened:
            if taken is not None:
                taken[1].close()
                taken[2].close()
        if thread is not None:
            stop_server(server, thread)
    assert axe.problems == {}


def test_a_rematch_starts_a_new_game_in_the_same_room(browser, served):
    url, axe = url_of(served), Axe()
    game = make_room(browser, url, "Ann", "quick")
    press(browser, "Start the game")
    says(browser, "Round 1 of 3, letters")
    press(browser, "The rest at random")
    press(browser, "Done")
    press(browser, "Next round")
    says(browser, "Round 2 of 3, numbers")
    press(browser, "1")
    press(browser, "Done")
    press(browser, "Next round")
    says(browser, "Round 3 of 3, conundrum")
    press(browser, "Done")
    says(browser, "The game is over")
    assert text(browser, "#stage h1") == "Final scores"
    captions = browser.execute_script(
        "return [...document.querySelectorAll('table.recap caption')].map((c) => c.innerText)"
    )
    assert [caption.split(":")[0] for caption in captions] == [
        "Round 1, letters", "Round 2, numbers", "Round 3, conundrum",
    ]  # fmt: skip
    axe.look(browser, "the end: final scores and the recap")
    press(browser, "Rematch")
    says(browser, "Round 1 of 3, letters")
    assert browser.current_url == url + game
    until(browser, lambda: "Final scores" not in text(browser, "#stage"))
    assert axe.problems == {}


def test_a_second_tab_takes_the_seats_stream_and_the_first_says_so(browser, served):
    url, axe = url_of(served), Axe()
    game = make_room(browser, url, "Ann", "quick")
    first = browser.current_window_handle
    until(browser, lambda: "1 player here" in summary(browser))
    browser.switch_to.new_window("tab")
    try:
        browser.get(url + game)
        second = browser.current_window_handle
        until(browser, lambda: "1 player here" in summary(browser))
        browser.switch_to.window(first)
        until(browser, lambda: "open in another tab" in text(browser, "#connection"))
        axe.look(browser, "the stream replaced by another tab")
        browser.find_element(By.XPATH, "//p[@id='connection']//button[.='Play here']").click()
        until(browser, lambda: text(browser, "#connection") == "")
        browser.switch_to.window(second)
        until(browser, lambda: "open in another tab" in text(browser, "#connection"))
        room = served.games.rooms.get(game.rsplit("/", 1)[1])
        until(browser, lambda: room.seats[0].streams == 1)  # one stream for the seat
        browser.close()
    finally:
        browser.switch_to.window(first)
    assert axe.problems == {}


def test_an_away_seat_goes_to_a_new_browser_only_when_the_host_lets_it_in(browser, phone, served):
    url, axe = url_of(served), Axe()
    game = make_room(browser, url, "Ann", "quick")
    bob = Player(served.server_address[1])
    bob.game = game
    bob.act("join", name="Bob")
    says(browser, "2 players here")
    served.clock.now += AWAY_SECONDS + 1  # Bob's browser is gone; Ann's page is live
    served.games.tick(served.games.rooms.get(game.rsplit("/", 1)[1]))
    join(phone, url, game, "Bob")  # Bob again, on his phone
    until(phone, lambda: text(phone, "h1") == "Waiting for the host")
    axe.look(phone, "a claim waiting for the host")
    assert bob.state()["you"] == "Bob"  # typing the name took nothing
    press(browser, "Let them in as Bob")
    axe.look(browser, "the host let Bob's phone in")
    until(phone, lambda: "2 players here" in summary(phone))  # the page looked again
    assert bob.state()["you"] is None
    assert axe.problems == {}
