"""What the loopback Discord holds: users, guilds, channels, messages and interactions, and their JSON."""

from __future__ import annotations

import datetime
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import discord

# How long a test waits for what the bot should send: long enough for a loaded 2-core machine running the
# suite on parallel workers; a wait ends as soon as the message is there.
WAIT = 15.0

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12

# Channel types (Discord's numbers).
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

# What a plain member may do in a channel, and everything (an administrator or the owner).
PLAIN_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True,
                                        use_application_commands=True, send_messages_in_threads=True).value
ALL_PERMISSIONS = discord.Permissions.all().value


def overwrite(target: int, *, member: bool = False, allow: int = 0, deny: int = 0) -> dict[str, Any]:
    """A channel's permission overwrite for a role (or the guild id: @everyone) or a member."""
    return {"id": str(target), "type": 1 if member else 0, "allow": str(allow), "deny": str(deny)}


def iso(t: float) -> str:
    return datetime.datetime.fromtimestamp(t, datetime.UTC).isoformat()


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True  # False: messages to this user's DM channel fail with 50007

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "username": self.name.lower().replace(" ", "_"),
                                "discriminator": "0", "global_name": self.name, "avatar": None,
                                "public_flags": 0}
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class Role:
    id: int
    name: str
    permissions: int = 0
    mentionable: bool = False

    def json(self, position: int) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "color": 0, "hoist": False, "icon": None,
                "unicode_emoji": None, "position": position, "permissions": str(self.permissions),
                "managed": False, "mentionable": self.mentionable, "flags": 0}


@dataclass
class Member:
    user: User
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    permissions: int = PLAIN_PERMISSIONS  # what interactions report as the member's permissions in the channel

    def json(self, joined: float, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"user": self.user.json(), "roles": [str(r) for r in self.roles], "nick": self.nick,
                                "avatar": None, "joined_at": iso(joined), "premium_since": None, "deaf": False,
                                "mute": False, "flags": 0, "pending": False}
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    created: float
    roles: dict[int, Role] = field(default_factory=dict)  # includes @everyone, whose id is the guild's
    members: dict[int, Member] = field(default_factory=dict)
    channels: list[int] = field(default_factory=list)


@dataclass
class Channel:
    id: int
    type: int
    name: str
    guild_id: int | None = None
    parent_id: int | None = None  # threads: their channel
    recipient_id: int | None = None  # DMs: the person (the other side is the bot)
    bot_can_send: bool = True  # False: the bot lost Send Messages here (50013)
    overwrites: list[dict] = field(default_factory=list)  # permission overwrites, as Discord's JSON has them
    owner_id: int = 0  # threads: who started it (Discord always sends one; discord.py needs it)

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    def json(self, users: dict[int, User] | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "last_message_id": None, "flags": 0}
        if self.type == DM:
            recipient = (users or {}).get(self.recipient_id or 0)
            data["recipients"] = [recipient.json()] if recipient else []
            return data
        data.update(guild_id=str(self.guild_id), name=self.name, position=0, permission_overwrites=self.overwrites,
                    nsfw=False, parent_id=str(self.parent_id) if self.parent_id else None, topic=None,
                    rate_limit_per_user=0)
        if self.is_thread:
            data.update(owner_id=str(self.owner_id), message_count=0, member_count=1, thread_metadata={
                "archived": False, "auto_archive_duration": 1440, "archive_timestamp": iso(0), "locked": False})
        return data


