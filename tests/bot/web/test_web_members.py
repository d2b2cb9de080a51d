"""What a web reader who is not seated may see costs Discord a member fetch (the bot has no members intent): through
the real bot on the loopback Discord, a reader's many reads make one call, readers asking at once share it, and many
readers at once spend no more than the web's own budget of calls, so the bot's posts keep Discord's global limit."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest

from bot.config import WebConfig
from bot.discord_front.discord_sight import WEB_CALLS, WebMembers
from bot.web.auth import COOKIE, Person
from tests.loopback import running_bot
from tests.loopback.tne import open_game

pytestmark = pytest.mark.loopback

MEMBERS = "/guilds/*/members/*"
SECRET = "m" * 40


def web_settings() -> WebConfig:
    return WebConfig(port=0, url="http://tne.test", secret=SECRET, host="127.0.0.1")


def base_of(bot) -> str:
    host, port = bot.app.web.runner.addresses[0][:2]
    return f"http://{host}:{port}"


async def reads(http: aiohttp.ClientSession, url: str, cookie: str, n: int) -> list[tuple[int, dict]]:
    async def one() -> tuple[int, dict]:
        async with http.get(url, cookies={COOKIE: cookie}) as answer:
            return answer.status, await answer.json()
    return await asyncio.gather(*(one() for _ in range(n)))


async def test_thirty_reads_by_a_spectating_member_cost_one_discord_call(loopback, tmp_path):
    alice, bob, carol = (loopback.add_user(n) for n in ("Alice", "Bob", "Carol"))
    guild = loopback.add_guild()
    channel = loopback.add_channel(guild, "tigris")
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5, web=web_settings()) as bot:
        await bot.sync_commands()
        await open_game(loopback, channel, alice, joiners=(bob,))
        game_id = (await bot.service.channel_table(channel.id)).id
        cookie = bot.app.web.ctx.auth.session(Person(carol.id, "Carol"))
        url = f"{base_of(bot)}/api/games/{game_id}"
        held = loopback.faults.hold("GET", MEMBERS)  # Discord is slow to answer: every first read waits together
        answers = []
        async with aiohttp.ClientSession() as http:
            first = asyncio.ensure_future(reads(http, url, cookie, 8))
            await held.wait_hits(1)
            held.release()
            answers += await first
            for n in (8, 8, 6):
                await asyncio.sleep(1.0)  # within the web's own rate of 10 requests a second per person
                answers += await reads(http, url, cookie, n)
        assert len(answers) == 30
        assert all(status == 200 and body["you"] is None for status, body in answers), answers[:3]
        assert len(loopback.requests_to("GET", MEMBERS)) == 1


async def test_many_readers_at_once_spend_only_the_webs_budget_of_discord_calls(loopback, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    readers = [loopback.add_user(f"Reader {i}") for i in range(30)]
    guild = loopback.add_guild()
    channel = loopback.add_channel(guild, "tigris")
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5, web=web_settings()) as bot:
        await bot.sync_commands()
        await open_game(loopback, channel, alice, joiners=(bob,))
        game_id = (await bot.service.channel_table(channel.id)).id
        auth = bot.app.web.ctx.auth
        url = f"{base_of(bot)}/api/games/{game_id}"
        before = len(loopback.requests_to("GET", MEMBERS))
        started = time.monotonic()
        async with aiohttp.ClientSession() as http:
            answers = await asyncio.gather(*(reads(http, url, auth.session(Person(r.id, r.name)), 1)
                                             for r in readers))
        elapsed = time.monotonic() - started
        calls = len(loopback.requests_to("GET", MEMBERS)) - before
        statuses = [status for (status, _), in answers]
        # Within budget a reader sees the public game; beyond it, only the games they sit in (none here).
        assert set(statuses) <= {200, 404} and statuses.count(200) == calls
        assert 1 <= calls <= WEB_CALLS + WEB_CALLS * elapsed + 1, (calls, elapsed)
        async with aiohttp.ClientSession() as http:  # a seated player never needs Discord to see their game
            (status, body), = await reads(http, url, auth.session(Person(alice.id, "Alice")), 1)
        assert status == 200 and body["you"] is not None


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def loopback_fetch(loopback, http: aiohttp.ClientSession):
    """GET guild member at the loopback Discord with the bot's token, as discord.py's fetch_member asks it; the
    member's JSON back, None for someone who is not a member."""
    async def fetch(guild_id: int, user_id: int):
        headers = {"Authorization": f"Bot {loopback.token}"}
        async with http.get(f"{loopback.api_base}/v10/guilds/{guild_id}/members/{user_id}", headers=headers) as answer:
            return await answer.json() if answer.status == 200 else None
    return fetch


async def test_members_are_kept_a_while_boundedly_and_asked_again_after(loopback):
    alice, bob, carol = (loopback.add_user(n) for n in ("Alice", "Bob", "Carol"))
    guild = loopback.add_guild()
    clock = Clock()
    async with aiohttp.ClientSession() as http:
        members = WebMembers(loopback_fetch(loopback, http), life=45.0, kept=2, rate=100.0, now=clock)
        asked = lambda: len(loopback.requests_to("GET", MEMBERS))  # noqa: E731
        assert (await members.member(guild.id, alice.id))["user"]["id"] == str(alice.id)
        assert await members.member(guild.id, 424242) is None  # not a member: known as such too
        clock.t += 44.0
        await members.member(guild.id, alice.id)
        await members.member(guild.id, 424242)
        assert asked() == 2  # both still believed
        clock.t += 2.0
        await members.member(guild.id, alice.id)
        assert asked() == 3  # past its life: asked again
        await members.member(guild.id, bob.id)
        await members.member(guild.id, carol.id)  # a third person: the least recently asked (Alice) goes
        assert asked() == 5
        await members.member(guild.id, alice.id)
        assert asked() == 6


async def test_beyond_the_budget_a_reader_gets_what_is_known_or_nothing_without_asking(loopback):
    people = [loopback.add_user(f"P{i}") for i in range(4)]
    guild = loopback.add_guild()
    clock = Clock()
    async with aiohttp.ClientSession() as http:
        members = WebMembers(loopback_fetch(loopback, http), life=10.0, rate=2.0, now=clock)
        asked = lambda: len(loopback.requests_to("GET", MEMBERS))  # noqa: E731
        assert await members.member(guild.id, people[0].id) is not None
        assert await members.member(guild.id, people[1].id) is not None
        assert await members.member(guild.id, people[2].id) is None  # the budget is spent this second
        assert asked() == 2
        clock.t += 11.0  # everything known is old now, and the budget refilled
        await members.member(guild.id, people[0].id)
        await members.member(guild.id, people[3].id)
        stale = await members.member(guild.id, people[1].id)  # over budget again: the old answer, not nothing
        assert stale is not None and stale["user"]["id"] == str(people[1].id)
        assert asked() == 4
