"""The web board in a real Chromium in the player's language (issue 32): a German player, whose Discord the bot
remembers as German, and a French player, whose browser asks for Canadian French, each read their own language on
the same game; the moves the buttons send stay in notation."""

from __future__ import annotations

import asyncio

import pytest

from bot.web.auth import Person
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.loopback, pytest.mark.process]  # a real browser process



async def signed_in_page(web, user_id: int, name: str, driver) -> Page:
    """The person followed their /tne web link in this browser: the session cookie is set, the game is open."""
    web.visible.add((user_id, CHANNEL))
    page = Page(driver, str(web.client.make_url("")).rstrip("/"))
    await in_thread(page.sign_in, f"{page.base}/auth?t={web.auth.link(Person(user_id, name, GUILD, CHANNEL))}")
    return page


def text(page: Page, selector: str) -> str:
    return page.driver.execute_script("const e = document.querySelector(arguments[0]); return e && e.textContent",
                                      selector) or ""


def shows(page: Page, selector: str, wanted: str) -> str:
    return wait_until(lambda: text(page, selector) == wanted and wanted, what=f"{wanted!r} in {selector}")


async def test_a_german_and_a_french_player_each_read_their_language(web):
    game_id = await running(web.service)  # Alice (seat 0) to move, two actions
    await web.service.person_languages.remember(ALICE, "de-CH")  # her Discord speaks Swiss German
    german_browser = await in_thread(chrome, "en-US,en")  # her browser alone would ask for English
    french_browser = await in_thread(chrome, "fr-CA,fr")
    try:
        alice = await signed_in_page(web, ALICE, "Alice", german_browser)
        await in_thread(shows, alice, "#turn", "Du bist am Zug (noch 2 Aktionen).")
        await in_thread(shows, alice, "#hand h2", "Deine Hand")
        await in_thread(shows, alice, '[data-action="pass"]', "Passen")
        assert text(alice, "#who") == "Angemeldet als Alice"
        assert alice.driver.execute_script("return document.documentElement.lang") == "de"

        await asyncio.sleep(1.0)  # a person's pace: the rate limit counts every request
        bob = await signed_in_page(web, BOB, "Bob", french_browser)
        await in_thread(shows, bob, "#turn", "À Alice de jouer (2 actions restantes).")
        await in_thread(shows, bob, "#who", "Connecté en tant que Bob")
        assert text(bob, '[data-zoom="out"]') == "Tout le plateau"

        # Alice's pass goes out in notation and is answered in her page's language; both pages follow the game.
        rev = alice.revision()
        await in_thread(alice.click, '[data-action="pass"]')
        await in_thread(alice.wait_revision, rev)
        table = await web.service.current(game_id)
        assert table.moves[-1].move == "pass" and table.game.to_move == 1  # a pass ends the turn
        await in_thread(shows, alice, "#turn", "Bob ist am Zug (noch 2 Aktionen).")
        await in_thread(shows, bob, "#turn", "À vous de jouer (2 actions restantes).")
    finally:
        await in_thread(german_browser.quit)
        await in_thread(french_browser.quit)
