"""The game and rooms in real Chromium, played as players play them: a whole 15-round game,
two browsers in one room, and a game played with the keyboard alone.

Skipped, with the reason, when Chromium, its driver or selenium is missing (.ci/run
installs them). Clocks are driven by events (games without a clock end a round when the
player presses Done) or by a short clock on the server; a wait is a bound on a stuck
browser (BROWSER_WAIT seconds), never a measurement. Expected scores come from the show's
rules applied to the answers typed: a word scores its length (18 for nine), an exact
numbers answer 10, the conundrum 10.
"""

from __future__ import annotations

import re

import pytest

from anagramdb.countdown.conundrum import solve_conundrum
from anagramdb.countdown.letters import solve_letters
from anagramdb.countdown.numbers import solve
from anagramdb.countdown.rules import numbers_score, word_score

from ..support.browsers import chromium, missing, read, text, texts, until

if missing() is not None:
    pytest.skip(missing(), allow_module_level=True)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def second_browser():
    """A second player's window, a phone's size, beside tests/web/conftest.py's browser."""
    driver = chromium(390, 844)
    yield driver
    driver.quit()


def summary(browser) -> str:
    """The line saying where the game is (read in one go: regions are swapped as the
    server's updates arrive, so an element found a moment ago may be gone)."""
    return text(browser, "#summary")


def click(browser, label: str) -> None:
    """Click the button labelled *label* in the player's controls, once it is there: found
    and clicked inside the wait, so a button replaced meanwhile is found again."""

    def press() -> bool:
        browser.find_element(By.XPATH, f"//section[@id='answer']//button[.='{label}']").click()
        return True

    until(browser, press, lambda: f"no button {label!r}: {summary(browser)}")


def tiles(browser, label: str) -> list[str]:
    """The tiles on screen (read in one go: the stage may be replaced at any moment)."""
    return browser.execute_script(
        "return [...document.querySelectorAll(`ul[aria-label='${arguments[0]}'] li`)]"
        ".map((item) => item.textContent).filter((text) => text)",
        label,
    )


def focused(browser) -> str:
    """The id, else the text, of the focused element (read in one go)."""
    return browser.execute_script(
        "const e = document.activeElement; return e ? e.id || e.textContent.trim() : ''"
    )


def start_game(browser, url: str, rounds: str, seconds: int, opponent: str) -> None:
    browser.get(url + "/game")
    Select(browser.find_element(By.ID, "rounds")).select_by_value(rounds)
    box = browser.find_element(By.ID, "seconds")
    box.clear()
    box.send_keys(str(seconds))
    Select(browser.find_element(By.ID, "opponent")).select_by_value(opponent)
    browser.find_element(By.XPATH, "//button[.='Play']").click()
    until(browser, lambda: browser.find_elements(By.ID, "game"))
    until(browser, lambda: browser.execute_script("return document.readyState") == "complete")


def has_box(browser) -> bool:
    return bool(browser.find_elements(By.ID, "text"))


def answer(browser, words: str, submit: str) -> None:
    """Type *words* in the answer box and press *submit*, each found inside its wait."""

    def typed() -> bool:
        browser.find_element(By.ID, "text").send_keys(words)
        return True

    def pressed() -> bool:
        browser.find_element(By.XPATH, f"//form[@id='answer-form']//button[.='{submit}']").click()
        return True

    until(browser, typed, lambda: f"no answer box: {summary(browser)}")
    until(browser, pressed, lambda: f"no button {submit!r}: {summary(browser)}")


def best_play(full, browser, kind: str) -> tuple[str, int]:
    """The answer to type in the round on screen, and the points the show gives it."""
    if kind == "letters":
        rack = "".join(tiles(browser, "The letters")).lower()
        word = solve_letters(full, rack, enough=1)[0].word
        return word, word_score(len(word))
    if kind == "numbers":
        numbers = [int(n) for n in tiles(browser, "The numbers")]
        target = int(text(browser, ".target"))
        found = solve(numbers, target)
        return found.solutions[0].infix, numbers_score(found.distance)
    clue = "".join(tiles(browser, "The conundrum")).lower()
    return solve_conundrum(full, clue).words[0], 10


