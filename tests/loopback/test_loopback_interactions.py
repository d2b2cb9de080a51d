"""Interactions on the loopback server: callbacks, the 3-second deadline, tokens, follow-ups, pings, the driver."""

from __future__ import annotations

import aiohttp
import pytest

from tests.loopback import LoopbackDiscord, Refused
from tests.loopback.model import ALL_PERMISSIONS

pytestmark = pytest.mark.loopback


@pytest.fixture
async def world(loopback):
    alice, bob, carol = loopback.add_user("Alice"), loopback.add_user("Bob"), loopback.add_user("Carol")
    guild = loopback.add_guild()
    return loopback, alice, bob, carol, guild, loopback.add_channel(guild)


@pytest.fixture
async def raw(loopback):
    """Interaction endpoints need no bot token; a plain client shows status codes as they are."""
    async with aiohttp.ClientSession(base_url=f"{loopback.http_url}") as session:
        yield session


def callback(sent) -> str:
    return f"/api/v10/interactions/{sent.id}/{sent.token}/callback"


def webhook(server: LoopbackDiscord, sent, tail: str = "") -> str:
    return f"/api/v10/webhooks/{server.app_id}/{sent.token}{tail}"


async def test_answer_within_the_deadline_once(world, raw):
    server, alice, _, _, _, channel = world
    sent = await server.slash(alice, channel, "tne status")
    assert sent.delivered is None  # no bot connected: Discord had nobody to give it to
    async with raw.post(callback(sent), json={"type": 4, "data": {"content": "Game #1"}}) as resp:
        assert resp.status == 204
    async with raw.post(callback(sent), json={"type": 4, "data": {"content": "again"}}) as resp:
        assert resp.status == 400 and await resp.json() == {"message": "Interaction has already been acknowledged.",
                                                            "code": 40060}
    message = await sent.response()
    assert message.content == "Game #1" and message.type == 20 and message.interaction_user == alice.id
    assert server.channel(channel).texts() == ["Game #1"]


async def test_with_response_returns_the_callback_resource(world, raw):
    server, alice, _, _, _, channel = world
    sent = await server.slash(alice, channel, "tne hand")
    body = {"type": 4, "data": {"content": "Your hand", "flags": 64}}
    async with raw.post(callback(sent) + "?with_response=1", json=body) as resp:
        data = await resp.json()
    assert resp.status == 200
    assert data["interaction"]["id"] == str(sent.id) and data["interaction"]["response_message_ephemeral"] is True
    assert data["resource"]["type"] == 4 and data["resource"]["message"]["content"] == "Your hand"
    assert server.channel(channel).messages() == []  # ephemeral: nobody else sees it
    assert server.channel(channel, alice).texts() == ["Your hand"]


async def test_the_three_second_deadline_counts_from_creation(world, raw):
    server, alice, _, _, _, channel = world
    late = await server.slash(alice, channel, "tne board", age=3.5)  # created 3.5 s ago, delivered now
    async with raw.post(callback(late), json={"type": 4, "data": {"content": "too late"}}) as resp:
        assert resp.status == 404 and await resp.json() == {"message": "Unknown interaction", "code": 10062}
    async with raw.post(webhook(server, late), json={"content": "follow-up"}) as resp:
        assert resp.status == 404 and (await resp.json())["code"] == 10015  # never acknowledged: no webhook
    in_time = await server.slash(alice, channel, "tne board", age=2.5)
    async with raw.post(callback(in_time), json={"type": 5}) as resp:
        assert resp.status == 204
    assert server.channel(channel).texts() == [""] and server.channel(channel).last().loading


async def test_tokens_live_fifteen_minutes(world, raw):
    server, alice, _, _, _, channel = world
    sent = await server.slash(alice, channel, "tne board")
    await raw.post(callback(sent), json={"type": 4, "data": {"content": "board"}})
    async with raw.patch(webhook(server, sent, "/messages/@original"), json={"content": "board + picture"}) as resp:
        assert resp.status == 200
    server.clock.advance(15 * 60 + 1)
    async with raw.patch(webhook(server, sent, "/messages/@original"), json={"content": "later"}) as resp:
        assert resp.status == 401 and await resp.json() == {"message": "Invalid Webhook Token", "code": 50027}
    async with raw.post(webhook(server, sent), json={"content": "later"}) as resp:
        assert resp.status == 401
    assert server.channel(channel).texts() == ["board + picture"]


