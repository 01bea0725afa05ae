"""Headless Chromium driven by selenium: where the browser and its driver are, and a window
of a given size. The browser tests (tests/web/conftest.py's ``browser`` fixture) and
tools/game_screenshots.py start it here and nowhere else.

Waits are bounds on a stuck browser (BROWSER_WAIT seconds), never measurements.
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
    """A WebDriverWait of BROWSER_WAIT seconds on *driver*."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, BROWSER_WAIT, poll_frequency=0.05)


def until(driver: Any, check: Any, message: str = "") -> Any:
    """What *check*() returns once it is true, polled every 50 ms; a TimeoutException
    with *message* after BROWSER_WAIT seconds."""
    return wait(driver).until(lambda _: check(), message)
