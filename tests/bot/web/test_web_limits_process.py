"""The web board's limits in the real bot process (loopback Discord), run as systemd would, with few descriptors:
one person's flood of live streams is refused beyond its caps in words while everyone else still reads and
watches, and the bot still plays; a channel's worth of spectators on one link from one address all see the game
live; and a fault that repeats (the server out of descriptors) is one line in the log and then a count."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import resource
import socket

import aiohttp
import pytest

from tests.loopback.tne import open_game, play_turn

pytestmark = [pytest.mark.loopback, pytest.mark.process]

SECRET = "q" * 40
DESCRIPTORS = 512  # the bot's soft limit on open files here (systemd's default is 1024): 256 streams overall


@contextlib.contextmanager
def few_descriptors(soft: int):
    """Processes started inside inherit a soft limit of `soft` open files; this one gets its own back after."""
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, before[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)


async def web_bot(bot_processes, port: int, **more: str):
    """`python -m bot` with the web board on at `port` (and the settings in `more`), ready: (the bot, its base URL)."""
    base = f"http://127.0.0.1:{port}"
    env = {"TNE_WEB_PORT": str(port), "TNE_WEB_HOST": "127.0.0.1", "TNE_WEB_URL": base, "TNE_WEB_SECRET": SECRET,
           **more}
    bot = bot_processes.make(env=env, args=("--sync",))
    with few_descriptors(DESCRIPTORS):  # only while it is spawned: this process opens nothing meanwhile
        await bot.start(wait_ready=False)
    await bot.wait_ready()
    await bot.wait_log(r"[Ww]eb board", timeout=15)
    return bot, base


async def links(loopback, channel, person) -> tuple[str, str]:
    """`/tne web`'s private answer: (the person's sign-in link, the spectators' link)."""
    answer = await (await loopback.slash(person, channel, "tne web")).response(10)
    personal, public = re.findall(r"<(http://[^>]+)>", answer.content)
    return personal, public


def client(local: str = "127.0.0.1") -> aiohttp.ClientSession:
    """A browser of its own (cookies, connections) at a local address of its own (all of 127/8 is this machine)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(limit=0, local_addr=(local, 0)))


async def sign_in(session: aiohttp.ClientSession, base: str, personal: str) -> None:
    """As a browser does: the link's sign-in page, then its form's post, from the board's own origin."""
    async with session.get(personal) as page:
        assert page.status == 200, await page.text()
    token = personal.split("?t=", 1)[1]
    same_origin = {"Origin": base, "Sec-Fetch-Site": "same-origin"}
    async with session.post(f"{base}/auth", data={"t": token}, headers=same_origin, allow_redirects=False) as got:
        assert got.status == 302, await got.text()


class Stream:
    """One open `/events` (or its refusal)."""

    def __init__(self, answer: aiohttp.ClientResponse, first: dict | None, error: str | None) -> None:
        self.answer, self.first, self.error = answer, first, error

    @property
    def status(self) -> int:
        return self.answer.status

    async def next_revision(self) -> int:
        while True:
            line = (await self.answer.content.readline()).decode()
            if line.startswith("data: "):
                return json.loads(line.removeprefix("data: "))["revision"]


async def open_stream(session: aiohttp.ClientSession, url: str) -> Stream:
    answer = await session.get(url)
    if answer.status != 200:
        body = await answer.json()
        answer.release()
        return Stream(answer, None, body.get("error"))
    line = (await answer.content.readline()).decode()
    return Stream(answer, json.loads(line.removeprefix("data: ")), None)


def game_path(public: str) -> tuple[str, str]:
    """The spectators' link as the page reads it: (`/api/games/<id>`, `?s=<token>`)."""
    found = re.search(r"/g/(\d+)(\?s=.+)$", public)
    assert found, public
    return f"/api/games/{found.group(1)}", found.group(2)


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
    held = await asyncio.to_thread(hold_connections, unused_tcp_port, DESCRIPTORS + 50)
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