async def test_deferred_then_completed_by_the_first_follow_up(world, raw):
    server, alice, bob, _, _, channel = world
    sent = await server.slash(alice, channel, "tne move", action="pass")
    await raw.post(callback(sent), json={"type": 5})
    loading = server.channel(channel).last()
    assert loading.loading and loading.content == ""
    async with raw.post(webhook(server, sent), json={"content": f"Alice passed. <@{bob.id}>, your turn"}) as resp:
        first = await resp.json()
    assert first["id"] == str(loading.id)  # Discord: the first follow-up after a deferral edits the loading message
    (message,) = server.channel(channel).messages()
    assert not message.loading and message.content.startswith("Alice passed")
    assert message.mentions.users == [bob.id] and message.pinged == frozenset()  # edits notify nobody
    async with raw.post(webhook(server, sent), json={"content": f"<@{bob.id}> really, your turn"}) as resp:
        second = await resp.json()
    assert second["id"] != first["id"] and server.channel(channel).last().pinged == {bob.id}
    assert [m.id for m in sent.messages()] == [loading.id, int(second["id"])]


async def test_original_and_follow_ups_by_id(world, raw):
    server, alice, _, _, _, channel = world
    sent = await server.slash(alice, channel, "tne log")
    other = await server.slash(alice, channel, "tne log")
    await raw.post(callback(sent), json={"type": 4, "data": {"content": "one"}})
    await raw.post(callback(other), json={"type": 4, "data": {"content": "two"}})
    follow = await (await raw.post(webhook(server, sent), json={"content": "three", "flags": 64})).json()
    async with raw.get(webhook(server, sent, f"/messages/{follow['id']}")) as resp:
        assert (await resp.json())["content"] == "three"
    other_original = server.messages[other.record.original_id]
    async with raw.get(webhook(server, sent, f"/messages/{other_original.id}")) as resp:
        assert resp.status == 404 and (await resp.json())["code"] == 10008  # not made with this token
    async with raw.delete(webhook(server, sent, "/messages/@original")) as resp:
        assert resp.status == 204
    assert server.channel(channel).texts() == ["two"]
    assert server.channel(channel, alice).texts() == ["two", "three"]


async def test_callback_types_fit_interaction_types(world, raw):
    server, alice, _, _, _, channel = world
    auto = await server.autocomplete(alice, channel, "tne move", "action", "til")
    async with raw.post(callback(auto), json={"type": 4, "data": {"content": "no"}}) as resp:
        assert resp.status == 400 and (await resp.json())["code"] == 50035
    choices = [{"name": f"tile red F{i}", "value": f"tile red F{i}"} for i in range(26)]
    async with raw.post(callback(auto), json={"type": 8, "data": {"choices": choices}}) as resp:
        assert resp.status == 400  # at most 25
    async with raw.post(callback(auto), json={"type": 8, "data": {"choices": choices[:3]}}) as resp:
        assert resp.status == 204
    assert await auto.choices() == ["tile red F0", "tile red F1", "tile red F2"]
    command = await server.slash(alice, channel, "tne board")
    async with raw.post(callback(command), json={"type": 7, "data": {"content": "no"}}) as resp:
        assert resp.status == 400  # UPDATE_MESSAGE is for components only
    async with raw.post(callback(command), json={"type": 4, "data": {"content": "x" * 2001}}) as resp:
        body = await resp.json()
        assert resp.status == 400 and "content" in body["errors"]["data"]
    assert not command.record.acknowledged


