"""Buttons and commands in their place (channel, server, never a DM) and the limits on what one person can cause."""

from __future__ import annotations

import pytest

from bot.service.game_service import MAX_LOBBIES
from tests.bot_harness import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD_ID,
    User,
    forge,
    last_message_with,
    open_game,
    response,
)

NO_DMS = "played in a server channel, not in direct messages"


def in_dm(payload: dict, user: User) -> dict:
    """The same interaction as Discord delivers it from a direct message with the bot."""
    payload = dict(payload)
    del payload["guild_id"], payload["member"]
    payload.pop("guild_locale", None)
    payload["user"] = user.user_json()
    payload["channel"] = {"id": payload["channel_id"], "type": 1, "recipients": [user.user_json()]}
    payload["context"] = 1
    return payload


def refused(calls, expect: str) -> None:
    assert len(calls) == 1, [c.content for c in calls]
    assert calls[0].ephemeral and expect in calls[0].content, calls[0].content


@pytest.mark.parametrize(("sub", "options"), [("new", {"seats": 2}), ("move", {"action": "pass"}), ("status", {}),
                                              ("board", {}), ("join", {})])
async def test_commands_are_refused_in_direct_messages(harness, sub, options):
    await open_game(harness, [ALICE, BOB])
    dm = in_dm(harness.command_payload(ALICE, CHANNEL, sub, **options), ALICE)
    refused(await harness.dispatch(dm), NO_DMS)
    table = await harness.service.channel_table(CHANNEL)
    assert table.row.move_count == 0 and await harness.service.storage.live_game_id(CHANNEL) == table.id


async def test_a_press_from_a_direct_message_changes_nothing(harness, fake):
    await harness.command(ALICE, CHANNEL, "new", seats=2)
    mid, join = last_message_with(fake, "join")
    dm = in_dm(harness.press_payload(BOB, mid, join), BOB)
    refused(await harness.dispatch(dm), NO_DMS)
    table = await harness.service.channel_table(CHANNEL)
    assert [p.user_id for p in table.players] == [ALICE.id]


def copy_to(fake, message_id: int, channel: int) -> int:
    """The message shown in another channel with its buttons, as a thread started from it shows its first message."""
    mid = fake.next_id()
    fake.messages[mid] = {**fake.messages[message_id], "id": str(mid), "channel_id": str(channel)}
    return mid


async def test_a_button_naming_another_channels_game_is_refused(harness, fake):
    await harness.command(ALICE, 1, "new", seats=2)
    lobby, _ = last_message_with(fake, "join")
    one = await harness.service.channel_table(1)
    await harness.command(CAROL, 2, "new", seats=2)
    elsewhere = copy_to(fake, lobby, 2)
    for action in ("join", "leave", "start", "cancel"):
        _, cid = last_message_with(fake, action)
        assert cid.startswith(f"tne:{one.id}:")
        refused(await harness.press(BOB, elsewhere, cid), "belongs to a game in another channel")
    _, join = last_message_with(fake, "join")
    # The same press with another server's id (and the game's own channel id) is refused too.
    other_server = harness.press_payload(BOB, lobby, join)
    other_server["guild_id"] = str(GUILD_ID + 1)
    refused(await harness.dispatch(other_server), "belongs to a game in another channel")
    table = await harness.service.load(one.id)
    assert [p.user_id for p in table.players] == [ALICE.id] and table.row.status == "lobby"
    # In its own channel the same button works.
    assert not response(await harness.press(BOB, lobby, join)).ephemeral
    assert len((await harness.service.load(one.id)).players) == 2


async def test_game_buttons_elsewhere_are_refused(harness, fake):
    game_id = await open_game(harness, [ALICE, BOB], channel=1)
    mid, hand = last_message_with(fake, "hand")
    elsewhere = copy_to(fake, mid, 2)
    refused(await harness.press(ALICE, elsewhere, hand), "belongs to a game in another channel")
    assert (await harness.service.load(game_id)).row.move_count == 0


async def test_a_button_of_a_game_that_is_gone(harness, fake):
    await harness.command(ALICE, CHANNEL, "new", seats=2)
    refused(await harness.press(BOB, forge(fake, CHANNEL, "tne:999:0:join"), "tne:999:0:join"), "does not exist")


async def test_at_most_a_few_open_lobbies_per_person_per_server(harness):
    for channel in range(1, MAX_LOBBIES + 1):
        assert not response(await harness.command(ALICE, channel, "new", seats=2)).ephemeral
    calls = await harness.command(ALICE, 99, "new", seats=2)
    refused(calls, f"You already have {MAX_LOBBIES} open lobbies in this server (<#1>, <#2>, <#3>)")
    assert await harness.service.storage.live_game_id(99) is None
    # Others are not limited by Alice's lobbies; a started game is no longer a lobby, a cancelled one is gone.
    assert not response(await harness.command(BOB, 99, "new", seats=2)).ephemeral
    await harness.command(BOB, 1, "join")
    await harness.command(ALICE, 1, "start")
    assert not response(await harness.command(ALICE, 100, "new", seats=2)).ephemeral
    refused(await harness.command(ALICE, 101, "new", seats=2), "open lobbies")
    await harness.command(ALICE, 2, "abandon")
    assert not response(await harness.command(ALICE, 101, "new", seats=2)).ephemeral


async def test_lobbies_opened_at_once_still_respect_the_limit(harness):
    payloads = [harness.command_payload(ALICE, channel, "new", seats=2) for channel in range(1, MAX_LOBBIES + 3)]
    calls = await harness.dispatch(*payloads)
    answers = [c for c in calls if c.kind == "response"]
    assert sum(1 for c in answers if not c.ephemeral) == MAX_LOBBIES
    assert sum(1 for c in answers if c.ephemeral and "open lobbies" in c.content) == 2
    assert len(await harness.service.storage.open_lobbies(GUILD_ID, ALICE.id)) == MAX_LOBBIES


async def test_a_repeated_board_is_answered_privately(harness, fake):
    now = [1000.0]
    harness.bot.controller.boards.clock = lambda: now[0]
    await open_game(harness, [ALICE, BOB])
    first = await harness.command(CAROL, CHANNEL, "board")
    assert not response(first).ephemeral and any(c.files for c in first)
    now[0] += 5
    again = await harness.command(BOB, CHANNEL, "board")
    answer = response(again)
    assert answer.ephemeral and "only for you" in answer.content
    picture = next(c for c in again if c.kind == "original_edit")
    assert picture.files and picture not in fake.public_calls()
    now[0] += 30
    later = await harness.command(BOB, CHANNEL, "board")
    assert not response(later).ephemeral, "after the cooldown the board is public again"
    assert len(harness.bot.controller.boards) == 1


async def test_in_memory_maps_forget_ended_games(harness, fake):
    now = [0.0]
    controller = harness.bot.controller
    controller.boards.clock = lambda: now[0]
    for channel in range(1, 6):
        game_id = await open_game(harness, [ALICE, BOB], channel=channel)
        await harness.command(CAROL, channel, "board")
        await harness.command(ALICE, channel, "resign")  # two players: the game ends
        assert game_id not in harness.service.held
        assert channel not in harness.service.channels
        now[0] += 10
    assert len(harness.service.locks) == 0, "no lock outlives its use"
    assert controller.seats.playing() == set() and not controller.seats._tasks
    assert len(controller.boards) <= 3, "board cooldowns older than the cooldown are gone"
    assert not controller.first_answers._owed
