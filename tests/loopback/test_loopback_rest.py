"""The loopback server's REST API and its faults, seen by discord.py's HTTPClient and by a plain aiohttp client."""

from __future__ import annotations

import asyncio
import errno
import json

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, Route

from tests.loopback import LoopbackDiscord, RateLimits
from tests.loopback.inprocess import endpoints_restored
from tests.loopback.ratelimit import Limit

pytestmark = pytest.mark.loopback

PNG = b"\x89PNG\r\n\x1a\n" + b"picture-bytes" * 10


@pytest.fixture
async def world(loopback):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    guild = loopback.add_guild()
    return loopback, alice, bob, loopback.add_channel(guild)


async def http_client(server: LoopbackDiscord, **kwargs) -> HTTPClient:
    client = HTTPClient(asyncio.get_running_loop(), **kwargs)
    await client.static_login(server.token)
    return client


@pytest.fixture
async def http(loopback):
    """discord.py's own REST client, pointed at the loopback server."""
    with endpoints_restored():
        Route.BASE = f"{loopback.api_base}/v10"
        client = await http_client(loopback)
        yield client
        await client.close()


@pytest.fixture
async def raw(loopback):
    """A plain aiohttp client with the bot token: sees status codes and headers as they are."""
    async with aiohttp.ClientSession(base_url=f"{loopback.http_url}",
                                     headers={"Authorization": f"Bot {loopback.token}"}) as session:
        yield session


# --- plain answers ---------------------------------------------------------------------------------------------


async def test_every_answer_carries_discord_headers(world, raw):
    server, _, _, channel = world
    async with raw.post(f"/api/v10/channels/{channel.id}/messages", json={"content": "hi"}) as resp:
        assert resp.status == 200
        assert resp.headers["Content-Type"] == "application/json"  # discord.py compares it verbatim
        assert resp.headers["Via"] == "1.1 google"  # discord.py treats a 429 without Via as a Cloudflare ban
        assert resp.headers["X-RateLimit-Limit"] == "5" and resp.headers["X-RateLimit-Remaining"] == "4"
        assert float(resp.headers["X-RateLimit-Reset-After"]) <= 5.0
        assert float(resp.headers["X-RateLimit-Reset"]) > server.clock()
        assert len(resp.headers["X-RateLimit-Bucket"]) == 32
        message = await resp.json()
    assert message["content"] == "hi" and message["channel_id"] == str(channel.id)
    async with raw.get("/api/v10/users/@me") as resp:
        assert resp.headers["X-RateLimit-Limit"] and (await resp.json())["bot"] is True


async def test_auth_unknown_routes_and_methods(world, loopback):
    async with aiohttp.ClientSession(base_url=loopback.http_url) as anonymous:
        async with anonymous.get("/api/v10/users/@me") as resp:
            assert resp.status == 401 and await resp.json() == {"message": "401: Unauthorized", "code": 0}
        async with anonymous.get("/api/v10/gateway") as resp:  # the one route Discord serves without a token
            assert resp.status == 200 and (await resp.json())["url"] == loopback.gateway_url
    async with aiohttp.ClientSession(base_url=loopback.http_url,
                                     headers={"Authorization": f"Bot {loopback.token}"}) as raw:
        async with raw.get("/api/v10/no/such/route") as resp:
            assert resp.status == 404
        async with raw.put("/api/v10/users/@me") as resp:
            assert resp.status == 405
        async with raw.get("/api/v10/channels/123/messages") as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10003


async def test_login_application_and_gateway_bot(http, loopback):
    app = await http.application_info()
    assert int(app["id"]) == loopback.app_id
    shards, url, limits = await http.get_bot_gateway()
    assert (shards, url) == (1, loopback.gateway_url)
    assert limits["max_concurrency"] == 1 and limits["remaining"] == 1000