@dataclass
class Attachment:
    """A file as stored: its name and exact bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def is_png(self) -> bool:
        return self.data.startswith(b"\x89PNG\r\n\x1a\n")

    def json(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {"id": str(self.id), "filename": self.filename, "size": len(self.data), "url": url,
                                "proxy_url": url, "content_type": self.content_type}
        if self.description:
            data["description"] = self.description
        return data


@dataclass
class Mentions:
    """Who a message mentions (shown highlighted) and whom it notified when it was created."""

    users: list[int] = field(default_factory=list)
    roles: list[int] = field(default_factory=list)
    everyone: bool = False


def split_invisible(text: str) -> tuple[str, str]:
    """A message's words and the invisible format characters it ends with (zero-width marks: a bot's own ids,
    bot/discord_front/outbox_tag.py): Discord keeps and returns both, and a person reads only the first."""
    end = len(text)
    while end and unicodedata.category(text[end - 1]) == "Cf":
        end -= 1
    return text[:end], text[end:]


@dataclass
class Message:
    id: int
    channel_id: int
    author: User
    content: str = ""  # the words a person reads
    hidden: str = ""  # invisible characters after them, part of the content Discord returns
    flags: int = 0
    components: list[dict] = field(default_factory=list)
    embeds: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    type: int = 0
    nonce: str | int | None = None
    source: str = "channel"  # channel (POST /channels/../messages), response (interaction callback), followup
    interaction_id: int | None = None  # the interaction whose token made it
    interaction_user: int | None = None  # ephemeral messages are seen only by this user
    reference_id: int | None = None  # component responses reply to the message the button was on
    mentions: Mentions = field(default_factory=Mentions)
    pinged: frozenset[int] = frozenset()  # user ids notified at creation (edits never notify)
    edited_at: float | None = None
    deleted: bool = False
    revisions: list[str] = field(default_factory=list)  # earlier contents, oldest first
    created: float = 0.0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response nobody has completed yet ("T&E is thinking…")."""
        return bool(self.flags & LOADING)

    def visible_to(self, user_id: int | None) -> bool:
        """Whether this person sees it (None = anyone in the channel, i.e. public messages only)."""
        if self.deleted:
            return False
        return not self.ephemeral or (user_id is not None and user_id == self.interaction_user)

    def buttons(self) -> list[dict]:
        return [c for c in iter_components(self.components) if c.get("type") == 2]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def labels(self) -> list[str]:
        return [b.get("label") or "" for b in self.buttons()]

    def json(self, base_url: str, users: dict[int, User], guild_id: int | None, *,
             with_nonce: bool = False) -> dict[str, Any]:
        """The message as Discord sends it; the nonce only where Discord gives it (the create call's answer and
        MESSAGE_CREATE), never in history or a later fetch."""
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": self.author.json(),
            "content": self.content + self.hidden, "timestamp": iso(self.created),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None, "tts": False,
            "mention_everyone": self.mentions.everyone,
            "mentions": [users[u].json() for u in self.mentions.users if u in users],
            "mention_roles": [str(r) for r in self.mentions.roles],
            "attachments": [a.json(base_url, self.channel_id) for a in self.attachments],
            "embeds": self.embeds, "pinned": False, "type": self.type, "flags": self.flags,
            "components": self.components,
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        if with_nonce and self.nonce is not None:
            data["nonce"] = self.nonce
        if self.source != "channel":
            data["webhook_id"] = data["application_id"] = str(self.author.id)
        if self.interaction_id is not None and self.interaction_user is not None and self.type == 20:
            data["interaction_metadata"] = {"id": str(self.interaction_id), "type": 2,
                                            "user": users[self.interaction_user].json() if self.interaction_user
                                            in users else None, "authorizing_integration_owners": {}}
        if self.reference_id is not None:
            data["message_reference"] = {"type": 0, "message_id": str(self.reference_id),
                                         "channel_id": str(self.channel_id)}
        return data


def iter_components(components: list[dict]):
    """Every component, rows and their children alike."""
    for c in components or []:
        yield c
        yield from iter_components(c.get("components") or [])


@dataclass
class Interaction:
    """One interaction as Discord tracks it: who, where, when, and how (and whether) it was answered."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user_id: int
    channel_id: int
    guild_id: int | None
    data: dict
    created: float  # from the snowflake: the 3-second deadline and the 15-minute token count from here
    message_id: int | None = None  # components: the message the button is on
    response_type: int | None = None
    responded: float | None = None
    original_id: int | None = None  # the message the original response is (for components after 6/7: the source)
    followups: list[int] = field(default_factory=list)
    choices: list[dict] | None = None  # autocomplete answer
    modal: dict | None = None
    activity_instance_id: str | None = None  # LAUNCH_ACTIVITY (12): the Activity instance it opened
    deliveries: list[tuple[str, int]] = field(default_factory=list)  # (session id, seq) for each dispatch
    payload: dict = field(default_factory=dict)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None