async def test_buttons_update_their_message(world, raw):
    server, alice, bob, _, _, channel = world
    sent = await server.slash(alice, channel, "tne new")
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Join", "custom_id": "tne:1:0:join"},
                                     {"type": 2, "style": 2, "label": "Off", "custom_id": "x", "disabled": True}]}
    await raw.post(callback(sent), json={"type": 4, "data": {"content": "Lobby", "components": [row]}})
    lobby = await sent.response()
    with pytest.raises(Refused):
        await server.press(bob, lobby, label="Off")
    with pytest.raises(Refused):
        await server.press(bob, lobby, label="Leave")
    press = await server.press(bob, lobby, label="Join")
    assert press.record.payload["message"]["id"] == str(lobby.id)
    assert press.record.payload["data"] == {"custom_id": "tne:1:0:join", "component_type": 2}
    await raw.post(callback(press), json={"type": 7, "data": {"content": "Lobby: Alice, Bob", "components": []}})
    assert lobby.content == "Lobby: Alice, Bob" and lobby.buttons() == [] and lobby.revisions == ["Lobby"]
    with pytest.raises(Refused):
        await server.press(alice, lobby.id, custom_id="tne:1:0:join")  # the button is gone
    # A deferred update (6) changes nothing; @original is then the button's message.
    sent2 = await server.slash(alice, channel, "tne new")
    await raw.post(callback(sent2), json={"type": 4, "data": {"content": "L2", "components": [row]}})
    press2 = await server.press(bob, await sent2.response(), label="Join")
    await raw.post(callback(press2), json={"type": 6})
    async with raw.patch(webhook(server, press2, "/messages/@original"), json={"content": "L2 edited"}) as resp:
        assert resp.status == 200
    assert (await sent2.response()).content == "L2 edited"


async def test_ephemeral_buttons_are_pressed_only_by_their_owner(world, raw):
    server, alice, bob, _, _, channel = world
    sent = await server.slash(alice, channel, "tne hand")
    row = {"type": 1, "components": [{"type": 2, "style": 4, "label": "Pass", "custom_id": "tne:1:3:play:pass"}]}
    await raw.post(callback(sent), json={"type": 4, "data": {"content": "hand", "flags": 64, "components": [row]}})
    hand = await sent.response()
    with pytest.raises(Refused):
        await server.press(bob, hand, label="Pass")
    assert (await server.press(alice, hand, label="Pass")).record.payload["message"]["flags"] == 64


# --- pings -------------------------------------------------------------------------------------------------------


async def test_pings_follow_allowed_mentions(world, raw):
    server, alice, bob, carol, _guild, channel = world
    text = f"<@{alice.id}> and <@!{bob.id}> and <@{carol.id}> @everyone"

    async def respond(data: dict) -> object:
        sent = await server.slash(alice, channel, "tne board")
        async with raw.post(callback(sent), json={"type": 4, "data": data}) as resp:
            assert resp.status == 204, await resp.text()
        return await sent.response()

    default = await respond({"content": text})  # interactions parse users only by default
    assert default.pinged == {alice.id, bob.id, carol.id} and not default.mentions.everyone
    none = await respond({"content": text, "allowed_mentions": {"parse": []}})
    assert none.pinged == frozenset() and none.mentions.users == []
    only_bob = await respond({"content": text, "allowed_mentions": {"parse": [], "users": [str(bob.id), "42"]}})
    assert only_bob.pinged == {bob.id}
    sent = await server.slash(alice, channel, "tne board")
    async with raw.post(callback(sent), json={"type": 4, "data": {
            "content": text, "allowed_mentions": {"parse": ["users"], "users": [str(bob.id)]}}}) as resp:
        body = await resp.json()
        assert resp.status == 400 and body["code"] == 50035
        assert "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE" in str(body)
    quiet = await respond({"content": text, "flags": 1 << 12})  # SUPPRESS_NOTIFICATIONS
    assert quiet.pinged == frozenset() and quiet.mentions.users
    hidden = await respond({"content": text, "flags": 64})
    assert hidden.pinged == frozenset()  # ephemeral messages notify nobody


async def test_channel_messages_parse_everything_by_default(world):
    server, alice, bob, carol, guild, channel = world
    players = server.add_role(guild, "players", members=(alice, bob), mentionable=True)
    secret = server.add_role(guild, "staff", members=(carol,))
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {server.token}"}) as http:
        url = f"{server.api_base}/v10/channels/{channel.id}/messages"
        async with http.post(url, json={"content": f"<@&{players.id}> <@&{secret.id}> @everyone"}) as resp:
            message = server.messages[int((await resp.json())["id"])]
    # The role that is not mentionable, and @everyone (no Mention Everyone permission), notify nobody.
    assert message.pinged == {alice.id, bob.id} and message.mentions.roles == [players.id]
    assert not message.mentions.everyone


