"""The outbox's pictures (bot/discord_front/outbox.py): each follows its text as an edit, in its own task, so a
slow or failed picture never holds back a text; retried with the outbox's backoff, given up after its tries."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable

from bot.discord_front.outbox_blocks import Blocks
from bot.discord_front.outbox_contract import Blocked, Courier, Refused, Retry
from bot.discord_front.outbox_timing import Timing
from bot.storage.outbox import PICTURE_DONE, PICTURE_FAILED, Announcement, OutboxStore

log = logging.getLogger(__name__)


class Pictures:
    """The pictures being attached; `settled(channel_id)` tells the channel's worker when one is done, either way."""

    def __init__(self, store: OutboxStore, courier: Courier, blocks: Blocks, *, clock: Callable[[], float],
                 timing: Callable[[], Timing], settled: Callable[[int], None]) -> None:
        self.store = store
        self.courier = courier
        self.blocks = blocks
        self.clock = clock
        self.timing = timing  # read at each use: the outbox's timing may be replaced (tests)
        self.settled = settled
        self.tasks: dict[int, asyncio.Task[None]] = {}  # announcement id -> its picture being attached

    def start(self, channel_id: int, a: Announcement) -> asyncio.Task[None]:
        task = asyncio.create_task(self._picture(channel_id, a), name=f"tne-outbox-picture-{a.id}")
        self.tasks[a.id] = task
        task.add_done_callback(functools.partial(self._done, a.id))
        return task

    def _done(self, announcement_id: int, _task: asyncio.Task[None]) -> None:
        self.tasks.pop(announcement_id, None)

    async def _picture(self, channel_id: int, a: Announcement) -> None:
        began = self.clock()
        try:
            in_channel = await self.courier.attach_picture(a)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            tries = a.tries + 1
            # A channel closed to the bot keeps its pictures owed, as its texts, while it may yet reopen.
            held = (isinstance(exc, Blocked) and a.sent_at is not None
                    and self.clock() - a.sent_at < self.timing().close_after)
            if isinstance(exc, Blocked):
                self.blocks.picture_held(channel_id, a.guild_id, exc.missing)
            if not held and (isinstance(exc, Refused) or tries >= self.timing().picture_tries):
                log.warning("Gave up the picture of announcement %s in channel %s: %s", a.id, channel_id,
                            exc if isinstance(exc, Retry | Refused) else repr(exc), exc_info=not isinstance(
                                exc, Retry | Refused))
                await self._settle_picture(a, PICTURE_FAILED)
            else:
                after = exc.after if isinstance(exc, Retry) and exc.after is not None else None
                if isinstance(exc, Blocked) and self.blocks.reopened_since(channel_id, a.guild_id, began):
                    after = 0.0  # refused for a permission given back while the try was on its way: again now
                wait = after if after is not None else self.timing().backoff.delay(tries)
                log.info("Picture of announcement %s not attached (%s); again in %.1f s", a.id,
                         exc if isinstance(exc, Retry) else repr(exc), wait)
                with contextlib.suppress(Exception):
                    await self.store.later(a.id, self.clock() + wait, str(exc) or type(exc).__name__)
        else:
            await self._settle_picture(a, PICTURE_DONE)
            if in_channel is not False:
                # Only a picture attached in the channel itself shows the bot may attach there again: an edit
                # through the interaction's reply may pass while the channel still refuses its own.
                self.blocks.picture_attached(channel_id)
        finally:
            self.settled(channel_id)

    async def _settle_picture(self, a: Announcement, state: str) -> None:
        try:
            await self.store.picture_settled(a.id, state)
        except Exception:
            log.warning("Could not record the picture of announcement %s; it may be attached again", a.id,
                        exc_info=True)
