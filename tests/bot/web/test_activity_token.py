"""The Activity's sign-in and its channel's game: the code exchanged at the loopback Discord's OAuth2 endpoint over
real HTTP, the user read with the access token, the session started; refusals in words that change nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.visibility import Sight
from bot.web.activity import BAD_CODE, NO_GAME, SESSION_COOKIE, SIGN_IN_FIRST, UNREACHABLE, ActivitySettings
from bot.web.limits import EXCHANGE_BURST, TOO_MANY_SIGN_INS
from tests.bot.web.activity_helpers import Context, activity_client
from tests.bot_harness import CHANNEL, User, open_game

pytestmark = pytest.mark.loopback

PRIVATE = 4343


def settings(loopback, **changes) -> ActivitySettings:
    values = {"client_id": str(loopback.app_id), "client_secret": loopback.client_secret,
              "api_base": loopback.api_base, "secure": False} | changes
    return ActivitySettings(**values)


@pytest.fixture
async def world(loopback, harness):
    """Alice and Bob play in CHANNEL (everyone sees it); Carol exists too."""
    alice, bob, carol = (loopback.add_user(n) for n in ("Alice", "Bob", "Carol"))
    game_id = await open_game(harness, [User(alice.id, "Alice"), User(bob.id, "Bob")])
    context = Context(harness.service, settings(loopback), sights={CHANNEL: Sight.ALL})
    client = await activity_client(context)
    yield loopback, context, client, game_id, (alice, bob, carol)
    await client.close()


async def test_a_code_becomes_a_session_and_the_channel_picks_the_game(world):
    loopback, context, client, game_id, (alice, _, _) = world
    code = loopback.authorize(alice)
    answer = await client.post("/api/activity/token", json={"code": code})
    assert answer.status == 200
    body = await answer.json()
    assert body["user"] == {"id": str(alice.id), "name": "Alice"}
    assert loopback.access_tokens[body["access_token"]] == alice.id  # the token Discord issued, for authenticate
    exchange = loopback.requests_to("POST", "/oauth2/token")
    assert [r.body for r in exchange] == [{"client_id": str(loopback.app_id), "client_secret": loopback.client_secret,
                                           "grant_type": "authorization_code", "code": code}]
    assert [r.status for r in loopback.requests_to("GET", "/users/@me")] == [200]
    cookie = answer.cookies[SESSION_COOKIE]
    assert cookie["httponly"] and cookie["path"] == "/"
    assert [p.id for p in context.sessions.values()] == [alice.id]

    found = await client.get(f"/api/channels/{CHANNEL}/game")
    assert found.status == 200 and await found.json() == {"id": game_id}


async def test_a_used_or_unknown_code_is_refused_in_words(world):
    loopback, context, client, _, (alice, _, _) = world
    code = loopback.authorize(alice)
    assert (await client.post("/api/activity/token", json={"code": code})).status == 200
    context.sessions.clear()
    client.session.cookie_jar.clear()
    for bad in (code, "not-a-code", "x" * 600):
        answer = await client.post("/api/activity/token", json={"code": bad})
        assert answer.status == 401 and await answer.json() == {"error": BAD_CODE}
        assert SESSION_COOKIE not in answer.cookies
    assert context.sessions == {}
    refused = await client.get(f"/api/channels/{CHANNEL}/game")
    assert refused.status == 401 and await refused.json() == {"error": SIGN_IN_FIRST}


async def test_malformed_bodies_get_a_clear_4xx(world):
    loopback, context, client, _, _ = world
    for data, status in ((b"not json", 400), (b"[1, 2]", 400), (b'{"code": 5}', 400), (b'{"code": ""}', 400),
                         (b'{"code": "' + b"a" * 5000 + b'"}', 413)):
        answer = await client.post("/api/activity/token", data=data, headers={"Content-Type": "application/json"})
        assert answer.status == status, data
        assert isinstance((await answer.json())["error"], str)
    assert context.sessions == {} and loopback.requests_to("POST", "/oauth2/token") == []


async def test_a_wrong_client_secret_is_refused(world):
    loopback, context, client, _, (alice, _, _) = world
    context.activity = settings(loopback, client_secret="not-the-secret")
    answer = await client.post("/api/activity/token", json={"code": loopback.authorize(alice)})
    assert answer.status == 401 and await answer.json() == {"error": BAD_CODE}
    assert [r.status for r in loopback.requests_to("POST", "/oauth2/token")] == [401]
    assert context.sessions == {}


async def test_discord_unreachable_is_a_502_in_words(world):
    loopback, context, client, _, (alice, _, _) = world
    loopback.faults.error("POST", "/oauth2/token", 503)
    answer = await client.post("/api/activity/token", json={"code": loopback.authorize(alice)})
    assert answer.status == 502 and await answer.json() == {"error": UNREACHABLE}
    context.activity = settings(loopback, api_base="http://127.0.0.1:9/api")  # nothing listens there
    answer = await client.post("/api/activity/token", json={"code": loopback.authorize(alice)})
    assert answer.status == 502 and await answer.json() == {"error": UNREACHABLE}
    assert context.sessions == {}


@pytest.mark.both_databases  # the channel's game is found in storage
async def test_a_channel_game_is_shown_only_to_who_may_see_it(world, harness):
    loopback, context, client, game_id, (alice, bob, carol) = world
    seated = await open_game(harness, [User(alice.id, "Alice"), User(bob.id, "Bob")], channel=PRIVATE)

    async def sign_in(user) -> None:
        client.session.cookie_jar.clear()
        assert (await client.post("/api/activity/token", json={"code": loopback.authorize(user)})).status == 200

    await sign_in(carol)
    assert await (await client.get(f"/api/channels/{CHANNEL}/game")).json() == {"id": game_id}  # public: anyone
    hidden = await client.get(f"/api/channels/{PRIVATE}/game")  # a channel Carol cannot view
    nothing = await client.get("/api/channels/999/game")  # no game at all: the same words
    assert hidden.status == nothing.status == 404
    assert await hidden.json() == await nothing.json() == {"error": NO_GAME}
    assert (await client.get("/api/channels/abc/game")).status == 404

    context.sights[PRIVATE] = Sight.SEATED  # a private thread: only its players see its game
    assert (await client.get(f"/api/channels/{PRIVATE}/game")).status == 404
    await sign_in(bob)
    assert await (await client.get(f"/api/channels/{PRIVATE}/game")).json() == {"id": seated}


async def test_a_flood_of_sign_ins_sends_only_a_few_codes_to_discord(world):
    """80 sign-ins at once from one address (each a fresh, valid code): Discord is asked a few times, the rest are
    told to wait, in words, and get no session."""
    loopback, context, client, _, (alice, _, _) = world
    codes = [loopback.authorize(alice) for _ in range(80)]
    answers = await asyncio.gather(*(client.post("/api/activity/token", json={"code": c}) for c in codes))
    statuses = [a.status for a in answers]
    exchanged = len(loopback.requests_to("POST", "/oauth2/token"))
    # The address's burst, and what it earns back while the 80 are answered (one a second).
    assert EXCHANGE_BURST <= statuses.count(200) == exchanged <= EXCHANGE_BURST + 5
    refused = [a for a in answers if a.status == 429]
    assert len(refused) == 80 - exchanged
    assert {(await a.json())["error"] for a in refused} == {TOO_MANY_SIGN_INS}
    assert len(context.sessions) == exchanged
