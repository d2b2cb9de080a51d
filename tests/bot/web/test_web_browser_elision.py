"""French elision and a colour's forms on the web pages too: the pages fill their placeholders in the browser, with
the rule and the forms the server sends beside the texts (bot/language/grammar.py, words.py), so "de Archer" reads
"d'Archer" and a war is "guerre des chefs bleus" there as in Discord."""

from __future__ import annotations

import asyncio

import pytest

from tests.browser import Page, chrome

pytestmark = [pytest.mark.loopback, pytest.mark.process]  # a real browser process

SAY = """const [lang, english, values, done] = arguments;
import("/static/texts.js").then(async (texts) => { await texts.loadTexts(lang); done(texts.tr(english, values)); });"""
LEADER = "{name}'s {leader} ({colour})"


def said(page: Page, lang: str, english: str, **values: str) -> str:
    return page.driver.execute_async_script(SAY, lang, english, values)


async def test_the_pages_elide_in_french_and_say_a_colour_in_its_form(web):
    driver = await asyncio.to_thread(chrome, "fr-FR,fr")
    try:
        page = Page(driver, str(web.client.make_url("")).rstrip("/"))
        await asyncio.to_thread(driver.get, f"{page.base}/")  # any page of the site: the texts come from its API
        leader = {"leader": "prêtre", "colour": "rouge"}
        assert await asyncio.to_thread(said, page, "fr", LEADER, name="Archer", **leader) == "prêtre (rouge) d'Archer"
        assert await asyncio.to_thread(said, page, "fr", LEADER, name="Urne", **leader) == "prêtre (rouge) d'Urne"
        assert await asyncio.to_thread(said, page, "fr", LEADER, name="Taureau", **leader) == \
            "prêtre (rouge) de Taureau"
        german = await asyncio.to_thread(said, page, "de", LEADER, name="Archer", leader="Priester", colour="rot")
        assert "Archer" in german and "d'" not in german
        # A colour in the form the sentence names, from the plain word the page slots.
        assert await asyncio.to_thread(said, page, "fr", "{colour} war", colour="bleu") == "guerre des chefs bleus"
        assert await asyncio.to_thread(said, page, "de", "{colour} points", colour="rot") == "rote Punkte"
    finally:
        await asyncio.to_thread(driver.quit)
