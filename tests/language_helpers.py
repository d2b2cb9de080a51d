"""A server admin setting the server's language through /tne settings language, for tests of languages."""

from __future__ import annotations

import discord

from tests.bot_harness import CHANNEL, Harness, User, response

ADMIN = User(901, "Ada", str(discord.Permissions(view_channel=True, send_messages=True, use_application_commands=True,
                                                 manage_guild=True).value))


async def set_language(h: Harness, user: User, language: str, guild_locale: str = "en-US"):
    payload = h.command_payload(user, CHANNEL, "settings language", language=language)
    payload["guild_locale"] = guild_locale
    return response(await h.dispatch(payload))
