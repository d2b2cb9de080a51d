"""Who watches which game, and telling them when it changed.

Each watched game has one `Signal`: a revision and an event that every open stream of the game awaits. A change
sets the event once (waking all streams) and puts a fresh one in its place, so a thousand idle pages cost a
thousand waiting coroutines and nothing per change but the wake-ups. Changes made in this process are told at once
(`follow`, subscribed to the service's events by bot/app.py); those of other processes are found by reading each
watched game's stored revision every `poll_every` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.background.periodic import Periodic
from bot.service.events import Event

log = logging.getLogger(__name__)

POLL_EVERY = 2.0

ReadRev = Callable[[int], Awaitable[int | None]]  # a game's stored revision (None: no such game)


@dataclass
class Signal:
    """One watched game: its last known revision, its channel, the event its streams await, and each open stream's
    check that its page is still there."""

    revision: int
    channel_id: int
    streams: dict[int, Callable[[], bool]] = field(default_factory=dict)  # stream -> its page is still there
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def watchers(self) -> int:
        return len(self.streams)

    def publish(self, revision: int) -> None:
        if revision == self.revision:
            return
        self.revision = revision
        self.wake()

    def wake(self) -> None:
        event, self.changed = self.changed, asyncio.Event()
        event.set()


class Hub:
    """The open streams per game and the poller that keeps them current."""

    def __init__(self, read_rev: ReadRev, *, poll_every: float = POLL_EVERY) -> None:
        self.read_rev = read_rev
        self.poll_every = poll_every
        self.games: dict[int, Signal] = {}
        self._poller = Periodic("tne-web-poll", self.poll_once, lambda: self.poll_every)
        self._streams = 0  # streams opened so far: each one's number
        self.stopping = False  # set by `stop`: open streams end, so the server's shutdown does not wait on them

    def watch(self, game_id: int, channel_id: int, revision: int, alive: Callable[[], bool]) -> tuple[Signal, int]:
        """A stream opens on a game: its signal (made at `revision` for the first watcher) and the stream's number.
        `alive` says whether its page is still there: the poller wakes the game's streams when one has gone, so
        the gone one ends and gives its place back (an idle stream otherwise notices only at its next write)."""
        signal = self.games.get(game_id)
        if signal is None:
            signal = self.games[game_id] = Signal(revision, channel_id)
        self._streams += 1
        signal.streams[self._streams] = alive
        return signal, self._streams

    def unwatch(self, game_id: int, stream: int) -> None:
        signal = self.games.get(game_id)
        if signal is None:
            return
        signal.streams.pop(stream, None)
        if not signal.streams:
            del self.games[game_id]

    def follow(self, event: Event) -> None:
        """A change made in this process, by any front end: the game's streams are told its revision now."""
        self.changed(event.game_id, event.rev)

    def changed(self, game_id: int, revision: int) -> None:
        signal = self.games.get(game_id)
        if signal is not None:
            signal.publish(revision)

    async def check(self, game_id: int) -> None:
        signal = self.games.get(game_id)
        if signal is None:
            return
        try:
            revision = await self.read_rev(game_id)
        except Exception:
            log.warning("Could not read the revision of game %s for its web pages", game_id, exc_info=True)
            return
        if revision is not None:
            signal.publish(revision)

    async def poll_once(self) -> None:
        for game_id in list(self.games):
            await self.check(game_id)
        for signal in list(self.games.values()):
            if not all(alive() for alive in list(signal.streams.values())):
                signal.wake()

    async def start(self) -> None:
        self.stopping = False
        self._poller.start()

    async def stop(self) -> None:
        self.stopping = True
        for signal in self.games.values():
            signal.wake()
        await self._poller.stop()
