"""Malformed and slow requests to the web board: numbers too large for the database and JSON nested too deep are
answered in words (never a logged 500), and a body that arrives in several TCP writes is read whole."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from bot.service.visibility import Sight
from bot.web.activity import ActivitySettings
from bot.web.auth import COOKIE, CSRF_HEADER
from tests.bot.web.activity_helpers import Context, activity_client
from tests.bot.web.web_fixtures import ALICE, CHANNEL, GUILD, running
from tests.bot_harness import User, open_game

HUGE = "99999999999999999999"  # 20 digits: past a 64-bit integer


def no_tracebacks(caplog) -> None:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not errors, [r.getMessage() for r in errors]


@pytest.mark.parametrize("path", [f"/api/games/{HUGE}", f"/api/games/{HUGE}/record", f"/api/games/{HUGE}/replay",
                                  f"/api/games/{HUGE}/events", f"/api/games/{2**63}", f"/api/servers/{HUGE}/games",
                                  f"/api/servers/{HUGE}/history", f"/api/servers/{HUGE}/leaderboard"])
async def test_numbers_too_large_for_the_database_are_not_found_in_words(web, caplog, path):
    await running(web.service)
    await web.sign_in(ALICE, "Alice")
    answer = await web.client.get(path)
    assert answer.status == 404, await answer.text()
    assert "you can see" in (await answer.json())["error"]
    no_tracebacks(caplog)


async def test_a_huge_anchor_or_game_in_a_move_is_refused_in_words(web, caplog):
    game_id = await running(web.service)
    csrf = await web.sign_in(ALICE, "Alice")
    answer = await web.client.get(f"/api/servers/{GUILD}/history?anchor={HUGE}")
    assert answer.status == 400 and "anchor" in (await answer.json())["error"]
    status, body = await web.post(f"/api/games/{HUGE}/moves", {"move": "pass", "revision": 1}, csrf)
    assert status == 404 and "you can see" in body["error"]
    assert (await web.client.get(f"/api/games/{game_id}")).status == 200  # a number that fits is still a game
    no_tracebacks(caplog)


async def test_a_huge_number_is_refused_in_the_askers_language(web, caplog):
    await web.sign_in(ALICE, "Alice")
    answer = await web.client.get(f"/api/games/{HUGE}", headers={"Accept-Language": "de"})
    assert answer.status == 404
    german = (await answer.json())["error"]
    assert HUGE in german and "you can see" not in german
    no_tracebacks(caplog)


async def csrf_of(web) -> str:
    return (await (await web.client.get("/api/session")).json())["csrf"]


async def test_json_nested_too_deep_is_not_json_in_words(web, caplog):
    game_id = await running(web.service)
    csrf = await web.sign_in(ALICE, "Alice")
    deep = "[" * 2000 + "]" * 2000
    answer = await web.client.post(f"/api/games/{game_id}/moves", data=deep,
                                   headers={CSRF_HEADER: csrf, "Content-Type": "application/json"})
    assert answer.status == 400 and (await answer.json())["error"] == "That request is not JSON."
    no_tracebacks(caplog)


async def raw_post(host: str, port: int, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, dict]:
    """POST `body` over a raw socket: the headers and half the body, a pause, then the rest (two TCP writes)."""
    reader, writer = await asyncio.open_connection(host, port)
    head = [f"POST {path} HTTP/1.1", f"Host: {host}:{port}", "Content-Type: application/json",
            f"Content-Length: {len(body)}", "Connection: close", *(f"{k}: {v}" for k, v in headers.items())]
    half = len(body) // 2
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body[:half])
    await writer.drain()
    await asyncio.sleep(0.3)  # the server reads what has arrived meanwhile
    writer.write(body[half:])
    await writer.drain()
    answer = await reader.read()
    writer.close()
    status_line, _, rest = answer.partition(b"\r\n")
    payload = rest.split(b"\r\n\r\n", 1)[1]
    return int(status_line.split()[1]), json.loads(payload)


async def test_a_move_sent_in_two_tcp_writes_is_read_whole(web):
    game_id = await running(web.service)
    csrf = await web.sign_in(ALICE, "Alice")
    state = await (await web.client.get(f"/api/games/{game_id}")).json()
    move = next(m for m in state["legal"] if m.startswith("tile"))
    body = json.dumps({"move": move, "revision": state["revision"]}).encode()
    server = web.client.server
    status, answer = await raw_post(server.host, server.port, f"/api/games/{game_id}/moves", body,
                                    {"Cookie": f"{COOKIE}={web.cookie()}", CSRF_HEADER: csrf})
    assert status == 200, answer
    assert answer == {"revision": state["revision"] + 1}


@pytest.mark.loopback
async def test_an_activity_code_sent_in_two_tcp_writes_is_read_whole(loopback, harness, caplog):
    alice = loopback.add_user("Alice")
    bob = loopback.add_user("Bob")
    await open_game(harness, [User(alice.id, "Alice"), User(bob.id, "Bob")])
    settings = ActivitySettings(str(loopback.app_id), loopback.client_secret, loopback.api_base, secure=False)
    context = Context(harness.service, settings, sights={CHANNEL: Sight.ALL})
    client = await activity_client(context)
    try:
        server = client.server
        body = json.dumps({"code": loopback.authorize(alice)}).encode()
        status, answer = await raw_post(server.host, server.port, "/api/activity/token", body, {})
        assert status == 200, answer
        assert answer["user"]["id"] == str(alice.id)
        for raw in (HUGE, "²"):  # too large for the database; a digit that is not ASCII
            refused = await client.get(f"/api/channels/{raw}/game")
            assert refused.status == 404 and "no game" in (await refused.json())["error"]
        deep = await client.post("/api/activity/token", data="{" * 3000)
        assert deep.status == 400
    finally:
        await client.close()
    no_tracebacks(caplog)