async def test_messages_get_one_list_edit_delete(world, http):
    server, _, _, channel = world
    sent = [await http.send_message(channel.id, params=discord.http.handle_message_parameters(content=f"m{i}"))
            for i in range(4)]
    newest_first = await http.logs_from(channel.id, limit=3)
    assert [m["content"] for m in newest_first] == ["m3", "m2", "m1"]
    before = await http.logs_from(channel.id, limit=10, before=int(sent[2]["id"]))
    assert [m["content"] for m in before] == ["m1", "m0"]
    edited = await http.edit_message(channel.id, sent[0]["id"],
                                     params=discord.http.handle_message_parameters(content="m0 edited"))
    assert edited["content"] == "m0 edited" and edited["edited_timestamp"]
    assert (await http.get_message(channel.id, sent[0]["id"]))["content"] == "m0 edited"
    await http.delete_message(channel.id, sent[1]["id"])
    with pytest.raises(discord.NotFound) as err:
        await http.get_message(channel.id, sent[1]["id"])
    assert err.value.code == 10008
    assert server.channel(channel).texts() == ["m0 edited", "m2", "m3"]
    assert server.messages[int(sent[0]["id"])].revisions == ["m0"]


async def test_bodies_discord_refuses(world, raw):
    _, _, _, channel = world
    url = f"/api/v10/channels/{channel.id}/messages"
    async with raw.post(url, json={"content": "x" * 2001}) as resp:
        body = await resp.json()
        assert resp.status == 400 and body["code"] == 50035
        assert body["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    async with raw.post(url, json={"content": ""}) as resp:
        assert resp.status == 400 and (await resp.json())["code"] == 50006
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "same"}
    async with raw.post(url, json={"content": "x", "components": [{"type": 1, "components": [button, button]}]}) as r:
        assert r.status == 400 and "COMPONENT_CUSTOM_ID_DUPLICATED" in json.dumps(await r.json())
    rows = [{"type": 1, "components": [dict(button, custom_id=f"b{i}")]} for i in range(6)]
    async with raw.post(url, json={"content": "x", "components": rows}) as resp:
        assert resp.status == 400
    async with raw.post(url, data=b"{not json", headers={"Content-Type": "application/json"}) as resp:
        assert resp.status == 400 and (await resp.json())["code"] == 50109
    assert world[0].channel(channel).messages() == []


async def test_attachments_keep_their_bytes(world, raw, loopback):
    _, _, _, channel = world
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "board", "attachments": [{"id": 0, "filename": "b.png"}]}))
    form.add_field("files[0]", PNG, filename="b.png", content_type="application/octet-stream")
    async with raw.post(f"/api/v10/channels/{channel.id}/messages", data=form) as resp:
        message = await resp.json()
    (attachment,) = message["attachments"]
    assert attachment["filename"] == "b.png" and attachment["size"] == len(PNG)
    assert attachment["content_type"] == "image/png"  # Discord looks at the bytes, not the declared type
    async with raw.get(attachment["url"]) as resp:
        assert await resp.read() == PNG
    stored = loopback.messages[int(message["id"])].attachments[0]
    assert stored.data == PNG and stored.is_png
    # An edit naming no attachments removes them; one without the key keeps them.
    async with raw.patch(f"/api/v10/channels/{channel.id}/messages/{message['id']}",
                         json={"content": "board, no picture", "attachments": []}) as resp:
        assert (await resp.json())["attachments"] == []


async def test_nonce_with_enforce_nonce_makes_a_retried_post_idempotent(world, raw, loopback):
    _, _, _, channel = world
    url = f"/api/v10/channels/{channel.id}/messages"
    body = {"content": "move 7", "nonce": "game1-move7", "enforce_nonce": True}
    first = await (await raw.post(url, json=body)).json()
    again = await (await raw.post(url, json=body)).json()
    assert again["id"] == first["id"] and again["nonce"] == "game1-move7"
    assert loopback.channel(channel).texts() == ["move 7"]
    # Without enforce_nonce a nonce is only echoed; after the window a nonce is new again.
    await raw.post(url, json={"content": "move 7", "nonce": "game1-move7"})
    assert loopback.channel(channel).texts() == ["move 7", "move 7"]
    loopback.clock.advance(loopback.nonce_window + 1)
    later = await (await raw.post(url, json={"content": "x", "nonce": "game1-move7", "enforce_nonce": True})).json()
    assert later["id"] != first["id"]


