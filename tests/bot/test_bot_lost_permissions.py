"""A member who lost View Channel or Send Messages in a game's channel changes nothing there (issue 37): Discord
still delivers a `/tne move` typed before the change, or a button pressed on an open panel; each command that changes
a game is refused in words, privately, and the game stays as it was."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from tests.bot_harness import ALICE, BOB, CHANNEL, open_game, response

NO_VIEW = replace(BOB, permissions=str(discord.Permissions(use_application_commands=True).value))
NO_SEND = replace(BOB, permissions=str(discord.Permissions(view_channel=True, use_application_commands=True).value))
CANNOT = {NO_VIEW.permissions: "You can no longer view this channel, so you cannot play or change its game.",
          NO_SEND.permissions: "You cannot send messages in this channel, so you cannot play or change its game."}


async def bobs_turn(h) -> int:
    """A game of Alice and Bob where Bob is to move."""
    game_id = await open_game(h, [ALICE, BOB])
    table = await h.service.load(game_id)
    if table.game.to_move != table.seat_of(BOB.id):
        await h.command(ALICE, CHANNEL, "move", action="pass")
        await h.command(ALICE, CHANNEL, "move", action="pass")
    table = await h.service.load(game_id)
    assert table.game.to_move == table.seat_of(BOB.id)
    return game_id


@pytest.mark.parametrize("bob", [NO_VIEW, NO_SEND], ids=["no-view", "no-send"])
async def test_a_member_who_lost_the_channel_cannot_play_or_change_its_game(harness, bob):
    h = harness
    game_id = await bobs_turn(h)
    before = await h.service.load(game_id)
    tile = next(m for m in before.game.legal_moves() if m.startswith("tile"))
    rev, played = before.row.rev, len(before.moves)
    for sub, options in (("move", {"action": tile}), ("move", {"action": "pass"}), ("undo", {}), ("away", {}),
                         ("resign", {}), ("abandon", {}), ("settings clock", {"clock": "1h"})):
        calls = await h.command(bob, CHANNEL, sub, **options)
        refused = response(calls)
        assert refused.ephemeral and refused.content == CANNOT[bob.permissions], (sub, refused.content)
        assert not [c for c in calls if not c.ephemeral and c.kind != "other"], sub  # the channel is told nothing
    after = await h.service.load(game_id)
    assert (after.row.rev, len(after.moves), after.row.status) == (rev, played, "active")
    assert not after.player(after.seat_of(BOB.id)).away
    # With the channel given back, the same move plays.
    calls = await h.command(BOB, CHANNEL, "move", action=tile)
    assert not response(calls).ephemeral and len((await h.service.load(game_id)).moves) == played + 1


async def test_a_member_who_lost_the_channel_cannot_join_or_open_a_game_there(harness):
    h = harness
    calls = await h.command(ALICE, CHANNEL, "new", seats=2)
    lobby = response(calls).message_id
    refused = response(await h.command(NO_VIEW, CHANNEL, "join"))
    assert refused.ephemeral and refused.content == CANNOT[NO_VIEW.permissions]
    join = next(c["custom_id"] for row in h.fake.messages[lobby]["components"] for c in row["components"]
                if c.get("label") == "Join")
    refused = response(await h.press(NO_SEND, lobby, join))
    assert refused.ephemeral and refused.content == CANNOT[NO_SEND.permissions]
    assert [p.user_id for p in (await h.service.channel_table(CHANNEL)).players] == [ALICE.id]
    refused = response(await h.command(replace(ALICE, permissions=NO_SEND.permissions), 4343, "new", seats=2))
    assert refused.ephemeral and refused.content == CANNOT[NO_SEND.permissions]
