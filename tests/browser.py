"""A real headless Chromium for the browser tests (Debian's chromium and chromium-driver, driven by Selenium).
Never skipped: missing programs fail with how to install them, as a missing PostgreSQL does."""

from __future__ import annotations

import asyncio
import shutil
import time

import pytest

INSTALL = ("The browser tests need Debian's chromium and chromium-driver (`bash .ci/ensure-chromium` installs them) "
           "and Selenium (in the dev extras: `pip install -e '.[dev]'`).")


def chrome(languages: str | None = None):
    """A headless Chromium under chromedriver; fails the test with the install line when anything is missing.
    `languages` ("fr-CA,fr"): the browser's preferred languages (navigator.languages, Accept-Language)."""
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
    if languages:
        options.add_argument(f"--lang={languages.split(',')[0]}")
        options.add_experimental_option("prefs", {"intl.accept_languages": languages})
    return webdriver.Chrome(service=Service(driver), options=options)


@pytest.fixture
def browser():
    driver = chrome()
    yield driver
    driver.quit()


def wait_until(check, timeout: float = 15.0, what: str = "", every: float = 0.02):
    """Until `check()` is truthy (polling a page: there is nothing to wait on); its value back."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)


class Page:
    """The web board's page in a Chromium, driven as a person does it: clicks on its stable attributes.
    Every method blocks; an async test calls them through asyncio.to_thread, so its servers keep running."""

    def __init__(self, driver, base: str) -> None:
        self.driver = driver
        self.base = base

    def open(self, url: str) -> None:
        self.driver.get(url)
        wait_until(lambda: self.revision() is not None, what=f"the board of {url}")

    def sign_in(self, link: str) -> None:
        """Follow a personal /tne web link as its person does: read whose it is, press the button, see the board."""
        self.driver.get(link)
        self.click("form[action='/auth'] button")
        wait_until(lambda: self.revision() is not None, what=f"the board after signing in with {link}")

    def revision(self) -> int | None:
        value = self.driver.execute_script(
            "const b = document.querySelector('#board[data-revision]'); return b && b.dataset.revision")
        return int(value) if value not in (None, "", "undefined") else None

    def wait_revision(self, above: int, timeout: float = 15.0) -> int:
        """Until the board shows a revision above `above` (no reload: the page updates itself)."""
        return wait_until(lambda: (r := self.revision()) is not None and r > above and r, timeout,
                          f"a revision above {above} on the page")

    def fetch(self, path: str, method: str = "GET", body: object = None, *, csrf: bool = True,
              raw: str | None = None) -> tuple[int, dict]:
        """A request through the page's own fetch (its cookies, its origin): (status, JSON answer)."""
        return tuple(self.driver.execute_async_script("""
            const [path, method, body, csrf, raw, done] = arguments;
            (async () => {
              const headers = {"Content-Type": "application/json"};
              if (csrf && method !== "GET") {
                headers["X-TNE-CSRF"] = (await (await fetch("/api/session")).json()).csrf || "";
              }
              const init = {method, headers, credentials: "same-origin"};
              if (method !== "GET") init.body = raw !== null ? raw : JSON.stringify(body);
              const r = await fetch(path, init);
              done([r.status, await r.json().catch(() => ({}))]);
            })().catch((e) => done([0, {error: String(e)}]));
        """, path, method, body, csrf, raw))  # type: ignore[return-value]

    def log_top(self) -> tuple[int, str]:
        """The newest log line the page shows: (its move number, its words)."""
        n, text = self.driver.execute_script(
            "const l = document.querySelector('[data-log]'); return l ? [l.dataset.n, l.textContent] : [0, '']")
        return int(n), text

    def click(self, selector: str) -> None:
        """A real pointer click on the element's middle; again on a fresh element when the page redrew it meanwhile."""
        from selenium.common.exceptions import StaleElementReferenceException

        for attempt in range(3):
            try:
                element = self.find(selector)
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
                element.click()
                return
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def find(self, selector: str):
        return self.driver.find_element("css selector", selector)

    def count(self, selector: str) -> int:
        return len(self.driver.find_elements("css selector", selector))

    def targets(self) -> int:
        """How many squares the board highlights as legal targets."""
        return self.count("#board .marks .target")

    def tap_square(self, square: str) -> None:
        """Tap a square as a person does: a board too small to tap zooms in first, then the square is tapped."""
        zoomed = self.count("#board.zoomed")
        self.click(f'#board [data-square="{square}"]')
        if not zoomed and self.count("#board.zoomed"):
            self.click(f'#board [data-square="{square}"]')
        if self.count("#confirm:not([hidden])"):  # the person asked to confirm such a move (the default: a turn's last)
            self.click('#confirm [data-confirm="play"]')


async def in_thread(fn, *args):
    """A blocking WebDriver call, off the event loop (the bot under test runs on it)."""
    return await asyncio.to_thread(fn, *args)
