"""How much analysis (hints and reviews) one person may ask of the bot: one at a time, and at most so many in a while.

The analysis lane (bot/background/workers.py) keeps hints and reviews away from the computer players; this keeps one
person
from filling that lane for everyone else, in any number of servers: the limits are the person's, not a server's.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable, Iterator

from bot.language.locales import N_
from bot.service.table import GameError

AT_ONCE = 1  # hints and reviews one person may have being worked out at the same time
PER_WINDOW = 20  # hints and reviews one person may ask within WINDOW seconds
WINDOW = 600.0

BUSY = N_("Your last hint or review is still being worked out; ask again once it is answered.")
TOO_MANY = N_("You asked for {count} hints and reviews in the last {minutes} minutes, the most one person may. "
              "Ask again in {seconds} seconds.")


class Allowance:
    """Per person: at most `at_once` asks being answered, and `per_window` asks within `window` seconds."""

    def __init__(self, *, at_once: int = AT_ONCE, per_window: int = PER_WINDOW, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.at_once = at_once
        self.per_window = per_window
        self.window = window
        self.clock = clock
        self._running: dict[int, int] = {}
        self._asked: dict[int, deque[float]] = {}

    def busy(self, person: int) -> int:
        """How many of this person's asks are being answered now."""
        return self._running.get(person, 0)

    @contextlib.contextmanager
    def turn(self, person: int) -> Iterator[None]:
        """Hold one of this person's asks while the block runs; a GameError at once (and nothing counted) when they
        already have `at_once` being answered or asked `per_window` within the window."""
        now = self.clock()
        asked = self._asked.get(person, deque())
        while asked and asked[0] <= now - self.window:
            asked.popleft()
        if self.busy(person) >= self.at_once:
            raise GameError(BUSY)
        if len(asked) >= self.per_window:
            wait = max(1, int(asked[0] + self.window - now + 0.999))
            raise GameError(TOO_MANY, count=len(asked), minutes=round(self.window / 60), seconds=wait)
        asked.append(now)
        self._asked[person] = asked
        self._running[person] = self.busy(person) + 1
        try:
            yield
        finally:
            self._running[person] -= 1
            if not self._running[person]:
                del self._running[person]
            self._forget_old(now)

    def _forget_old(self, now: float) -> None:
        """Drop people whose asks all left the window, so the maps hold only recent askers."""
        for person in [p for p, asked in self._asked.items() if not asked or asked[-1] <= now - self.window]:
            if person not in self._running:
                del self._asked[person]
