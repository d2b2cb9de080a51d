"""The bot's permissions in one channel taken away and given back (tests/loopback/bot_access.py), seen by a plain
aiohttp client with the bot token: Discord's 403s while they are away, plain answers once they are back."""

from __future__ import annotations

import aiohttp
import pytest

from tests.loopback.bot_access import app_permissions, deny_bot, restore_bot
from tests.loopback.server import BOT_PERMISSIONS

pytestmark = pytest.mark.loopback


@pytest.fixture
async def raw(loopback):
    async with aiohttp.ClientSession(base_url=f"{loopback.http_url}",
                                     headers={"Authorization": f"Bot {loopback.token}"}) as session:
        yield session


async def code_of(resp: aiohttp.ClientResponse) -> tuple[int, int | None]:
    body = await resp.json() if resp.content_type == "application/json" else {}
    return resp.status, (body or {}).get("code")


async def test_view_send_and_attach_taken_away_are_refused_as_discord_does_and_given_back(loopback, raw):
    channel = loopback.add_channel(loopback.add_guild())
    messages = f"/api/v10/channels/{channel.id}/messages"
    async with raw.post(messages, json={"content": "before"}) as resp:
        first = (await resp.json())["id"]
    await deny_bot(loopback, channel, send=True)
    async with raw.post(messages, json={"content": "x"}) as resp:
        assert await code_of(resp) == (403, 50013)
    async with raw.get(messages) as resp:
        assert resp.status == 200, "reading needs no Send Messages"
    await deny_bot(loopback, channel, view=True)
    async with raw.get(messages) as resp:
        assert await code_of(resp) == (403, 50001)
    assert app_permissions(loopback, channel) == BOT_PERMISSIONS & ~((1 << 10) | (1 << 11))
    await restore_bot(loopback, channel)
    await deny_bot(loopback, channel, attach=True)
    form = aiohttp.FormData()
    form.add_field("payload_json", '{"attachments": [{"id": 0, "filename": "b.png"}]}')
    form.add_field("files[0]", b"\x89PNG\r\n\x1a\nxx", filename="b.png", content_type="image/png")
    async with raw.patch(f"{messages}/{first}", data=form) as resp:
        assert await code_of(resp) == (403, 50013)
    async with raw.patch(f"{messages}/{first}", json={"content": "words only"}) as resp:
        assert resp.status == 200
    await restore_bot(loopback, channel)
    async with raw.post(messages, json={"content": "after"}) as resp:
        assert resp.status == 200
    assert app_permissions(loopback, channel) == BOT_PERMISSIONS
    assert channel.overwrites == [], "the bot's overwrite is gone with the last denial"
