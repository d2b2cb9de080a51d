"""The loopback gateway with a bare websocket client: handshake, heartbeats, RESUME and replay, shards, faults."""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

import aiohttp
import pytest

from tests.loopback import LoopbackDiscord

pytestmark = pytest.mark.loopback

GUILDS = 1


class RawGateway:
    """A minimal gateway client: what discord.py does, one payload at a time."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, inflate: Any) -> None:
        self.ws = ws
        self.inflate = inflate
        self.seq: int | None = None
        self.session_id: str | None = None

    @classmethod
    async def connect(cls, http: aiohttp.ClientSession, url: str, *, compress: bool = False) -> RawGateway:
        query = "?v=10&encoding=json" + ("&compress=zlib-stream" if compress else "")
        gw = cls(await http.ws_connect(url + query), zlib.decompressobj() if compress else None)
        hello = await gw.recv()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        return gw

    async def recv(self, timeout: float = 5.0) -> dict:
        msg = await self.ws.receive(timeout)
        if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            return {"closed": self.ws.close_code}
        if msg.type is aiohttp.WSMsgType.BINARY:
            assert msg.data.endswith(b"\x00\x00\xff\xff")  # every frame ends a zlib sync flush
            payload = json.loads(self.inflate.decompress(msg.data))
        else:
            payload = json.loads(msg.data)
        if payload.get("s") is not None:
            self.seq = payload["s"]
        return payload

    async def send(self, op: int, d: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": d}))

    async def identify(self, token: str, *, shard: list[int] | None = None, intents: int = GUILDS) -> dict:
        d: dict[str, Any] = {"token": token, "intents": intents, "properties": {"os": "linux"}}
        if shard is not None:
            d["shard"] = shard
        await self.send(2, d)
        ready = await self.recv()
        if ready.get("t") == "READY":
            self.session_id = ready["d"]["session_id"]
        return ready

    async def until(self, event: str) -> dict:
        while True:
            payload = await self.recv()
            if payload.get("t") == event or "closed" in payload:
                return payload


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session


async def test_identify_ready_and_guilds_of_the_shard(loopback, http):
    guilds = [loopback.add_guild(f"g{i}", shard=(i % 2, 2)) for i in range(4)]
    gw = await RawGateway.connect(http, loopback.gateway_url)
    ready = await gw.identify(loopback.token, shard=[1, 2])
    assert ready["op"] == 0 and ready["s"] == 1
    d = ready["d"]
    assert d["resume_gateway_url"] == loopback.resume_gateway_url and d["shard"] == [1, 2]
    assert d["user"]["id"] == str(loopback.app_id) and d["application"]["id"] == str(loopback.app_id)
    mine = {str(g.id) for g in guilds if (g.id >> 22) % 2 == 1}
    assert {g["id"] for g in d["guilds"]} == mine and all(g["unavailable"] for g in d["guilds"])
    created = [await gw.recv() for _ in mine]
    assert {c["d"]["id"] for c in created} == mine and [c["s"] for c in created] == [2, 3]
    assert all(c["t"] == "GUILD_CREATE" and c["d"]["members"][0]["user"]["bot"] for c in created)


async def test_heartbeats_are_acknowledged_until_acks_stop(loopback, http):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    await gw.send(1, gw.seq)
    assert (await gw.recv())["op"] == 11
    loopback.gateway.stop_acks(loopback.gateway.current())
    await gw.send(1, gw.seq)
    await loopback.gateway.request_heartbeat()
    assert (await gw.recv())["op"] == 1  # the server's heartbeat request comes; no ACK came before it
    loopback.gateway.resume_acks(loopback.gateway.current())
    await gw.send(1, gw.seq)
    assert (await gw.recv())["op"] == 11


async def test_resume_replays_what_was_missed(loopback, http):
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    await gw.until("GUILD_CREATE")
    seen = gw.seq
    loopback.gateway.drop()  # the network fails: no close frame
    assert "closed" in await gw.recv()
    await loopback.wait_for(lambda: loopback.gateway.current().conn is None)
    missed = await loopback.slash(alice, channel, "tne board")
    assert missed.delivered is not None  # it went to the session, which keeps it
    gw2 = await RawGateway.connect(http, loopback.resume_gateway_url)
    await gw2.send(6, {"token": loopback.token, "session_id": gw.session_id, "seq": seen})
    replayed = await gw2.recv()
    assert replayed["t"] == "INTERACTION_CREATE" and replayed["d"]["id"] == str(missed.id)
    assert replayed["s"] == seen + 1
    resumed = await gw2.recv()
    assert resumed["t"] == "RESUMED" and resumed["s"] == seen + 2
    later = await loopback.slash(alice, channel, "tne status")
    live = await gw2.recv()
    assert live["d"]["id"] == str(later.id) and live["s"] == seen + 3
    assert [r.path for r in loopback.gateway.records if r.kind == "resume"] == ["/gateway-resume"]


async def test_a_resume_is_refused_when_the_session_is_over(loopback, http):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    await gw.ws.close(code=1000)  # a clean close ends the session
    await loopback.wait_for(lambda: loopback.gateway.count("close"))
    for session_id in (gw.session_id, "no-such-session"):
        gw2 = await RawGateway.connect(http, loopback.resume_gateway_url)
        await gw2.send(6, {"token": loopback.token, "session_id": session_id, "seq": gw.seq})
        assert await gw2.recv() == {"op": 9, "d": False, "s": None, "t": None}
        await gw2.ws.close()


async def test_a_session_expires_after_the_resume_window(loopback, http):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    loopback.gateway.drop()
    await loopback.wait_for(lambda: loopback.gateway.count("close"))
    loopback.clock.advance(loopback.resume_window + 1)
    gw2 = await RawGateway.connect(http, loopback.resume_gateway_url)
    await gw2.send(6, {"token": loopback.token, "session_id": gw.session_id, "seq": gw.seq})
    assert (await gw2.recv())["op"] == 9


@pytest.mark.parametrize(("identify", "code"), [
    ({"token": "wrong", "intents": GUILDS}, 4004),
    ({"token": "loopback-token", "intents": GUILDS | (1 << 15)}, 4014),  # message content: not enabled
    ({"token": "loopback-token", "intents": GUILDS, "shard": [2, 2]}, 4010),
    ({"token": "loopback-token"}, 4013),
])
async def test_identify_refusals_close_with_discords_codes(loopback, http, identify, code):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.send(2, identify)
    assert await gw.recv() == {"closed": code}


async def test_protocol_errors_close_the_connection(loopback, http):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.send(3, {"status": "online"})  # before identifying
    assert await gw.recv() == {"closed": 4003}
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.ws.send_str("{not json")
    assert await gw.recv() == {"closed": 4002}
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    await gw.send(2, {"token": loopback.token, "intents": GUILDS})
    assert await gw.until("never") == {"closed": 4005}
    gw2 = await RawGateway.connect(http, loopback.resume_gateway_url)
    await gw2.send(6, {"token": loopback.token, "session_id": gw.session_id, "seq": gw.seq})
    assert (await gw2.recv())["t"] == "RESUMED"  # 4005 is one of the codes after which a client may resume


async def test_resume_with_a_sequence_from_the_future(loopback, http):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    loopback.gateway.drop()
    await loopback.wait_for(lambda: loopback.gateway.count("close"))
    gw2 = await RawGateway.connect(http, loopback.resume_gateway_url)
    await gw2.send(6, {"token": loopback.token, "session_id": gw.session_id, "seq": 999})
    assert await gw2.recv() == {"closed": 4007}


async def test_close_codes_reconnect_and_invalid_session(loopback, http):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    session = loopback.gateway.current()
    await loopback.gateway.reconnect(session)
    assert (await gw.recv())["op"] == 7
    await loopback.gateway.invalidate(session, resumable=True)
    assert (await gw.recv()) == {"op": 9, "d": True, "s": None, "t": None}
    await loopback.gateway.close(session, code=4000)
    assert await gw.recv() == {"closed": 4000}
    assert not session.ended  # 4000 may be resumed
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    session = loopback.gateway.current()
    await loopback.gateway.close(session, code=4009)
    assert await gw.recv() == {"closed": 4009} and session.ended


async def test_an_outage_refuses_connections_until_it_ends(loopback, http):
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    async with loopback.gateway.outage():
        assert "closed" in await gw.recv()
        with pytest.raises(aiohttp.WSServerHandshakeError) as err:
            await http.ws_connect(loopback.resume_gateway_url + "?v=10")
        assert err.value.status == 503
    gw2 = await RawGateway.connect(http, loopback.resume_gateway_url)
    await gw2.send(6, {"token": loopback.token, "session_id": gw.session_id, "seq": gw.seq})
    assert (await gw2.recv())["t"] == "RESUMED"


async def test_connections_that_stop_heartbeating_are_closed():
    async with LoopbackDiscord(heartbeat_interval=0.1) as server, aiohttp.ClientSession() as http:
        gw = await RawGateway.connect(http, server.gateway_url)
        await gw.identify(server.token)
        assert await gw.until("never") == {"closed": 4000}
        assert not server.gateway.current().ended  # the client must resume


async def test_duplicated_dispatches_and_zlib_stream(loopback, http):
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    gw = await RawGateway.connect(http, loopback.gateway_url, compress=True)
    await gw.identify(loopback.token)
    await gw.until("GUILD_CREATE")
    loopback.gateway.duplicate_next("INTERACTION_CREATE")
    sent = await loopback.slash(alice, channel, "tne board")
    first, second = await gw.recv(), await gw.recv()
    assert first["d"]["id"] == second["d"]["id"] == str(sent.id) and second["s"] == first["s"] + 1


async def test_events_go_to_the_shard_that_owns_the_guild(loopback, http):
    alice = loopback.add_user("Alice")
    g0, g1 = loopback.add_guild("zero", shard=(0, 2)), loopback.add_guild("one", shard=(1, 2))
    c0, c1 = loopback.add_channel(g0), loopback.add_channel(g1)
    shards = {}
    for shard in (0, 1):
        gw = shards[shard] = await RawGateway.connect(http, loopback.gateway_url)
        await gw.identify(loopback.token, shard=[shard, 2])
        await gw.until("GUILD_CREATE")
    to_one = await loopback.slash(alice, c1, "tne board")
    to_zero = await loopback.slash(alice, c0, "tne board")
    dm = await loopback.slash(alice, loopback.dm_channel(alice.id), "tne help")
    assert (await shards[1].recv())["d"]["id"] == str(to_one.id)
    assert (await shards[0].recv())["d"]["id"] == str(to_zero.id)
    assert (await shards[0].recv())["d"]["id"] == str(dm.id)  # no guild: shard 0
    assert to_one.delivered[0].shard == (1, 2) and dm.delivered[0].shard == (0, 2)
    # A newer session of the same shard (a restarted process) takes that shard's events from now on.
    newer = await RawGateway.connect(http, loopback.gateway_url)
    await newer.identify(loopback.token, shard=[1, 2])
    await newer.until("GUILD_CREATE")
    again = await loopback.slash(alice, c1, "tne board")
    assert (await newer.recv())["d"]["id"] == str(again.id)
    loopback.add_guild("late", shard=(0, 2))  # joining a guild later: GUILD_CREATE to its shard
    assert (await shards[0].recv())["t"] == "GUILD_CREATE"


async def test_message_events_only_with_the_intent(loopback, http):
    channel = loopback.add_channel(loopback.add_guild())
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token, intents=GUILDS | (1 << 9))
    await gw.until("GUILD_CREATE")
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {loopback.token}"}) as rest:
        await rest.post(f"{loopback.api_base}/v10/channels/{channel.id}/messages", json={"content": "hi"})
    created = await gw.recv()
    assert created["t"] == "MESSAGE_CREATE" and created["d"]["content"] == "hi"
    assert loopback.gateway.current().dispatches("MESSAGE_CREATE")


async def test_gateway_bot_and_many_sessions(loopback, http):
    gws = [await RawGateway.connect(http, loopback.gateway_url) for _ in range(2)]
    for gw in gws:
        await gw.identify(loopback.token)
    async with http.get(f"{loopback.api_base}/v10/gateway/bot",
                        headers={"Authorization": f"Bot {loopback.token}"}) as resp:
        data = await resp.json()
    assert data["url"] == loopback.gateway_url and data["session_start_limit"]["remaining"] == 998
    assert loopback.gateway.count("identify") == 2
    await asyncio.gather(*(gw.ws.close() for gw in gws))


async def test_an_interaction_delivered_later_than_it_was_made(loopback, http):
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    gw = await RawGateway.connect(http, loopback.gateway_url)
    await gw.identify(loopback.token)
    await gw.until("GUILD_CREATE")
    sent = await loopback.slash(alice, channel, "tne board", delay=0.2)
    assert sent.delivered is None  # made now, on its way
    payload = await gw.recv()
    arrived = loopback.clock()
    assert payload["d"]["id"] == str(sent.id) and sent.delivered is not None
    assert arrived - sent.record.created >= 0.2  # its id (and the deadline) date from when it was made
