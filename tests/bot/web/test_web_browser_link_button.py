"""The board message the outbox posts after each move carries the "Open the board" link to the game's public page
when the web board is on, and is unchanged when it is off."""

from __future__ import annotations

import dataclasses

import pytest

from bot.config import WebConfig
from tests.bot_harness import ALICE, BOB, CHANNEL, Harness, open_game

SECRET = "k" * 40


@pytest.fixture
async def wired(fake, database):
    h = Harness(fake, database, seed=11)
    web = WebConfig(port=0, url="http://tne.test", secret=SECRET, host="127.0.0.1")
    h.bot.config = dataclasses.replace(h.bot.config, web=web)
    await h.start()
    yield h
    await h.close()


def buttons(call) -> list[dict]:
    return [c for row in call.data.get("components") or [] for c in row.get("components", [])]


async def slash_move(h: Harness, game_id: int) -> list:
    """The person to move plays a tile by /tne move; the channel posts the outbox made for it."""
    table = await h.service.current(game_id)
    person = [ALICE, BOB][table.game.to_move]
    move = next(m for m in table.game.legal_moves() if m.startswith("tile"))
    before = len(h.fake.calls)
    await h.command(person, CHANNEL, "move", action=move)
    await h.bot.controller.idle()
    return [c for c in h.fake.calls[before:] if f"played `{move}`" in c.content and not c.ephemeral]


async def test_the_board_message_after_a_move_opens_the_games_public_page(wired):
    game_id = await open_game(wired, [ALICE, BOB])
    posted = await slash_move(wired, game_id)
    assert len(posted) == 1
    links = [b for b in buttons(posted[0]) if b.get("style") == 5]
    assert len(links) == 1 and links[0]["label"] == "Open the board"
    assert links[0]["url"].startswith(f"http://tne.test/g/{game_id}?s=") and "custom_id" not in links[0]
    # The game's own buttons are still there, before the link.
    assert [b.get("label") for b in buttons(posted[0])][-2:] == ["My hand", "Open the board"]
    # The link opens the same public page as /tne board's.
    assert links[0]["url"] == wired.bot.app.controller.links.spectator(game_id, CHANNEL)


async def test_without_the_web_board_the_board_message_has_no_link(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    posted = await slash_move(harness, game_id)
    assert len(posted) == 1
    assert buttons(posted[0]) and all(b.get("style") != 5 and "url" not in b for b in buttons(posted[0]))
