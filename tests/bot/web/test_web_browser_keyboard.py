"""A whole game's end played on the page with the keyboard alone, in a real Chromium (issue 41, "Everyone can play"):
Tab reaches the hand, the controls and the decisions, arrow keys walk the board's squares, Enter plays; every square,
piece and decision has a name a screen reader says, and the other player's moves are told in a live region."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.web.auth import Person
from engine import Game
from tests.a11y import axe, blocking, describe
from tests.bot.web.web_fixtures import ALICE, BOB, CHANNEL, GUILD, running
from tests.bot_harness import seed_where_first
from tests.browser import Page, chrome, in_thread, wait_until

pytestmark = [pytest.mark.process]  # a real browser process

USERS = (ALICE, BOB)
ALICE_MOVES = 10  # Alice's last moves of the game, each made by keyboard
WANTED = {"tile", "leader", "swap", "commit", "monument"}  # what those moves must include among them



def ending() -> tuple[list[tuple[int, str]], int]:
    """A whole game from the web fixture's deal as (seat, move), and where its end begins: Alice's last
    ALICE_MOVES moves, among them a tile, a leader, a swap, a conflict's commit and a monument."""
    seed = seed_where_first(0)
    for k in range(200):
        rng, game, moves = random.Random(k), Game.new(players=2, seed=seed), []
        while not game.over:
            legal = [str(m) for m in game.legal_moves()]
            placing = [m for m in legal if m.split()[0] in ("tile", "leader")]
            move = rng.choice(placing) if placing and rng.random() < 0.85 else rng.choice(legal)
            moves.append((game.to_move, move))
            game.play(move)
        alice = [i for i, (seat, _) in enumerate(moves) if seat == 0][-ALICE_MOVES:]
        if {moves[i][1].split()[0] for i in alice} >= WANTED:
            return moves, alice[0]
    raise AssertionError("no game ends with every kind of move")


