"""The game and practice on a phone, in real Chromium: no page scrolls sideways at 320 and
390 CSS pixels in any state (a room of 8 players with the longest names the game allows and
an answer of the longest length), the practice tiles in one row, the word boxes' keyboard
attributes, tapping tiles to spell and Shuffle, a practice reload keeping its clock, and
axe-core on each of these states in both themes.

Skipped, with the reason, when Chromium, its driver or selenium is missing (.ci/run installs
them); the axe-core checks also need AXE_CORE_JS (.ci/run installs axe-core from npm). A
wait is a bound on a stuck browser (BROWSER_WAIT seconds), never a measurement.
"""

from __future__ import annotations

import json
import os
import urllib.parse

import pytest

from anagramdb.countdown.conundrum import solve_conundrum
from anagramdb.countdown.game import MAX_NAME
from anagramdb.countdown.letters import solve_letters
from anagramdb.countdown.rules import MAX_ANSWER

from ..support.browsers import missing, text, until
from ..support.web import Player

if missing() is not None:
    pytest.skip(missing(), allow_module_level=True)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

pytestmark = pytest.mark.browser
BROWSER_SIZE = (390, 844)  # the window the tests below open (tests/web/conftest.py)
PHONES = (320, 390)
THEMES = ("light", "dark")
# Eight names of the longest length the game allows, half without a place to break a line.
NAMES = [
    (stem * 3)[:MAX_NAME]
    for stem in (
        "Anna-Maria-Josephine-",
        "Bartholomewfitzwilliam",
        "Christabel-Florentia-",
        "Dorotheawilhelmina",
        "Evangeline-Rosamunde-",
        "Hieronymusleopoldus",
        "Gwendolyn-Persephone-",
        "Maximilianbernhard",
    )
]
LONG_ANSWER = "W" * MAX_ANSWER
ROOM_SECONDS = 30  # the room's clock: time to type and measure on a loaded machine


def show_as(browser, width: int, theme: str = "light") -> None:
    """Emulate a screen *width* CSS pixels wide (a phone's a touch screen) and a colour
    scheme."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": width < 500},
    )
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": theme}]},
    )


# The page's width against the window's, and what sticks out on the right, if anything.
WIDTHS = """
const width = document.documentElement.clientWidth;
const out = [...document.querySelectorAll("body *")]
  .filter((node) => node.getBoundingClientRect().right > width + 0.5
    || (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX === "visible"
      && node.clientWidth > 0))
  .map((node) => node.outerHTML.slice(0, 100));
return {scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 5)};
"""


def widths(browser) -> dict[int, dict]:
    """{width: the page's scrollWidth, clientWidth and what sticks out}, measured at each
    of PHONES and at a desk's 1280; then the window is itself again (an emulated screen
    moves where WebDriver's clicks land)."""
    found = {}
    for width in (*PHONES, 1280):
        show_as(browser, width)
        found[width] = browser.execute_script(WIDTHS)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return found


# Every control a finger presses that is smaller than 44 x 44 CSS pixels (a checkbox is
# pressed by its label; a tile, nine of which share a phone's row, only needs the height).
SMALL = """
const small = [];
const controls = "button, select, input:not([type=hidden]):not([type=checkbox]), a.button, "
  + "nav a, label.check";
for (const node of document.querySelectorAll(controls)) {
  const box = node.getBoundingClientRect();
  if (!box.width || node.closest("[hidden]")) continue;
  const tile = node.closest(".tiles");
  if (box.height < 43.5 || (!tile && box.width < 43.5)) {
    small.push(node.outerHTML.slice(0, 80) + " " + box.width + "x" + box.height);
  }
}
return small;
"""


def axe_source() -> str | None:
    """axe-core's script (AXE_CORE_JS, which .ci/run sets), or None where it is absent."""
    path = os.environ.get("AXE_CORE_JS")
    if not path or not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return handle.read()


AXE = axe_source()


def violations(browser) -> list[str]:
    """What axe-core finds wrong with the page as it is now, in both themes."""
    found = []
    for theme in THEMES:
        show_as(browser, 390, theme)
        browser.execute_script(AXE)  # WebDriver's scripts are not bound by the page's CSP
        report = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(done, (e) => done(String(e)));"
        )
        assert isinstance(report, dict), report
        found += [
            f"{theme}: {v['id']}: {node['target']} {node['failureSummary']}"
            for v in report["violations"]
            for node in v["nodes"]
        ]
    show_as(browser, 390, "light")
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return found


