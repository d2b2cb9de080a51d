"""The bot's own permissions in one channel, taken away and given back as a server's admin does: a member
overwrite for the bot, told to the bot by CHANNEL_UPDATE; REST calls the bot makes there meanwhile are refused
as Discord refuses them (403 50001 Missing Access without View Channel, 50013 Missing Permissions without Send
Messages or Attach Files), and interactions there report the bot's permissions without them (`app_permissions`).

    await deny_bot(server, channel, send=True)      # or view=True, attach=True
    ...
    await restore_bot(server, channel)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from tests.loopback.model import Channel, overwrite

if TYPE_CHECKING:
    from tests.loopback.server import LoopbackDiscord

VIEW = discord.Permissions(view_channel=True).value
SEND = discord.Permissions(send_messages=True).value
ATTACH = discord.Permissions(attach_files=True).value
MISSING_ACCESS = (403, 50001, "Missing Access")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")


def denied(channel: Channel) -> int:
    """The permission bits the bot is denied in this channel (by its own member overwrite)."""
    return getattr(channel, "bot_denied", 0)


def refusal(channel: Channel, method: str, path: str, files: int) -> tuple[int, int, str] | None:
    """Discord's refusal of a bot's REST call to this channel, or None when its permissions allow it."""
    bits = denied(channel)
    if not bits:
        return None
    if bits & VIEW:
        return MISSING_ACCESS
    posting = path.rstrip("/").endswith("/messages") and method == "POST"
    if posting and bits & SEND:
        return MISSING_PERMISSIONS
    if files and method in ("POST", "PATCH") and bits & ATTACH:
        return MISSING_PERMISSIONS
    return None


def app_permissions(server: LoopbackDiscord, channel: Channel) -> int:
    """What an interaction in this channel reports as the bot's permissions there."""
    return server.bot_permissions & ~denied(channel)


async def deny_bot(server: LoopbackDiscord, channel: Channel, *, view: bool = False, send: bool = False,
                   attach: bool = False) -> None:
    """Take permissions away from the bot in this channel (a member overwrite), and tell the bot (CHANNEL_UPDATE)."""
    bits = (VIEW if view else 0) | (SEND if send else 0) | (ATTACH if attach else 0)
    await _set(server, channel, denied(channel) | bits)


async def restore_bot(server: LoopbackDiscord, channel: Channel, *, told: str = "CHANNEL_UPDATE") -> None:
    """Give the bot back everything taken away in this channel, and tell it as Discord would for the way it was
    given back: CHANNEL_UPDATE (the channel's overwrites), GUILD_ROLE_UPDATE (a role's permissions: @everyone's
    here) or GUILD_MEMBER_UPDATE (the bot's own roles)."""
    if told == "CHANNEL_UPDATE":
        await _set(server, channel, 0)
        return
    await _set(server, channel, 0, told=None)
    guild = server.guilds[channel.guild_id or 0]
    if told == "GUILD_ROLE_UPDATE":
        everyone = guild.roles[guild.id]
        data: dict = {"guild_id": str(guild.id), "role": everyone.json(0)}
    elif told == "GUILD_MEMBER_UPDATE":
        data = guild.members[server.bot_user.id].json(guild.created) | {"guild_id": str(guild.id)}
    else:
        raise ValueError(f"told is CHANNEL_UPDATE, GUILD_ROLE_UPDATE or GUILD_MEMBER_UPDATE, not {told!r}")
    await server.gateway.dispatch(told, data, guild_id=guild.id)


async def _set(server: LoopbackDiscord, channel: Channel, bits: int, *, told: str | None = "CHANNEL_UPDATE") -> None:
    channel.bot_denied = bits  # type: ignore[attr-defined]
    mine = str(server.bot_user.id)
    channel.overwrites = [o for o in channel.overwrites if o["id"] != mine]
    if bits:
        channel.overwrites.append(overwrite(server.bot_user.id, member=True, deny=bits))
    server.touch()
    if told is not None:
        await server.gateway.dispatch("THREAD_UPDATE" if channel.is_thread else told, channel.json(),
                                      guild_id=channel.guild_id)