async def test_everyone_with_permission():
    async with LoopbackDiscord(bot_permissions=ALL_PERMISSIONS) as server:
        alice, bob = server.add_user("Alice"), server.add_user("Bob")
        channel = server.add_channel(server.add_guild())
        async with aiohttp.ClientSession(headers={"Authorization": f"Bot {server.token}"}) as http:
            url = f"{server.api_base}/v10/channels/{channel.id}/messages"
            async with http.post(url, json={"content": "@here game starts"}) as resp:
                message = server.messages[int((await resp.json())["id"])]
        assert message.mentions.everyone and message.pinged == {alice.id, bob.id}


async def test_edits_recompute_mentions_but_never_notify(world, raw):
    server, alice, bob, _, _, channel = world
    sent = await server.slash(alice, channel, "tne board")
    await raw.post(callback(sent), json={"type": 4, "data": {"content": f"<@{alice.id}>"}})
    async with raw.patch(webhook(server, sent, "/messages/@original"), json={"content": f"<@{bob.id}>"}) as resp:
        assert resp.status == 200
    message = await sent.response()
    assert message.mentions.users == [bob.id] and message.pinged == {alice.id}


# --- the driver against a synced schema --------------------------------------------------------------------------


SCHEMA = [{"name": "tne", "description": "Play", "type": 1, "contexts": [0], "options": [
    {"type": 1, "name": "new", "description": "Open", "options": [
        {"type": 4, "name": "seats", "description": "n", "required": False, "min_value": 2, "max_value": 4},
        {"type": 3, "name": "board", "description": "b", "choices": [{"name": "standard", "value": "standard"}]}]},
    {"type": 1, "name": "move", "description": "Move", "options": [
        {"type": 3, "name": "action", "description": "a", "required": True, "autocomplete": True,
         "max_length": 100}]},
]}]


async def test_the_driver_sends_only_what_the_discord_client_would(world):
    server, alice, _, _, _guild, channel = world
    server.commands[None] = [dict(SCHEMA[0], id="77", application_id=str(server.app_id), version="1")]
    sent = await server.slash(alice, channel, "tne new", seats=3)
    data = sent.record.data
    assert data["id"] == "77" and data["options"][0] == {"type": 1, "name": "new", "options": [
        {"type": 4, "name": "seats", "value": 3}]}
    for bad in ({"seats": 5}, {"seats": "3"}, {"board": "huge"}, {"colour": "red"}):
        with pytest.raises(Refused):
            await server.slash(alice, channel, "tne new", **bad)
    with pytest.raises(Refused):
        await server.slash(alice, channel, "tne move")  # action is required
    with pytest.raises(Refused):
        await server.slash(alice, channel, "tne move", action="x" * 101)
    with pytest.raises(Refused):
        await server.slash(alice, server.dm_channel(alice.id), "tne new")  # contexts: servers only
    auto = await server.autocomplete(alice, channel, "tne move", "action", "til")
    assert auto.record.type == 4
    assert auto.record.data["options"][0]["options"] == [{"type": 3, "name": "action", "value": "til",
                                                           "focused": True}]


async def test_interaction_payloads_in_threads_and_dms(world):
    server, alice, _, _, guild, channel = world
    thread = server.add_thread(channel, "game 2")
    sent = await server.slash(alice, thread, "tne board")
    payload = sent.record.payload
    assert payload["channel"]["type"] == 11 and payload["channel"]["parent_id"] == str(channel.id)
    assert payload["guild_id"] == str(guild.id) and payload["member"]["user"]["id"] == str(alice.id)
    assert payload["member"]["permissions"] == str(server.member(guild, alice).permissions)
    dm = await server.slash(alice, server.dm_channel(alice.id), "tne help")
    assert "guild_id" not in dm.record.payload and "member" not in dm.record.payload
    assert dm.record.payload["user"]["id"] == str(alice.id) and dm.record.payload["context"] == 1
    assert dm.record.payload["channel"]["type"] == 1
