"""The pages in a real browser: headless Chromium driven by Selenium.

Skipped, with the reason, when Chromium, its driver or the selenium package is missing
(Debian: ``apt-get install chromium chromium-driver``; .ci/run installs them). The waits
are bounds on a browser that is stuck, not measurements: BROWSER_WAIT seconds.
"""

from __future__ import annotations

import threading

import pytest

from ..support.browsers import BROWSER_WAIT, missing, text, texts, wait

if missing() is not None:
    pytest.skip(missing(), allow_module_level=True)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as expected

pytestmark = pytest.mark.browser
BROWSER_SIZE = (900, 1000)  # the window the tests below open (tests/web/conftest.py)


def test_typing_a_rack_letter_by_letter_shows_the_nine_letter_answer(browser, url, tmp_path):
    browser.get(url + "/letters")
    box = browser.find_element(By.ID, "rack")
    assert box == browser.switch_to.active_element  # autofocus: type straight away
    for letter in "gyroscope":
        box.send_keys(letter)
    wait(browser).until(
        expected.text_to_be_present_in_element(
            (By.CSS_SELECTOR, "#results section h2"), "9 letters"
        )
    )
    # Read in one go: the results are replaced as each answer arrives.
    assert text(browser, "#results section h2") == "9 letters 18 points"
    assert texts(browser, "#results section:first-of-type li") == ["gyroscope"]
    wait(browser).until(expected.url_to_be(url + "/letters?rack=gyroscope"))
    screenshot = tmp_path / "letters.png"
    assert browser.save_screenshot(str(screenshot)) and screenshot.stat().st_size > 1000
    print(f"screenshot: {screenshot}")
    # The URL is the state: loading it again renders the same answer on the server.
    browser.get(browser.current_url)
    assert browser.find_element(By.CSS_SELECTOR, "#results li").text == "gyroscope"


def test_bad_input_shows_the_error_and_script_text_stays_text(browser, url):
    browser.get(url + "/letters")
    box = browser.find_element(By.ID, "rack")
    box.send_keys("<script>")
    wait(browser).until(expected.presence_of_element_located((By.CSS_SELECTOR, "#results .error")))
    assert "neither letters nor ? blanks" in text(browser, "#results .error")
    assert browser.execute_script("return document.scripts.length") == 1


def test_numbers_page_solves_as_you_type(browser, url):
    browser.get(url + "/numbers")
    browser.find_element(By.ID, "numbers").send_keys("25 50 75 100 3 6")
    browser.find_element(By.ID, "target").send_keys("952")
    wait(browser).until(expected.text_to_be_present_in_element((By.ID, "summary"), "952: exact"))
    assert "(100 + 3) × 75 × 6 ÷ 50 + 25 = 952" in text(browser, "#results")


def test_conundrum_page_solves_as_you_type(browser, url):
    browser.get(url + "/conundrum")
    browser.find_element(By.ID, "letters").send_keys("CANEDANON")
    wait(browser).until(
        expected.text_to_be_present_in_element((By.ID, "summary"), "the unique answer")
    )
    assert texts(browser, "#results li") == ["cannonade"]


def test_practice_clock_runs_out_and_the_answer_is_checked(browser, url, tmp_path):
    # A clock long enough to type the answer on a busy machine, short enough for a test.
    browser.get(url + "/practice?round=letters&seed=11&seconds=4")
    clock = browser.find_element(By.ID, "clock")
    assert clock.get_attribute("data-seconds") == "4" and clock.text.endswith(" s")
    browser.find_element(By.ID, "answer").send_keys("qqq")
    wait(browser).until(expected.presence_of_element_located((By.ID, "timeup")))
    assert browser.find_element(By.ID, "timeup").text == "Time's up!"
    assert "qqq: 0 points" in browser.find_element(By.ID, "verdict").text
    assert browser.find_elements(By.CSS_SELECTOR, "#best li")
    assert "answer=qqq" in browser.current_url and "timeup=1" in browser.current_url
    browser.save_screenshot(str(tmp_path / "practice.png"))


# Every state the pages can be in that has its own layout: forms empty and answered, the
# practice rounds before and after an answer, an error, and a generated conundrum.
PAGES = [
    "/letters",
    "/letters?rack=gyrosco%3F%3F&all=1",
    "/numbers",
    "/numbers?numbers=25+50+75+100+3+6&target=952",
    "/numbers?numbers=100+75+50+25+6+3&target=999&all=1",
    "/conundrum?letters=canedanon",
    "/conundrum?generate=1&seed=7",
    "/practice",
    "/practice?round=letters&seed=11&seconds=30",
    "/practice?round=numbers&seed=5&seconds=30&answer=75%2B100",
    "/letters?rack=%3Cscript%3E",
]
SIZES = [(1280, 800), (390, 844)]
THEMES = ["light", "dark"]


