"""A server admin setting the server's language through /tne settings language, for tests of languages."""

from __future__ import annotations

import re

import discord

from tests.bot_harness import (
    ALICE,
    BOB,
    CHANNEL,
    EPHEMERAL,
    Harness,
    User,
    find_conflict,
    play_moves,
    reach_conflict,
    response,
)

ADMIN = User(901, "Ada", str(discord.Permissions(view_channel=True, send_messages=True, use_application_commands=True,
                                                 manage_guild=True).value))


async def set_language(h: Harness, user: User, language: str, guild_locale: str = "en-US"):
    payload = h.command_payload(user, CHANNEL, "settings language", language=language)
    payload["guild_locale"] = guild_locale
    return response(await h.dispatch(payload))


def speak(h: Harness, monkeypatch, guild_locale: str, locale: str | None = None) -> None:
    """Every interaction from now on says Discord's guess at the server's language, and the person's (the same
    unless given)."""
    base = h._base
    person = guild_locale if locale is None else locale

    def with_locale(*args, **kwargs) -> dict:
        payload = base(*args, **kwargs)
        payload.update(guild_locale=guild_locale, locale=person)
        return payload
    monkeypatch.setattr(h, "_base", with_locale)


DISCORD_LIMIT = 2000
# Room each help topic leaves under the limit, so a translator may write a longer sentence without it being cut.
ROOM = 150


async def ask(harness, user, locale: str, guild_locale: str = "en-US", **options) -> str:
    """/tne help asked by a person whose Discord speaks `locale`; the private answer's words."""
    payload = harness.command_payload(user, CHANNEL, "help", **options)
    payload.update(locale=locale, guild_locale=guild_locale)
    call = response(await harness.dispatch(payload))
    assert call.ephemeral and call.data["flags"] & EPHEMERAL
    return call.content


# Code spans (moves, commands), links, mentions and the players' names: never translated.
KEPT = re.compile(r"`[^`]*`|<[^>]*>|https?://\S+|\bAlice\b|\bBob\b")


async def whole_short_game(h: Harness) -> list[str]:
    """Every text the bot wrote, public or private, in a short game played through its commands."""
    lobby = response(await h.command(ALICE, CHANNEL, "new", seats=2)).message_id
    assert lobby is not None
    await h.command(BOB, CHANNEL, "join")
    await h.command(BOB, CHANNEL, "leave")
    await h.command(BOB, CHANNEL, "join")
    await h.command(ALICE, CHANNEL, "start")
    table = await h.service.channel_table(CHANNEL)
    await play_moves(h, [ALICE, BOB], table.id, find_conflict(2, table.row.seed, "revolt"))
    for user in (ALICE, BOB):
        for command in ("hand", "status", "games"):
            await h.command(user, CHANNEL, command)
    await h.command(ALICE, CHANNEL, "board")
    await h.command(BOB, CHANNEL, "board")  # soon after: a private copy, with its note
    for mode in ("dm", "off", "channel"):
        await h.command(ALICE, CHANNEL, "settings notify", mode=mode)
    await h.command(ALICE, CHANNEL, "away")
    await h.command(BOB, CHANNEL, "away")  # everyone away: the game waits, and says so
    await h.command(BOB, CHANNEL, "back")
    await h.command(ALICE, CHANNEL, "back")
    await h.command(BOB, CHANNEL, "join")  # refused: the game has started
    await h.command(BOB, CHANNEL, "resign")
    await h.bot.controller.idle()
    return [c.content for c in h.fake.calls if c.content]


async def short_game(h: Harness, kind: str = "revolt") -> list[str]:
    """Two people play to a conflict, then one resigns: every public text the channel read."""
    await reach_conflict(h, [ALICE, BOB], kind)
    table = await h.service.channel_table(CHANNEL)
    quitter = [ALICE, BOB][table.game.to_move]
    assert not response(await h.command(quitter, CHANNEL, "resign")).ephemeral
    await h.bot.controller.idle()  # the game recorded, the outbox's posts made
    return [c.content for c in h.fake.public_calls() if c.content]


def read(texts: list[str], *phrases: str) -> None:
    for phrase in phrases:
        assert any(phrase in text for text in texts), (phrase, texts)
