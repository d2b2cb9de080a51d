"""activity.js in a real headless Chromium, inside a test parent frame that speaks the Embedded App SDK's message
protocol: handshake, READY, AUTHORIZE for a code, the code exchanged at the loopback Discord, AUTHENTICATE with the
access token it issued, then the channel's game opened (tests/browser.py's Chromium)."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import urlencode

import pytest

from bot.service.visibility import Sight
from bot.web.activity import ActivitySettings
from tests.bot.web.activity_helpers import Context, activity_app
from tests.bot_harness import CHANNEL, GUILD_ID, User, open_game
from tests.browser import chrome

pytestmark = [pytest.mark.loopback, pytest.mark.process]  # a real browser process


def browser():
    return chrome()


def wait_until(check, timeout: float = 15.0, what: str = ""):
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def run_page(url: str, game_id: int) -> tuple[list[dict], str]:
    """Open the parent frame; wait until the Activity inside has gone to the game or failed: (what the parent
    heard, the frame's path or the Activity's words for its failure)."""
    driver = browser()
    try:
        driver.get(url)
        def authenticated():
            heard = driver.execute_script("return window.heard") or []
            return any(h.get("cmd") == "AUTHENTICATE" for h in heard) and heard
        try:
            heard = wait_until(authenticated, what="AUTHENTICATE")
        except AssertionError:
            driver.switch_to.frame(driver.find_element("tag name", "iframe"))
            status = driver.execute_script("const s = document.getElementById('activity-status');"
                                           "return s && s.dataset.activity + ': ' + s.textContent")
            driver.switch_to.default_content()
            raise AssertionError(f"no AUTHENTICATE; the parent heard {driver.execute_script('return window.heard')}, "
                                 f"the Activity says {status!r}") from None
        driver.switch_to.frame(driver.find_element("tag name", "iframe"))
        def arrived():
            path = driver.execute_script("return location.pathname")
            if path == f"/g/{game_id}":
                return path
            return driver.execute_script("const s = document.getElementById('activity-status');"
                                         "return s && s.dataset.activity === 'failed' && 'failed: ' + s.textContent")
        path = wait_until(arrived, what="the board")
        return heard, path
    finally:
        driver.quit()


async def test_the_activity_signs_in_through_the_sdk_and_opens_its_channels_game(loopback, harness, unused_tcp_port):
    from aiohttp import web

    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    game_id = await open_game(harness, [User(alice.id, "Alice"), User(bob.id, "Bob")])
    settings = ActivitySettings(str(loopback.app_id), loopback.client_secret, loopback.api_base, secure=False)
    context = Context(harness.service, settings, sights={CHANNEL: Sight.ALL})
    runner = web.AppRunner(activity_app(context, with_parent=True), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", unused_tcp_port).start()
    try:
        code = loopback.authorize(alice)
        query = urlencode({"client_id": loopback.app_id, "code": code, "user": alice.id, "name": "Alice",
                           "guild": GUILD_ID, "channel": CHANNEL})
        heard, path = await asyncio.to_thread(
            run_page, f"http://127.0.0.1:{unused_tcp_port}/fixtures/activity_parent.html?{query}", game_id)
    finally:
        await runner.cleanup()

    assert path == f"/g/{game_id}"
    steps = [h.get("op") or h["cmd"] for h in heard if h.get("cmd") != "CAPTURE_LOG"]
    assert steps == ["HANDSHAKE", "AUTHORIZE", "AUTHENTICATE"]
    handshake, authorize, authenticate = (h for h in heard if h.get("cmd") != "CAPTURE_LOG")
    assert handshake["client_id"] == str(loopback.app_id) and handshake["v"] == 1
    assert authorize["args"]["scope"] == ["identify"] and authorize["args"]["response_type"] == "code"
    token = authenticate["args"]["access_token"]
    assert loopback.access_tokens[token] == alice.id  # the token Discord issued for the code, for Alice
    assert code not in loopback.oauth_codes  # used once, by our server
    assert [p.id for p in context.sessions.values()] == [alice.id]
