"""Every wrong input gets a private, clear answer and changes nothing."""

from __future__ import annotations

import pytest

from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    PLAIN_PERMISSIONS,
    Harness,
    User,
    last_message_with,
    open_game,
    response,
)


async def refused(h: Harness, user: User, sub: str, expect: str, channel: int = CHANNEL, **options) -> None:
    """The command is answered privately with `expect` in the text, and no public message is sent."""
    calls = await h.command(user, channel, sub, **options)
    assert len(calls) == 1, [c.content for c in calls]
    assert calls[0].ephemeral, calls[0].content
    assert expect in calls[0].content, calls[0].content


@pytest.mark.parametrize("sub", ["move", "hand", "board", "status", "log", "undo", "resign", "abandon", "join",
                                 "leave", "start"])
async def test_no_game_in_this_channel(harness, sub):
    options = {"action": "pass"} if sub == "move" else {}
    await refused(harness, ALICE, sub, "There is no game in this channel", **options)


async def test_bad_moves_change_nothing(harness):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    other = [ALICE, BOB][1 - table.game.to_move]
    position = table.game.position()
    await refused(harness, other, "move", "It is not your turn", action="pass")
    await refused(harness, CAROL, "move", "You are not playing in this game", action="pass")
    await refused(harness, me, "move", "Z99", action="tile red Z99")
    await refused(harness, me, "move", "", action="dance wildly")
    await refused(harness, me, "move", "none is awaited", action="commit 2")
    illegal = next(f"tile blue {sq}" for sq in ("A1", "B1", "C1", "D1", "E1", "F1") if
                   f"tile blue {sq}" not in table.game.legal_moves())
    await refused(harness, me, "move", "", action=illegal)
    after = await harness.service.load(game_id)
    assert after.game.position() == position and after.row.move_count == 0


async def test_lobby_mistakes(harness, fake):
    assert not response(await harness.command(ALICE, CHANNEL, "new", seats=2)).ephemeral
    await refused(harness, BOB, "new", "already has a game", seats=3)
    await refused(harness, ALICE, "join", "already in this game")
    await refused(harness, BOB, "start", "Only the host")
    await refused(harness, ALICE, "start", "At least two")
    await refused(harness, BOB, "leave", "not in this game")
    await refused(harness, ALICE, "leave", "host cannot leave")
    await refused(harness, ALICE, "move", "has not started", action="pass")
    await harness.command(BOB, CHANNEL, "join")
    await refused(harness, CAROL, "join", "full")
    mid, cancel = last_message_with(fake, "cancel")
    calls = await harness.press(BOB, mid, cancel)
    assert response(calls).ephemeral and "Only the host" in response(calls).content
    await harness.command(ALICE, CHANNEL, "start")
    await refused(harness, CAROL, "join", "already started")
    await refused(harness, DAVE, "abandon", "Only the host or someone with Manage Channels")


async def test_not_yours_on_a_hand_button_and_stale_buttons(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB])
    table = await harness.service.load(game_id)
    me = [ALICE, BOB][table.game.to_move]
    panel = response(await harness.command(me, CHANNEL, "hand"))
    pass_id = next(c for c in panel.custom_ids() if ":play:pass" in c)
    await harness.command(me, CHANNEL, "move", action=table.game.legal_moves()[0])
    calls = await harness.press(me, panel.message_id, pass_id)
    assert response(calls).ephemeral and "out of date" in response(calls).content
    assert (await harness.service.load(game_id)).row.move_count == 1


async def test_abandon_by_manager_and_resign(harness, fake):
    manager = User(1005, "Mod", permissions=str(1 << 4 | int(PLAIN_PERMISSIONS)))  # Manage Channels
    await open_game(harness, [ALICE, BOB])
    calls = await harness.command(manager, CHANNEL, "abandon")
    assert not response(calls).ephemeral and "abandoned" in response(calls).content
    await refused(harness, ALICE, "move", "There is no game", action="pass")
    status = response(await harness.command(ALICE, CHANNEL, "status"))  # the ended game can still be looked at
    assert status.ephemeral and "The game is over" in status.content
    # A new game may open in the same channel; in two-player games resigning ends it.
    await open_game(harness, [ALICE, BOB])
    calls = await harness.command(BOB, CHANNEL, "resign")
    assert "resigns" in response(calls).content and "The game is over" in response(calls).content
    await refused(harness, BOB, "move", "There is no game", action="pass")
    assert PLAIN_PERMISSIONS


async def test_an_unexpected_failure_is_logged_and_answered_privately(harness, monkeypatch, caplog):
    await open_game(harness, [ALICE, BOB])

    async def broken(channel_id, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(harness.service, "channel_table", broken)
    calls = await harness.command(ALICE, CHANNEL, "status")
    assert len(calls) == 1 and calls[0].ephemeral and "went wrong" in calls[0].content
    assert "disk on fire" in caplog.text


async def test_a_finished_game_can_still_be_looked_at(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB])
    await harness.command(BOB, CHANNEL, "resign")
    calls = await harness.command(CAROL, CHANNEL, "board")
    board = response(calls)
    assert not board.ephemeral and f"Game #{game_id} (finished)" in board.content
    picture = next(c for c in calls if c.kind == "original_edit")
    assert picture.files and picture.files[0][1].startswith(b"\x89PNG")
    status = response(await harness.command(CAROL, CHANNEL, "status"))
    assert status.ephemeral and "Bob (Bull) resigned" in status.content
    log = response(await harness.command(CAROL, CHANNEL, "log"))
    assert log.ephemeral and log.content == "No moves yet."  # Bob resigned before anyone moved
    await refused(harness, ALICE, "move", "There is no game", action="pass")
    await refused(harness, ALICE, "undo", "There is no game")
    # A new game in the channel takes over the read-only commands again.
    await harness.command(ALICE, CHANNEL, "new", seats=2)
    await refused(harness, ALICE, "board", "has not started yet")