async def test_direct_messages_and_closed_dms(world, http, loopback):
    _, alice, bob, _ = world
    dm = await http.start_private_message(alice.id)
    assert dm["type"] == 1 and dm["recipients"][0]["id"] == str(alice.id)
    assert (await http.start_private_message(alice.id))["id"] == dm["id"]  # one DM channel per person
    await http.send_message(dm["id"], params=discord.http.handle_message_parameters(content="your turn"))
    assert loopback.dms(alice).texts() == ["your turn"]
    loopback.set_dms(bob, open=False)
    bob_dm = await http.start_private_message(bob.id)  # opening the channel still works
    with pytest.raises(discord.Forbidden) as err:
        await http.send_message(bob_dm["id"], params=discord.http.handle_message_parameters(content="your turn"))
    assert err.value.code == 50007 and err.value.status == 403
    assert loopback.dms(bob).texts() == []


async def test_lost_send_permission(world, http):
    _, _, _, channel = world
    channel.bot_can_send = False
    with pytest.raises(discord.Forbidden) as err:
        await http.send_message(channel.id, params=discord.http.handle_message_parameters(content="x"))
    assert err.value.code == 50013


# --- rate limits -----------------------------------------------------------------------------------------------


async def test_discord_py_waits_on_exhausted_buckets_instead_of_hitting_429():
    limits = RateLimits(routes={("POST", "/channels/{channel_id}/messages"): Limit(2, 0.3)})
    async with LoopbackDiscord(rate_limits=limits) as server:
        channel = server.add_channel(server.add_guild())
        with endpoints_restored():
            Route.BASE = f"{server.api_base}/v10"
            http = await http_client(server)
            try:
                for i in range(5):
                    await http.send_message(channel.id, params=discord.http.handle_message_parameters(content=str(i)))
            finally:
                await http.close()
        posts = server.requests_to("POST", "/channels/*/messages")
        assert [r.status for r in posts] == [200] * 5  # the headers kept it under the limit: never a 429
        assert server.channel(channel).texts() == ["0", "1", "2", "3", "4"]


async def test_a_client_that_ignores_the_headers_gets_429():
    limits = RateLimits(routes={("POST", "/channels/{channel_id}/messages"): Limit(2, 60.0)})
    async with LoopbackDiscord(rate_limits=limits) as server:
        channel = server.add_channel(server.add_guild())
        async with aiohttp.ClientSession(headers={"Authorization": f"Bot {server.token}"}) as raw:
            url = f"{server.api_base}/v10/channels/{channel.id}/messages"
            statuses = [(await raw.post(url, json={"content": "x"})).status for _ in range(2)]
            async with raw.post(url, json={"content": "x"}) as resp:
                body = await resp.json()
                assert statuses == [200, 200] and resp.status == 429
                assert resp.headers["X-RateLimit-Scope"] == "user" and resp.headers["X-RateLimit-Remaining"] == "0"
                assert int(resp.headers["Retry-After"]) >= 59 and body["global"] is False
        assert len(server.channel(channel).messages()) == 2


async def test_injected_429_route_then_success(world, http, loopback):
    _, _, _, channel = world
    rule = loopback.faults.rate_limit("POST", "/channels/{channel_id}/messages", retry_after=0.2)
    await http.send_message(channel.id, params=discord.http.handle_message_parameters(content="after the 429"))
    assert rule.hits == 1
    assert [r.status for r in loopback.requests_to("POST", "/channels/*/messages")] == [429, 200]
    assert loopback.channel(channel).texts() == ["after the 429"]


