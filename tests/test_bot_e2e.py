"""End to end over real sockets: the bot process's client against a tiny Discord-compatible server.

DISCORD_API_BASE and DISCORD_GATEWAY_URL point the bot at a local aiohttp server that speaks just enough of
Discord's REST API and gateway (HELLO, IDENTIFY, READY, INTERACTION_CREATE) to play the opening of a game.
"""

from __future__ import annotations

import asyncio
import itertools
import json

import discord
import pytest
from aiohttp import web

from bot.client import TneBot, point_endpoints
from bot.config import Config
from tests.bot_harness import ALICE, APP_ID, BOB, BOT_USER, GUILD_ID, User, channel_json

CHANNEL = 31337


def reply(data: dict) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py compares the header verbatim.
    return web.Response(body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


class MiniDiscord:
    """REST + gateway, recording every REST request the bot makes."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict, list[str]]] = []
        self.arrived = asyncio.Condition()
        self.identified = asyncio.Event()
        self.ws: web.WebSocketResponse | None = None
        self.ids = itertools.count(5_000_000_000_000_000_000)
        self.seq = itertools.count(2)
        app = web.Application()
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest)
        self.runner = web.AppRunner(app)

    async def start(self) -> int:
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        return site._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        await self.runner.cleanup()

    def message(self, body: dict) -> dict:
        return {"id": str(next(self.ids)), "channel_id": str(CHANNEL), "author": BOT_USER, "type": 0,
                "content": body.get("content") or "", "timestamp": "2026-01-01T00:00:00+00:00",
                "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
                "mention_roles": [], "attachments": [], "embeds": [], "pinned": False,
                "flags": body.get("flags") or 0, "components": body.get("components") or []}

    async def rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: dict = {}
        files: list[str] = []
        if request.content_type == "application/json":
            body = await request.json()
        elif request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    body = json.loads(await part.text())
                else:
                    files.append(part.filename or "")
                    await part.read()
        async with self.arrived:
            self.requests.append((request.method, path, body, files))
            self.arrived.notify_all()
        if path == "/users/@me":
            return reply(BOT_USER)
        if path == "/oauth2/applications/@me":
            return reply({"id": str(APP_ID), "name": "T&E", "description": "", "icon": None,
                                      "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
                                      "owner": BOT_USER, "flags": 0})
        if path.endswith("/callback"):
            data = body.get("data") or {}
            msg = self.message(data)
            return reply({"interaction": {"id": path.split("/")[2], "type": 2,
                                                      "response_message_id": msg["id"]},
                                      "resource": {"type": body.get("type"), "message": msg}})
        return reply(self.message(body))

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.ws = ws
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45_000}})
        async for msg in ws:
            data = json.loads(msg.data)
            if data["op"] == 2:  # IDENTIFY
                assert data["d"]["token"] == "e2e-token"
                assert not data["d"]["intents"] & (1 << 15), "no message content intent"
                await ws.send_json({"op": 0, "t": "READY", "s": 1, "d": {
                    "v": 10, "user": BOT_USER, "guilds": [], "session_id": "s1",
                    "resume_gateway_url": f"ws://{request.host}/gateway",
                    "application": {"id": str(APP_ID), "flags": 0}}})
                self.identified.set()
        return ws

    async def interaction(self, user: User, sub: str, **options: object) -> str:
        """Send an INTERACTION_CREATE for `/tne <sub>`; returns its id."""
        iid = str(next(self.ids))
        opts = [{"type": 4 if isinstance(v, int) else 3, "name": k, "value": v} for k, v in options.items()]
        payload = {
            "id": iid, "application_id": str(APP_ID), "type": 2, "token": f"tok{iid}", "version": 1,
            "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL), "channel": channel_json(CHANNEL),
            "member": user.member_json(), "app_permissions": "0", "locale": "en-US", "attachment_size_limit": 8 << 20,
            "data": {"id": "1", "name": "tne", "type": 1, "options": [{"type": 1, "name": sub, "options": opts}]},
        }
        await self.ws.send_json({"op": 0, "t": "INTERACTION_CREATE", "s": next(self.seq), "d": payload})
        return iid

    async def wait_for(self, predicate, timeout: float = 10.0) -> tuple[str, str, dict, list[str]]:
        async def find():
            async with self.arrived:
                while True:
                    for r in self.requests:
                        if predicate(r):
                            return r
                    await self.arrived.wait()

        return await asyncio.wait_for(find(), timeout)


@pytest.fixture
def endpoints(monkeypatch):
    """point_endpoints changes process-wide class attributes: put them back afterwards."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)


async def test_a_game_opens_over_real_sockets(endpoints, tmp_path):
    server = MiniDiscord()
    port = await server.start()
    config = Config(token="e2e-token", db_path=str(tmp_path / "e2e.sqlite3"), ai_delay=0,
                    api_base=f"http://127.0.0.1:{port}/api", gateway_url=f"ws://127.0.0.1:{port}/gateway")
    point_endpoints(config)
    bot = TneBot(config, seed_source=lambda: 5)
    runner = asyncio.create_task(bot.start(config.token))
    try:
        await asyncio.wait_for(server.identified.wait(), 10)
        iid = await server.interaction(ALICE, "new", seats=2)
        _, _, body, _ = await server.wait_for(lambda r: r[1].startswith(f"/interactions/{iid}/"))
        assert body["type"] == 4 and "Tigris & Euphrates" in body["data"]["content"]
        await server.interaction(BOB, "join")
        iid = await server.interaction(ALICE, "start")
        _, _, body, _ = await server.wait_for(lambda r: r[1].startswith(f"/interactions/{iid}/"))
        assert "The game begins!" in body["data"]["content"]
        # The board arrives as an edit of that response, with the picture attached (multipart over HTTP).
        method, _, _, files = await server.wait_for(
            lambda r: r[1] == f"/webhooks/{APP_ID}/tok{iid}/messages/@original")
        assert method == "PATCH" and files and files[0].endswith(".png")
        table = await bot.service.channel_table(CHANNEL)
        assert table.row.status == "active" and len(table.players) == 2
    finally:
        await bot.close()
        await asyncio.wait_for(runner, 10)
        await server.stop()
