"""Tap targets on a phone (issue 41, "Everyone can play"; WCAG 2.2, 2.5.8): at 390x844 in a real Chromium every
control of the game page is at least 44 px high, every piece of the hand at least 44 px, and once the board is
zoomed as a tap zooms it, each square is at least 24 px (the page zooms to squares of 44 px); the server page's
pager too. Each leader on the page carries its colour's mark (tests/render/test_render_colour_blind.py)."""

from __future__ import annotations

import pytest

from bot.records.finisher import Finisher
from bot.web.auth import Person
from tests.a11y import PHONE, axe, blocking, describe
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until
from tests.records_helpers import people, random_game, store_game

pytestmark = [pytest.mark.process]  # a real browser process

CONTROL = 44  # px high: a control, a piece of the hand
SQUARE = 24  # px: the least a square may be once zoomed (WCAG 2.2 AA)

MEASURE = """
const [scope, skip] = arguments;
return [...document.querySelectorAll(scope)].filter((e) => !e.matches(skip) && e.getClientRects().length
    && getComputedStyle(e).visibility !== "hidden").map((e) => {
  const r = e.getBoundingClientRect();
  const name = e.dataset.action || e.dataset.move || e.dataset.zoom || e.dataset.pan || e.dataset.page || e.id
    || e.getAttribute("aria-label") || e.textContent.trim().slice(0, 20);
  return [e.tagName.toLowerCase() + ":" + name, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
});
"""



def phone(driver) -> None:
    driver.set_window_size(*PHONE)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True})


def measure(page: Page, scope: str, skip: str = "#log") -> list[tuple[str, float, float]]:
    return [tuple(x) for x in page.driver.execute_script(MEASURE, scope, skip)]


def small(found: list[tuple[str, float, float]], least: float) -> list[tuple[str, float, float]]:
    return [(what, w, h) for what, w, h in found if h < least or w < SQUARE]


async def test_every_tap_target_is_large_enough_on_a_phone(web):
    p = random_game(2, 3)  # a finished game for the server page
    await store_game(web.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(), seed=p.seed,
                     guild_id=GUILD, channel_id=CHANNEL, ended_at=1_700_000_000.0, end_reason="treasures:2")
    await Finisher(web.service.storage).catch_up(GUILD)
    game_id = await running(web.service)
    table = await web.service.current(game_id)
    # Alice places a leader: the board has a kingdom, her hand still its tiles, and she may undo.
    move = next(str(m) for m in table.game.legal_moves() if str(m).startswith("leader red"))
    await web.service.play(game_id, move, user_id=ALICE)
    web.visible.update({(ALICE, CHANNEL), (BOB, CHANNEL)})
    driver = await in_thread(chrome)
    try:
        await in_thread(phone, driver)
        page = Page(driver, str(web.client.make_url("")).rstrip("/"))
        link = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
        await in_thread(page.sign_in, f"{page.base}/auth?t={link}")
        await in_thread(wait_until, lambda: page.count('[data-action="undo"]'), 5, "the undo button")
        assert driver.execute_script("return innerWidth") == PHONE[0]

        controls = await in_thread(measure, page, "header a, header button, #game button:not(.piece), #game input")
        pieces = await in_thread(measure, page, "#hand button.piece")
        assert {"button:pass", "button:swap", "button:undo", "button:in"} <= {c[0] for c in controls}, controls
        assert len(pieces) >= 10, pieces  # six tiles, three leaders in supply, one on the board, the catastrophes
        assert small(controls, CONTROL) == [], controls
        assert small(pieces, CONTROL) == [], pieces

        # The whole board's squares are too small to tap: a tap zooms, then each square is large.
        whole = driver.execute_script("return document.querySelector('#board [data-square]')"
                                      ".getBoundingClientRect().width")
        await in_thread(page.click, '#board [data-square="H6"]')
        await in_thread(wait_until, lambda: page.count("#board.zoomed"), 5, "the zoomed board")
        squares = await in_thread(measure, page, "#board [data-square]")
        shown = [s for s in squares if s[1] > 0]
        least = min(min(w, h) for _, w, h in shown)
        print(f"phone 390x844: whole board square {whole:.1f} px, zoomed {least:.1f} px; "
              f"controls {min(h for _, _, h in controls):.1f} px high at least, pieces {min(h for *_, h in pieces)} px")
        assert least >= SQUARE, least
        zoomed = await in_thread(measure, page, ".zoom-bar button")
        assert {"button:-3,0", "button:out"} <= {c[0] for c in zoomed} and small(zoomed, CONTROL) == [], zoomed
        found = blocking(await in_thread(axe, driver))  # the zoomed board, its pan buttons shown
        assert found == [], describe(found)

        # Each leader drawn carries its colour's mark: the tile symbol of that colour.
        marks = driver.execute_script("""return [...document.querySelectorAll('.leader')].map((l) =>
            [l.querySelector('circle:nth-of-type(3)').getAttribute('fill'),
             l.querySelector('.colour-mark use').getAttribute('href')])""")
        expected = {"#d65014": "#s-temple", "#1854aa": "#s-farm", "#38b270": "#s-market", "#222222": "#s-settlement"}
        assert marks and all(expected[fill] == href for fill, href in marks), marks

        await in_thread(driver.get, f"{page.base}/s/{GUILD}")
        await in_thread(wait_until, lambda: page.count("#server:not([hidden]) [data-game]"), 10, "the server page")
        pager = await in_thread(measure, page, "#server button, header a")
        assert len(pager) == 2 and small(pager, CONTROL) == [], pager
    finally:
        await in_thread(driver.quit)
