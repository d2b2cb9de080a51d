"""Login cross-site request forgery in a real Chromium: a page on another site that posts someone's sign-in link to
/auth by itself signs the visitor in as nobody, and opening a link someone slipped you shows whose it is and signs
in only when pressed."""

from __future__ import annotations

import html

import pytest
from aiohttp import web as aioweb
from aiohttp.test_utils import TestServer

from bot.web.auth import Person
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.loopback, pytest.mark.process]  # a real browser process

FORGERY = """<!doctype html><form method="post" action="{target}/auth"><input type="hidden" name="t" value="{token}">
</form><script>document.forms[0].submit()</script>"""



@pytest.fixture
async def driver():
    found = await in_thread(chrome)
    yield found
    await in_thread(found.quit)


def body_text(driver) -> str:
    return driver.find_element("tag name", "body").text


def session_user(driver, base: str):
    """Who the browser is signed in as on the board, asked from the board's own origin."""
    driver.get(f"{base}/api/session")
    return wait_until(lambda: '"user"' in body_text(driver) and body_text(driver), what="the session answer")


async def test_another_sites_page_posting_a_link_signs_the_visitor_in_as_nobody(web, driver):
    await running(web.service)
    base = str(web.client.make_url("")).rstrip("/")
    token = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))  # Alice's link, in the attacker's hands

    async def forgery(request: aioweb.Request) -> aioweb.Response:
        return aioweb.Response(text=FORGERY.format(target=base, token=html.escape(token, quote=True)),
                               content_type="text/html")

    attacker = aioweb.Application()
    attacker.router.add_get("/", forgery)
    server = TestServer(attacker, host="127.0.0.1")
    await server.start_server()
    try:
        # `localhost` is another site than the board's 127.0.0.1 (as evil.example is to tne.example.org).
        await in_thread(driver.get, f"http://localhost:{server.port}/")
        await in_thread(lambda: wait_until(lambda: "another site" in body_text(driver), what="the refusal"))
        assert driver.current_url.startswith(f"{base}/auth")
        answer = await in_thread(session_user, driver, base)
        assert '"user": null' in answer
    finally:
        await server.close()
    # Alice's link was not used up: she can still sign in with it herself.
    page = Page(driver, base)
    await in_thread(page.sign_in, f"{base}/auth?t={token}")
    assert f'"id": "{ALICE}"' in await in_thread(session_user, driver, base)


async def test_a_link_shows_whose_it_is_and_signs_in_only_when_pressed(web, driver):
    await running(web.service)
    web.visible.add((BOB, CHANNEL))
    base = str(web.client.make_url("")).rstrip("/")
    link = f"{base}/auth?t={web.auth.link(Person(BOB, 'Bob <the builder>', GUILD, CHANNEL))}"
    await in_thread(driver.get, link)
    shown = await in_thread(body_text, driver)
    assert "signs you in to the board as Bob <the builder>." in shown and "If you are not Bob <the builder>" in shown
    page = Page(driver, base)
    status, answer = await in_thread(page.fetch, "/api/session")  # from the sign-in page itself: nobody yet
    assert status == 200 and answer["user"] is None
    assert driver.current_url == link  # the page stayed: no script sent the form
    await in_thread(page.sign_in, link)
    status, answer = await in_thread(page.fetch, "/api/session")
    assert answer["user"]["id"] == str(BOB)
