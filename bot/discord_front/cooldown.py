"""A per-channel cooldown that keeps only what is still cooling down."""

from __future__ import annotations

import time
from collections.abc import Callable


class Cooldown:
    """When each channel last did something (posted a public board): a repeat within `seconds` is "recent".

    Only channels within their cooldown are kept, so the map stays as small as the recent activity."""

    def __init__(self, seconds: float = 30.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.clock = clock
        self._last: dict[int, float] = {}

    def _prune(self, now: float) -> None:
        for key in [k for k, t in self._last.items() if now - t >= self.seconds]:
            del self._last[key]

    def recent(self, channel_id: int | None) -> bool:
        self._prune(self.clock())
        return channel_id in self._last

    def mark(self, channel_id: int | None) -> None:
        if channel_id is not None:
            self._last[channel_id] = self.clock()

    def __len__(self) -> int:
        return len(self._last)
