"""A server's page (`/s/<id>`) in a real headless Chromium: it names the server, lists the games being played there
with links to their pages, and says so when there are none, with no list numbers on an empty list."""

from __future__ import annotations

import pytest

from bot.web.auth import Person
from tests.bot.web.web_fixtures import CAROL, CHANNEL, GUILD, finished, running
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.process]  # a real browser process



@pytest.fixture
async def driver():
    found = await in_thread(chrome)
    yield found
    await in_thread(found.quit)


def server_page(page: Page, link: str) -> None:
    """Sign in with the person's link (it opens their channel's game, or the front page), then open the server's."""
    page.driver.get(f"{page.base}/auth?t={link}")
    page.click("form[action='/auth'] button")
    wait_until(lambda: "/auth" not in page.driver.current_url, 10, "the sign-in")
    page.driver.get(f"{page.base}/s/{GUILD}")
    wait_until(lambda: page.count("#server:not([hidden]) #running li"), 10, "the server's running games")


def shown(page: Page) -> dict:
    return page.driver.execute_script("""
        const items = (sel) => [...document.querySelectorAll(sel)];
        return {name: document.querySelector('#server-name').textContent,
                running: items('#running li').map((li) => [li.dataset.running || null, li.textContent,
                  li.querySelector('a') && li.querySelector('a').getAttribute('href')]),
                empty_markers: items('li.empty').map((li) => getComputedStyle(li).listStyleType)}""")


async def test_the_server_page_names_the_server_and_links_its_running_games(web, driver):
    web.ctx.server_name = lambda guild_id: "Babylon"
    game_id = await running(web.service)
    web.visible.add((CAROL, CHANNEL))
    page = Page(driver, str(web.client.make_url("")).rstrip("/"))
    await in_thread(server_page, page, web.auth.link(Person(CAROL, "Carol", GUILD, CHANNEL)))
    seen = await in_thread(shown, page)
    assert seen["name"] == "Server: Babylon"
    assert seen["running"][0][0] == str(game_id) and seen["running"][0][2] == f"/g/{game_id}"
    assert "Alice, Bob" in seen["running"][0][1] and "Alice to play" in seen["running"][0][1]
    assert seen["empty_markers"] and set(seen["empty_markers"]) == {"none"}  # no finished games: no "1."
    await in_thread(page.click, f'#running a[href="/g/{game_id}"]')
    await in_thread(wait_until, lambda: page.revision() is not None, 10, "the game's page")


async def test_a_server_without_running_games_says_so_and_its_number_when_its_name_is_unknown(web, driver):
    await finished(web, CHANNEL, 1)  # a recorded finished game in Carol's channel, none running
    web.visible.add((CAROL, CHANNEL))
    page = Page(driver, str(web.client.make_url("")).rstrip("/"))
    await in_thread(server_page, page, web.auth.link(Person(CAROL, "Carol", GUILD, CHANNEL)))
    seen = await in_thread(shown, page)
    assert seen["name"] == f"Server number {GUILD}"
    assert seen["running"] == [[None, "No game is being played here now.", None]]
