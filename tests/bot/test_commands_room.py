"""Room under Discord's 25 subcommands of `/tne`: `/tne rules` became `/tne help topic:rules` and `/tne turns`
became `/tne games mine:True`, answering exactly as before, so that `/tne hint` and `/tne review` fit."""

from __future__ import annotations

from discord import app_commands

from bot.discord_front.cog import TneCog
from bot.discord_front.help import texts as help_texts
from bot.discord_front.play import status_texts
from tests.bot_harness import ALICE, BOB, CAROL, CHANNEL, EPHEMERAL, open_game, response

OTHER = 4343

# Discord allows 25 subcommands and groups under one command.
DISCORD_LIMIT = 25


def test_tne_keeps_room_for_hint_and_review_under_discords_limit():
    tne = TneCog(controller=None).__cog_app_commands_group__  # type: ignore[arg-type]
    names = {c.name for c in tne.commands}
    assert "hint" in names and not {"rules", "turns"} & names
    # `/tne review` comes with its own branch; counted here as to come until then.
    coming = {"review"} - names
    assert len(names) + len(coming) <= DISCORD_LIMIT, sorted(names)


def test_every_help_topic_is_offered_and_fits_a_message_with_room_to_spare():
    tne = TneCog(controller=None).__cog_app_commands_group__  # type: ignore[arg-type]
    help_command = tne.get_command("help")
    assert isinstance(help_command, app_commands.Command)
    (topic,) = help_command.parameters
    assert [c.value for c in topic.choices] == list(help_texts.HELP_TOPICS) and not topic.required
    assert [c.name for c in topic.choices] == ["commands", "rules", "clocks", "records", "review & hints"]
    for name, text in help_texts.HELP_TOPICS.items():
        assert len(text) <= 2000, name
    # The commands' topic is read most and translated first: well under the limit.
    assert len(help_texts.HELP_TEXT) < 1500 and help_texts.HELP_TOPICS["rules"] == help_texts.RULES_TEXT


async def test_help_without_a_topic_is_the_commands_and_each_topic_answers_privately(harness):
    plain = response(await harness.command(ALICE, CHANNEL, "help"))
    assert plain.ephemeral and plain.data["flags"] & EPHEMERAL and plain.content == help_texts.HELP_TEXT
    for topic, text in help_texts.HELP_TOPICS.items():
        call = response(await harness.command(ALICE, CHANNEL, "help", topic=topic))
        assert call.ephemeral and call.content == text, topic


async def test_the_rules_moved_under_help_and_say_what_they_said(harness):
    call = response(await harness.command(CAROL, CHANNEL, "help", topic="rules"))
    assert call.ephemeral and call.content == help_texts.RULES_TEXT
    assert "**Revolt**" in call.content and "weakest colour" in call.content


async def test_a_help_topic_that_does_not_exist_is_refused_in_words(harness):
    call = response(await harness.command(ALICE, CHANNEL, "help", topic="everything"))
    assert call.ephemeral and call.content.startswith("There is no help on that.")
    assert "rules, clocks, records, review & hints" in call.content


async def test_games_mine_is_what_turns_was_and_games_alone_is_unchanged(harness):
    h = harness
    game_id = await open_game(h, [ALICE, BOB])
    table = await h.service.load(game_id)
    acting, waiting = (ALICE, BOB) if table.game.to_move == 0 else (BOB, ALICE)
    tables = await h.service.server_tables(table.row.guild_id)
    mine = response(await h.command(acting, OTHER, "games", mine=True))
    assert mine.ephemeral and mine.content == status_texts.turns_pages(tables, acting.id, h.service.now())[0]
    assert f"game #{game_id}: your turn" in mine.content
    theirs = response(await h.command(waiting, CHANNEL, "games", mine=True))
    assert theirs.ephemeral and theirs.content == "No game in this server is waiting for you."
    everyone = response(await h.command(waiting, CHANNEL, "games"))
    assert everyone.ephemeral and everyone.content == status_texts.games_pages(tables, h.service.now())[0]
    off = response(await h.command(ALICE, CHANNEL, "settings notify", mode="off"))
    assert "`/tne games mine:True`" in off.content


def test_the_help_names_the_new_forms_and_not_the_old_ones():
    every = "\n".join(help_texts.HELP_TOPICS.values())
    for needed in ("`/tne games mine:True`", "`/tne help", "`/tne hint`", "`/tne new hints:on`", "`/tne review"):
        assert needed in every, needed
    assert "/tne rules" not in every and "/tne turns" not in every
