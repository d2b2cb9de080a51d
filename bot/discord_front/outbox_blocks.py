"""The channels closed to the bot, as this process's outbox (bot/discord_front/outbox.py) last tried them: what the
bot lacks there and since when. Held `close_after` seconds, a channel's game is paused (`on_closed`), and it goes on
once a post gets through (`on_open`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.discord_front.outbox_contract import Blocked
from bot.storage.outbox import Announcement

log = logging.getLogger(__name__)

# How long a permission change is remembered: longer than any one try is on its way (Discord's calls time out well
# before), so that a refusal crossing it is recognised; forgotten after, since permission events come all day long.
REOPEN_MEMORY = 600.0


@dataclass
class Block:
    """A channel whose posts are held: since when, what the bot lacks there, and whether its game was paused."""

    guild_id: int | None
    since: float
    missing: tuple[str, ...]
    closed: bool = False
    texts: bool = False  # a text is held (not only a picture): only a text getting through ends it


class Blocks:
    """The held channels, each with its `Block`."""

    def __init__(self, clock: Callable[[], float], *,
                 on_closed: Callable[[int], Awaitable[object]] | None = None,
                 on_open: Callable[[int], Awaitable[object]] | None = None) -> None:
        self.clock = clock
        self.on_closed = on_closed  # a channel held close_after seconds: its game's clock stops
        self.on_open = on_open  # a post got through after being held: a stopped clock runs again
        self._blocked: dict[int, Block] = {}  # channels whose posts are held, as this process last tried them
        # When Discord last said the bot's permissions changed, by server (None: anywhere) and by channel.
        self._reopened: dict[tuple[str, int | None], float] = {}

    def get(self, channel_id: int | None) -> Block | None:
        """Whether the channel's posts are held (and why)."""
        return self._blocked.get(channel_id) if channel_id is not None else None

    def __contains__(self, channel_id: int) -> bool:
        return channel_id in self._blocked

    def within(self, guild_id: int | None, channel_id: int | None) -> list[int]:
        """The held channels in that server (None: any), or that channel (None: every one)."""
        return [c for c, b in list(self._blocked.items())
                if (guild_id is None or b.guild_id == guild_id) and (channel_id is None or c == channel_id)]

    async def held(self, a: Announcement, exc: Blocked, now: float, close_after: float) -> None:
        """Note the channel as closed to the bot; held long enough, its game pauses (once)."""
        block = self._blocked.get(a.channel_id)
        if block is None:
            # Counted from the first held try this process saw (after a restart, from its first try).
            block = self._blocked[a.channel_id] = Block(a.guild_id, now, exc.missing)
        block.missing, block.texts = exc.missing, True
        if not block.closed and now - block.since >= close_after and self.on_closed is not None:
            block.closed = True
            try:
                await self.on_closed(a.channel_id)
            except Exception:
                block.closed = False
                log.warning("Could not pause the game of closed channel %s", a.channel_id, exc_info=True)

    async def opened(self, channel_id: int) -> None:
        """A post got through in a channel that was held (or retried, after a restart): its game goes on. A channel
        held only for its pictures stays held: a text getting through says nothing of them (`picture_attached`)."""
        held = self._blocked.get(channel_id)
        if held is not None and not held.texts:
            return
        block = self._blocked.pop(channel_id, None)
        if block is not None:
            log.info("Channel %s takes the bot's posts again (held %.0f s)", channel_id, self.clock() - block.since)
        if self.on_open is not None:
            try:
                await self.on_open(channel_id)
            except Exception:
                log.warning("Could not resume the game of reopened channel %s", channel_id, exc_info=True)

    def reopening(self, guild_id: int | None, channel_id: int | None) -> None:
        """Discord says the bot's permissions changed in that server or channel (None: anywhere), now."""
        now = self.clock()
        for key, at in list(self._reopened.items()):
            if now - at > REOPEN_MEMORY:
                del self._reopened[key]
        if channel_id is not None:
            self._reopened["channel", channel_id] = now
        else:
            self._reopened["guild", guild_id] = now

    def reopened_since(self, channel_id: int, guild_id: int | None, began: float) -> bool:
        """Whether the permissions changed there after `began`: a refusal of a try begun before then says nothing
        of now, so the try is made again at once rather than after its backoff."""
        times = (self._reopened.get(("channel", channel_id)), self._reopened.get(("guild", guild_id)),
                 self._reopened.get(("guild", None)))
        return any(t is not None and t >= began for t in times)

    def refused(self, channel_id: int) -> None:
        """Discord refuses the channel's announcement for good: the channel is no longer held."""
        self._blocked.pop(channel_id, None)

    def picture_held(self, channel_id: int, guild_id: int | None, missing: tuple[str, ...]) -> None:
        """A picture may not be attached there now: the channel is held (since now, unless it already was)."""
        self._blocked.setdefault(channel_id, Block(guild_id, self.clock(), missing)).missing = missing

    def picture_attached(self, channel_id: int) -> None:
        """A picture got through: a channel held for pictures only is no longer held."""
        block = self._blocked.get(channel_id)
        if block is not None and not block.texts:
            del self._blocked[channel_id]  # the bot may attach pictures there again
