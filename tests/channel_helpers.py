"""A private channel as the gateway describes it, for tests of who may see which game."""

from __future__ import annotations

import discord

from tests.bot_harness import GUILD_ID, User

PRIVATE = 5151  # the private channel's id
STAFF = 880_000_000_000_000_001  # a role that may view the private channel
VIEW = discord.Permissions(view_channel=True).value


def overwrite(target: int, kind: int, *, allow: int = 0, deny: int = 0) -> dict:
    return {"id": str(target), "type": kind, "allow": str(allow), "deny": str(deny)}


def private_channel(*allowed: User) -> dict:
    """CHANNEL_CREATE of the private channel: @everyone may not view it; these members and the staff role may."""
    return {"id": str(PRIVATE), "type": 0, "guild_id": str(GUILD_ID), "name": "private", "position": 1,
            "nsfw": False, "parent_id": None, "permission_overwrites": [
                overwrite(GUILD_ID, 0, deny=VIEW), overwrite(STAFF, 0, allow=VIEW),
                *(overwrite(u.id, 1, allow=VIEW) for u in allowed)]}