def fits(browser, state: str, seen: dict[str, dict]) -> None:
    """Measure the page at each phone width, keep it under *state* in *seen*, and hold
    that every control is large enough to press and (where axe-core is installed) that
    axe-core finds nothing wrong in either theme."""
    seen[state] = widths(browser)
    show_as(browser, 390)
    small = browser.execute_script(SMALL)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert small == [], state
    if AXE is not None:
        assert violations(browser) == [], state


def too_wide(seen: dict[str, dict]) -> dict[str, dict]:
    return {
        f"{state} at {width}": (found["scroll"], found["width"], found["out"])
        for state, by_width in seen.items()
        for width, found in by_width.items()
        if found["scroll"] > found["width"]
    }


def summary(browser) -> str:
    return text(browser, "#summary")


def click(browser, label: str) -> None:
    def press() -> bool:
        browser.find_element(By.XPATH, f"//section[@id='answer']//button[.='{label}']").click()
        return True

    until(browser, press, lambda: f"no button {label!r}: {summary(browser)}")


def post(browser, **fields: str) -> dict:
    """An action of the browser's seat, posted by the page itself (its cookie)."""
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(location.pathname, {method: 'POST', body: new URLSearchParams(arguments[0]),"
        " headers: {Accept: 'application/json'}}).then((r) => r.json()).then(done);",
        fields,
    )


def a_room_of_eight(browser, url: str, seen: dict[str, dict]) -> list[Player]:
    """A room of a letters round (a clock of ROOM_SECONDS) and a conundrum, made by the
    browser (the host, NAMES[0]; its own form offers only the formats, so the page posts
    it) and joined by 7 players over HTTP; the join page and the lobby measured on the
    way. Returns the 7 others."""
    browser.get(url + "/game")
    fits(browser, "the start page", seen)
    made = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/game', {method: 'POST', body: new URLSearchParams(arguments[0]),"
        " headers: {Accept: 'application/json'}}).then((r) => r.json()).then(done);",
        {"mode": "room", "name": NAMES[0], "rounds": "LC", "seconds": str(ROOM_SECONDS)},
    )
    room = made["game"]
    browser.get(url + room)
    until(browser, lambda: browser.find_elements(By.ID, "share"))
    port = urllib.parse.urlsplit(url).port
    others = []
    for name in NAMES[1:]:
        player = Player(port)
        player.game = room
        player.act("join", name=name)
        others.append(player)
    until(browser, lambda: "8 players here" in summary(browser), lambda: summary(browser))
    fits(browser, "the lobby, with the host's say over the seats", seen)
    cookies = browser.get_cookies()
    browser.delete_all_cookies()
    browser.get(url + room)
    until(browser, lambda: browser.find_elements(By.ID, "name"))
    fits(browser, "the join page", seen)
    for cookie in cookies:
        browser.add_cookie(cookie)
    browser.get(url + room)
    until(browser, lambda: "8 players here" in summary(browser))
    return others


