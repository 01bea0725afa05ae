"""Dictionary Corner on the page, in a real browser: a word of the answers, tapped or
hovered, is defined under them (skipped without Chromium, as tests/web/test_pages_browser.py)."""

from __future__ import annotations

import pytest

from anagramdb.definitions import Definitions

from ..support.browsers import missing, wait

if missing() is not None:
    pytest.skip(missing(), allow_module_level=True)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as expected

pytestmark = pytest.mark.browser
BROWSER_SIZE = (900, 1000)  # the pages' window, as in test_pages_browser.py


def shown(word: str) -> str:
    """What the page says of *word*: its first two entries' first senses."""
    with Definitions() as definitions:
        found = definitions.define(word)
    parts = []
    for entry in found.entries[:2]:
        how = {"form": ", form of ", "derived": ", from the "}.get(entry.relation)
        base = f"{entry.lemma_pos} " if entry.relation == "derived" else ""
        sense = entry.senses[0]
        labels = f"[{', '.join(sense.labels)}] " if sense.labels else ""
        about = entry.pos + (how + base + entry.lemma if how else "")
        parts.append(f"({about}) {labels}{sense.gloss}")
    return f"{found.word}: " + "; ".join(parts)


def test_a_word_tapped_or_hovered_is_defined_under_the_answers(browser, url):
    browser.get(url + "/letters?rack=gyroscope")
    corner = browser.find_element(By.ID, "definition")
    assert corner.text == "" and not corner.is_displayed()
    words = browser.find_elements(By.CSS_SELECTOR, "#results ul.words li")
    words[0].click()  # a tap
    wait(browser).until(expected.text_to_be_present_in_element((By.ID, "definition"), "gyroscope"))
    assert corner.text == shown("gyroscope")
    hovered = next(item for item in words if item.text == "scooper")
    ActionChains(browser).move_to_element(hovered).perform()  # a hover
    wait(browser).until(expected.text_to_be_present_in_element((By.ID, "definition"), "scooper"))
    assert corner.text == shown("scooper")


def test_the_numbers_page_has_no_corner(browser, url):
    browser.get(url + "/numbers?numbers=25+50+75+100+3+6&target=952")
    assert browser.find_elements(By.ID, "definition") == []
