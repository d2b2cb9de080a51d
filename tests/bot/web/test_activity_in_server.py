"""The Activity inside the web board's own server (bot/web/server.py's ActivityBridge): a code exchanged at the
loopback Discord becomes the board's own signed session, which the rest of the board's endpoints accept."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebConfig
from bot.records.service import Records
from bot.service.visibility import ChannelSight, Sight
from bot.web.activity import ActivitySettings
from bot.web.auth import Auth
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.server import make_app
from tests.bot_harness import CHANNEL, User, open_game

pytestmark = pytest.mark.loopback

SECRET = "k" * 40


@pytest.fixture
async def board(loopback, harness):
    alice, bob, carol = (loopback.add_user(n) for n in ("Alice", "Bob", "Carol"))
    game_id = await open_game(harness, [User(alice.id, "Alice"), User(bob.id, "Bob")])

    async def sight(guild_id: int | None, user_id: int) -> ChannelSight:
        # Carol cannot view the game's channel (on Discord: her permissions there); the players can.
        return lambda channel_id: Sight.NONE if user_id == carol.id else Sight.ALL

    storage = harness.service.storage
    ctx = Context(service=harness.service, auth=Auth(SECRET), hub=Hub(storage.game_rev), records=Records(storage),
                  config=WebConfig(port=8080, url="http://tne.test", secret=SECRET,
                                   client_secret=loopback.client_secret), sight=sight)
    settings = ActivitySettings(str(loopback.app_id), loopback.client_secret, loopback.api_base, secure=False)
    client = TestClient(TestServer(make_app(ctx, settings)))
    await client.start_server()
    yield loopback, client, game_id, (alice, bob, carol)
    await client.close()


async def test_an_activity_sign_in_is_the_boards_own_session(board):
    loopback, client, game_id, (alice, _, _) = board
    answer = await client.post("/api/activity/token", json={"code": loopback.authorize(alice)})
    assert answer.status == 200, await answer.text()
    session = await (await client.get("/api/session")).json()
    assert session["user"] == {"id": str(alice.id), "name": "Alice"} and session["csrf"]
    assert await (await client.get(f"/api/channels/{CHANNEL}/game")).json() == {"id": game_id}
    state = await (await client.get(f"/api/games/{game_id}")).json()
    assert state["you"] == 0 and state["view"]["players"][1]["hand"] is None  # her own hand only


async def test_someone_who_cannot_view_the_channel_is_told_there_is_no_game(board):
    loopback, client, _, (_, _, carol) = board
    assert (await client.post("/api/activity/token", json={"code": loopback.authorize(carol)})).status == 200
    found = await client.get(f"/api/channels/{CHANNEL}/game")
    assert found.status == 404 and "There is no game you can see" in (await found.json())["error"]