def test_a_room_of_eight_long_names_never_scrolls_sideways_on_a_phone(browser, url, full):
    seen: dict[str, dict] = {}
    others = a_room_of_eight(browser, url, seen)
    click(browser, "Start the game")
    until(browser, lambda: "you to pick" in summary(browser), lambda: summary(browser))
    fits(browser, "picking letters", seen)
    click(browser, "The rest at random")
    until(browser, lambda: browser.find_elements(By.ID, "text"))
    box = browser.find_element(By.ID, "text")
    keyboard = ("autocapitalize", "autocorrect", "spellcheck", "autocomplete")
    attributes = browser.execute_script(
        "return arguments[1].map((name) => arguments[0].getAttribute(name))", box, keyboard
    )
    assert attributes == ["off", "off", "false", "off"]
    box.send_keys(LONG_ANSWER)
    click(browser, "Enter")
    until(browser, lambda: LONG_ANSWER in text(browser, "#yours"))
    rack = others[0].state()["round"]["letters"]
    word = solve_letters(full, rack, enough=1)[0].word
    browser.find_element(By.ID, "text").send_keys(word)  # two answers written: a declaration
    click(browser, "Enter")
    until(browser, lambda: word in text(browser, "#yours"))
    # One other player scores, so that the game ends without a crucial conundrum.
    others[0].act("enter", text=word)
    for player in others[1:3]:
        player.act("enter", text="tea")
    until(browser, lambda: "With an answer" in text(browser, "#stage"))
    fits(browser, "the clock, a long answer entered", seen)
    until(browser, lambda: "Declare your answer" in summary(browser), lambda: summary(browser))
    until(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "#answer .choices button"))
    fits(browser, "the declaration of a long answer", seen)
    post(browser, do="declare", text=LONG_ANSWER)
    until(browser, lambda: "You score" in summary(browser), lambda: summary(browser))
    fits(browser, "the reveal of a long answer", seen)
    click(browser, "Next round")
    until(browser, lambda: "conundrum" in summary(browser), lambda: summary(browser))
    clue = others[0].state()["round"]["clue"]
    others[1].request("POST", others[1].game, {"do": "buzz", "text": "wrongword"})
    until(browser, lambda: "A wrong buzz" in text(browser, "#stage"), lambda: summary(browser))
    fits(browser, "a wrong buzz in the conundrum", seen)
    others[0].act("buzz", text=solve_conundrum(full, clue).words[0])
    until(browser, lambda: "Final scores" in text(browser, "#stage"), lambda: summary(browser))
    fits(browser, "the final scores and the recap", seen)
    print(json.dumps({state: {w: f["scroll"] for w, f in v.items()} for state, v in seen.items()}))
    assert too_wide(seen) == {}


def test_word_boxes_are_typed_as_they_are_and_the_focus_ring_clears_the_label(browser, url):
    pages = {
        "/practice?round=letters&seed=11&seconds=30": "answer",
        "/practice?round=numbers&seed=5&seconds=30": "answer",
        "/letters": "rack",
        "/conundrum": "letters",
    }
    for page, box in pages.items():
        browser.get(url + page)
        found = browser.execute_script(
            "const box = document.getElementById(arguments[0]); box.focus();"
            "const label = document.querySelector(`label[for='${arguments[0]}']`);"
            "const ring = parseFloat(getComputedStyle(box).outlineWidth)"
            " + parseFloat(getComputedStyle(box).outlineOffset);"
            "return {gap: box.getBoundingClientRect().top - label.getBoundingClientRect().bottom,"
            " ring, attributes: ['autocapitalize', 'autocorrect', 'spellcheck', 'autocomplete']"
            ".map((name) => box.getAttribute(name))};",
            box,
        )
        assert found["ring"] > 0 and found["gap"] >= found["ring"], (page, found)
        capitals = "characters" if box in ("rack", "letters") else "off"
        assert found["attributes"] == [capitals, "off", "false", "off"], page


# Each tile's top and the row's width against the page's: one row, none past the edge.
ROW = """
const items = [...document.querySelectorAll("ul.tiles li")];
const tops = new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)));
const right = Math.max(...items.map((item) => item.getBoundingClientRect().right));
const clipped = items.filter((item) => {
  const face = item.querySelector("button") || item;
  return face.scrollWidth > face.clientWidth + 1;
}).length;
return {count: items.length, rows: tops.size, right, clipped,
  width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth};
"""
PRACTICE = {
    "letters": "/practice?round=letters&seed=11&seconds=300",
    "numbers": "/practice?round=numbers&seed=5&large=4&seconds=300",
}


