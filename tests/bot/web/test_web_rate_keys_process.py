"""The web board's request limits keyed on verified identity, in the real bot process (loopback Discord): made-up
session cookies share their address's allowance while a signed-in player still reads their game; X-Forwarded-For
is believed from the trusted proxies only; the Activity's sign-ins send few codes to Discord, per address and overall.

Floods are counted, and nothing asserts how fast anything is: what gets through is at most the allowance's burst and
what it earns back over the time the flood took (measured around it, so a slow machine only loosens the bound), and
at least a fresh burst where a visitor has an allowance of its own."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter
from collections.abc import Awaitable

import aiohttp
import pytest

from bot.web.limits import EXCHANGE_BURST, EXCHANGE_RATE, EXCHANGES_BURST, EXCHANGES_RATE, RATE, TOO_MANY_SIGN_INS
from tests.bot.web.web_process import client, game_path, links, sign_in, web_bot
from tests.loopback.ratelimit import RateLimits
from tests.loopback.tne import open_game

pytestmark = [pytest.mark.loopback, pytest.mark.process]

SLOW_DOWN = "Too many requests: slow down a little and try again in a second."


def made_up() -> dict[str, str]:
    """A `tne_session` cookie nobody issued, different from every other (all of it, its last 24 characters too)."""
    return {"Cookie": f"tne_session={secrets.token_urlsafe(40)}"}


def most(rate: float, burst: float, seconds: float) -> int:
    """The most a leaky bucket of `burst` draining at `rate` a second lets through in `seconds` (one for rounding)."""
    return int(burst + rate * seconds) + 1


async def timed(*calls: Awaitable) -> tuple[list, float]:
    """The calls' results, all sent at once, and the seconds from the first sent to the last answered."""
    start = time.monotonic()
    results = await asyncio.gather(*calls)
    return list(results), time.monotonic() - start


