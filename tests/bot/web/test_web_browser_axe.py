"""The web board's pages meet WCAG 2.2 AA as the accessibility checker axe-core reads them in a real Chromium (issue
41, "Everyone can play"): a player's game board, the spectators' board, a finished game's board with its replay, the
server page and the Activity page, at phone and desktop size, in English, German and French, have no serious or
critical violation."""

from __future__ import annotations

import random
from urllib.parse import quote

import pytest
from aiohttp.test_utils import TestServer

from bot.records.finisher import Finisher
from bot.web.activity import ActivitySettings
from bot.web.auth import Person
from bot.web.server import make_app
from tests.a11y import DESKTOP, PHONE, axe, blocking, describe
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until
from tests.records_helpers import people, random_game, store_game

pytestmark = [pytest.mark.process]  # a real browser process

LANGUAGES = ("en", "de", "fr")
USERS = (ALICE, BOB)



async def midgame(web, moves: int = 24) -> int:
    """A running game with kingdoms, leaders and treasures on the board, Alice (seat 0) to act."""
    game_id = await running(web.service)
    rng = random.Random(7)
    while moves > 0 or (await web.service.current(game_id)).game.to_move != 0:
        table = await web.service.current(game_id)
        legal = [str(m) for m in table.game.legal_moves()]
        placing = [m for m in legal if m.split()[0] in ("tile", "leader")]
        move = rng.choice(placing or legal)
        await web.service.play(game_id, move, user_id=USERS[table.game.to_move])
        moves -= 1
    return game_id


def pages_ready(page: Page, url: str, ready: str) -> None:
    page.driver.get(url)
    wait_until(lambda: page.driver.execute_script("return !!document.querySelector(arguments[0])", ready), 15, ready)
    if page.count("#live"):
        # The board page reads its game again once its live stream opens: checked after that, not during it.
        wait_until(lambda: page.count("#live.on"), 15, "the live stream")
    # The texts are in (the page sets <html lang> once its language's table is loaded).
    wait_until(lambda: page.driver.execute_script("return document.documentElement.lang") in LANGUAGES, 5, "lang")


def check(page: Page, urls: dict[str, tuple[str, str]], lang: str) -> dict[tuple[str, str], list[dict]]:
    """Each page at each size in `lang`: axe's violations by (page, size)."""
    found = {}
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.driver.set_window_size(*size)
        # The viewport, not the window, is what the page lays out in: make it the size asked for.
        page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size_name == "phone"})
        for name, (url, ready) in urls.items():
            sep = "&" if "?" in url else "?"
            pages_ready(page, f"{url}{sep}lang={lang}", ready)
            assert page.driver.execute_script("return document.documentElement.lang") == lang
            found[(name, size_name)] = axe(page.driver)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_page_has_no_serious_accessibility_violation(web, lang):
    p = random_game(2, 3)  # a finished game for the server page's history, then the running one
    finished = await store_game(web.service.storage, people("Alice", "Bob"), p.moves, snapshot=p.game.position(),
                                seed=p.seed, guild_id=GUILD, channel_id=CHANNEL, ended_at=1_700_000_000.0,
                                end_reason="treasures:2")
    await Finisher(web.service.storage).catch_up(GUILD)
    game_id = await midgame(web)
    web.visible.add((ALICE, CHANNEL))
    # The Activity's page, served by the same board with the Activity turned on.
    activity = TestServer(make_app(web.ctx, ActivitySettings("4242", "c" * 32, None, secure=False)))
    await activity.start_server()
    driver = await in_thread(chrome)
    try:
        base = str(web.client.make_url("")).rstrip("/")
        page = Page(driver, base)
        spectate = web.auth.spectator(game_id, CHANNEL)
        urls = {
            "board": (f"{base}/g/{game_id}", "#hand:not([hidden]) [data-action]"),
            "server": (f"{base}/s/{GUILD}", "#server:not([hidden]) [data-game]"),
            "spectator": (f"{base}/g/{game_id}?s={quote(spectate)}", "#board[data-revision] svg"),
            "finished": (f"{base}/g/{finished}", "#over:not([hidden]) .standings"),
            "activity": (str(activity.make_url("/activity")), "#activity-status"),
        }
        link = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
        await in_thread(page.sign_in, f"{base}/auth?t={link}")
        found = await in_thread(check, page, urls, lang)
    finally:
        await in_thread(driver.quit)
        await activity.close()
    for (name, size), violations in sorted(found.items()):
        print(f"axe {lang} {name} {size}: {len(blocking(violations))} serious/critical, "
              f"{len(violations)} in all {[v['id'] + ':' + v['impact'] for v in violations]}")
    bad = {key: blocking(v) for key, v in found.items() if blocking(v)}
    assert not bad, "\n".join(f"{lang} {name} at {size}:\n{describe(v)}" for (name, size), v in bad.items())