@pytest.mark.parametrize("kind", PRACTICE)
def test_practice_tiles_sit_in_one_row_on_a_phone(browser, url, kind):
    browser.get(url + PRACTICE[kind])
    for width in (*PHONES, 1280):
        show_as(browser, width)
        row = browser.execute_script(ROW)
        assert row["count"] == (9 if kind == "letters" else 6), row
        assert row["rows"] == 1 and row["right"] <= row["width"], (width, row)
        assert row["clipped"] == 0, (width, row)  # "100" fits in its tile
        if width in PHONES:
            assert browser.execute_script(SMALL) == [], width
        assert row["scroll"] <= row["width"], (width, row)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    if AXE is not None:
        assert violations(browser) == []


def tile_texts(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('ul.tiles li')].map((li) => li.textContent)"
    )


def tap(browser, label: str) -> None:
    """Tap the first tile or key not yet used whose accessible name is *label*."""
    browser.find_element(
        By.XPATH,
        f"//button[not(@disabled)][@aria-label='{label}' or (not(@aria-label) and .='{label}')]",
    ).click()


def box_value(browser) -> str:
    return browser.execute_script("return document.getElementById('answer').value")


def test_tapping_tiles_spells_a_word_and_shuffle_keeps_the_letters(browser, url, full):
    browser.get(url + PRACTICE["letters"])
    rack = "".join(tile_texts(browser)).lower()
    word = solve_letters(full, rack, enough=1)[0].word
    for letter in word:
        tap(browser, "Add " + letter.upper())
    assert box_value(browser) == word
    used = browser.execute_script(
        "return document.querySelectorAll('ul.tiles li.used button:disabled').length"
    )
    assert used == len(word)  # each tile once: a used tile cannot be tapped again
    if AXE is not None:
        assert violations(browser) == []  # the board with tiles used, the keys, the sound
    tap(browser, "Delete the last")
    assert box_value(browser) == word[:-1]
    tap(browser, "Clear")
    assert box_value(browser) == ""
    before = tile_texts(browser)

    def shuffled() -> bool:
        tap(browser, "Shuffle")
        return tile_texts(browser) != before

    until(browser, shuffled, "Shuffle never changed the order")
    assert sorted(tile_texts(browser)) == sorted(before)
    for letter in word:
        tap(browser, "Add " + letter.upper())
    browser.find_element(By.XPATH, "//button[.='Check']").click()
    until(browser, lambda: browser.find_elements(By.ID, "verdict"))
    assert f"{word}: valid, {len(word)} letters" in text(browser, "#verdict")


def test_tapping_numbers_and_signs_writes_the_working(browser, url):
    browser.get(url + PRACTICE["numbers"])
    numbers = tile_texts(browser)
    tap(browser, "open bracket")
    tap(browser, "Add " + numbers[0])
    tap(browser, "plus")
    tap(browser, "Add " + numbers[4])
    tap(browser, "close bracket")
    tap(browser, "times")
    tap(browser, "Add " + numbers[5])
    working = f"({numbers[0]} + {numbers[4]}) × {numbers[5]}"
    assert box_value(browser) == working
    tap(browser, "Delete the last")
    tap(browser, "Delete the last")
    assert box_value(browser) == f"({numbers[0]} + {numbers[4]})"
    tap(browser, "divided by")
    tap(browser, "Add " + numbers[5])
    browser.find_element(By.XPATH, "//button[.='Check']").click()
    until(browser, lambda: browser.find_elements(By.ID, "verdict"))
    total = int(numbers[0]) + int(numbers[4])
    if total % int(numbers[5]) == 0:
        assert f"= {total // int(numbers[5])}" in text(browser, "#verdict")
    else:
        assert "0 points" in text(browser, "#verdict")


def clock_left(browser) -> int:
    return int(text(browser, "#clock").split()[0])


