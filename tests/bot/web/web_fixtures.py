"""The web board against a real GameService on a real database, served by aiohttp's test server."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebConfig
from bot.records.finisher import Finisher
from bot.records.service import Records
from bot.service.events import Publisher
from bot.service.game_service import GameService
from bot.service.visibility import ChannelSight, Sight
from bot.storage import Storage
from bot.storage.web_links import UsedLinkStore
from bot.web.auth import COOKIE, CSRF_HEADER, Auth, Person
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.server import make_app
from tests.bot_harness import seed_where_first
from tests.records_helpers import people, random_game, store_game

SECRET = "s" * 40
ALICE, BOB, CAROL = 1001, 1002, 1003
GUILD, CHANNEL, SECRET_CHANNEL = 5, 77, 78


@dataclass
class Web:
    """A web board and its service; `visible` is which (user, channel) pairs Discord would show."""

    service: GameService
    auth: Auth
    hub: Hub
    client: TestClient
    ctx: Context
    visible: set[tuple[int, int]] = field(default_factory=set)

    async def sign_in(self, user_id: int, name: str, channel_id: int = CHANNEL) -> str:
        """Follow a /tne web link as that person; their CSRF value back."""
        self.client.session.cookie_jar.clear()
        link = self.auth.link(Person(user_id, name, GUILD, channel_id))
        page = await self.client.get(f"/auth?t={link}")
        assert page.status == 200 and "Open the board" in await page.text(), await page.text()
        answer = await self.client.post("/auth", data={"t": link}, allow_redirects=False)
        assert answer.status == 302, await answer.text()
        session = await (await self.client.get("/api/session")).json()
        assert session["user"]["id"] == str(user_id)
        return session["csrf"]

    async def post(self, path: str, body: object, csrf: str | None) -> tuple[int, dict]:
        headers = {CSRF_HEADER: csrf} if csrf is not None else {}
        answer = await self.client.post(path, json=body, headers=headers)
        return answer.status, await answer.json()

    def cookie(self) -> str | None:
        found = [c.value for c in self.client.session.cookie_jar if c.key == COOKIE]
        return found[0] if found else None


async def running(service: GameService, channel_id: int = CHANNEL) -> int:
    """A two-player game, Alice (seat 0, to move) against Bob."""
    table = await service.new_game(guild_id=GUILD, channel_id=channel_id, user_id=ALICE, name="Alice", seats=2)
    await service.join(table.id, BOB, "Bob")
    await service.start(table.id, ALICE)
    return table.id


@pytest.fixture
async def web(database):
    storage = await Storage.open(database)
    hub = Hub(storage.game_rev, poll_every=0.2)
    service = GameService(storage, seed_source=lambda: seed_where_first(0), announcing=True,
                          publisher=Publisher([hub.follow]))
    visible: set[tuple[int, int]] = set()

    async def sight(guild_id: int | None, user_id: int) -> ChannelSight:
        return lambda channel_id: Sight.ALL if (user_id, channel_id) in visible else Sight.NONE

    auth = Auth(SECRET, used=UsedLinkStore(storage.db))  # as the bot keeps them: in its database
    ctx = Context(service=service, auth=auth, config=WebConfig(port=8080, url="http://tne.test", secret=SECRET),
                  hub=hub, records=Records(storage), sight=sight, keepalive=0.5)
    client = TestClient(TestServer(make_app(ctx)))
    await client.start_server()
    await hub.start()
    yield Web(service, auth, hub, client, ctx, visible)
    await hub.stop()
    await client.close()
    await storage.close()


async def finished(web: Web, channel_id: int, seed: int, ending: str = "treasures:2") -> int:
    """A finished game between Alice (1001) and Bob (1002) in this server's `channel_id`, recorded and rated."""
    p = random_game(2, seed)
    game_id = await store_game(web.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                               seed=p.seed, guild_id=GUILD, channel_id=channel_id,
                               ended_at=1_700_000_000.0 + seed, end_reason=ending)
    await Finisher(web.service.storage).catch_up(GUILD)
    return game_id
