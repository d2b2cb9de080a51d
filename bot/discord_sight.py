"""What a Discord member may see of a channel, from the bot's guild cache (channels, overwrites, roles).

Discord's own permissions for that member in that channel decide; a public thread follows its channel; a private
thread shows everything to those with Manage Threads and, since the bot cannot list its members without a
privileged intent, the games they are seated in to the others who can view its channel. A channel the bot cannot
find is not shown.
"""

from __future__ import annotations

import discord

from bot.visibility import Sight, Viewer


def channel_sight(guild: discord.Guild | None, member: discord.abc.User, channel_id: int) -> Sight:
    """What `member` may see of the games of channel `channel_id` in `guild`."""
    if guild is None or not isinstance(member, discord.Member):
        return Sight.NONE
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None:
        return Sight.NONE
    if isinstance(channel, discord.Thread):
        parent = channel.parent
        if parent is None:
            return Sight.NONE
        perms = parent.permissions_for(member)
        if not perms.view_channel:
            return Sight.NONE
        if channel.type is discord.ChannelType.private_thread and not perms.manage_threads:
            return Sight.SEATED
        return Sight.ALL
    perms = channel.permissions_for(member)
    return Sight.ALL if perms.view_channel else Sight.NONE


def viewer_of(interaction: discord.Interaction) -> Viewer:
    """The person behind an interaction, seeing what Discord lets them see."""
    # The cached guild has the channels and roles; an uncached one shows no channel but the one asked in.
    guild = interaction.client.get_guild(interaction.guild_id) if interaction.guild_id else None
    member = interaction.user
    return Viewer(member.id, interaction.channel_id, lambda channel_id: channel_sight(guild, member, channel_id))
