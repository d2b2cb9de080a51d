"""The web board as the composition root builds it: off unless configured, half-set settings refused in one line,
and with it on, `/tne web`'s link signs a person in on the running server, whose move is announced in the channel
by the outbox as any move made outside an interaction is."""

from __future__ import annotations

import dataclasses
import ipaddress
import re

import aiohttp
import pytest

from bot.config import ConfigError, WebConfig, load_config
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game, response

SECRET = "k" * 40


def test_the_web_board_is_off_unless_its_port_is_set():
    assert load_config({}).web is None
    config = load_config({"TNE_WEB_PORT": "8080", "TNE_WEB_URL": "https://tne.example.org/",
                          "TNE_WEB_SECRET": SECRET})
    assert config.web == WebConfig(port=8080, url="https://tne.example.org", secret=SECRET)
    assert config.web.secure and SECRET not in repr(config)


@pytest.mark.parametrize(("env", "words"), [
    ({"TNE_WEB_PORT": "8080", "TNE_WEB_SECRET": SECRET}, "TNE_WEB_URL is not"),
    ({"TNE_WEB_PORT": "8080", "TNE_WEB_URL": "https://a.org"}, "TNE_WEB_SECRET is not"),
    ({"TNE_WEB_PORT": "8080", "TNE_WEB_URL": "https://a.org", "TNE_WEB_SECRET": "hunter2"}, "too short (7 characters)"),
    ({"TNE_WEB_PORT": "8080", "TNE_WEB_URL": "tne.example.org", "TNE_WEB_SECRET": SECRET}, "http:// or https://"),
    ({"TNE_WEB_PORT": "eighty", "TNE_WEB_URL": "https://a.org", "TNE_WEB_SECRET": SECRET}, "port number"),
])
def test_a_half_set_web_board_refuses_to_start_with_one_clear_line(env, words):
    with pytest.raises(ConfigError, match=re.escape(words)) as caught:
        load_config(env)
    assert "\n" not in str(caught.value) and "hunter2" not in str(caught.value)  # the secret is never repeated


def test_trusted_proxies_are_addresses_and_networks_and_anything_else_is_one_clear_line():
    base = {"TNE_WEB_PORT": "8080", "TNE_WEB_URL": "https://tne.example.org", "TNE_WEB_SECRET": SECRET}
    assert load_config(base).web.trusted_proxies == ()
    web = load_config({**base, "TNE_WEB_TRUSTED_PROXIES": " 127.0.0.1, 10.0.0.0/8 ,::1,"}).web
    assert web.trusted_proxies == (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("10.0.0.0/8"),
                                   ipaddress.ip_network("::1/128"))
    with pytest.raises(ConfigError, match=re.escape("TNE_WEB_TRUSTED_PROXIES must list addresses or networks")) as got:
        load_config({**base, "TNE_WEB_TRUSTED_PROXIES": "127.0.0.1, proxy.example.org"})
    assert "'proxy.example.org'" in str(got.value) and "\n" not in str(got.value)


@pytest.fixture
async def wired(fake, database):
    h = Harness(fake, database, seed=11)
    web = WebConfig(port=0, url="http://tne.test", secret=SECRET, host="127.0.0.1")
    h.bot.config = dataclasses.replace(h.bot.config, web=web)
    await h.start()
    yield h
    await h.close()


def base_url(h: Harness) -> str:
    server = h.bot.app.web
    host, port = server.runner.addresses[0][:2]
    return f"http://{host}:{port}"


async def test_without_settings_the_bot_has_no_web_board_and_says_so(harness):
    assert harness.bot.app.web is None
    answer = response(await harness.command(ALICE, CHANNEL, "web"))
    assert answer.ephemeral and answer.content == "The web board is not turned on for this bot."


async def test_a_web_link_signs_in_and_a_move_on_the_page_is_announced_in_the_channel(wired):
    game_id = await open_game(wired, [ALICE, BOB])
    table = await wired.service.current(game_id)
    first = [ALICE, BOB][table.game.to_move]
    answer = response(await wired.command(first, CHANNEL, "web"))
    assert answer.ephemeral
    links = re.findall(r"<(http://tne\.test/[^>]+)>", answer.content)
    assert len(links) == 2 and links[0].startswith("http://tne.test/auth?t=")
    assert links[1].startswith(f"http://tne.test/g/{game_id}?s=")
    base = base_url(wired)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        async with session.get(base + links[0].removeprefix("http://tne.test")) as got:
            assert got.status == 200  # the page whose form signs in
        token = links[0].split("?t=", 1)[1]
        async with session.post(f"{base}/auth", data={"t": token}, allow_redirects=False) as got:
            assert got.status == 302 and got.headers["Location"] == f"/g/{game_id}"
        async with session.get(f"{base}/api/session") as got:
            csrf = (await got.json())["csrf"]
        async with session.get(f"{base}/api/games/{game_id}") as got:
            state = await got.json()
        move = next(m for m in state["legal"] if m.startswith("tile"))
        before = len(wired.fake.calls)
        async with session.post(f"{base}/api/games/{game_id}/moves", json={"move": move,
                                                                          "revision": state["revision"]},
                                headers={"X-TNE-CSRF": csrf}) as got:
            assert got.status == 200, await got.text()
    await wired.bot.controller.idle()
    posted = [c for c in wired.fake.calls[before:] if c.kind == "channel" and f"played `{move}`" in c.content]
    assert len(posted) == 1 and not posted[0].ephemeral


async def test_the_board_answer_carries_an_open_the_board_link(wired):
    game_id = await open_game(wired, [ALICE, BOB])
    answer = response(await wired.command(ALICE, CHANNEL, "board"))
    urls = [c.get("url") for row in answer.data.get("components") or [] for c in row.get("components", [])]
    assert any(u and u.startswith(f"http://tne.test/g/{game_id}?s=") for u in urls)
