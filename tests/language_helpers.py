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
