"""The "Play on the board" button through the real bot on the loopback Discord: when the operator turned the Activity
on, the board message and /tne board carry it, and a press answers with LAUNCH_ACTIVITY (type 12), nothing posted."""

from __future__ import annotations

import pytest

from bot.discord_front.views import ACTIVITY_LABEL
from tests.loopback import running_bot
from tests.loopback.tne import open_game

pytestmark = pytest.mark.loopback

LAUNCH_ACTIVITY = 12


def activity_on(bot) -> None:
    """What start-up does when DISCORD_CLIENT_SECRET is set (bot/app.py hands the flag to both)."""
    bot.app.controller.activity = True
    bot.app.interactions.announcer.activity = True


async def test_the_board_message_launches_the_activity_in_its_channel(loopback, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5) as bot:
        activity_on(bot)
        await bot.sync_commands()
        begun = await open_game(loopback, channel, alice, joiners=(bob,))
        assert ACTIVITY_LABEL in begun.labels()
        before = len(loopback.channel(channel).messages())

        pressed = await loopback.press(bob, begun, label=ACTIVITY_LABEL)  # anyone in the channel may open it
        launched = await pressed.answered()
        assert launched.response_type == LAUNCH_ACTIVITY
        assert launched.activity_instance_id is not None and str(channel.id) in launched.activity_instance_id
        assert pressed.messages() == [] and len(loopback.channel(channel).messages()) == before  # nothing posted

        board = await (await loopback.slash(alice, channel, "tne board")).response()
        assert ACTIVITY_LABEL in board.labels()
        again = await loopback.press(alice, board, label=ACTIVITY_LABEL)
        assert (await again.answered()).response_type == LAUNCH_ACTIVITY

        bot.app.controller.activity = False  # the operator turned it off: old messages still carry the button
        stale = await loopback.press(bob, begun, label=ACTIVITY_LABEL)
        refused = await stale.response()
        assert refused.ephemeral and refused.content == "The web board is not turned on for this bot."


async def test_no_activity_button_unless_it_is_configured(loopback, tmp_path):
    alice, bob = loopback.add_user("Alice"), loopback.add_user("Bob")
    channel = loopback.add_channel(loopback.add_guild())
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5) as bot:
        await bot.sync_commands()
        begun = await open_game(loopback, channel, alice, joiners=(bob,))
        assert ACTIVITY_LABEL not in begun.labels()
        board = await (await loopback.slash(alice, channel, "tne board")).response()
        assert ACTIVITY_LABEL not in board.labels() and "My hand" in board.labels()



async def test_sync_keeps_the_activitys_entry_point_command(loopback, tmp_path):
    """Once an Activity is set up, Discord holds its Entry Point command and refuses a bulk overwrite without it
    (50240, the loopback refuses the same): --sync sends it back unchanged, every time."""
    launch = {"id": "555", "application_id": str(loopback.app_id), "version": "1", "type": 4, "name": "launch",
              "description": "", "handler": 2, "contexts": [0, 1, 2], "integration_types": [0, 1]}
    loopback.commands[None] = [launch]
    alice = loopback.add_user("Alice")
    channel = loopback.add_channel(loopback.add_guild())
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5) as bot:
        first = await bot.sync_commands()
        again = await bot.sync_commands()
        assert sorted((c["name"], c["type"]) for c in again) == [("launch", 4), ("tne", 1)]
        assert [c["id"] for c in first] == [c["id"] for c in again]
        (kept,) = [c for c in loopback.commands[None] if c["type"] == 4]
        assert (kept["id"], kept["handler"], kept["contexts"]) == ("555", 2, [0, 1, 2])
        # The synced /tne works (the loopback checks an invocation against the synced commands).
        answer = await (await loopback.slash(alice, channel, "tne help")).response()
        assert answer.content or answer.embeds


async def test_a_server_sync_leaves_the_global_entry_point_alone(loopback, tmp_path):
    launch = {"id": "556", "application_id": str(loopback.app_id), "version": "1", "type": 4, "name": "launch",
              "description": "", "handler": 2}
    loopback.commands[None] = [launch]
    guild = loopback.add_guild()
    async with running_bot(loopback, str(tmp_path / "tne.sqlite3"), seed=5) as bot:
        bot.sync_guild = guild.id
        synced = await bot.sync_commands()
        assert [c["name"] for c in synced] == ["tne"]
        assert loopback.commands[None] == [launch] and [c["name"] for c in loopback.commands[guild.id]] == ["tne"]
