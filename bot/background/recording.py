"""Games that have just ended are recorded at once, in the background (bot/records/finisher.py records them)."""

from __future__ import annotations

import asyncio
import logging
import time

from bot.discord_front.records import texts as records_texts
from bot.language import text as T
from bot.language.locales import ENGLISH, Texts
from bot.records.finisher import Finisher
from bot.service.events import Event
from bot.storage.outbox import NewAnnouncement
from bot.storage.records import GameRecord

log = logging.getLogger(__name__)


def rating_changes(record: GameRecord, *, t: Texts = ENGLISH) -> NewAnnouncement:
    """The announcement of a game's rating changes, stored with its record, in the server's language; the outbox
    posts it after the final standings (an earlier announcement of the same channel)."""
    post = records_texts.rating_changes(record, t=t)
    return NewAnnouncement(channel_id=record.channel_id, kind="ratings", content=T.fit(post.text),
                           guild_id=record.guild_id, game_id=record.game_id, pings=list(post.pings),
                           created_at=time.time())


class Recorder:
    """Hands each game that has just ended to the finisher without holding up the answer that ended it; a game it
    could not record now is recorded by the finisher's sweep."""

    def __init__(self, finisher: Finisher) -> None:
        self.finisher = finisher
        self._recording: set[asyncio.Task[None]] = set()

    def follow(self, event: Event) -> None:
        """A change that ended a game with a result (a move, a resignation, an abandoning that counts as one), from
        whichever front end: record it (statistics, ratings; the rating changes go to the outbox)."""
        if event.finished:
            self.record(event.game_id)

    def record(self, game_id: int) -> None:
        task = asyncio.create_task(self._record(game_id), name=f"tne-record-{game_id}")
        self._recording.add(task)
        task.add_done_callback(self._recording.discard)

    async def _record(self, game_id: int) -> None:
        try:
            await self.finisher.ended(game_id)
        except Exception:
            log.exception("Could not record game %s now; the sweep records it later", game_id)

    async def idle(self) -> None:
        """Until no finished game is being recorded."""
        while self._recording:
            await asyncio.gather(*self._recording, return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._recording):
            task.cancel()
        await asyncio.gather(*self._recording, return_exceptions=True)
