"""The Activity's page opened outside Discord (a shared link, a bookmark) says what it is and links the web board,
instead of "Connecting to Discord…" for ever: at once without Discord's launch parameters, and when nobody answers
the SDK's handshake."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import test_utils

from bot.web.activity import ActivitySettings
from tests.bot.web.activity_helpers import Context, activity_app
from tests.browser import chrome, wait_until

pytestmark = [pytest.mark.process]  # a real browser process


def said(url: str, timeout: float) -> tuple[str, str, str | None]:
    """The Activity's status once it has given up on Discord: (state, words, the link's address)."""
    driver = chrome()
    try:
        driver.get(url)
        wait_until(lambda: driver.execute_script(
            "return document.getElementById('activity-status').dataset.activity === 'outside'"), timeout, "outside")
        return tuple(driver.execute_script("""
            const s = document.getElementById('activity-status'), a = document.getElementById('web-board-link');
            return [s.dataset.activity, s.textContent, a && a.getAttribute('href')]"""))  # type: ignore[return-value]
    finally:
        driver.quit()


@pytest.mark.parametrize("query", ["", "?frame_id=f&instance_id=i&platform=desktop"], ids=["no-query", "no-parent"])
async def test_outside_discord_the_activity_says_what_it_is_and_links_the_web_board(web, query):
    settings = ActivitySettings("123", "secret", "http://127.0.0.1:9", secure=False)
    client = test_utils.TestClient(test_utils.TestServer(activity_app(Context(web.service, settings))))
    await client.start_server()
    try:
        # With the launch parameters but no Discord around it, the handshake goes unanswered (10 s) first.
        state, words, link = await asyncio.to_thread(said, str(client.make_url(f"/activity{query}")), 25)
    finally:
        await client.close()
    assert state == "outside" and "inside Discord" in words and "Connecting" not in words
    assert link == "/" and "Open the web board instead" in words
