"""What a Discord member may see of a channel, from the bot's guild cache (channels, overwrites, roles).

Discord's own permissions for that member in that channel decide; a public thread follows its channel; a private
thread shows everything to those with Manage Threads and, since the bot cannot list its members without a
privileged intent, the games they are seated in to the others who can view its channel. A channel the bot cannot
find is not shown.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.service.visibility import ChannelSight, Sight, Viewer

log = logging.getLogger(__name__)

MEMBER_LIFE = 45.0  # seconds a member fetched for the web is believed: role changes show within this
MEMBERS_KEPT = 5_000  # members remembered at most (the least recently asked go first)
WEB_CALLS = 5.0  # Discord REST calls a second the web may spend on members: a tenth of the bot's global 50/s
WEB_WAIT = 3.0  # seconds a web read waits for Discord before answering with what it knows


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


Key = tuple[int, int]  # (guild id, user id)
MemberFetch = Callable[[int, int], Awaitable[discord.Member | None]]


@dataclass
class WebMembers:
    """The members web readers are, fetched from Discord (the bot has no members intent) at most once per
    MEMBER_LIFE per (guild, user), one call however many ask at once, and never more than WEB_CALLS calls a second:
    beyond that a reader is answered from what is known, else as someone who sees only the games they sit in. So
    web reads cannot spend the global rate limit the bot's own posts need."""

    fetch: MemberFetch  # Discord's GET guild member (discord.Guild.fetch_member)
    life: float = MEMBER_LIFE
    kept: int = MEMBERS_KEPT
    rate: float = WEB_CALLS
    wait: float = WEB_WAIT
    now: Callable[[], float] = time.monotonic
    _known: OrderedDict[Key, tuple[float, discord.Member | None]] = field(default_factory=OrderedDict)
    _asking: dict[Key, asyncio.Task[discord.Member | None]] = field(default_factory=dict)
    _tokens: float = -1.0  # the call budget's bucket (negative: full, set on first use)
    _filled: float = 0.0
    calls: int = 0  # Discord calls made (for the operator's logs and for tests)

    async def member(self, guild_id: int, user_id: int) -> discord.Member | None:
        """The member, or None when they are not one (or Discord cannot say now and nothing is known)."""
        key = (guild_id, user_id)
        now = self.now()
        known = self._known.get(key)
        if known is not None and now - known[0] < self.life:
            self._known.move_to_end(key)
            return known[1]
        task = self._asking.get(key)
        if task is None:
            if not self._spend(now):
                return known[1] if known is not None else None
            task = asyncio.create_task(self._ask(key), name=f"web-member-{guild_id}-{user_id}")
            self._asking[key] = task
        try:
            # Shielded: a reader that stops waiting leaves the call to finish and fill the cache for the next.
            return await asyncio.wait_for(asyncio.shield(task), self.wait)
        except TimeoutError:
            return known[1] if known is not None else None

    def _spend(self, now: float) -> bool:
        if self._tokens < 0:
            self._tokens, self._filled = self.rate, now
        self._tokens = min(self.rate, self._tokens + (now - self._filled) * self.rate)
        self._filled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    async def _ask(self, key: Key) -> discord.Member | None:
        try:
            self.calls += 1
            try:
                member: discord.Member | None = await self.fetch(*key)
            except (discord.NotFound, discord.Forbidden):
                member = None  # not a member there: known as such for a while too
            except Exception as exc:  # Discord failing, unreachable, timing out: it cannot say now
                log.info("Discord could not say who member %s of server %s is: %s", key[1], key[0],
                         getattr(exc, "status", None) or type(exc).__name__)
                known = self._known.get(key)
                return known[1] if known is not None else None  # not kept: asked again next time
            self._known[key] = (self.now(), member)
            self._known.move_to_end(key)
            while len(self._known) > self.kept:
                self._known.popitem(last=False)
            return member
        finally:
            del self._asking[key]


def web_sight(client: discord.Client, members: WebMembers) -> Callable[[int | None, int], Awaitable[ChannelSight]]:
    """What a person on the web may see of a server's channels: Discord's permissions for them, from the bot's
    guild cache and the member as `members` knows it."""
    async def sight(guild_id: int | None, user_id: int) -> ChannelSight:
        guild = client.get_guild(guild_id) if guild_id is not None else None
        if guild is None:
            return lambda channel_id: Sight.NONE
        member = guild.get_member(user_id) or await members.member(guild.id, user_id)
        if member is None:
            return lambda channel_id: Sight.NONE  # not a member there (or Discord cannot say): nothing shown
        return lambda channel_id: channel_sight(guild, member, channel_id)
    return sight


def guild_member_fetch(client: discord.Client) -> MemberFetch:
    """Discord's GET guild member for a server in the bot's cache."""
    async def fetch(guild_id: int, user_id: int) -> discord.Member | None:
        guild = client.get_guild(guild_id)
        return await guild.fetch_member(user_id) if guild is not None else None
    return fetch
