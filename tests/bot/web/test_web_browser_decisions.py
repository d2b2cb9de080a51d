"""The page's decision dialogs in a real headless Chromium: a signed-in person who must decide (a revolt's or a
war's reinforcements, which war first, a monument, a treasure) sees the strengths from the game's `pending`, is
offered one `data-move` per legal answer, and a click on one moves the game on in the service."""

from __future__ import annotations

import asyncio
import random

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from bot.discord_front.play.decision_texts import decision_words
from bot.web.auth import Person
from engine import Game
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.bot_harness import find_conflict, seed_where_first
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.process]  # a real browser process

USERS = (ALICE, BOB)
NAMES = ("Alice", "Bob")



@pytest.fixture
async def driver():
    found = await in_thread(chrome)
    yield found
    await in_thread(found.quit)


def moves_to(kind: str) -> list[str]:
    """Random legal moves from the web fixture's deal until a `kind` decision with more than one answer awaits."""
    seed = seed_where_first(0)
    for k in range(300):
        game, rng, moves = Game.new(players=2, seed=seed), random.Random(k), []
        while not game.over and len(moves) < 300:
            if game.pending and game.pending["kind"] == kind and len(game.legal_moves()) > 1:
                return moves
            move = str(rng.choice(game.legal_moves()))
            game.play(move)
            moves.append(move)
    raise AssertionError(f"no {kind} decision found")


async def play(web, game_id: int, moves: list[str]) -> None:
    """The moves through the service, each by the person whose seat must make it."""
    for move in moves:
        table = await web.service.current(game_id)
        await web.service.play(game_id, move, user_id=USERS[table.game.to_move])


async def game_json(web, game_id: int, seat: int) -> dict:
    """The game as the deciding person's page reads it (their own session, outside the browser)."""
    web.visible.add((USERS[seat], CHANNEL))
    await web.sign_in(USERS[seat], NAMES[seat])
    answer = await web.client.get(f"/api/games/{game_id}")
    assert answer.status == 200, await answer.text()
    return await answer.json()


async def decider_page(web, driver, seat: int) -> Page:
    """The deciding person followed their /tne web link in this browser; their dialog is open."""
    page = Page(driver, str(web.client.make_url("")).rstrip("/"))
    link = web.auth.link(Person(USERS[seat], NAMES[seat], GUILD, CHANNEL))
    await in_thread(page.sign_in, f"{page.base}/auth?t={link}")
    await in_thread(wait_until, lambda: page.count("#decision:not([hidden]) [data-move]"), 5, "the decision dialog")
    return page


def offered(page: Page) -> list[str]:
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#decision [data-move]')].map((b) => b.dataset.move)")


def strengths(page: Page) -> list[tuple[str, str]]:
    """The dialog's sides as shown: (name, strength) for the attacker, then the defender."""
    return [tuple(x) for x in page.driver.execute_script(
        "return [...document.querySelectorAll('#decision .strengths > div:not(.vs)')]"
        ".map((d) => [d.querySelector('b').textContent, d.querySelector('em').textContent])")]


async def decide(web, page: Page, game_id: int, seat: int, move: str) -> None:
    """Click `move` in the dialog; the service applied exactly it, by that person, and the page saw it."""
    table = await web.service.current(game_id)
    # The service's table is one object, changed in place by the move: keep what it was by value.
    rev, made, pending = table.row.rev, len(table.moves), dict(table.game.pending)
    await in_thread(page.click, f'#decision [data-move="{move}"]')
    await in_thread(page.wait_revision, rev)
    after = await web.service.current(game_id)
    assert after.row.rev > rev and len(after.moves) == made + 1
    assert (after.moves[-1].move, after.moves[-1].user_id) == (move, USERS[seat])
    assert after.game.pending != pending


@pytest.mark.parametrize("attacker_committed", [False, True], ids=["attacker", "defender"])
async def test_a_revolts_reinforcements_dialog_shows_both_strengths_and_commits(web, driver, attacker_committed):
    game_id = await running(web.service)
    moves = find_conflict(2, seed_where_first(0), "revolt")
    if attacker_committed:
        game = Game.new(players=2, seed=seed_where_first(0))
        for move in moves:
            game.play(move)
        moves.append(str(game.legal_moves()[-1]))  # the attacker commits all it may
    await play(web, game_id, moves)
    table = await web.service.current(game_id)
    seat = table.game.to_move
    shown = await game_json(web, game_id, seat)
    pending = shown["pending"]
    assert pending["kind"] == "revolt" and shown["you"] == seat
    assert (pending["attacker_commit"] is not None) == attacker_committed

    page = await decider_page(web, driver, seat)
    assert sorted(await in_thread(offered, page)) == sorted(shown["legal"])
    assert all(m.startswith("commit ") for m in shown["legal"]) and len(shown["legal"]) > 1
    strength, commit = pending["strength"], pending["attacker_commit"]
    assert await in_thread(strengths, page) == [
        (NAMES[pending["attacker"]], f"{strength['attacker']}" + (f" + {commit}" if commit is not None else "")),
        (NAMES[pending["defender"]], f"{strength['defender']}")]

    await decide(web, page, game_id, seat, "commit 1")
    after = await web.service.current(game_id)
    if after.game.to_move != seat or after.game.pending is None:
        await in_thread(wait_until, lambda: page.count("#decision[hidden]"), 5, "the dialog to close")


