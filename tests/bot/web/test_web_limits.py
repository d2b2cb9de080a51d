"""The web board's limits (bot/web/limits.py) on the real application: requests counted against who verifies,
never against a made-up cookie; X-Forwarded-For believed from a trusted proxy only; live streams capped per person,
per link, per address and overall, refused in words; the static data free; the Activity's code exchange throttled.
The clock of the request limits is held still, so what a test counts is what the limits allow, however slow the
machine."""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import json
import resource
from contextlib import AsyncExitStack

import aiohttp

from bot.web.auth import COOKIE, Person
from bot.web.context import Context
from bot.web.limits import (
    EXCHANGE_BURST,
    EXCHANGES_BURST,
    RATE,
    Caps,
    Limits,
    address_key,
    client_address,
    overall_streams,
)
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running

STILL = 1000.0  # the held clock's time


def hold_clock(web, **changes) -> Limits:
    """The web board's limits with a clock that never moves (and `changes`, e.g. trusted proxies)."""
    web.ctx.limits = Limits(**{"caps": web.ctx.limits.caps, "now": lambda: STILL, **changes})
    return web.ctx.limits


async def statuses(web, path: str, *, cookies=(), headers=()) -> list[int]:
    """One GET of `path` per cookie (or per header set), each on its own: their statuses."""
    out = []
    for cookie in cookies:
        web.client.session.cookie_jar.clear()
        out.append((await web.client.get(path, cookies={COOKIE: cookie})).status)
    for header in headers:
        web.client.session.cookie_jar.clear()
        out.append((await web.client.get(path, headers=header)).status)
    return out


# --- whom requests count against ----------------------------------------------------------------------------------

async def test_made_up_cookies_share_their_addresss_allowance(web):
    game_id = await running(web.service)
    hold_clock(web)
    forged = [f"made.up{i:04d}-{'x' * 30}" for i in range(3 * RATE)]
    got = await statuses(web, f"/api/games/{game_id}", cookies=forged)
    assert got.count(401) == RATE and got.count(429) == 2 * RATE  # one address: one allowance
    # A real session is its person's own allowance, whatever its address has spent.
    web.client.session.cookie_jar.clear()
    web.client.session.cookie_jar.update_cookies({COOKIE: web.auth.session(Person(ALICE, "Alice"))})
    assert (await web.client.get(f"/api/games/{game_id}")).status == 200


async def test_a_persons_sessions_share_one_allowance(web):
    game_id = await running(web.service)
    hold_clock(web)
    # Three sessions of Alice's (three devices): different cookies, one person.
    sessions = [web.auth.session(Person(ALICE, name)) for name in ("Alice", "Alice (phone)", "Alice (tablet)")]
    got = await statuses(web, f"/api/games/{game_id}", cookies=sessions * RATE)
    assert got.count(200) == RATE and got.count(429) == 2 * RATE
    web.client.session.cookie_jar.clear()
    web.client.session.cookie_jar.update_cookies({COOKIE: web.auth.session(Person(BOB, "Bob"))})
    assert (await web.client.get(f"/api/games/{game_id}")).status == 200  # Bob's is his own


async def test_x_forwarded_for_is_believed_from_a_trusted_proxy_only(web):
    game_id = await running(web.service)
    path = f"/api/games/{game_id}"
    visitors = [{"X-Forwarded-For": f"203.0.113.{i}"} for i in range(2 * RATE)]
    hold_clock(web)  # no trusted proxy: the header is anyone's to write, and changes nothing
    got = await statuses(web, path, headers=visitors)
    assert got.count(401) == RATE and got.count(429) == RATE
    hold_clock(web, trusted=(ipaddress.ip_network("127.0.0.0/8"),))  # the test client is the proxy now
    got = await statuses(web, path, headers=visitors)
    assert got == [401] * (2 * RATE)  # each visitor its own allowance
    # Behind the proxy, one visitor is one allowance, whatever they put in front of the proxy's hop.
    spoofing = [{"X-Forwarded-For": f"10.9.9.{i}, 198.51.100.7"} for i in range(2 * RATE)]
    got = await statuses(web, path, headers=spoofing)
    assert got.count(401) == RATE and got.count(429) == RATE


