"""A move on the web board in a channel the bot cannot post in: the move stands, and the answer carries the note
(in the page's language) that the channel does not show it yet and which permission to give back."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient, TestServer

from bot.background.leases import LeaseKeeper
from bot.config import WebConfig
from bot.discord_front.announcer import Announcer
from bot.discord_front.closed_note import closed_words
from bot.discord_front.outbox import Outbox
from bot.discord_front.outbox_contract import Blocked
from bot.discord_front.outbox_timing import Timing
from bot.records.service import Records
from bot.service.events import Publisher
from bot.service.game_service import GameService
from bot.storage import Storage
from bot.storage.leases import Leases
from bot.storage.outbox import Announcement, OutboxStore
from bot.web.auth import Auth
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.server import make_app
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, SECRET, Web, running
from tests.bot_harness import seed_where_first


class ClosedChannel:
    """The Discord side of the outbox for a channel that has taken Send Messages from the bot."""

    def __init__(self) -> None:
        self.tries = 0

    async def find_reply(self, a: Announcement) -> int | None:
        return None

    async def find_post(self, a: Announcement) -> int | None:
        return None

    async def post(self, a: Announcement) -> int:
        self.tries += 1
        raise Blocked("403 50013", ("send_messages",))

    async def attach_picture(self, a: Announcement) -> None:
        return None


async def test_a_web_move_in_a_closed_channel_is_answered_with_the_note(database):
    storage = await Storage.open(database)
    channel = ClosedChannel()
    outbox = Outbox(OutboxStore(storage.db), LeaseKeeper(Leases(storage.db)), channel, timing=Timing(linger=0.0),
                    word=Announcer().worded)
    hub = Hub(storage.game_rev, poll_every=0.2)
    service = GameService(storage, seed_source=lambda: seed_where_first(0), announcing=True,
                          publisher=Publisher([outbox.follow]))
    auth = Auth(SECRET)
    ctx = Context(service=service, auth=auth, config=WebConfig(port=8080, url="http://tne.test", secret=SECRET),
                  hub=hub, records=Records(storage), closed=closed_words(outbox))
    client = TestClient(TestServer(make_app(ctx)))
    await client.start_server()
    try:
        web = Web(service, auth, hub, client, ctx)
        game_id = await running(service)
        csrf = await web.sign_in(ALICE, "Alice")
        rev = (await service.current(game_id)).row.rev
        status, _ = await web.post(f"/api/games/{game_id}/moves", {"move": "pass", "revision": rev}, csrf)
        assert status == 200
        for _ in range(200):  # the outbox tries to post Alice's move
            if outbox.blocked(CHANNEL) is not None:
                break
            await asyncio.sleep(0.01)
        assert outbox.blocked(CHANNEL) is not None and channel.tries
        csrf = await web.sign_in(BOB, "Bob")
        rev = (await service.current(game_id)).row.rev
        status, answer = await web.post(f"/api/games/{game_id}/moves?lang=de", {"move": "pass", "revision": rev},
                                        csrf)
        assert status == 200 and answer["revision"] == rev + 1, "the move stands"
        assert "Nachrichten senden" in answer["note"] and "{" not in answer["note"]
    finally:
        await outbox.stop()
        await client.close()
        await storage.close()
