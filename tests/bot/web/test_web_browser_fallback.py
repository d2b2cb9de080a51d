"""A page the server turns away still follows the game (bot/web/static/board.js): its live stream refused (429, as
beyond a cap), it reads the game every few seconds and shows a move made in Discord; its first reads refused for
going too fast, it tries again and shows the board. A real Chromium against the web board in this process."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web as aiohttp_web
from aiohttp.test_utils import TestServer

from bot.config import WebConfig
from bot.records.service import Records
from bot.service.events import Publisher
from bot.service.game_service import GameService
from bot.service.table import Origin
from bot.storage import Storage
from bot.web.auth import Auth
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.server import make_app
from tests.bot.web.web_fixtures import ALICE, CHANNEL, SECRET, running
from tests.bot_harness import seed_where_first
from tests.browser import Page, chrome, wait_until

pytestmark = [pytest.mark.loopback, pytest.mark.process]  # a real browser process


class Refuser:
    """Answers 429 in words, as a cap or the rate limit does: every `/events`, and the first `reads` game reads."""

    def __init__(self, reads: int = 0) -> None:
        self.reads = reads
        self.refused: list[str] = []

    def middleware(self):
        @aiohttp_web.middleware
        async def refuse(request: aiohttp_web.Request, handler):
            return await self.answer(request, handler)
        return refuse

    async def answer(self, request: aiohttp_web.Request, handler):
        path = request.path
        if path.endswith("/events") or (path.startswith("/api/games/") and path.count("/") == 3 and self.reads > 0):
            if not path.endswith("/events"):
                self.reads -= 1
            self.refused.append(path)
            return aiohttp_web.json_response({"error": "Too many requests: slow down a little and try again in a "
                                                       "second."}, status=429)
        return await handler(request)


@pytest.fixture
async def served(database):
    """The web board's app with a Refuser in front, on a real port; (service, auth, base URL, refuser)."""
    storage = await Storage.open(database)
    hub = Hub(storage.game_rev, poll_every=0.2)
    service = GameService(storage, seed_source=lambda: seed_where_first(0), announcing=True,
                          publisher=Publisher([hub.follow]))
    auth = Auth(SECRET)
    ctx = Context(service=service, auth=auth, config=WebConfig(port=8080, url="http://tne.test", secret=SECRET),
                  hub=hub, records=Records(storage))
    app = make_app(ctx)
    refuser = Refuser()
    app.middlewares.insert(0, refuser.middleware())
    server = TestServer(app)
    await server.start_server()
    await hub.start()
    yield service, auth, str(server.make_url("")).rstrip("/"), refuser
    await hub.stop()
    await server.close()
    await storage.close()


@pytest.fixture
async def driver():
    found = await asyncio.to_thread(chrome)
    yield found
    await asyncio.to_thread(found.quit)


async def test_a_page_whose_stream_is_refused_reads_the_game_and_shows_the_next_move(served, driver):
    service, auth, base, refuser = served
    game_id = await running(service)
    page = Page(driver, base)
    await asyncio.to_thread(page.open, f"{base}/g/{game_id}?s={auth.spectator(game_id, CHANNEL)}")
    table = await service.current(game_id)
    rev, move = table.row.rev, next(m for m in table.game.legal_moves() if m.startswith("tile"))
    await asyncio.to_thread(wait_until, lambda: f"/api/games/{game_id}/events" in refuser.refused, 10,
                            "the page asking for its stream")
    await service.play(game_id, move, user_id=ALICE, origin=Origin(interaction_id=1))  # as /tne move would
    assert await asyncio.to_thread(page.wait_revision, rev, 15) == rev + 1
    assert await asyncio.to_thread(page.count, "#live.on") == 0  # not live: reading instead
    # And it keeps asking for its stream, less and less often, rather than giving up.
    await asyncio.to_thread(wait_until, lambda: refuser.refused.count(f"/api/games/{game_id}/events") >= 2, 15,
                            "the stream asked for again")


async def test_a_page_whose_first_reads_are_refused_tries_again_and_shows_the_board(served, driver):
    service, auth, base, refuser = served
    game_id = await running(service)
    refuser.reads = 2
    page = Page(driver, base)
    await asyncio.to_thread(page.open, f"{base}/g/{game_id}?s={auth.spectator(game_id, CHANNEL)}")
    assert refuser.refused[:2] == [f"/api/games/{game_id}"] * 2
    assert await asyncio.to_thread(page.count, "#gate:not([hidden])") == 0
