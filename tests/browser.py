"""A real headless Chromium for the browser tests (Debian's chromium and chromium-driver, driven by Selenium).
Never skipped: missing programs fail with how to install them, as a missing PostgreSQL does."""

from __future__ import annotations

import shutil

import pytest

INSTALL = ("The browser tests need Debian's chromium and chromium-driver (`bash .ci/ensure-chromium` installs them) "
           "and Selenium (in the dev extras: `pip install -e '.[dev]'`).")


def chrome():
    """A headless Chromium under chromedriver; fails the test with the install line when anything is missing."""
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail(INSTALL, pytrace=False)
    if not (chromium and driver):
        pytest.fail(INSTALL, pytrace=False)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    # No background networking: this machine's network is closed, and the tests need none of it.
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--disable-quic"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)


@pytest.fixture
def browser():
    driver = chrome()
    yield driver
    driver.quit()
