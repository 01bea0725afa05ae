"""Screenshots of the game and of a room for docs/WEB.md, taken in headless Chromium.

    python tools/game_screenshots.py [--out docs]

Writes game-1280.png, game-1280-dark.png, game-390.png and game-390-dark.png (a game
against the computer in the light and the dark theme: a letters round with the clock
running, two tiles tapped and an answer entered), room-1280.png and room-390.png (a room of
two, Ann at 1280 wide and Bob at 390, after the first round's reveal). Each is the
viewport of the issue's sizes, 1280x800 and 390x844. Needs Chromium, chromedriver and
selenium (the test extra); Chromium and the server are started by the tests' own helpers
(tests/support/). The racks are drawn at random, so each run shows another game.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

SIZES = {1280: 800, 390: 844}
THEMES = ("light", "dark")


def browser(width: int, theme: str = "light") -> Any:
    """A headless Chromium window of the issue's size for *width* in the colour *theme*,
    started as the browser tests start theirs (tests/support/browsers.py)."""
    from tests.support.browsers import chromium

    driver = chromium(width, SIZES[width], "--hide-scrollbars")
    driver.set_window_size(width, SIZES[width])
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": theme}]},
    )
    return driver


def until(driver: Any, check: Any) -> Any:
    from tests.support.browsers import until

    return until(driver, check)


def click(driver: Any, label: str) -> None:
    from selenium.webdriver.common.by import By

    path = f"//section[@id='answer']//button[.='{label}']"
    until(driver, lambda: driver.find_elements(By.XPATH, path))[0].click()


def seconds_left(driver: Any) -> int:
    """The seconds the clock shows (0 once time is up)."""
    from selenium.webdriver.common.by import By

    shown = driver.find_element(By.ID, "clock").text.split()[0]
    return int(shown) if shown.isdigit() else 0


def settle(driver: Any) -> None:
    """Wait for the page's script to have swapped in the last update."""
    until(driver, lambda: driver.execute_script("return document.readyState") == "complete")
    driver.execute_script("return new Promise((done) => setTimeout(done, 400))")


def game(url: str, out: str, width: int, theme: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from anagramdb.countdown.letters import solve_letters
    from anagramdb.dictionary import Dictionary

    driver = browser(width, theme)
    try:
        driver.get(url + "/game")
        Select(driver.find_element(By.ID, "opponent")).select_by_value("medium")
        driver.find_element(By.XPATH, "//button[.='Play']").click()
        for call in "cvccvcvcc":
            click(driver, "Vowel" if call == "v" else "Consonant")
            until(
                driver,
                lambda: (
                    "to pick" in driver.find_element(By.ID, "summary").text
                    or driver.find_elements(By.ID, "text")
                ),
            )
        box = until(driver, lambda: driver.find_elements(By.ID, "text"))[0]
        rack = driver.execute_script(
            "return [...document.querySelectorAll('ul.tiles li')].map((li) => li.textContent)"
            ".join('')"
        ).lower()
        with Dictionary() as words:
            found = solve_letters(words, rack, all=True)
        box.send_keys(found[len(found) // 3].word + "\n")
        until(driver, lambda: driver.find_element(By.ID, "yours").text)
        # Two tiles tapped, as a player spells the next word, and the hand on its way.
        free = "//ul[@class='tiles']//button[not(@disabled)]"
        for _ in range(2):
            until(driver, lambda: driver.find_elements(By.XPATH, free))[0].click()
        until(driver, lambda: seconds_left(driver) <= 22)
        name = f"game-{width}" + ("" if theme == "light" else f"-{theme}")
        driver.save_screenshot(os.path.join(out, name + ".png"))
    finally:
        driver.quit()


def room(url: str, out: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from anagramdb.countdown.letters import solve_letters
    from anagramdb.dictionary import Dictionary

    ann, bob = browser(1280), browser(390)
    try:
        ann.get(url + "/game")
        form = ann.find_element(By.XPATH, "//form[.//input[@value='room']]")
        form.find_element(By.ID, "name").send_keys("Ann")
        Select(form.find_element(By.ID, "room-rounds")).select_by_value("quick")
        seconds = form.find_element(By.ID, "room-seconds")
        seconds.clear()
        seconds.send_keys("0")
        form.find_element(By.XPATH, ".//button[.='Make a room']").click()
        link = until(ann, lambda: ann.find_elements(By.ID, "share"))[0].get_attribute("href")
        bob.get(link)
        bob.find_element(By.ID, "name").send_keys("Bob")
        bob.find_element(By.XPATH, "//button[.='Join']").click()
        until(ann, lambda: "2 players" in ann.find_element(By.ID, "summary").text)
        click(ann, "Start the game")
        click(ann, "The rest at random")
        until(ann, lambda: ann.find_elements(By.ID, "text"))
        rack = ann.execute_script(
            "return [...document.querySelectorAll('ul.tiles li')].map((li) => li.textContent)"
            ".join('')"
        ).lower()
        with Dictionary() as words:
            found = solve_letters(words, rack, all=True)
        # Ann finds a word of the second longest length, Bob one of the shortest.
        lengths = sorted({word.length for word in found}, reverse=True)
        pick = {n: next(w.word for w in found if w.length == n) for n in lengths}
        for player, word in ((ann, pick[lengths[1]]), (bob, pick[lengths[-1]])):
            box = until(player, lambda p=player: p.find_elements(By.ID, "text"))[0]
            box.send_keys(word + "\n")
            until(player, lambda p=player: p.find_element(By.ID, "yours").text)
            click(player, "Done")
        for player in (ann, bob):
            until(player, lambda p=player: "time's up" in p.find_element(By.ID, "summary").text)
            settle(player)
            player.execute_script("window.scrollTo(0, 0)")  # the reveal, not Next round
        ann.save_screenshot(os.path.join(out, "room-1280.png"))
        bob.save_screenshot(os.path.join(out, "room-390.png"))
    finally:
        ann.quit()
        bob.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "docs"))
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from tests.support.web import serving, url_of

    with serving() as server:
        url = url_of(server)
        for width in SIZES:
            for theme in THEMES:
                game(url, args.out, width, theme)
        room(url, args.out)
    shots = [f"game-{w}" + ("" if t == "light" else f"-{t}") for w in SIZES for t in THEMES]
    for name in (*shots, "room-1280", "room-390"):
        path = os.path.join(args.out, name + ".png")
        print(f"{path}: {os.path.getsize(path) // 1024} KiB")


if __name__ == "__main__":
    main()
