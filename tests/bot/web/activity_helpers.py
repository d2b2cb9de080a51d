"""The Activity's endpoints on a small aiohttp app, with the context bot/web/server.py would hand them."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import test_utils, web

from bot.service.game_service import GameService
from bot.service.visibility import ChannelSight, Sight
from bot.web import activity
from bot.web.activity import ActivitySettings, Person

FIXTURES = Path(__file__).parent / "fixtures"


@dataclass
class Context:
    """Sessions kept in memory; what each channel shows is set by the test (on Discord: people's permissions)."""

    service: GameService
    activity: ActivitySettings
    sights: dict[int, Sight] = field(default_factory=dict)
    sessions: dict[str, Person] = field(default_factory=dict)

    def start_session(self, user_id: int, name: str) -> str:
        value = secrets.token_urlsafe(16)
        self.sessions[value] = Person(user_id, name)
        return value

    def session_person(self, request: web.Request) -> Person | None:
        return self.sessions.get(request.cookies.get(activity.SESSION_COOKIE, ""))

    async def sight(self, guild_id: int | None, user_id: int) -> ChannelSight:
        return lambda channel_id: self.sights.get(channel_id, Sight.NONE)


def activity_app(context: Context, *, with_parent: bool = False) -> web.Application:
    app = web.Application()
    activity.add_routes(app, context)
    app.router.add_static("/static", activity.STATIC)
    if with_parent:
        app.router.add_static("/fixtures", FIXTURES)
    return app


async def activity_client(context: Context) -> test_utils.TestClient:
    client = test_utils.TestClient(test_utils.TestServer(activity_app(context)))
    await client.start_server()
    return client
