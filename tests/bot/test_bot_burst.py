"""A burst of changes: past BUSY handled at once, the rest are acknowledged at once and announced in the channel."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.discord_front.interactions import IN_CHANNEL
from tests.bot_harness import ALICE, BOB, CAROL, DAVE, announced, open_game

# The database matters here, so these run on SQLite and on PostgreSQL.
pytestmark = pytest.mark.both_databases

GAMES = 6


async def test_a_burst_past_the_changes_in_hand_is_answered_at_once_and_each_move_announced_once(harness, fake):
    pairs = [[ALICE, BOB], [CAROL, DAVE]] * (GAMES // 2)
    games = [(await open_game(harness, pairs[i], channel=100 + i), 100 + i, pairs[i]) for i in range(GAMES)]
    harness.bot.controller.interactions._changing = asyncio.Semaphore(2)
    rng = random.Random(5)
    payloads, chosen = [], {}
    for game_id, channel, users in games:
        game = (await harness.service.load(game_id)).game
        action = rng.choice([m for m in game.legal_moves() if m.startswith("tile")])
        payloads.append(harness.command_payload(users[game.to_move], channel, "move", action=action))
        chosen[channel] = action

    calls = await harness.dispatch(*payloads)

    firsts = {c.interaction_id: c for c in calls if c.kind == "response"}
    assert len(firsts) == GAMES, "every interaction had its first answer"
    replied = [c for c in firsts.values() if c.payload["type"] == 4]
    deferred = [c for c in firsts.values() if c.payload["type"] == 5]
    assert len(replied) == 2 and all(" played `" in c.content and not c.ephemeral for c in replied)
    assert len(deferred) == GAMES - 2 and all(c.ephemeral for c in deferred)
    for c in deferred:  # the deferred "thinking..." becomes the private word that the channel shows the move
        follow = [f for f in calls if f.kind == "followup" and f"token-{c.interaction_id}" in f.path]
        assert [f.content for f in follow] == [IN_CHANNEL] and follow[0].ephemeral
    # Every move is stored and announced exactly once in its own channel: the replies, and the outbox's posts.
    for game_id, channel, _ in games:
        table = await harness.service.load(game_id)
        assert [m.move for m in table.moves][-1] == chosen[channel]
        said = [c for c in announced(calls) if f"played `{chosen[channel]}`" in c.content
                and (c.kind == "response" or f"/channels/{channel}/" in c.path)]
        assert len(said) == 1, (channel, [c.content for c in said])


async def test_moves_in_a_quiet_process_are_answered_with_their_announcement(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB], channel=100)
    game = (await harness.service.load(game_id)).game
    user = [ALICE, BOB][game.to_move]
    move = next(m for m in game.legal_moves() if m.startswith("tile"))
    calls = await harness.dispatch(harness.command_payload(user, 100, "move", action=move))
    (first,) = [c for c in calls if c.kind == "response"]
    assert first.payload["type"] == 4 and f"played `{move}`" in first.content
