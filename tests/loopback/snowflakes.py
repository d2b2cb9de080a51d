"""Discord snowflakes: ids that carry their creation time, from the server's clock."""

from __future__ import annotations

import time
from collections.abc import Callable

DISCORD_EPOCH_MS = 1_420_070_400_000


def created_at(snowflake: int) -> float:
    """The Unix time (seconds) a snowflake was made at."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord routes a guild's events to."""
    return (guild_id >> 22) % shard_count


class Clock:
    """Wall time that a test may move forward (`advance`), e.g. to expire a 15-minute interaction token."""

    def __init__(self, source: Callable[[], float] = time.time) -> None:
        self._source = source
        self.offset = 0.0

    def __call__(self) -> float:
        return self._source() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


class Snowflakes:
    """Unique, increasing ids stamped with the clock's time (or a given time, for events created earlier)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._last = 0

    def next(self, at: float | None = None) -> int:
        ms = int((self._clock() if at is None else at) * 1000) - DISCORD_EPOCH_MS
        candidate = (ms << 22) | (1 << 17) | (1 << 12)
        if at is None:
            # Ids made "now" strictly increase, even within one millisecond.
            candidate = max(candidate, self._last + 1)
            self._last = candidate
            return candidate
        return candidate | (self._bump() & 0xFFF)

    def _bump(self) -> int:
        self._last += 1
        return self._last

    def with_shard(self, shard: int, shard_count: int) -> int:
        """A fresh id whose guild routing lands on `shard` of `shard_count` (for guild ids)."""
        ms = int(self._clock() * 1000) - DISCORD_EPOCH_MS
        ms -= (ms - shard) % shard_count
        candidate = (ms << 22) | (1 << 17) | (1 << 12)
        while candidate <= self._last or shard_of(candidate, shard_count) != shard:
            ms += shard_count
            candidate = (ms << 22) | (1 << 17) | (1 << 12)
        self._last = candidate
        return candidate
