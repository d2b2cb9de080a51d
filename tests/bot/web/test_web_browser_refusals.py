"""Every refusal of the web board as a browser meets it (its own fetch, its own cookies), a phone's tap after
zooming, and the API-level refusals the API tests lacked. The web board runs in this process (tests/bot/web's
`web` fixture) and a real headless Chromium drives it."""

from __future__ import annotations

import asyncio

import pytest

from bot.service.desk import CHANGED
from bot.web.auth import COOKIE, Auth, Person
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.loopback, pytest.mark.process]  # a real browser process



async def settle() -> None:
    """A pause as a person makes between requests: the page's load and two refusals use up a second's requests."""
    await asyncio.sleep(1.0)



def base_of(web) -> str:
    return str(web.client.make_url("")).rstrip("/")


async def signed_in_page(web, user_id: int, name: str, driver) -> Page:
    """The person followed their /tne web link in this browser: the session cookie is set, the game is open."""
    web.visible.add((user_id, CHANNEL))
    page = Page(driver, base_of(web))
    await in_thread(page.sign_in, f"{page.base}/auth?t={web.auth.link(Person(user_id, name, GUILD, CHANNEL))}")
    return page


@pytest.fixture
async def driver():
    found = await in_thread(chrome)
    yield found
    await in_thread(found.quit)


async def test_refusals_reach_the_browser_in_words_and_change_nothing(web, driver):
    game_id = await running(web.service)  # Alice (seat 0) to move
    page = await signed_in_page(web, BOB, "Bob", driver)
    table = await web.service.current(game_id)
    rev, alice_move = table.row.rev, next(m for m in table.game.legal_moves() if m.startswith("tile"))
    moves = f"/api/games/{game_id}/moves"

    status, answer = await in_thread(page.fetch, moves, "POST", {"move": alice_move, "revision": rev})
    assert status == 400 and answer["error"].startswith("It is not your turn: Alice")  # the slash command's words
    await settle()
    status, answer = await in_thread(page.fetch, moves, "POST", {"move": alice_move, "revision": rev - 1})
    assert status == 409 and answer["error"] == CHANGED
    status, answer = await in_thread(lambda: page.fetch(moves, "POST", {"move": alice_move, "revision": rev},
                                                        csrf=False))
    assert status == 403 and "X-TNE-CSRF" in answer["error"]
    await settle()
    status, answer = await in_thread(lambda: page.fetch(moves, "POST", raw='{"move": "' + "x" * 5000 + '"}'))
    assert status == 413 and "too large" in answer["error"]
    status, answer = await in_thread(lambda: page.fetch(moves, "POST", raw="{not json"))
    assert status == 400 and answer["error"] == "That request is not JSON."

    await settle()
    # A session cookie signed with another secret, put in the browser by hand, is nobody's.
    forged = Auth("x" * 40).session(Person(ALICE, "Alice"))
    await in_thread(driver.delete_cookie, COOKIE)
    await in_thread(driver.add_cookie, {"name": COOKIE, "value": forged, "path": "/"})
    status, answer = await in_thread(page.fetch, moves, "POST", {"move": alice_move, "revision": rev})
    assert status == 401 and answer["error"]
    status, answer = await in_thread(page.fetch, f"/api/games/{game_id}")
    assert status == 401 and "not valid" in answer["error"]

    after = await web.service.current(game_id)
    assert after.row.rev == rev and len(after.moves) == 0  # nothing of it was applied


async def test_on_a_phone_a_tap_after_zooming_plays_the_intended_square(web, driver):
    game_id = await running(web.service)
    await in_thread(driver.set_window_size, 390, 844)
    page = await signed_in_page(web, ALICE, "Alice", driver)
    table = await web.service.current(game_id)
    rev = table.row.rev
    colour = next(m.split()[1] for m in table.game.legal_moves() if m.startswith("tile"))
    squares = [m.split()[2] for m in table.game.legal_moves() if m.startswith(f"tile {colour} ")]
    square = squares[len(squares) // 3]  # away from the board's middle, where a zoomed view starts
    await in_thread(page.click, f'[data-tile="{colour}"]:not([disabled])')
    await in_thread(wait_until, lambda: page.targets() == len(squares), 5, "the highlighted squares")
    # The whole board at a phone's width has squares too small to tap: the first tap zooms in there.
    await in_thread(page.click, f'#board [data-square="{square}"]')
    assert await in_thread(page.count, "#board.zoomed") == 1
    assert len((await web.service.current(game_id)).moves) == 0  # the zooming tap played nothing
    await in_thread(page.click, f'#board [data-square="{square}"]')
    await in_thread(page.wait_revision, rev)
    assert [m.move for m in (await web.service.current(game_id)).moves] == [f"tile {colour} {square}"]


async def test_a_forged_session_cookie_cannot_move_and_changes_nothing(web):
    game_id = await running(web.service)
    rev = (await web.service.current(game_id)).row.rev
    csrf = await web.sign_in(ALICE, "Alice")
    web.client.session.cookie_jar.clear()
    web.client.session.cookie_jar.update_cookies({COOKIE: Auth("x" * 40).session(Person(ALICE, "Alice"))})
    status, answer = await web.post(f"/api/games/{game_id}/moves", {"move": "pass", "revision": rev}, csrf)
    assert status == 401 and answer["error"]
    assert (await web.service.current(game_id)).row.rev == rev


async def test_a_pages_first_load_is_not_refused_as_too_many_requests(web):
    game_id = await running(web.service)
    await web.sign_in(ALICE, "Alice")
    files = ["/static/board.css", "/static/board.js", "/static/symbols.js", "/static/geometry.js",
             "/static/draw.js", "/static/panels.js"]
    paths = [f"/g/{game_id}", *files, "/api/session", f"/api/games/{game_id}", "/api/boards",
             f"/api/games/{game_id}"]
    answers = [await web.client.get(p) for p in paths]  # within a second, as a browser loads the page
    assert [a.status for a in answers] == [200] * len(paths)
