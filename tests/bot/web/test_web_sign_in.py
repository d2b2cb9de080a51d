"""Signing in with a personal link (docs/web.md, Identity): the page says whom the link signs in as and waits for a
press; a post from another site is refused; and a link signs in once, on every process and after a restart, because
the used links are kept with the games."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebConfig
from bot.records.service import Records
from bot.service.game_service import GameService
from bot.storage import Storage
from bot.storage.web_links import UsedLinkStore
from bot.web.auth import COOKIE, Auth, Person
from bot.web.context import Context
from bot.web.hub import Hub
from bot.web.server import make_app
from tests.bot.web.web_fixtures import ALICE, CHANNEL, GUILD, SECRET, running

URL = "http://tne.test"


async def signed_in(client: TestClient) -> str | None:
    return (await (await client.get("/api/session")).json())["user"]


async def test_the_sign_in_page_names_the_person_escaped_and_waits_for_a_press(web):
    link = web.auth.link(Person(ALICE, "<b>Al</b> & \"Co\"", GUILD, CHANNEL))
    page = await web.client.get(f"/auth?t={link}")
    text = await page.text()
    assert page.status == 200
    assert "signs you in to the board as <b>&lt;b&gt;Al&lt;/b&gt; &amp; &quot;Co&quot;</b>." in text
    assert "<script" not in text.lower() and "Open the board" in text  # nothing submits the form but a press
    assert await signed_in(web.client) is None
    german = await (await web.client.get(f"/auth?t={link}", headers={"Accept-Language": "de-DE,de"})).text()
    assert 'lang="de"' in german and "Dieser Link meldet dich" in german and "Spielplan öffnen" in german
    assert "&lt;b&gt;Al&lt;/b&gt;" in german


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.test"}, {"Origin": "null"},
                                     {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                                     {"Origin": "http://evil.test", "Sec-Fetch-Site": "cross-site"}])
async def test_a_sign_in_posted_from_another_site_is_refused_and_signs_nobody_in(web, headers):
    await running(web.service)
    link = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
    answer = await web.client.post("/auth", data={"t": link}, headers=headers, allow_redirects=False)
    assert answer.status == 403 and "another site" in await answer.text()
    assert "Set-Cookie" not in answer.headers and await signed_in(web.client) is None
    french = await web.client.post("/auth", data={"t": link}, allow_redirects=False,
                                   headers={**headers, "Accept-Language": "fr"})
    assert french.status == 403 and "autre site" in await french.text()
    # The link was not used up by the refused posts: its person still signs in from the page itself.
    server = web.client.server
    own = await web.client.post("/auth", data={"t": link}, allow_redirects=False,
                                headers={"Origin": f"http://{server.host}:{server.port}",
                                         "Sec-Fetch-Site": "same-origin"})
    assert own.status == 302 and COOKIE in own.cookies


async def test_a_sign_in_from_the_configured_address_is_accepted(web):
    await running(web.service)
    link = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
    answer = await web.client.post("/auth", data={"t": link}, headers={"Origin": URL}, allow_redirects=False)
    assert answer.status == 302 and (await signed_in(web.client))["id"] == str(ALICE)


async def a_board(database: str) -> tuple[Storage, Auth, TestClient]:
    """One bot process's web board on `database`, as bot/app.py wires it."""
    storage = await Storage.open(database)
    service = GameService(storage)
    auth = Auth(SECRET, used=UsedLinkStore(storage.db))
    ctx = Context(service=service, auth=auth, config=WebConfig(port=8080, url=URL, secret=SECRET),
                  hub=Hub(storage.game_rev), records=Records(storage))
    client = TestClient(TestServer(make_app(ctx)))
    await client.start_server()
    return storage, auth, client


@pytest.mark.both_databases
async def test_a_link_used_before_a_restart_or_on_another_shard_is_refused(database):
    storage, auth, client = await a_board(database)
    other_storage, _, other_shard = await a_board(database)  # a second process on the same database
    link = auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
    try:
        assert (await client.post("/auth", data={"t": link}, allow_redirects=False)).status == 302
        again = await other_shard.post("/auth", data={"t": link}, allow_redirects=False)
        assert again.status == 401 and "used already" in await again.text()
    finally:
        await client.close()
        await storage.close()
        await other_shard.close()
        await other_storage.close()
    storage, _, restarted = await a_board(database)  # the bot restarted
    try:
        answer = await restarted.post("/auth", data={"t": link}, allow_redirects=False)
        assert answer.status == 401 and "used already" in await answer.text()
        assert "Set-Cookie" not in answer.headers and await signed_in(restarted) is None
    finally:
        await restarted.close()
        await storage.close()