def wait_reveal(browser, number: int) -> None:
    def revealed() -> bool:
        said = summary(browser)
        return (f"Round {number} " in said and "time's up" in said) or "The game is over" in said

    until(browser, revealed, lambda: f"round {number} not revealed: {summary(browser)}")


def my_points(browser) -> int:
    """The points of the round just revealed, from the reveal table's first row (you)."""
    return int(text(browser, "table.reveal tbody tr td:last-child"))


def deadline(browser) -> str:
    """The server's deadline the clock counts down to ("" without a clock)."""
    return str(
        browser.execute_script(
            "const c = document.getElementById('clock');"
            " return c ? c.getAttribute('data-deadline') || '' : '';"
        )
    )


def test_a_whole_fifteen_round_game_against_the_computer(browser, url, full, tmp_path):
    start_game(browser, url, "full", 0, "easy")
    expected = picked = 0
    for number in range(1, 16):
        until(
            browser, lambda n=number: f"Round {n} of" in summary(browser), lambda: summary(browser)
        )
        kind = re.search(r"Round \d+ of \d+, (\w+)", summary(browser)).group(1)
        # Picks alternate: the computer picks every other round, like a contestant.
        until(browser, lambda: "you to pick" in summary(browser) or has_box(browser))
        if "you to pick" in summary(browser):
            click(browser, "The rest at random" if kind == "letters" else "2")
            picked += 1
        until(browser, lambda: has_box(browser))
        play, points = best_play(full, browser, kind)
        if kind == "conundrum":
            answer(browser, play, "Buzz")
        else:
            answer(browser, play, "Enter")
            until(browser, lambda p=play: p in text(browser, "#yours"))
            click(browser, "Done")
        wait_reveal(browser, number)
        assert my_points(browser) == points, text(browser, "#stage")
        expected += points
        if number == 7:
            browser.save_screenshot(str(tmp_path / "reveal.png"))
        if number < 15:
            click(browser, "Next round")
    until(browser, lambda: "The game is over" in summary(browser), lambda: summary(browser))
    assert picked == 7  # rounds 1, 3, ..., 13 of the 14 with picks
    footer = texts(browser, "table.scores tfoot td")
    assert int(footer[0]) == expected
    assert len(texts(browser, "table.scores tbody tr")) == 15
    mine = sum(map(int, texts(browser, "table.scores tbody tr td:nth-of-type(1)")))
    computer = sum(map(int, texts(browser, "table.scores tbody tr td:nth-of-type(2)")))
    assert (mine, computer) == (expected, int(footer[1]))
    # A reload shows the same final page: the game is the server's.
    browser.refresh()
    assert "The game is over" in summary(browser)


def test_the_clock_is_the_servers_and_what_is_in_the_box_counts(browser, url):
    # Long enough to read the rack, reload and type on a loaded machine before time is up.
    start_game(browser, url, "quick", 10, "none")
    click(browser, "The rest at random")
    until(browser, lambda: has_box(browser))
    ends = until(browser, lambda: deadline(browser))
    rack = "".join(tiles(browser, "The letters")).lower()
    # A reload keeps the clock: the same deadline, not a new 10 seconds.
    browser.refresh()
    until(browser, lambda: has_box(browser))
    assert deadline(browser) == ends
    read(browser, lambda: browser.find_element(By.ID, "text").send_keys(rack[:2] + "q"))
    wait_reveal(browser, 1)  # typed, never entered: what is in the box counts at time-up
    assert text(browser, "table.reveal tbody tr td") == rack[:2] + "q"