def press(page: Page, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(page.driver).send_keys(*keys).perform()


def enter(page: Page) -> None:
    from selenium.webdriver.common.keys import Keys

    press(page, Keys.ENTER)


def focused(page: Page, selector: str) -> bool:
    return page.driver.execute_script("return document.activeElement.matches(arguments[0])", selector)


def tab_to(page: Page, selector: str, limit: int = 120) -> None:
    """Tab through the page until `selector` has the focus, as a keyboard user goes round the page."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(limit):
        if focused(page, selector):
            return
        press(page, Keys.TAB)
    raise AssertionError(f"Tab never reached {selector}")


def to_square(page: Page, square: str) -> None:
    """From the board's tab stop, arrow keys to `square`, then Enter."""
    from selenium.webdriver.common.keys import Keys

    tab_to(page, "#board [data-square]")
    at = page.driver.execute_script("return document.activeElement.dataset.square")
    dc = ord(square[0]) - ord(at[0])
    dr = int(square[1:]) - int(at[1:])
    press(page, *([Keys.ARROW_RIGHT if dc > 0 else Keys.ARROW_LEFT] * abs(dc)))
    press(page, *([Keys.ARROW_DOWN if dr > 0 else Keys.ARROW_UP] * abs(dr)))
    wait_until(lambda: focused(page, f'#board [data-square="{square}"]'), 5, f"the focus on {square}")
    name = page.driver.execute_script("return document.activeElement.querySelector('title').textContent")
    assert name.startswith(f"{square}, ") and name.endswith("you can play here"), name
    press(page, Keys.ENTER)


def keyboard_move(page: Page, move: str) -> None:
    """Make `move` on the page with Tab, arrows, Enter and nothing else."""
    from selenium.webdriver.common.keys import Keys

    words = move.split()
    if page.count(f'[data-move="{move}"]'):  # a decision's answer (a treasure's too)
        tab_to(page, f'#decision [data-move="{move}"]')
        press(page, Keys.ENTER)
    elif move == "pass":
        tab_to(page, '[data-action="pass"]')
        press(page, Keys.ENTER)
    elif words[0] == "swap":
        tab_to(page, '[data-action="swap"]')
        press(page, Keys.ENTER)
        for colour in words[1:]:
            tab_to(page, f'#hand [data-tile="{colour}"]:not(.chosen)')
            press(page, Keys.ENTER)
        tab_to(page, f'[data-move="{move}"]')
        press(page, Keys.ENTER)
    elif words[0] == "withdraw":
        tab_to(page, f'#hand [data-leader="{words[1]}"]')
        press(page, Keys.ENTER)
        tab_to(page, '[data-action="withdraw"]')
        press(page, Keys.ENTER)
    else:
        piece = {"tile": f'#hand [data-tile="{words[1]}"]', "leader": f'#hand [data-leader="{words[1]}"]',
                 "catastrophe": '#hand [data-action="catastrophe"]'}[words[0]]
        tab_to(page, piece)
        press(page, Keys.ENTER)
        to_square(page, words[-1])


def named(page: Page) -> dict[str, list[str]]:
    """The accessible names Chromium gives the page's buttons (what a screen reader says), by role."""
    tree = page.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    found: dict[str, list[str]] = {}
    for node in tree:
        role = node.get("role", {}).get("value")
        if role in ("button", "group", "log", "status"):
            found.setdefault(role, []).append(node.get("name", {}).get("value", ""))
    return found


def announced(page: Page) -> str:
    return page.driver.execute_script("const a = document.getElementById('announce'); return a ? a.textContent : ''")


async def test_the_end_of_a_game_is_played_with_the_keyboard_alone(web):
    moves, cut = ending()
    game_id = await running(web.service)
    for seat, move in moves[:cut]:
        await web.service.play(game_id, move, user_id=USERS[seat])
    web.visible.add((ALICE, CHANNEL))
    driver = await in_thread(chrome)
    try:
        driver.set_window_size(1280, 900)
        page = Page(driver, str(web.client.make_url("")).rstrip("/"))
        link = web.auth.link(Person(ALICE, "Alice", GUILD, CHANNEL))
        await in_thread(page.sign_in, f"{page.base}/auth?t={link}")

        # What a screen reader finds: the board as a named group of 176 squares, each named by its square and what
        # is on it; every piece in the hand named by its kind and colour.
        table = await web.service.current(game_id)
        names = (await in_thread(named, page))
        assert "The board" in names["group"]
        squares = [n for n in names["button"] if n[:1] in "ABCDEFGHIJKLMNOP" and n[1:2].isdigit()]
        assert len(squares) == 176, len(squares)
        tiles = table.game.view(None)["tiles"]
        sq, colour = next(iter(tiles.items()))
        kind = {"red": "temple", "blue": "farm", "green": "market", "black": "settlement"}[colour]
        assert any(n.startswith(f"{sq}, {kind} ({colour})") for n in squares), (sq, colour)
        assert any(n.endswith("'s kingdom") for n in squares)
        assert {"temple (red)", "farm (blue)", "market (green)", "settlement (black)"} & set(names["button"])
        assert {"Pass", "Swap tiles…"} <= set(names["button"])

        kinds: set[str] = set()
        checked: set[str] = set()
        for seat, move in moves[cut:]:
            rev = await in_thread(page.revision)
            if seat == 1:
                await web.service.play(game_id, move, user_id=BOB)
                await in_thread(page.wait_revision, rev)
                # Bob's move is told in the live region, in the words the log shows.
                _, told = await in_thread(page.log_top)
                words = told.lstrip("0123456789")
                await in_thread(wait_until, lambda said=words: said in announced(page), 5, f"{words!r} announced")
                continue
            await asyncio.sleep(0.25)  # a person's pace: the page's requests stay within the rate limit
            if move.split()[0] in WANTED - checked:
                # The accessibility checker finds nothing serious in what the page shows now (a decision, a hand).
                state = "decision" if await in_thread(page.count, "#decision:not([hidden])") else "hand"
                found = blocking(await in_thread(axe, driver))
                assert found == [], f"{state} before {move}:\n{describe(found)}"
                checked.add(move.split()[0])
            await in_thread(keyboard_move, page, move)
            try:
                await in_thread(page.wait_revision, rev, 3.0)
            except AssertionError:
                if move.split()[0] not in ("tile", "leader", "catastrophe"):
                    raise
                # A page that asks to confirm a move played on the board takes Enter on its square again (on a
                # square no longer legal, Enter only shows its kingdom).
                await in_thread(enter, page)
                await in_thread(page.wait_revision, rev)
            after = await web.service.current(game_id)
            assert (after.moves[-1].move, after.moves[-1].user_id) == (move, ALICE)
            kinds.add(move.split()[0])
        assert kinds >= WANTED, kinds
        print(f"keyboard: {len(moves) - cut} moves to the end, Alice's by keyboard: {sorted(kinds)}")
        after = await web.service.current(game_id)
        assert after.game.over and after.row.status == "over"
        await in_thread(wait_until, lambda: page.count("#over:not([hidden]) .standings"), 10, "the final standings")
    finally:
        await in_thread(driver.quit)
