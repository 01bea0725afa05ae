"""Headless Chromium driven by selenium: where the browser and its driver are, and a window
of a given size. The browser tests (tests/web/conftest.py's ``browser`` fixture) and
tools/game_screenshots.py start it here and nowhere else.

Waits are bounds on a stuck browser (BROWSER_WAIT seconds), never measurements, and they wait
on what the page shows, never for a fixed time. A page whose script replaces what a test looks
at is read in one go in the page (text, texts) or looked at again inside the wait (until,
read): an element found before a wait may be gone by the time it is read.
"""

from __future__ import annotations

import shutil
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
BROWSER_WAIT = 60


def missing() -> str | None:
    """Why Chromium cannot be driven here (.ci/run installs what is needed), or None."""
    if CHROMIUM is None or DRIVER is None:
        return (
            "Chromium and chromedriver are not installed "
            "(Debian packages chromium, chromium-driver)"
        )
    try:
        import selenium.webdriver  # noqa: F401
    except ImportError:
        return "the selenium package is not installed (pip install '.[test]')"
    return None


def chromium(width: int = 1280, height: int = 900, *arguments: str) -> Any:
    """A headless Chromium window of *width* x *height*, with any further command-line
    *arguments*; the caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        *arguments,
    ):
        options.add_argument(argument)
    # An explicit driver: selenium must not try to download one.
    return webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))


def wait(driver: Any) -> Any:
    """A WebDriverWait of BROWSER_WAIT seconds on *driver*, polling every 50 ms. A check that
    finds no element, or an element the page replaced between finding and reading it
    (StaleElementReferenceException), is tried again at the next poll: a check must find
    its elements inside itself, never hold one found before the wait."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(
        driver,
        BROWSER_WAIT,
        poll_frequency=0.05,
        ignored_exceptions=(StaleElementReferenceException,),
    )


def until(driver: Any, check: Any, message: Any = "") -> Any:
    """What *check*() returns once it is true, polled every 50 ms; a TimeoutException after
    BROWSER_WAIT seconds saying *message* (a string, or a function called only then, so
    that a message read from the page is read when the wait fails)."""
    from selenium.common.exceptions import TimeoutException

    try:
        return wait(driver).until(lambda _: check())
    except TimeoutException as timeout:
        said = message() if callable(message) else message
        raise TimeoutException(f"{said} (after {BROWSER_WAIT} s)") from timeout


def read(driver: Any, look: Any) -> Any:
    """What *look*() returns, true or not: looked at again while the page replaces an element
    it reads (the game's regions are swapped whole as the server's updates arrive)."""
    return until(driver, lambda: (look(),))[0]


def text(driver: Any, selector: str) -> str:
    """The text shown by the first element matching the CSS *selector* ("" if none), read
    in the page in one go, so it cannot go stale."""
    return str(
        driver.execute_script(
            "const e = document.querySelector(arguments[0]); return e ? e.innerText.trim() : '';",
            selector,
        )
    )


def texts(driver: Any, selector: str) -> list[str]:
    """The text of every element matching the CSS *selector*, read in one go."""
    return list(
        driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.innerText.trim());",
            selector,
        )
    )


def axe_violations(driver: Any) -> list[str] | None:
    """axe-core's violations on the page as it is now, one line each; None when axe-core
    is not installed (AXE_CORE_JS names its axe.min.js: .ci/run sets it)."""
    import os

    path = os.environ.get("AXE_CORE_JS")
    if not path or not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        driver.execute_script(handle.read())  # WebDriver's scripts are not bound by the CSP
    report = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(done, (e) => done(String(e)));"
    )
    assert isinstance(report, dict), report
    return [
        f"{violation['id']}: {node['target']} {node['failureSummary']}"
        for violation in report["violations"]
        for node in violation["nodes"]
    ]