async def status_of(session: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> tuple[int, str | None]:
    async with session.get(url, headers=headers) as got:
        body = await got.json()
        return got.status, body.get("error") if isinstance(body, dict) else None


def flood_client(local: str = "127.0.0.1") -> aiohttp.ClientSession:
    """A client that keeps no cookies (each request carries what it is given) at a local address of its own."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar(),
                                 connector=aiohttp.TCPConnector(limit=0, local_addr=(local, 0)))


async def test_made_up_cookies_and_forged_forwarding_share_the_address_allowance(
        loopback, bot_processes, unused_tcp_port):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    _, base = await web_bot(bot_processes, unused_tcp_port)
    await open_game(loopback, channel, alice, joiners=(bob,))
    personal, public = await links(loopback, channel, alice)
    api, _ = game_path(public)
    flood = 150
    async with client() as alice_web, flood_client() as attacker, flood_client("127.0.0.2") as forger:
        await sign_in(alice_web, base, personal)  # from the attacker's address, 127.0.0.1

        async def alice_reads() -> tuple[int, str | None]:
            async with alice_web.get(f"{base}{api}") as got:
                return got.status, (await got.json()).get("you")

        # Each request with a cookie of its own, none of them issued: they all count against 127.0.0.1. Alice, on
        # the same address, reads her game meanwhile (every 30th request): her verified session has its own allowance.
        calls = [alice_reads() if i % 30 == 0 else status_of(attacker, f"{base}/api/session", made_up())
                 for i in range(flood)]
        answers, seconds = await timed(*calls)
        assert [a for i, a in enumerate(answers) if i % 30 == 0] == [(200, 0)] * 5  # her seat's view, each time
        theirs = [a for i, a in enumerate(answers) if i % 30]
        counted = Counter(status for status, _ in theirs)
        assert set(counted) == {200, 429}, counted
        assert counted[200] <= most(RATE, RATE, seconds), (counted, seconds)
        assert {error for status, error in theirs if status == 429} == {SLOW_DOWN}
        assert await alice_reads() == (200, 0)  # and after it

        # Another address forges a fresh X-Forwarded-For on every request: nobody's is believed (no trusted proxy).
        answers, seconds = await timed(*(status_of(forger, f"{base}/api/session",
                                                   {"X-Forwarded-For": f"198.51.100.{i % 250 + 1}", **made_up()})
                                         for i in range(flood)))
        counted = Counter(status for status, _ in answers)
        assert RATE <= counted[200] <= most(RATE, RATE, seconds), (counted, seconds)
        assert counted[200] + counted[429] == flood



async def test_behind_a_trusted_proxy_each_forwarded_visitor_has_an_allowance_of_its_own(
        loopback, bot_processes, unused_tcp_port):
    _, base = await web_bot(bot_processes, unused_tcp_port, TNE_WEB_TRUSTED_PROXIES="127.0.0.1")
    each = 60
    visitors = ("203.0.113.7", "203.0.113.8")
    async with flood_client() as proxy, flood_client("127.0.0.2") as forger:
        # The proxy passes on two visitors' requests, interleaved: each visitor gets at least its own fresh burst,
        # and at most what its own allowance earns back while the flood lasts.
        calls = [status_of(proxy, f"{base}/api/session", {"X-Forwarded-For": visitors[i % 2], **made_up()})
                 for i in range(2 * each)]
        answers, seconds = await timed(*calls)
        for v in range(2):
            counted = Counter(status for status, _ in answers[v::2])
            assert RATE <= counted[200] <= most(RATE, RATE, seconds), (visitors[v], counted, seconds)
            assert counted[200] + counted[429] == each

        # An address that is not a trusted proxy forges a fresh visitor on every request: not believed.
        answers, seconds = await timed(*(status_of(forger, f"{base}/api/session",
                                                   {"X-Forwarded-For": f"198.51.100.{i + 1}", **made_up()})
                                         for i in range(2 * each)))
        counted = Counter(status for status, _ in answers)
        assert RATE <= counted[200] <= most(RATE, RATE, seconds), (counted, seconds)
        assert counted[200] + counted[429] == 2 * each


async def test_a_flood_of_activity_sign_ins_sends_few_codes_to_the_loopback_discord(
        loopback, bot_processes, unused_tcp_port):
    alice = loopback.add_user("Alice")
    # Discord's own limits lifted at the loopback: every code the bot sends is answered, so what is counted is what
    # the bot sends, not what the loopback refused.
    loopback.limiter.limits = RateLimits.relaxed()
    bot, base = await web_bot(bot_processes, unused_tcp_port, DISCORD_CLIENT_SECRET=loopback.client_secret)

    async def sign_in_with(session: aiohttp.ClientSession, cookie: dict[str, str]) -> tuple[int, str | None]:
        async with session.post(f"{base}/api/activity/token", json={"code": loopback.authorize(alice)},
                                headers=cookie) as got:
            return got.status, (await got.json()).get("error")

    def exchanged() -> int:
        return len(loopback.requests_to("POST", "/oauth2/token"))

    def refusals(answers: list[tuple[int, str | None]]) -> set[str | None]:
        return {error for status, error in answers if status == 429}

    async with flood_client() as one:
        # One sign-in first: the Activity is on, its code reaches the loopback's OAuth2 endpoint, a session comes back.
        async with one.post(f"{base}/api/activity/token", json={"code": loopback.authorize(alice)}) as got:
            assert got.status == 200, await got.text()
            session = {"Cookie": f"tne_session={got.cookies['tne_session'].value}"}
        assert exchanged() == 1
        start = time.monotonic()
        # 80 at once from that address, each a fresh, good code with a made-up session cookie (as the attacker
        # sent them): they share the address's allowance, so only a few reach Discord.
        first = await asyncio.gather(*(sign_in_with(one, made_up()) for _ in range(80)))
        assert Counter(status for status, _ in first)[200] >= 1
        # Then ten with Alice's real session from the same address: her requests have an allowance of their own,
        # but the address's code exchanges are spent.
        second = await asyncio.gather(*(sign_in_with(one, session) for _ in range(10)))
        address_seconds = time.monotonic() - start
        answers = first + second
        counted = Counter(status for status, _ in answers)
        assert set(counted) <= {200, 429}, counted
        assert counted[200] == exchanged() - 1  # every code sent to Discord became a session, and no other
        assert exchanged() <= most(EXCHANGE_RATE, EXCHANGE_BURST, address_seconds), (counted, address_seconds)
        assert refusals(first) <= {SLOW_DOWN, TOO_MANY_SIGN_INS} and refusals(second) <= {TOO_MANY_SIGN_INS}

    # Eight more addresses, ten each (within each address's allowances): everyone's together are throttled too.
    before = exchanged()
    sessions = [flood_client(f"127.0.0.{n}") for n in range(2, 10)]
    try:
        answers = await asyncio.gather(*(sign_in_with(s, made_up()) for s in sessions for _ in range(10)))
    finally:
        for s in sessions:
            await s.close()
    seconds = time.monotonic() - start
    counted = Counter(status for status, _ in answers)
    assert counted[200] == exchanged() - before and counted[200] + counted[429] == 80, counted
    assert exchanged() <= most(EXCHANGES_RATE, EXCHANGES_BURST, seconds), (exchanged(), seconds)
    assert refusals(answers) == {TOO_MANY_SIGN_INS}
    assert "Traceback" not in bot.logs