async def test_injected_429_answer_as_discord_sends_it(world, raw, loopback):
    _, _, _, channel = world
    loopback.faults.rate_limit("POST", "/channels/*/messages", retry_after=64.57)
    loopback.faults.rate_limit("POST", "/channels/*/messages", retry_after=3.5, scope="global")
    async with raw.post(f"/api/v10/channels/{channel.id}/messages", json={"content": "x"}) as resp:
        assert resp.status == 429 and resp.headers["Retry-After"] == "65"
        assert resp.headers["X-RateLimit-Scope"] == "user" and resp.headers["Via"]
        assert await resp.json() == {"message": "You are being rate limited.", "retry_after": 64.57,
                                     "global": False}
    async with raw.post(f"/api/v10/channels/{channel.id}/messages", json={"content": "x"}) as resp:
        assert resp.status == 429 and resp.headers["X-RateLimit-Global"] == "true"
        assert resp.headers["X-RateLimit-Scope"] == "global" and (await resp.json())["global"] is True
    assert loopback.channel(channel).messages() == []


async def test_a_long_retry_after_beyond_max_ratelimit_timeout_raises(world, loopback):
    _, _, _, channel = world
    loopback.faults.rate_limit("POST", "/channels/*/messages", retry_after=60)
    with endpoints_restored():
        Route.BASE = f"{loopback.api_base}/v10"
        http = await http_client(loopback, max_ratelimit_timeout=30.0)  # discord.py's smallest allowed
        try:
            with pytest.raises(discord.RateLimited) as err:
                await http.send_message(channel.id, params=discord.http.handle_message_parameters(content="x"))
        finally:
            await http.close()
    assert err.value.retry_after == 60


# --- server errors and connections -------------------------------------------------------------------------------


@pytest.mark.parametrize("status", [500, 502, 503, 504])
async def test_server_errors_answer_as_discords_edge_does(world, raw, loopback, status):
    _, _, _, channel = world
    loopback.faults.error("POST", "/channels/*/messages", status)
    async with raw.post(f"/api/v10/channels/{channel.id}/messages", json={"content": "x"}) as resp:
        assert resp.status == status
        if status == 500:
            assert await resp.json() == {"message": "500: Internal Server Error", "code": 0}
        else:
            assert resp.content_type in ("text/html", "text/plain")
    assert loopback.channel(channel).messages() == []  # nothing was done


async def test_discord_py_retries_500_but_not_503(world, http, loopback):
    _, _, _, channel = world
    loopback.faults.error("POST", "/channels/*/messages", 500)
    await http.send_message(channel.id, params=discord.http.handle_message_parameters(content="retried"))
    loopback.faults.error("POST", "/channels/*/messages", 503)
    with pytest.raises(discord.DiscordServerError) as err:
        await http.send_message(channel.id, params=discord.http.handle_message_parameters(content="lost"))
    assert err.value.status == 503
    assert loopback.channel(channel).texts() == ["retried"]
    assert [r.status for r in loopback.requests_to("POST", "/channels/*/messages")] == [500, 200, 503]


async def test_dropped_before_answering_does_nothing(world, http, loopback):
    _, _, _, channel = world
    rule = loopback.faults.drop("POST", "/channels/*/messages")
    with pytest.raises(aiohttp.ClientOSError) as err:
        await http.send_message(channel.id, params=discord.http.handle_message_parameters(content="x"))
    assert err.value.errno == errno.ECONNRESET and rule.hits == 1
    assert loopback.channel(channel).messages() == []
    assert loopback.requests_to("POST", "/channels/*/messages")[0].outcome == "dropped"


async def test_dropped_after_performing_is_the_ambiguous_case(world, http, loopback):
    _, _, _, channel = world
    loopback.faults.drop("POST", "/channels/*/messages", after=True)
    with pytest.raises(aiohttp.ClientError):
        await http.send_message(channel.id, params=discord.http.handle_message_parameters(content="did it post?"))
    assert loopback.channel(channel).texts() == ["did it post?"]  # it did; the client never heard
    record = loopback.requests_to("POST", "/channels/*/messages")[0]
    assert record.outcome == "lost" and record.status == 200


