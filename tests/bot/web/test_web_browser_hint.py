"""The hint button of a game opened with hints on, in a real headless Chromium: it asks the same service as
`/tne hint`, shows the answer to the asker only, counts it in the game, and is refused in the same words."""

from __future__ import annotations

import asyncio

import pytest

from bot.background.workers import Workers
from bot.service.hints import Hints
from bot.web.auth import Person
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.process]  # a real browser process



@pytest.fixture
async def driver():
    found = await in_thread(chrome)
    await in_thread(found.set_window_size, 1400, 1100)
    yield found
    await in_thread(found.quit)


@pytest.fixture
def hints(web):
    workers = Workers(0, name="analysis")
    web.ctx.hints = Hints(web.service, workers, budget=0.2)
    yield web.ctx.hints
    workers.close()


async def hints_game(web) -> int:
    table = await web.service.new_game(guild_id=GUILD, channel_id=CHANNEL, user_id=ALICE, name="Alice", seats=2,
                                       hints="on")
    await web.service.join(table.id, BOB, "Bob")
    await web.service.start(table.id, ALICE)
    return table.id


async def page_of(web, driver, user_id: int, name: str, lang: str = "") -> Page:
    web.visible.add((user_id, CHANNEL))
    page = Page(driver, str(web.client.make_url("")).rstrip("/"))
    await in_thread(page.sign_in, f"{page.base}/auth?t={web.auth.link(Person(user_id, name, GUILD, CHANNEL))}")
    if lang:
        await in_thread(page.open, f"{driver.current_url}?lang={lang}")
    return page


def hint_shown(page: Page) -> list[str] | None:
    return page.driver.execute_script("""
        const box = document.querySelector('#hint-words');
        return !box.hidden && box.dataset.hint ? [box.dataset.hint, box.textContent] : null""")


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_hint_button_answers_the_asker_and_counts_the_hint(web, driver, hints, lang):
    game_id = await hints_game(web)
    page = await page_of(web, driver, ALICE, "Alice", lang if lang != "en" else "")
    await in_thread(wait_until, lambda: page.count("#hint-button:not([hidden]):not([disabled])"), 5, "the button")
    await in_thread(page.click, "#hint-button")
    move, text = await in_thread(wait_until, lambda: hint_shown(page), 30, "the hint")
    table = await web.service.current(game_id)
    assert move in [str(m) for m in table.game.legal_moves()]
    start = {"en": "Hint: ", "de": "Tipp: "}[lang]
    assert text.startswith(f"{start}{move}") and "**" not in text, text
    assert table.row.players[0].hints == 1 and table.row.players[1].hints == 0  # counted for Alice, in the game
    assert await web.service.storage.db.fetchval("SELECT COUNT(*) FROM hints WHERE game_id = ?", game_id) == 1


async def test_a_hint_is_refused_in_the_slash_commands_words_and_a_game_without_hints_has_no_button(web, driver,
                                                                                                   hints):
    game_id = await hints_game(web)
    page = await page_of(web, driver, BOB, "Bob")
    assert await in_thread(page.count, "#hint-button:not([hidden])[disabled]") == 1  # Alice's turn, not his
    await asyncio.sleep(1.0)  # the page's load used this second's requests
    status, answer = await in_thread(page.fetch, f"/api/games/{game_id}/hint", "POST", {})
    assert status == 400 and answer["error"].startswith("It is not your turn: Alice"), answer
    other = await running(web.service, CHANNEL + 100)
    web.visible.add((BOB, CHANNEL + 100))
    await in_thread(page.open, f"{page.base}/g/{other}")
    assert await in_thread(page.count, "#hint-button:not([hidden])") == 0
    await asyncio.sleep(1.0)
    status, answer = await in_thread(page.fetch, f"/api/games/{other}/hint", "POST", {})
    assert status == 400 and "hints:on" in answer["error"]