def test_the_client_is_the_right_most_hop_that_is_not_a_trusted_proxy():
    proxies = (ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("::1/128"))
    assert client_address("10.0.0.2", ["6.6.6.6, 198.51.100.7, 10.0.0.9"], proxies) == "198.51.100.7"
    assert client_address("10.0.0.2", ["6.6.6.6", "198.51.100.7"], proxies) == "198.51.100.7"  # two headers
    assert client_address("192.0.2.1", ["198.51.100.7"], proxies) == "192.0.2.1"  # not a proxy of ours
    assert client_address("10.0.0.2", ["not-an-address"], proxies) == "10.0.0.2"
    assert client_address("::1", ["[2001:db8::5]:443"], proxies) == "2001:db8::5"
    assert client_address("10.0.0.2", [], proxies) == "10.0.0.2"
    # An IPv6 subscriber has a whole /64: it counts as one address.
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"


def test_the_overall_stream_cap_stays_well_below_the_descriptor_limit():
    assert overall_streams(1024) == 512
    assert overall_streams(512) == 256
    assert overall_streams(300) == 44
    assert 0 < overall_streams(64) < 64
    assert overall_streams(1_048_576) == 20_000


async def test_a_crowd_on_one_spectator_link_from_one_address_is_served(web):
    """A whole channel opening the game's public link at once, all behind one address (a school's NAT)."""
    game_id = await running(web.service)
    hold_clock(web)
    token = web.auth.spectator(game_id, CHANNEL)
    crowd = 100
    # Each page: its texts and boards, the session (signed out), and the game twice: once as it opens, once when
    # its stream is live. The process test (test_web_limits_process.py) opens their streams too.
    for path in ("/api/session", "/api/texts?lang=de", "/api/boards", f"/api/games/{game_id}?s={token}",
                 f"/api/games/{game_id}?s={token}"):
        got = [(await web.client.get(path)).status for _ in range(crowd)]
        assert got == [200] * crowd, path
    async with AsyncExitStack() as stack:
        # Their streams, each page its own connection.
        pages = await stack.enter_async_context(aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)))
        url = web.client.make_url(f"/api/games/{game_id}/events?s={token}")
        streams = [await stack.enter_async_context(await pages.get(url)) for _ in range(crowd)]
        assert [s.status for s in streams] == [200] * crowd
        # A move: every page reads the game again at once. The watchers made the link's allowance grow.
        got = [(await web.client.get(f"/api/games/{game_id}?s={token}")).status for _ in range(crowd)]
        assert got == [200] * crowd


# --- streams ------------------------------------------------------------------------------------------------------

async def open_stream(web, path: str, stack: AsyncExitStack, **headers):
    answer = await web.client.get(path, headers=headers)
    if answer.status == 200:
        stack.callback(answer.close)
        first = await answer.content.readline()
        assert first.startswith(b"data: ")
    else:
        await answer.read()
    return answer