async def test_held_until_released(world, http, loopback):
    _, _, _, channel = world
    rule = loopback.faults.hold("POST", "/channels/*/messages")
    task = asyncio.create_task(http.send_message(channel.id,
                                                 params=discord.http.handle_message_parameters(content="slow")))
    await rule.wait_hits(1)
    assert not task.done() and loopback.channel(channel).messages() == []  # held before Discord acted
    rule.release()
    message = await asyncio.wait_for(task, 5)
    assert message["content"] == "slow" and loopback.channel(channel).texts() == ["slow"]


async def test_held_answer_after_the_work_is_done(world, http, loopback):
    _, _, _, channel = world
    rule = loopback.faults.hold("POST", "/channels/*/messages", after=True)
    task = asyncio.create_task(http.send_message(channel.id,
                                                 params=discord.http.handle_message_parameters(content="posted")))
    await loopback.wait_for(lambda: loopback.channel(channel).messages())
    assert not task.done()  # the message is there, the answer is not
    rule.release()
    await asyncio.wait_for(task, 5)


async def test_held_for_a_time_and_rules_removed(world, raw, loopback):
    _, _, _, channel = world
    rule = loopback.faults.hold("POST", "/channels/*/messages", seconds=0.05, times=None)
    for _ in range(2):
        async with raw.post(f"/api/v10/channels/{channel.id}/messages", json={"content": "x"}) as resp:
            assert resp.status == 200
    assert rule.hits == 2
    rule.remove()
    async with raw.post(f"/api/v10/channels/{channel.id}/messages", json={"content": "x"}) as resp:
        assert resp.status == 200
    assert rule.hits == 2


async def test_fault_patterns(loopback):
    from tests.loopback.faults import matches

    assert matches("/interactions/*/*/callback", "/interactions/1/tok/callback?with_response=1")
    assert matches("/channels/{channel_id}/messages", "/channels/5/messages")
    assert not matches("/channels/*/messages", "/channels/5/messages/6")
    assert matches("/webhooks/**", "/webhooks/1/tok/messages/@original")
    assert matches("**/messages/*", "/channels/5/messages/6")
    with pytest.raises(ValueError):
        loopback.faults.error("POST", "/x", 418)


async def test_commands_sync(http, loopback):
    body = [{"name": "tne", "description": "Play", "type": 1, "options": []}]
    first = await http.bulk_upsert_global_commands(loopback.app_id, body)
    again = await http.bulk_upsert_global_commands(loopback.app_id, body)
    assert first[0]["id"] == again[0]["id"]  # the same command keeps its id
    assert await http.get_global_commands(loopback.app_id) == again
    with pytest.raises(discord.HTTPException) as err:
        await http.bulk_upsert_global_commands(loopback.app_id, [{"name": "Bad Name", "description": "x"}])
    assert err.value.code == 50035


async def test_a_bulk_overwrite_may_not_drop_the_entry_point_command(http, loopback):
    launch = {"id": "555", "application_id": str(loopback.app_id), "version": "1", "type": 4, "name": "launch",
              "description": "", "handler": 2, "contexts": [0, 1, 2], "integration_types": [0, 1]}
    loopback.commands[None] = [launch]
    body = [{"name": "tne", "description": "Play", "type": 1, "options": []}]
    with pytest.raises(discord.HTTPException) as err:
        await http.bulk_upsert_global_commands(loopback.app_id, body)
    assert (err.value.status, err.value.code) == (400, 50240)
    assert loopback.commands[None] == [launch]  # refused whole: nothing changed
    kept = {k: launch[k] for k in ("id", "type", "name", "description", "handler")}
    synced = await http.bulk_upsert_global_commands(loopback.app_id, [*body, kept])
    assert [(c["name"], c["type"]) for c in synced] == [("tne", 1), ("launch", 4)]
    assert synced[1]["id"] == "555"
