"""Tapping the board in a real headless Chromium: a turn's last action waits for a confirmation by default (a second
tap on its square, or Play; Cancel drops it), the choice is each person's and kept, and a square that takes no move
says why in the engine's words, in the page's language."""

from __future__ import annotations

import asyncio

import pytest

from bot.web.auth import Person
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.process]  # a real browser process



@pytest.fixture
async def driver():
    found = await in_thread(chrome)
    await in_thread(found.set_window_size, 1400, 1100)  # squares large enough to tap without zooming
    yield found
    await in_thread(found.quit)


async def alice_page(web, driver, lang: str = "") -> Page:
    web.visible.add((ALICE, CHANNEL))
    page = Page(driver, str(web.client.make_url("")).rstrip("/"))
    await in_thread(page.sign_in, f"{page.base}/auth?t={web.auth.link(Person(ALICE, 'Alice', GUILD, CHANNEL))}")
    if lang:
        await in_thread(page.open, f"{driver.current_url}?lang={lang}")
    return page


async def tile_targets(web, page: Page, game_id: int) -> tuple[str, list[str]]:
    """Choose a tile on the page; its colour and the squares it may go to."""
    table = await web.service.current(game_id)
    colour = next(m.split()[1] for m in table.game.legal_moves() if m.startswith("tile"))
    squares = [m.split()[2] for m in table.game.legal_moves() if m.startswith(f"tile {colour} ")]
    await in_thread(page.click, f'[data-tile="{colour}"]:not([disabled])')
    await in_thread(wait_until, lambda: page.targets() == len(squares), 5, "the highlighted squares")
    return colour, squares


def tap(page: Page, square: str) -> None:
    page.click(f'#board [data-square="{square}"]')


def confirming(page: Page) -> bool:
    return bool(page.count("#confirm:not([hidden])"))


async def moves(web, game_id: int) -> list[str]:
    return [m.move for m in (await web.service.current(game_id)).moves]


async def test_a_turns_last_action_waits_for_a_second_tap_and_cancel_drops_it(web, driver):
    game_id = await running(web.service)
    page = await alice_page(web, driver)
    colour, squares = await tile_targets(web, page, game_id)
    rev = (await web.service.current(game_id)).row.rev
    await in_thread(tap, page, squares[0])  # the turn's first action: played at once
    rev = await in_thread(page.wait_revision, rev)
    assert await moves(web, game_id) == [f"tile {colour} {squares[0]}"]

    colour, squares = await tile_targets(web, page, game_id)
    await in_thread(tap, page, squares[-1])  # the last action: it waits
    assert await in_thread(confirming, page)
    words = await in_thread(page.driver.execute_script, "return document.querySelector('#confirm-words').textContent")
    assert f"tile {colour} {squares[-1]}" in words and "last action" in words, words
    await asyncio.sleep(0.5)
    assert len(await moves(web, game_id)) == 1, "nothing is played before the confirmation"
    await in_thread(page.click, '#confirm [data-confirm="cancel"]')
    assert not await in_thread(confirming, page)
    assert len(await moves(web, game_id)) == 1

    colour, squares = await tile_targets(web, page, game_id)
    await in_thread(tap, page, squares[-1])
    await in_thread(tap, page, squares[-1])  # the second tap on the same square plays it
    await in_thread(page.wait_revision, rev)
    assert (await moves(web, game_id))[-1] == f"tile {colour} {squares[-1]}"


async def test_the_choice_is_kept_per_person_and_never_means_at_once(web, driver):
    game_id = await running(web.service)
    page = await alice_page(web, driver)
    await in_thread(lambda: page.find("#confirm-mode option[value='all']").click())
    await in_thread(page.open, driver.current_url)  # read again: the choice is kept
    assert await in_thread(lambda: page.find("#confirm-mode").get_attribute("value")) == "all"
    _colour, squares = await tile_targets(web, page, game_id)
    await in_thread(tap, page, squares[0])
    assert await in_thread(confirming, page), "every move waits"
    await in_thread(page.click, '#confirm [data-confirm="play"]')
    rev = await in_thread(page.wait_revision, (await web.service.current(game_id)).row.rev - 1)

    await in_thread(lambda: page.find("#confirm-mode option[value='none']").click())
    _colour, squares = await tile_targets(web, page, game_id)
    await in_thread(tap, page, squares[0])  # the last action, played at once
    await in_thread(page.wait_revision, rev)
    assert len(await moves(web, game_id)) == 2


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_square_that_takes_no_move_says_why(web, driver, lang):
    game_id = await running(web.service)
    page = await alice_page(web, driver, lang if lang != "en" else "")
    table = await web.service.current(game_id)
    colour = next(m.split()[1] for m in table.game.legal_moves() if m.startswith("leader"))
    await in_thread(page.click, f'[data-leader="{colour}"]:not([disabled])')
    await in_thread(tap, page, "A4")  # a river square: no leader stands there
    said = await in_thread(wait_until, lambda: page.driver.execute_script(
        "const t = document.querySelector('#toast'); return !t.hidden && t.textContent"), 5, "the reason")
    expected = {"en": "A4 is a river square: leaders stand only on land.",
                "de": "A4 ist ein Flussfeld: Anführer stehen nur auf Land."}[lang]
    assert said == expected
    assert await moves(web, game_id) == []


async def test_why_answers_only_the_seat_to_move_and_plays_nothing(web):
    game_id = await running(web.service)
    web.visible.update({(ALICE, CHANNEL), (BOB, CHANNEL)})
    await web.sign_in(BOB, "Bob")
    answer = await (await web.client.get(f"/api/games/{game_id}/why?move=leader red A4")).json()
    assert answer == {"legal": False, "why": None}  # not Bob's turn
    await web.sign_in(ALICE, "Alice")
    answer = await (await web.client.get(f"/api/games/{game_id}/why?move=leader red A4",
                                         headers={"Accept-Language": "fr"})).json()
    assert answer["legal"] is False and "A4" in answer["why"] and "river" not in answer["why"]
    legal = str((await web.service.current(game_id)).game.legal_moves()[0])
    assert (await (await web.client.get(f"/api/games/{game_id}/why", params={"move": legal})).json())["legal"]
    assert await moves(web, game_id) == []