async def test_a_wars_attacker_sees_the_strengths_and_is_offered_every_commit(web, driver):
    game_id = await running(web.service)
    await play(web, game_id, find_conflict(2, seed_where_first(0), "war"))
    seat = (await web.service.current(game_id)).game.to_move
    shown = await game_json(web, game_id, seat)
    pending = shown["pending"]
    assert pending["kind"] == "war" and pending["attacker"] == seat

    page = await decider_page(web, driver, seat)
    assert sorted(await in_thread(offered, page)) == sorted(shown["legal"])
    assert await in_thread(strengths, page) == [(NAMES[pending["attacker"]], str(pending["strength"]["attacker"])),
                                                (NAMES[pending["defender"]], str(pending["strength"]["defender"]))]

    # More tiles than the attacker holds, sent as a forged button would: refused in words, nothing changes.
    await asyncio.sleep(1.0)  # the page's load used this second's requests
    too_many = f"commit {len(shown['legal'])}"
    status, answer = await in_thread(page.fetch, f"/api/games/{game_id}/moves", "POST",
                                     {"move": too_many, "revision": shown["revision"]})
    assert status == 400 and answer["error"], answer
    table = await web.service.current(game_id)
    assert table.row.rev == shown["revision"] and table.game.pending["attacker_commit"] is None

    await decide(web, page, game_id, seat, shown["legal"][-1])
    after = await web.service.current(game_id)
    assert after.game.pending["kind"] == "war" and after.game.pending["attacker_commit"] is not None


@pytest.mark.parametrize("kind", ["war_order", "monument", "treasure"])
async def test_a_choice_dialog_offers_each_legal_answer_and_plays_the_one_clicked(web, driver, kind):
    game_id = await running(web.service)
    await play(web, game_id, moves_to(kind))
    seat = (await web.service.current(game_id)).game.to_move
    shown = await game_json(web, game_id, seat)
    assert shown["pending"]["kind"] == kind and shown["you"] == seat

    page = await decider_page(web, driver, seat)
    assert sorted(await in_thread(offered, page)) == sorted(shown["legal"])
    await decide(web, page, game_id, seat, shown["legal"][0])


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_revolt_is_said_as_the_discord_table_says_it_and_the_kingdom_panel_agrees(web, driver, lang):
    game_id = await running(web.service)
    await play(web, game_id, find_conflict(2, seed_where_first(0), "revolt"))
    table = await web.service.current(game_id)
    seat, pending = table.game.to_move, table.game.pending
    await in_thread(driver.set_window_size, 1600, 1000)  # the dialog, at the bottom right, leaves the board free
    page = await decider_page(web, driver, seat)
    if lang != "en":
        await in_thread(page.open, f"{page.driver.current_url}?lang={lang}")
        await in_thread(wait_until, lambda: page.count("#decision:not([hidden]) [data-move]"), 5, "the dialog")
    said = decision_words(table, seat, t=web.ctx.locales.texts[lang]).replace("**", "").replace("`", "")
    shown = await in_thread(page.driver.execute_script, "return document.querySelector('#decision p').textContent")
    assert shown == said, (shown, said)
    assert "must commit" not in shown and "(commit <n>)" not in shown  # never the engine's English
    # The kingdom of the revolt, pointed at: both leaders, each with the strength the revolt counts.
    square = table.game.view(None)["players"][pending["attacker"]]["leaders"][pending["colour"]]
    await in_thread(lambda: ActionChains(driver).move_to_element(page.find(f'#board [data-square="{square}"]'))
                    .perform())
    await in_thread(wait_until, lambda: page.count("#kingdom:not([hidden]) [data-side]") == 2, 5, "the panel")
    sides = await in_thread(page.driver.execute_script, """
        return [...document.querySelectorAll('#kingdom [data-side]')].map((li) => [li.dataset.side,
          li.querySelector('b').textContent])""")
    strength = pending["strength"]
    words = {"en": "strength {n}", "de": "Stärke {n}"}[lang]
    assert sides == [["attacker", words.format(n=strength["attacker"])],
                     ["defender", words.format(n=strength["defender"])]], sides
