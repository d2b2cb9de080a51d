"""/tne rematch and the Rematch button under the final standings: the same seats, computers and options in a new
lobby of the same channel; the other players accept by a button, and the game starts once they all have."""

from __future__ import annotations

from bot.storage.rows import GameStatus
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    Harness,
    announced,
    buttons,
    last_message_with,
    response,
)


async def finished_three_seat_game(h: Harness) -> int:
    """Alice (host) and Bob against an easy computer, on the advanced board with open scores and hints on: both
    people resign, and the game is over."""
    await h.command(ALICE, CHANNEL, "new", seats=3, board="advanced", scores="open", hints="on", clock="1h")
    await h.command(BOB, CHANNEL, "join")
    await h.command(ALICE, CHANNEL, "addbot", level="easy")
    await h.command(ALICE, CHANNEL, "start")
    game_id = (await h.service.channel_table(CHANNEL)).id
    await h.command(ALICE, CHANNEL, "resign")
    await h.command(BOB, CHANNEL, "resign")
    assert (await h.service.load(game_id)).row.status == GameStatus.OVER
    return game_id


async def test_the_rematch_button_opens_the_same_game_again_and_starts_once_all_accept(harness):
    h = harness
    old = await finished_three_seat_game(h)
    mid, rematch = last_message_with(h.fake, "rematch")
    assert rematch == f"tne:{old}:0:rematch" and "Rematch" in buttons(h.fake, mid)
    calls = await h.press(BOB, mid, rematch)
    asked = response(calls)
    assert not asked.ephemeral and f"Rematch of game #{old}" in asked.content
    # Alice is pinged to accept; Bob asked and hosts it.
    assert f"<@{ALICE.id}>" in asked.content and asked.payload["data"]["allowed_mentions"]["users"] == [ALICE.id]
    lobby = await h.service.channel_table(CHANNEL)
    before = await h.service.load(old)
    assert lobby.id != old and lobby.row.status == GameStatus.LOBBY and lobby.row.rematch_of == old
    assert lobby.row.host_id == BOB.id and lobby.row.seats == 3
    assert (lobby.row.board, lobby.row.scores, lobby.row.hints, lobby.row.clock.clock) == (
        before.row.board, before.row.scores, before.row.hints, before.row.clock.clock) == (
        "advanced", "open", True, "1h")
    assert [(p.user_id, p.level) for p in lobby.players] == [(BOB.id, None), (0, "easy")]
    _, accept = last_message_with(h.fake, "join")
    assert "Accept" in buttons(h.fake, asked.message_id)

    # A stranger cannot take a seat meant for Alice: refused privately, nothing changes.
    refused = response(await h.press(CAROL, asked.message_id, accept))
    assert refused.ephemeral and "only its players" in refused.content
    assert len((await h.service.load(lobby.id)).players) == 2

    calls = await h.press(ALICE, asked.message_id, accept)
    started = await h.service.load(lobby.id)
    assert started.row.status == GameStatus.ACTIVE, "the last to accept starts it"
    assert sorted(p.user_id for p in started.players) == [0, ALICE.id, BOB.id]
    assert any("**The game begins!**" in c.content for c in announced(h.fake.calls))
    assert "The game has started." in h.fake.messages[asked.message_id]["content"]
    assert not h.fake.messages[asked.message_id].get("components"), "the lobby's buttons are closed"


async def test_a_rematch_against_computers_only_starts_at_once(harness):
    h = harness
    await h.command(ALICE, CHANNEL, "new", seats=2)
    await h.command(ALICE, CHANNEL, "addbot", level="easy")
    await h.command(ALICE, CHANNEL, "start")
    old = (await h.service.channel_table(CHANNEL)).id
    await h.command(ALICE, CHANNEL, "resign")
    answer = response(await h.command(ALICE, CHANNEL, "rematch"))
    assert not answer.ephemeral and "**The game begins!**" in answer.content
    table = await h.service.channel_table(CHANNEL)
    assert table.id != old and table.row.status == GameStatus.ACTIVE and table.row.rematch_of == old
    assert [(p.user_id, p.level) for p in table.players] == [(ALICE.id, None), (0, "easy")]


async def test_a_rematch_is_refused_clearly_and_changes_nothing(harness):
    h = harness
    nothing = response(await h.command(ALICE, CHANNEL, "rematch"))
    assert nothing.ephemeral and "no finished game in this channel" in nothing.content
    old = await finished_three_seat_game(h)
    stranger = response(await h.command(CAROL, CHANNEL, "rematch"))
    assert stranger.ephemeral and f"Only the players of game #{old}" in stranger.content
    assert (await h.service.storage.live_game_id(CHANNEL)) is None, "no lobby was opened"
    await h.command(ALICE, CHANNEL, "rematch")
    lobby = await h.service.storage.live_game_id(CHANNEL)
    again = response(await h.command(BOB, CHANNEL, "rematch"))
    assert again.ephemeral and f"A rematch of game #{old} is open here already" in again.content
    assert await h.service.storage.live_game_id(CHANNEL) == lobby
