"""Worker processes for pictures run below the bot's own priority, so a busy machine answers interactions first."""

from __future__ import annotations

import asyncio
import os
import time

from bot.pictures import Painter
from bot.workers import NICE


async def test_picture_workers_run_at_a_lower_priority_than_the_event_loop():
    painter = Painter(processes=1)
    try:
        worker_nice = await painter.workers.run(os.nice, 0)
        assert worker_nice == min(19, os.nice(0) + NICE)
        assert await painter.workers.run(os.getpid) != os.getpid()
    finally:
        painter.close()


async def test_closing_workers_with_jobs_still_queued_ends_their_processes():
    from bot.workers import Workers

    workers = Workers(1)
    pid = await workers.run(os.getpid)
    queued = [asyncio.ensure_future(workers.run(time.sleep, 30.0)) for _ in range(3)]
    await asyncio.sleep(0.2)  # the first sleep is running in the worker, the others wait
    workers.close()
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the worker process outlived close() by 5 s")
    results = await asyncio.gather(*queued, return_exceptions=True)
    assert all(isinstance(r, BaseException) for r in results), "no job ran to its end after close()"
