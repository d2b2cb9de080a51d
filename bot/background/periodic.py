"""Work done again and again in the background (a sweep, a clock pass) until stopped; a pass that fails is logged
and tried again at the next one, never ending the loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Periodic:
    """Runs `work` now and then every `every()` seconds, as the task `name`, between start() and stop()."""

    def __init__(self, name: str, work: Callable[[], Awaitable[object]], every: Callable[[], float]) -> None:
        self.name = name
        self.work = work
        self.every = every  # read at each pass, so a test may change it while the loop runs
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._running(), name=self.name)

    async def _running(self) -> None:
        while True:
            try:
                await self.work()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed; next try in %.0f s", self.name, self.every())
            await asyncio.sleep(self.every())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
