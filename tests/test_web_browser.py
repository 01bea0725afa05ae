"""The pages in a real browser: headless Chromium driven by Selenium.

Skipped, with the reason, when Chromium, its driver or the selenium package is missing
(Debian: ``apt-get install chromium chromium-driver``; .ci/run installs them). The waits
are bounds on a browser that is stuck, not measurements: BROWSER_WAIT seconds.
"""

from __future__ import annotations

import shutil
import threading

import pytest

from anagramdb.web.server import Options, make_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
BROWSER_WAIT = 60

if CHROMIUM is None or DRIVER is None:
    pytest.skip(
        "Chromium and chromedriver are not installed (Debian packages chromium, chromium-driver)",
        allow_module_level=True,
    )
webdriver = pytest.importorskip(
    "selenium.webdriver", reason="the selenium package is not installed (pip install '.[test]')"
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as expected  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def url():
    server = make_server(Options(port=0, quiet=True))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    server.solvers.close()
    thread.join()


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=900,1000",
    ):
        options.add_argument(argument)
    # An explicit driver: selenium must not try to download one.
    driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
    yield driver
    driver.quit()


def wait(browser):
    return WebDriverWait(browser, BROWSER_WAIT)


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
    first = browser.find_element(By.CSS_SELECTOR, "#results section")
    assert first.find_element(By.TAG_NAME, "h2").text == "9 letters 18 points"
    assert [item.text for item in first.find_elements(By.TAG_NAME, "li")] == ["gyroscope"]
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
    assert (
        "neither letters nor ? blanks"
        in browser.find_element(By.CSS_SELECTOR, "#results .error").text
    )
    assert browser.execute_script("return document.scripts.length") == 1


def test_numbers_page_solves_as_you_type(browser, url):
    browser.get(url + "/numbers")
    browser.find_element(By.ID, "numbers").send_keys("25 50 75 100 3 6")
    browser.find_element(By.ID, "target").send_keys("952")
    wait(browser).until(expected.text_to_be_present_in_element((By.ID, "results"), "952: exact"))
    assert "(100 + 3) × 75 × 6 ÷ 50 + 25 = 952" in browser.find_element(By.ID, "results").text


def test_conundrum_page_solves_as_you_type(browser, url):
    browser.get(url + "/conundrum")
    browser.find_element(By.ID, "letters").send_keys("CANEDANON")
    wait(browser).until(
        expected.text_to_be_present_in_element((By.ID, "results"), "the unique answer")
    )
    assert [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#results li")] == [
        "cannonade"
    ]


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