def test_a_practice_reload_goes_on_with_its_clock(browser, url):
    page = url + "/practice?round=letters&seed=12&seconds=30"
    browser.get(page)
    until(browser, lambda: clock_left(browser) <= 28, lambda: text(browser, "#clock"))
    browser.refresh()
    until(browser, lambda: text(browser, "#clock").endswith(" s"))
    assert clock_left(browser) <= 28  # not 30 again
    # The deadline is the tab's: moved to 9 s from now, a reload shows 9 s or less.
    browser.execute_script(
        "sessionStorage.setItem('anagramdb-practice' + location.search, Date.now() + 9000)"
    )
    browser.refresh()
    until(browser, lambda: text(browser, "#clock").endswith(" s"))
    assert clock_left(browser) <= 9
    angle = browser.execute_script(
        "return parseFloat(document.querySelector('svg.face .hand').getAttribute('transform')"
        ".slice(7))"
    )
    assert angle >= (30 - 9) / 60 * 360 - 1  # the hand is past where 9 s are left


# Counts the oscillators the page makes, in sessionStorage (kept when time-up submits).
SPY = """
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  sessionStorage.setItem("tones", Number(sessionStorage.getItem("tones") || 0) + 1);
  return made.call(this);
};
"""


@pytest.mark.parametrize("on", [False, True])
def test_the_time_up_sound_is_off_until_turned_on_and_the_choice_is_kept(browser, url, on):
    browser.get(url + "/practice")
    browser.execute_script("localStorage.clear(); sessionStorage.clear()")
    page = url + f"/practice?round=letters&seed={13 + on}&seconds=3"
    browser.get(page)
    toggle = browser.find_element(By.ID, "sound")
    assert toggle.is_displayed() and not toggle.is_selected()  # off by default
    if on:
        toggle.click()
        assert browser.execute_script("return localStorage.getItem('anagramdb-sound')") == "on"
        browser.execute_script("sessionStorage.clear()")  # a fresh clock of 3 s
        browser.get(page)
        assert browser.find_element(By.ID, "sound").is_selected()  # the choice is kept
    browser.execute_script(SPY)
    until(browser, lambda: browser.find_elements(By.ID, "timeup"))
    tones = browser.execute_script("return Number(sessionStorage.getItem('tones') || 0)")
    assert tones == (2 if on else 0)
    browser.execute_script("localStorage.clear()")


def test_reduced_motion_steps_the_hand_a_second_at_a_time(browser, url):
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
    )
    try:
        browser.get(url + "/practice?round=letters&seed=15&seconds=60")
        angles = set()
        for _ in range(3):
            seen = clock_left(browser)
            until(browser, lambda s=seen: clock_left(browser) < s)
            angles.add(
                browser.execute_script(
                    "return document.querySelector('svg.face .hand').getAttribute('transform')"
                )
            )
        # A minute a turn: 6 degrees a second, and nothing between.
        for angle in angles:
            assert float(angle[7:-1]) % 6 == pytest.approx(0, abs=0.01), angle
        duration = browser.execute_script(
            "return getComputedStyle(document.querySelector('ul.tiles li')).transitionDuration"
        )
        assert duration == "0s"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_the_game_tiles_spell_and_keep_their_shuffle_through_the_servers_updates(
    browser, url, full
):
    browser.get(url + "/game")
    Select(browser.find_element(By.ID, "rounds")).select_by_value("quick")
    seconds = browser.find_element(By.ID, "seconds")
    seconds.clear()
    seconds.send_keys("0")
    Select(browser.find_element(By.ID, "opponent")).select_by_value("none")
    browser.find_element(By.XPATH, "//button[.='Play']").click()
    click(browser, "The rest at random")
    until(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "ul.tiles li button"))
    before = tile_texts(browser)
    until(browser, lambda: (tap(browser, "Shuffle"), tile_texts(browser) != before)[1])
    shuffled = tile_texts(browser)
    word = solve_letters(full, "".join(before).lower(), enough=1)[0].word
    for letter in word:
        tap(browser, "Add " + letter.upper())
    assert browser.execute_script("return document.getElementById('text').value") == word
    click(browser, "Enter")  # the server's update swaps the stage in again
    until(browser, lambda: word in text(browser, "#yours"))
    until(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "ul.tiles li button"))
    assert tile_texts(browser) == shuffled  # the order the player made is kept
