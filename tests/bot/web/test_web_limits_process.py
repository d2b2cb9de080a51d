"""The web board's limits in the real bot process (loopback Discord), run as systemd would, with few descriptors:
one person's flood of live streams is refused beyond its caps in words while everyone else still reads and
watches, and the bot still plays; a channel's worth of spectators on one link from one address all see the game
live; and a fault that repeats (the server out of descriptors) is one line in the log and then a count."""

from __future__ import annotations

import asyncio
import random
import re
import socket

import aiohttp
import pytest

from tests.bot.web.web_process import (
    DESCRIPTORS,
    Stream,
    client,
    game_path,
    links,
    open_stream,
    sign_in,
    web_bot,
)
from tests.loopback.tne import open_game, play_turn

pytestmark = [pytest.mark.loopback, pytest.mark.process]



async def test_one_persons_flood_of_streams_is_capped_and_everyone_else_still_plays(
        loopback, bot_processes, unused_tcp_port):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    bot, base = await web_bot(bot_processes, unused_tcp_port)
    await open_game(loopback, channel, alice, joiners=(bob,))
    personal, public = await links(loopback, channel, alice)
    api, query = game_path(public)
    streams: list[Stream] = []
    async with client() as member, client() as watcher, client("127.0.0.2") as other:
        try:
            await sign_in(member, base, personal)
            # Alice, signed in, opens page after page; then the game's public link from the same address.
            mine = [await open_stream(member, f"{base}{api}/events") for _ in range(20)]
            streams += mine
            assert [s.status for s in mine].count(200) == 8  # a person's tabs and devices
            assert all(s.status == 429 for s in mine[8:])
            assert any(s.error and s.error.startswith("You have 8 live pages open already") for s in mine)
            flood = await asyncio.gather(*(open_stream(watcher, f"{base}{api}/events{query}") for _ in range(250)))
            streams += flood
            assert [s.status for s in flood].count(200) == 200 - 8  # 200 from one address, Alice's 8 with them
            refused = {s.error for s in flood if s.status == 429}
            assert refused == {"200 live pages are open from your address already: this one reads the game every "
                               "few seconds instead."}
            # Someone else, elsewhere: reads the game, watches it live, and sees the next move made in Discord.
            async with other.get(f"{base}{api}{query}") as got:
                assert got.status == 200
                revision = (await got.json())["revision"]
            theirs = await open_stream(other, f"{base}{api}/events{query}")
            streams.append(theirs)
            assert theirs.status == 200 and theirs.first == {"revision": revision}
            await play_turn(loopback, channel, random.Random(37))  # autocomplete and /tne move: the bot answers
            assert await asyncio.wait_for(theirs.next_revision(), 10) > revision
            # Many addresses together meet the overall cap: half the bot's descriptors, 256 streams.
            async with client("127.0.0.3") as third, client("127.0.0.4") as fourth:
                more = await asyncio.gather(*(open_stream(third, f"{base}{api}/events{query}") for _ in range(100)))
                streams.extend(more)
                assert [s.status for s in more].count(200) == 256 - 201
                assert {s.error for s in more if s.status == 429} == {
                    "The web board serves as many live pages as it can: this one reads the game every few seconds "
                    "instead."}
                async with fourth.get(f"{base}{api}{query}") as got:
                    assert got.status == 200  # reading is never refused for it
        finally:
            for s in streams:
                s.answer.close()
    assert "Too many open files" not in bot.logs and "Traceback" not in bot.logs

    # Raw connections that never send a request take the rest of the bot's descriptors: its server cannot accept
    # (asyncio retries each second and logs each failure). The log shows it once, and its count when it ends.
    held = await asyncio.to_thread(hold_connections, int(base.rsplit(":", 1)[1]), DESCRIPTORS + 50)
    try:
        await bot.wait_log("out of system resource", timeout=10)
        await asyncio.sleep(3.5)  # three more failed accepts
    finally:
        for sock in held:
            sock.close()
    await bot.stop()
    lines = [line for line in bot.logs.splitlines() if "out of system resource" in line]
    assert len(lines) == 2, "\n".join(lines)
    assert re.search(r"Repeated \d+ more times in \d+ s: socket.accept\(\) out of system resource", lines[1])


def hold_connections(port: int, count: int) -> list[socket.socket]:
    """Up to `count` TCP connections to the port, opened and kept (the bot's backlog takes those it cannot accept)."""
    held = []
    for _ in range(count):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=2))
        except OSError:
            break
    return held


async def test_a_channel_of_spectators_on_one_link_from_one_address_all_watch_live(
        loopback, bot_processes, unused_tcp_port):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    _, base = await web_bot(bot_processes, unused_tcp_port)
    await open_game(loopback, channel, alice, joiners=(bob,))
    _, public = await links(loopback, channel, alice)
    api, query = game_path(public)
    crowd = 100

    async def open_page(session: aiohttp.ClientSession) -> tuple[list[int], Stream, int]:
        """What the page does on opening: the page, the session, texts and boards, the game, its stream, and the
        game again once the stream is live."""
        statuses = []
        for path in (public.removeprefix(base), "/api/session", "/api/texts?lang=fr", "/api/boards",
                     f"{api}{query}"):
            async with session.get(base + path) as got:
                statuses.append(got.status)
                await got.read()
        stream = await open_stream(session, f"{base}{api}/events{query}")
        async with session.get(f"{base}{api}{query}") as got:
            statuses.append(got.status)
            revision = (await got.json())["revision"] if got.status == 200 else -1
        return [*statuses, stream.status], stream, revision

    sessions = [client() for _ in range(crowd)]
    opened: list = []
    try:
        opened = await asyncio.gather(*(open_page(s) for s in sessions))
        assert [statuses for statuses, _, _ in opened] == [[200] * 7] * crowd
        revision = opened[0][2]
        await play_turn(loopback, channel, random.Random(41))
        heard = await asyncio.gather(*(asyncio.wait_for(stream.next_revision(), 15) for _, stream, _ in opened))
        assert all(r > revision for r in heard)

        async def reread(session: aiohttp.ClientSession) -> tuple[int, int]:
            async with session.get(f"{base}{api}{query}") as got:
                return got.status, (await got.json()).get("revision", -1)

        assert set(await asyncio.gather(*(reread(s) for s in sessions))) == {(200, heard[0])}
    finally:
        for _, stream, _ in opened:
            stream.answer.close()
        for session in sessions:
            await session.close()
