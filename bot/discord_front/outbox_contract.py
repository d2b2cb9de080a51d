"""What the outbox (bot/discord_front/outbox.py) and its courier agree on: the `Courier` that takes announcements
to people, and the failures it reports, each telling the outbox whether to retry, hold or give up."""

from __future__ import annotations

from typing import Protocol

from bot.storage.outbox import Announcement


class Retry(Exception):
    """Delivery failed in a way that may pass (429, 5xx, a dropped connection); `after`: Discord's retry_after."""

    def __init__(self, reason: str, after: float | None = None) -> None:
        super().__init__(reason)
        self.after = after


class Blocked(Retry):
    """The bot may not post in the channel now (403 Missing Access / Missing Permissions): what it owes is held and
    tried again until it can. `missing`: the permissions to give back (discord.Permissions' names)."""

    def __init__(self, reason: str, missing: tuple[str, ...]) -> None:
        super().__init__(reason)
        self.missing = missing


class Refused(Exception):
    """Discord refuses this for good (no access to the channel, the channel is gone): retrying cannot help."""


class Gone(Refused):
    """The channel itself no longer exists (deleted while nobody heard): its game closes too."""


class Courier(Protocol):
    """How announcements reach people (bot/discord_front/outbox_courier.py for Discord; tests bring their own)."""

    async def find_reply(self, a: Announcement) -> int | None:
        """The interaction's reply if it is this announcement (its message id); None if there is none."""
        ...

    async def find_post(self, a: Announcement) -> int | None:
        """A message already showing this announcement in its channel (after an ambiguous post), or None."""
        ...

    async def post(self, a: Announcement) -> int:
        """Post it in its channel (with its nonce); the new message's id."""
        ...

    async def attach_picture(self, a: Announcement) -> bool | None:
        """Draw its picture and attach it to its delivered message; False when it went through the interaction's
        reply (which says nothing of what the bot may do in the channel itself)."""
        ...