async def test_streams_are_capped_per_person_per_link_per_address_and_overall_in_words(web):
    game_id = await running(web.service)
    web.ctx.limits.streams.caps = Caps(person=3, link=5, address=9, overall=12)
    events = f"/api/games/{game_id}/events"
    alice = web.auth.session(Person(ALICE, "Alice", GUILD, CHANNEL))
    token = web.auth.spectator(game_id, CHANNEL)
    async with AsyncExitStack() as stack:
        web.client.session.cookie_jar.update_cookies({COOKIE: alice})
        got = [await open_stream(web, events, stack) for _ in range(5)]
        assert [a.status for a in got] == [200, 200, 200, 429, 429]
        assert await got[3].json() == {"error": "You have 3 live pages open already: this one reads the game "
                                                "every few seconds instead."}
        assert got[3].headers.get("Connection", "").lower() == "close"  # its descriptor is not kept
        # Alice's cap is hers: Bob opens his own.
        web.client.session.cookie_jar.clear()
        web.client.session.cookie_jar.update_cookies({COOKIE: web.auth.session(Person(BOB, "Bob"))})
        assert (await open_stream(web, events, stack)).status == 200
        web.client.session.cookie_jar.clear()
        spectators = [await open_stream(web, f"{events}?s={token}", stack) for _ in range(6)]
        assert [a.status for a in spectators] == [200] * 5 + [429]  # 3 + 1 + 5 = the address's 9
        assert "people watch this game live" in (await spectators[-1].json())["error"]
        # In the asker's language, as every refusal.
        german = await open_stream(web, f"{events}?s={token}", stack, **{"Accept-Language": "de"})
        assert german.status == 429 and "live zu" in (await german.json())["error"]
        web.ctx.limits.streams.caps = Caps(person=3, link=50, address=50, overall=12)
        more = [await open_stream(web, f"{events}?s={token}", stack) for _ in range(4)]
        assert [a.status for a in more] == [200] * 3 + [429]  # 12 overall
        assert "as many live pages as it can" in (await more[-1].json())["error"]
        # Reading the game still works for everyone, streams or not.
        assert (await web.client.get(f"/api/games/{game_id}?s={token}")).status == 200
    # Closed streams give their places back once the server notices (its next keep-alive line).
    await wait_for(lambda: web.ctx.limits.streams.total == 0, 5.0)
    web.client.session.cookie_jar.update_cookies({COOKIE: alice})
    async with AsyncExitStack() as stack:
        assert (await open_stream(web, events, stack)).status == 200


async def wait_for(check, timeout: float) -> None:
    async def look():
        while not check():
            await asyncio.sleep(0.05)  # the server's counters: nothing to wait on
    await asyncio.wait_for(look(), timeout)


async def test_a_refused_stream_changes_nothing_and_an_open_one_still_hears_moves(web):
    game_id = await running(web.service)
    web.ctx.limits.streams.caps = Caps(person=1, link=1, address=2, overall=2)
    token = web.auth.spectator(game_id, CHANNEL)
    async with AsyncExitStack() as stack:
        live = await open_stream(web, f"/api/games/{game_id}/events?s={token}", stack)
        refused = await open_stream(web, f"/api/games/{game_id}/events?s={token}", stack)
        assert (live.status, refused.status) == (200, 429)
        table = await web.service.current(game_id)
        rev, move = table.row.rev, next(m for m in table.game.legal_moves() if m.startswith("tile"))
        await web.service.play(game_id, move, user_id=ALICE)
        line = b""
        while not line.startswith(b"data: "):
            line = await asyncio.wait_for(live.content.readline(), 5.0)
        assert json.loads(line.removeprefix(b"data: ")) == {"revision": rev + 1}
    assert web.hub.games.get(game_id) is None or web.hub.games[game_id].watchers <= 1


# --- the Activity's code exchange ---------------------------------------------------------------------------------

def test_code_exchanges_are_limited_per_address_and_overall():
    limits = Limits(now=lambda: STILL)
    assert [limits.may_exchange("198.51.100.7") for _ in range(10)].count(True) == EXCHANGE_BURST
    passed = sum(limits.may_exchange(f"203.0.113.{i}") for i in range(50))
    assert passed == EXCHANGES_BURST - EXCHANGE_BURST  # everyone's allowance, spent
    later = {"t": STILL}
    limits = Limits(now=lambda: later["t"])
    assert sum(limits.may_exchange("198.51.100.7") for _ in range(10)) == EXCHANGE_BURST
    later["t"] += 60.0
    assert limits.may_exchange("198.51.100.7")  # an allowance comes back with time



async def test_the_boards_limits_come_from_its_settings_and_this_processs_descriptors(web):
    proxy = ipaddress.ip_network("10.0.0.0/8")
    config = dataclasses.replace(web.ctx.config, trusted_proxies=(proxy,))
    ctx = Context(service=web.service, auth=web.auth, config=config, hub=web.hub, records=web.ctx.records)
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert ctx.limits.trusted == (proxy,)
    assert ctx.limits.caps.overall == overall_streams(soft) < soft
