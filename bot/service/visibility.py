"""Who may see which channel's game: the one rule that every command naming or showing a game asks.

A front end says what the asking person may see of a channel (on Discord, their permissions there); this module
turns that into the games they may see. The bot does not know a private thread's members (it has no member
intent), so a game in a private thread is shown only to those seated in it and to whoever sees the whole thread
(on Discord, Manage Threads).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum

from bot.language.locales import N_

# What every command that names a game by its number says of one the asker may not see, as of one that does not
# exist: the same words, so that nobody learns of a hidden channel's game by trying numbers.
NO_SUCH_GAME = N_("There is no game #{n} in this server.")


class Sight(Enum):
    """What a person may see of one channel's games."""

    NONE = "none"  # cannot view the channel, or it is unknown (deleted, not cached)
    SEATED = "seated"  # a private thread: only the games they are seated in
    ALL = "all"


ChannelSight = Callable[[int], Sight]  # channel id -> what the asking person may see of it


@dataclass(frozen=True)
class Seen:
    """The channels whose games a person may see, as a query filter: all games of `open`, and the games of
    `seated` in which `user_id` has a seat."""

    open: frozenset[int]
    seated: frozenset[int]
    user_id: int


@dataclass(frozen=True)
class Viewer:
    """The person asking, where they ask, and what the front end says they may see."""

    user_id: int
    channel_id: int | None
    sight: ChannelSight

    def sees(self, channel_id: int, seated: Iterable[int | None]) -> bool:
        """May this person see the game of `channel_id` whose players are `seated` (their user ids)?"""
        if channel_id == self.channel_id:
            return True  # they are looking at it
        sight = self.sight(channel_id)
        return sight is Sight.ALL or (sight is Sight.SEATED and self.user_id in set(seated))

    def elsewhere(self, channel_id: int) -> bool:
        """A game of another channel: answers about it are private."""
        return channel_id != self.channel_id

    def seen(self, channel_ids: Iterable[int]) -> Seen:
        """Which of these channels' games this person may see, as a query filter."""
        open_, seated = set(), set()
        for channel_id in set(channel_ids):
            sight = Sight.ALL if channel_id == self.channel_id else self.sight(channel_id)
            if sight is Sight.ALL:
                open_.add(channel_id)
            elif sight is Sight.SEATED:
                seated.add(channel_id)
        return Seen(frozenset(open_), frozenset(seated), self.user_id)

