"""Every answer of the web board, its pages and its static files alike, may be framed by Discord's Activity frames
and our own pages only, and is never content-sniffed."""

from __future__ import annotations

import pytest

from tests.bot.web.web_fixtures import GUILD, running

FRAMERS = "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"


@pytest.mark.parametrize("path", ["/", "/g/{game}", "/s/{guild}", "/static/index.html", "/static/server.html",
                                  "/static/board.js", "/static/board.css", "/auth?t=forged", "/api/session",
                                  "/api/games/{game}", "/api/servers/{guild}/history", "/no/such/page"])
async def test_every_answer_says_who_may_frame_it(web, path):
    game_id = await running(web.service)
    answer = await web.client.get(path.format(game=game_id, guild=GUILD), allow_redirects=False)
    assert answer.status < 500
    assert answer.headers.get("Content-Security-Policy") == FRAMERS, answer.headers
    assert answer.headers.get("X-Content-Type-Options") == "nosniff"