def show_as(browser, width: int, height: int, theme: str) -> None:
    """Emulate a screen of *width* x *height* CSS pixels and a colour scheme (DevTools)."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500},
    )
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": theme}]},
    )


@pytest.fixture
def screen(browser):
    yield lambda width, height, theme: show_as(browser, width, height, theme)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    show_as_default = {"features": [{"name": "prefers-color-scheme", "value": "light"}]}
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", show_as_default)


# Each visible control's box, and whether its own content fits in it (an input whose text
# is wider than its box is clipped: the sixth number cut off).
CONTROLS = """
const boxes = [];
const controls = "input:not([type=hidden]), button, a, summary, label";
for (const node of document.querySelectorAll(controls)) {
  const box = node.getBoundingClientRect();
  if (!box.width || !box.height || node.closest("[hidden]")) continue;
  boxes.push({name: node.outerHTML.slice(0, 80), left: box.left, right: box.right,
    top: box.top + scrollY, bottom: box.bottom + scrollY, tag: node.tagName,
    inner: node.type === "text" ? node.scrollWidth - node.clientWidth : 0,
    contains: [...node.querySelectorAll("input")].length});
}
return {boxes, width: document.documentElement.clientWidth,
  scroll: document.documentElement.scrollWidth};
"""


def overlapping(a: dict, b: dict) -> bool:
    across = min(a["right"], b["right"]) - max(a["left"], b["left"])
    down = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return across > 0.5 and down > 0.5


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_control_is_clipped_or_overlaps_another(browser, url, screen, width, height, theme):
    screen(width, height, theme)
    for page in PAGES:
        browser.get(url + page)
        found = browser.execute_script(CONTROLS)
        assert found["scroll"] <= found["width"], f"{page}: the page scrolls sideways"
        for box in found["boxes"]:
            where = f"{page} at {width} wide: {box['name']}"
            assert box["left"] >= 0 and box["right"] <= found["width"] + 0.5, where
            assert box["inner"] <= 0, f"{where}: its text is clipped"
        boxes = found["boxes"]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                # A label wrapping its checkbox holds it: that is not an overlap.
                nested = a["contains"] or b["contains"]
                assert nested or not overlapping(a, b), f"{page}: {a['name']} / {b['name']}"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_numbers_form_keeps_target_and_solve_in_line(browser, url, screen, width, height):
    screen(width, height, "light")
    browser.get(url + "/numbers?numbers=25+50+75+100+3+6&target=952")
    box = {
        name: browser.find_element(By.CSS_SELECTOR, selector).rect
        for name, selector in (
            ("numbers", "#numbers"),
            ("target", "#target"),
            ("solve", "form .solve-button"),
        )
    }
    bottom = {name: rect["y"] + rect["height"] for name, rect in box.items()}
    # Target sits level with its neighbour, and Solve beside Target, never on a line alone.
    assert (
        abs(bottom["solve"] - bottom["target"]) < 1
        and abs(box["solve"]["y"] - box["target"]["y"]) < 1
    )
    if width >= 1000:
        assert abs(bottom["numbers"] - bottom["target"]) < 1
    # The whole game shows in the box: "25 50 75 100 3 6" is not cut off.
    numbers = browser.find_element(By.ID, "numbers")
    assert browser.execute_script(
        "return arguments[0].scrollWidth <= arguments[0].clientWidth", numbers
    )


def axe_source() -> str:
    import os

    path = os.environ.get("AXE_CORE_JS")
    if not path or not os.path.exists(path):
        pytest.skip(
            "axe-core is not installed: npm install axe-core, then set AXE_CORE_JS to its "
            "axe.min.js (.ci/run does both)"
        )
    with open(path, encoding="utf-8") as handle:
        return handle.read()


@pytest.mark.parametrize("theme", THEMES)
def test_axe_core_finds_no_violation(browser, url, screen, theme):
    source = axe_source()
    screen(1280, 800, theme)
    problems = {}
    for page in PAGES:
        browser.get(url + page)
        browser.execute_script(source)  # WebDriver's scripts are not bound by the page's CSP
        report = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(done, (e) => done(String(e)));"
        )
        assert isinstance(report, dict), report
        found = [
            f"{v['id']}: {node['target']} {node['failureSummary']}"
            for v in report["violations"]
            for node in v["nodes"]
        ]
        if found:
            problems[page] = found
    assert problems == {}


def test_a_keyboard_alone_solves_a_rack_and_copies_the_answer(browser, url):
    browser.execute_cdp_cmd(
        "Browser.grantPermissions",
        {"origin": url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
    )
    browser.get(url + "/letters")
    active = browser.switch_to.active_element
    assert active.get_attribute("id") == "rack"
    active.send_keys("gyroscope", Keys.ENTER)  # the form's own submit: a new page
    wait(browser).until(expected.url_contains("rack=gyroscope"))
    wait(browser).until(expected.text_to_be_present_in_element((By.ID, "summary"), "11 words"))
    order = []
    for _ in range(30):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        focused = browser.switch_to.active_element
        outline = focused.value_of_css_property("outline-style")
        order.append((focused.tag_name, focused.get_attribute("aria-label") or focused.text))
        assert outline != "none", f"no focus ring on {order[-1]}"
        if focused.get_attribute("class") == "copy":
            break
    assert order[:3] == [("button", "Solve"), ("input", ""), ("button", "Copy the 9-letter words")]
    # "Copied" shows for 1.5 s only: every text the button takes is recorded in the page, so
    # a test process starved for longer on a loaded machine still sees it.
    browser.execute_script(
        "const button = document.activeElement; window.said = [];"
        "new MutationObserver(() => window.said.push(button.textContent))"
        ".observe(button, {childList: true, characterData: true, subtree: true});"
    )
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser).until(lambda b: "Copied" in b.execute_script("return window.said"))
    copied = browser.execute_async_script("arguments[0](await navigator.clipboard.readText());")
    assert copied == "gyroscope"


def test_title_and_history_follow_the_rack_so_back_works(browser, url):
    browser.get(url + "/letters")
    box = browser.find_element(By.ID, "rack")
    form = browser.find_element(By.CSS_SELECTOR, "form[data-api]")
    for rack in ("cat", "dog", "emu"):
        box.clear()
        box.send_keys(rack)
        wait(browser).until(expected.url_to_be(f"{url}/letters?rack={rack}"))
        wait(browser).until(expected.title_is(f"Letters {rack} · anagramdb"))
        wait(browser).until(lambda _: form.get_attribute("data-settled") == "1")
    for rack in ("dog", "cat"):
        browser.back()
        wait(browser).until(expected.url_to_be(f"{url}/letters?rack={rack}"))
        wait(browser).until(expected.text_to_be_present_in_element((By.ID, "summary"), rack + ":"))
        assert browser.find_element(By.ID, "rack").get_attribute("value") == rack
        assert browser.title == f"Letters {rack} · anagramdb"
    browser.forward()
    wait(browser).until(expected.text_to_be_present_in_element((By.ID, "summary"), "dog:"))
    assert (
        browser.find_element(By.ID, "twin").get_attribute("href") == url + "/api/letters?rack=dog"
    )


def test_the_script_renders_what_the_server_renders(browser, url):
    for page in (
        "/letters?rack=gyrosco%3F%3F",
        "/numbers?numbers=25+50+75+100+3+6&target=952&all=1",
        "/conundrum?letters=canedanon",
        "/letters?rack=conversations",
    ):
        browser.get(url + page)
        served = browser.execute_script(
            "return [document.getElementById('results').innerHTML,"
            " document.getElementById('summary').textContent, document.title]"
        )
        browser.execute_script(
            "const form = document.querySelector('form[data-api]');"
            "form.dispatchEvent(new Event('input', {bubbles: true}));"
        )
        wait(browser).until(
            lambda b: b.find_element(By.ID, "results").get_attribute("data-state") == "done"
        )
        rendered = browser.execute_script(
            "return [document.getElementById('results').innerHTML,"
            " document.getElementById('summary').textContent, document.title]"
        )
        assert rendered == served, page


def test_points_are_shown_only_for_lengths_the_show_scores(browser, url):
    browser.get(url + "/letters?rack=conversations&min=9&all=1")
    headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "#results h2")]
    # A letters round has nine letters: no longer word scores on the show.
    assert headings == [
        "13 letters",
        "12 letters",
        "11 letters",
        "10 letters",
        "9 letters 18 points",
    ]


def test_a_slow_answer_shows_the_busy_sign(browser, url, monkeypatch):
    from anagramdb.web import api

    release = threading.Event()
    letters, allowed = api.ENDPOINTS["letters"]

    def slow(*args):
        release.wait(BROWSER_WAIT)
        return letters(*args)

    monkeypatch.setitem(api.ENDPOINTS, "letters", (slow, allowed))
    browser.get(url + "/letters")
    browser.find_element(By.ID, "rack").send_keys("countdown")
    busy = browser.find_element(By.ID, "busy")
    wait(browser).until(lambda _: busy.is_displayed())
    results = browser.find_element(By.ID, "results")
    assert results.get_attribute("aria-busy") == "true" and busy.text == "Working…"
    release.set()
    wait(browser).until(lambda _: not busy.is_displayed())
    assert results.get_attribute("aria-busy") is None
    assert "countdown:" in browser.find_element(By.ID, "summary").text
