"""The composition root (bot/app.py) and the command table (bot/discord_front/cog.py): every part is built once and
handed its
collaborators through its constructor, and every `/tne` command lands on the Controller's handler of its name."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.app import build
from bot.config import Config
from bot.discord_front.interactions import Interactions
from bot.service.events import owed_post
from tests.bot_harness import ALICE, CHANNEL, response


def test_every_command_has_a_handler_of_its_name(harness):
    group = harness.bot.tree.get_command("tne")
    assert isinstance(group, app_commands.Group)
    names = [c.name for c in group.walk_commands() if isinstance(c, app_commands.Command)]
    assert {"new", "move", "addbot", "away", "back", "hint", "help", "history", "leaderboard"} <= set(names)
    missing = [n for n in names if not callable(getattr(harness.bot.controller, n, None))]
    assert missing == [], f"commands without a handler of their name: {missing}"


async def test_the_client_takes_its_parts_from_one_root(harness):
    bot = harness.bot
    app = bot.app
    assert app is not None
    assert (bot.storage, bot.service, bot.controller, bot.outbox, bot.keeper, bot.lobbies) == (
        app.storage, app.service, app.controller, app.outbox, app.keeper, app.lobbies)
    # Every collaborator came through a constructor: the same objects, shared, never a second copy.
    # Every change is followed by the same parts, subscribed once (no web board here: no hub).
    assert app.service.publisher.subscribers == [app.seats.follow, app.recorder.follow, app.outbox.follow]
    # The outbox is told only of what no interaction's reply carries: a slash move's own answer never reaches it.
    assert app.service.publisher.only == {app.outbox.follow: owed_post}
    assert app.seats.keeper is app.keeper and app.outbox.keeper is app.keeper
    assert app.controller.interactions is app.interactions and app.interactions.outbox is app.outbox
    assert app.controller.seats is app.seats and app.controller.clocks is app.clocks
    assert app.controller.finisher is app.recorder.finisher
    assert app.outbox.courier.before_picture == app.interactions.first_answers.wait
    assert bot.tree.on_error == app.interactions.on_tree_error
    assert isinstance(app.interactions, Interactions)


async def test_rules_and_help_answer_through_their_handlers(harness):
    rules = response(await harness.command(ALICE, CHANNEL, "help", topic="rules"))
    assert rules.ephemeral and "in brief" in rules.content
    helped = response(await harness.command(ALICE, CHANNEL, "help"))
    assert helped.ephemeral and "/tne new" in helped.content


async def test_the_root_gives_computer_seats_only_this_processs_shards(tmp_path):
    config = Config(token="t", database_url=str(tmp_path / "tne.sqlite3"), shard_count=3, shard_ids=(1,))
    gone: list[int] = []

    async def channel_gone(channel_id: int) -> None:
        gone.append(channel_id)

    client = discord.Client(intents=discord.Intents.none())
    app = await build(client, config, gone=channel_gone)
    try:
        shard_1, shard_2 = 1 << 22, 2 << 22
        assert app.seats.serves(shard_1) and not app.seats.serves(shard_2)
        assert app.seats.serves(None), "a direct message belongs to no shard"
        await app.outbox.gone(77)
        assert gone == [77], "a channel found gone on delivery reaches the client's handler"
    finally:
        await app.stop()
        app.close_workers()
        await app.storage.close()
        await client.close()
