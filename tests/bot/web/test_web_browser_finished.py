"""A finished game's page in a real headless Chromium: the headline says who won and why it ended, the standings
fit a phone and their numbers add up, and the replay's slider names who made each move and takes the log along."""

from __future__ import annotations

import random

import pytest

from bot.web.auth import Person
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.process]  # a real browser process

USERS = (ALICE, BOB)
MOVES = 60



@pytest.fixture
async def driver():
    found = await in_thread(chrome)
    yield found
    await in_thread(found.quit)


async def finished(web) -> int:
    """Alice and Bob play MOVES random moves through the service, then Bob resigns: Alice wins."""
    game_id = await running(web.service)
    rng = random.Random(41)
    for _ in range(MOVES):
        table = await web.service.current(game_id)
        await web.service.play(game_id, str(rng.choice(table.game.legal_moves())), user_id=USERS[table.game.to_move])
    await web.service.resign(game_id, BOB)
    return game_id


async def played_out(web) -> int:
    """Alice and Bob play random moves to the game's end by the rules (treasures end up added to colours)."""
    game_id = await running(web.service)
    rng = random.Random(7)
    while not (table := await web.service.current(game_id)).game.over:
        await web.service.play(game_id, str(rng.choice(table.game.legal_moves())), user_id=USERS[table.game.to_move])
    return game_id


async def over_page(web, driver, width: int, height: int, lang: str = "") -> Page:
    """Alice's page of the finished game, its replay loaded."""
    web.visible.add((ALICE, CHANNEL))
    await in_thread(driver.set_window_size, width, height)
    page = Page(driver, str(web.client.make_url("")).rstrip("/"))
    await in_thread(page.sign_in, f"{page.base}/auth?t={web.auth.link(Person(ALICE, 'Alice', GUILD, CHANNEL))}")
    if lang:
        await in_thread(page.open, f"{driver.current_url}?lang={lang}")
    await in_thread(wait_until, lambda: page.count("#replay-box:not([hidden])"), 10, "the replay slider")
    return page


def text(page: Page, selector: str) -> str:
    return page.driver.execute_script("return document.querySelector(arguments[0]).textContent", selector)


async def test_on_a_phone_the_finished_game_fits_and_its_numbers_add_up(web, driver):
    game_id = await played_out(web)
    page = await over_page(web, driver, 390, 844)
    widths = await in_thread(page.driver.execute_script, """
        return [document.documentElement.scrollWidth, window.innerWidth,
                document.querySelector('#standings table').getBoundingClientRect().right]""")
    assert widths[0] <= widths[1] and widths[2] <= widths[1], widths  # no sideways scroll, the table whole
    await web.sign_in(ALICE, "Alice")
    shown = await (await web.client.get(f"/api/games/{game_id}")).json()
    for s in shown["standings"]:
        cells = await in_thread(page.driver.execute_script, """
            return [...document.querySelectorAll(`#standings tr[data-seat="${arguments[0]}"] td[class^="pt-"]`)]
              .map((td) => td.textContent)""", s["seat"])
        for cell, colour in zip(cells, ("red", "blue", "green", "black"), strict=False):
            total, added = s["totals"][colour], s["totals"][colour] - s["points"][colour]
            assert cell == (f"{total}{s['points'][colour]}+{added}" if added else f"{total}"), (cell, s)
        assert s["score"] == min(s["totals"].values())
        assert sum(s["totals"].values()) - sum(s["points"].values()) == s["treasures"]
    assert any(s["treasures"] for s in shown["standings"]), "the game shows what treasures add"
    assert "weakest colour" in text(page, "#over .note")


async def test_the_headline_names_the_winner_and_the_slider_the_player_and_the_log_follows(web, driver):
    await finished(web)
    page = await over_page(web, driver, 1280, 800)
    headline = text(page, "#turn")
    assert "Bob" in headline and "resign" in headline and "Alice" in headline and "wins" in headline, headline
    last = await in_thread(page.log_top)
    assert last[0] == MOVES - 1
    # Back ten moves: the label says whose move it is, the log ends with that move.
    for _ in range(10):
        await in_thread(page.click, '[data-step="-1"]')
    label = text(page, "#replay-words")
    frame = await in_thread(page.driver.execute_script, "return document.querySelector('#replay').value")
    assert int(frame) == MOVES - 10
    assert label.startswith(f"Move {MOVES - 10}, ") and ("Alice" in label or "Bob" in label), label
    top = await in_thread(page.log_top)
    assert top[0] == MOVES - 11, top  # the log's newest line is the move the board shows
    assert await in_thread(page.count, "#log [data-log]") == MOVES - 10


async def test_the_headline_is_in_the_page_language(web, driver):
    await finished(web)
    page = await over_page(web, driver, 1280, 800, "de")
    headline = await in_thread(wait_until, lambda: "Partie ist vorbei" in (t := text(page, "#turn")) and t, 5, "German")
    assert "Alice" in headline and "gewinnt" in headline, headline