def test_two_browsers_play_three_rounds_in_one_room(browser, second_browser, url, full):
    browser.get(url + "/game")
    form = browser.find_element(By.XPATH, "//form[.//input[@value='room']]")
    form.find_element(By.ID, "name").send_keys("Ann")
    Select(form.find_element(By.ID, "room-rounds")).select_by_value("quick")
    seconds = form.find_element(By.ID, "room-seconds")
    seconds.clear()
    seconds.send_keys("8")
    form.find_element(By.XPATH, ".//button[.='Make a room']").click()
    invitation = read(browser, lambda: browser.find_element(By.ID, "share").get_attribute("href"))
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/game/[A-Za-z0-9_-]{16}", invitation)
    second_browser.get(invitation)
    second_browser.find_element(By.ID, "name").send_keys("Bob")
    second_browser.find_element(By.XPATH, "//button[.='Join']").click()
    until(browser, lambda: "2 players here" in summary(browser), lambda: summary(browser))
    click(browser, "Start the game")
    players = (browser, second_browser)
    for number, kind in enumerate(("letters", "numbers", "conundrum"), 1):
        picker = players[(number - 1) % 2]
        for each in players:
            until(
                each,
                lambda b=each, n=number: f"Round {n} of" in summary(b),
                lambda b=each: summary(b),
            )
        if kind == "letters":
            click(picker, "The rest at random")
        elif kind == "numbers":
            click(picker, "1")
        for each in players:
            until(each, lambda b=each: b.find_elements(By.ID, "text"))
        deadlines = {deadline(each) for each in players}
        assert len(deadlines) == 1 and "" not in deadlines  # one clock for everyone
        play, _ = best_play(full, browser, kind)
        if kind == "conundrum":
            answer(second_browser, play, "Buzz")  # Bob buzzes first, and right
        else:
            answer(browser, play, "Enter")
            answer(second_browser, play[:3], "Enter")
        for each in players:
            wait_reveal(each, number)
        tables = [text(each, "table.scores") for each in players]
        assert tables[0] == tables[1]  # one score table
        if number < 3:
            click(second_browser, "Next round")
    for each in players:
        until(each, lambda b=each: "The game is over" in summary(b), lambda b=each: summary(b))
    footer = texts(browser, "table.scores tfoot td")
    assert footer == texts(second_browser, "table.scores tfoot td")
    assert int(footer[1]) >= 10  # Bob's conundrum


def test_a_game_played_with_the_keyboard_alone(browser, url, full):
    browser.get(url + "/game")
    keys = ActionChains(browser)
    for _ in range(40):  # Tab through the page to the Play button; no clock on the way
        element = browser.switch_to.active_element
        if element.text == "Play":
            break
        if element.get_attribute("id") == "seconds":
            keys.send_keys(Keys.BACKSPACE * 3 + "0").perform()
        keys.send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element.text == "Play"
    keys.send_keys(Keys.ENTER).perform()
    until(browser, lambda: "Round 1 of 15, letters" in summary(browser))
    # The focus starts on Vowel: three vowels, then Tab to Consonant for the rest.
    until(browser, lambda: focused(browser) == "Vowel")
    for _ in range(3):
        keys.send_keys(Keys.ENTER).perform()
        until(browser, lambda: focused(browser) == "Vowel")
    keys.send_keys(Keys.TAB).perform()
    assert focused(browser) == "Consonant"
    for picked in range(4, 10):
        keys.send_keys(Keys.SPACE).perform()
        until(browser, lambda n=picked: len(tiles(browser, "The letters")) >= n or n == 9)
    until(browser, lambda: focused(browser) == "text")
    rack = "".join(tiles(browser, "The letters")).lower()
    assert sum(letter in "aeiou" for letter in rack) == 3
    word = solve_letters(full, rack, enough=1)[0].word
    keys.send_keys(word + Keys.ENTER).perform()
    until(browser, lambda: word in text(browser, "#yours"))
    keys.send_keys(Keys.TAB).perform()
    assert focused(browser) == "Enter"
    keys.send_keys(Keys.TAB).perform()
    assert focused(browser) == "Done"
    keys.send_keys(Keys.ENTER).perform()
    wait_reveal(browser, 1)
    assert my_points(browser) == word_score(len(word))
    until(browser, lambda: focused(browser) == "Next round")
    keys.send_keys(Keys.ENTER).perform()
    until(browser, lambda: "Round 2 of 15" in summary(browser))
