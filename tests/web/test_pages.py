"""The pages as served (no script): titles that follow the query, one live summary line,
heading levels, points only where the show scores, a link to each page's JSON twin."""

from __future__ import annotations

import html
import itertools
import json
import re

import pytest

from ..support.web import Client, serving


@pytest.fixture(scope="module")
def get():
    with serving() as server:
        client = Client(server.server_address[1])

        def fetch(path: str) -> tuple[int, str]:
            status, _, data = client.get(path)
            return status, data.decode()

        yield fetch


def title(page: str) -> str:
    found = re.search(r"<title>(.*?)</title>", page)
    assert found is not None
    return html.unescape(found.group(1))


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/letters", "Letters · anagramdb"),
        ("/letters?rack=gyroscope", "Letters gyroscope · anagramdb"),
        (
            "/numbers?numbers=25+50+75+100+3+6&target=952",
            "Numbers 25 50 75 100 3 6 → 952 · anagramdb",
        ),
        ("/conundrum?letters=canedanon", "Conundrum canedanon · anagramdb"),
        ("/conundrum", "Conundrum · anagramdb"),
    ],
)
def test_the_title_follows_the_query(get, path, shown):
    assert title(get(path)[1]) == shown


def summary(page: str) -> str:
    found = re.search(r'<p id="summary" class="summary" role="status">(.*?)</p>', page)
    assert found is not None
    return html.unescape(found.group(1))


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("/letters?rack=gyroscope", "gyroscope: 11 words; the longest, 9 letters: gyroscope"),
        ("/letters?rack=qqq", "qqq: no words"),
        ("/conundrum?letters=canedanon", "canedanon: the unique answer: cannonade"),
        (
            "/numbers?numbers=25+50+75+100+3+6&target=952",
            "952: exact: (100 + 3) × 75 × 6 ÷ 50 + 25",
        ),
        (  # six ones make at most (1 + 1 + 1) × (1 + 1 + 1)
            "/numbers?numbers=1+1+1+1+1+1&target=999",
            "999: not reachable; nearest is 9 (990 away): (1 + 1 + 1) × (1 + 1 + 1)",
        ),
    ],
)
def test_one_summary_line_is_the_live_region(get, path, line):
    page = get(path)[1]
    assert summary(page) == line
    # The whole results are not a live region: a screen reader hears the summary alone.
    assert page.count("aria-live") == 0 and page.count('role="status"') == 1


def test_a_summary_names_three_of_the_longest_words_and_counts_the_rest(get):
    line = summary(get("/letters?rack=aelst")[1])
    found = re.fullmatch(r"aelst: (\d+) words; the longest, 5 letters: (.*) and (\d+) more", line)
    assert found is not None and int(found.group(1)) > 9
    named = found.group(2).split(", ")
    assert len(named) == 3 and named == sorted(named) and "least" in named


def test_points_show_only_for_words_the_show_would_score(get):
    page = get("/letters?rack=conversations&min=9&all=1")[1]
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings[0] == "13 letters"
    assert '9 letters <span class="score">18 points</span>' in headings


def test_practice_headings_nest_under_the_best_answers(get):
    page = get("/practice?round=letters&seed=11&answer=stone")[1]
    levels = [int(level) for level in re.findall(r"<h([1-6])", page)]
    assert levels[:2] == [1, 2] and set(levels[2:]) == {3}
    assert all(b - a <= 1 for a, b in itertools.pairwise(levels))


def test_every_solution_is_numbered(get):
    page = get("/numbers?numbers=25+50+75+100+3+6&target=952&all=1")[1]
    listed = page.split('<ol class="solutions">', 1)[1]
    assert summary(page).endswith("distinct solutions")
    count = int(summary(page).split(", ")[-1].split()[0])
    assert listed.count('<ol class="steps">') == count


@pytest.mark.parametrize(
    "path",
    [
        "/letters?rack=gyroscope",
        "/numbers?numbers=25+50+75+100+3+6&target=952",
        "/conundrum?letters=canedanon",
        "/conundrum?generate=1&seed=7",
        "/practice?round=letters&seed=11&seconds=30",
        "/practice?round=numbers&large=2&seed=5&seconds=30&answer=1",
    ],
)
def test_each_page_links_to_its_json_twin(get, path):
    page = get(path)[1]
    found = re.search(r'<p class="twin"><a id="twin" href="([^"]+)">', page)
    assert found is not None
    status, body = get(html.unescape(found.group(1)))
    assert status == 200 and json.loads(body)


def test_an_empty_form_hides_its_twin_and_copy_buttons_wait_for_the_script(get):
    page = get("/letters")[1]
    assert '<p class="twin" hidden>' in page
    buttons = re.findall(
        r'<button type="button" class="copy"[^>]*>', get("/letters?rack=gyroscope")[1]
    )
    assert len(buttons) == 4  # 9, 7 and 6 letters, and the page's link
    assert all(button.endswith(" hidden>") for button in buttons)


@pytest.mark.parametrize("path", ["/letters", "/numbers", "/practice", "/game"])
def test_the_scripts_read_the_shows_numbers_from_the_page(get, path):
    from anagramdb.countdown.show import RACK_SIZE
    from anagramdb.web.assets import SCRIPT
    from anagramdb.web.render import SHOWN_WORDS

    _, page = get(path)
    body = re.search(r"<body([^>]*)>", page)
    assert body is not None
    carried = dict(re.findall(r' data-([a-z-]+)="([^"]*)"', body.group(1)))
    assert carried == {"rack-size": str(RACK_SIZE), "shown-words": str(SHOWN_WORDS)}
    read = re.findall(r"\bpageData\.(\w+)", SCRIPT)  # camelCase, as dataset names them
    assert sorted(read) == sorted(
        re.sub("-([a-z])", lambda m: m.group(1).upper(), name) for name in carried
    )
    assert not re.search(r"\b(RACK_SIZE|SHOWN_WORDS) = [0-9]", SCRIPT)
